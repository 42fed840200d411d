"""The lobby's requests: the variants on offer, a new table, a seat taken. Every bad field is a
:class:`LobbyError` naming the key and what is allowed; nothing is written until the whole request is good."""

from __future__ import annotations

import functools
import secrets
from typing import Any

from preferans.core.ai.registry import BOTS, check_bot
from preferans.core.formats.saves import DEFAULT_NAMES
from preferans.core.model.errors import BadInput, PreferansError, bad_input, check_names, excerpt
from preferans.core.model.i18n import LANGUAGES, translator
from preferans.core.rules.commented import names_of
from preferans.core.rules.config import load_variant, playable_variants
from preferans.core.server.labels import check_lang
from preferans.core.server.limits import DEFAULT, Limits
from preferans.core.server.store import Store
from preferans.core.server.table import DEFAULT_SETTINGS, SECRET_DEALS, SEED_CHOSEN, LiveTable

MAX_BODY = 16_384
MAX_SEED = 2**63 - 1
"""The largest seed a table keeps (the store's ``INTEGER`` is a signed 64-bit number). A table without a
chosen seed gets a random one of 63 bits: a player who knows his own hand cannot search them all for the deal
(2**31 seeds he could)."""
MAX_NAME = 24


class LobbyError(BadInput):
    """A request the lobby refuses, in one line: made by ``bad_input`` (a template of the domain
    ``preferans-errors`` and its values, said in the request's language), or another error passed on."""


def _passed_on(exc: PreferansError) -> LobbyError:
    """``exc`` (a check of the rules, a bot's, a language's) as the lobby's refusal, translatable as it was."""
    out = LobbyError(str(exc))
    if isinstance(exc, BadInput):
        out.template, out.values, out.catalogues = exc.template, exc.values, exc.catalogues
    return out


@functools.cache
def _variant_facts(name: str) -> dict[str, Any]:
    variant = load_variant(name)
    english = variant.description
    said = {lang: translator(lang, variant.locale_dirs).pgettext("description", name) for lang in LANGUAGES}
    # a variant its catalogues do not describe is described in its preset's English
    descriptions = {lang: english if text == name else text for lang, text in said.items()}
    descriptions["en"] = english
    titles = names_of(variant)  # the name a person reads, in every language (the key stays "name")
    return {"name": name, "title": titles["en"], "titles": titles, "description": english,
            "descriptions": descriptions, "players": variant.rules.players}


def variant_titles(name: str) -> dict[str, str]:
    """The name of the variant ``name`` as a person reads it, in every language; its key in each when it is
    no longer installed (a table of it stays listed)."""
    try:
        return dict(_variant_facts(name)["titles"])
    except PreferansError:
        return {lang: name for lang in LANGUAGES}


def variants(lang: str = "en") -> dict[str, Any]:
    """The installed playable variants (looked up at every call, so one installed later is offered) and the
    registered bots. Each variant's ``description`` is in ``lang``, and ``descriptions`` holds it in every
    language (the page switches language without asking again)."""
    out = []
    for name in playable_variants():
        try:
            facts = _variant_facts(name)
        except PreferansError:
            continue
        out.append({**facts, "description": facts["descriptions"][lang], "title": facts["titles"][lang]})
    return {"variants": out, "bots": list(BOTS)}


def create_table(store: Store, body: dict[str, Any], limits: Limits = DEFAULT, creator: str = "") -> str:
    """A new table from a lobby request (docs/protocol.md, "HTTP: the lobby"), made from address
    ``creator``; its id. Its rules stay within the server's ``limits`` (a match that ends). A ``sit`` is
    checked here (:func:`creator_seat`) and taken by the caller once the table exists."""
    allowed = {"variant", "rules", "names", "bots", "seed", "first_dealer", "settings", "sit"}
    for key in body:
        if key not in allowed:
            raise bad_input("unknown key {key} (allowed: {allowed})", LobbyError, key=excerpt(key),
                            allowed=", ".join(sorted(allowed)))
    name = body.get("variant", "sochi")
    rules = body.get("rules", {})
    if not isinstance(name, str):
        raise bad_input("{key}: expected a variant name, got {got}", LobbyError, key="variant", got=excerpt(name))
    if not isinstance(rules, dict):
        raise bad_input("{key}: expected a table of {rules} overrides, got {got}", LobbyError, key="rules",
                        rules="[rules]", got=excerpt(rules))
    try:
        variant = load_variant(name, rules or None, source="table")
    except PreferansError as exc:
        raise _passed_on(exc) from None
    pool, deals = getattr(variant.rules, "pool", None), getattr(variant.rules, "max_deals", None)
    for key, value, limit in (("pool", pool, limits.pool), ("max_deals", deals, limits.deals)):
        if isinstance(value, int) and value > limit:
            raise bad_input("{key}: at most {limit} on this server, got {got}", LobbyError, key=f"rules.{key}",
                            limit=limit, got=value)
    if hasattr(variant.rules, "max_deals") and deals is None:
        # a match to a pool alone may never end (all-pass deals fill no pool): a served one ends by this deal
        variant = load_variant(name, {**rules, "max_deals": limits.deals}, source="table")
    players = variant.rules.players
    names = body.get("names") or list(DEFAULT_NAMES[:players])
    if not isinstance(names, list) or len(names) != players or not all(_good_name(n) for n in names):
        raise bad_input("{key}: expected {players} names of 1..{limit} characters, got {got}", LobbyError,
                        key="names", players=players, limit=MAX_NAME, got=excerpt(names))
    bots = body.get("bots") or [None] * players
    if not isinstance(bots, list) or len(bots) != players:
        raise bad_input("{key}: expected {players} entries (a bot name, or {null} for a person), got {got}",
                        LobbyError, key="bots", players=players, null="null", got=excerpt(bots))
    for seat, bot in enumerate(bots):
        if bot is not None:
            where = f"bots[{seat}]"
            if not isinstance(bot, str):
                raise bad_input("{key}: expected a bot name or {null}, got {got}", LobbyError, key=where,
                                null="null", got=excerpt(bot))
            try:
                check_bot(bot, where)
            except PreferansError as exc:
                raise _passed_on(exc) from None
    chosen = "seed" in body
    seed = body["seed"] if chosen else secrets.randbits(63)
    first = body.get("first_dealer", 0)
    if type(seed) is not int or seed < 0:
        raise bad_input("{key}: expected a whole number 0 or more, got {got}", LobbyError, key="seed",
                        got=excerpt(seed))
    if seed > MAX_SEED:
        raise bad_input("{key}: at most {limit} (the largest seed a table keeps), got {got}", LobbyError, key="seed",
                        limit=MAX_SEED, got=excerpt(seed))
    if type(first) is not int or not 0 <= first < players:
        raise bad_input("{key}: expected a seat 0..{last}, got {got}", LobbyError, key="first_dealer",
                        last=players - 1, got=excerpt(first))
    settings = _settings(body.get("settings", {}))
    names = [n.strip() for n in names]
    sit = creator_seat(body, bots, players)
    _distinct([sit[1] if sit is not None and sit[1] and seat == sit[0] else n for seat, n in enumerate(names)],
              "names")
    if chosen:  # said in the table's public info, so the other players know its creator can know every hand
        settings[SEED_CHOSEN] = True
    else:  # each deal shuffled from the system's secret source as it is dealt: the seed predicts none
        settings[SECRET_DEALS] = True
    return store.create_table(variant.config_dict(), seed, first, settings, names, bots, creator)


def creator_seat(body: dict[str, Any], bots: list[str | None], players: int) -> tuple[int, str] | None:
    """The seat and name a new table's creator takes at once (``sit``), or ``None``: the seat must exist and
    be meant for a person."""
    sit = body.get("sit")
    if sit is None:
        return None
    if not isinstance(sit, dict) or set(sit) - {"seat", "name"}:
        raise bad_input("{key}: expected a table, got {got}", LobbyError, key="sit (seat, name)", got=excerpt(sit))
    seat, name = sit.get("seat", 0), sit.get("name")
    if type(seat) is not int or not 0 <= seat < players:
        raise bad_input("{key}: expected a seat 0..{last}, got {got}", LobbyError, key="sit.seat", last=players - 1,
                        got=excerpt(seat))
    if bots[seat] is not None:
        raise bad_input("seat {seat} is played by the bot {bot}", LobbyError, seat=seat, bot=bots[seat])
    if name is not None and not _good_name(name):
        raise bad_input("{key}: expected 1..{limit} characters, got {got}", LobbyError, key="sit.name",
                        limit=MAX_NAME, got=excerpt(name))
    return seat, (name.strip() if isinstance(name, str) else "")


def _good_name(name: object) -> bool:
    """1 to ``MAX_NAME`` printable characters, not blank (a control character, a newline or a bidi override
    is refused, as every other reader of names refuses it: ``check_names``)."""
    return isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME and name.strip().isprintable()


def _distinct(names: list[str], key: str) -> None:
    """No two seats of a table with one name (as ``check_names`` asks of every other reader)."""
    try:
        check_names(names, key)
    except PreferansError as exc:
        raise _passed_on(exc) from None


def _settings(raw: object) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise bad_input("{key}: expected a table, got {got}", LobbyError, key="settings", got=excerpt(raw))
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in DEFAULT_SETTINGS:
            raise bad_input("{key}: unknown key {name} (allowed: {allowed})", LobbyError, key="settings",
                            name=excerpt(key), allowed=", ".join(DEFAULT_SETTINGS))
        if key in ("takeover", "bot_delay"):
            where = f"settings.{key}"
            if value is not None and (type(value) not in (int, float) or not 0 <= value <= 3600):
                raise bad_input("{key}: expected seconds 0..3600 (or {null}), got {got}", LobbyError, key=where,
                                null="null", got=excerpt(value))
            if key == "bot_delay" and value is not None and value > 10:
                raise bad_input("{key}: at most 10 seconds, got {got}", LobbyError, key="settings.bot_delay",
                                got=excerpt(value))
        elif key == "lang":
            try:
                value = check_lang(value, "settings.lang")
            except PreferansError as exc:
                raise _passed_on(exc) from None
        else:  # takeover_bot
            try:
                check_bot(value if isinstance(value, str) else "", "settings.takeover_bot")
            except PreferansError as exc:
                raise _passed_on(exc) from None
        out[key] = value
    return out


def join_request(table: LiveTable, body: dict[str, Any]) -> tuple[int, str]:
    """The seat and name a join request asks for (the seat must exist and be meant for a person)."""
    seat, name = body.get("seat"), body.get("name")
    players = len(table.seats)
    if type(seat) is not int or not 0 <= seat < players:
        raise bad_input("{key}: expected a seat 0..{last}, got {got}", LobbyError, key="seat", last=players - 1,
                        got=excerpt(seat))
    if table.seats[seat].bot is not None:
        raise bad_input("seat {seat} is played by the bot {bot}", LobbyError, seat=seat, bot=table.seats[seat].bot)
    if name is None:
        name = table.seats[seat].name
    if not _good_name(name):
        raise bad_input("{key}: expected 1..{limit} characters, got {got}", LobbyError, key="name", limit=MAX_NAME,
                        got=excerpt(name))
    _distinct([name.strip() if s.seat == seat else s.name for s in table.seats], "name")
    return seat, name.strip()
