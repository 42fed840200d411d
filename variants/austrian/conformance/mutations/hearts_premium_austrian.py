# variant: austrian
# area: pot
# breaks: the hearts premium paid for hearts with the talon, where only hearts without it (Préférence) earns it
"""A premium of ``premiums.amount`` from (or, failed, to) each opponent added to hearts with the talon."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.austrian import scoring
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: AustrianRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    spec, d = result.contract, result.declarer
    if entries is None or spec is None or d is None or spec.name != "hearts":
        return entries
    made = not result.played or result.tricks[d] >= rules.game.target
    amount = rules.premiums.amount
    extra: list[Entry] = []
    for s in scoring.opponents(result):
        extra += scoring.pay(s, d, amount, "premium: hearts") if made else scoring.pay(d, s, amount, "premium")
    return [*entries, *extra]
