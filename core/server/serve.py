"""Run the server (``preferans serve``): the app of :mod:`~preferans.core.server.app` under uvicorn."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TextIO

from preferans.core.model.errors import bad_input

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


def serve(host: str, port: int, db: str | Path, out: TextIO, hint_options: str = "") -> None:
    """Serve on ``host:port`` with database file ``db`` until interrupted; prints the address first.
    ``hint_options`` are the hard bot's for the hints (``samples=8``), capped like ``--bots``."""
    check_installed()
    import uvicorn

    from preferans.core.ai.levels import make_level
    from preferans.core.server.app import create_app

    make_level("hard", 0, 0, hint_options, "--hint-options")  # bad or above the caps: one line, exit 2

    path = Path(db)
    if path.exists() and not path.is_file():
        raise bad_input("{option} {db}: not a regular file", option="--db", db=str(db))
    try:
        app = create_app(path, hint_options=hint_options)
    except Exception as exc:  # a file that is not a database, a folder we may not write
        raise bad_input("{option} {db}: cannot be opened as the server's database ({reason})", option="--db",
                        db=str(db), reason=str(exc)) from None
    shown = f"[{host}]" if ":" in host else host
    print(f"preferans: serving on http://{shown}:{port}/ (database {path}); Ctrl-C stops", file=out, flush=True)
    # a frame larger than this is refused by uvicorn itself; the protocol's own limit is far below it
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)
