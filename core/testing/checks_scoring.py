"""Golden deals: deals scored by hand from the family's rules, which the variant must score the same.

The random checks prove that money is exact and sums to zero, not that it is the *right* money: a plugin
that writes the wrong price, the wrong whist quota or the kontra on the wrong defender passes them. Each
golden deal here is a ``DealResult`` built by hand (who dealt, who played what, who whisted, the tricks),
scored through the variant's own hook stack (``Match.before_deal`` then ``Match.post``, as the engine does)
and compared with the sheet cells worked out from the rules in the comment beside it.

A golden deal belongs to a preset (``sochi``, ``balkan``, ``serbian``, ``austrian``, ``illustrated``) and
applies to every variant with that preset in its chain whose rules equal the preset's in the sections the
deal depends on (``sections``): Leningrad writes other prices and Rostov whists otherwise, so they skip the
Sochi deals; a plugin that changes no rules value but scores differently fails them. The arithmetic is restated from
the family scoring tests (tests/test_sochi_scoring.py, tests/test_balkan_scoring.py,
tests/test_austrian_scoring.py, tests/test_illustrated.py), where each number was first worked by hand; the
Balkan kontra deals are those tests' deal without the refe (its factor 2 taken out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.model.views import DealResult, Entry
from preferans.core.rules.config import Variant, load_variant
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

Cell = tuple[str, int, int | None]


@dataclass(frozen=True)
class GoldenDeal:
    name: str
    preset: str
    sections: tuple[str, ...]
    build: Callable[[Match], DealResult]
    expected: Mapping[Cell, int]
    accounts: tuple[str, ...] = ()
    """Only these accounts are compared (all when empty)."""
    ignore_notes: tuple[str, ...] = ()
    """Entries with these notes are not compared (the Balkan sheet's opening lines, ``start``)."""


def _active(dealer: int) -> tuple[int, ...]:
    return tuple((dealer + i) % 3 for i in (1, 2, 3))


def russian_game(dealer: int, declarer: int, name: str, tricks: Mapping[int, int],
                 calls: Iterable[str] = ()) -> Callable[[Match], DealResult]:
    """A Russian contract deal; ``calls`` are the defenders' in speaking order (the declarer's left first)."""
    def build(m: Match) -> DealResult:
        defenders = tuple(s for s in ((declarer + k) % 3 for k in (1, 2)))
        defence = tuple(zip(defenders, calls, strict=False))
        return DealResult(kind="contract", dealer=dealer, active=_active(dealer),
                          tricks=tuple(tricks.get(s, 0) for s in range(3)), declarer=declarer,
                          contract=m.contracts[name], bid=name, defence=defence,
                          whisters=tuple(s for s, c in defence if c == "whist"), played=bool(tricks),
                          index_in_match=len(m.results))
    return build


def raspasovka(dealer: int, tricks: Mapping[int, int]) -> Callable[[Match], DealResult]:
    def build(m: Match) -> DealResult:
        act = _active(dealer)
        return DealResult(kind="all_pass", dealer=dealer, active=act, tricks=tuple(tricks.get(s, 0) for s in range(3)),
                          contract=m.contracts["raspasovka"], index_in_match=len(m.results),
                          auction=tuple((s, "pass") for s in act))
    return build


def pot_game(name: str, declarer_tricks: Mapping[int, int], defence: tuple[tuple[int, str], ...],
             whisters: tuple[int, ...] = (2, 0)) -> Callable[[Match], DealResult]:
    """An Austrian-family deal: seat 0 deals (and antes), seat 1 declares, seats 2 then 0 defend."""
    def build(m: Match) -> DealResult:
        return DealResult(kind="contract", dealer=0, active=(1, 2, 0),
                          tricks=tuple(declarer_tricks.get(s, 0) for s in range(3)), declarer=1,
                          contract=m.contracts[name], bid=name, defence=defence, whisters=whisters,
                          played=bool(whisters), index_in_match=len(m.results))
    return build


def balkan_game(dealer: int, declarer: int, name: str, bid: str, tricks: Mapping[int, int],
                defence: tuple[tuple[int, str], ...]) -> Callable[[Match], DealResult]:
    """A Balkan deal: ``defence`` the calls as the engine records them (follow or pass, then the kontra
    round); the followers play."""
    def build(m: Match) -> DealResult:
        return DealResult(kind="contract", dealer=dealer, active=_active(dealer),
                          tricks=tuple(tricks.get(s, 0) for s in range(3)), declarer=declarer,
                          contract=m.contracts[name], bid=bid, defence=defence,
                          whisters=tuple(s for s, c in defence if c == "follow"), played=True,
                          index_in_match=len(m.results), declaration=((declarer, name),))
    return build


P = "pool"
G = "gora"
W = "whists"
SOCHI_GAMES = ("game_price", "whist", "declarer", "players")
SOCHI_MISERE = ("misere", "players")
SOCHI_RASP = ("raspasovka", "players")
POT = ("players", "game", "defence", "pot", "premiums")
ILL = ("players", "game", "pot", "illustrated", "kontra")
BAL = ("players", "bula", "value", "defence", "kontra", "two", "refe")
NO_KONTRA = ((0, "follow"), (1, "follow"), (0, "no-kontra"), (1, "no-kontra"))  # declarer 2, dealer 0
B_KONTRA = ((1, "follow"), (2, "follow"), (1, "kontra"), (2, "no-kontra"), (0, "no-kontra"))  # declarer 0
START = ("start",)

GOLDEN: tuple[GoldenDeal, ...] = (
    # Sochi prices: 6 -> 2, 7 -> 4, 8 -> 6, 9 -> 8; obligations 6: 4, 7: 2, 8 and 9: 1; greedy whist.
    GoldenDeal("sochi 6S made, a lone greedy whister", "sochi", SOCHI_GAMES,
               # seat 0 takes 6: the pool gets the price 2; the lone whister writes all defence tricks
               # (1 + 3) x 2 = 8; the defence took 4 = the obligation: no penalty
               russian_game(2, 0, "6S", {0: 6, 1: 1, 2: 3}, ["whist", "pass"]),
               {(P, 0, None): 2, (W, 1, 0): 8}),
    GoldenDeal("sochi 7H made, two whisters", "sochi", SOCHI_GAMES,
               # pool 4; each whister writes his own tricks x 4: 2 x 4 = 8, 1 x 4 = 4; the pair took 3 >= 2
               russian_game(2, 0, "7H", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]),
               {(P, 0, None): 4, (W, 1, 0): 8, (W, 2, 0): 4}),
    GoldenDeal("sochi 6S set by two", "sochi", SOCHI_GAMES,
               # 4 tricks of 6: gora 2 x 2 = 4; each whister writes the consolation 2 x 2 = 4 and his own
               # tricks 3 x 2 = 6
               russian_game(2, 0, "6S", {0: 4, 1: 3, 2: 3}, ["whist", "whist"]),
               {(G, 0, None): 4, (W, 1, 0): 10, (W, 2, 0): 10}),
    GoldenDeal("sochi 9NT set by three, the passer consoled", "sochi", SOCHI_GAMES,
               # gora 3 x 8 = 24; the whister: consolation 24 + greedy whists (3 + 1) x 8 = 32; the passer
               # writes the consolation 24 too (Kodeks 3.8.1.2)
               russian_game(2, 0, "9NT", {0: 6, 1: 3, 2: 1}, ["whist", "pass"]),
               {(G, 0, None): 24, (W, 1, 0): 56, (W, 2, 0): 24}),
    GoldenDeal("sochi 6D, the lone whister short of his quota", "sochi", SOCHI_GAMES,
               # pool 2; whists (1 + 1) x 2 = 4; obligation 4, the defence took 2: 2 missing x 2 = 4 gora
               russian_game(2, 0, "6D", {0: 8, 1: 1, 2: 1}, ["whist", "pass"]),
               {(P, 0, None): 2, (W, 1, 0): 4, (G, 1, None): 4}),
    GoldenDeal("sochi 6C, two whisters both short", "sochi", SOCHI_GAMES,
               # pool 2; whists 1 x 2 each; the pair is 2 short of 4, each 1 short of his 2: gora 2 each
               russian_game(2, 0, "6C", {0: 8, 1: 1, 2: 1}, ["whist", "whist"]),
               {(P, 0, None): 2, (W, 1, 0): 2, (W, 2, 0): 2, (G, 1, None): 2, (G, 2, None): 2}),
    GoldenDeal("sochi 8S, the second whister pays for the pair's 0 tricks", "sochi", SOCHI_GAMES,
               # pool 6; the pair took 0 of its 1: the second whister (seat 0, high_liability second) 1 x 6
               russian_game(0, 1, "8S", {1: 10}, ["whist", "whist"]),
               {(P, 1, None): 6, (G, 0, None): 6}),
    GoldenDeal("sochi 9H, both pass", "sochi", SOCHI_GAMES,
               # not played, written as made: pool 8 and nothing else
               russian_game(2, 0, "9H", {}, ["pass", "pass"]),
               {(P, 0, None): 8}),
    # Leningrad: the same prices, whists at twice the price (rate 2), the gentleman's whist (a set declarer's
    # defence tricks shared by the two defenders), undertricks and consolation at 2 x the price
    GoldenDeal("leningrad 7H made, two whisters, doubled whists", "leningrad", SOCHI_GAMES,
               # pool 4 (not doubled); whists 2 x 8 = 16 and 1 x 8 = 8
               russian_game(2, 0, "7H", {0: 7, 1: 2, 2: 1}, ["whist", "whist"]),
               {(P, 0, None): 4, (W, 1, 0): 16, (W, 2, 0): 8}),
    GoldenDeal("leningrad 6S set by one, the gentleman's whist", "leningrad", SOCHI_GAMES,
               # gora 1 x 2P = 4; each: consolation 4, and half the defence's 5 tricks x 2P = 20: 10
               russian_game(2, 0, "6S", {0: 5, 1: 3, 2: 2}, ["whist", "pass"]),
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
    # Austrian basic game: V = 10, 1 a trick; the dealer antes 10; the declarer takes V = 10 from the pot
    GoldenDeal("austrian clubs made, both defenders play", "austrian", POT,
               # seat 1 takes 10 from the pot and pays 1 a defender's trick: 2 to seat 2, 2 to seat 0
               pot_game("clubs", {1: 6, 2: 2, 0: 2}, ((2, "play"), (0, "play"))),
               {("money", 0, None): -8, ("money", 1, None): 6, ("money", 2, None): 2}, ("money",)),
    GoldenDeal("austrian spades failed, a short defender pays too", "austrian", POT,
               # EX-03: 5:4:1; seat 1 takes 10, pays 4 and 1 and 2 x 10 = 20 into the pot for failing;
               # seat 0 has 1 < 2: pays 10 into the pot even though the declarer failed (AUT-DEF-01)
               pot_game("spades", {1: 5, 2: 4, 0: 1}, ((2, "play"), (0, "play"))),
               {("money", 0, None): -19, ("money", 1, None): -15, ("money", 2, None): 4,
                ("pot", 0, None): 20, ("pot", 1, None): 10}),
    # Balkan values V: pik 4, karo 6, herc 8, tref 10; a made contract lowers the declarer's bula by V, each
    # defender writes his tricks x V on the declarer (juha); the pair needs 4, a short defender (< 2 when
    # the pair is short) is penalised V on his bula (BAL-DEF-01/02, BAL-SCORE-05/06/08)
    GoldenDeal("balkan karo, two and two", "balkan", BAL,
               # EX-02 row 2: C (seat 2) takes 6: bula -6; A and B 2 x 6 = 12 each; 2 + 2 = 4 meets the quota
               balkan_game(0, 2, "diamonds", "3", {2: 6, 0: 2, 1: 2}, NO_KONTRA),
               {("bula", 2, None): -6, ("juha", 0, 2): 12, ("juha", 1, 2): 12}, ignore_notes=START),
    GoldenDeal("balkan herc, two and one: the short defender fails", "balkan", BAL,
               # C 7, A 2, B 1: together 3 < 4, B has fewer than 2: penalised 8 and still writes his 8
               balkan_game(0, 2, "hearts", "4", {2: 7, 0: 2, 1: 1}, NO_KONTRA),
               {("bula", 2, None): -8, ("juha", 0, 2): 16, ("juha", 1, 2): 8, ("bula", 1, None): 8},
               ignore_notes=START),
    GoldenDeal("balkan tref, one and one: both fail", "balkan", BAL,
               # C 8, A 1, B 1: together 2 < 4, both below 2: each writes 10 and is penalised 10 (EX-11)
               balkan_game(0, 2, "clubs", "5", {2: 8, 0: 1, 1: 1}, NO_KONTRA),
               {("bula", 2, None): -10, ("juha", 0, 2): 10, ("juha", 1, 2): 10, ("bula", 0, None): 10,
                ("bula", 1, None): 10}, ignore_notes=START),
    GoldenDeal("balkan herc, kontra by the first defender", "balkan", BAL,
               # A (seat 0) herc, B says kontra: U = 2 x 8 = 16. A takes 6: bula -16. B, the kontra-giver
               # (BAL-KON-02), writes 2 x 16 = 32 and, the defence short of the kontra quota 5 with 4, is
               # penalised 16 (BAL-KON-05); C is not doubled: 2 x 8 = 16, the pair's 4 meets its quota
               balkan_game(2, 0, "hearts", "4", {0: 6, 1: 2, 2: 2}, B_KONTRA),
               {("bula", 0, None): -16, ("juha", 1, 0): 32, ("bula", 1, None): 16, ("juha", 2, 0): 16},
               ignore_notes=START),
    GoldenDeal("serbian herc, kontra: the kontra-giver writes the team's tricks", "serbian", BAL,
               # the same deal under pk 10 (kontra.other_defender = nothing): B writes the team's 4 x 16 = 64,
               # needs 5 and is penalised 16; C writes nothing
               balkan_game(2, 0, "hearts", "4", {0: 6, 1: 2, 2: 2}, B_KONTRA),
               {("bula", 0, None): -16, ("juha", 1, 0): 64, ("bula", 1, None): 16}, ignore_notes=START),
    # the pot methods on the first deal (initial pot 0): the dealer's ante makes the pot 10, so the unlimited
    # pot (the whole pot) and the limited one (min(pot, 10 x stake)) both play for V = 10, as the basic game
    GoldenDeal("austrian-unlimited spades failed on the first pot", "austrian-unlimited", POT,
               pot_game("spades", {1: 5, 2: 4, 0: 1}, ((2, "play"), (0, "play"))),
               {("money", 0, None): -19, ("money", 1, None): -15, ("money", 2, None): 4,
                ("pot", 0, None): 20, ("pot", 1, None): 10}),
    GoldenDeal("austrian-limited spades failed on the first pot", "austrian-limited", POT,
               pot_game("spades", {1: 5, 2: 4, 0: 1}, ((2, "play"), (0, "play"))),
               {("money", 0, None): -19, ("money", 1, None): -15, ("money", 2, None): 4,
                ("pot", 0, None): 20, ("pot", 1, None): 10}),
    GoldenDeal("styrian hearts 6:3:1", "styrian", POT,
               # EX-05: 150 in the pot in equal shares (50 each), no ante; hearts is worth V = 50, 5 a trick
               # (STY-VAL-01): the declarer takes 50 and pays 15 and 5; seat 0 with 1 < 2 pays V = 50
               pot_game("hearts", {1: 6, 2: 3, 0: 1}, ((2, "play"), (0, "play"))),
               {("money", 0, None): -95, ("money", 1, None): -20, ("money", 2, None): -35}, ("money",)),
    # Illustrated: Durchmarsch is worth 20, settled with each defender; kontra x 2 with him (ILL-KON-02)
    GoldenDeal("illustrated durchmarsch made, the first defender's kontra", "illustrated", ILL,
               # seat 2 said kontra: 2 x 20 = 40 with him, 20 with seat 0 (who also antes 10)
               pot_game("durchmarsch", {1: 10}, ((2, "kontra"), (0, "pass"), (1, "pass"))),
               {("money", 0, None): -30, ("money", 1, None): 60, ("money", 2, None): -40}, ("money",)),
    GoldenDeal("illustrated bettel-hand failed, kontra and rekontra", "illustrated", ILL,
               # without the talon 2 x 10 = 20; seat 2's kontra and the rekontra: x 4 = 80 with him,
               # 20 with seat 0 (ILL-KON-03); the declarer failed, so he pays
               pot_game("bettel-hand", {1: 2, 2: 8}, ((2, "kontra"), (0, "pass"), (1, "rekontra"))),
               {("money", 0, None): 10, ("money", 1, None): -100, ("money", 2, None): 80}, ("money",)),
)


@cache
def _preset_rules(name: str) -> dict[str, Any]:
    dumped: dict[str, Any] = load_variant(name).rules.model_dump()
    return dumped


NOT_SCORED = {"whist": ("first_lead_dark",)}
"""Keys of a scored section that change only what a seat sees during play, never the sheet: a variant that
differs from the golden deal's preset only in these is scored by the same hand-worked cells (Classic's dark
first lead)."""


def _scored(section: str, values: Any) -> Any:
    if isinstance(values, dict) and section in NOT_SCORED:
        return {k: v for k, v in values.items() if k not in NOT_SCORED[section]}
    return values


def applies(variant: Variant, deal: GoldenDeal) -> bool:
    if deal.preset not in {c.name for c in variant.chain}:
        return False
    mine, theirs = variant.rules.model_dump(), _preset_rules(deal.preset)
    return all(_scored(s, mine.get(s)) == _scored(s, theirs.get(s)) for s in deal.sections)


def cells(entries: Iterable[Entry], accounts: tuple[str, ...], ignore_notes: tuple[str, ...] = ()) -> dict[Cell, Any]:
    out: dict[Cell, Any] = {}
    for e in entries:
        if (accounts and e.account not in accounts) or e.note in ignore_notes:
            continue
        key = (e.account, e.seat, e.other)
        out[key] = out.get(key, 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


def check_scoring_matches_golden(variant: Variant) -> list[str]:
    """Every applicable golden deal, scored alone on a fresh sheet, writes the hand-worked cells. Returns
    the deals checked."""
    checked = []
    for deal in GOLDEN:
        if not applies(variant, deal):
            continue
        m = Match(variant)
        result = deal.build(m)
        got = cells(m.post(result, m.before_deal(result.dealer)), deal.accounts, deal.ignore_notes)
        assert got == dict(deal.expected), check_message(
            "golden deal {name}: the variant writes {got}, the rules {expected}", name="'" + deal.name + "'",
            got=sorted(got.items()), expected=sorted(deal.expected.items()))
        checked.append(deal.name)
    return checked
