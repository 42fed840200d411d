"""A live table: the game rebuilt from its config, seed and action log, the bots on the empty seats, and the
events every action makes. Nothing here waits or talks to a network (``app`` does); a table only applies
actions and says who must act next."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Game
from preferans.core.engine.player import Bot
from preferans.core.formats.sheet import drawing, sheet_text, sheet_view
from preferans.core.model.cards import CARD_NAMES, parse_card
from preferans.core.model.error_texts import ILLEGAL_ACTION, mark_error
from preferans.core.model.errors import BadInput, IllegalActionError
from preferans.core.model.i18n import ENGLISH, Translator, translator
from preferans.core.rules.commented import name_in, names_of
from preferans.core.rules.config import config_from_dict
from preferans.core.server import view
from preferans.core.server.store import SeatRow, Store, TableRow

DEFAULT_SETTINGS: dict[str, Any] = {"takeover": None, "takeover_bot": "heuristic", "bot_delay": 0.0, "lang": "en"}
"""``takeover``: seconds a dropped player is waited for before a bot plays his seat until he is back
(``None``: wait for ever); ``takeover_bot``: the bot that does; ``bot_delay``: seconds a bot waits before it
acts, so people can follow the play; ``lang``: the language the table is shown in to a client that names
none (one of ``preferans.core.model.i18n.LANGUAGES``)."""


SECRET_DEALS = "secret_deals"
"""The key of a table's stored settings that says its deals are shuffled from the system's secret source as
they are dealt (every table made without a chosen seed); its packs are stored in the ``deals`` table."""

SEED_CHOSEN = "seed_chosen"
"""The key of a table's stored settings that says its creator chose the seed (never set by a client: the lobby
takes only the keys of ``DEFAULT_SETTINGS``); ``info()`` shows it as ``seed_chosen``."""


class ActionRefused(BadInput):
    """An action the table does not take (not this seat's turn, illegal, the match over); nothing changed.
    ``code`` is the error message's; the message is a catalogue template (``preferans-errors``) and its
    values, said in the connection's language."""

    def __init__(self, code: str, template: str, **values: object) -> None:
        super().__init__(template.format(**values))
        self.code = code
        self.template, self.values = template, dict(values)


@dataclass
class SeatState:
    seat: int
    name: str
    bot: str | None
    held: bool
    connections: int = 0
    dropped_at: float | None = None
    taken_over: bool = False


@dataclass
class LiveTable:
    """One open table in memory; ``store`` has every action it applied."""

    id: str
    store: Store
    row: TableRow
    game: Game
    seats: list[SeatState]
    n: int = 0
    """The number of events so far (the engine's event log: actions and what the engine did after them)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    watchers: int = 0
    """Spectators connected now (``Hub`` counts them)."""
    stored_packs: int = 0
    """How many of the game's packs the store has (a table dealt from the secret source)."""
    claim: dict[str, Any] | None = None
    """The claim waiting for its answers (as the store keeps it), if any."""
    translators: dict[str, Translator] = field(default_factory=dict)
    active: float = 0.0
    """When the table last acted or a client last came or went (seconds since the epoch): an open table idle
    longer than the server allows, with nobody connected, is deleted (``Hub.expire_idle``)."""

    @classmethod
    def load(cls, store: Store, table_id: str) -> LiveTable:
        row = store.table(table_id)
        if row is None:
            raise KeyError(table_id)
        variant = config_from_dict(row.config, f"table {table_id}: config")
        if row.settings.get(SECRET_DEALS):
            packs = [tuple(parse_card(c) for c in pack.split()) for pack in store.packs(table_id)]
            game = Game(variant, row.seed, row.first_dealer, deals=packs, shuffler=random.SystemRandom())
        else:  # a table of a chosen seed, or made by an older server: dealt from its seed
            game = Game(variant, row.seed, row.first_dealer)
        table = cls(table_id, store, row, game, [_seat_state(s) for s in store.seats(table_id)])
        table.stored_packs = len(store.packs(table_id)) if row.settings.get(SECRET_DEALS) else 0
        for seat, action in store.actions(table_id):
            table._apply(seat, action)
        for number, pack in table._new_packs():  # the first deal of a new table, dealt just now
            store.add_pack(table_id, number, pack)
            table.stored_packs += 1
        table.n = game.event_count
        table.active = store.last_active(table_id)
        table.claim = next((c for c in store.claims(table_id) if c["outcome"] is None), None)
        if table.claim is not None and table.claim["at"] != table.n:  # pragma: no cover - written together
            table.claim = None
        return table

    def _new_packs(self) -> list[tuple[int, str]]:
        """The packs dealt and not yet stored (a table dealt from the secret source)."""
        if not self.row.settings.get(SECRET_DEALS):
            return []
        packs = self.game.packs()
        return [(i, " ".join(CARD_NAMES[c] for c in packs[i])) for i in range(self.stored_packs, len(packs))]

    @property
    def settings(self) -> dict[str, Any]:
        return {**DEFAULT_SETTINGS, **{k: v for k, v in self.row.settings.items() if k in DEFAULT_SETTINGS}}

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    # ---------------------------------------------------------------- acting

    def act(self, seat: int, action: str) -> dict[str, Any]:
        """Apply ``action`` for ``seat`` and write it: ``{"seat", "action" (canonical), "since" (the first new
        event's number), "n", "deal_over"}``; :class:`ActionRefused` (nothing changed) when it is not
        ``seat``'s turn or not legal now."""
        game = self.game
        if game.is_terminal:
            raise ActionRefused("over", mark_error("the match is over"))
        if seat != game.current_player:
            raise ActionRefused("not_your_turn", mark_error("it is seat {turn}'s turn, not seat {seat}'s"),
                                turn=game.current_player, seat=seat)
        return self.act_many([(seat, action)])

    def act_many(self, moves: list[tuple[int, str]], claim: tuple[int, str] | None = None) -> dict[str, Any]:
        """Apply the ``moves`` (each the seat to act and its action) and write them in one transaction with
        the packs they dealt and, for an accepted claim, its outcome; as :meth:`act` for the last one. A move
        the game refuses leaves the table as it was."""
        game = self.game
        deal, first = game.deal.number, len(game.history) + 1
        written: list[tuple[int, str]] = []
        try:
            for seat, action in moves:
                written.append((seat, self._apply(seat, action)))
            packs = self._new_packs()
            self.store.append_many(self.id, first, written, packs, claim)
        except Exception:
            if not written:  # the first move refused: the game is unchanged
                raise
            # nothing is written, so nothing happened: rebuild the game from the log
            fresh = LiveTable.load(self.store, self.id)
            self.game, self.n = fresh.game, fresh.n
            raise
        self.stored_packs += len(packs)
        if claim is not None:
            self.claim = None
        if game.is_terminal:
            self.store.mark_over(self.id)
        self.active = time.time()
        since = self.n
        self.n = game.event_count
        return {"seat": written[-1][0], "action": written[-1][1], "since": since, "n": self.n,
                "deal_over": game.is_terminal or game.deal.number != deal}

    def _apply(self, seat: int, action: str) -> str:
        try:
            self.game.apply(action)
        except IllegalActionError as exc:
            # the core's template of an illegal action, its action, phase and legal actions as typed
            raise ActionRefused("illegal", exc.template or ILLEGAL_ACTION, **exc.values) from None
        return self.game.history[-1]

    # ---------------------------------------------------------------- who acts

    def bot_for(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` now: its own, or the take-over bot of a player who dropped."""
        state = self.seats[seat]
        name = state.bot if state.bot is not None else (self.settings["takeover_bot"] if state.taken_over else None)
        if name is None:
            return None
        key = seat if state.bot is not None else -1 - seat
        bot = self.bots.get(key)
        if bot is None:
            bot = self.bots[key] = make_bot(name, self.row.seed, seat, f"table {self.id}: seat {seat}", trusted=True)
        return bot

    def bot_to_act(self) -> tuple[int, Bot] | None:
        if self.game.is_terminal:
            return None
        seat = self.game.current_player
        bot = self.bot_for(seat)
        return None if bot is None else (seat, bot)

    def drop(self, seat: int) -> None:
        state = self.seats[seat]
        state.connections -= 1
        if state.connections <= 0:
            state.connections = 0
            state.dropped_at = time.monotonic()

    def arrive(self, seat: int) -> None:
        state = self.seats[seat]
        state.connections += 1
        state.dropped_at = None
        state.taken_over = False

    def take_over_due(self, now: float) -> list[int]:
        """Seats whose player has been gone longer than the ``takeover`` setting: a bot plays them now."""
        limit = self.settings["takeover"]
        out = []
        for s in self.seats:
            if limit is not None and s.bot is None and s.dropped_at is not None and not s.taken_over \
                    and now - s.dropped_at >= limit:
                s.taken_over = True
                out.append(s.seat)
        return out

    # ---------------------------------------------------------------- what a seat is shown

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.game.observation(seat).to_dict()

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        return self.game.events_for(seat, since)

    def translator(self, lang: str) -> Translator:
        """The words of this table's variant in ``lang`` (the variant's catalogues, then the core's), made once
        per language: finding the catalogues looks at the disk, and every update asks for them."""
        tr = self.translators.get(lang)
        if tr is None:
            tr = self.translators[lang] = translator(lang, self.game.variant.locale_dirs)
        return tr

    def sheet(self, tr: Translator = ENGLISH) -> dict[str, Any]:
        """The score sheet as the family draws it: an SVG picture (as the family draws it, in its own words),
        or its text table in ``tr``'s language when it draws none."""
        match = self.game.match
        finished = self.game.is_terminal
        svg = drawing(match, self.names, finished, f"table {self.id}", tr)
        if svg is not None:
            return {"svg": svg, "text": None}
        text = sheet_text(match, sheet_view(match, self.names, finished, tr=tr))
        return {"svg": None, "text": {"header": list(text.header), "rows": [list(r) for r in text.rows],
                                      "notes": list(text.notes)}}

    def info(self) -> dict[str, Any]:
        """The table's public facts: variant, seats (who holds them), settings, and whether the seed was chosen
        (its creator can then know every hand)."""
        return {
            "id": self.id,
            "variant": self.game.variant.name,
            "title": name_in(self.game.variant, ENGLISH),
            "titles": names_of(self.game.variant),
            "players": self.game.n_players,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "held": s.held,
                       "connected": s.connections > 0, "taken_over": s.taken_over} for s in self.seats],
            "settings": self.settings,
            "seed_chosen": bool(self.row.settings.get(SEED_CHOSEN, False)),
            "suit_order": view.suit_order(self.game),
            "watchers": self.watchers,
            "over": self.game.is_terminal,
        }


def _seat_state(row: SeatRow) -> SeatState:
    return SeatState(row.seat, row.name, row.bot, row.token_hash is not None)


class Tables:
    """The open tables of one server, loaded from the store when first asked for."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, LiveTable] = {}

    def get(self, table_id: str) -> LiveTable | None:
        table = self.live.get(table_id)
        if table is None:
            if self.store.table(table_id) is None:
                return None
            table = self.live[table_id] = LiveTable.load(self.store, table_id)
        return table

    def resume_all(self) -> list[LiveTable]:
        """Every open table of the database, replayed from its log (at start-up)."""
        return [t for t in (self.get(i) for i in self.store.open_tables()) if t is not None]
