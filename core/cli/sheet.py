"""``preferans sheet``: a scorecard's or a saved game's sheet as its family draws it (text or SVG)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from preferans.core.cli.common import add_lang_option, add_sheet_layout_option, dump_json, translator_for
from preferans.core.formats import render
from preferans.core.formats.atomic import check_output, write_atomic
from preferans.core.formats.report import match_report
from preferans.core.model.errors import bad_input
from preferans.core.rules.commented import name_in


def cmd_sheet(args: argparse.Namespace) -> int:
    from preferans.core.formats import sheet  # lazily: only this command draws sheets

    if args.svg:
        check_output(Path(args.svg), args.force)  # before the work: a bad --svg is the only thing said
    from preferans.core.ai.registry import check_bot  # a save's bots checked as play --resume checks them

    source = sheet.load(args.file, check_bot)
    match, names = source.match, source.names
    if args.json:
        return _print_json(args.file, source)
    tr = translator_for(args, match.variant)
    if args.svg:
        title = f"{name_in(match.variant, tr)}: {', '.join(names)}"
        drawn = sheet.drawing(match, names, source.finished, title, tr)
        if drawn is None:
            raise bad_input("{command}: --svg: the family of {variant} draws no picture of its sheet: run without "
                            "--svg for its own sheet", command="sheet", variant=match.variant.name)
        write_atomic(Path(args.svg), drawn)
        n = len(match.results)
        said = (tr.ngettext("wrote {file}: the finished sheet after {n} deal", "wrote {file}: the finished sheet "
                            "after {n} deals", n) if source.finished else
                tr.ngettext("wrote {file}: the unfinished sheet after {n} deal", "wrote {file}: the unfinished "
                            "sheet after {n} deals", n))
        print(said.format(file=args.svg, n=n))
        return 0
    view = sheet.sheet_view(match, names, source.finished, tr=tr)
    text = sheet.sheet_text(match, view)
    out = render.Printer(sys.stdout, tr=tr, sheet_layout=args.sheet_layout)
    out.lines(text.records)
    out.line()
    return 0 if render.print_result(out, match, names, source.finished, view, text) else 1


def _print_json(file: str, source: Any) -> int:
    """``--json``: the result object of ``score --json`` (deals, sheet totals, settlement) plus the sheet as
    its family prints it: ``table`` (``header``, ``rows``, ``notes``) and the running ``records``."""
    from preferans.core.formats import sheet

    view = sheet.sheet_view(source.match, source.names, source.finished)
    text = sheet.sheet_text(source.match, view)
    report = match_report(source.match, source.names, source.finished)
    dump_json({"file": file, **report,
               "table": {"header": list(text.header), "rows": [list(r) for r in text.rows], "notes": list(text.notes)},
               "records": list(text.records)})
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("sheet", help="the sheet of a scorecard or a saved game as its family draws it, as text "
                                     "or SVG (the Russian pulka, the Balkan bula sheet, the Austrian pot sheet)")
    s.add_argument("file", help="a scorecard (TOML or JSON) or a game saved with play --save")
    s.add_argument("--svg", metavar="OUT", help="draw the sheet as players know it into this SVG file")
    s.add_argument("--force", action="store_true", help="with --svg: overwrite a file that is already there")
    s.add_argument("--json", action="store_true", help="print the result object and the sheet's table as JSON")
    add_sheet_layout_option(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_sheet)
