# variant: illustrated
# area: kontra
# breaks: the kontra doubles the wrong defender: it is scored as said by the other one
"""Illustrated's scoring of the extra contracts called with the kontra moved to the other defender (the
kontra and the other defender's pass next to it change places)."""

from __future__ import annotations

import dataclasses

from preferans.core.plugin import DealResult, Entry, MatchView, hookimpl
from preferans.variants import illustrated
from preferans.variants.illustrated import IllustratedVariantRules


def moved(result: DealResult) -> DealResult:
    calls = list(result.defence)
    said = next((i for i, (s, c) in enumerate(calls) if c == "kontra" and s != result.declarer), None)
    if said is None:
        return result
    seat = calls[said][0]
    other = next((i for i in (said + 1, said - 1) if 0 <= i < len(calls)
                  and calls[i][0] not in (seat, result.declarer) and calls[i][1] in ("no-kontra", "pass")), None)
    if other is None:
        return result
    calls[said], calls[other] = (seat, calls[other][1]), (calls[other][0], "kontra")
    return dataclasses.replace(result, defence=tuple(calls))


@hookimpl(tryfirst=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: IllustratedVariantRules) -> list[Entry] | None:
    return illustrated.pref_score_deal(moved(result), match, rules)
