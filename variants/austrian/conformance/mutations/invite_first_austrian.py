# variant: austrian
# area: defence
# breaks: the first defender may invite the second, though only the second may invite, after the first passed
"""``invite`` offered to the first defender too."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from preferans.core.plugin import DefenceView, hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: Any) -> Generator[None, list[str], list[str]]:
    legal = yield
    return [*legal, "invite"] if not view.calls and legal == ["play", "pass"] else legal
