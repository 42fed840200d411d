"""PPN and the engine: a PPN file replayed into a game, a game written as PPN records (docs/ppn.md).

:func:`import_game` replays the records of a :class:`~preferans.variants.balkan.ppn.PPNGame` through a
Balkan-family variant and returns the game (``preferans ppn import`` saves it in the format of ``preferans play
--save``); :func:`export_game` turns a game into records. The engine is the referee: a record whose bids,
defence or cards the rules do not allow, or whose value or summary differs from what the rules write, is
rejected naming the record and the field. The variant is asked only through the game (legal actions, results,
entries); the names of the actions (docs/variants/balkan.md, "Actions") are the family's own, from
:mod:`~preferans.variants.balkan.calls`: PPN's contract numbers 2..7 are the bids of its ladder (number 8,
prefko's "preferans" option, is not a contract of the family).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from preferans.core.plugin import Amount, DealResult, Entry
from preferans.core.plugin.cards import CARD_INDEX, CARD_NAMES
from preferans.core.plugin.cli import Deal, Game, Phase, Variant, check_bot, load_variant, named_plugins, strict_json
from preferans.core.plugin.errors import (
    BadInput,
    IllegalActionError,
    bad_input,
    check_names,
    excerpt,
    framed,
    in_family,
    phrase,
)
from preferans.variants.balkan.rules import BalkanRules

from . import calls
from .calls import BY_NUMBER, FOLLOW, IGRA, IGRA_PREFIX, INVITE, NUMBER, PASS
from .ppn import (
    KONTRA_LETTERS,
    LOCALE,
    PLAYERS,
    Line,
    PPNError,
    PPNGame,
    Record,
    Trick,
    codes,
    fail,
    kontra_field_level,
    line_text,
    parse_unshown,
    shown,
)


def _ours(error: BadInput) -> BadInput:
    """An error of the PPN replay, said from the Balkan catalogues."""
    return in_family(error, LOCALE)


def _framed(error: PPNError, source: str) -> PPNError:
    """``source: error``, said in the user's language when ``error`` is."""
    made = PPNError(f"{source}: {error}")
    framed(made, "{source}: {message}", error, source=source)
    made.catalogues = (LOCALE,)
    return made


DEFAULT_VARIANT = "balkan"
"""The variant a PPN file is replayed under when neither ``--variant`` nor a ``Variant`` tag names one."""
FAMILY = "balkan"
"""PPN records the Balkan game: a variant must extend ``balkan`` (or be it) to read or write PPN."""
SEARCH_LIMIT = 5_000
"""Game states the replay may try to find the calls behind one record's bids or defence fields."""


def kontra_level(call: str) -> int:
    """``kontra`` 1, ``rekontra`` 2, ``subkontra`` 3, ``mortkontra`` 4, ``kontra-n`` n; 0 for other calls."""
    return calls.kontra_level(call) or 0


def bid_tokens(calls: Sequence[tuple[int, str]], bidders: Sequence[int]) -> dict[int, str]:
    """Each bidder's highest bid as PPN writes it: ``P``, ``2``, ``M3`` (a hold, "mine"), ``G`` (igra, then
    "yours is better"), ``G4`` (igra named hearts)."""
    tokens = {s: "P" for s in bidders}
    level: int | None = None
    for seat, call in calls:
        if call == IGRA:
            tokens[seat] = "G"
        elif call.startswith(IGRA_PREFIX):
            tokens[seat] = "G" + str(NUMBER.get(call[len(IGRA_PREFIX):], "?"))
        elif _digits(call):
            tokens[seat] = ("M" if level == int(call) else "") + call
            level = int(call)
    return tokens


def defence_tokens(calls: Sequence[tuple[int, str]], id_of: Callable[[int], int]) -> tuple[int, str]:
    """``accepted`` and ``kontra`` of a defence: 0 / a lone follower's id / 8 both (a betl that both must
    defend has no follow round: 8); ``0``, ``I<id>`` invited by, or the chain's letter and its starter."""
    round_one = [(s, c) for s, c in calls if c in (FOLLOW, PASS)]
    followers = [s for s, c in round_one if c == FOLLOW]
    if not round_one:
        accepted = 8
    else:
        accepted = 0 if not followers else id_of(followers[0]) if len(followers) == 1 else 8
    kontra = "0"
    starter = next((s for s, c in calls if kontra_level(c) == 1), None)
    if starter is not None:
        level = max(kontra_level(c) for _, c in calls)
        if level > len(KONTRA_LETTERS):
            kontra = f"{level}:{id_of(starter)}"
        else:
            kontra = KONTRA_LETTERS[level - 1] + str(id_of(starter))
    else:
        inviter = next((s for s, c in calls if c == INVITE), None)
        if inviter is not None:
            kontra = "I" + str(id_of(inviter))
    return accepted, kontra


@dataclass(frozen=True)
class Seating:
    """PPN player ids and engine seats. The engine's seats go clockwise (seat + 1 bids, and plays, next); a
    file whose deal order turns the other way (``132``: p1, then p3, then p2) is read with its ids
    reversed, so every id keeps its place in the rotation."""

    reverse: bool = False

    def seat(self, player: int) -> int:
        return (-(player - 1)) % PLAYERS if self.reverse else player - 1

    def id(self, seat: int) -> int:
        return (-seat) % PLAYERS + 1 if self.reverse else seat + 1

    @classmethod
    def of(cls, order: Sequence[int]) -> Seating:
        a, b, _ = order
        return cls(reverse=b != a % PLAYERS + 1)


@dataclass
class DealLog:
    """One finished deal as the replay saw it: what PPN needs beyond the :class:`DealResult`."""

    pack: tuple[int, ...]
    result: DealResult | None = None
    entries: list[Entry] = field(default_factory=list)
    """The deal's own entries (without the lines written before it, such as the starting bula)."""
    discards: list[int] = field(default_factory=list)
    tricks: list[tuple[int, tuple[tuple[int, int], ...]]] = field(default_factory=list)


def _finished_deal(log: DealLog, deal: Deal, game: Game, before: int) -> None:
    log.result = game.results[-1]
    log.entries = list(game.deal_entries[-1][before:])
    if deal.play is not None:
        log.tricks = list(deal.play.completed)


def walk(game: Game, actions: Sequence[str]) -> tuple[list[DealLog], int]:
    """Apply ``actions`` to a new ``game``, recording every finished deal; returns the logs and the number
    of actions of the deal still in progress (0 when the last action ended a deal)."""
    logs: list[DealLog] = []
    log = DealLog(game.deal.pack)
    before = len(game._pending_entries)
    pending = 0
    for i, action in enumerate(actions):
        deal, phase = game.deal, game.phase
        try:
            game.apply(action)
        except IllegalActionError as exc:
            error = PPNError(f"actions[{i}]: {exc}")
            framed(error, "{key}: {message}", exc, key=f"actions[{i}]")  # the refusal in the user's language
            raise error from None
        pending += 1
        if phase is Phase.DISCARD:
            log.discards.append(CARD_INDEX[game.history[-1]])
        if len(game.results) > len(logs):
            _finished_deal(log, deal, game, before)
            logs.append(log)
            log = DealLog(game.deal.pack)
            before = len(game._pending_entries)
            pending = 0
    return logs, pending


def _juha_column(writer: int, declarer: int) -> str:
    """PPN's column of a follower's supe: ``R`` when the declarer plays right after him (his right-hand
    column, docs/rules/balkan.md#columns), ``L`` otherwise."""
    return "R" if declarer == (writer + 1) % PLAYERS else "L"


def deal_record(number: int, log: DealLog, rules: BalkanRules, seating: Seating) -> Record:
    """The PPN record of one finished deal."""
    r = log.result
    assert r is not None
    ids = seating.id
    order = tuple(ids(s) for s in r.active)
    tokens = bid_tokens(r.auction, r.active)
    bids = tuple(tokens[s] for s in r.active)
    if r.kind == "all_pass" or r.declarer is None or r.contract is None:
        return Record(number, order, log.pack, bids)
    d = r.declarer
    contract = r.contract.name
    base = contract[len(IGRA_PREFIX):] if contract.startswith(IGRA_PREFIX) else contract
    if base not in NUMBER:
        raise _ours(bad_input("deal {number}: contract {contract} has no {ppn} number", PPNError, number=number,
                              contract=excerpt(contract), ppn="PPN"))
    igra = contract.startswith(IGRA_PREFIX)
    if sum(kontra_level(c) == 1 for _, c in r.defence) > 1:
        # kontra.chains = "each": PPN's kontra field names one chain and its starter (the PPN README)
        raise _ours(bad_input("deal {number}: both defenders said kontra, and {ppn} records one kontra chain",
                              PPNError, number=number, ppn="PPN"))
    accepted, kontra = defence_tokens(r.defence, ids)
    refa = any(e.account == "refe" and e.seat == d and e.amount < 0 for e in log.entries)
    level = max((kontra_level(c) for _, c in r.defence), default=0)
    table = rules.igra_value if igra else rules.value
    value = int(table[base]) * (int(rules.refe.factor) if refa else 1) * int(rules.kontra.factor) ** level
    throws = tuple(Trick(ids(cards[0][0]), tuple(c for _, c in cards), ids(winner)) for winner, cards in log.tricks)
    summary: list[Line | None] = []
    for s in r.active:
        bula = sum((e.amount for e in log.entries if e.account == "bula" and e.seat == s), Fraction(0))
        supe = sum((e.amount for e in log.entries if e.account == "juha" and e.seat == s), Fraction(0))
        wrote = any(e.account in ("bula", "juha") and e.seat == s for e in log.entries)
        if s == d:
            summary.append(Line(True, r.tricks[s], bula=_plain(bula)))
        elif wrote or (r.played and s in r.defending):
            summary.append(Line(False, r.tricks[s], _juha_column(s, d), _plain(supe), _plain(bula)))
        else:
            summary.append(None)
    return Record(
        number, order, log.pack, bids, main=ids(d),
        discarded=None if igra else tuple(log.discards),
        contract=("G" if igra else "") + str(NUMBER[base]),
        accepted=accepted, kontra=kontra, refa=refa, value=value,
        starts=throws[0].starts if throws else 0, throws=throws, summary=tuple(summary),
    )


def _plain(x: Amount) -> Amount:
    value = Fraction(x)
    return int(value) if value.denominator == 1 else value


def is_balkan(variant: Variant) -> bool:
    return any(level.name == FAMILY for level in variant.chain)


def _check_variant(variant: Variant, where: str) -> None:
    if not is_balkan(variant):
        raise _ours(bad_input("{where}: {name} is not a Balkan-family variant; {ppn} records the Balkan game (variants "
                              "that extend {family}, e.g. {examples})", PPNError, where=where,
                              name=excerpt(variant.name), ppn="PPN", family=repr(FAMILY),
                              examples="balkan, serbian, slovenian"))
    if variant.rules.players != PLAYERS:
        raise _ours(bad_input("{where}: {ppn} records {n} players; this game has {players}", PPNError, where=where,
                              ppn="PPN", n=PLAYERS, players=variant.rules.players))


# ---------------------------------------------------------------- export


def _implied_overrides(variant: Variant) -> dict[str, Any]:
    """The overrides an importer rebuilds from the Bula and Refe tags alone: the values that differ from
    the variant's presets."""
    preset = load_variant(variant.name, plugins=variant.plugin_names, source="ppn")
    out: dict[str, Any] = {}
    for key in ("bula", "refe_limit"):
        if getattr(variant.rules, key) != getattr(preset.rules, key):
            out[key] = getattr(variant.rules, key)
    return out


def export_game(game: Game, names: Sequence[str], bots: Sequence[str] | None = None,
                human: int | None = None, source: str = "game") -> tuple[PPNGame, int]:
    """The PPN of a game (replayed from its actions): the tags and one record per finished deal. Returns the
    document and the number of actions of an unfinished last deal, which PPN cannot record."""
    variant = game.variant
    _check_variant(variant, source)
    fresh = Game(variant, game.seed, game.first_dealer, deals=game.deals)
    try:
        logs, pending = walk(fresh, game.history)
    except PPNError as exc:
        raise _framed(exc, source) from None
    if not logs:
        raise _ours(bad_input("{source}: no deal is finished yet; {ppn} records whole deals", PPNError, source=source,
                              ppn="PPN"))
    rules = variant.rules
    seating = Seating()
    try:
        records = [deal_record(i, log, rules, seating) for i, log in enumerate(logs, 1)]
    except PPNError as exc:
        raise _framed(exc, source) from None
    settlement = fresh.settlement().rounded if not pending else _settlement_after(variant, game, logs)
    tags: dict[str, str] = {"Bula": str(rules.bula), "Refe": str(rules.refe_limit)}
    for s in range(PLAYERS):
        tags[f"Player{seating.id(s)}"] = names[s]
    for s in range(PLAYERS):
        tags[f"Result{seating.id(s)}"] = str(settlement[s])
    tags["Variant"] = variant.name
    tags["Seed"] = str(game.seed)
    if list(variant.overrides.items()) != list(_implied_overrides(variant).items()):
        tags["Rules"] = json.dumps(variant.overrides, ensure_ascii=False, separators=(",", ":"))
    if variant.plugin_names:
        tags["Plugins"] = ",".join(variant.plugin_names)
    seats = [("human" if s == human else (bots[s] if bots else "heuristic")) for s in range(PLAYERS)]
    if any(b != "heuristic" for b in seats):
        tags["Bots"] = ",".join(seats)
    return PPNGame(tags, records), pending


def _settlement_after(variant: Variant, game: Game, logs: list[DealLog]) -> tuple[int, ...]:
    """The settlement after the finished deals only (the deal in progress is not in the file)."""
    count = sum(1 for _ in logs)
    fresh = Game(variant, game.seed, game.first_dealer, deals=game.deals)
    actions = list(game.history)
    while len(fresh.results) < count:
        fresh.apply(actions[len(fresh.history)])
    return fresh.settlement().rounded


# ---------------------------------------------------------------- import


@dataclass
class Imported:
    """A PPN file replayed: the game (its actions, packs, seed and rules), the players' names by seat, the
    bots that would continue it (``Bots`` tag, heuristic by default) and the human's seat if any."""

    game: Game
    names: list[str]
    bots: list[str]
    human: int | None


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _tag_int(doc: PPNGame, name: str, source: str, low: int) -> int:
    text = doc.tags[name]
    if len(text) <= 18 and re.fullmatch(r"[0-9]+", text) and int(text) >= low:
        return int(text)
    raise _ours(bad_input("{source}: tag {name}: {text} is not a whole number >= {low}", PPNError, source=source,
                          name=name, text=excerpt(text), low=low))


def _names(doc: PPNGame, seating: Seating, source: str) -> list[str]:
    names = [""] * PLAYERS
    for p in (1, 2, 3):
        name = doc.tags[f"Player{p}"].strip()
        if not name:
            raise _ours(bad_input("{source}: tag {tag}: a player's name cannot be empty", PPNError, source=source,
                                  tag="Player" + str(p)))
        if name.lower() in (n.lower() for n in names):
            raise _ours(bad_input("{source}: tag {tag}: {name} is already another player's name", PPNError,
                                  source=source, tag="Player" + str(p), name=excerpt(name)))
        try:
            check_names([name], f"{source}: tag Player{p}")
        except BadInput as exc:
            raise PPNError(str(exc).replace(f"Player{p}[0]", f"Player{p}", 1)) from None
        names[seating.seat(p)] = name
    return names


def _variant_of(doc: PPNGame, source: str, name: str | None) -> Variant:
    variant_name = name or doc.tags.get("Variant") or DEFAULT_VARIANT
    bula = _tag_int(doc, "Bula", source, 1)
    refe = _tag_int(doc, "Refe", source, 0)
    # installed plugins by name only: a record never names a file (named_plugins refuses a path)
    plugins = named_plugins([p.strip() for p in doc.tags.get("Plugins", "").split(",") if p.strip()],
                            source, "tag Plugins")
    where = f"{source}: tag Variant" if not name and "Variant" in doc.tags else source
    if "Rules" in doc.tags:
        try:
            overrides = strict_json(doc.tags["Rules"])
        except ValueError as exc:  # not JSON, a key given twice
            raise _ours(bad_input("{source}: tag {tag}: not a {json} object: {reason}", PPNError, source=source,
                                  tag="Rules", json="JSON", reason=exc)) from None
        if not isinstance(overrides, dict):
            raise _ours(bad_input("{source}: tag {tag}: expected a {json} object of {rules} keys", PPNError,
                                  source=source, tag="Rules", json="JSON", rules="[rules]"))
        variant = load_variant(variant_name, overrides or None, plugins, source=f"{source}: tag Rules")
        _check_variant(variant, where)
        for tag, key, want in (("Bula", "bula", bula), ("Refe", "refe_limit", refe)):
            if getattr(variant.rules, key) != want:
                raise _ours(bad_input("{source}: tag {tag}: {want}, but the {rules} tag gives {key} = {value}",
                                      PPNError, source=source, tag=tag, want=want, rules="Rules", key=key,
                                      value=getattr(variant.rules, key)))
        return variant
    preset = load_variant(variant_name, None, plugins, source=where)
    _check_variant(preset, where)
    implied = {k: v for k, v in (("bula", bula), ("refe_limit", refe)) if getattr(preset.rules, k) != v}
    return load_variant(variant_name, implied or None, plugins, source=source) if implied else preset


def _bots(doc: PPNGame, seating: Seating, source: str) -> tuple[list[str], int | None]:
    if "Bots" not in doc.tags:
        return ["heuristic"] * PLAYERS, None
    given = [b.strip().lower() for b in doc.tags["Bots"].split(",")]
    if len(given) != PLAYERS:
        raise _ours(bad_input("{source}: tag {tag}: expected {n} names separated by commas, in player order", PPNError,
                              source=source, tag="Bots", n=PLAYERS))
    bots = [""] * PLAYERS
    for p, name in enumerate(given, 1):
        if name != "human":
            try:  # a registered name, options included (pimc:samples=40)
                check_bot(name, f"{source}: tag Bots")
            except BadInput as exc:
                raise _ours(bad_input("{error} (or {human})", PPNError, error=exc, human="human")) from None
        bots[seating.seat(p)] = name
    humans = [s for s, b in enumerate(bots) if b == "human"]
    if len(humans) > 1:
        raise _ours(bad_input("{source}: tag {tag}: at most one player is {human}", PPNError, source=source, tag="Bots",
                              human="human"))
    return bots, humans[0] if humans else None


def import_game(doc: PPNGame, source: str, variant: str | None = None, check: bool = True) -> Imported:
    """Replay a PPN document through its Balkan-family variant (``variant``, else the ``Variant`` tag, else
    ``balkan``, with ``Bula`` and ``Refe`` as its ``bula`` and ``refe_limit``). Every move must be legal under
    the rules; with ``check`` the fields the rules compute (``value``, ``refa``, ``summary``, ``Result1..3``)
    must be what the rules write. Raises :class:`PPNError` naming the record and the field."""
    first = doc.records[0]
    seating = Seating.of(first.deal_order)
    names = _names(doc, seating, source)
    resolved = _variant_of(doc, source, variant)
    bots, human = _bots(doc, seating, source)
    seed_text = doc.tags.get("Seed", "0")
    if len(seed_text) > 20 or not re.fullmatch(r"[0-9]+", seed_text):
        raise _ours(bad_input("{source}: tag {tag}: {text} is not a whole number", PPNError, source=source, tag="Seed",
                              text=excerpt(seed_text)))
    seed = int(seed_text)
    first_dealer = seating.seat(first.deal_order[-1])
    packs = [r.cards for r in doc.records]
    game = Game(resolved, seed, first_dealer, deals=packs)
    importer = _Importer(game, seating, resolved.name, check)
    for record in doc.records:
        importer.deal(record)
    if check:
        settlement = game.settlement().rounded
        for p in (1, 2, 3):
            tag = f"Result{p}"
            if tag in doc.tags:
                want = settlement[seating.seat(p)]
                if doc.tags[tag].strip() != str(want):
                    raise _ours(bad_input("{source}: tag {tag}: {given}, but the {variant} settlement of these deals "
                                          "gives {want} (seed sign: positive wins)", PPNError, source=source, tag=tag,
                                          given=excerpt(doc.tags[tag]), variant=resolved.name, want=want))
    # a game exported from a seeded log replays from its seed alone: keep the save file as it was
    plain = Game(resolved, seed, first_dealer)
    try:
        logs, _ = walk(plain, game.history)
        same = [log.pack for log in logs] == packs
    except PPNError:
        same = False
    final = plain if same else game
    return Imported(final, names, bots, human)


def read_game(text: str, source: str) -> tuple[Game, list[str]] | None:
    """A PPN file for ``preferans analyse`` (``pref_read_game``): the replayed game and the names. Any text that
    is not JSON is the line form; JSON is the JSON form when its ``game`` is a list (a save file and the engine's
    game record are the core's, anything else is ``None``)."""
    try:
        data = strict_json(text)
    except ValueError:  # not JSON, nested too deep, a key given twice: the reader names it
        data = None
    if data is None or (isinstance(data, dict) and isinstance(data.get("game"), list)):
        imported = import_game(parse_unshown(text, source), source)
        return imported.game, imported.names
    return None


class _Importer:
    """Drives the game through one record at a time; every mismatch is a :class:`PPNError`."""

    def __init__(self, game: Game, seating: Seating, variant_name: str, check: bool) -> None:
        self.game = game
        self.current: Deal = game.deal
        self.seating = seating
        self.variant = variant_name
        self.check = check

    # ---------------------------------------------------------- helpers

    def who(self, seat: int) -> str:
        return f"p{self.seating.id(seat)}"

    def deal(self, r: Record) -> None:
        game = self.game
        where = r.where
        if game.is_terminal:
            fail(where, "id", bad_input("the game was already over after record {n} (the bule reached 0); remove the "
                                        "records after it", n=r.id - 1))
        seats = tuple(self.seating.seat(p) for p in r.deal_order)
        if seats != game.deal.active:
            want = "".join(str(self.seating.id(s)) for s in game.deal.active)
            fail(where, "dealOrder", bad_input("{given}, but {dealer} deals this deal under the {variant} rules: "
                                               "expected {want}", given="".join(map(str, r.deal_order)),
                                               dealer=self.who(game.deal.dealer), variant=self.variant, want=want))
        count = len(game.results)
        log = DealLog(game.deal.pack)
        before = len(game._pending_entries)
        deal = self.current = game.deal
        self.auction(r, count)
        while len(game.results) == count:
            phase = game.phase
            if phase is Phase.DISCARD:
                self.discard(r, log)
            elif phase is Phase.DECLARE:
                self.declare(r)
            elif phase is Phase.DEFENCE:
                self.defence(r, count)
            elif phase is Phase.PLAY:
                self.play(r, count)
            else:  # pragma: no cover - a phase the family does not use
                fail(where, "fields", bad_input("the {variant} rules ask for a {phase} action {ppn} cannot record",
                                                variant=self.variant, phase=phase.value, ppn="PPN"))
        _finished_deal(log, deal, game, before)
        self.after(r, log)

    def search(self, start: Game, count: int, done_phase: Phase, allowed: Callable[[Game, str], bool],
               accept: Callable[[Game], bool]) -> Game | None:
        """Depth-first through the legal calls from ``start`` until the phase ``done_phase`` is over (or the
        deal), returning the first game ``accept`` likes."""
        stack = [start]
        tried = 0
        while stack:
            g = stack.pop()
            if len(g.results) > count or g.phase is not done_phase:
                if accept(g):
                    return g
                continue
            for action in reversed(g.legal_actions()):
                if allowed(g, action):
                    child = g.clone()
                    child.apply(action)
                    stack.append(child)
                    tried += 1
            if tried > SEARCH_LIMIT:
                return None
        return None

    @staticmethod
    def calls_of(g: Game, count: int, kind: str) -> tuple[tuple[int, str], ...]:
        if len(g.results) > count:
            result = g.results[count]
            return result.auction if kind == "auction" else result.defence
        return tuple(g.deal.calls) if kind == "auction" else tuple(g.deal.defence_calls)

    # ---------------------------------------------------------- phases

    def auction(self, r: Record, count: int) -> None:
        game = self.game
        bidders = game.deal.active
        want = {self.seating.seat(p): token for p, token in zip(r.deal_order, r.bids, strict=True)}

        def allowed(g: Game, action: str) -> bool:
            seat = g.current_player
            token = want[seat]
            mine = [c for s, c in g.deal.calls if s == seat]
            if token == "P":
                return action == PASS
            if token.startswith("G"):
                if not mine:
                    return action == IGRA
                if action == PASS:
                    return token == "G"
                return action.startswith(IGRA_PREFIX) and token == "G" + str(NUMBER.get(action[5:], "?"))
            if action == PASS:
                return True
            return _digits(action) and int(action) <= int(token.lstrip("M"))

        def accept(g: Game) -> bool:
            return bid_tokens(self.calls_of(g, count, "auction"), bidders) == want

        found = self.search(game, count, Phase.AUCTION, allowed, accept)
        if found is None:
            fail(r.where, "bids", bad_input(
                "{bids}: no auction the {variant} rules allow ends with these bids (the first bidder may say {p}, 2 "
                "or {g}; later bids go up one step at a time, {m} for the earlier seat holding the same number)",
                bids=",".join(r.bids), variant=self.variant, p="P", g="G", m="M"))
        self.adopt(found)
        if len(game.results) > count:
            return
        if r.all_pass:  # pragma: no cover - the tokens P,P,P end the auction
            fail(r.where, "bids", bad_input("every bid is {p}, but the auction is not over", p="P"))
        assert r.main is not None
        if game.deal.declarer != self.seating.seat(r.main):
            fail(r.where, "main", bad_input("{given}, but the auction {bids} is won by {winner}",
                                            given="p" + str(r.main), bids=",".join(r.bids),
                                            winner=self.who(game.deal.declarer or 0)))

    def adopt(self, found: Game) -> None:
        """Continue with the actions ``found`` chose (replayed on the real game so nothing is shared)."""
        game = self.game
        for action in found.history[len(game.history):]:
            game.apply(action)

    def discard(self, r: Record, log: DealLog) -> None:
        game = self.game
        seat = game.current_player
        if r.discarded is None:
            fail(r.where, "discarded", bad_input("{given} (igra), but {player} took the talon and must discard two "
                                                 "cards", given="XX", player=self.who(seat)))
        card = r.discarded[len(log.discards)]
        legal = game.legal_actions()
        if CARD_NAMES[card] not in legal:
            fail(r.where, "discarded", bad_input("{card} is not in {player}'s hand after the talon (hand: {hand})",
                                                 card=shown(card), player=self.who(seat),
                                                 hand=codes(CARD_INDEX[c] for c in legal)))
        game.apply(CARD_NAMES[card])
        log.discards.append(card)

    def declare(self, r: Record) -> None:
        game = self.game
        assert r.contract is not None
        legal = game.legal_actions()
        shown = ", ".join(str(NUMBER[c]) for c in legal if c in NUMBER)
        if r.contract.startswith("G"):
            fail(r.where, "contract", bad_input("{contract} is an igra, but the declarer took the talon (allowed: "
                                                "{allowed})", contract=r.contract, allowed=shown))
        name = BY_NUMBER.get(int(r.contract))
        if name is None or name not in legal:
            fail(r.where, "contract", bad_input("{contract} cannot be declared after the bid {bid} (allowed: "
                                                "{allowed})", contract=r.contract, bid=game.deal.bid, allowed=shown))
        game.apply(name)

    def defence(self, r: Record, count: int) -> None:
        game = self.game
        ids = self.seating.id
        target_level = kontra_field_level(r.kontra)

        def allowed(g: Game, action: str) -> bool:
            level = kontra_level(action)
            if level == 1 and any(kontra_level(c) == 1 for _, c in self.calls_of(g, count, "defence")):
                return False  # PPN records one chain: never a second kontra-giver (kontra.chains = "each")
            if level:
                return level <= target_level
            return action != INVITE or r.kontra.startswith("I")

        def accept_both(g: Game) -> bool:
            return defence_tokens(self.calls_of(g, count, "defence"), ids) == (r.accepted, r.kontra)

        def accept_first(g: Game) -> bool:
            return defence_tokens(self.calls_of(g, count, "defence"), ids)[0] == r.accepted

        found = self.search(game, count, Phase.DEFENCE, allowed, accept_both)
        if found is None:
            def follow_round_only(g: Game, action: str) -> bool:
                return not kontra_level(action) and action != INVITE

            if self.search(game, count, Phase.DEFENCE, follow_round_only, accept_first) is None:
                fail(r.where, "accepted", bad_input(
                    "{given}: no defence the {variant} rules allow here has it (0 nobody followed, a lone follower's "
                    "id, 8 both; a betl is defended by both)", given=r.accepted, variant=self.variant))
            fail(r.where, "kontra", bad_input(
                "{given}: no defence the {variant} rules allow with {key} {accepted} has it (0; {letters} with the "
                "inviter's or kontra-giver's id)", given=r.kontra, variant=self.variant, key="accepted",
                accepted=r.accepted, letters="I, K, R, S, M"))
        self.adopt(found)

    def play(self, r: Record, count: int) -> None:
        game = self.game
        play = game.deal.play
        assert play is not None
        if not r.throws:
            fail(r.where, "throws", bad_input("none, but the deal is played: {player} leads",
                                              player=self.who(play.to_play)))
        if r.starts != self.seating.id(play.to_play):
            fail(r.where, "starts", bad_input("{given}, but {player} leads the first trick under the {variant} rules",
                                              given="p" + str(r.starts), player=self.who(play.to_play),
                                              variant=self.variant))
        for n, trick in enumerate(r.throws, 1):
            fld = phrase("{field}: trick {n}", field="throws", n=n)
            if len(game.results) > count:
                fail(r.where, "throws", bad_input("play ended after trick {n} (the rules stop it there), but {given} "
                                                  "tricks are given", n=n - 1, given=len(r.throws)))
            play = game.deal.play
            assert play is not None
            if self.seating.id(play.to_play) != trick.starts:
                fail(r.where, fld, bad_input("led by {given}, but {player} leads it", given="p" + str(trick.starts),
                                             player=self.who(play.to_play)))
            if len(trick.cards) != len(play.order):
                fail(r.where, fld, bad_input("{n} cards, but {hands} hands play this deal", n=len(trick.cards),
                                             hands=len(play.order)))
            for k, card in enumerate(trick.cards, 1):
                play = game.deal.play
                assert play is not None
                hand = play.to_play
                legal = game.legal_actions()
                if CARD_NAMES[card] not in legal:
                    values: dict[str, object] = {"k": k, "card": shown(card), "player": self.who(hand)}
                    if not game.deal.hands[hand] >> card & 1:
                        fail(r.where, fld, bad_input("card {k} {card}: it is not in {player}'s hand, and {player} "
                                                     "plays card {k}", **values))
                    fail(r.where, fld, bad_input("card {k} {card}: {player} must play one of {legal}",
                                                 legal=codes(CARD_INDEX[c] for c in legal), **values))
                game.apply(CARD_NAMES[card])
            completed = self.current.play.completed if self.current.play is not None else []
            winner = completed[n - 1][0]
            if self.seating.id(winner) != trick.winner:
                fail(r.where, fld, bad_input("won by {given}, but {player} wins it", given="p" + str(trick.winner),
                                             player=self.who(winner)))
        if len(game.results) == count:
            fail(r.where, "throws", bad_input("{n} tricks, but play goes on (the rules have not stopped it)",
                                              n=len(r.throws)))

    def after(self, r: Record, log: DealLog) -> None:
        """Compare the fields the rules compute with the record's."""
        own = deal_record(r.id, log, self.game.rules, self.seating)
        if r.all_pass or not self.check:
            return
        if r.value != own.value:
            fail(r.where, "value", bad_input("{given}, but the {variant} rules give {own}", given=r.value,
                                             variant=self.variant, own=own.value))
        if r.refa is not None and r.refa != own.refa:
            fail(r.where, "refa", bad_input("{given}, but the declarer held unplayed refe", given=int(r.refa))
                 if own.refa else bad_input("{given}, but the declarer held no unplayed refe", given=int(r.refa)))
        if not r.throws and own.throws:  # pragma: no cover - play() checks it
            fail(r.where, "throws", bad_input("missing"))
        if r.throws and not own.throws:
            fail(r.where, "throws", bad_input("{n} tricks, but the deal is not played (nobody follows, or a two "
                                              "without kontra)", n=len(r.throws)))
        if own.starts != r.starts:
            fail(r.where, "starts", bad_input("{given}, but nobody plays", given=r.starts) if not own.starts else
                 bad_input("{given}, but {player} leads", given=r.starts, player="p" + str(own.starts)))
        for i, (given, rules_line) in enumerate(zip(r.summary, own.summary, strict=True), 1):
            if not _same_line(given, rules_line):
                fail(r.where, phrase("{field}: item {i} ({player})", field="summary", i=i,
                                     player="p" + str(r.deal_order[i - 1])),
                     bad_input("{given}, but the {variant} rules write {own}", given=line_text(given),
                               variant=self.variant, own=line_text(rules_line)))


def _same_line(given: Line | None, rules_line: Line | None) -> bool:
    if given is None or rules_line is None:
        return given is None and rules_line is None
    if given.column and given.column != rules_line.column:
        return False
    return (given.main, given.tricks, Fraction(given.supe), Fraction(given.bula)) == (
        rules_line.main, rules_line.tricks, Fraction(rules_line.supe), Fraction(rules_line.bula))
