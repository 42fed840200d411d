"""Jura's dark first lead (``whist.first_lead_dark``): "играющий делает первый ход втёмную" (Jura's
tournament conventions for Leningrad). When a lone whister plays open and the declarer has the first lead,
the declarer leads before the defending hands are laid open; from the first card on they are open as
usual. On in Leningrad (Jura) and Classic (russian.md 4's Classic column), off in Sochi and Rostov (no
value there): the open hands are seen from the start. What each seat sees is read from the
engine's ``visible_hands``, the only view a bot or a client gets.
"""

from __future__ import annotations

import pytest

from preferans.core import Game, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Phase


def _to_open_play_with_the_declarer_on_lead(seed: int) -> tuple[Game, Game] | None:
    """The same random game under the default and with first_lead_dark, up to the first card of a deal in
    which a lone whister plays open and the declarer leads first; ``None`` if the game has no such deal."""
    plain = Game(load_variant("sochi", {"whist": {"lone_whister_open": True}}), seed)
    dark = Game(load_variant("sochi", {"whist": {"lone_whister_open": True, "first_lead_dark": True}}), seed)
    bots = [make_bot("random", seed, s) for s in range(3)]
    while not plain.is_terminal and len(plain.results) < 40:
        play = plain.deal.play
        if plain.phase is Phase.PLAY and play is not None and play.played == 0 and play.rules.open_hands and (
                play.rules.leader == play.rules.declarer):
            return plain, dark
        action = bots[plain.current_player].choose(plain, plain.current_player)
        plain.apply(action)
        dark.apply(action)  # a random bot does not look at the cards: both games take the same actions
    return None


def test_the_declarer_leads_before_the_hands_are_open() -> None:
    found = next(g for seed in range(30) if (g := _to_open_play_with_the_declarer_on_lead(seed)) is not None)
    plain, dark = found
    rules = dark.deal.play.rules  # type: ignore[union-attr]
    declarer = rules.declarer
    assert declarer is not None and rules.open_after_declarer_leads
    defenders = set(rules.open_hands)
    # default: the declarer sees his own hand and both open defending hands before his lead
    assert set(plain.visible_hands(declarer)) == {declarer} | defenders
    # dark first lead: only his own hand
    assert set(dark.visible_hands(declarer)) == {declarer}
    # after his first card the defending hands lie open
    card = dark.legal_actions()[0]
    dark.apply(card)
    plain.apply(card)
    assert set(dark.visible_hands(declarer)) == {declarer} | defenders == set(plain.visible_hands(declarer))


@pytest.mark.parametrize(("name", "dark"), [("sochi", False), ("rostov", False), ("leningrad", True),
                                            ("classic", True)])
def test_the_presets(name: str, dark: bool) -> None:
    assert load_variant(name).rules.whist.first_lead_dark is dark
