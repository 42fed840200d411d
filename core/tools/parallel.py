"""Independent work units run here, in local worker processes (``--jobs J``) or on a Dask cluster
(``--scheduler ADDRESS``), with the results always combined in unit order.

``simulate`` and ``arena`` cut their work into units that carry everything they need: the variant as its
config dict (a worker process imports the variant plugins itself, by name), the bot names and the seeds,
which derive from the run seed and the unit's index only (:func:`derive_seed`). So the combined result is
the same whatever runs the units and in whatever order they finish.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from preferans.core.model.errors import bad_input

U = TypeVar("U")
R = TypeVar("R")

DASK_EXTRA = "pip install 'preferans[dask]'"
"""How to install what ``--scheduler`` needs (the ``dask`` extra: ``dask[distributed]``)."""

CONNECT_TIMEOUT = "10s"
"""How long ``--scheduler`` waits for the Dask scheduler before giving up."""


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 64-bit seed from the run seed and a unit's coordinates: the first 8 bytes (big-endian) of the
    SHA-256 of ``"seed:part:part..."``. It depends on nothing else (not the process, not ``PYTHONHASHSEED``,
    not the number of jobs), so a unit plays the same wherever it runs."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def check_jobs(jobs: int) -> int:
    """``jobs`` if it is a usable number of worker processes, else :class:`BadInput` naming ``--jobs``."""
    if jobs < 1:
        raise bad_input("{option}: must be at least 1 (1 runs in this process), got {jobs}", option="--jobs", jobs=jobs)
    return jobs


def run_units(fn: Callable[[U], R], units: Iterable[U], *, jobs: int = 1, scheduler: str | None = None,
              done: Callable[[R], object] | None = None) -> list[R]:
    """``[fn(u) for u in units]``: :func:`iter_units` collected in a list."""
    return list(iter_units(fn, units, jobs=jobs, scheduler=scheduler, done=done))


def iter_units(fn: Callable[[U], R], units: Iterable[U], *, jobs: int = 1, scheduler: str | None = None,
               done: Callable[[R], object] | None = None) -> Iterator[R]:
    """``fn(u)`` for each of ``units``, yielded in unit order, computed in this process (``jobs == 1``), in
    ``jobs`` local processes, or on the Dask scheduler at ``scheduler``. ``fn`` must be a module-level
    function and the units picklable. ``done`` is called with each result as it arrives (in any order: it
    is for progress only).

    The units are taken from ``units`` lazily, at most :func:`window` of them in flight (submitted, or
    finished and waiting for an earlier one), so a generator of a billion units costs the memory of a few:
    nothing here grows with their number. Closing the iterator early (an error, Ctrl-C, SIGTERM) drops the
    queued units and stops the worker processes."""
    check_jobs(jobs)
    if scheduler is not None:
        yield from _iter_dask(fn, iter(units), scheduler, done)
        return
    it = iter(units)
    head = list(itertools.islice(it, window(jobs) if jobs > 1 else 0))
    if jobs == 1 or len(head) <= 1:
        for unit in itertools.chain(head, it):
            result = fn(unit)
            if done is not None:
                done(result)
            yield result
        return
    yield from _iter_processes(fn, head, it, min(jobs, len(head)), done)


def window(workers: int) -> int:
    """How many units are in flight at once for ``workers`` workers: two each, so none waits for work."""
    return 2 * workers


def _in_order(submit: Callable[[U], Any], wait_some: Callable[[list[Any]], object], head: list[U], rest: Iterator[U],
              size: int, done: Callable[[R], object] | None) -> Iterator[R]:
    """The results of ``submit(unit)`` futures in unit order, with at most ``size`` of them in flight;
    ``wait_some(pending)`` returns when at least one of the pending futures is done."""
    queue: deque[Any] = deque(submit(u) for u in head)
    reported: set[Any] = set()
    while queue:
        pending = [f for f in queue if f not in reported]
        if pending and not queue[0].done():
            wait_some(pending)
        for f in pending:
            if f.done():
                result = f.result()  # a unit's exception surfaces here, in the caller
                reported.add(f)
                if done is not None:
                    done(result)
        while queue and queue[0] in reported:
            f = queue.popleft()
            reported.discard(f)
            yield f.result()
        for unit in itertools.islice(rest, size - len(queue)):
            queue.append(submit(unit))


def _iter_processes(fn: Callable[[U], R], head: list[U], rest: Iterator[U], workers: int,
                    done: Callable[[R], object] | None) -> Iterator[R]:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start, initargs=(os.getpid(),))
    finished = False
    try:
        def submit(unit: U) -> Any:
            with _signals_held():  # the pool forks its workers in submit
                return pool.submit(fn, unit)

        yield from _in_order(submit,
                             lambda pending: wait(pending, return_when=FIRST_COMPLETED),
                             head, rest, window(workers), done)
        finished = True
    finally:
        if not finished:
            # an error, Ctrl-C or SIGTERM: the queued units are dropped and the running ones stopped now,
            # not run to their end (SIGKILL: a worker not yet past _worker_start still has this process's
            # own SIGTERM handler)
            for process in list(pool._processes.values()):
                process.kill()
        pool.shutdown(wait=True, cancel_futures=True)


_HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done: raised during a fork, their exception would land in
    an at-fork hook, which swallows it, and the run would go on."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on Unix
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


PARENT_POLL = 0.25
"""Seconds between a worker process's checks that the process that started it still runs."""


def _worker_start(parent: int) -> None:
    """Run first in every worker process: Ctrl-C is the parent's to handle (it stops the workers), SIGTERM
    ends the worker at once, and the
    worker ends when its parent is gone, however it went (SIGKILL included), instead of waiting for work
    forever. On Linux the kernel sends it SIGKILL when the parent dies (``PR_SET_PDEATHSIG``); everywhere a
    daemon thread also compares ``os.getppid()`` with the parent's pid every :data:`PARENT_POLL` seconds."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the command line's handler, inherited by fork
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # held by the parent while it forked
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no libc to ask: the thread below does it
            pass
    if os.getppid() != parent:  # gone already, before the kernel was asked
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)  # the parent is gone: nobody wants this worker's results


def dask_client(address: str) -> Any:
    """A ``distributed.Client`` connected to ``address``; :class:`BadInput` naming ``--scheduler`` when the
    extra is not installed or the scheduler cannot be reached."""
    try:
        # optional (the dask extra): untyped for mypy, and maybe not installed where it runs
        from distributed import Client  # type: ignore[import-not-found, unused-ignore]
        from distributed.comm.addressing import resolve_address  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise bad_input("{option}: needs Dask, which is not installed: {fix}", option="--scheduler",
                        fix=DASK_EXTRA) from None
    try:
        # a malformed address first: a Client that fails on it hangs at exit trying to close itself
        resolve_address(address)
    except (OSError, ValueError) as exc:
        raise bad_input("{option}: {address} is not a scheduler address (e.g. {example}): {reason}",
                        option="--scheduler", address=repr(address), example="tcp://host:8786", reason=exc) from None
    try:
        # not the default client: nothing global changes for other dask code in this process
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise bad_input("{option}: cannot reach a Dask scheduler at {address}: {reason}", option="--scheduler",
                        address=repr(address), reason=exc) from None


def _iter_dask(fn: Callable[[U], R], units: Iterator[U], address: str,
               done: Callable[[R], object] | None) -> Iterator[R]:
    with dask_client(address) as client:  # first: it names the extra when Dask is missing
        from distributed import as_completed  # type: ignore[import-not-found, unused-ignore]

        threads = sum(client.nthreads().values())  # the cluster's threads when it starts; at least 4 in flight
        size = max(window(threads), 4)
        head = list(itertools.islice(units, size))
        arrived = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]  # this client's loop: not the default

        def submit(unit: U) -> Any:
            # pure=False: two equal units are still two runs (dask would otherwise merge them by hash)
            future = client.submit(fn, unit, pure=False)
            arrived.add(future)  # type: ignore[no-untyped-call]
            return future

        # next(arrived): a future that is done; every pending one is in it until it is done
        yield from _in_order(submit, lambda pending: next(arrived), head, units, size, done)


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], object] | None]:
    """A rich progress bar on stderr when it is a terminal (so it never mixes with ``--json`` on stdout):
    yields ``advance(k)``, or ``None`` when there is no terminal."""
    with progress_bars([(label, total)]) as (advance,):
        yield advance


@contextmanager
def progress_bars(bars: Sequence[tuple[str, int]]) -> Iterator[tuple[Callable[[int], object] | None, ...]]:
    """:func:`progress_bar` for several bars at once, one under the other (rich shows one display at a time):
    one ``advance(k)`` (or ``None``) per ``(label, total)``."""
    if not sys.stderr.isatty():
        yield tuple(None for _ in bars)
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:  # on stderr, whatever stdout is
        def advancer(task: TaskID) -> Callable[[int], object]:
            return lambda k: bar.advance(task, k)

        yield tuple(advancer(bar.add_task(label, total=total)) for label, total in bars)
