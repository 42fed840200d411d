# variant: leningrad
# area: auction
# breaks: a pass is not final: a player who passed is asked again when the turn comes round, and may bid
"""The auction goes round every bidder until all the others pass after the highest bid (a replacement of
the core's auction, where a pass is final)."""

from __future__ import annotations

from preferans.core.plugin import AllPassed, AuctionStep, AuctionView, Next, Won, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(tryfirst=True)
def pref_auction_step(view: AuctionView, rules: RussianRules) -> AuctionStep:
    order, calls = view.bidders, view.calls
    if not calls:
        return Next(order[0])
    best = view.highest()
    if best is None:
        return AllPassed() if len(calls) >= len(order) else Next(order[len(calls)])
    seat, spec = best
    since = len(calls) - 1 - max(i for i, (s, c) in enumerate(calls) if (s, c) == (seat, spec.name))
    if since >= len(order) - 1:
        return Won(seat, spec.name)
    return Next(order[(order.index(calls[-1][0]) + 1) % len(order)])
