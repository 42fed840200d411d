"""Reading a file from outside with a bound: every reader of the core (configs, scorecards, saves, game
logs, local plugins) reads through :func:`read_bounded`, so no file, however large or endless
(``/dev/zero``, a FIFO someone keeps writing to), makes a command read forever or fill the memory.
The limits, per kind of file, are below (docs/cli.md, "Size limits").
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MiB = 1024 * 1024

CONFIG_LIMIT = 16 * MiB
"""A game config (TOML or JSON) and a local plugin file (``--plugin``)."""
SCORECARD_LIMIT = 16 * MiB
"""A scorecard written at a real table (``score``, ``sheet``)."""
SAVE_LIMIT = 256 * MiB
"""A save file (``play --save``) or a game record (``analyse``, ``sheet``): they grow with the deals played."""

_CHUNK = MiB


class TooLarge(OSError):
    """A file above its kind's limit: an :class:`OSError` (``EFBIG``), so every reader's ``cannot read``
    handling names the file and says why."""

    def __init__(self, limit: int, kind: str) -> None:
        super().__init__(errno.EFBIG, f"larger than {size_text(limit)}, the limit for {kind}")
        self.limit, self.kind = limit, kind


def size_text(n: int) -> str:
    """``16 MiB`` for a whole number of MiB, else the bytes."""
    return f"{n // MiB} MiB" if n % MiB == 0 else f"{n} bytes"


def read_bounded(path: str | Path, limit: int, kind: str = "this kind of file") -> bytes:
    """The bytes of ``path``, reading at most ``limit + 1`` of them; :class:`TooLarge` when there are more
    (``kind`` names the file's kind in its message: ``"a config file"``).

    A regular file is refused from its size before reading. A FIFO or a device is read the same way, so
    ``/dev/zero`` stops at the limit; it is opened without blocking (a FIFO nobody writes to reads as
    empty instead of waiting for a writer forever). The other errors are the usual ``OSError``."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise TooLarge(limit, kind)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # the open did not wait for a FIFO's writer; the reads may
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise TooLarge(limit, kind)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text_bounded(path: str | Path, limit: int, kind: str = "this kind of file") -> str:
    """:func:`read_bounded` decoded as UTF-8 (``UnicodeDecodeError`` if it is not)."""
    return read_bounded(path, limit, kind).decode("utf-8")
