"""The save file of ``preferans play --save``: the replayable game plus who sits where.

``{"format": "preferans-save", "version": 1, "game": <Game.to_dict()>, "names": [...], "bots": [...],
"human": seat or null}``, written atomically (:func:`~preferans.core.formats.atomic.write_atomic`: a
temporary file in the same folder, then ``os.replace``) so an interrupted write never leaves half a file
behind. Read by ``play --resume``, ``sheet`` and ``ppn export``.

A game played with local plugins (``play --plugin house.py``) keeps their file names and SHA-256 in
``game.config.local_plugins`` (:meth:`~preferans.core.rules.config.Variant.config_dict`), never a path or
code: ``load_session(path, plugins=...)`` needs the same files given again (``play --resume --plugin``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from preferans.core.engine.game import Game
from preferans.core.engine.player import Bot
from preferans.core.formats.atomic import write_atomic
from preferans.core.model.errors import BadInput, RecordError, bad_input, check_names, excerpt, retyped, shown_path
from preferans.core.model.files import SAVE_LIMIT
from preferans.core.model.parsing import loads_json, read_text

SAVE_FORMAT = "preferans-save"
SAVE_VERSION = 1
DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb")
HUMAN = "human"


@dataclass
class Session:
    """A game at the table: the game, who sits where, and where it is saved."""

    game: Game
    names: list[str]
    bots: list[str]
    """Bot name per seat; ``"human"`` at the human's seat."""
    human: int | None
    save: Path | None = None
    players: list[Bot | None] = field(default_factory=list)

    def save_now(self) -> None:
        if self.save is None:
            return
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.to_dict(),
                "names": self.names, "bots": self.bots, "human": self.human}
        write_atomic(self.save, json.dumps(data, ensure_ascii=False) + "\n")



def load_session(path: Path, check_bot: Callable[[str, str], object] | None = None,
                 plugins: Sequence[Any] = ()) -> Session:
    """Read a save file written by ``play --save``; every problem is one :class:`RecordError` line.

    ``check_bot(name, where)`` raises :class:`BadInput` for a bot name nobody can seat (the bot registry's
    :func:`~preferans.core.ai.registry.check_bot`; this layer does not know the bots). ``plugins`` are the
    local plugins the game was played with, given again (the file records only their names and hashes)."""
    src = shown_path(path)
    data = loads_json(read_text(path, src, RecordError, SAVE_LIMIT, "a save file"), src, RecordError)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise bad_input("{source}: {key}: not a {format} file (written by {command})", RecordError, source=src,
                        key="format", format=SAVE_FORMAT, command="preferans play --save")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # not True, not 1.0
        raise bad_input("{source}: {key}: {version} is not supported (expected {expected})", RecordError,
                        source=src, key="version", version=excerpt(version), expected=SAVE_VERSION)
    game_data = data.get("game")
    if not isinstance(game_data, dict):
        raise bad_input("{source}: {key}: expected an object (a {format} record)", RecordError, source=src,
                        key="game", format="preferans-game")
    game = Game.from_dict(game_data, source=f"{src}: game", plugins=plugins)
    n = game.n_players
    names, bots, human = data.get("names"), data.get("bots"), data.get("human")
    if not isinstance(names, list):
        raise bad_input("{source}: {key}: expected a list of {n} player names", RecordError, source=src,
                        key="names", n=n)
    try:
        check_names(names, f"{src}: names", n)
    except BadInput as exc:
        raise retyped(exc, RecordError) from None
    if human is not None and not (type(human) is int and 0 <= human < n):
        raise bad_input("{source}: {key}: expected {none} or a seat 0..{last}, got {got}", RecordError,
                        source=src, key="human", none="null", last=n - 1, got=excerpt(human))
    if not (isinstance(bots, list) and len(bots) == n
            and all(isinstance(x, str) and x.isprintable() and 0 < len(x) <= 200 for x in bots)):
        raise bad_input("{source}: {key}: expected {n} bot names", RecordError, source=src, key="bots", n=n)
    for seat, name in enumerate(bots):
        if seat == human or check_bot is None:
            continue
        try:  # a registered name, options included (pimc:samples=40)
            check_bot(name, f"{src}: bots[{seat}]")
        except BadInput as exc:
            raise retyped(exc, RecordError) from None
    return Session(game, list(names), [HUMAN if s == human else b for s, b in enumerate(bots)], human, path)
