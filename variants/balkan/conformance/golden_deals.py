"""The Balkan family's golden deals: deals scored by hand from the rules, which every variant with the named
preset in its chain must score the same (``preferans.core.testing.checks_scoring``). Each number is worked
in the comment beside it; they were first worked in tests/variants/balkan/test_balkan_scoring.py (the kontra
deals are that test's deal without the refe, its factor 2 taken out)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from preferans.core.plugin import DealResult
from preferans.core.plugin.kit import ContractTable, GoldenDeal

Build = Callable[[ContractTable, int], DealResult]


def _active(dealer: int) -> tuple[int, ...]:
    return tuple((dealer + i) % 3 for i in (1, 2, 3))


def balkan_game(dealer: int, declarer: int, name: str, bid: str, tricks: Mapping[int, int],
                defence: tuple[tuple[int, str], ...]) -> Build:
    """A Balkan deal: ``defence`` the calls as the engine records them (follow or pass, then the kontra
    round); the followers play."""
    def build(contracts: ContractTable, index: int) -> DealResult:
        return DealResult(kind="contract", dealer=dealer, active=_active(dealer),
                          tricks=tuple(tricks.get(s, 0) for s in range(3)), declarer=declarer,
                          contract=contracts[name], bid=bid, defence=defence,
                          defending=tuple(s for s, c in defence if c == "follow"), played=True,
                          index_in_match=index, declaration=((declarer, name),))
    return build


BAL = ("players", "bula", "value", "defence", "kontra", "two", "refe")
NO_KONTRA = ((0, "follow"), (1, "follow"), (0, "no-kontra"), (1, "no-kontra"))  # declarer 2, dealer 0
B_KONTRA = ((1, "follow"), (2, "follow"), (1, "kontra"), (2, "no-kontra"), (0, "no-kontra"))  # declarer 0
START = ("start",)

GOLDEN: tuple[GoldenDeal, ...] = (
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
)
