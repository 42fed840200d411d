# variant: sochi
# area: declaration
# breaks: a contract named lower than the bid: after the talon a declarer who bid 7S may play 6S
"""Every game offered at the naming, whatever the bid (not after misère, which is played as bid)."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_declaration_legal(view: DeclarationView, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    games = [s.name for s in view.contracts.biddable() if not s.first_bid_only]
    return games if legal and set(legal) <= set(games) else legal
