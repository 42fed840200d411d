"""The online table server under load: N Sochi tables, every seat a WebSocket client over loopback that acts
after a think time, the server alone on one core.

The server is `preferans serve`'s app under uvicorn (the same options), in a process of its own on a fresh
SQLite file, with the server's own per-connection rate limit (20 messages a second, bursts of 40, unless
``--rate``) and the limit of open tables per address raised (every table is made from 127.0.0.1). With
``--pin-core C`` (default 0) the server process calls ``os.sched_setaffinity(0, {C})`` before it imports
anything, so it and every thread it starts run on core C only; the client processes (``--jobs``) are pinned
to the other cores, so they never take the server's.

Every table is made and its three seats joined over HTTP (``POST /api/tables``, ``POST
/api/tables/ID/join``); each seat then connects to ``/ws`` and says ``hello`` with its token. When all are
connected, play starts: the seat to act waits its think time (``--think LO:HI``, uniform, from a generator
seeded by ``--seed``, the table and the seat) and sends a random legal action. Measured after ``--warmup``
seconds, over a window of ``--seconds``:

- latency **to the actor**: from sending an action to receiving the update that carries it (the server's
  check, engine, SQLite insert and commit, three observations and their JSON, the sockets);
- latency **to the table**: from sending it to the moment the last of the three seats has that update;
- actions per second, and the CPU the server process used in the window (share of its one core), by
  ``/proc/PID/stat``; the client processes' CPU too, to show they were not the bottleneck;
- what stole time: each process's run-queue wait (``/proc/PID/schedstat``: runnable, but another program
  had the core), and, inside the server, its garbage collections, its commits and the time it took to
  handle each message (measured by wrappers the bench's server script installs; ``--timeline`` prints the
  window second by second).

On a shared machine ``--nice -10`` (root) puts the server and the clients ahead of other programs: each
runs in a session, so an autogroup, of its own with that nice value.

    python bench/bench_server.py                         # 200 tables, bots' pace (0.5-1.0 s), 60 s window
    python bench/bench_server.py --think rate            # as fast as the rate limit allows (1/20 s)
    python bench/bench_server.py --repeat 3 --nice -10   # three runs: median, spread and 95% CI
    python bench/bench_server.py --profile prof.out      # cProfile of the server over the window
    python bench/bench_server.py --smoke                 # two tables, two seconds, for CI

Figures go to docs/performance.md (Server) with the command and the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import math
import multiprocessing
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ACTS = ("call", "discard", "declare", "defence", "card")
"""Event kinds of an applied action."""

SERVER = r"""
import os, sys
db, port, core, rate, burst, profile, probe, nice = sys.argv[1:9]
if int(core) >= 0:
    os.sched_setaffinity(0, {int(core)})  # before anything starts a thread: they all inherit it
if int(nice):
    # a session of its own (Popen's start_new_session) is an autogroup of its own: its nice value is what
    # the kernel weighs against the other programs' groups on the core
    os.setpriority(os.PRIO_PROCESS, 0, int(nice))
    with open("/proc/self/autogroup", "w") as f:
        f.write(nice)
import gc, json, signal, time
import uvicorn
from preferans.core.server import store
from preferans.core.server.app import create_app
from preferans.core.server.limits import Limits
from preferans.core.server.protocol import BURST, RATE
# every table is made from 127.0.0.1: the per-address limit is raised, the rest are the server's defaults
limits = Limits(tables=10**6, tables_per_address=10**6)
app = create_app(db, rate=float(rate) if rate else RATE, burst=float(burst) if burst else BURST, limits=limits)
# what the window's pauses were: the garbage collector's collections and the database's commits
window = {"on": False, "gc": {}, "commits": [], "handled": []}
began = [0.0]
def collected(phase, info):
    if phase == "start":
        began[0] = time.perf_counter()
    elif window["on"]:
        window["gc"].setdefault(str(info["generation"]), []).append(time.perf_counter() - began[0])
gc.callbacks.append(collected)
plain = store.Store.append_many
def timed(self, *a, **k):
    t = time.perf_counter()
    try:
        return plain(self, *a, **k)
    finally:
        if window["on"]:
            window["commits"].append(time.perf_counter() - t)
store.Store.append_many = timed
from preferans.core.server import app as app_module
handle = app_module._handle
async def handled(*a, **k):
    t = time.perf_counter()
    try:
        return await handle(*a, **k)
    finally:
        if window["on"]:
            window["handled"].append(time.perf_counter() - t)
app_module._handle = handled  # looked up at each message by the socket's loop
prof = None
if profile:
    import cProfile
    prof = cProfile.Profile()
def start(*_):
    window["on"] = True
    if prof is not None:
        prof.enable()
def stop(*_):
    if prof is not None:
        prof.disable()
        prof.dump_stats(profile)
    window["on"] = False
    with open(probe, "w") as f:
        json.dump({**{k: v for k, v in window.items() if k != "on"}, "objects": len(gc.get_objects())}, f)
signal.signal(signal.SIGUSR1, start)  # the bench sends these at the start and the end of the window
signal.signal(signal.SIGUSR2, stop)
# as `preferans serve` runs it (core/server/serve.py)
uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning", ws_max_size=65536)
"""


# ---------------------------------------------------------------- helpers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:  # noqa: S310 - our own server on 127.0.0.1
        data: dict[str, Any] = json.loads(r.read())
        return data


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (all its threads) so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited(pid: int | str = "self") -> float:
    """Seconds the main thread of process ``pid`` has spent runnable but waiting for a CPU (Linux
    /proc/PID/schedstat; 0 elsewhere): what other programs on its core took from it."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def cpus_of(pid: int) -> list[str]:
    """The CPUs each thread of ``pid`` may run on (``Cpus_allowed_list``), one entry per distinct list."""
    seen = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                if line.startswith("Cpus_allowed_list:"):
                    seen.add(line.split(":", 1)[1].strip())
    except OSError:
        pass
    return sorted(seen)


def pct(sorted_values: list[float], p: float) -> float:
    """The ``p`` quantile (nearest rank) of ``sorted_values`` in milliseconds."""
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, math.ceil(p * len(sorted_values)) - 1))
    return round(1000 * sorted_values[k], 2)


def spread(values: list[float]) -> dict[str, float]:
    """Summary of ``values`` (lists of milliseconds)."""
    s = sorted(values)
    return {"p50": pct(s, 0.50), "p95": pct(s, 0.95), "p99": pct(s, 0.99), "max": pct(s, 1.0), "count": len(s)}


T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}


def ci95(values: list[float]) -> tuple[float, float] | None:
    """The 95% confidence interval of the mean of ``values`` (Student's t; None under two values)."""
    if len(values) < 2:
        return None
    m, sd = statistics.fmean(values), statistics.stdev(values)
    half = T95.get(len(values) - 1, 1.96) * sd / math.sqrt(len(values))
    return (round(m - half, 2), round(m + half, 2))


def parse_think(text: str, rate: float) -> tuple[float, float]:
    """``LO:HI`` (uniform), ``X`` (fixed) or ``rate`` (1/rate, as fast as the rate limit allows)."""
    if text == "rate":
        return (1.0 / rate, 1.0 / rate)
    lo, _, hi = text.partition(":")
    low, high = float(lo), float(hi or lo)
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError(f"--think {text}: want LO:HI with 0 <= LO <= HI, X or rate")
    return (low, high)


# ---------------------------------------------------------------- the clients (one process per job)


class Clients:
    """The seats of one client process, what they sent and when each seat received it."""

    def __init__(self, url: str, think: tuple[float, float], seed: int) -> None:
        self.url, self.think, self.seed = url, think, seed
        self.window = (math.inf, math.inf)  # (start, end) in time.time(), set when play starts
        self.pending: dict[tuple[str, int], list[Any]] = {}  # (table, n) -> [sent, actor, seen, in window]
        self.actor: list[float] = []
        self.when: list[float] = []  # time.time() each actor latency's action was sent
        self.table: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.over = 0
        self.stopping = False

    def sent(self, table: str, n: int, seat: int) -> None:
        now = time.time()
        inside = self.window[0] <= now < self.window[1]
        self.actions += inside
        self.pending[(table, n)] = [time.perf_counter(), seat, 0, inside, now]

    def received(self, table: str, n: int, seat: int, at: float) -> None:
        entry = self.pending.get((table, n))
        if entry is None:
            return
        entry[2] += 1
        if entry[3] and seat == entry[1]:
            self.actor.append(at - entry[0])
            self.when.append(entry[4])
        if entry[2] == 3:
            if entry[3]:
                self.table.append(at - entry[0])
            del self.pending[(table, n)]

    def unanswered(self) -> int:
        return sum(1 for e in self.pending.values() if e[3])


class Seat:
    def __init__(self, clients: Clients, table: str, token: str, me: int) -> None:
        self.c, self.table, self.token, self.me = clients, table, token, me
        self.rng = random.Random(f"{clients.seed}:{table}:{me}")
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] = {}
        self.n = 0
        self.acting = False

    async def join(self) -> None:
        self.ws = await connect(self.c.url, max_size=2**22, open_timeout=120)
        await self.ws.send(json.dumps({"type": "hello", "table": self.table, "token": self.token}))
        while True:
            msg = json.loads(await self.ws.recv())
            if msg["type"] == "welcome":
                await self.ws.send(json.dumps({"type": "token_ack"}))
            elif msg["type"] == "snapshot":
                self.state, self.n = msg["state"], msg["n"]
                return
            elif msg["type"] == "error":
                raise RuntimeError(f"hello refused: {msg}")

    def maybe_act(self) -> None:
        if not self.acting and not self.state["over"] and self.state["to_act"] == self.me:
            self.acting = True
            asyncio.get_running_loop().create_task(self.act(self.n, list(self.state["legal"])))

    async def act(self, n: int, legal: list[str]) -> None:
        lo, hi = self.c.think
        delay = self.rng.uniform(lo, hi) if hi > lo else lo
        action = self.rng.choice(legal)
        try:
            if delay:
                await asyncio.sleep(delay)
            if self.c.stopping or self.ws is None:
                return
            self.c.sent(self.table, n, self.me)
        finally:
            self.acting = False  # before the send: its update may be read while the send waits
        await self.ws.send(json.dumps({"type": "action", "action": action, "at": n}))

    async def play(self) -> None:
        assert self.ws is not None
        self.maybe_act()
        try:
            async for raw in self.ws:
                at = time.perf_counter()
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "update":
                    for e in msg["events"]:
                        if e["kind"] in ACTS:
                            self.c.received(self.table, e["number"], self.me, at)
                    self.state, self.n = msg["state"], msg["n"]
                    if self.state["over"]:
                        self.c.over += 1
                        return
                    self.maybe_act()
                elif kind == "error":
                    self.c.errors[msg["code"]] = self.c.errors.get(msg["code"], 0) + 1
        except Exception as exc:  # the socket closed under us at the end of the run
            if not self.c.stopping:
                self.c.errors[type(exc).__name__] = self.c.errors.get(type(exc).__name__, 0) + 1


async def clients_main(url: str, seats: list[tuple[str, str, int]], think: tuple[float, float], seed: int,
                       ready: Any, go: Any, when: Any, grace: float) -> dict[str, Any]:
    c = Clients(url, think, seed)
    all_seats = [Seat(c, t, tok, s) for t, tok, s in seats]
    gate = asyncio.Semaphore(50)

    async def join(seat: Seat) -> None:
        async with gate:
            await seat.join()

    await asyncio.gather(*(join(s) for s in all_seats))
    ready.put(len(all_seats))
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, go.wait)
    start, end = when[0], when[1]
    c.window = (start, end)
    tasks = [asyncio.create_task(s.play()) for s in all_seats]
    await asyncio.sleep(max(0.0, start - time.time()))
    cpu0, wait0 = time.process_time(), waited()
    await asyncio.sleep(max(0.0, end - time.time()))
    cpu, wait = time.process_time() - cpu0, waited() - wait0
    deadline = time.monotonic() + grace  # the updates of the window's last actions
    while c.unanswered() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    c.stopping = True
    for s in all_seats:
        if s.ws is not None:
            await s.ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"actions": c.actions, "actor": c.actor, "when": c.when, "table": c.table, "errors": c.errors,
            "over": c.over, "unanswered": c.unanswered(), "cpu": cpu, "wait": wait}


def favour(nice: int) -> None:
    """Give this process the nice value ``nice`` in an autogroup of its own (a new session): with the kernel's
    autogroups, a nice value weighs only against the same session's processes, the group's against others."""
    if not nice:
        return
    os.setsid()
    os.setpriority(os.PRIO_PROCESS, 0, nice)
    with open("/proc/self/autogroup", "w") as f:
        f.write(str(nice))


def clients_process(nice: int, cores: set[int], url: str, seats: list[tuple[str, str, int]], think: tuple[float, float],
                    seed: int, ready: Any, go: Any, when: Any, grace: float, results: Any) -> None:
    if cores and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, cores)
    favour(nice)
    try:
        results.put(asyncio.run(clients_main(url, seats, think, seed, ready, go, when, grace)))
    except BaseException as exc:
        ready.put(-1)
        results.put({"failed": f"{type(exc).__name__}: {exc}"})
        raise


# ---------------------------------------------------------------- one run


def start_server(db: Path, port: int, core: int, rate: float | None, profile: str, probe: Path,
                 nice: int) -> subprocess.Popen[bytes]:
    burst = "" if rate is None else str(2 * rate)
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(db), str(port), str(core),
                             "" if rate is None else str(rate), burst, profile, str(probe), str(nice)],
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("bench_server: the server did not start") from None
            time.sleep(0.05)


def make_tables(base: str, tables: int, seed: int) -> list[tuple[str, str, int]]:
    """Make ``tables`` Sochi tables and join their three seats: (table, token, seat) for every seat."""

    def one(t: int) -> list[tuple[str, str, int]]:
        made = post(f"{base}/api/tables", {"variant": "sochi", "seed": seed * 1_000_000 + t,
                                           "rules": {"pool": 1000}})
        return [(made["id"], post(f"{base}/api/tables/{made['id']}/join", {"seat": s})["token"], s)
                for s in range(3)]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return [seat for seats in pool.map(one, range(tables)) for seat in seats]


CORES = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
"""The cores this program may use, read before any run narrows it to the clients' cores."""


def run_once(args: argparse.Namespace, think: tuple[float, float], run: int) -> dict[str, Any]:
    seed = args.seed + run
    cores = CORES
    pin = args.pin_core if args.pin_core >= 0 and args.pin_core in cores else -1
    client_cores = {c for c in cores if c != pin} or set(cores)
    if hasattr(os, "sched_setaffinity") and client_cores:
        os.sched_setaffinity(0, client_cores)  # this process too (it makes the tables and samples the CPU)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        profile = str(Path(args.profile).resolve()) if args.profile else ""
        probe = Path(tmp) / "probe.json"
        proc = start_server(Path(tmp) / "bench.sqlite3", port, pin, args.rate, profile, probe, args.nice)
        try:
            base = f"http://127.0.0.1:{port}"
            t0 = time.monotonic()
            seats = make_tables(base, args.tables, seed)
            setup = time.monotonic() - t0
            ctx = multiprocessing.get_context("fork") if sys.platform == "linux" else multiprocessing.get_context()
            ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
            when = ctx.Array("d", 2)
            jobs = max(1, min(args.jobs, args.tables))
            # whole tables per process: a table's three seats share one clock and one process
            per = [[s for i, s in enumerate(seats) if (i // 3) % jobs == j] for j in range(jobs)]
            url = f"ws://127.0.0.1:{port}/ws"
            procs = [ctx.Process(target=clients_process, args=(args.nice, client_cores, url, part, think, seed, ready,
                                                               go, when, args.grace, results))
                     for part in per]
            for p in procs:
                p.start()
            joined = 0
            for _ in procs:
                got = ready.get(timeout=600)
                if got < 0:
                    raise SystemExit("bench_server: a client process failed to join its seats")
                joined += got
            connect_s = time.monotonic() - t0 - setup
            start = time.time() + args.warmup
            when[0], when[1] = start, start + args.seconds
            go.set()
            time.sleep(max(0.0, start - time.time()))
            proc.send_signal(signal.SIGUSR1)
            cpu0, wait0 = cpu_seconds(proc.pid), waited(proc.pid)
            samples, waits, last = [], [], (cpu0, wait0)
            while time.time() < start + args.seconds:
                time.sleep(min(1.0, max(0.0, start + args.seconds - time.time())))
                now = (cpu_seconds(proc.pid), waited(proc.pid))
                samples.append(now[0] - last[0])
                waits.append(now[1] - last[1])
                last = now
            server_cpu, server_wait = last[0] - cpu0, last[1] - wait0
            proc.send_signal(signal.SIGUSR2)
            pinned = cpus_of(proc.pid)
            rss = rss_mb(proc.pid)
            parts = [results.get(timeout=600) for _ in procs]
            pauses = json.loads(probe.read_text()) if probe.exists() else {"gc": {}, "commits": [], "handled": []}
            for p in procs:
                p.join(30)
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    failed = [p["failed"] for p in parts if "failed" in p]
    if failed:
        raise SystemExit(f"bench_server: a client process failed: {failed[0]}")
    actions = sum(p["actions"] for p in parts)
    errors: dict[str, int] = {}
    for p in parts:
        for k, v in p["errors"].items():
            errors[k] = errors.get(k, 0) + v
    secs = args.seconds
    return {
        "run": run + 1, "seed": seed, "tables": args.tables, "seats": joined,
        "think_s": list(think), "seconds": secs, "warmup": args.warmup, "client_processes": len(procs),
        "server_cpus": pinned, "server_nice": args.nice, "client_cpus": sorted(client_cores),
        "actions": actions, "actions_per_s": round(actions / secs, 1),
        "latency_actor_ms": spread([x for p in parts for x in p["actor"]]),
        "latency_table_ms": spread([x for p in parts for x in p["table"]]),
        "unanswered": sum(p["unanswered"] for p in parts), "errors": errors,
        "matches_over": sum(p["over"] for p in parts),
        "server_cpu_share": round(server_cpu / secs, 3),
        "server_cpu_share_max_1s": round(max(samples), 2) if samples else None,
        "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 3) if actions else None,
        "server_runq_wait_share": round(server_wait / secs, 3),
        "server_runq_wait_share_max_1s": round(max(waits), 3) if waits else None,
        "server_rss_mb": rss,
        "server_gc_ms": {g: {"count": len(v), "total": round(1000 * sum(v), 1), "max": round(1000 * max(v), 2)}
                         for g, v in sorted(pauses["gc"].items())},
        "server_gc_tracked_objects": pauses.get("objects"),
        "server_commit_ms": spread(pauses["commits"]),
        "server_handle_ms": spread(pauses["handled"]),
        "clients_cpu_share": round(sum(p["cpu"] for p in parts) / secs / max(1, len(client_cores)), 3),
        "clients_runq_wait_share": round(max(p["wait"] for p in parts) / secs, 3),
        "setup_s": round(setup, 1), "connect_s": round(connect_s, 1),
        "_actor": sorted(x for p in parts for x in p["actor"]),
        "_seconds": by_second(parts, start, samples, waits),
    }


def by_second(parts: list[dict[str, Any]], start: float, cpu: list[float], wait: list[float]) -> list[list[float]]:
    """Per second of the window: [second, actions, p99 ms, max ms, server CPU share, server run-queue wait]."""
    buckets: dict[int, list[float]] = {}
    for p in parts:
        for lat, t in zip(p["actor"], p["when"], strict=True):
            buckets.setdefault(int(t - start), []).append(lat)
    out = []
    for i in range(len(cpu)):
        lat = sorted(buckets.get(i, []))
        out.append([i, len(lat), pct(lat, 0.99), pct(lat, 1.0), round(cpu[i], 2), round(wait[i], 3)])
    return out


# ---------------------------------------------------------------- main


def machine() -> str:
    model = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.machine()} {model}, {os.cpu_count()} cpus, {platform.system()} {platform.release()}"


FIGURES = ("actions_per_s", "latency_actor_ms.p50", "latency_actor_ms.p95", "latency_actor_ms.p99",
           "latency_actor_ms.max", "latency_table_ms.p50", "latency_table_ms.p99", "latency_table_ms.max",
           "server_cpu_share", "server_cpu_ms_per_action", "server_runq_wait_share", "clients_cpu_share")


def figure(result: dict[str, Any], name: str) -> float:
    value: Any = result
    for key in name.split("."):
        value = value[key]
    return float(value)


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure over the runs: median, min, max, and the 95% CI of its mean (three runs or more); and the
    latency percentiles of all runs' samples together."""
    out: dict[str, Any] = {"runs": len(runs)}
    for name in FIGURES:
        values = [figure(r, name) for r in runs]
        entry: dict[str, Any] = {"median": round(statistics.median(values), 3), "min": min(values),
                                 "max": max(values)}
        if len(values) >= 3:
            entry["ci95_of_mean"] = ci95(values)
        out[name] = entry
    pooled = sorted(x for r in runs for x in r["_actor"])
    out["latency_actor_ms_all_runs"] = {"p50": pct(pooled, 0.5), "p95": pct(pooled, 0.95),
                                        "p99": pct(pooled, 0.99), "max": pct(pooled, 1.0), "count": len(pooled)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds of play before the window")
    ap.add_argument("--think", default="0.5:1.0",
                    help="seconds a seat waits before it acts: LO:HI (uniform), X, or 'rate' (1/the rate limit)")
    ap.add_argument("--jobs", "--clients", type=int, default=2, help="client processes (whole tables each)")
    ap.add_argument("--seed", type=int, default=1, help="the deals and the clients' choices and think times")
    ap.add_argument("--pin-core", type=int, default=0, help="the core the server runs on (-1: not pinned)")
    ap.add_argument("--nice", type=int, default=0,
                    help="the server's nice value (e.g. -10: ahead of other programs on a shared machine; needs root)")
    ap.add_argument("--rate", type=float, default=None,
                    help="the server's per-connection rate limit, burst twice that (default: the server's own)")
    ap.add_argument("--repeat", type=int, default=1, help="runs, each on a new server and database")
    ap.add_argument("--grace", type=float, default=5.0, help="seconds to wait for the window's last updates")
    ap.add_argument("--profile", metavar="FILE", default="",
                    help="run the server under cProfile over the window, write the stats to FILE, print the top")
    ap.add_argument("--timeline", action="store_true",
                    help="print each second of the window (actions, p99, max, server CPU and run-queue wait)")
    ap.add_argument("--smoke", action="store_true", help="two tables for two seconds (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.tables, args.seconds, args.warmup, args.jobs, args.repeat, args.grace = 2, 2.0, 0.5, 1, 1, 2.0
        args.think = "rate"
    from preferans.core.server.protocol import RATE

    think = parse_think(args.think, args.rate or RATE)
    runs = []
    for r in range(args.repeat):
        result = run_once(args, think, r)
        runs.append(result)
        result["slowest_seconds"] = sorted(result["_seconds"], key=lambda b: -b[3])[:3]
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}), flush=True)
        if args.timeline:
            print("second actions p99_ms max_ms server_cpu server_runq_wait", file=sys.stderr)
            for row in result["_seconds"]:
                print(*row, file=sys.stderr)
    out = summary(runs)
    out["machine"] = machine()
    out["python"] = platform.python_version()
    out["command"] = " ".join(["python", "bench/bench_server.py", *sys.argv[1:]])
    print(json.dumps(out), flush=True)
    if args.profile:
        import pstats

        stats = pstats.Stats(args.profile, stream=sys.stderr)
        stats.sort_stats("tottime").print_stats(30)
        stats.sort_stats("cumulative").print_stats(40)
    if args.smoke and sum(r["actions"] for r in runs) == 0:
        raise SystemExit("bench_server --smoke: no action was played")


if __name__ == "__main__":
    main()
