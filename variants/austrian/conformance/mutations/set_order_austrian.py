# variant: austrian
# area: determinism
# breaks: the auction calls listed in the order of a set of strings: with another hash seed the same game goes otherwise
"""The legal calls passed through a ``set``, whose order of strings depends on ``PYTHONHASHSEED``."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from preferans.core.plugin import AuctionView, hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: Any) -> Generator[None, list[str], list[str]]:
    legal = yield
    return list(set(legal))
