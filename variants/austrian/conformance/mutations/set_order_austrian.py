# variant: austrian
# area: determinism
# breaks: the auction calls listed in the order of a set of strings: with another hash seed the same game goes otherwise
"""The legal calls passed through a ``set``, whose order of strings depends on ``PYTHONHASHSEED``."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return list(set(legal))
