"""``TrickPlay.random_playout`` writes ``legal_mask``, ``play`` and the end of a trick out in one loop for
speed (the benchmark's rollouts). Its docstring promises the same cards as the plain loop over
``legal_mask()`` and ``play()`` with one ``rng.random()`` a card, and the same final state: checked here
from positions of real games of every rule family (must-beat, talon-led raspasovka, four players, a
dummy), so the written-out copy cannot drift from the rule it copies."""

from __future__ import annotations

import random

import pytest

from preferans.core import Game, Phase, load_variant
from preferans.core.engine.play import TrickPlay


def plain_playout(play: TrickPlay, rng: random.Random) -> None:
    """The reference: the k-th lowest legal card, k = int(rng.random() * number of legal cards)."""
    while not play.finished:
        legal = play.legal_mask()
        cards = [c for c in range(32) if legal >> c & 1]
        play.play(cards[int(rng.random() * len(cards))])


def positions(name: str, overrides: dict[str, object] | None, count: int, passing: bool = False) -> list[TrickPlay]:
    """Positions in the play of random games: at the first card, or some cards in (mid-trick included);
    ``passing``: everybody passes when he may, so the deals are raspasovki with their talon-led tricks."""
    variant = load_variant(name, overrides)
    rng = random.Random(f"{name}{overrides}")
    out: list[TrickPlay] = []
    seed = 0
    while len(out) < count:
        seed += 1
        game = Game(variant, seed=seed)
        while game.phase is not Phase.PLAY and not game.is_terminal:
            legal = game.legal_actions()
            game.apply("pass" if passing and "pass" in legal else legal[rng.randrange(len(legal))])
        if game.phase is not Phase.PLAY:
            continue
        for _ in range(rng.randrange(4 if passing else 12)):
            play = game.deal.play
            if play is None or play.finished or game.phase is not Phase.PLAY:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        play = game.deal.play
        if game.phase is Phase.PLAY and play is not None and not play.finished:
            out.append(play.copy())
    return out


CASES = [("sochi", None, False), ("sochi", None, True), ("sochi", {"players": 4}, False),
         ("sochi", {"players": 4}, True), ("sochi", {"players": 2}, False), ("balkan", None, False),
         ("austrian", None, False), ("illustrated", None, False)]


@pytest.mark.parametrize(("name", "overrides", "passing"), CASES,
                         ids=[f"{n}{o or ''}{'-raspasovka' if p else ''}" for n, o, p in CASES])
def test_random_playout_plays_as_the_plain_loop(name: str, overrides: dict[str, object] | None,
                                                passing: bool) -> None:
    starts = positions(name, overrides, 25, passing)
    if passing:  # the talon-led tricks of a raspasovka are among the positions
        assert any(p.rules.talon_leads and p.tricks_done < p.rules.talon_leads for p in starts)
    for i, start in enumerate(starts):
        fast, plain = start.copy(), start.copy()
        fast.random_playout(random.Random(i))
        plain_playout(plain, random.Random(i))
        assert fast.completed == plain.completed, (name, i)
        assert (fast.hands, fast.tricks_won, fast.tricks_done, fast.finished) == \
               (plain.hands, plain.tricks_won, plain.tricks_done, plain.finished), (name, i)
