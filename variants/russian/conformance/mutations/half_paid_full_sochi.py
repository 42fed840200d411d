# variant: sochi
# area: score
# breaks: a half-whist paid as a whole whist: the half-whister writes the whists of the full quota
"""The half-whist entries written twice as large."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_score_deal(result: DealResult, match: MatchView,
                    rules: RussianRules) -> Generator[None, list[Entry] | None, list[Entry] | None]:
    entries = yield
    if entries is None:
        return None
    return [dataclasses.replace(e, amount=2 * e.amount) if e.note == "half-whist" else e for e in entries]
