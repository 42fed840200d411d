"""preferans.core: the engine, hook specifications, config loading and the command line.

Typical use::

    from preferans.core import load_variant, Game
    game = Game(load_variant("sochi"), seed=1)
    while not game.is_terminal:
        game.apply(game.legal_actions()[0])
"""

from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import card_name, format_cards, parse_card, parse_cards
from preferans.core.model.contracts import ContractRegistry, ContractSpec, ContractTable
from preferans.core.model.errors import (
    BadInput,
    ConfigError,
    IllegalActionError,
    NoRuleError,
    PreferansError,
    RecordError,
)
from preferans.core.model.observed import Event, Observation, SeenCards
from preferans.core.model.views import DealResult, Entry, MatchView, Settlement
from preferans.core.rules.config import DEFAULT_VARIANT, Variant, load_config, load_variant
from preferans.core.rules.hookspecs import HOOK_API, hookimpl, hookspec

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_VARIANT", "HOOK_API", "BadInput", "ConfigError", "ContractRegistry", "ContractSpec", "ContractTable",
    "DealResult", "Entry", "Event", "Game", "IllegalActionError", "MatchView", "NoRuleError", "Observation",
    "Phase", "PreferansError", "RecordError", "SeenCards", "Settlement", "Variant", "card_name", "format_cards",
    "hookimpl", "hookspec", "load_config", "load_variant", "parse_card", "parse_cards",
]
