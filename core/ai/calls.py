"""The hard bot's calls: every decision that is not a card of play or the discard, valued by its settlement.

At an auction call, a declaration, a defence call (whist, pass, half-whist, open or closed, kontra and its
answers, an invitation) or any other call the variant offers before the play, the hard bot values each
candidate call over its weighted layouts of the unseen cards (its inference: ``HardBot.weighted_layouts``)
by **playing the deal out** on a copy of the game with that layout (``Game.with_cards``): the call is applied,
every later call of the deal is the heuristic bot's (the model of the others, and a cheap stand-in for the
bot's own later calls), and the cards are played **double-dummy** by the solver when the deal has a declarer
(every hand plays a card that keeps the solver's value; in raspasovka, where no two-sided value exists, the
heuristic bot plays the cards). With the ``seen_defence`` option (a share ``w``; the variant's ``[bots]
hard_seen_defence``) the play-out branches at every later defence call, every choice tried, and the call's
value blends, with weight ``w``, the line where each caller keeps his best choice on the layout with the
line of the heuristic's own calls, a branch of the same tree (:func:`play_out_both`): the heuristic bot
passes games it would beat, a defence that sees every card beats too many. The deal is then scored by the engine
with the variant's own hooks, and the call's value is the mean change of the seat's settlement
(``Game.settlement().exact``), weighted by the layouts' likelihood. The best mean wins; ties go to the heuristic's call.

Approximations (docs/bots.md, "The calls"): a call whose consequence is a whole further auction is valued
by the heuristic's continuation of that auction, not by the hard bot's own; double-dummy play is optimistic
for whoever the solver favours, the defenders above all; and only a few candidates are valued when the
variant offers many (:func:`candidates`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from preferans.core.ai.bots import HeuristicBot
from preferans.core.ai.pimc import Budget, Knowledge, Layout, PimcOptions, default_nodes, observe, solve_value
from preferans.core.ai.solver import Solver
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.model.cards import CARD_NAMES, cards_of
from preferans.core.model.contracts import ContractSpec

__all__ = ["ALL_CALLS", "CALL_PHASES", "PHASE_BITS", "CALL_SAMPLES", "MAX_CANDIDATES", "ROLLOUT_SHARE", "BRANCH_SHARE",
           "BRANCH_DEPTH",
           "CallValues", "candidates", "choose_call", "call_values"]

CALL_PHASES = (Phase.AUCTION, Phase.DECLARE, Phase.DEFENCE)
"""The phases whose decisions this module makes (the discard and the card play are the hard bot's own)."""

PHASE_BITS = {Phase.AUCTION: 1, Phase.DECLARE: 2, Phase.DEFENCE: 4}
"""The bit of each phase in the hard bot's ``calls`` option (``hard:calls=6``: the declaration and defence)."""

ALL_CALLS = 7
"""Every phase's bit: the hard bot's calls where neither its options nor the variant say otherwise."""

CALL_SAMPLES = 8
"""Layouts over which each candidate call is played out (fewer when the node budget runs out)."""

MAX_CANDIDATES = 8
"""More legal calls than this and only :func:`candidates` are valued."""

ROLLOUT_SHARE = 200
"""A play-out costs beyond its solver nodes (copying the game, the heuristic's calls, scoring) about a
two-hundredth of the backend's node budget of a decision (1-2 ms; 20 000 of the compiled solver's 4 000 000),
charged as that many nodes (:func:`rollout_nodes`), so the budget bounds the whole decision, deterministically."""


BRANCH_SHARE = 10
"""A branch of a play-out's defence calls (``seen_defence``) copies the game, replays the cards its play
shares with the other branches and scores: 0.17 ms measured against about 1.2 ms for a whole play-out
(docs/bots.md, "Speed"), charged as a tenth of a play-out."""

BRANCH_DEPTH = 3
"""Defence calls in a row that :func:`play_out_both` branches at; the later ones are the heuristic's. A chain of
calls the variant does not bound (a Balkan kontra, rekontra, subkontra ...) would otherwise branch without end."""


def rollout_nodes() -> int:
    """The nodes a play-out is charged beyond its solver's (:data:`ROLLOUT_SHARE`)."""
    return default_nodes() // ROLLOUT_SHARE

Weighted = Callable[[Knowledge, int], list[tuple[Layout, Any]]]
"""``(obs, n) ->`` up to ``n`` layouts of the unseen cards with their weights (the hard bot's inference)."""


class CallValues:
    """The mean settlement change of the seat for each candidate call, over ``solved`` layouts' weight;
    ``too_few`` when the node budget ran out before ``min_samples`` layouts were played out."""

    def __init__(self, calls: Sequence[str]) -> None:
        self.totals: dict[str, float] = dict.fromkeys(calls, 0.0)
        self.solved: float = 0.0
        self.layouts = 0
        self.too_few = False

    def mean(self, call: str) -> float:
        return self.totals[call] / self.solved if self.solved else 0.0


# ---------------------------------------------------------------- which calls to value


def candidates(game: Game, seat: int, legal: list[str], heuristic: str, obs: Knowledge,
               layouts: list[tuple[Layout, Any]]) -> list[str]:
    """The calls worth playing out: all of them when there are at most :data:`MAX_CANDIDATES`. Otherwise, in
    the auction: pass, the heuristic's call, the lowest trick bid with the talon (bidding on: the
    heuristic's continuation raises it as far as the hand goes) and every other kind of call (misère,
    hand games, Bettel ...); in the declaration: the heuristic's choice, every call that is not for tricks,
    and for the two strains with the most double-dummy tricks over 4 layouts (the hands of play even: the
    discard made) every level from the lowest declarable up to the most tricks any layout gives. (Those few
    solves are not charged to the budget.)"""
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    table = game.contracts
    chosen: dict[str, None] = dict.fromkeys(c for c in ("pass", heuristic) if c in legal)
    tricks = [table[c] for c in legal if c in table and table[c].goal == "tricks"]
    hands_even = len({layout.hands[h].bit_count() for h in obs.active for layout, _ in layouts[:1]}) == 1
    if game.phase is Phase.DECLARE and tricks and seat in obs.known and hands_even:
        chosen.update(dict.fromkeys(c for c in legal if c not in table or table[c].goal != "tricks"))
        by_strain: dict[int, list[ContractSpec]] = {}
        for spec in sorted(tricks, key=lambda s: s.rank):
            by_strain.setdefault(spec.trump, []).append(spec)
        best: dict[int, list[int]] = {}
        for t, specs in by_strain.items():
            rules = game.play_rules_for(specs[0], seat)
            best[t] = [solve_value(TrickPlay.start(rules, list(layout.hands), (), obs.n_hands), seat, True)[0]
                       for layout, _ in layouts[:4]]
        top = sorted(best, key=lambda t: -sum(best[t]))[:2]
        for t in top:
            most = max(best[t])
            for spec in by_strain[t]:
                if spec is by_strain[t][0] or spec.level <= most:
                    chosen[spec.name] = None
        return list(chosen)
    plain = sorted((s for s in tricks if s.with_talon), key=lambda s: s.rank)
    if plain:
        chosen[plain[0].name] = None
    chosen.update(dict.fromkeys(c for c in legal if c not in table or c not in {s.name for s in plain}))
    return [c for c in legal if c in chosen]


# ---------------------------------------------------------------- playing a layout out


def imagine(game: Game, obs: Knowledge, layout: Layout) -> Game:
    """A copy of ``game`` with the layout's cards where the seat cannot see: the hidden hands, the talon
    while it lies (in the layout's order), the discard the seat did not make."""
    deal = game.deal
    if deal.talon_taken:
        return game.with_cards(layout.hands, (), obs.discard | layout.rest)
    return game.with_cards(layout.hands, layout.rest_order, obs.discard)


Moves = dict[tuple[Any, ...], list[int]]
"""The double-dummy cards of a play-out's play, by its starting position: the defence calls change who pays,
not how the cards fall, so the branches of :func:`play_out_both` that reach the same play replay its cards."""


def play_out(g: Game, deals: int, heuristic: HeuristicBot) -> tuple[Game, int]:
    """Finish the deal in progress of ``g`` (until ``deals`` results are posted): calls by the heuristic bot,
    cards double-dummy when the deal has a declarer, else the heuristic's. ``g`` finished, and the solver
    nodes spent."""
    nodes = 0
    while len(g.results) < deals and not g.is_terminal:
        nodes += _step(g, heuristic, None)
    return g, nodes


def play_out_both(g: Game, deals: int, heuristic: HeuristicBot, moves: Moves,
                  depth: int = 0) -> tuple[Game, Game, int]:
    """:func:`play_out` with the defence seen as well: at each defence call with a choice (follow or pass,
    whist, kontra and its answers) every choice is played out and the caller keeps the one his settlement
    likes best on this layout (the heuristic's on a tie), while the branch of the heuristic's own calls is
    the plain play-out. The finished game of the seen defence, that of the heuristic's, and the solver nodes
    spent (both games are ``g`` itself when no defence call branched). Only the first :data:`BRANCH_DEPTH`
    defence calls branch (``depth`` of them are behind ``g``)."""
    nodes = 0
    while len(g.results) < deals and not g.is_terminal:
        if g.phase is Phase.DEFENCE and depth < BRANCH_DEPTH and len(legal := g.legal_actions()) > 1:
            action = heuristic.choose(g, g.current_player)
            return _best_defence(g, deals, heuristic, legal, action if action in legal else legal[0], moves, nodes,
                                 depth)
        nodes += _step(g, heuristic, moves)
    return g, g, nodes


def _step(g: Game, heuristic: HeuristicBot, moves: Moves | None) -> int:
    """One call of the heuristic bot, or the rest of the cards double-dummy; the solver nodes spent."""
    play = g.deal.play
    if g.phase is Phase.PLAY and play is not None and play.rules.declarer is not None:
        return _play_double_dummy(g, play, play.rules.declarer, moves)
    legal = g.legal_actions()
    action = heuristic.choose(g, g.current_player)
    g.apply(action if action in legal else legal[0])  # a rule of thumb that misses a variant's call
    return 0


def _best_defence(g: Game, deals: int, heuristic: HeuristicBot, legal: list[str], preferred: str, moves: Moves,
                  nodes: int, depth: int) -> tuple[Game, Game, int]:
    """Each defence call of ``legal`` played out to the end (:func:`play_out_both`): the finished game of the
    caller's best one, and that of the heuristic's calls (``preferred`` here and in its branch)."""
    seat = g.current_player
    best: tuple[Fraction, Game] | None = None
    plain = g
    for call in [preferred, *(c for c in legal if c != preferred)]:
        child = g.clone()
        child.apply(call)
        seen, heuristics, spent = play_out_both(child, deals, heuristic, moves, depth + 1)
        nodes += spent + rollout_nodes() // BRANCH_SHARE  # the copy, the calls, the cards replayed, the score
        if call == preferred:
            plain = heuristics
        value = seen.settlement().exact[seat]
        if best is None or value > best[0]:
            best = (value, seen)
    assert best is not None
    return best[1], plain, nodes


def _play_double_dummy(g: Game, play: TrickPlay, declarer: int, moves: Moves | None) -> int:
    """Play the rest of the cards of ``g`` double-dummy (replayed from ``moves``, if given, when that play
    was solved before); the solver nodes spent."""
    key = (play.rules, tuple(play.hands), play.to_play, play.tricks_done, tuple(play.tricks_won), tuple(play.trick))
    known = moves.get(key) if moves is not None else None
    if known is not None:
        for card in known:
            g.apply(CARD_NAMES[card])
        return 0
    contract = g.deal.contract
    solver = Solver(play, declarer, contract is None or contract.goal != "none")
    cards: list[int] = []
    while g.phase is Phase.PLAY and g.deal.play is play and not play.finished:
        card = _keeping_card(solver, play)
        cards.append(card)
        g.apply(CARD_NAMES[card])
    if moves is not None:
        moves[key] = cards
    fast = getattr(solver, "fast", None)
    return int(getattr(solver, "nodes", 0)) + int(getattr(fast, "nodes", 0) if fast is not None else 0)


def _keeping_card(solver: Solver, play: TrickPlay) -> int:
    """A card of the hand to play that keeps the solver's value of the position (the lowest such card): a
    hand on the side that wants the declarer's tricks high plays one after which they are at least the
    value, the other side one after which they are at most it."""
    legal = sorted(cards_of(play.legal_mask()), key=lambda c: (c & 7, c))
    if len(legal) == 1:
        return legal[0]
    v = solver.value(play)
    high = solver.max_side[play.to_play]
    for card in legal:
        child = play.copy()
        child.play(card)
        if child.finished:
            got = child.tricks_won[solver.declarer]
            if (got >= v) if high else (got <= v):
                return card
            continue
        if high and solver.value(child, v - 1, v) >= v:
            return card
        if not high and solver.value(child, v, v + 1) <= v:
            return card
    return legal[0]  # pragma: no cover - some card keeps the value


# ---------------------------------------------------------------- the decision


def call_values(game: Game, seat: int, calls: Sequence[str], layouts: list[tuple[Layout, Any]],
                options: PimcOptions, obs: Knowledge, heuristic: HeuristicBot, required: int = 0) -> CallValues:
    """Each call of ``calls`` played out on each layout (while the node budget lasts; a layout is valued for
    every call or dropped), its seat's settlement change summed with the layout's weight.

    ``required`` is the number of layouts below which the values are ``too_few``: a layout whose play-outs
    so far have spent what was left of the budget is the last one the budget allows, so when it cannot
    bring the count to ``required`` its remaining play-outs are not played (the values would be too few
    whatever they said; with the pure-Python solver one layout's play-outs overran the budget by most of a
    second). The decision is the same as if they were played."""
    out = CallValues(calls)
    budget = Budget(options.nodes, options.time)
    before = game.settlement().exact[seat]
    deals = len(game.results) + 1
    overhead = rollout_nodes()
    seen = Fraction(options.seen_defence or 0).limit_denominator(100)
    for layout, weight in layouts:
        if not budget.allows():
            break
        spent = 0
        row: dict[str, Fraction] = {}
        base = imagine(game, obs, layout)
        moves: Moves = {}
        for call in calls:
            g = base.clone()
            g.apply(call)
            if seen:  # one tree of play-outs gives both values: the plain play-out is its heuristic branch
                done, plain, nodes = play_out_both(g, deals, heuristic, moves)
                row[call] = (seen * done.settlement().exact[seat] + (1 - seen) * plain.settlement().exact[seat]
                             - before)
            else:
                done, nodes = play_out(g, deals, heuristic)
                row[call] = done.settlement().exact[seat] - before
            spent += nodes + overhead
            if budget.nodes - spent <= 0 and out.layouts + 1 < required:
                out.too_few = True  # Budget.allows stops after this layout, and it is too few in any case
                return out
        budget.charge(spent)
        for call, v in row.items():
            out.totals[call] += float(weight) * float(v)
        out.solved += float(weight)
        out.layouts += 1
    return out


def choose_call(game: Game, seat: int, legal: list[str], weighted: Weighted, options: PimcOptions,
                heuristic: HeuristicBot) -> tuple[str, CallValues] | None:
    """The call with the best mean settlement for ``seat`` (ties: the heuristic's), with the values; ``None``
    when there is nothing to play out (no layout, fewer than two candidates). When the node budget ran out
    before ``min_samples`` layouts were played out, the heuristic's call, its values marked ``too_few``: the
    decision's budget is spent, and the caller must not spend a second one (pimc's own call) on it."""
    obs = observe(game, seat)
    fallback = heuristic.choose(game, seat)
    layouts = weighted(obs, CALL_SAMPLES)
    if not layouts:
        return None
    calls = candidates(game, seat, legal, fallback, obs, layouts)
    if len(calls) < 2:
        return None
    required = min(options.min_samples, len(layouts))
    values = call_values(game, seat, calls, layouts, options, obs, heuristic, required)
    if values.too_few or values.layouts < required:
        values.too_few = True
        return fallback, values
    best = max(values.mean(c) for c in calls)
    tied = [c for c in calls if values.mean(c) >= best - 1e-9 * max(1.0, abs(best))]
    return (fallback if fallback in tied else tied[0]), values
