"""``preferans show V``: the effective rules of a variant as TOML."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.rules.config import (
    load_variant,
)


def cmd_show(args: argparse.Namespace) -> int:
    sys.stdout.write(load_variant(args.variant, source="command line").to_toml())
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("show", help="print the effective rules of a variant as TOML")
    s.add_argument("variant")
    s.set_defaults(func=cmd_show)
