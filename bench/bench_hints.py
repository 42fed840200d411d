"""The hints of the online table: how long a seat waits for its hint, and how long the server takes meanwhile
to answer another client (a spectator's ping), which shows that the hint's worker thread leaves the event
loop free.

Sochi tables played in process (Starlette's test client), three people each driven by the heuristic bot; the
seat to act asks for a hint at every decision of the first deal before it acts. Reported per phase: the
hints, their mean and largest wait (from the request to the frame); and the ping round trips sent while a
hint was being worked out.

    python bench/bench_hints.py --tables 3 --seed 5                 # the hard level's budget
    python bench/bench_hints.py --tables 3 --seed 5 --options samples=8
    python bench/bench_hints.py --smoke                             # one table, four layouts, for CI

Figures go to docs/protocol.md ("Hints") with the command and the machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the tests' client helpers

from starlette.testclient import TestClient  # noqa: E402

from helpers.server_client import Seat, close_all, drain_info, join, live, new_table  # noqa: E402
from preferans.core.ai.bots import HeuristicBot  # noqa: E402
from preferans.core.server.app import create_app  # noqa: E402


def run(tables: int, seed: int, options: str) -> tuple[dict[str, list[float]], list[float]]:
    waits: dict[str, list[float]] = {}
    pings: list[float] = []
    bot = HeuristicBot()
    with tempfile.TemporaryDirectory() as tmp, \
            TestClient(create_app(Path(tmp) / "b.sqlite3", rate=1e6, burst=1e6, hint_options=options)) as client:
        for k in range(tables):
            table_id = new_table(client, variant="sochi", seed=seed + k)
            game = live(client, table_id).game
            seats = [Seat(client, table_id, join(client, table_id, s)) for s in range(3)]
            watcher = Seat(client, table_id, None)
            drain_info(seats)
            while game.deal.number == 0 and not game.is_terminal:
                turn = game.current_player
                start = time.perf_counter()
                seats[turn].send(type="hint")
                sent = time.perf_counter()
                watcher.send(type="ping")
                watcher.recv_type("pong")
                pings.append(time.perf_counter() - sent)
                frame = seats[turn].recv_type("hint", "error")
                waits.setdefault(str(frame.get("phase", frame.get("code"))), []).append(time.perf_counter() - start)
                seats[turn].send(type="action", action=bot.choose(game, turn))
                for s in [*seats, watcher]:
                    s.update()
        close_all(client)
    return waits, pings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--options", default="", help="the hard bot's options for the hints (default: the hard level)")
    ap.add_argument("--smoke", action="store_true")
    args = ap.parse_args()
    if args.smoke:
        args.tables, args.options = 1, "samples=4"
    waits, pings = run(args.tables, args.seed, args.options)
    print(f"python {platform.python_version()}, {platform.machine()}, options {args.options or '(hard)'!r}")
    for phase, ws in waits.items():
        print(f"{phase:8} {len(ws):4} hints  mean {statistics.mean(ws) * 1000:7.1f} ms  max {max(ws) * 1000:7.1f} ms")
    print(f"ping while a hint runs: {len(pings)}, mean {statistics.mean(pings) * 1000:.1f} ms, "
          f"max {max(pings) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
