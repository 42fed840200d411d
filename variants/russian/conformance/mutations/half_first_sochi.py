# variant: sochi
# area: defence
# breaks: half-whist allowed to the first defender, though only the second may half-whist, after the first passed
"""``half`` offered to the first defender of a six or a seven."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    if not view.calls and legal == ["pass", "whist"] and view.contract.level in rules.whist.half_whist_levels:
        return [*legal, "half"]
    return legal
