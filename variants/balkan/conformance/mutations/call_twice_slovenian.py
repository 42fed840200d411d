# variant: slovenian
# area: auction
# breaks: a call offered twice in the auction
"""The first legal call repeated at the end of the list."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return [*legal, legal[0]]
