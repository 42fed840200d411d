"""Independent work units run here, in local worker processes (``--jobs J``) or on a Dask cluster
(``--scheduler ADDRESS``), with the results always combined in unit order.

``simulate`` and ``arena`` cut their work into units that carry everything they need: the variant as its
config dict (a worker process imports the variant plugins itself, by name), the bot names and the seeds,
which derive from the run seed and the unit's index only (:func:`derive_seed`). So the combined result is
the same whatever runs the units and in whatever order they finish.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any, TypeVar

from preferans.core.model.errors import BadInput

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
        raise BadInput(f"--jobs: must be at least 1 (1 runs in this process), got {jobs}")
    return jobs


def run_units(fn: Callable[[U], R], units: Sequence[U], *, jobs: int = 1, scheduler: str | None = None,
              done: Callable[[R], object] | None = None) -> list[R]:
    """``[fn(u) for u in units]``, computed in this process (``jobs == 1``), in ``jobs`` local processes,
    or on the Dask scheduler at ``scheduler``. ``fn`` must be a module-level function and the units
    picklable. ``done`` is called with each result as it arrives (in any order: it is for progress only);
    the returned list is always in unit order."""
    check_jobs(jobs)
    if scheduler is not None:
        return _run_dask(fn, units, scheduler, done)
    if jobs == 1 or len(units) <= 1:
        out = []
        for unit in units:
            out.append(fn(unit))
            if done is not None:
                done(out[-1])
        return out
    return _run_processes(fn, units, jobs, done)


def _run_processes(fn: Callable[[U], R], units: Sequence[U], jobs: int, done: Callable[[R], object] | None) -> list[R]:
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(units)))
    try:
        futures = [pool.submit(fn, unit) for unit in units]
        pending: set[Future[R]] = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                result = f.result()  # a unit's exception surfaces here, in the caller
                if done is not None:
                    done(result)
        return [f.result() for f in futures]
    finally:
        # on an error or Ctrl-C the queued units are dropped rather than run to the end
        pool.shutdown(wait=True, cancel_futures=True)


def dask_client(address: str) -> Any:
    """A ``distributed.Client`` connected to ``address``; :class:`BadInput` naming ``--scheduler`` when the
    extra is not installed or the scheduler cannot be reached."""
    try:
        # optional (the dask extra): untyped for mypy, and maybe not installed where it runs
        from distributed import Client  # type: ignore[import-not-found, unused-ignore]
        from distributed.comm.addressing import resolve_address  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise BadInput(f"--scheduler: needs Dask, which is not installed: {DASK_EXTRA}") from None
    try:
        # a malformed address first: a Client that fails on it hangs at exit trying to close itself
        resolve_address(address)
    except (OSError, ValueError) as exc:
        raise BadInput(f"--scheduler: {address!r} is not a scheduler address (e.g. tcp://host:8786): {exc}") from None
    try:
        # not the default client: nothing global changes for other dask code in this process
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise BadInput(f"--scheduler: cannot reach a Dask scheduler at {address!r}: {exc}") from None


def _run_dask(fn: Callable[[U], R], units: Sequence[U], address: str, done: Callable[[R], object] | None) -> list[R]:
    with dask_client(address) as client:  # first: it names the extra when Dask is missing
        from distributed import as_completed  # type: ignore[import-not-found, unused-ignore]

        # pure=False: two equal units are still two runs (dask would otherwise merge them by hash)
        futures = client.map(fn, list(units), pure=False)
        # this client's loop: it is not the default client
        for f in as_completed(futures, loop=client.loop):  # type: ignore[no-untyped-call]
            if done is not None:
                done(f.result())
        results: list[R] = client.gather(futures)
        return results


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], object] | None]:
    """A rich progress bar on stderr when it is a terminal (so it never mixes with ``--json`` on stdout):
    yields ``advance(k)``, or ``None`` when there is no terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("deals", total=total)
        yield lambda k: bar.advance(task, k)
