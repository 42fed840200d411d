"""``preferans new-variant``: a ready-to-install plugin package for a new variant."""

from __future__ import annotations

import argparse
from typing import Any

from preferans.core.rules.config import (
    DEFAULT_VARIANT,
)


def cmd_new_variant(args: argparse.Namespace) -> int:
    from preferans.core.tools.scaffold import new_variant

    root = new_variant(args.name, args.extends, args.output, args.description or "")
    print(f"wrote {root}: pip install {root} && preferans conformance {args.name}")
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("new-variant", help="write a ready-to-install plugin package for a new variant")
    s.add_argument("name")
    s.add_argument("--extends", default=DEFAULT_VARIANT, metavar="PARENT", help=f"default {DEFAULT_VARIANT}")
    s.add_argument("-o", "--output", default=".", metavar="DIR", help="the package is written to DIR/NAME")
    s.add_argument("--description", help="one line for `preferans variants`")
    s.set_defaults(func=cmd_new_variant)
