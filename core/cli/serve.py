"""``preferans serve``: the online table (a lobby, the table page, the WebSocket protocol of docs/protocol.md)
over HTTP, every table kept in an SQLite file. Needs the ``web`` extra."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.ai.registry import BOTS
from preferans.core.cli.common import language_of, note_slow_solver
from preferans.core.model.errors import bad_input
from preferans.core.model.i18n import translator
from preferans.core.server.limits import Limits
from preferans.core.server.serve import DEFAULT_DB, serve


def cmd_serve(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise bad_input("{option} {port}: expected 0..65535", option="--port", port=args.port)
    # the seat menu offers every registered bot (the note keeps those that search), the hints are the hard bot's
    for option, value in (("--max-tables", args.max_tables), ("--max-tables-per-address", args.max_tables_per_address),
                          ("--max-pool", args.max_pool), ("--max-deals", args.max_deals)):
        if value < 1:
            raise bad_input("{option} {value}: expected a whole number 1 or more", option=option, value=value)
    if not args.idle_timeout > 0:
        raise bad_input("{option} {value}: expected seconds, more than 0", option="--idle-timeout",
                        value=args.idle_timeout)
    limits = Limits(tables=args.max_tables, tables_per_address=args.max_tables_per_address, idle=args.idle_timeout,
                    pool=args.max_pool, deals=args.max_deals)
    note_slow_solver(list(BOTS), translator(language_of(args)))
    serve(args.host, args.port, args.db, sys.stdout, args.hint_options, limits)
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("serve", help="serve tables of any installed variant to browsers (needs the web extra)")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    s.add_argument("--db", default=DEFAULT_DB, help=f"the SQLite file of the tables (default {DEFAULT_DB} in the "
                                                    "working directory; created when missing)")
    s.add_argument("--hint-options", default="", metavar="OPTIONS",
                   help="the hard bot's options for the players' hints, as after hard: in --bots (samples=8: "
                        "a smaller budget than the hard level's; docs/protocol.md, Hints)")
    d = Limits()
    s.add_argument("--max-tables", type=int, default=d.tables, metavar="N",
                   help=f"open tables on the server at once (default {d.tables})")
    s.add_argument("--max-tables-per-address", type=int, default=d.tables_per_address, metavar="N",
                   help=f"open tables made from one client address (default {d.tables_per_address})")
    s.add_argument("--idle-timeout", type=float, default=d.idle, metavar="SECONDS",
                   help=f"an open table nobody is connected to and nobody acted at for this long is deleted "
                        f"(default {d.idle:g}: a day)")
    s.add_argument("--max-pool", type=int, default=d.pool, metavar="N",
                   help=f"the largest pool a table's rules may ask for (default {d.pool})")
    s.add_argument("--max-deals", type=int, default=d.deals, metavar="N",
                   help=f"the largest max_deals a table's rules may ask for; a variant without one ends after "
                        f"this many deals (default {d.deals})")
    s.set_defaults(func=cmd_serve)
