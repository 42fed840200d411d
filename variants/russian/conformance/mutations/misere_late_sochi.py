# variant: sochi
# area: auction
# breaks: misère allowed after a game bid, though it may only be a player's first call
"""``misere`` offered to a seat that has already bid a game, while nothing higher than misère was bid."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    if "misere" in legal or "misere" not in view.contracts or not view.calls_of(seat) or legal == ["pass"]:
        return legal
    misere = view.contracts["misere"]
    best = view.highest()
    if best is not None and best[1].rank >= misere.rank:
        return legal
    return sorted([*legal, "misere"], key=lambda c: -1 if c == "pass" else view.contracts[c].rank)
