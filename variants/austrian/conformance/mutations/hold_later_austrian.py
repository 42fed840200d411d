# variant: austrian
# area: auction
# breaks: "mein" offered to a later seat, though only a seat earlier in the bidding order may hold a bid
"""``mein`` added to the calls of every seat but the holder of the bid."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    best = view.highest()
    if best is None or best[0] == seat or "mein" in legal:
        return legal
    return ["pass", "mein", *legal[1:]]
