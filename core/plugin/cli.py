"""A family's own records and commands (``pref_cli_commands``, ``pref_read_game``, ``pref_read_deal``; the
Balkan family's PPN): what a reader and a command need beyond a game's hooks.

``Game``, ``Deal`` and ``Phase`` of the engine, ``Variant`` and ``load_variant``, ``RecordedDeal``; the save file
of ``play --save`` (``SAVE_FORMAT``, ``SAVE_VERSION``, ``DEFAULT_NAMES``, ``Session``, ``load_session`` with the
bots checked), ``write_atomic``, and ``check_output`` for an output file given on the command line;
``check_bot(name, where)`` for a bot name a record gives and ``named_plugins`` for the plugin names a record
gives (it refuses a file path: local plugins come only from ``--plugin``); a command's language (``--lang``,
else the environment): ``LANGUAGES``, ``language(text)``, ``from_environment()``,
``translator(lang, variant.locale_dirs)``; and for a reader of files ``read_text``, ``loads_json`` and
``strict_json`` (every failure one line).

Importing this module loads the bot registry and the table tool (for the save file), which the game hooks
never need: only a family's command and record modules import it.
"""

from __future__ import annotations

from preferans.core.ai.registry import check_bot
from preferans.core.engine.game import Deal, Game, Phase
from preferans.core.formats.atomic import check_output, write_atomic
from preferans.core.formats.saves import DEFAULT_NAMES, SAVE_FORMAT, SAVE_VERSION, Session
from preferans.core.model.i18n import LANGUAGES, from_environment, language, translator
from preferans.core.model.parsing import loads_json, read_text, strict_json
from preferans.core.model.records import RecordedDeal
from preferans.core.rules.config import Variant, load_variant, named_plugins
from preferans.core.tools.table import load_session

__all__ = [
    "DEFAULT_NAMES", "LANGUAGES", "SAVE_FORMAT", "SAVE_VERSION", "Deal", "Game", "Phase", "RecordedDeal", "Session",
    "Variant", "check_bot", "check_output", "from_environment", "language", "load_session", "load_variant",
    "loads_json", "named_plugins", "read_text", "strict_json", "translator", "write_atomic",
]
