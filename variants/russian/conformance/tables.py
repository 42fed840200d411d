"""Plain tables of the Russian reference: the ladder of calls, the places at the table and the rule IDs.

Written from docs/rules/russian.md, docs/variants/{sochi,four-players,gusarik,classic}.md; nothing here
reads the family's hooks. A contract is known by its name (``6S`` .. ``10NT``, ``misere``, Classic's
``dark-`` twins), never by the contract table's flags.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, TypeGuard

from preferans.core.plugin import Amount, Entry
from preferans.variants.russian.rules import RussianRules

if TYPE_CHECKING:  # Classic's keys, for the type checker only: the reference reads them by name
    from preferans.variants.classic.rules import ClassicRules

STRAINS = ("S", "C", "D", "H", "NT")
"""The auction order of the strains at one level: spades < clubs < diamonds < hearts < no-trump
(sochi#contracts-and-auction)."""

GAMES = tuple(f"{level}{strain}" for level in range(6, 11) for strain in STRAINS)
"""The trick games, lowest first (GAP-RUS-01: the common ladder 6S .. 10NT)."""

MISERE = "misere"
DARK = "dark-"
"""Classic's dark calls are the plain call with this prefix (RUS-BID-04): ``dark-pass``, ``dark-7S``,
``dark-misere``."""

LADDER = (*GAMES[:15], MISERE, *GAMES[15:])
"""Every bid in rank order: misère between 8NT and 9S, so only a nine outbids it (RUS-BID-02)."""

RANK = {name: i for i, name in enumerate(LADDER)}

DUMMY = 2
"""Two players (гусарик): the third hand, the dummy, has the place after seat 1 (gusarik#the-convention)."""


def plain(call: str) -> str:
    """A call without its darkness: ``dark-7S`` -> ``7S`` (RUS-BID-04: a dark call ranks as its plain one)."""
    return call[len(DARK):] if call.startswith(DARK) else call


def is_dark(call: str) -> bool:
    return call.startswith(DARK)


def level_of(name: str) -> int:
    """The level of a game by its name (``7NT`` -> 7); 0 for misère and anything else."""
    name = plain(name)
    if name not in GAMES:
        return 0
    return int(name[:-2] if name.endswith("NT") else name[:-1])


def exact(x: Amount) -> Amount:
    """An int when whole: Fractions stay only where a half is really written (GAP-RUS-10)."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


# ---------------------------------------------------------------- sheet entries (the engine's accounts)


def pool(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("pool", seat, exact(amount), note=note)


def gora(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("gora", seat, exact(amount), note=note)


def whists(writer: int, on: int, amount: Amount, note: str) -> Entry:
    return Entry("whists", writer, exact(amount), other=on, note=note)


# ---------------------------------------------------------------- the table


def places(n_players: int) -> int:
    """Places at the table: one per player, and three with two players (the dummy's, GEN-DECK-04)."""
    return max(n_players, 3)


def dummy(n_players: int) -> int | None:
    """The dummy's place with two players, else ``None`` (gusarik#the-convention)."""
    return DUMMY if n_players == 2 else None


def around(seat: int, n_players: int) -> tuple[int, ...]:
    """Every place clockwise from the one on ``seat``'s left, ``seat`` itself last."""
    n = places(n_players)
    return tuple((seat + i) % n for i in range(1, n + 1))


def dealt(dealer: int, n_players: int) -> tuple[int, ...]:
    """The three hands dealt, from the dealer's left: with four players the dealer is not among them
    (GEN-DECK-04), with two the dummy is (gusarik#the-convention)."""
    return around(dealer, n_players)[:3]


def first_hand(dealer: int, n_players: int) -> int:
    """First hand, on the dealer's left, speaks and leads first (GEN-DECK-05); with two players and seat 1
    dealing it is the dummy's place (gusarik#the-convention)."""
    return dealt(dealer, n_players)[0]


def bidders(dealer: int, n_players: int) -> tuple[int, ...]:
    """The seats that bid, in speaking order: the dealt hands without the dummy (gusarik#the-convention)."""
    return tuple(s for s in dealt(dealer, n_players) if s != dummy(n_players))


def defenders(declarer: int, dealer: int, n_players: int) -> tuple[int, ...]:
    """The declarer's opponents among the dealt hands, the one on his left first (sochi#whist-defence); with
    two players the dummy is one of them."""
    hands = dealt(dealer, n_players)
    return tuple(s for s in around(declarer, n_players) if s in hands and s != declarer)


def players(n_players: int) -> tuple[int, ...]:
    """The seats that write on the sheet (never the dummy)."""
    return tuple(range(n_players))


# ---------------------------------------------------------------- prices


def price(level: int, rules: RussianRules) -> int:
    """The price of a game, 2 x (level - 5) by default (``game_price``, russian#prices-common)."""
    return int(rules.game_price[level])


def checked_ten(name: str, rules: RussianRules) -> bool:
    """A ten played without whists (``ten = "checked"``, russian#dispute-9)."""
    return level_of(name) == 10 and rules.ten == "checked"


def whisted(name: str, rules: RussianRules) -> bool:
    """Whether the defenders speak: every game but a checked ten; never a misère (sochi#whist-defence)."""
    return level_of(name) >= 6 and not checked_ten(name, rules)


def classic(rules: RussianRules) -> TypeGuard[ClassicRules]:
    """Whether the rules have Classic's sections (dark calls, bombs, dealing: classic#dark-calls-втёмную)."""
    return all(hasattr(rules, s) for s in ("dark", "bomb", "dealing"))


RULE_IDS: dict[str, str] = {
    # the general rules (docs/rules/index.md)
    "GEN-DECK-04": "how many play: three, four (the dealer sits out) or two",
    "GEN-DECK-05": "first hand, on the dealer's left, speaks and leads first",
    "GEN-DECK-06": "the deal passes clockwise",
    # the Russian rules (docs/rules/russian.md)
    "RUS-BID-01": "misère only as a first and only call",
    "RUS-BID-02": "only a nine outbids a misère",
    "RUS-BID-03": "all pass: raspasovka",
    "RUS-BID-04": "Classic: dark calls",
    "RUS-BID-05": "the lowest game after a raspasovka",
    "RUS-MIS-05": "Classic: a dark misère is played dark, its talon taken face down",
    "RUS-MIS-06": "misère: the talon shown, the defenders open (after the declarer's first lead)",
    "RUS-MIS-09": "four players: misère half and half with the dealer",
    "RUS-RASP-03": "raspasovka: each trick into the mountain",
    "RUS-RASP-04": "raspasovka: no trick, the price into the pool",
    "RUS-RASP-05": "Rostov: the fewest tricks writes whists on the others",
    "RUS-RASP-06": "Rostov: no trick, one point into the pool",
    "RUS-RASP-07": "Rostov: two tied for the fewest split the whists",
    "RUS-RASP-08": "amnesty: the smallest count off everybody's",
    "RUS-RASP-09": "four players: the dealer's talon tricks count for the amnesty",
    "RUS-RASP-10": "the price rises in a series of raspasovkas",
    "RUS-RASP-11": "arithmetic progression",
    "RUS-RASP-12": "geometric progression",
    "RUS-RASP-13": "the progression's ceiling",
    "RUS-RASP-15": "four players: the talon cards are the dealer's leads",
    "RUS-RASP-16": "Rostov: the talon takes no part; the sitting-out dealer writes a point",
    "RUS-RASP-17": "three players: the talon cards lead tricks 1 and 2",
    "RUS-RASP-18": "two players: the talon is not turned up",
    "RUS-RASP-19": "the deal slides after a raspasovka",
    "RUS-RASP-20": "Classic: the same dealer deals again after a raspasovka",
    "RUS-RASP-21": "Classic: a dark pass earns a bomb",
    "RUS-RASP-22": "Classic: the exit after a dark pass is a seven, then an eight",
    "RUS-RASP-23": "the exit from a raspasovka (a six)",
    "RUS-RASP-24": "Classic: at least a seven after any raspasovka",
    "RUS-RASP-25": "Classic: compulsory opening raspasovkas",
    "RUS-RASP-26": "Classic: a bomb is earned when the deal becomes a raspasovka",
    "GAP-RUS-02": "a raspasovka trick costs 1 before any progression",
    "GAP-RUS-03": "what ends a series of raspasovkas",
    "GAP-RUS-05": "four players: the dealer's talon tricks in his mountain, no bonus",
    "GAP-RUS-06": "the zero-trick bonus counts the tricks really taken",
    "GAP-RUS-07": "no talon leads: first hand leads the raspasovka",
    "GAP-RUS-08": "bombs: 2^k, each dark passer earns one",
    "GAP-RUS-10": "a shared misère's halves are exact",
    "GAP-RUS-12": "a dark game is worth an open one",
    "ISS-08": "Classic: what raises the exit",
    "ISS-18": "Classic: who earns a bomb",
    # the sections of the rules page and the variant pages
    "russian#prices-common": "the common prices: pool, obligation, lone whister, half-whist, misère, the end",
    "russian#overflow": "points past a closed pool",
    "russian#player-counts": "four and two players: consolation, the paid talon",
    "russian#conventions": "the options compared (без трёх, the paid talon)",
    "russian#dispute-1": "two whisters short on a six or seven",
    "russian#dispute-2": "two whisters on an eight or nine who take nothing",
    "russian#dispute-3": "gentleman's whist",
    "russian#dispute-6": "Rostov's flat consolation",
    "russian#dispute-7": "consolation on a failed misère",
    "russian#dispute-8": "the overflow: aid, write-off or none",
    "russian#dispute-9": "the ten: checked or whisted",
    "sochi#contracts-and-auction": "the auction: the ladder, a bid must be higher, a pass is final",
    "sochi#talon-discard-and-declaration": "the talon, the discard and the naming of the contract",
    "sochi#whist-defence": "whist, pass, half-whist, return, open or closed, Stalingrad, без трёх",
    "sochi#scoring-a-game": "pool, mountain, whists, consolation and responsibility of a game",
    "sochi#pool-overflow-and-the-end-of-the-match": "the pool target and the end of the match",
    "sochi#four-players": "four players: the dealer sits out; half-and-half misère; the paid talon",
    "leningrad#prices": "Leningrad's doubled whists, gentleman's half-responsible whist",
    "rostov#raspasovka-in-whists": "Rostov's raspasovka in whists",
    "four-players#the-mountain-raspasovka-sochi-leningrad-classic": "four players: the dealer's talon tricks",
    "gusarik#the-convention": "two players: the dummy",
    "classic#dark-calls-втёмную": "Classic: dark calls",
    "classic#bombs-бомба": "Classic: bombs multiply the next game",
}
"""Every rule ID the reference names, with a short title (``Reference.rule_ids``)."""
