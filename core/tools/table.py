"""A game at the table as the command line keeps it: a save file read with its bots checked, and the claim
of a human player whose remaining tricks are certain."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from preferans.core.ai.registry import check_bot
from preferans.core.ai.solver import card_values, solve
from preferans.core.engine.game import Game, Phase
from preferans.core.engine.play import TrickPlay
from preferans.core.formats.saves import Session
from preferans.core.formats.saves import load_session as read_session
from preferans.core.model.cards import CARD_NAMES, FULL_PACK, NO_TRUMP, SUIT_MASK


def load_session(path: Path, plugins: Sequence[Any] = ()) -> Session:
    """A save file, with every seat's bot name checked against the bot registry; ``plugins`` are the local
    plugins the game was played with, given again (``--plugin``)."""
    return read_session(path, check_bot, plugins)


# ---------------------------------------------------------------- a claim: the rest of the tricks are surely his


def _masters(hand: int, outstanding: int, suit: int) -> bool:
    """Every card of ``hand`` in ``suit`` beats every outstanding card of it (cards rank upwards in a suit)."""
    mine, theirs = hand & SUIT_MASK[suit], outstanding & SUIT_MASK[suit]
    return not mine or not theirs or (mine & -mine).bit_length() > theirs.bit_length()


def can_claim(game: Game) -> bool:
    """Whether the player of the hand to play takes every trick left, whatever the others hold and however
    they play, when he leads as :func:`claim_lead` says. He must be on lead (the trick empty, no talon card
    to lead the next one), and one of two things holds:

    - **sure winners**, checked without a look at a hidden card: each of his cards is the highest left in
      its suit, counting every card he has not seen played or discarded himself as still out against him
      (the other hands, the talon, a discard he did not make); and nobody can trump them: no trump is out,
      or he holds at least as many trumps as are out, all higher, and leads them first (each other hand must
      follow a trump lead, so k leads leave no trump in a hand that held at most k). Then every card he leads
      wins, so he keeps the lead to the end;
    - **an open layout**: he sees every hand in play (open defenders), so the double-dummy solver's value is
      exact, and it gives him every trick left against any play of the others.

    Whether taking the tricks is good for him (a misère) does not matter: a claim is a fact about tricks."""
    play = game.deal.play
    if play is None or game.phase is not Phase.PLAY or play.trick:
        return False
    if play.tricks_done < min(play.rules.talon_leads, len(play.talon_cards)):
        return False
    return _sure_winners(game) or (_open_layout(game) and _solver_takes_all(play))


def _sure_winners(game: Game) -> bool:
    play = game.deal.play
    assert play is not None
    rules = play.rules
    hand = play.hands[play.to_play]
    outstanding = FULL_PACK & ~hand & ~play.played & ~_own_discard(game)
    if not all(_masters(hand, outstanding, suit) for suit in range(4)):
        return False
    trump = rules.trump
    if trump == NO_TRUMP:
        return True
    mine, theirs = hand & SUIT_MASK[trump], outstanding & SUIT_MASK[trump]
    if not theirs or not hand & ~SUIT_MASK[trump]:
        return True
    return rules.must_follow and mine.bit_count() >= theirs.bit_count()


def _own_discard(game: Game) -> int:
    """The discard, when the player of the hand to play made all of it (he knows those cards are out)."""
    deal = game.deal
    assert deal.play is not None
    player = deal.controllers[deal.play.to_play]
    return deal.discard if deal.discarded_by and set(deal.discarded_by) == {player} else 0


def _open_layout(game: Game) -> bool:
    """The player of the hand to play sees every hand in play."""
    deal = game.deal
    assert deal.play is not None
    seen = game.visible_hands(deal.controllers[deal.play.to_play])
    return all(h in seen for h in deal.play.order)


def _tricks_if_all(play: TrickPlay) -> int:
    """The tricks left to the end of the deal if the hand to play wins every one (an early stop ends it
    sooner: the declarer's goal reached, or the defence's)."""
    hand, rules, done = play.to_play, play.rules, play.tricks_done
    left = 10 - done
    if rules.declarer is None:
        return left
    won = play.tricks_won[rules.declarer]
    if hand == rules.declarer and rules.stop_declarer_at is not None:
        left = min(left, rules.stop_declarer_at - won)
    if hand != rules.declarer and rules.stop_defence_at is not None:
        left = min(left, rules.stop_defence_at - (done - won))
    return left


def _solver_takes_all(play: TrickPlay) -> bool:
    hand = play.to_play
    return solve(play, hand) - play.tricks_won[hand] >= _tricks_if_all(play)


def claim_lead(game: Game) -> str:
    """The card a claimer leads: in an open layout the solver's best card (the highest of equal ones);
    otherwise his highest trump while he has one, then his highest card. That plan is not checked again
    as the play goes: a trump out of play (in the talon) keeps counting as out, though the claim holds."""
    play = game.deal.play
    assert play is not None
    hand = play.hands[play.to_play]
    if _open_layout(game):
        values = card_values(play, play.to_play)
        best = max(values.values())
        return CARD_NAMES[max(c for c, v in values.items() if v == best)]
    trumps = hand & SUIT_MASK[play.rules.trump] if play.rules.trump != NO_TRUMP else 0
    return CARD_NAMES[(trumps or hand).bit_length() - 1]


def claim_tricks(game: Game) -> int:
    """How many tricks a claim takes (:func:`can_claim` true): the play goes on to the end, or until the
    deal is decided (a variant's early stop), with the claimer leading by :func:`claim_lead` and every other
    hand playing its first legal card, which changes nothing since the claimer wins every trick."""
    sim = game.clone()
    play = sim.deal.play
    assert play is not None
    hand, number, before = play.to_play, sim.deal.number, play.tricks_won[play.to_play]
    while True:
        tp = sim.deal.play
        assert tp is not None
        sim.apply(claim_lead(sim) if tp.to_play == hand and not tp.trick else sim.legal_actions()[0])
        if sim.deal.number != number or sim.is_terminal:
            return sim.results[-1].tricks[hand] - before
