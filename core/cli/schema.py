"""``preferans schema V``: the JSON schema of a variant's ``[rules]``."""

from __future__ import annotations

import argparse
from typing import Any

from preferans.core.cli.common import dump_json
from preferans.core.rules.config import (
    load_variant,
)


def cmd_schema(args: argparse.Namespace) -> int:
    dump_json(load_variant(args.variant, source="command line").json_schema())
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("schema", help="print the JSON schema of a variant's [rules]")
    s.add_argument("variant")
    s.set_defaults(func=cmd_schema)
