"""Helpers shared by the Russian-family scoring tests: build DealResults by hand and read the sheet.

Each test module keeps its own one-line constructor (``sochi()``, ``leningrad()`` ...); the deals, the
sheet cells and their short names (P pool, G gora, W whists) are the same for every Russian variant.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.model.views import DealResult, Entry

Key = tuple[str, int, int | None]


def active_of(n: int, dealer: int) -> tuple[int, ...]:
    """(d+1, d+2, d) with three players; the three seats after the dealer with four."""
    order = tuple((dealer + i) % n for i in range(1, n + 1))
    return order[:3] if n == 4 else order


def defenders_of(n: int, dealer: int, declarer: int) -> tuple[int, ...]:
    """The active seats other than the declarer, in speaking order (the declarer's left first)."""
    act = active_of(n, dealer)
    return tuple(s for s in ((declarer + k) % n for k in range(1, n)) if s in act)


def _tricks(m: Match, tricks: Mapping[int, int]) -> tuple[int, ...]:
    return tuple(tricks.get(s, 0) for s in range(m.n_players))


def game(m: Match, dealer: int, declarer: int, name: str, tricks: Mapping[int, int],
         calls: Iterable[str] = ()) -> DealResult:
    """A contract deal. ``calls`` are the defenders' calls in speaking order; no tricks means not played."""
    spec = m.contracts[name]
    calls = tuple(calls)
    defenders = defenders_of(m.n_players, dealer, declarer)
    defence = tuple(zip(defenders, calls, strict=False))
    assert len(defence) == len(calls)
    whisters = tuple(s for s, c in defence if c == "whist")
    played = bool(tricks)
    assert not played or sum(tricks.values()) == 10
    return DealResult(
        kind="contract", dealer=dealer, active=active_of(m.n_players, dealer), tricks=_tricks(m, tricks),
        declarer=declarer, contract=spec, bid=name, defence=defence, defending=whisters, played=played,
        index_in_match=len(m.results),
    )


def rasp(m: Match, dealer: int, tricks: Mapping[int, int], dark: Iterable[int] = ()) -> DealResult:
    """A raspasovka (all pass); with four players the dealer's entry counts his talon tricks. ``dark`` are
    the seats whose pass was dark (Classic; the auction the engine records)."""
    act = active_of(m.n_players, dealer)
    dark = set(dark)
    return DealResult(
        kind="all_pass", dealer=dealer, active=act, tricks=_tricks(m, tricks),
        contract=m.contracts["raspasovka"], index_in_match=len(m.results),
        auction=tuple((s, "dark-pass" if s in dark else "pass") for s in act),
    )


def sheet(entries: Iterable[Entry]) -> dict[Key, Any]:
    """Entries summed per sheet cell, zero cells dropped (notes and entry order are not scored)."""
    out: dict[Key, Any] = {}
    for e in entries:
        key = (e.account, e.seat, e.other)
        out[key] = out.get(key, 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def totals(m: Match) -> dict[Key, Any]:
    return {k: v for k, v in m.totals.items() if v != 0}


def post(m: Match, result: DealResult) -> dict[Key, Any]:
    return sheet(m.post(result))


def P(seat: int) -> Key:  # noqa: N802 - short names keep the expected sheets readable
    return ("pool", seat, None)


def G(seat: int) -> Key:  # noqa: N802
    return ("gora", seat, None)


def W(writer: int, on: int) -> Key:  # noqa: N802
    return ("whists", writer, on)


def check_pulka(match: Match, deals: list[dict[Key, Any]], sheet_totals: dict[Key, Any],
                exact: tuple[Fraction, ...], rounded: tuple[int, ...]) -> None:
    """A scored pulka against its hand-worked values: every deal's cells, the totals and the settlement
    (exact and rounded, each summing to 0)."""
    assert len(match.results) == len(deals)
    for number, (entries, expected) in enumerate(zip(match.deal_entries, deals, strict=True), 1):
        assert sheet(entries) == expected, f"deal {number}"
    assert totals(match) == sheet_totals
    s = match.settlement()
    assert s.exact == exact and sum(s.exact) == 0
    assert s.rounded == rounded and sum(s.rounded) == 0
