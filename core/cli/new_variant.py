"""``preferans new-variant``: a ready-to-install plugin package for a new variant."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path
from typing import Any

from preferans.core.rules.config import (
    DEFAULT_VARIANT,
)


def cmd_new_variant(args: argparse.Namespace) -> int:
    from preferans.core.tools.scaffold import new_variant

    root = new_variant(args.name, args.extends, args.output, args.description or "")
    print(f"wrote {root}: {install_command(root)} && preferans conformance {args.name}")
    print(f"(an editable install: edits to {root / ('preferans_' + args.name)}/preset.toml take effect without "
          "reinstalling)")
    return 0


def install_command(root: Path) -> str:
    """``pip install -e ./NAME``: the folder written, as a path pip reads as a folder (a bare ``NAME`` would
    be looked up on the package index, an unrelated package of that name), quoted for the shell."""
    shown = str(root)
    if not root.is_absolute() and not shown.startswith(("./", "../", ".\\", "..\\")):
        shown = f".{os.sep}{shown}"
    return f"pip install -e {shlex.quote(shown)}"


def add_parser(sub: Any) -> None:
    s = sub.add_parser("new-variant", help="write a ready-to-install plugin package for a new variant")
    s.add_argument("name", metavar="NAME", help="the new variant's name: lowercase letters, digits and _")
    s.add_argument("--extends", default=DEFAULT_VARIANT, metavar="PARENT", help=f"default {DEFAULT_VARIANT}")
    s.add_argument("-o", "--output", default=".", metavar="DIR", help="the package is written to DIR/NAME")
    s.add_argument("--description", help="one line for `preferans variants`")
    s.set_defaults(func=cmd_new_variant)
