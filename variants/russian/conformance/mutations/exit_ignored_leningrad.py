# variant: leningrad(raspasovka.exit_levels=[7])
# area: auction
# breaks: the exit from a raspasovka ignored: a table whose exit is a seven lets a six be bid after a raspasovka
"""The games the family's exit filter takes out put back into the calls."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.russian import series
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    if not series.exit_minimum(view.match, rules) or legal == ["pass"]:
        return legal
    best = view.highest()
    mine = bool(view.calls_of(seat))
    above = view.contracts.biddable_above(best[1].rank if best else None)
    return ["pass", *(s.name for s in above if not (mine and s.first_bid_only))]
