"""A seat's hint at the online table: the hard bot's view of the decision it has to make (docs/protocol.md,
"Hints").

The hint is the one ``preferans play --hints`` prints (:func:`preferans.core.ai.levels.hints`): in the card
play of a game the best cards with the tricks the seat's side is expected to end the deal with, at a call and
in raspasovka the best calls or cards with the seat's expected settlement, at the discard the hard bot's
choice. The bot reads the seat's observation only (``game.observation(seat)``, through pimc's
``observe``), so a hint tells a seat nothing it does not see.

A hint costs up to about a second of CPU, so it is computed in a worker thread, on a clone of the game (the
table goes on meanwhile, its bots moving the real game): at most :data:`WORKERS` at once on the whole
server and :data:`QUEUE` waiting or running, one per seat; a hint asked again at the same moment of
the table is answered from memory. The thread shares Python's lock with the event loop (the compiled
solver keeps it through one solve), so the other clients are slowed while a hint runs (docs/protocol.md,
"Hints": tens of milliseconds), never held for the whole hint.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from preferans.core.ai.levels import hints, make_level
from preferans.core.engine.game import Game

WORKERS = 1
"""Hints computed at once on one server (each one a core while it runs)."""
QUEUE = 4
"""Hints waiting or running on one server; one more is refused as ``hints_busy``."""
TOP = 3
"""Moves shown (the CLI's three)."""


def hint_body(game: Game, seat: int, options: str = "") -> dict[str, Any]:
    """The hint of ``seat``, whose turn it is in ``game``: ``{"measure", "better", "unit", "moves"}``.

    ``moves`` is best first, each ``{"action", "value"}`` with ``action`` a legal action as typed (``AS``,
    ``pass``, ``6S``). In the card play of a game ``measure`` is ``"tricks"``: ``value`` is the tricks the
    side of the hand to play is expected to end the deal with, the mean over the hard bot's layouts (one
    decimal), and ``better`` says whether ``"more"`` or ``"fewer"`` is good for that side (fewer in a
    misère, for the declarer and the whisters alike). At a call (auction, declaration, defence, kontra ...)
    and in raspasovka ``measure`` is ``"settlement"``: ``value`` is the seat's expected change of its
    settlement in the variant's ``unit`` (``"whists"``, ``"points"``: the key, as
    ``Game.settlement().unit`` names it), ``better`` ``"more"``. At any other decision (the discard, or
    when the budget valued too few layouts) ``measure`` is ``"choice"``: one move, the hard bot's choice,
    ``value``, ``better`` and ``unit`` ``null``. ``options`` are the hard bot's (``samples=4``)."""
    bot = make_level("hard", game.seed, seat, options, "hint", trusted=True)
    rows = hints(game, seat, TOP, bot)
    moves = [{"action": row.action, "value": row.value} for row in rows]
    measure = rows[0].measure
    if measure == "choice":
        return {"measure": "choice", "better": None, "unit": None, "moves": moves[:1]}
    if measure == "settlement":
        return {"measure": "settlement", "better": "more", "unit": game.settlement().unit, "moves": moves}
    return {"measure": "tricks", "better": _better(game), "unit": None, "moves": moves}


def _better(game: Game) -> str:
    """``"more"`` when the side of the hand to play wants tricks, ``"fewer"`` in a contract of no tricks
    (the declarer wants none, the whisters want him to take some: fewer for themselves)."""
    deal = game.deal
    play = deal.play
    if play is None or play.rules.declarer is None or deal.contract is None or deal.contract.goal == "none":
        return "fewer"
    return "more"


class Hints:
    """The server's hint workers, their queue and the hints already given (one per table and seat)."""

    def __init__(self, options: str = "", workers: int = WORKERS, queue: int = QUEUE) -> None:
        make_level("hard", 0, 0, options, "hint options", trusted=True)  # bad options fail at start-up
        self.options = options
        self.queue = queue
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="preferans-hint")
        self.pending = 0
        self.running: set[tuple[str, int]] = set()
        """The seats (table, seat) whose hint is being worked out: one at a time, however many connections."""
        self._lock = threading.Lock()
        self.memory: dict[tuple[str, int], tuple[int, dict[str, Any]]] = {}
        """``(table, seat) -> (n, hint)``: the last hint of each seat, good while the table is at event n."""

    @property
    def full(self) -> bool:
        return self.pending >= self.queue

    def remembered(self, table_id: str, seat: int, n: int) -> dict[str, Any] | None:
        got = self.memory.get((table_id, seat))
        return got[1] if got is not None and got[0] == n else None

    def start(self, table_id: str, game: Game, seat: int, n: int) -> asyncio.Future[dict[str, Any]]:
        """Start the hint frame of ``seat`` in ``game`` (a clone: the caller's table may move on meanwhile),
        the table at event ``n``, in a worker thread; the seat counts as running, and the queue one fuller,
        from now until the thread is done (whether or not anybody still waits for it)."""
        key = (table_id, seat)
        with self._lock:
            self.pending += 1
            self.running.add(key)
        try:
            future = self.executor.submit(self._work, key, game, n)
        except RuntimeError:  # the server is shutting down
            self._done(key)
            raise
        future.add_done_callback(lambda _f: self._done(key))
        return asyncio.wrap_future(future)

    def _work(self, key: tuple[str, int], game: Game, n: int) -> dict[str, Any]:
        body = hint_body(game, key[1], self.options)
        frame = {"type": "hint", "n": n, "seat": key[1], "phase": game.phase.value, **body}
        self.memory[key] = (n, frame)  # remembered before the seat stops counting as running
        return frame

    def _done(self, key: tuple[str, int]) -> None:
        with self._lock:
            self.pending -= 1
            self.running.discard(key)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
