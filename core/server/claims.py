"""Claims at a live table, as the server runs them (docs/protocol.md, "Claims"): a claim is written, put to the
seats that play the other hands (bots answer in a worker thread by :func:`~preferans.core.ai.claims.claim_holds`),
and, once every answer is in, played out as the seats' card actions or ended. :class:`Claiming` is the part of
the server's hub that does it; the hub brings the store, the connections and the broadcasts."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING, Any

from preferans.core.ai.claims import claim_holds, claim_play, split_of
from preferans.core.model.cards import CARD_NAMES
from preferans.core.server.store import Store
from preferans.core.server.table import LiveTable


class Claiming:
    """The claims of a hub's tables. Every frame is sent after what it says is written."""

    store: Store
    conns: dict[str, set[Any]]
    answering: set[asyncio.Task[None]]
    """The bots' answers being worked out."""

    if TYPE_CHECKING:  # the hub's own
        async def broadcast(self, table: LiveTable, done: dict[str, Any]) -> None: ...

        def wake_bots(self, table: LiveTable) -> None: ...

    async def send_all(self, table: LiveTable, message: dict[str, Any]) -> None:
        for conn in list(self.conns.get(table.id, ())):
            await conn.send(message)

    async def end_claim(self, table: LiveTable, outcome: str, **more: Any) -> None:
        """The waiting claim is over without its play (``refused``, ``withdrawn``, ``void``): written, then said."""
        claim = table.claim
        if claim is None:
            return
        self.store.answer_claim(table.id, claim["id"], claim["answers"], outcome)
        table.claim = None
        await self.send_all(table, {"type": "claim_end", "id": claim["id"], "outcome": outcome, **more})

    async def answer_claim(self, table: LiveTable, seat: int, accept: bool) -> None:
        """``seat``'s answer to the waiting claim: written and said; the claim's end when it decides it."""
        claim = table.claim
        if claim is None or claim["answers"].get(str(seat), False) is not None:
            return
        claim["answers"][str(seat)] = accept
        self.store.answer_claim(table.id, claim["id"], claim["answers"])  # written before it is said
        if not accept:
            await self.send_all(table, {"type": "claim", "claim": claim_frame(table)})
            await self.end_claim(table, "refused")
            return
        await self.send_all(table, {"type": "claim", "claim": claim_frame(table)})
        if all(claim["answers"].values()):
            await self._play_claim(table)

    async def _play_claim(self, table: LiveTable) -> None:
        claim = table.claim
        assert claim is not None
        play = table.game.deal.play
        assert play is not None
        line = await asyncio.to_thread(claim_play, play.copy(), claim["hand"], claim["tricks"])
        if table.claim is not claim:  # pragma: no cover - the table moved while the play was worked out
            return
        if line is None:  # no play of these cards gives the split: the deal goes on
            await self.end_claim(table, "void")
            return
        moves = []
        sim = table.game.clone()
        for card in line:
            moves.append((sim.current_player, CARD_NAMES[card]))
            sim.apply(CARD_NAMES[card])
        split = {str(h): n for h, n in split_of(play, line).items()}  # before the cards are played on ``play``
        event = table.act_many(moves, claim=(claim["id"], "accepted"))
        await self.send_all(table, {"type": "claim_end", "id": claim["id"], "outcome": "accepted",
                                    "split": split})
        await self.broadcast(table, event)
        self.wake_bots(table)

    def ask_bots(self, table: LiveTable) -> None:
        """The bots asked about the waiting claim answer it (in a worker thread: a few exact solves)."""
        claim = table.claim
        if claim is None:
            return
        loop = asyncio.get_running_loop()
        for key, answer in claim["answers"].items():
            seat = int(key)
            if answer is None and table.bot_for(seat) is not None:
                task = loop.create_task(self._bot_answer(table, claim, seat))
                self.answering.add(task)  # held until done: the loop keeps only a weak reference
                task.add_done_callback(self.answering.discard)

    async def _bot_answer(self, table: LiveTable, claim: dict[str, Any], seat: int) -> None:
        rng = random.Random(f"{table.row.seed}:{claim['id']}:{seat}")
        accept = await asyncio.to_thread(claim_holds, table.game.clone(), seat, claim["hand"], claim["tricks"], rng)
        if table.claim is claim:
            await self.answer_claim(table, seat, accept)


def claim_frame(table: LiveTable) -> dict[str, Any] | None:
    """The waiting claim as the protocol sends it (the claimer's cards shown to all), or ``None``."""
    claim = table.claim
    play = table.game.deal.play
    if claim is None or play is None:
        return None
    cards = [CARD_NAMES[c] for c in range(32) if play.hands[claim["hand"]] >> c & 1]
    return {"id": claim["id"], "seat": claim["seat"], "hand": claim["hand"], "tricks": claim["tricks"],
            "left": 10 - play.tricks_done, "cards": cards, "answers": dict(claim["answers"]), "at": claim["at"]}
