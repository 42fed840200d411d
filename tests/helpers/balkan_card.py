"""Balkan scorecards scored by hand-written deals (tests/variants/balkan/test_balkan_scoring.py and
test_balkan_kontra_chains.py): players A, B, C clockwise, A deals first."""

from __future__ import annotations

from typing import Any

from preferans.core.formats.scorecard import ScoredCard, score_card

NAMES = ["A", "B", "C"]


def play(deals: list[dict[str, Any]], variant: str = "balkan", **rules: Any) -> ScoredCard:
    data = {"variant": variant, "players": NAMES, "rules": {"bula": 30, "refe_limit": 1, **rules},
            "deal": deals}
    return score_card(data, "test.toml")


def written(card: ScoredCard, k: int) -> dict[tuple[str, ...], Any]:
    """What deal ``k`` (1-based) wrote, summed per column, without the zero lines that open the sheet and
    without the refe marks drawn (``refe_drawn``, which test_balkan_scoring.py checks apart)."""
    out: dict[tuple[str, ...], Any] = {}
    for e in card.match.deal_entries[k - 1]:
        if e.note == "start" or e.account == "refe_drawn":
            continue
        key = (e.account, NAMES[e.seat]) if e.other is None else (e.account, NAMES[e.seat], NAMES[e.other])
        out[key] = out.get(key, 0) + e.amount
    return {k: v for k, v in out.items() if v}
