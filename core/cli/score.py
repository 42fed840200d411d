"""``preferans score``: the sheet and settlement of a scorecard written at a real table."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import (
    add_lang_option,
    add_plugin_option,
    add_sheet_layout_option,
    dump_json,
    local_plugins,
    translator_for,
)
from preferans.core.formats import render
from preferans.core.formats.report import match_report


def cmd_score(args: argparse.Namespace) -> int:
    from preferans.core.formats.scorecard import score_file  # lazily: only this command reads scorecards

    card = score_file(args.file, local_plugins(args))  # --plugin: a house rule added to the card's variant
    if args.json:
        dump_json(match_report(card.match, card.names, card.finished))
        return 0
    out = render.Printer(sys.stdout, tr=translator_for(args, card.match.variant, sys.stdout),  # 6♥, as hands
                         sheet_layout=args.sheet_layout)
    for i, (r, entries) in enumerate(zip(card.match.results, card.match.deal_entries, strict=True), 1):
        out.line(render.deal_line(i, r, entries, card.names, out.tr))
    out.line()
    return 0 if render.print_result(out, card.match, card.names, card.finished) else 1


def add_parser(sub: Any) -> None:
    s = sub.add_parser("score", help="score a scorecard of a game played at a real table")
    s.add_argument("file", metavar="FILE", help="a scorecard (TOML, or JSON by extension; docs/scorecard.md), "
                                                "e.g. examples/sochi-scorecard.toml")
    s.add_argument("--json", action="store_true", help="print the result object as JSON")
    add_plugin_option(s)
    add_sheet_layout_option(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_score)
