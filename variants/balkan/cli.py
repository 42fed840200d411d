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

from preferans.core.plugin import (
    DEFAULT_NAMES,
    SAVE_FORMAT,
    SAVE_VERSION,
    BadInput,
    Game,
    load_session,
    loads_json,
    read_text,
    write_atomic,
)


def cmd_ppn_import(args: argparse.Namespace) -> int:
    from . import ppn, ppn_game  # lazily: only these commands read PPN

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
    state = "finished" if game.is_terminal else f"unfinished: preferans play --resume {args.output} continues it"
    print(f"wrote {args.output}: {len(game.results)} deals of {game.variant.name} ({state})")
    return 0


def cmd_ppn_export(args: argparse.Namespace) -> int:
    from . import ppn, ppn_game

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
    if pending:
        print(f"preferans: note: deal {len(game.results) + 1} is in progress ({pending} actions) and is not "
              "exported: PPN records whole deals", file=sys.stderr)
    text = ppn.write_json(doc) if args.json else ppn.write_line(doc)
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    write_atomic(Path(args.output), text)
    print(f"wrote {args.output}: {len(doc.records)} deals in PPN ({'JSON' if args.json else 'line'} form)")
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("ppn", help="read and write Portable Preferans Notation (the Balkan family)")
    psub = s.add_subparsers(dest="ppn_command", required=True, metavar="import|export")
    c = psub.add_parser("import", help="replay a PPN file into a game log (the play --save format)")
    c.add_argument("file", help="PPN: the line form, the JSON form or the 2019 line form")
    c.add_argument("-o", "--output", metavar="LOG", help="the game log to write (default: print it)")
    c.add_argument("--variant", metavar="NAME",
                   help="a Balkan-family variant (default: the file's Variant tag, else balkan)")
    c.add_argument("--no-check", action="store_true",
                   help="do not compare value, refa, summary and Result with what the rules write")
    c.set_defaults(func=cmd_ppn_import)
    c = psub.add_parser("export", help="write a game log as PPN")
    c.add_argument("log", help="a game log written by play --save (or ppn import)")
    c.add_argument("-o", "--output", metavar="FILE", help="the PPN file to write (default: print it)")
    c.add_argument("--json", action="store_true", help="the JSON form instead of the line form")
    c.set_defaults(func=cmd_ppn_export)
