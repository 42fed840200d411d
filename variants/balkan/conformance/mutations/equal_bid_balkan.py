# variant: balkan
# area: auction
# breaks: the ladder allows an equal bid: a later seat may bid the number held (only an earlier seat may hold it)
"""The number held offered to every other seat, not only to the seats that speak before its holder."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    best = view.highest()
    if best is None or best[0] == seat or not best[1].name.isdigit() or not any(c.isdigit() for c in legal):
        return legal
    return legal if best[1].name in legal else ["pass", best[1].name, *legal[1:]]
