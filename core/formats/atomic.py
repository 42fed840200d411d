"""Atomic writes of every file the command line writes (``write_atomic``; docs/cli.md, "Files written").

A file is written to a temporary file ``.NAME.XXXXXXXX.tmp`` in the target's folder, synced, then moved over
the target with ``os.replace``, so an interrupted write never leaves half a file behind. What is at the path
decides what happens:

- nothing, or a regular file: written; an existing file keeps its mode (and, where allowed, its owner), a new
  one gets ``0o666`` less the umask, as ``open()`` would give it (``mkstemp`` alone gives 0600). An existing
  file must be one the user may write (not read-only, not another user's: root keeps the owner) and have
  no other hard link (a new file in its place would leave the links with the old text);
- a symbolic link: written through, to the file the link finally points to (as the shell's ``>`` does), so
  the link stays a link; the file at the end of the link must itself be a regular file or not exist yet;
- anything else (a folder, a FIFO, a device, a socket): refused with one line, the path left as it was:
  replacing a device node or a FIFO with a regular file is never what was meant.

Leftover temporary files of an interrupted write to the same target (exactly ``.NAME.<random>.tmp`` in the
same folder, regular files only) are removed on the next write. Every problem is one :class:`BadInput` line
naming the path.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from preferans.core.model.error_texts import mark_error
from preferans.core.model.errors import BadInput, bad_input

_KINDS = ((stat.S_ISDIR, mark_error("a directory")), (stat.S_ISFIFO, mark_error("a FIFO")),
          (stat.S_ISCHR, mark_error("a character device")), (stat.S_ISBLK, mark_error("a block device")),
          (stat.S_ISSOCK, mark_error("a socket")), (stat.S_ISLNK, mark_error("a symbolic link that never ends")))
"""The kinds of file that are not a regular file, as an error names them (said in the user's language)."""


_OTHER_KIND = mark_error("not a regular file")


def _kind(mode: int) -> BadInput:
    return bad_input(next((name for test, name in _KINDS if test(mode)), _OTHER_KIND))


def _reason(exc: OSError) -> str | BadInput:
    """Why a write failed: in the user's language for the usual reasons, else the system's own words."""
    if exc.errno == errno.ENAMETOOLONG:
        return bad_input("the name is too long")
    if exc.errno == errno.ENOTDIR:
        return bad_input("a part of the path is a file, not a folder")
    if exc.errno == errno.ELOOP:
        return bad_input("too many levels of symbolic links")
    return exc.strerror or type(exc).__name__


def _umask() -> int:
    mask = os.umask(0o022)  # the only portable way to read it: set and restore at once
    os.umask(mask)
    return mask


def _target(path: Path) -> tuple[Path, os.stat_result | None]:
    """The file to write (``path``, or the end of its symbolic links) and its ``lstat``, ``None`` if new."""
    shown = path
    try:
        st: os.stat_result | None = os.lstat(path)
        if st is not None and stat.S_ISLNK(st.st_mode):
            path = Path(os.path.realpath(path, strict=False))
            st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise bad_input("{path}: cannot write: {reason}", path=shown, reason=_reason(exc)) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if path == shown:
            raise bad_input("{path}: cannot write: is {kind}, not a regular file", path=shown, kind=_kind(st.st_mode))
        raise bad_input("{path}: cannot write: is {kind}, not a regular file (the symbolic link points to {target})",
                        path=shown, kind=_kind(st.st_mode), target=path)
    if st is not None:
        _replaceable(path, st, shown)
    return path, st


def _replaceable(target: Path, st: os.stat_result, shown: Path) -> None:
    """Refuse to replace a regular file that the shell's ``>`` would not write, or that a new file in its
    place would change: one not writable by the user (read-only, or another user's), or one with other
    hard links (they would keep the old text while this name got the new one)."""
    euid = os.geteuid() if hasattr(os, "geteuid") else None
    if euid is not None and euid != 0 and st.st_uid != euid:
        raise bad_input("{path}: cannot write: the file belongs to another user", path=shown)
    if not stat.S_IMODE(st.st_mode) & 0o222 or not os.access(target, os.W_OK):
        raise bad_input("{path}: cannot write: the file is read-only", path=shown)
    if st.st_nlink > 1:
        raise bad_input("{path}: cannot write: the file has {links} hard links, which a new file in its place "
                        "would break (write to another name)", path=shown, links=st.st_nlink)


def check_writable(path: Path) -> None:
    """Raise the one-line :class:`BadInput` that :func:`write_atomic` would raise for ``path``, writing nothing;
    for a command that wants to refuse a bad output path before doing its work."""
    target, _ = _target(path)
    _folder(target, path)


def check_output(path: Path, force: bool) -> None:
    """:func:`check_writable`, and a file already at ``path`` overwritten only with ``force`` (``--force``):
    every writer of the command line refuses the same way, before doing its work."""
    check_writable(path)
    if not force and os.path.lexists(path):
        raise bad_input("{path}: file exists; use --force to overwrite it", path=path)


def _folder(target: Path, shown: Path) -> Path:
    folder = target.parent if str(target.parent) else Path(".")
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        raise bad_input("{path}: cannot write: the folder {folder} does not exist", path=shown,
                        folder=folder) from None
    except OSError as exc:
        raise bad_input("{path}: cannot write: {reason}", path=shown, reason=_reason(exc)) from None
    if not stat.S_ISDIR(st.st_mode):
        raise bad_input("{path}: cannot write: {folder} is not a folder", path=shown, folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise bad_input("{path}: cannot write: the folder {folder} is not writable (the file is written through a "
                        "temporary file beside it)", path=shown, folder=folder)
    return folder


def _remove_leftovers(folder: Path, name: str) -> None:
    """Remove ``.NAME.<random>.tmp`` files an interrupted write to ``folder/NAME`` left behind."""
    pattern = re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]+\.tmp")
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and ``os.replace`` (the module
    docstring has the rules: regular files only, symbolic links written through, modes kept)."""
    target, old = _target(path)
    folder = _folder(target, path)
    _remove_leftovers(folder, target.name)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise bad_input("{path}: cannot write in {folder}: {reason}", path=path, folder=folder,
                        reason=_reason(exc)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if old is None:
                os.fchmod(fh.fileno(), 0o666 & ~_umask())
            else:
                try:  # root writing someone else's file: keep it theirs (before chmod, which chown may undo)
                    os.fchown(fh.fileno(), old.st_uid, old.st_gid)
                except OSError:
                    pass
                os.fchmod(fh.fileno(), stat.S_IMODE(old.st_mode))
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        _unlink(tmp)
        raise bad_input("{path}: cannot write: {reason}", path=path, reason=_reason(exc)) from None
    except BaseException:
        _unlink(tmp)
        raise


def _unlink(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
