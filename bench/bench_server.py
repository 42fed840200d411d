"""The server under load: N tables over loopback WebSockets, every seat a client that plays a random legal
action as soon as it is its turn.

The server runs in a process of its own (uvicorn, one event loop: one core at most), on a fresh SQLite file,
with the per-connection rate limit lifted (these clients act far faster than people). The clients run in this
process. Reported: actions per second over all tables, and the latency from the moment a seat sends an action
to the moment each other seat of the table receives the update carrying it (50th and 99th percentile).

    python bench/bench_server.py --tables 50 --seconds 20
    python bench/bench_server.py --tables 200 --seconds 20
    python bench/bench_server.py --tables 200 --seconds 20 --think 0.5   # bots that take half a second
    python bench/bench_server.py --tables 200 --seconds 20 --think 0.5 --clients 2   # two client processes
    python bench/bench_server.py --smoke       # two tables, two seconds, for CI

Figures go to docs/performance.md with the command and the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

ACTS = ("call", "discard", "declare", "defence", "card")
SERVER = """
import sys, uvicorn
from preferans.core.server.app import create_app
from preferans.core.server.limits import Limits
# every table is made from this machine's address: the per-address limit is lifted
limits = Limits(tables=10**6, tables_per_address=10**6)
uvicorn.run(create_app(sys.argv[1], rate=1e9, burst=1e9, limits=limits), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", ws_max_size=65536)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:  # noqa: S310 - our own server on 127.0.0.1
        data: dict[str, Any] = json.loads(r.read())
        return data


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.latencies: list[float] = []
        self.actions = 0


async def seat(url: str, table_id: str, token: str, me: int, stats: Stats, stop: asyncio.Event,
               rng: random.Random, think: float) -> None:
    async with connect(url, max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table_id, "token": token}))
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg["type"] == "welcome":
                await ws.send(json.dumps({"type": "token_ack"}))
                continue
            if msg["type"] not in ("snapshot", "update"):
                continue
            for e in msg.get("events", []):
                if e["kind"] in ACTS and e["seat"] != me:
                    sent = stats.sent.get((table_id, e["number"]))
                    if sent is not None:
                        stats.latencies.append(now - sent)
            state = msg["state"]
            if state["over"]:
                return
            if state["to_act"] == me:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                stats.sent[(table_id, msg["n"])] = time.perf_counter()
                stats.actions += 1
                await ws.send(json.dumps({"type": "action", "action": rng.choice(state["legal"]), "at": msg["n"]}))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_part(base: str, first: int, count: int, start_at: float, seconds: float,
                   think: float) -> tuple[int, list[float]]:
    """Tables ``first`` .. ``first + count - 1``, played from now; what they did between the wall-clock
    times ``start_at`` and ``start_at + seconds``: (actions, latencies)."""
    stats = Stats()
    stop = asyncio.Event()
    seats = []
    loop = asyncio.get_running_loop()
    for t in range(first, first + count):
        made = await loop.run_in_executor(None, post, f"{base}/api/tables",
                                          {"variant": "sochi", "seed": t, "rules": {"pool": 1000}})
        for s in range(3):
            got = await loop.run_in_executor(None, post, f"{base}/api/tables/{made['id']}/join", {"seat": s})
            seats.append((made["id"], got["token"], s))
    url = base.replace("http", "ws") + "/ws"
    rng = random.Random(first)
    tasks = [asyncio.create_task(seat(url, tid, token, s, stats, stop, random.Random(rng.random()), think))
             for tid, token, s in seats]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    start_actions, start_lat = stats.actions, len(stats.latencies)
    await asyncio.sleep(max(0.0, start_at + seconds - time.time()))
    actions, lat = stats.actions - start_actions, stats.latencies[start_lat:]
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return actions, lat


def part(job: tuple[str, int, int, float, float, float]) -> tuple[int, list[float]]:
    return asyncio.run(run_part(*job))


def run(base: str, tables: int, seconds: float, server_pid: int, think: float, clients: int) -> dict[str, Any]:
    # every client process sets its tables up first; the measured window starts when all can have done so
    start_at = time.time() + 3.0 + tables * 0.05
    share = -(-tables // clients)
    jobs = [(base, first, min(share, tables - first), start_at, seconds, think)
            for first in range(0, tables, share)]
    with multiprocessing.Pool(len(jobs)) as pool:
        pending = pool.map_async(part, jobs)
        time.sleep(max(0.0, start_at - time.time()))
        cpu = cpu_seconds(server_pid)
        time.sleep(max(0.0, start_at + seconds - time.time()))
        server_cpu = cpu_seconds(server_pid) - cpu
        results = pending.get()
    actions = sum(a for a, _ in results)
    lat = sorted(x for _, part_lat in results for x in part_lat)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else float("nan")

    return {"tables": tables, "think_s": think, "client_processes": len(jobs), "seconds": seconds,
            "actions": actions, "actions_per_s": round(actions / seconds, 1), "latency_ms_p50": pct(0.50),
            "latency_ms_p99": pct(0.99), "latency_samples": len(lat),
            "server_cpu_share": round(server_cpu / seconds, 2),
            "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 3) if actions else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before it acts (0: at once, the server saturated)")
    ap.add_argument("--clients", type=int, default=1, help="client processes sharing the tables (default 1)")
    ap.add_argument("--smoke", action="store_true", help="two tables for two seconds (CI)")
    args = ap.parse_args()
    tables, seconds = (2, 2.0) if args.smoke else (args.tables, args.seconds)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen([sys.executable, "-c", SERVER, str(Path(tmp) / "bench.sqlite3"), str(port)])
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise SystemExit("bench_server: the server did not start") from None
                    time.sleep(0.05)
            result = run(f"http://127.0.0.1:{port}", tables, seconds, proc.pid, args.think, max(1, args.clients))
        finally:
            proc.terminate()
            proc.wait(10)
    result["machine"] = f"{platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpus".strip()
    result["python"] = platform.python_version()
    print(json.dumps(result))
    if args.smoke and result["actions"] == 0:
        raise SystemExit("bench_server --smoke: no action was played")


if __name__ == "__main__":
    main()
