"""Run the server (``preferans serve``): the app of :mod:`~preferans.core.server.app` under uvicorn."""

from __future__ import annotations

import errno
import importlib.util
import socket
from pathlib import Path
from typing import TextIO

from preferans.core.model.errors import bad_input
from preferans.core.server.limits import DEFAULT, Limits

DEFAULT_DB = "preferans.sqlite3"
NEEDS = ("starlette", "uvicorn")


def check_installed() -> None:
    """:class:`BadInput` in one line when the ``web`` extra is missing."""
    missing = [m for m in NEEDS if importlib.util.find_spec(m) is None]
    if missing:
        install = "pip install 'preferans[web]'"
        if len(missing) == 1:
            raise bad_input("{command} needs {module}: {install}", command="serve", module=missing[0], install=install)
        raise bad_input("{command} needs {first} and {second}: {install}", command="serve", first=missing[0],
                        second=missing[1], install=install)


def check_port(host: str, port: int) -> None:
    """:class:`BadInput` in one line when ``host:port`` cannot be listened on (another server has it, an
    address not of this machine), before anything is printed or created; uvicorn would print its own error
    after our "serving on" line and exit 3. A port taken in the moment between this check and uvicorn's bind
    still meets uvicorn's error."""
    if port == 0:  # any free port: the system chooses one
        return
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise bad_input("{command}: cannot listen on {host} port {port} ({reason})", command="serve", host=host,
                        port=port, reason=exc.strerror or str(exc)) from None
    for family, kind, proto, _, address in addresses:
        with socket.socket(family, kind, proto) as probe:
            # as uvicorn binds: with SO_REUSEADDR, so a port left in TIME_WAIT by a stopped server is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    raise bad_input("{command}: port {port} is in use on {host} (choose another with {option})",
                                    command="serve", port=port, host=host, option="--port") from None
                raise bad_input("{command}: cannot listen on {host} port {port} ({reason})", command="serve",
                                host=host, port=port, reason=exc.strerror or str(exc)) from None


def serve(host: str, port: int, db: str | Path, out: TextIO, hint_options: str = "",
          limits: Limits = DEFAULT) -> None:
    """Serve on ``host:port`` with database file ``db`` until interrupted; prints the address first.
    ``hint_options`` are the hard bot's for the hints (``samples=8``), capped like ``--bots``; ``limits``
    what the tables may be and how many."""
    check_installed()
    import uvicorn

    from preferans.core.ai.levels import make_level
    from preferans.core.server.app import create_app

    make_level("hard", 0, 0, hint_options, "--hint-options")  # bad or above the caps: one line, exit 2

    check_port(host, port)
    path = Path(db)
    if path.exists() and not path.is_file():
        raise bad_input("{option} {db}: not a regular file", option="--db", db=str(db))
    try:
        app = create_app(path, hint_options=hint_options, limits=limits)
    except Exception as exc:  # a file that is not a database, a folder we may not write
        raise bad_input("{option} {db}: cannot be opened as the server's database ({reason})", option="--db",
                        db=str(db), reason=str(exc)) from None
    shown = f"[{host}]" if ":" in host else host
    print(f"preferans: serving on http://{shown}:{port}/ (database {path}); Ctrl-C stops", file=out, flush=True)
    # a frame larger than this is refused by uvicorn itself; the protocol's own limit is far below it
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)
