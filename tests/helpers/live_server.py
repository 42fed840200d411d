"""A real server for the browser tests and the benchmark: uvicorn on 127.0.0.1 at a free port, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from preferans.core.server.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running(db: Path, **options: Any) -> Iterator[str]:
    """The base URL of a server on ``db`` while the block runs; ``options`` go to ``create_app`` (the rate
    limits, ``hint_options``)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(db, **options), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
