"""A game at the table as the command line keeps it: a save file read with its bots checked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from preferans.core.ai.registry import check_bot
from preferans.core.formats.saves import Session
from preferans.core.formats.saves import load_session as read_session


def load_session(path: Path, plugins: Sequence[Any] = ()) -> Session:
    """A save file, with every seat's bot name checked against the bot registry; ``plugins`` are the local
    plugins the game was played with, given again (``--plugin``)."""
    return read_session(path, check_bot, plugins)
