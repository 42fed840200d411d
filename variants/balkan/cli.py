"""``preferans ppn import|export``: Portable Preferans Notation, the Balkan family's own command (docs/ppn.md).

Added to the command line through the family's ``pref_cli_commands`` hook, as a third-party family adds its
commands; the notation and the replay are imported only when a subcommand runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from preferans.core.plugin.cli import (
    DEFAULT_NAMES,
    LANGUAGES,
    SAVE_FORMAT,
    SAVE_VERSION,
    Game,
    check_output,
    from_environment,
    language,
    load_session,
    loads_json,
    read_text,
    translator,
    write_atomic,
)
from preferans.core.plugin.errors import BadInput
from preferans.core.plugin.sheet import Translator


def _tr(args: argparse.Namespace, game: Game) -> Translator:
    """The language of ``--lang`` (else the environment's), the variant's words first (docs/i18n.md)."""
    lang = language(args.lang) if getattr(args, "lang", None) is not None else from_environment()
    return translator(lang, game.variant.locale_dirs)


def cmd_ppn_import(args: argparse.Namespace) -> int:
    from . import ppn, ppn_game  # lazily: only these commands read PPN

    if args.output and args.output != "-":
        check_output(Path(args.output), args.force)  # before the work: a bad -o is the only thing said
    doc = ppn.read_file(args.file)
    imported = ppn_game.import_game(doc, args.file, variant=args.variant, check=not args.no_check)
    game = imported.game
    data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.to_dict(), "names": imported.names,
            "bots": imported.bots, "human": imported.human}
    text = json.dumps(data, ensure_ascii=False) + "\n"  # exactly what play --save writes
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    write_atomic(Path(args.output), text)
    tr = _tr(args, game)
    state = (tr.gettext("finished") if game.is_terminal else
             tr.gettext("unfinished: {command} continues it").format(
                 command=f"preferans play --resume {args.output}"))
    n = len(game.results)  # English says "deals" whatever the number, as it always has
    print(tr.ngettext("wrote {path}: {n} deals of {variant} ({state})",
                      "wrote {path}: {n} deals of {variant} ({state})", n).format(
        path=args.output, n=n, variant=game.variant.name, state=state))
    return 0


def cmd_ppn_export(args: argparse.Namespace) -> int:
    from . import ppn, ppn_game

    if args.output and args.output != "-":
        check_output(Path(args.output), args.force)
    path = Path(args.log)
    try:  # read with the core's bound (a log never makes this read forever)
        data = loads_json(read_text(path, str(path)), str(path))
    except BadInput:
        data = None  # load_session names the problem
    if isinstance(data, dict) and data.get("format") == "preferans-game":
        game = Game.from_dict(data, source=str(path))
        names, bots, human = list(DEFAULT_NAMES[:game.n_players]), None, None
    else:
        session = load_session(path)
        game, names, bots, human = session.game, session.names, session.bots, session.human
    doc, pending = ppn_game.export_game(game, names, bots, human, source=str(path))
    tr = _tr(args, game)
    if pending:
        # the program's and the notation's names as written (placeholders, so no script changes them)
        print("preferans: " + tr.gettext("note: deal {number} is in progress ({pending} actions) and is not "
                                         "exported: {ppn} records whole deals").format(
            number=len(game.results) + 1, pending=pending, ppn="PPN"), file=sys.stderr)
    text = ppn.write_json(doc) if args.json else ppn.write_line(doc)
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    write_atomic(Path(args.output), text)
    n = len(doc.records)
    print((tr.ngettext("wrote {path}: {n} deals in {ppn} ({json} form)",
                       "wrote {path}: {n} deals in {ppn} ({json} form)", n) if args.json else
           tr.ngettext("wrote {path}: {n} deals in {ppn} (line form)",
                       "wrote {path}: {n} deals in {ppn} (line form)", n)).format(path=args.output, n=n, ppn="PPN",
                                                                                  json="JSON"))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("ppn", help="read and write Portable Preferans Notation (the Balkan family)")
    psub = s.add_subparsers(dest="ppn_command", required=True, metavar="import|export")
    c = psub.add_parser("import", help="replay a PPN file into a game log (the play --save format)")
    c.add_argument("file", help="PPN: the line form, the JSON form or the 2019 line form")
    c.add_argument("-o", "--output", metavar="LOG", help="the game log to write (default: print it)")
    _force_option(c)
    c.add_argument("--variant", metavar="NAME",
                   help="a Balkan-family variant (default: the file's Variant tag, else balkan)")
    c.add_argument("--no-check", action="store_true",
                   help="do not compare value, refa, summary and Result with what the rules write")
    _lang_option(c)
    c.set_defaults(func=cmd_ppn_import)
    c = psub.add_parser("export", help="write a game log as PPN")
    c.add_argument("log", help="a game log written by play --save (or ppn import)")
    c.add_argument("-o", "--output", metavar="FILE", help="the PPN file to write (default: print it)")
    _force_option(c)
    c.add_argument("--json", action="store_true", help="the JSON form instead of the line form")
    _lang_option(c)
    c.set_defaults(func=cmd_ppn_export)


def _force_option(c: Any) -> None:
    c.add_argument("--force", action="store_true", help="with -o: overwrite a file that is already there")


def _lang_option(c: Any) -> None:
    c.add_argument("--lang", metavar="LANG", help=f"the language of the lines printed: {', '.join(LANGUAGES)} "
                                                  "(default: from LC_ALL, LC_MESSAGES or LANG, else en); the "
                                                  "PPN and the log keep their English keys")
