# variant: austrian
# area: defence
# breaks: the first defender may invite the second, though only the second may invite, after the first passed
"""``invite`` offered to the first defender too."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return [*legal, "invite"] if not view.calls and legal == ["play", "pass"] else legal
