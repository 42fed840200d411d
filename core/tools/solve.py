"""``preferans solve``: the double-dummy value of a deal, for one contract or as a table of every contract.

A deal is three hands and the talon: ``"first hand | second hand | dealer | talon"`` (ten cards, ten, ten, two),
or the first deal of a family's game record (a PPN file or record: the Balkan family's ``pref_read_deal``).
Seats are numbered in that order: 0 first hand, 1 second hand, 2 the dealer. The position of play is built by
the variant itself: its ``pref_play_rules`` hook is asked with the view the engine would give it (dealer 2, both
defenders whisting and playing), so trump, must-trump, must-beat, the leader (first hand in the Russian family)
and early stops are the variant's. ``--leader`` overrides only who leads.

When the contract is played with the talon, the declarer takes it and discards the best two of his twelve
cards: all 66 discards are valued (the most tricks for a game, the fewest for misère/Bettel), up to
equivalent cards: two cards of one suit with no card of the other hands between them are the same discard.
One :class:`~preferans.core.ai.solver.Solver` serves every discard of one declarer and contract kind, so its
transposition table (keyed by the remaining hands) is shared; after the first discard each other one is only
tested against the best so far ("can it do better?"), and the search stops at the bound (10 tricks for a game,
0 for misère).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from preferans.core.ai.solver import Solver
from preferans.core.engine.game import Game
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import (
    CARD_NAMES,
    NO_TRUMP,
    SUIT_MASK,
    SUITS,
    CardError,
    cards_of,
    format_cards,
    parse_cards,
)
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import BadInput, bad_input, excerpt, nearest, shown_path
from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.model.parsing import read_text
from preferans.core.model.records import RecordedDeal
from preferans.core.model.views import PlayRules
from preferans.core.rules.config import Variant
from preferans.core.rules.manager import family_reading
from preferans.core.tools.deal_sets import all_pass_contract

SEAT_NAMES = ("first hand", "second hand", "dealer")
"""The three seats of a deal, in the order its hands are written."""
SEATS_TYPED = "0 or first, 1 or second, 2 or dealer"
"""How a seat is typed (``--declarer``, ``--leader``), as an error names the choices: the words stay English."""
_SEAT_WORDS = {"0": 0, "1": 1, "2": 2, "first": 0, "second": 1, "dealer": 2, "third": 2}
DEAL_FORM = "'first hand | second hand | dealer | talon'"
"""The one-line form of a deal, as an error names it (followed by "(10, 10, 10 and 2 cards)")."""


DealInput = RecordedDeal
"""Three hands (first hand, second hand, dealer) and the talon, as masks; a recorded deal's variant too."""


# ---------------------------------------------------------------- reading a deal


def _is_file(name: str) -> bool:
    try:
        return len(name) < 4096 and Path(name).is_file()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


def parse_deal(text: str) -> DealInput:
    """The one-line form, or a deal of a family's game record (a PPN file or record: the Balkan family's
    ``pref_read_deal``): the argument itself, else the file it names; one-line errors."""
    if "|" in text:
        return _parse_line(text)
    stripped = text.strip()
    deal = _read_deal(stripped, "DEAL")
    if deal is None and stripped and _is_file(stripped):
        body = read_text(stripped, f"DEAL: {shown_path(stripped)}", BadInput)
        deal = _read_deal(body, stripped)
    if deal is None:
        raise bad_input("{arg}: expected {form} (10, 10, 10 and 2 cards), a {suffix} file or a {ppn} record, got "
                        "{text}", arg="DEAL", form=DEAL_FORM, suffix=".ppn", ppn="PPN", text=excerpt(text))
    return deal


def _read_deal(text: str, source: str) -> DealInput | None:
    """The first reading of the installed families' ``pref_read_deal``."""
    deal: DealInput | None = family_reading("pref_read_deal", text=text, source=source)
    return deal


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _parse_line(text: str) -> DealInput:
    parts = text.split("|")
    if len(parts) != 4:
        raise bad_input("{arg}: expected {form} (10, 10, 10 and 2 cards): 4 parts separated by {bar}, got {n}",
                        arg="DEAL", form=DEAL_FORM, bar="'|'", n=len(parts))
    names = (*SEAT_NAMES, "talon")
    masks: list[int] = []
    for part, name, want in zip(parts, names, (10, 10, 10, 2), strict=True):
        try:
            mask = parse_cards(part)
        except CardError as exc:
            raise bad_input("{arg}: {name}: {error}", arg="DEAL", name=name, error=exc) from None
        if mask.bit_count() != want:
            raise bad_input("{arg}: {name}: {n} cards, expected {want}", arg="DEAL", name=name, n=mask.bit_count(),
                            want=want)
        for earlier, other in zip(masks, names, strict=False):
            twice = earlier & mask
            if twice:
                card = CARD_NAMES[twice.bit_length() - 1]
                raise bad_input("{arg}: {card} is in the {other} and in the {name}: every card once", arg="DEAL",
                                card=card, other=other, name=name)
        masks.append(mask)
    return DealInput((masks[0], masks[1], masks[2]), masks[3])


def deal_of_game(game: Game, number: int) -> DealInput:
    """Deal ``number`` (1-based, as the deal lines count them) of a saved game, as dealt: the first ten cards of
    its pack to the first hand, the next ten to the second hand, the next ten to the third (the dealer with
    three players), the talon last. The game is replayed from its seed and actions up to that deal, so any
    deal that was dealt can be solved, the one in progress included."""
    dealt = len(game.results) + (0 if game.is_terminal else 1)
    if not 1 <= number <= dealt:
        raise bad_input("{option}: no deal {number} in this game: it has deals 1..{dealt}", option="--deal",
                        number=number, dealt=dealt)
    again = Game(game.variant, game.seed, game.first_dealer, deals=game.deals)
    for action in game.history:
        if len(again.results) >= number - 1:
            break
        again.apply(action)
    pack = again.deal.pack
    masks = [sum(1 << c for c in pack[i:i + 10]) for i in (0, 10, 20)]
    return DealInput((masks[0], masks[1], masks[2]), sum(1 << c for c in pack[30:32]), game.variant.name)


def parse_seat(text: str, option: str) -> int:
    seat = _SEAT_WORDS.get(text.strip().lower())
    if seat is None:
        raise bad_input("{option}: no seat {text} ({seats})", option=option, text=excerpt(text), seats=SEATS_TYPED)
    return seat


# ---------------------------------------------------------------- positions


class Table:
    """The variant's play rules for a deal of three seats (0 first hand, 1 second hand, 2 dealer)."""

    def __init__(self, variant: Variant) -> None:
        if variant.rules.players != 3:
            raise bad_input("{option}: {name} is played by {players}; {command} takes a deal of three hands",
                            option="--variant", name=variant.name, players=variant.rules.players, command="solve")
        self.variant = variant
        self.game = Game(variant, seed=0)  # only for its rulebook and an empty match view
        # every contract but the one of an all-pass deal, which nobody bids and nobody declares
        rasp = all_pass_contract(variant)
        self.contracts = [spec for spec in variant.contracts if spec.biddable or spec.name != rasp]

    def contract(self, name: str) -> ContractSpec:
        names = [spec.name for spec in self.contracts]
        for spec in self.contracts:
            if spec.name.lower() == name.strip().lower():
                return spec
        raise bad_input("{option}: no contract {name} in {variant}{suggestion} (one of: {names})", option="--contract",
                        name=excerpt(name), variant=self.variant.name, suggestion=nearest(name, names),
                        names=", ".join(names))

    def rules(self, spec: ContractSpec, declarer: int, leader: int | None) -> PlayRules:
        rules = self.game.play_rules_for(spec, declarer, dealer=2, first_hand=0)
        return rules if leader is None else replace(rules, leader=leader)

    def columns(self) -> list[ContractSpec]:
        """One contract per column of the table: each trump suit, then every other kind (no-trump, misère,
        Bettel ...), in the order of the contract table; the lowest row of each, one played with the talon
        when there is one."""
        chosen: dict[tuple[str, int], ContractSpec] = {}
        for spec in sorted(self.contracts, key=lambda s: (not s.with_talon, s.rank)):
            chosen.setdefault((spec.kind, spec.trump), spec)
        return sorted(chosen.values(), key=lambda s: (s.trump == NO_TRUMP, s.trump, not maximises(s), s.rank))


def column_label(spec: ContractSpec) -> str:
    if spec.trump != NO_TRUMP:
        return SUITS[spec.trump]
    return "NT" if spec.kind == "notrump" else spec.kind


def maximises(spec: ContractSpec) -> bool:
    """A game (the declarer takes tricks) or misère/Bettel (``goal = "none"``: he avoids them)."""
    return spec.goal != "none"


def made(spec: ContractSpec, taken: int) -> bool:
    if spec.goal == "none":
        return taken == 0
    if spec.goal == "all":
        return taken == 10
    return taken >= spec.target


def tricks(n: int, tr: Translator = ENGLISH) -> str:
    """``1 trick``, ``6 tricks``, in ``tr``'s language."""
    return tr.ngettext("{n} trick", "{n} tricks", n).format(n=n)


# ---------------------------------------------------------------- the best discard


def discards(twelve: int, maximise: bool, trump: int) -> list[int]:
    """The different discards of a twelve-card hand (all 32 cards live: every other card is in another
    hand), one per class of equivalent cards, in a promising order: for a game low cards of short side suits
    first, for misère high cards first."""
    classes: list[list[int]] = []
    for suit in range(4):
        run: list[int] = []
        for card in cards_of(twelve & SUIT_MASK[suit]):
            if run and card != run[-1] + 1:
                classes.append(run)
                run = []
            run.append(card)
        if run:
            classes.append(run)
    length = [(twelve & SUIT_MASK[s]).bit_count() for s in range(4)]

    def cost(card: int) -> int:  # what keeping the card is worth: discard the cheapest first
        rank, suit = card & 7, card >> 3
        if maximise:
            return 4 * rank + 3 * length[suit] + (40 if suit == trump else 0)
        return -4 * rank + 3 * length[suit]

    out: list[tuple[int, int]] = []
    for i, a in enumerate(classes):
        if len(a) >= 2:
            out.append((cost(a[0]) + cost(a[1]), 1 << a[0] | 1 << a[1]))
        for b in classes[i + 1:]:
            out.append((cost(a[0]) + cost(b[0]), 1 << a[0] | 1 << b[0]))
    out.sort(key=lambda item: (item[0], item[1]))
    return [mask for _, mask in out]


def _better(solver: Solver, play: TrickPlay, best: int) -> bool:
    """Whether ``play`` does better for the declarer than ``best`` tricks: more in a game, fewer in misère
    (one null-window test when the solver offers :meth:`Solver.reaches`)."""
    reaches = getattr(solver, "reaches", None)
    if solver.maximise:
        return bool(reaches(play, best + 1)) if reaches is not None else solver.value(play) > best
    return bool(reaches(play, best - 1)) if reaches is not None else solver.value(play) < best


@dataclass(frozen=True)
class Solved:
    """The double-dummy result of one contract kind for one declarer."""

    tricks: int
    discard: int
    """The two cards put away (0 when the contract is played without the talon)."""
    play: TrickPlay
    """The position at the first card, after that discard."""
    solver: Solver


def solve_contract(table: Table, deal: DealInput, spec: ContractSpec, declarer: int,
                   leader: int | None = None) -> Solved:
    """The declarer's double-dummy tricks in ``spec``, with the best discard when he takes the talon."""
    rules = table.rules(spec, declarer, leader)
    maximise = maximises(spec)

    def position(discard: int) -> TrickPlay:
        hands = list(deal.hands)
        if spec.with_talon:
            hands[declarer] = (hands[declarer] | deal.talon) & ~discard
        return TrickPlay.start(rules, hands, (), 3)

    if not spec.with_talon:
        play = position(0)
        solver = Solver(play, declarer, maximise)
        return Solved(solver.value(play), 0, play, solver)
    candidates = discards(deal.hands[declarer] | deal.talon, maximise, spec.trump)
    best_play = position(candidates[0])
    solver = Solver(best_play, declarer, maximise)  # one table for every discard: keys are the hands left
    best, best_discard = solver.value(best_play), candidates[0]
    for discard in candidates[1:]:
        if best == (10 if maximise else 0):
            break  # nothing can do better
        play = position(discard)
        if _better(solver, play, best):
            best, best_discard, best_play = solver.value(play), discard, play
    return Solved(best, best_discard, best_play, solver)


def lead_values(solved: Solved) -> dict[int, int]:
    """The declarer's final tricks after each legal first card (the shared table makes it cheap)."""
    play = solved.play
    out: dict[int, int] = {}
    for card in cards_of(play.legal_mask()):
        child = play.copy()
        child.play(card)
        out[card] = solved.solver.value(child)
    return out


# ---------------------------------------------------------------- the command


def card_names(mask: int) -> list[str]:
    return format_cards(mask).split()


def card_order(card: int) -> tuple[int, int]:
    """Suits in order (spades, clubs, diamonds, hearts), high cards first, as hands are printed."""
    return card >> 3, -card

def seat_label(seat: int, tr: Translator = ENGLISH) -> str:
    """``0 (first hand)``: the seat's number and its name in ``tr``'s language."""
    names = (tr.gettext("first hand"), tr.gettext("second hand"), tr.gettext("dealer"))  # SEAT_NAMES, shown
    return f"{seat} ({names[seat]})"


