"""A game at the table as the command line keeps it: a save file read with its bots checked, and the claim
of a human player whose remaining tricks are certain."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from preferans.core.ai.registry import check_bot
from preferans.core.engine.game import Game, Phase
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
    they play, when he leads as :func:`claim_lead` says.

    Checked without a look at a hidden card: the hand is on lead (the trick is empty and no talon card leads
    the next one); each of its cards is the highest left in its suit, counting every card it has not seen
    played as still out against it (the other hands, the talon, a discard it did not make); and nobody can
    trump it: no trump is out, or it holds at least as many trumps as are out, all higher, and leads them
    first (each other hand must follow a trump lead, so k leads leave no trump in a hand that held at most
    k). Then every card it leads wins, so it keeps the lead to the end. Whether taking the tricks is good
    for it (a misère) does not matter: the claim is a fact about the tricks."""
    play = game.deal.play
    if play is None or game.phase is not Phase.PLAY or play.trick:
        return False
    rules = play.rules
    if play.tricks_done < min(rules.talon_leads, len(play.talon_cards)):
        return False
    hand = play.hands[play.to_play]
    outstanding = FULL_PACK & ~hand & ~play.played
    if not all(_masters(hand, outstanding, suit) for suit in range(4)):
        return False
    trump = rules.trump
    if trump == NO_TRUMP:
        return True
    mine, theirs = hand & SUIT_MASK[trump], outstanding & SUIT_MASK[trump]
    if not theirs or not hand & ~SUIT_MASK[trump]:
        return True
    return rules.must_follow and mine.bit_count() >= theirs.bit_count()


def claim_lead(game: Game) -> str:
    """The card a claimer leads (after :func:`can_claim` once): his highest trump while he has one, then his
    highest card. The plan is fixed when the claim is made and not checked again: a trump out of play (in a
    discard) keeps counting as out, though the claim holds."""
    play = game.deal.play
    assert play is not None
    hand = play.hands[play.to_play]
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
