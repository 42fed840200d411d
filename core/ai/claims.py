"""Claims at the online table: the player on lead says his hand takes so many of the tricks left, shows his
cards, and the others accept or refuse instead of playing the deal out.

- :func:`claim_moment`: whether the hand to play may claim now (on lead, the talon's leads over).
- :func:`claim_play`: a play of the rest of the deal that gives the claimer exactly the tricks claimed: the
  server writes it as the seats' card actions once everybody accepts, so the log, the replay and the
  scoring stay those of a deal played out. It is looked for only then: a claim is put to the others
  whatever it says, so that the server's answer tells the claimer nothing about the cards he cannot see.
- :func:`claim_holds`: a bot's answer, by the double-dummy solver over the layouts of the cards it cannot
  see (the claimer's are shown): it accepts when the claimer takes the tricks claimed in every one of them
  against its best play (at most those tricks when taking tricks is bad for him: raspasovka, his misère).
"""

from __future__ import annotations

import dataclasses
import random

from preferans.core.ai.pimc import observe, sample_layouts
from preferans.core.ai.solver import Solver, solve
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay

BUDGET = 20_000
"""Positions :func:`claim_line` may visit before it gives up."""
SAMPLES = 24
"""Layouts a bot checks a claim in (each one solved exactly)."""


@dataclasses.dataclass(frozen=True)
class ClaimMoment:
    """A claim the hand to play may make now: ``left`` tricks are still to play."""

    seat: int
    hand: int
    left: int
    won: int
    """The tricks the hand has already."""


def claim_moment(game: Game) -> ClaimMoment | None:
    """The claim open to the seat to act, or ``None``: it must be the play, the trick empty, and no talon
    card left to lead a trick (raspasovka)."""
    play = game.deal.play
    if game.is_terminal or game.phase is not Phase.PLAY or play is None or play.finished or play.trick:
        return None
    if play.tricks_done < min(play.rules.talon_leads, len(play.talon_cards)):
        return None
    return ClaimMoment(game.current_player, play.to_play, 10 - play.tricks_done, play.tricks_won[play.to_play])


def wants_few(game: Game, hand: int) -> bool:
    """Whether taking tricks is bad for ``hand``: a raspasovka, or the misère (Bettel) it declared."""
    deal = game.deal
    if deal.all_pass:
        return True
    if deal.contract is None or deal.declarer != hand:
        return False
    return deal.contract.goal == "none"


class TooHard(Exception):
    """:func:`claim_line` ran out of its budget."""


def claim_play(play: TrickPlay, hand: int, tricks: int) -> list[int] | None:
    """The play an accepted claim is written as: :func:`claim_line` within the double-dummy bounds, else
    any play of the cards that gives the split (the others accepted a claim their best play would beat),
    else ``None``: no play of these cards gives it, and the deal is played on."""
    for guided in (True, False):
        try:
            line = claim_line(play, hand, tricks, guided=guided)
        except TooHard:
            continue
        if line is not None:
            return line
    return None


def claim_line(play: TrickPlay, hand: int, tricks: int, budget: int = BUDGET, guided: bool = True) -> list[int] | None:
    """Cards (in play order, every hand's) that end the deal with ``hand`` taking exactly ``tricks`` more
    tricks, or ``None`` when no play found does; :class:`TooHard` when the search passes ``budget`` positions.

    The claimer cannot claim more than the double-dummy solver gives him against the others' best play; each
    card of the line keeps that many within his reach while he still needs tricks (the solver's value of
    the position after it), the claimer playing high while he needs tricks and low after, the others the
    other way round; a card that cannot lead to the split is taken back and the next one tried."""
    most = Solver(play, hand, True)
    target = play.tricks_won[hand] + tricks
    if guided and most.value(play) < target:
        return None
    line: list[int] = []
    visited = 0

    def search(p: TrickPlay) -> bool:
        nonlocal visited
        won = p.tricks_won[hand]
        if p.finished or won > target:
            return won == target
        visited += 1
        if visited > budget:
            raise TooHard
        high = (p.to_play == hand) == (won < target)
        for card in _cards(p.legal_mask(), high):
            child = p.copy()
            child.play(card)
            if guided and child.tricks_won[hand] < target and most.value(child) < target:
                continue
            line.append(card)
            if search(child):
                return True
            line.pop()
        return False

    return line if search(play.copy()) else None


def _cards(mask: int, high: bool) -> list[int]:
    cards = [c for c in range(32) if mask >> c & 1]
    # high: the highest rank first across suits; low: the lowest first
    return sorted(cards, key=lambda c: (c & 7, c), reverse=high)


def split_of(play: TrickPlay, line: list[int]) -> dict[int, int]:
    """The tricks each hand in play takes by the end of ``line``."""
    p = play.copy()
    before = list(p.tricks_won)
    for card in line:
        p.play(card)
    return {h: p.tricks_won[h] - before[h] for h in p.order}


def claim_holds(game: Game, seat: int, hand: int, tricks: int, rng: random.Random, samples: int = SAMPLES) -> bool:
    """A bot's answer for ``seat`` to the claim of ``hand`` (its cards shown) to take ``tricks`` more: true
    when in every layout it considers the claimer takes at least that many against best play (at most, when
    taking tricks is bad for him). The layouts are drawn from ``seat``'s own knowledge
    (:func:`~preferans.core.ai.pimc.observe`) and the shown hand: a bot never looks at a hidden card."""
    play = game.deal.play
    assert play is not None
    obs = observe(game, seat)
    shown = play.hands[hand]
    public = obs.play
    assert public is not None
    public = public.copy()
    public.hands[hand] = shown
    obs = dataclasses.replace(obs, known={**obs.known, hand: shown}, play=public)
    few = wants_few(game, hand)
    target = play.tricks_won[hand] + tricks
    positions = [public] if not obs.hidden else [_filled(public, layout.hands)
                                                 for layout in sample_layouts(obs, rng, samples)]
    for p in positions:
        value = solve(p, hand, maximise=not few)
        if (value > target) if few else (value < target):
            return False
    return True


def _filled(public: TrickPlay, hands: tuple[int, ...]) -> TrickPlay:
    """The public play with a layout's hands (every hand: the known ones as they are)."""
    p = public.copy()
    p.hands = list(hands)
    return p
