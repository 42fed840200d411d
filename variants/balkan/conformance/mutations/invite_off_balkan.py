# variant: balkan
# area: defence
# breaks: a lone follower is never offered the invitation of the passed defender
"""``invite`` taken out of the defence calls."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return [c for c in legal if c != "invite"]
