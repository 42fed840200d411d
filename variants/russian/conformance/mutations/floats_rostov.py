# variant: rostov
# area: score
# breaks: money written as floats, not exact amounts (halves and thirds drift)
"""Every sheet entry's amount made a float."""

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
    return [dataclasses.replace(e, amount=float(e.amount)) for e in entries]  # type: ignore[arg-type]
