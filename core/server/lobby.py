"""The lobby's requests: the variants on offer, a new table, a seat taken. Every bad field is a
:class:`LobbyError` naming the key and what is allowed; nothing is written until the whole request is good."""

from __future__ import annotations

import functools
import secrets
from typing import Any

from preferans.core.ai.registry import BOTS, check_bot
from preferans.core.formats.saves import DEFAULT_NAMES
from preferans.core.model.errors import PreferansError, excerpt
from preferans.core.rules.config import load_variant, playable_variants
from preferans.core.server.labels import check_lang
from preferans.core.server.store import Store
from preferans.core.server.table import DEFAULT_SETTINGS, LiveTable

MAX_BODY = 16_384
MAX_NAME = 24


class LobbyError(ValueError):
    """A request the lobby refuses, in one line."""


@functools.cache
def _variant_facts(name: str) -> dict[str, Any]:
    variant = load_variant(name)
    return {"name": name, "description": variant.description, "players": variant.rules.players}


def variants() -> dict[str, Any]:
    """The installed playable variants (looked up at every call, so one installed later is offered) and the
    registered bots."""
    out = []
    for name in playable_variants():
        try:
            out.append(_variant_facts(name))
        except PreferansError:
            continue
    return {"variants": out, "bots": list(BOTS)}


def create_table(store: Store, body: dict[str, Any]) -> str:
    """A new table from a lobby request (docs/protocol.md, "Creating a table"); its id."""
    allowed = {"variant", "rules", "names", "bots", "seed", "first_dealer", "settings"}
    for key in body:
        if key not in allowed:
            raise LobbyError(f"unknown key {excerpt(key)} (allowed: {', '.join(sorted(allowed))})")
    name = body.get("variant", "sochi")
    rules = body.get("rules", {})
    if not isinstance(name, str):
        raise LobbyError(f"variant: expected a variant name, got {excerpt(name)}")
    if not isinstance(rules, dict):
        raise LobbyError(f"rules: expected a table of [rules] overrides, got {excerpt(rules)}")
    try:
        variant = load_variant(name, rules or None, source="table")
    except PreferansError as exc:
        raise LobbyError(str(exc)) from None
    players = variant.rules.players
    names = body.get("names") or list(DEFAULT_NAMES[:players])
    if not isinstance(names, list) or len(names) != players or not all(_good_name(n) for n in names):
        raise LobbyError(f"names: expected {players} names of 1..{MAX_NAME} characters, got {excerpt(names)}")
    bots = body.get("bots") or [None] * players
    if not isinstance(bots, list) or len(bots) != players:
        raise LobbyError(f"bots: expected {players} entries (a bot name, or null for a person), got {excerpt(bots)}")
    for seat, bot in enumerate(bots):
        if bot is not None:
            if not isinstance(bot, str):
                raise LobbyError(f"bots[{seat}]: expected a bot name or null, got {excerpt(bot)}")
            try:
                check_bot(bot, f"bots[{seat}]")
            except PreferansError as exc:
                raise LobbyError(str(exc)) from None
    seed = body.get("seed", secrets.randbelow(2**31))
    first = body.get("first_dealer", 0)
    if type(seed) is not int or seed < 0:
        raise LobbyError(f"seed: expected a whole number 0 or more, got {excerpt(seed)}")
    if type(first) is not int or not 0 <= first < players:
        raise LobbyError(f"first_dealer: expected a seat 0..{players - 1}, got {excerpt(first)}")
    settings = _settings(body.get("settings", {}))
    return store.create_table(variant.config_dict(), seed, first, settings, [n.strip() for n in names], bots)


def _good_name(name: object) -> bool:
    return isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME


def _settings(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise LobbyError(f"settings: expected a table, got {excerpt(raw)}")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in DEFAULT_SETTINGS:
            raise LobbyError(f"settings: unknown key {excerpt(key)} (allowed: {', '.join(DEFAULT_SETTINGS)})")
        if key in ("takeover", "bot_delay"):
            if value is not None and (type(value) not in (int, float) or not 0 <= value <= 3600):
                raise LobbyError(f"settings.{key}: expected seconds 0..3600 (or null), got {excerpt(value)}")
            if key == "bot_delay" and value is not None and value > 10:
                raise LobbyError(f"settings.bot_delay: at most 10 seconds, got {excerpt(value)}")
        elif key == "lang":
            try:
                value = check_lang(value, "settings.lang")
            except PreferansError as exc:
                raise LobbyError(str(exc)) from None
        else:  # takeover_bot
            try:
                check_bot(value if isinstance(value, str) else "", "settings.takeover_bot")
            except PreferansError as exc:
                raise LobbyError(str(exc)) from None
        out[key] = value
    return out


def join_request(table: LiveTable, body: dict[str, Any]) -> tuple[int, str]:
    """The seat and name a join request asks for (the seat must exist and be meant for a person)."""
    seat, name = body.get("seat"), body.get("name")
    players = len(table.seats)
    if type(seat) is not int or not 0 <= seat < players:
        raise LobbyError(f"seat: expected a seat 0..{players - 1}, got {excerpt(seat)}")
    if table.seats[seat].bot is not None:
        raise LobbyError(f"seat {seat} is played by the bot {table.seats[seat].bot}")
    if name is None:
        name = table.seats[seat].name
    if not _good_name(name):
        raise LobbyError(f"name: expected 1..{MAX_NAME} characters, got {excerpt(name)}")
    return seat, name.strip()
