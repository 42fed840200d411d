"""``preferans variants``: the installed variants, their distribution and description."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import dump_json
from preferans.core.formats import render
from preferans.core.model.errors import BadInput
from preferans.core.rules.config import (
    resolve_chain,
)
from preferans.core.rules.manager import installed_variants


def cmd_variants(args: argparse.Namespace) -> int:
    found = []
    for name, inst in installed_variants().items():
        item: dict[str, Any] = {"name": name, "distribution": inst.distribution, "module": inst.module}
        try:
            preset = resolve_chain(name, "installed variants", name)[-1].preset
            item.update(description=preset.description, abstract=preset.abstract, extends=preset.extends)
        except BadInput as exc:  # a broken third-party variant must not hide the others
            item.update(description=f"(cannot be loaded: {exc})", abstract=False, extends=None)
        found.append(item)
    if args.json:
        dump_json(found)
        return 0
    rows = [[v["name"], v["distribution"], ("(family base) " if v["abstract"] else "") + v["description"]]
            for v in found]
    out = render.Printer(sys.stdout)
    out.table("" if not out.rich else "Installed variants", ["variant", "distribution", "description"], rows,
              align="lll")
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("variants", help="list the installed variants")
    s.add_argument("--json", action="store_true", help="print a JSON list")
    s.set_defaults(func=cmd_variants)
