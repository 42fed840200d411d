"""``preferans analyse``: every card of a saved game against double-dummy play.

The game is replayed action by action through the engine (so every position is the variant's own). At each
card of each played deal the solver values every legal card of the hand to play (:meth:`Solver.value` after
that card: the declarer's final tricks); a card is *costly* when another card would have left its side more
tricks, and the cost is the difference, seen from the side of the hand that played:

- in a game the declarer wants the most tricks for himself, the defenders the fewest for him;
- in misère or Bettel (``goal = "none"``) the other way round;
- in raspasovka nobody declares and everyone plays for himself: each hand is valued as if it alone avoided
  tricks and the other hands all tried to give it tricks (the misère search with that hand as the
  "declarer"), and its cost is the tricks of its own it could have avoided.

With ``expected`` (``analyse --expected``) each card is also valued as its player could know it: over the
layouts of the cards that player could not see (sampled as the ``hard`` bot samples them, weighted by the
calls; every layout when there are few), the mean of the same measure after each legal card; the card's
*expected loss* is how far its mean falls short of the best card's (:class:`Expected`). A card that is
costly double-dummy may have been the best bet, and a card that costs nothing double-dummy may have been a
gamble that came off: the expected loss is the mistake, the double-dummy cost the outcome.

One :class:`~preferans.core.ai.solver.Solver` per deal (per hand in raspasovka) serves every card of that deal,
so the transposition table is shared: the first card costs about a full solve per legal card, the later ones
mostly hit the table. A card with no alternative (one legal card, or only equivalent ones) is never costly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from preferans.core.ai.levels import HARD, HardBot
from preferans.core.ai.pimc import observe
from preferans.core.ai.registry import check_bot
from preferans.core.ai.solver import Solver
from preferans.core.engine.game import Deal, Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.formats.saves import DEFAULT_NAMES, load_session
from preferans.core.model.cards import CARD_INDEX, cards_of
from preferans.core.model.errors import RecordError, bad_input
from preferans.core.model.files import SAVE_LIMIT
from preferans.core.model.parsing import loads_json, read_text
from preferans.core.rules.config import Variant
from preferans.core.rules.manager import family_reading


@dataclass(frozen=True)
class Costly:
    """A card that cost its side ``lost`` tricks against double-dummy play."""

    trick: int
    """1 for the first trick of the deal."""
    hand: int
    card: int
    lost: int
    best: tuple[int, ...]
    """The cards that would have lost nothing."""


@dataclass(frozen=True)
class Expected:
    """A card whose mean over the layouts its player could not tell apart fell ``loss`` tricks short of the
    best card's (``layouts`` solved)."""

    trick: int
    hand: int
    seat: int
    """The seat that chose the card (the hand's, or the seat that plays it for an open hand)."""
    card: int
    loss: float
    best: tuple[int, ...]
    """The cards with the best mean."""
    layouts: int


@dataclass
class DealAnalysis:
    """One deal of the game: its contract, the double-dummy value at the first card, what happened."""

    number: int
    dealer: int
    kind: str
    """``"contract"`` or ``"all_pass"`` (all passed and played: the Russian raspasovka), ``"not played"``
    otherwise."""
    contract: str | None = None
    declarer: int | None = None
    dd_start: tuple[int, ...] = ()
    """The declarer's double-dummy tricks at the first card; in raspasovka each active hand's (fewest
    tricks against the others), in the order of ``hands``."""
    hands: tuple[int, ...] = ()
    actual: tuple[int, ...] = ()
    """Tricks taken: the declarer's; in raspasovka each of ``hands``."""
    costly: list[Costly] = field(default_factory=list)
    expected: list[Expected] = field(default_factory=list)
    """With ``expected``: every card with an expected loss (above :data:`LOSS_SHOWN`)."""


LOSS_SHOWN = 0.005
"""Expected losses this small are rounding (a weighted mean of whole tricks): not listed."""


def expected_loss(game: Game, card: int, samples: int) -> Expected | None:
    """The expected loss of ``card``, about to be played, for the seat to act: the legal cards valued as the
    ``hard`` bot values them from that seat's observation (``samples`` layouts, or every one when few), each
    card's mean of the side's measure against the best mean. ``None`` when there is no real choice or
    nothing was solved."""
    play = game.deal.play
    if play is None or len(game.legal_actions()) < 2:
        return None
    seat = game.current_player
    bot = HardBot(replace(HARD, samples=samples, min_samples=1, seed=game.seed * 1_000_003 + seat))
    found = bot.card_totals(observe(game, seat))
    if found is None or card not in found.tricks or not found.solved:
        return None
    means = {c: t / found.solved for c, t in found.tricks.items()}
    best = max(means.values()) if found.want_high else min(means.values())
    return Expected(play.tricks_done + 1, play.to_play, seat, card, abs(best - means[card]),
                    tuple(c for c in sorted(means) if abs(means[c] - best) <= LOSS_SHOWN), bot.last_samples)


class _DealWalk:
    """The solvers of one deal in play and the costly cards found so far."""

    def __init__(self, deal: Deal, record: DealAnalysis) -> None:
        play = deal.play
        assert play is not None
        self.deal = deal
        self.record = record
        self.declarer = deal.declarer if not deal.all_pass else None
        contract = deal.contract
        self.maximise = contract is None or contract.goal != "none"
        self.solvers: dict[int, Solver] = {}
        if self.declarer is not None:
            record.hands = (self.declarer,)
            record.dd_start = (self.solver(self.declarer).value(play),)
        else:
            record.hands = play.order
            record.dd_start = tuple(self.solver(h).value(play) for h in play.order)

    def solver(self, hand: int) -> Solver:
        """The solver whose value is this hand's side's measure: the declarer's tricks, or in raspasovka the
        hand's own tricks, which it minimises."""
        if hand not in self.solvers:
            play = self.deal.play
            assert play is not None
            maximise = self.maximise if self.declarer is not None else False
            self.solvers[hand] = Solver(play, hand, maximise)
        return self.solvers[hand]

    def card(self, play: TrickPlay, card: int) -> None:
        """Value ``card``, about to be played from ``play``, against the other legal cards."""
        legal = list(cards_of(play.legal_mask()))
        if len(legal) < 2:
            return
        hand = play.to_play
        if self.declarer is None:
            solver, wants_more = self.solver(hand), False
        else:
            solver = self.solver(self.declarer)
            wants_more = (hand == self.declarer) == self.maximise
        values: dict[int, int] = {}
        for c in legal:
            child = play.copy()
            child.play(c)
            values[c] = solver.value(child)
        best = max(values.values()) if wants_more else min(values.values())
        lost = abs(best - values[card])
        if lost:
            self.record.costly.append(Costly(play.tricks_done + 1, hand, card, lost,
                                             tuple(c for c in legal if values[c] == best)))


def analyse(variant: Variant, seed: int, actions: Sequence[str], first_dealer: int = 0,
            deals: Sequence[Sequence[int]] = (), limit: int | None = None,
            expected: int | None = None) -> list[DealAnalysis]:
    """Replay a game and analyse its finished deals (the first ``limit`` of them); with ``expected``, each
    card's expected loss too, over that many layouts (:func:`expected_loss`)."""
    game = Game(variant, seed, first_dealer, deals=deals)
    out: list[DealAnalysis] = []
    walk: _DealWalk | None = None
    for action in actions:
        if limit is not None and len(out) >= limit:
            break
        deal = game.deal
        if game.phase is Phase.PLAY and deal.play is not None:
            if walk is None or walk.deal is not deal:
                kind = "all_pass" if deal.all_pass else "contract"
                walk = _DealWalk(deal, DealAnalysis(deal.number + 1, deal.dealer, kind))
            card = CARD_INDEX.get(action)
            if card is not None and deal.play.legal_mask() >> card & 1:
                walk.card(deal.play, card)
                found = expected_loss(game, card, expected) if expected else None
                if found is not None and found.loss > LOSS_SHOWN:
                    walk.record.expected.append(found)
        done = len(game.results)
        game.apply(action)
        if len(game.results) > done:
            out.append(_finished(game, walk if walk is not None and walk.deal is deal else None))
            walk = None
    return out


def largest_mistakes(deals: Sequence[DealAnalysis], k: int = 3) -> dict[int, list[tuple[int, Expected]]]:
    """Each seat's ``k`` cards of largest expected loss over the game, with their deal numbers, largest
    first (the earlier on a tie); seats without one are left out."""
    out: dict[int, list[tuple[int, Expected]]] = {}
    for d in deals:
        for e in d.expected:
            out.setdefault(e.seat, []).append((d.number, e))
    return {seat: sorted(rows, key=lambda r: (-r[1].loss, r[0], r[1].trick))[:k] for seat, rows in sorted(out.items())}


def _finished(game: Game, walk: _DealWalk | None) -> DealAnalysis:
    r = game.results[-1]
    contract = r.contract.name if r.contract is not None and r.kind == "contract" else None
    if walk is None:
        return DealAnalysis(r.index_in_match + 1, r.dealer, "not played", contract, r.declarer)
    record = walk.record
    record.contract, record.declarer = contract, r.declarer if r.kind == "contract" else None
    record.actual = tuple(r.tricks[h] for h in record.hands)
    return record


# ---------------------------------------------------------------- reading the log


def load_log(path: str) -> tuple[Game, list[str]]:
    """The finished (or unfinished) game of a save file, a game record, or a family's own record (a PPN file:
    the Balkan family's ``pref_read_game``); and the names."""
    p = Path(path)
    text = read_text(p, path, RecordError, SAVE_LIMIT, "a game record")
    # anything that starts as JSON must be JSON (a PPN file's JSON form too): its error is the line to show
    data = loads_json(text, path, RecordError) if text.lstrip().startswith("{") else None
    if isinstance(data, dict) and data.get("format") == "preferans-game":
        game = Game.from_dict(data, source=path)
        return game, list(DEFAULT_NAMES[:game.n_players])
    if isinstance(data, dict) and data.get("format") == "preferans-save":
        session = load_session(p, check_bot)
        return session.game, session.names
    read = family_reading("pref_read_game", text=text, source=path)  # a family's own record: PPN (Balkan)
    if read is not None:
        game, names = read
        return game, list(names)
    raise bad_input("{path}: not a saved game ({command}), a game record or a {ppn} file", RecordError, path=path,
                    command="play --save", ppn="PPN")


# ---------------------------------------------------------------- the command


