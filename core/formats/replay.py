"""A finished or running game watched again, one deal at a time, step by step: each action with what its
viewer saw after it (the online table's replays and ``preferans replay``).

What a replay shows is what its viewer could see: a seat's own view at each moment (``Game.observation``,
the engine's one rule for who sees what), a spectator's, or, once the match is over, everything (``ALL``:
every hand, the talon and the discard from the deal's first step).
"""

from __future__ import annotations

from typing import Any, Literal

from preferans.core.engine.game import Game
from preferans.core.model.cards import CARD_NAMES

ALL: Literal["all"] = "all"
"""The viewer who sees everything (a match that is over)."""

Viewer = int | None | Literal["all"]


def deals_of(game: Game) -> int:
    """How many deals ``game`` has had, the one in play (or the last) counted."""
    return game.deal.number + 1


def replay_steps(game: Game, deal: int, viewer: Viewer) -> list[dict[str, Any]]:
    """The steps of deal ``deal`` of ``game`` (0-based): ``{"seat", "action", "state", "end"}``, the first
    the deal as dealt (``action`` ``None``), then one per action. The step that ends a deal has ``end``
    true and its state's ``last_trick`` and ``last_result`` are the deal's (its hands are left out: they
    are the next deal's). ``game`` is not changed: the deal is replayed on a new game from its packs."""
    if not 0 <= deal < deals_of(game):
        raise ValueError(f"deal {deal} is not a deal of the game (0..{deals_of(game) - 1})")
    sim = Game(game.variant, game.seed, game.first_dealer, deals=game.packs())
    actions = iter(game.history)
    while sim.deal.number < deal:
        sim.apply(next(actions))
    steps: list[dict[str, Any]] = [{"seat": None, "action": None, "state": _state(sim, viewer), "end": False}]
    for action in actions:
        seat = sim.current_player
        sim.apply(action)
        ended = sim.deal.number != deal or sim.is_terminal
        state = _state(sim, viewer)
        if ended:
            state.update(hands={}, talon=None, discard=None)
        steps.append({"seat": seat, "action": action, "state": state, "end": ended})
        if ended:
            break
    return steps


def _state(game: Game, viewer: Viewer) -> dict[str, Any]:
    seat = None if viewer == ALL else viewer
    assert seat is None or isinstance(seat, int)
    state = game.observation(seat).to_dict()
    if viewer == ALL:  # every card where it lies now
        deal = game.deal
        live = deal.play.hands if deal.play is not None else deal.hands
        state["hands"] = {str(h): _names(mask) for h, mask in enumerate(live) if mask}
        if not deal.talon_taken:
            state["talon"] = [CARD_NAMES[c] for c in deal.talon_cards]
        state["discard"] = _names(deal.discard) if deal.discard else None
    return state


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in range(32) if mask >> c & 1]
