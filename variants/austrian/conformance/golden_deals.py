"""The Austrian family's golden deals (the basic game, the pot methods, Illustrated): deals scored by hand
from the rules, which every variant with the named preset in its chain must score the same
(``preferans.core.testing.checks_scoring``). Each number is worked in the comment beside it; they were first
worked in tests/variants/austrian/test_austrian_scoring.py and tests/variants/austrian/test_illustrated.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from preferans.core.plugin import DealResult
from preferans.core.plugin.kit import ContractTable, GoldenDeal

Build = Callable[[ContractTable, int], DealResult]


def pot_game(name: str, declarer_tricks: Mapping[int, int], defence: tuple[tuple[int, str], ...],
             whisters: tuple[int, ...] = (2, 0)) -> Build:
    """An Austrian-family deal: seat 0 deals (and antes), seat 1 declares, seats 2 then 0 defend."""
    def build(contracts: ContractTable, index: int) -> DealResult:
        return DealResult(kind="contract", dealer=0, active=(1, 2, 0),
                          tricks=tuple(declarer_tricks.get(s, 0) for s in range(3)), declarer=1,
                          contract=contracts[name], bid=name, defence=defence, defending=whisters,
                          played=bool(whisters), index_in_match=index)
    return build


POT = ("players", "game", "defence", "pot", "premiums")
ILL = ("players", "game", "pot", "illustrated", "kontra")

GOLDEN: tuple[GoldenDeal, ...] = (
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
