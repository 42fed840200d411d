"""The ``preferans`` command line.

Subcommands: ``variants``, ``show``, ``schema``, ``config init|check``, ``play``, ``simulate``, ``arena``,
``score``, ``sheet``, ``solve``, ``analyse``, ``conformance``, ``new-variant`` and ``ppn import|export``
(docs/cli.md). Exit codes: 0 success, 2 bad input (one line on stderr naming the file, key or action, never a
traceback), 1 internal error (set ``PREFERANS_DEBUG=1`` for the traceback). Files are written atomically
(a temporary file in the same folder, then ``os.replace``), so an interrupted write never leaves half a
file behind.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from types import ModuleType
from typing import NoReturn

from preferans.core.cli import (
    analyse,
    arena,
    config,
    conformance,
    new_variant,
    play,
    ppn,
    schema,
    score,
    sheet,
    show,
    simulate,
    solve,
    variants,
)
from preferans.core.model.errors import BadInput

COMMANDS: tuple[ModuleType, ...] = (variants, show, schema, config, play, simulate, arena, score, sheet,
                                    conformance, new_variant, ppn, solve, analyse)
"""One module per subcommand, in the order ``--help`` lists them: each has ``add_parser(sub)``, which
declares the subcommand's options and sets its ``func``."""


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="preferans", description="Preferans in its regional variants: play, simulate, score.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub)
    return p


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 2 bad input, 1 internal error)."""
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except SystemExit as exc:  # argparse: --help (0) and usage errors (2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BadInput as exc:
        print(f"preferans: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("preferans: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `preferans play | head`): not an error; silence the final flush
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:
        if os.environ.get("PREFERANS_DEBUG"):
            traceback.print_exc()
        print(f"preferans: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
              "(set PREFERANS_DEBUG=1 for the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
