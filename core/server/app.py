"""The ASGI app (Starlette): the lobby's HTTP routes, the page, and one WebSocket per client.

``create_app(db)`` builds it on a database file (:mod:`~preferans.core.server.store`); ``preferans serve``
runs it under uvicorn. The protocol is in docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from preferans.core.ai.claims import claim_moment
from preferans.core.formats.replay import ALL, Viewer, deals_of, replay_steps
from preferans.core.model.error_texts import mark_error
from preferans.core.model.errors import BadInput
from preferans.core.model.i18n import translator
from preferans.core.model.parsing import MAX_DEPTH, too_deep
from preferans.core.rules.config import load_variant, playable_variants
from preferans.core.server import lobby
from preferans.core.server.claims import Claiming, claim_frame
from preferans.core.server.hint import Hints
from preferans.core.server.labels import accepted, check_lang, labels, page_catalogue, replay_labels, said
from preferans.core.server.limits import DEFAULT, Limits
from preferans.core.server.protocol import BURST, CHAT_BURST, CHAT_RATE, RATE, ProtocolError, RateLimit, error, parse
from preferans.core.server.rules_form import rules_form
from preferans.core.server.store import Store
from preferans.core.server.table import ActionRefused, LiveTable, Tables

STATIC = Path(__file__).parent / "static"
REPLAYS_KEPT = 64
"""Replays the server keeps worked out (a replay replays the match up to its deal)."""
MAX_STRIKES = 50
"""Refused messages (malformed, rate-limited) a connection may send before it is closed."""


class Connection:
    """One client's socket, the table it joined and the seat it holds (``None``: a spectator)."""

    def __init__(self, ws: WebSocket, limit: RateLimit) -> None:
        self.ws = ws
        self.table: LiveTable | None = None
        self.seat: int | None = None
        self.acked = 0
        self.limit = limit
        self.strikes = 0
        self.lang: str | None = None
        """The language this client asked for (``hello``'s or a ``lang`` message's); ``None``: the table's."""
        self.chat_limit = RateLimit(CHAT_RATE, CHAT_BURST)
        self.name: str | None = None
        """A spectator's name for the chat (``hello``'s ``name``)."""
        self.hinting: asyncio.Task[None] | None = None
        """The task of this connection's last hint (held so that it runs to its end)."""
        self.sending = asyncio.Lock()
        """Frames leave in the order they were sent: the welcome and the snapshot of a hello go as one, so a
        bot's update broadcast meanwhile comes after them, never between."""

    @property
    def language(self) -> str:
        if self.lang is not None:
            return self.lang
        return str(self.table.settings["lang"]) if self.table is not None else "en"

    async def send(self, *messages: dict[str, Any]) -> bool:
        async with self.sending:
            try:
                for message in messages:
                    await self.ws.send_text(json.dumps(message, ensure_ascii=False))
                return True
            except Exception:  # a socket closed under us: the receive loop ends it
                return False


class Hub(Claiming):
    """The server's live tables, their connections and their bot runners."""

    def __init__(self, store: Store, hint_options: str = "", limits: Limits = DEFAULT) -> None:
        self.store = store
        self.limits = limits
        self.tables = Tables(store)
        self.hints = Hints(hint_options)
        self.conns: dict[str, set[Connection]] = {}
        self.runners: dict[str, asyncio.Task[None]] = {}
        self.answering: set[asyncio.Task[None]] = set()
        self.replays: dict[tuple[str, int, int, Viewer], list[dict[str, Any]]] = {}
        """Replays worked out lately, by table, moment, deal and viewer (the oldest dropped first)."""

    def snapshot(self, table: LiveTable, seat: int | None, since: int | None, lang: str = "en") -> dict[str, Any]:
        tr = table.translator(lang)
        state = table.observation(seat)
        msg: dict[str, Any] = {"type": "snapshot", "n": table.n, "table": table.info(), "state": state,
                               "sheet": table.sheet(tr), "lang": lang, "labels": labels(tr, state),
                               "chat": self.store.chat(table.id), "claim": claim_frame(table)}
        if since is not None and since <= table.n:
            msg["events"] = table.events_for(seat, since)
        return msg

    async def broadcast(self, table: LiveTable, done: dict[str, Any]) -> None:
        """Each connection gets the events of an action as its seat may see them, its new observation and
        the labels of its actions in its language."""
        sheets: dict[str, dict[str, Any]] = {}  # one drawing per language, for the update that ends a deal
        for conn in list(self.conns.get(table.id, ())):
            state = table.observation(conn.seat)
            tr = table.translator(conn.language)
            if not done["deal_over"]:
                # the sheet's lines change only when a deal is scored, and grow with the match: an update
                # carries them only then (a snapshot always does)
                del state["sheet"]
            msg: dict[str, Any] = {"type": "update", "n": done["n"], "events": table.events_for(conn.seat,
                                                                                               done["since"]),
                                   "state": state, "labels": labels(tr, state)}
            if done["deal_over"]:
                if tr.lang not in sheets:
                    sheets[tr.lang] = table.sheet(tr)
                msg["sheet"] = sheets[tr.lang]
            await conn.send(msg)

    async def broadcast_info(self, table: LiveTable, sheet: bool = False) -> None:
        """The table's info to everyone at it; with ``sheet`` the score sheet too (a player's name changed)."""
        sheets: dict[str, dict[str, Any]] = {}
        for conn in list(self.conns.get(table.id, ())):
            msg: dict[str, Any] = {"type": "table", "table": table.info()}
            if sheet:
                tr = table.translator(conn.language)
                msg["sheet"] = sheets[tr.lang] = sheets.get(tr.lang) or table.sheet(tr)
            await conn.send(msg)

    def table_list(self, over: bool = False, limit: int = 100) -> list[dict[str, Any]]:
        """The open tables, newest first (``over``: the finished ones), as the lobby lists them. A table not in
        memory is described from its rows (listing finished matches loads none of them)."""
        out = []
        for table_id in self.store.recent_tables(over, limit):
            table = self.tables.live.get(table_id)
            row = self.store.table(table_id)
            if row is None:
                continue
            seats = [{"seat": s.seat, "name": s.name, "bot": s.bot, "held": s.token_hash is not None,
                      "connected": table is not None and table.seats[s.seat].connections > 0}
                     for s in self.store.seats(table_id)]
            titles = lobby.variant_titles(str(row.config.get("variant")))
            out.append({"id": table_id, "variant": row.config.get("variant"), "title": titles["en"], "titles": titles,
                        "players": len(seats), "lang": row.settings.get("lang", "en"),
                        "free": [s["seat"] for s in seats if s["bot"] is None and not s["held"]], "seats": seats,
                        "watchers": table.watchers if table is not None else 0,
                        "deal": table.game.deal.number if table is not None else None, "over": row.over})
        return out

    def watched(self, table: LiveTable) -> bool:
        """Whether a client (a player or a spectator) is connected to the table."""
        return bool(self.conns.get(table.id))

    def wake_bots(self, table: LiveTable) -> None:
        """Let the bots play while one of them is to act and somebody watches (one runner per table). A table
        nobody is connected to waits: bots alone would play on at full speed for nobody, filling the database
        (a table of bots only plays while somebody watches it)."""
        running = self.runners.get(table.id)
        if (running is None or running.done()) and self.watched(table) and table.bot_to_act() is not None:
            self.runners[table.id] = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        delay = float(table.settings["bot_delay"] or 0)
        while self.watched(table) and table.bot_to_act() is not None:
            await asyncio.sleep(delay)
            turn = table.bot_to_act()
            if turn is None:
                break
            seat, bot = turn
            at = table.n
            try:
                # the bot thinks in a worker thread on a copy of the game, so the server goes on serving the
                # other tables and connections meanwhile (a hard bot may take up to a second)
                action = await asyncio.to_thread(bot.choose, table.game.clone(), seat)
                if table.n != at or table.bot_to_act() != turn:
                    continue  # the table moved on or the seat changed hands while the bot thought
                if table.claim is not None and table.claim["seat"] == seat:
                    await self.end_claim(table, "withdrawn")  # a bot took the claimer's seat and plays on
                event = table.act(seat, action)
            except ActionRefused:  # the seat changed hands while the bot waited
                continue
            except Exception as exc:  # a broken bot stops its table's bots, not the server
                print(f"preferans serve: table {table.id}: the bot stopped: {type(exc).__name__}: {exc}",
                      file=sys.stderr)
                return
            await self.broadcast(table, event)

    async def watch_dropped(self) -> None:
        """Every second: a player gone longer than his table's ``takeover`` gets a bot until he is back, and
        the idle tables expire."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for table in list(self.tables.live.values()):
                if table.take_over_due(now):
                    await self.broadcast_info(table)
                    self.wake_bots(table)
            self.expire_idle(time.time())

    def expire_idle(self, now: float) -> list[str]:
        """Delete the open tables nobody is connected to that have not acted for the ``idle`` limit; their
        ids. A finished match is kept (it no longer counts against the limits)."""
        gone = []
        for table in list(self.tables.live.values()):
            if not self.watched(table) and not table.game.is_terminal and now - table.active >= self.limits.idle:
                runner = self.runners.pop(table.id, None)
                if runner is not None:
                    runner.cancel()
                del self.tables.live[table.id]
                self.conns.pop(table.id, None)
                self.store.delete_table(table.id)
                gone.append(table.id)
        return gone


def create_app(db: str | Path, durable: bool = False, rate: float = RATE, burst: float = BURST,
               hint_options: str = "", limits: Limits = DEFAULT) -> Starlette:
    """The server on database file ``db`` (created when missing); every open table in it is resumed. ``rate``
    and ``burst`` are each connection's message limit (a program driving many seats fast, as the tests and
    the benchmark do, raises them); ``hint_options`` the hard bot's options for the hints (``samples=4``:
    the tests' small budget; empty: the ``hard`` level's); ``limits`` what the tables may be and how many
    (:class:`~preferans.core.server.limits.Limits`)."""
    store = Store(db, durable=durable)
    hub = Hub(store, hint_options, limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in hub.tables.resume_all():
            hub.wake_bots(table)
        watcher = asyncio.get_running_loop().create_task(hub.watch_dropped())
        yield
        watcher.cancel()
        for task in hub.runners.values():
            task.cancel()
        hub.hints.close()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def variants(request: Request) -> Response:
        lang = _request_lang(request)
        if isinstance(lang, Response):
            return lang
        return JSONResponse(lobby.variants(lang))

    async def catalogue(request: Request) -> Response:
        try:
            lang = check_lang(request.path_params["lang"])
        except BadInput as exc:
            return _error(404, "bad_lang", exc, _request_lang(request, quiet=True))
        return JSONResponse(page_catalogue(translator(lang)))

    async def create(request: Request) -> Response:
        lang = _request_lang(request)
        if isinstance(lang, Response):
            return lang
        body = await _body(request, lang)
        if isinstance(body, Response):
            return body
        creator = request.client.host if request.client is not None else ""
        full = _full(store, limits, creator, lang)
        if full is not None:
            return full
        try:
            table_id = lobby.create_table(store, body, limits, creator)
        except lobby.LobbyError as exc:
            return _error(400, "bad_table", exc, lang)
        table = hub.tables.get(table_id)
        assert table is not None
        answer: dict[str, Any] = {"id": table_id, "invite": f"/t/{table_id}"}
        sit = lobby.creator_seat(body, [s.bot for s in table.seats], len(table.seats))
        if sit is not None:  # checked with the request: the seat is free and meant for a person
            seat, name = sit
            token = store.claim_seat(table.id, seat, name or table.seats[seat].name)
            assert token is not None
            table.seats[seat].held = True
            table.seats[seat].name = name or table.seats[seat].name
            answer.update(seat=seat, token=token)
        hub.wake_bots(table)
        return JSONResponse({**answer, "table": table.info()}, status_code=201)

    def table_of(request: Request) -> tuple[LiveTable, str] | Response:
        """The table a request names and the language to answer in, or the refusal (``bad_lang``,
        ``no_table``)."""
        table_id = request.path_params["table_id"]
        table = hub.tables.get(table_id)
        lang = _request_lang(request, None if table is None else str(table.settings["lang"]))
        if isinstance(lang, Response):
            return lang
        if table is None:
            return _refused(404, "no_table", lang, mark_error("no table {table}"), table=repr(table_id[:40]))
        return table, lang

    async def replay(request: Request) -> Response:
        found = table_of(request)
        if isinstance(found, Response):
            return found
        table, lang = found
        token = request.query_params.get("token")
        seat = None if token is None else store.seat_of(table.id, token)
        if token is not None and seat is None:
            return _refused(403, "bad_token", lang, mark_error("this token holds no seat at this table (a token "
                                                               "is replaced at every join: use the last one you "
                                                               "were sent)"))
        game = table.game
        raw = request.query_params.get("deal", "0")
        deals = deals_of(game)
        if not raw.isdigit() or int(raw) >= deals:
            return _refused(400, "bad_deal", lang, mark_error("{key}: expected a deal 0..{last}, got {got}"),
                            key="deal", last=deals - 1, got=repr(raw[:20]))
        viewer: Viewer = ALL if game.is_terminal else seat
        key = (table.id, table.n, int(raw), viewer)
        steps = hub.replays.get(key)
        if steps is None:  # worked out once per moment of the table, off the event loop
            steps = await asyncio.to_thread(replay_steps, game.clone(), int(raw), viewer)
            hub.replays[key] = steps
            while len(hub.replays) > REPLAYS_KEPT:
                hub.replays.pop(next(iter(hub.replays)))
        return JSONResponse({"table": table.info(), "seat": seat, "deal": int(raw), "deals": deals,
                             "over": game.is_terminal, "view": "all" if viewer == ALL else
                             "spectator" if viewer is None else "seat", "steps": steps, "lang": lang,
                             "labels": replay_labels(table.translator(lang), steps, int(raw))})

    async def table_list(request: Request) -> Response:
        over = request.query_params.get("over") in ("1", "true")
        return JSONResponse({"tables": hub.table_list(over)})

    async def rules_schema(request: Request) -> Response:
        lang = _request_lang(request)
        if isinstance(lang, Response):
            return lang
        name = request.path_params["name"]
        if name not in playable_variants():
            return _refused(404, "no_variant", lang, mark_error("no variant {name} (one of: {names})"),
                            name=repr(name[:40]), names=", ".join(playable_variants()))
        variant = load_variant(name)
        return JSONResponse(rules_form(variant, translator(lang, variant.locale_dirs)))

    async def table_info(request: Request) -> Response:
        found = table_of(request)
        if isinstance(found, Response):
            return found
        table, lang = found
        return JSONResponse(table.info())

    async def join(request: Request) -> Response:
        found = table_of(request)
        if isinstance(found, Response):
            return found
        table, lang = found
        body = await _body(request, lang)
        if isinstance(body, Response):
            return body
        try:
            seat, name = lobby.join_request(table, body)
        except lobby.LobbyError as exc:
            return _error(400, "bad_join", exc, lang)
        token = store.claim_seat(table.id, seat, name)
        if token is None:
            return _refused(409, "seat_taken", lang, mark_error("seat {seat} is taken"), seat=seat)
        table.seats[seat].held, table.seats[seat].name = True, name
        await hub.broadcast_info(table, sheet=True)  # the sheet names the players: drawn with the new name
        return JSONResponse({"seat": seat, "token": token, "table": table.info()})

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, RateLimit(rate, burst))
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None:  # a binary frame is read as the same JSON text would be
                    raw = frame.get("bytes") or b""
                if not await _handle(hub, conn, raw):
                    with contextlib.suppress(Exception):
                        await ws.close(code=4400)
                    break
        except (WebSocketDisconnect, RuntimeError):  # the socket went away under a send or a receive
            pass
        finally:
            if conn.table is not None:
                conn.table.active = time.time()
                hub.conns.get(conn.table.id, set()).discard(conn)
                if conn.seat is not None:
                    conn.table.drop(conn.seat)
                else:
                    conn.table.watchers -= 1
                await hub.broadcast_info(conn.table)

    routes = [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/api/variants", variants),
        Route("/i18n/{lang}.json", catalogue),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables", table_list),
        Route("/api/variants/{name}/schema", rules_schema),
        Route("/rules/{name}", page),
        Route("/t/{table_id}/replay", page),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def _full(store: Store, limits: Limits, creator: str, lang: str) -> Response | None:
    """``429 too_many_tables`` when the address or the server has as many open tables as allowed."""
    mine = store.count_open(creator)
    if mine >= limits.tables_per_address:
        return _refused(429, "too_many_tables", lang, mark_error("{count} open tables were made from your address; "
                                                                 "at most {limit} at once"),
                        count=mine, limit=limits.tables_per_address)
    every = store.count_open()
    if every >= limits.tables:
        return _refused(429, "too_many_tables", lang, mark_error("the server has {count} open tables; at most "
                                                                 "{limit} at once"), count=every, limit=limits.tables)
    return None


def _request_lang(request: Request, table: str | None = None, quiet: bool = False) -> str | Response:
    """The language of an HTTP request's answer: its ``lang`` query parameter (``?lang=ru``), else the first
    language of its ``Accept-Language`` header that preferans speaks, else the table's (a request about a
    table), else English. A ``lang`` parameter preferans does not speak is refused (``bad_lang``), or with
    ``quiet`` passed over."""
    asked = request.query_params.get("lang")
    if asked is not None:
        try:
            return check_lang(asked)
        except BadInput as exc:
            if not quiet:
                return _error(400, "bad_lang", exc, accepted(request.headers.get("accept-language", "")) or "en")
    return accepted(request.headers.get("accept-language", "")) or table or "en"


async def _body(request: Request, lang: str) -> dict[str, Any] | Response:
    raw = await request.body()
    if len(raw) > lobby.MAX_BODY:
        return _refused(413, "too_large", lang, mark_error("request of {size} bytes; at most {limit}"),
                        size=len(raw), limit=lobby.MAX_BODY)
    if too_deep(raw.decode("utf-8", "replace"), MAX_DEPTH):  # the parser would raise RecursionError
        return _refused(400, "malformed", lang, mark_error("malformed {kind}: nested deeper than {limit} levels"),
                        kind="JSON", limit=MAX_DEPTH)
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        return _refused(400, "malformed", lang, mark_error("the request body is not JSON"))
    if not isinstance(body, dict):
        return _refused(400, "malformed", lang, mark_error("the request body must be a JSON object"))
    return body


def _told(conn: Connection, code: str, template: str, **values: object) -> dict[str, Any]:
    """The error ``code`` (an English key, as clients test it) with its message in the connection's language
    (the domain ``preferans-errors``; the values, a table's id or an event's number, as they are)."""
    return error(code, translator(conn.language).gettext(template).format(**values))


def _error(status: int, code: str, exc: BadInput, lang: str | Response) -> Response:
    """A refused request: ``exc`` said in ``lang`` (English when the language itself was the mistake)."""
    return JSONResponse(error(code, said(exc, translator(lang if isinstance(lang, str) else "en"))),
                        status_code=status)


def _refused(status: int, code: str, lang: str, template: str, **values: object) -> Response:
    """A refused request whose message is ``template`` (domain ``preferans-errors``) in ``lang``."""
    return JSONResponse(error(code, translator(lang).gettext(template).format(**values)), status_code=status)


async def _handle(hub: Hub, conn: Connection, raw: str | bytes) -> bool:
    """Answer one client message; ``False`` closes the connection."""
    if not conn.limit.allow():
        conn.strikes += 1
        await conn.send(_told(conn, "rate_limited", mark_error("more than {rate} messages a second"),
                              rate=f"{conn.limit.rate:g}"))
        return conn.strikes < MAX_STRIKES
    try:
        msg = parse(raw)
    except ProtocolError as exc:
        conn.strikes += 1
        await conn.send(error(exc.code, said(exc, translator(conn.language))))
        return conn.strikes < MAX_STRIKES
    table = conn.table
    if msg.type == "ping":
        await conn.send({"type": "pong"})
        return True
    if msg.type == "hello":
        if table is not None:
            await conn.send(_told(conn, "already_joined", mark_error("this connection is at table {table}"),
                                  table=table.id))
            return True
        return await _hello(hub, conn, msg.fields)
    if table is None:
        await conn.send(_told(conn, "hello_first", mark_error("send {hello} first"),
                              hello="hello (table, token)"))
        return True
    if msg.type == "token_ack":
        if conn.seat is not None:
            hub.store.confirm(table.id, conn.seat)
        return True
    if msg.type == "ack":
        conn.acked = max(conn.acked, min(int(msg.fields["n"]), table.n))
        return True
    if msg.type == "sync":
        await conn.send(hub.snapshot(table, conn.seat, int(msg.fields["since"]), conn.language))
        return True
    if msg.type == "lang":
        try:
            conn.lang = check_lang(msg.fields["lang"])
        except BadInput as exc:  # said in the language the connection has had so far
            await conn.send(error("bad_lang", said(exc, translator(conn.language))))
            return True
        await conn.send(hub.snapshot(table, conn.seat, None, conn.language))  # the same view, newly labelled
        return True
    if msg.type == "hint":
        await _hint(hub, conn, table)
        return True
    if msg.type == "chat":
        await _chat(hub, conn, table, msg.fields["text"])
        return True
    if msg.type == "claim":
        await _claim(hub, conn, table, msg.fields.get("tricks"))
        return True
    if msg.type == "claim_answer":
        if conn.seat is None or table.claim is None or table.claim["answers"].get(str(conn.seat), False) is not None:
            await conn.send(_told(conn, "no_claim", mark_error("no claim waits for your answer")))
            return True
        await hub.answer_claim(table, conn.seat, bool(msg.fields["accept"]))
        return True
    # msg.type == "action"
    if conn.seat is None:
        await conn.send(_told(conn, "spectator", mark_error("a spectator does not act")))
        return True
    at = msg.fields.get("at")
    if at is not None and at != table.n:
        await conn.send(_told(conn, "stale", mark_error("the action was meant after event {at}; the table is at "
                                                        "event {n}"), at=at, n=table.n))
        return True
    if table.claim is not None and table.claim["seat"] == conn.seat and table.game.current_player == conn.seat:
        await hub.end_claim(table, "withdrawn")  # the claimer plays on instead
    try:
        event = table.act(conn.seat, msg.fields["action"])
    except ActionRefused as exc:
        await conn.send(error(exc.code, said(exc, translator(conn.language))))
        return True
    await hub.broadcast(table, event)
    hub.wake_bots(table)
    return True


def _unit_said(frame: dict[str, Any], table: LiveTable, conn: Connection) -> dict[str, Any]:
    """The hint ``frame`` with ``unit_label``: its settlement unit as the connection's language names it
    (``висты`` for ``whists``; ``null`` when the hint has no unit). The frame itself, remembered for the
    seat's other tabs, keeps the key."""
    unit = frame.get("unit")
    label = table.translator(conn.language).term("unit", unit) if isinstance(unit, str) else None
    return {**frame, "unit_label": label}


async def _hint(hub: Hub, conn: Connection, table: LiveTable) -> None:
    """Start the hint of the connection's seat, if it is to act and no hint of its runs: the frame is sent
    to this connection alone when the worker is done (a ``hint`` of the table's ``n`` then)."""
    game = table.game
    if conn.seat is None:
        await conn.send(_told(conn, "spectator", mark_error("a spectator gets no hints")))
        return
    if game.is_terminal:
        await conn.send(_told(conn, "over", mark_error("a hint is for the seat to act: the match is over")))
        return
    if game.current_player != conn.seat:
        await conn.send(_told(conn, "not_your_turn", mark_error("a hint is for the seat to act: it is seat "
                                                                 "{turn}'s turn, not seat {seat}'s"),
                              turn=game.current_player, seat=conn.seat))
        return
    known = hub.hints.remembered(table.id, conn.seat, table.n)
    if known is not None:  # asked again at the same moment: the same hint, no work
        await conn.send(_unit_said(known, table, conn))
        return
    if (table.id, conn.seat) in hub.hints.running:  # asked on this connection or another of the seat
        await conn.send(_told(conn, "hint_running", mark_error("a hint is being worked out for you; one at "
                                                                "a time")))
        return
    if hub.hints.full:
        await conn.send(_told(conn, "hints_busy", mark_error("the server is busy with other hints ({count}); "
                                                              "ask again in a moment"), count=hub.hints.pending))
        return
    working = hub.hints.start(table.id, game.clone(), conn.seat, table.n)  # counted before the next message

    async def run() -> None:
        try:
            frame = await working
        except Exception as exc:  # a broken bot fails its hint, not the connection
            print(f"preferans serve: table {table.id}: a hint failed: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            await conn.send(_told(conn, "hint_failed", mark_error("the hint could not be worked out")))
            return
        await conn.send(_unit_said(frame, table, conn))

    conn.hinting = asyncio.get_running_loop().create_task(run())


async def _hello(hub: Hub, conn: Connection, fields: dict[str, Any]) -> bool:
    table = hub.tables.get(fields["table"])
    if table is None:  # said in the hello's language when it names one preferans speaks, else English
        try:
            told = check_lang(fields.get("lang", "en"))
        except BadInput:
            told = "en"
        await conn.send(error("no_table", translator(told).gettext(mark_error("no table {table}"))
                              .format(table=repr(fields["table"][:40]))))
        return False
    lang: str | None = None
    if "lang" in fields:
        try:
            lang = check_lang(fields["lang"], "hello.lang")
        except BadInput as exc:  # said in the table's language
            await conn.send(error("bad_lang", said(exc, translator(str(table.settings["lang"])))))
            return True  # not joined; the client may say hello again
    seat: int | None = None
    token: str | None = None
    if "token" in fields:
        held = hub.store.rejoin(table.id, fields["token"])
        if held is None:
            tr = translator(lang or str(table.settings["lang"]))
            await conn.send(error("bad_token", tr.gettext(mark_error(
                "this token holds no seat at this table (a token is replaced at every join: use the last one "
                "you were sent)"))))
            return False
        seat, token = held
        table.arrive(seat)
    conn.table, conn.seat, conn.lang = table, seat, lang
    conn.name = fields.get("name") if seat is None else None
    # the snapshot is taken and the connection joins the broadcasts in one step (no await between): every
    # action after the snapshot reaches it as an update, queued behind the welcome and the snapshot
    snapshot = hub.snapshot(table, seat, fields.get("since"), conn.language)
    hub.conns.setdefault(table.id, set()).add(conn)
    table.active = time.time()
    if seat is None:
        table.watchers += 1
    await conn.send({"type": "welcome", "table": table.id, "seat": seat, "token": token}, snapshot)
    await hub.broadcast_info(table)
    hub.wake_bots(table)
    hub.ask_bots(table)  # a claim that waited through a restart
    return True


async def _claim(hub: Hub, conn: Connection, table: LiveTable, tricks: int | None) -> None:
    """A claim of the connection's seat: checked, written, put to the seats that play the other hands."""
    moment = claim_moment(table.game)
    if conn.seat is None:
        await conn.send(_told(conn, "spectator", mark_error("a spectator does not act")))
        return
    if table.claim is not None:
        await conn.send(_told(conn, "no_claim", mark_error("a claim is waiting for its answers")))
        return
    if moment is None or moment.seat != conn.seat:
        await conn.send(_told(conn, "no_claim", mark_error("a claim is for the seat on lead in the play")))
        return
    if any(c["at"] == table.n and c["seat"] == conn.seat for c in hub.store.claims(table.id)):
        await conn.send(_told(conn, "no_claim", mark_error("your claim was answered at this moment: play on")))
        return
    tricks = moment.left if tricks is None else tricks
    if not 0 <= tricks <= moment.left:
        await conn.send(_told(conn, "bad_claim", mark_error("{key}: expected {least}..{most} (the tricks left), "
                                                            "got {got}"), key="claim.tricks", least=0,
                              most=moment.left, got=tricks))
        return
    deal = table.game.deal
    play = deal.play
    assert play is not None
    asked = sorted({deal.controllers[h] for h in play.order if h != moment.hand} - {conn.seat})
    answers: dict[str, bool | None] = {str(s): None for s in asked}
    claim_id = hub.store.add_claim(table.id, table.n, conn.seat, moment.hand, tricks, answers)
    table.claim = {"id": claim_id, "at": table.n, "seat": conn.seat, "hand": moment.hand, "tricks": tricks,
                   "answers": answers, "outcome": None}
    await hub.send_all(table, {"type": "claim", "claim": claim_frame(table)})
    if not asked:  # the claimer plays every other hand himself
        await hub.answer_claim(table, conn.seat, True)
        return
    hub.ask_bots(table)


async def _chat(hub: Hub, conn: Connection, table: LiveTable, text: str) -> None:
    if not conn.chat_limit.allow():
        await conn.send(_told(conn, "rate_limited", mark_error("more than {rate} chat lines a second"),
                              rate=f"{conn.chat_limit.rate:g}"))
        return
    name = table.seats[conn.seat].name if conn.seat is not None else conn.name
    line = hub.store.add_chat(table.id, conn.seat, name or "", text)
    await hub.send_all(table, {"type": "chat", "line": {**line, "name": name}})
