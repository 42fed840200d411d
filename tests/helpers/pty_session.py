"""A command run under a pseudo-terminal, as a person at a terminal runs it: wait for a prompt, type a line.

Only the standard library (``pty``, ``os.openpty``): the child's stdin, stdout and stderr are the slave end,
so ``isatty()`` is true and ``preferans play`` reads with ``input()`` and draws rich tables, as it does for a
person. ``NO_COLOR`` keeps the escape codes of colour out of the transcript.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def script() -> str:
    found = shutil.which("preferans", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("the preferans script is not installed next to this Python")
    return found


class PtySession:
    """``expect(regex)`` waits until the output after the last match matches; ``send(line)`` types a line."""

    def __init__(self, argv: list[str], cwd: Path, timeout: float = 120) -> None:
        master, slave = os.openpty()
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "140", "LINES": "50", "TERM": "xterm"}
        env.pop("FORCE_COLOR", None)
        self.proc = subprocess.Popen([script(), *argv], stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                     env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.fd = master
        self.timeout = timeout
        self.text = ""  # everything read so far, escape codes removed, line ends as \n
        self.pos = 0  # where the next expect starts looking
        self.closed = False

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            data = b""
        if not data:
            self.closed = True
            return False
        self.text += ANSI.sub("", data.decode("utf-8", errors="replace")).replace("\r\n", "\n").replace("\r", "")
        return True

    def expect(self, pattern: str) -> re.Match[str]:
        rx = re.compile(pattern)
        deadline = time.monotonic() + self.timeout
        while True:
            m = rx.search(self.text, self.pos)
            if m:
                self.pos = m.end()
                return m
            if self.closed or time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} in the output; its end:\n{self.text[self.pos:][-3000:]}")
            self._read(0.2)

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def finish(self) -> int:
        """Read to the end of the output and return the exit code."""
        deadline = time.monotonic() + self.timeout
        while not self.closed and time.monotonic() < deadline:
            self._read(0.2)
            if self.proc.poll() is not None:
                while not self.closed and self._read(0.1) and select.select([self.fd], [], [], 0)[0]:
                    pass
                break
        code = self.proc.wait(timeout=self.timeout)
        os.close(self.fd)
        return code
