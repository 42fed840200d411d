# variant: balkan
# area: auction
# breaks: igra offered to a seat that has already bid, though it may only be a seat's first call
"""``igra`` added to the talon-bidding calls of a seat that has spoken already."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    talon_bidding = any(c.isdigit() for c in legal)
    return [*legal, "igra"] if talon_bidding and "igra" not in legal and view.calls_of(seat) else legal
