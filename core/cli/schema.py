"""``preferans schema V``: the JSON schema of a variant's ``[rules]``."""

from __future__ import annotations

import argparse
from typing import Any

from preferans.core.cli.common import VARIANT_HELP, dump_json, variant_named


def cmd_schema(args: argparse.Namespace) -> int:
    dump_json(variant_named(args.variant).json_schema())
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("schema", help="print the JSON schema of a variant's [rules]")
    s.add_argument("variant", metavar="VARIANT", help=VARIANT_HELP)
    s.set_defaults(func=cmd_schema)
