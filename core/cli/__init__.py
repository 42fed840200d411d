"""The ``preferans`` command line.

Subcommands: ``variants``, ``show``, ``schema``, ``config init|check``, ``play``, ``simulate``, ``arena``,
``score``, ``sheet``, ``solve``, ``analyse``, ``conformance``, ``playthrough record|check``, ``new-variant``,
``replay`` and ``serve`` (docs/cli.md), and those the installed families add through ``pref_cli_commands`` (the Balkan
family's ``ppn import|export``). Exit codes: 0 success, 2 bad input (one line on stderr naming the file, key
or action, never a traceback), 1 internal error (set ``PREFERANS_DEBUG=1`` for the traceback), 130 Ctrl-C, 143
SIGTERM (both stop the worker processes of ``--jobs``). Files are written atomically (a temporary file in the
same folder, then ``os.replace``), so an interrupted write never leaves half a file behind; only over a
regular file or through a symbolic link to one (``core/formats/atomic.py``, docs/cli.md "Files written").
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
import threading
import traceback
from functools import cache
from types import ModuleType
from typing import Any, NoReturn

from preferans.core.cli import (
    analyse,
    arena,
    config,
    conformance,
    new_variant,
    play,
    playthrough,
    replay,
    schema,
    score,
    serve,
    sheet,
    show,
    simulate,
    solve,
    variants,
)
from preferans.core.cli.common import language_of
from preferans.core.model.errors import LINE, BadInput, Phrase, Suggestion, bad_input, one_line
from preferans.core.model.i18n import Translator, from_environment, translator
from preferans.core.rules.manager import family_manager

COMMANDS: tuple[ModuleType, ...] = (variants, show, schema, config, play, simulate, arena, score, sheet,
                                    conformance, playthrough, new_variant, solve, analyse, replay, serve)
"""The core's own subcommands, one module each, in the order ``--help`` lists them: each has
``add_parser(sub)``, which declares the subcommand's options and sets its ``func``."""
FAMILIES_BEFORE = solve
"""The installed families' subcommands (``pref_cli_commands``) are listed before this one: after the commands
that play, score and check variants, before the tools that read any family's records."""


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error that points at the help of the (sub)command that failed."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:  # type: ignore[override]
        ns: argparse.Namespace
        ns, extras = self.parse_known_args(args, namespace)
        if extras:  # argparse finds them only at the top: name the subcommand they were given to
            _chosen(self, ns).error(f"unrecognized arguments: {' '.join(extras)}")
        return ns


def _chosen(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> argparse.ArgumentParser:
    """The innermost subcommand parser that ``ns`` went through (``preferans config init``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = getattr(ns, action.dest, None) if action.dest != argparse.SUPPRESS else None
            if isinstance(name, str) and name in action.choices:
                return _chosen(action.choices[name], ns)
    return parser


def version() -> str:
    """The installed distribution's version (``preferans --version``)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("preferans")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


class _Version(argparse.Action):
    """``--version``: the version and whether the double-dummy solver is the compiled one, read when asked
    (a bad ``PREFERANS_SOLVER`` is then the one-line error of every command that searches)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from preferans.core.ai.solver import compiled_search

        solver = "compiled" if compiled_search() is not None else "pure Python"
        print(f"preferans {version()} (solver: {solver})")
        parser.exit()


def build_parser(families: bool = True) -> argparse.ArgumentParser:
    """The ``preferans`` parser: the core's commands and, with ``families``, those of every installed family."""
    p = _Parser(prog="preferans", description="Preferans in its regional variants: play, simulate, score. "
                                              "'preferans COMMAND --help' lists a command's options.")
    p.add_argument("--version", action=_Version, nargs=0,
                   help="print the version of preferans and its solver's build, and exit")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        if command is FAMILIES_BEFORE and families:
            add_family_commands(sub)
        command.add_parser(sub)
    return p


def add_family_commands(sub: Any) -> None:
    """The subcommands the installed families add: every installed variant module registered once on one
    manager (a variant that cannot be imported is left out), asked ``pref_cli_commands(subparsers=sub)``."""
    family_manager().hook.pref_cli_commands(subparsers=sub)


def _core_command(argv: list[str]) -> bool:
    """Whether ``argv`` runs one of the core's own commands, which need no family loaded (nor its time)."""
    return bool(argv) and argv[0] in _core_names()


@cache
def _core_names() -> frozenset[str]:
    names: set[str] = set()
    for action in build_parser(families=False)._actions:
        if isinstance(action, argparse._SubParsersAction):
            names.update(action.choices)
    return frozenset(names)


def _one_line(text: str) -> str:
    return one_line(text)


INTERNAL = 500
"""At most this many characters of an internal error's own message (its type and the hint are added)."""


def _print_error(text: str) -> None:
    """``preferans: TEXT`` on stderr as one line of at most :data:`LINE` characters, prefix included."""
    print(one_line(f"preferans: {text}", LINE), file=sys.stderr)


def _safe_stdout() -> None:
    """Standard output that cannot fail on a character: an output whose encoding cannot say one (``LANG=C``,
    ``PYTHONIOENCODING=ascii``) gets it as a ``\\u2660`` escape instead of an internal error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
                pass


def _stdout_failed(exc: OSError) -> bool:
    """Whether ``exc`` is standard output failing (a full disk, ``/dev/full``, an I/O error): then the
    command cannot say its result, and later writes would fail the same way."""
    failed = (errno.ENOSPC, errno.EIO, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG)
    return exc.errno in failed and exc.filename is None


def _silence_stdout() -> None:
    """Point standard output at ``os.devnull``, so that the interpreter's last flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class Terminated(BaseException):
    """SIGTERM arrived: raised in the main thread (a BaseException, as KeyboardInterrupt, so no ``except
    Exception`` takes it), and the command stops as it does on Ctrl-C (the ``finally``
    blocks run: worker processes are stopped, files already written stay whole)."""


def _on_sigterm(signum: int, frame: object) -> NoReturn:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 2 bad input, 1 internal error, 130 Ctrl-C,
    143 SIGTERM)."""
    previous = None
    if threading.current_thread() is threading.main_thread():  # only there can a signal handler be set
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _main(argv)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _error_text(exc: BadInput, args: argparse.Namespace | None) -> str:
    """The error in the language of ``--lang`` or the environment when it was made by ``bad_input`` (a
    catalogue message; the values in it, names of files, keys and actions, stay as typed), else as raised."""
    if exc.template is None:
        return str(exc)
    try:
        lang = language_of(args) if args is not None else from_environment()
    except BadInput:  # the --lang given is the mistake: say it in English
        lang = "en"
    return _said(exc, translator(lang))


def _said(exc: BadInput, tr: Translator) -> str:
    """``exc`` in ``tr``'s language; a value that is itself an error made by ``bad_input`` (the message in a
    frame ``file: key: message``) is said in it too, a ``did you mean`` suggestion as well."""
    if exc.template is None:
        return str(exc)
    if exc.catalogues:  # a family's error: its catalogues first
        tr = translator(tr.lang, exc.catalogues)
    return tr.gettext(exc.template).format(**_said_values(exc.values, tr))


def _said_values(values: dict[str, object], tr: Translator) -> dict[str, object]:
    """The values of an error's template in ``tr``'s language: a suggestion, an error made by ``bad_input``
    and a :class:`Phrase` are said in it, the rest (what was typed) stays as it is."""
    return {key: tr.gettext("; did you mean {choice}?").format(choice=repr(value.choice))
            if isinstance(value, Suggestion) else " ".join(_said(value, tr).split())
            if isinstance(value, BadInput) else tr.gettext(value.template).format(**_said_values(value.values, tr))
            if isinstance(value, Phrase) else value for key, value in values.items()}


def _main(argv: list[str] | None) -> int:
    args: argparse.Namespace | None = None
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        if not argv:  # bare `preferans`: the help, as `preferans --help` prints it (docs/cli.md)
            build_parser().print_help()
            return 0
        _safe_stdout()
        args = build_parser(families=not _core_command(argv)).parse_args(argv)
        code = int(args.func(args))
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not in the interpreter's last flush
        return code
    except SystemExit as exc:  # argparse: --help (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BadInput as exc:
        _print_error(_error_text(exc, args))
        return 2
    except KeyboardInterrupt:
        print("preferans: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("preferans: terminated (SIGTERM)", file=sys.stderr)
        return 143
    except BrokenPipeError:
        # the reader went away (e.g. `preferans play | head`): not an error; silence the final flush
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        if not _stdout_failed(exc):
            return _internal(exc)
        _silence_stdout()
        _print_error(_error_text(bad_input("{path}: cannot write: {reason}", path="stdout",
                                           reason=exc.strerror or type(exc).__name__), args))
        return 2
    except Exception as exc:
        return _internal(exc)


def _internal(exc: Exception) -> int:
    if os.environ.get("PREFERANS_DEBUG"):
        traceback.print_exc()
    _print_error(f"internal error: {type(exc).__name__}: {one_line(str(exc), INTERNAL)} "
                 "(set PREFERANS_DEBUG=1 for the traceback)")
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
