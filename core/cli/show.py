"""``preferans show V``: the effective rules of a variant as TOML."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import VARIANT_HELP, add_rule_option, variant_named


def cmd_show(args: argparse.Namespace) -> int:
    sys.stdout.write(variant_named(args.variant, args.rule).to_toml())
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("show", help="print the effective rules of a variant as TOML")
    s.add_argument("variant", metavar="VARIANT", help=VARIANT_HELP)
    add_rule_option(s)
    s.set_defaults(func=cmd_show)
