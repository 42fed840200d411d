"""The Russian family's golden deals: deals scored by hand from the rules, which every variant with the named
preset in its chain must score the same (``preferans.core.testing.checks_scoring``). Each number is worked
in the comment beside it; they were first worked in tests/variants/russian/test_sochi_scoring.py."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from preferans.core.plugin import DealResult
from preferans.core.plugin.kit import ContractTable, GoldenDeal

Build = Callable[[ContractTable, int], DealResult]


def _active(dealer: int) -> tuple[int, ...]:
    return tuple((dealer + i) % 3 for i in (1, 2, 3))


def russian_game(dealer: int, declarer: int, name: str, tricks: Mapping[int, int],
                 calls: tuple[str, ...] = ()) -> Build:
    """A Russian contract deal; ``calls`` are the defenders' in speaking order (the declarer's left first)."""
    def build(contracts: ContractTable, index: int) -> DealResult:
        defenders = tuple(s for s in ((declarer + k) % 3 for k in (1, 2)))
        defence = tuple(zip(defenders, calls, strict=False))
        return DealResult(kind="contract", dealer=dealer, active=_active(dealer),
                          tricks=tuple(tricks.get(s, 0) for s in range(3)), declarer=declarer,
                          contract=contracts[name], bid=name, defence=defence,
                          defending=tuple(s for s, c in defence if c == "whist"), played=bool(tricks),
                          index_in_match=index)
    return build


def raspasovka(dealer: int, tricks: Mapping[int, int]) -> Build:
    def build(contracts: ContractTable, index: int) -> DealResult:
        act = _active(dealer)
        return DealResult(kind="all_pass", dealer=dealer, active=act, tricks=tuple(tricks.get(s, 0) for s in range(3)),
                          contract=contracts["raspasovka"], index_in_match=index,
                          auction=tuple((s, "pass") for s in act))
    return build


P = "pool"
G = "gora"
W = "whists"
SOCHI_GAMES = ("game_price", "whist", "declarer", "players")
SOCHI_MISERE = ("misere", "players")
SOCHI_RASP = ("raspasovka", "players")

_DEALS: tuple[GoldenDeal, ...] = (
    # Sochi prices: 6 -> 2, 7 -> 4, 8 -> 6, 9 -> 8; obligations 6: 4, 7: 2, 8 and 9: 1; greedy whist.
    GoldenDeal("sochi 6S made, a lone greedy whister", "sochi", SOCHI_GAMES,
               # seat 0 takes 6: the pool gets the price 2; the lone whister writes all defence tricks
               # (1 + 3) x 2 = 8; the defence took 4 = the obligation: no penalty
               russian_game(2, 0, "6S", {0: 6, 1: 1, 2: 3}, ("whist", "pass")),
               {(P, 0, None): 2, (W, 1, 0): 8}),
    GoldenDeal("sochi 7H made, two whisters", "sochi", SOCHI_GAMES,
               # pool 4; each whister writes his own tricks x 4: 2 x 4 = 8, 1 x 4 = 4; the pair took 3 >= 2
               russian_game(2, 0, "7H", {0: 7, 1: 2, 2: 1}, ("whist", "whist")),
               {(P, 0, None): 4, (W, 1, 0): 8, (W, 2, 0): 4}),
    GoldenDeal("sochi 6S set by two", "sochi", SOCHI_GAMES,
               # 4 tricks of 6: gora 2 x 2 = 4; each whister writes the consolation 2 x 2 = 4 and his own
               # tricks 3 x 2 = 6
               russian_game(2, 0, "6S", {0: 4, 1: 3, 2: 3}, ("whist", "whist")),
               {(G, 0, None): 4, (W, 1, 0): 10, (W, 2, 0): 10}),
    GoldenDeal("sochi 9NT set by three, the passer consoled", "sochi", SOCHI_GAMES,
               # gora 3 x 8 = 24; the whister: consolation 24 + greedy whists (3 + 1) x 8 = 32; the passer
               # writes the consolation 24 too (Kodeks 3.8.1.2)
               russian_game(2, 0, "9NT", {0: 6, 1: 3, 2: 1}, ("whist", "pass")),
               {(G, 0, None): 24, (W, 1, 0): 56, (W, 2, 0): 24}),
    GoldenDeal("sochi 6D, the lone whister short of his quota", "sochi", SOCHI_GAMES,
               # pool 2; whists (1 + 1) x 2 = 4; obligation 4, the defence took 2: 2 missing x 2 = 4 gora
               russian_game(2, 0, "6D", {0: 8, 1: 1, 2: 1}, ("whist", "pass")),
               {(P, 0, None): 2, (W, 1, 0): 4, (G, 1, None): 4}),
    GoldenDeal("sochi 6C, two whisters both short", "sochi", SOCHI_GAMES,
               # pool 2; whists 1 x 2 each; the pair is 2 short of 4, each 1 short of his 2: gora 2 each
               russian_game(2, 0, "6C", {0: 8, 1: 1, 2: 1}, ("whist", "whist")),
               {(P, 0, None): 2, (W, 1, 0): 2, (W, 2, 0): 2, (G, 1, None): 2, (G, 2, None): 2}),
    GoldenDeal("sochi 8S, the second whister pays for the pair's 0 tricks", "sochi", SOCHI_GAMES,
               # pool 6; the pair took 0 of its 1: the second whister (seat 0, high_liability second) 1 x 6
               russian_game(0, 1, "8S", {1: 10}, ("whist", "whist")),
               {(P, 1, None): 6, (G, 0, None): 6}),
    GoldenDeal("sochi 9H, both pass", "sochi", SOCHI_GAMES,
               # not played, written as made: pool 8 and nothing else
               russian_game(2, 0, "9H", {}, ("pass", "pass")),
               {(P, 0, None): 8}),
    # Leningrad: the same prices, whists at twice the price (rate 2), the gentleman's whist (a set declarer's
    # defence tricks shared by the two defenders), undertricks and consolation at 2 x the price
    GoldenDeal("leningrad 7H made, two whisters, doubled whists", "leningrad", SOCHI_GAMES,
               # pool 4 (not doubled); whists 2 x 8 = 16 and 1 x 8 = 8
               russian_game(2, 0, "7H", {0: 7, 1: 2, 2: 1}, ("whist", "whist")),
               {(P, 0, None): 4, (W, 1, 0): 16, (W, 2, 0): 8}),
    GoldenDeal("leningrad 6S set by one, the gentleman's whist", "leningrad", SOCHI_GAMES,
               # gora 1 x 2P = 4; each: consolation 4, and half the defence's 5 tricks x 2P = 20: 10
               russian_game(2, 0, "6S", {0: 5, 1: 3, 2: 2}, ("whist", "pass")),
               {(G, 0, None): 4, (W, 1, 0): 14, (W, 2, 0): 14}),
    GoldenDeal("sochi misere made", "sochi", SOCHI_MISERE,
               russian_game(2, 0, "misere", {0: 0, 1: 6, 2: 4}),
               {(P, 0, None): 10}),  # pool 10, no whists
    GoldenDeal("sochi misere failed by two", "sochi", SOCHI_MISERE,
               russian_game(2, 0, "misere", {0: 2, 1: 8}),
               {(G, 0, None): 20}),  # 10 a trick taken: 2 x 10, no whists, no consolation
    GoldenDeal("sochi raspasovka, the amnesty", "sochi", SOCHI_RASP,
               # EX-07: 4/3/3, the amnesty takes off the least, 3: 1/0/0 x the first price 1; nobody took 0
               raspasovka(2, {0: 4, 1: 3, 2: 3}),
               {(G, 0, None): 1}),
)

UNSCORED = {"whist": ("first_lead_dark",)}
"""The whist keys that change only what a seat sees, never the sheet: Classic's dark first lead is held to the
Sochi deals all the same."""

GOLDEN = tuple(dataclasses.replace(d, unscored=UNSCORED) if "whist" in d.sections else d for d in _DEALS)
