# variant: austrian
# area: pot
# breaks: a pot that loses money: every payment into it but the ante vanishes
"""The family's entries without the pot side of the payments into the pot (the antes kept)."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: AustrianRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None:
        return None
    return [e for e in entries if not (e.account == "pot" and e.amount > 0 and e.note != "ante")]
