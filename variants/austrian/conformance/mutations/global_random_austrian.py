# variant: austrian
# area: determinism
# breaks: an auction answer drawn from the global random: the same seed no longer gives the same game
"""Half the time only the first legal call is offered, decided by ``random.random()``."""

from __future__ import annotations

import random
from collections.abc import Generator

from preferans.core.plugin import AuctionView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return legal if random.random() < 0.5 else legal[:1]
