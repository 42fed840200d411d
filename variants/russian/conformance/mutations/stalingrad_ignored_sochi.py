# variant: sochi(whist.stalingrad=true)
# area: defence
# breaks: Stalingrad ignored: a table that plays it lets a defender pass six spades, which must be whisted
"""``pass`` put back among the calls when the family allows only ``whist``."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return ["pass", "whist"] if legal == ["whist"] else legal
