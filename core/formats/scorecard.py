"""Scorecards: the paper record of a pulka played at a real table, read and scored (docs/scorecard.md).

A scorecard names the variant, the players in clockwise seating, the ``[rules]`` agreed at the table and,
for each deal, what was written down: who declared what, the defence calls and the tricks each hand won,
or ``raspasovka = true``. Reading one takes three steps:

1. pydantic checks the shape of the file (unknown keys and wrong types are errors);
2. the variant is built from ``variant`` and ``[rules]`` exactly like a game config;
3. each deal is replayed through the same hooks the engine asks (which contracts the auction allows, who
   defends, which defence calls are legal, whether the cards were played, who may own a trick) and then
   posted to a :class:`~preferans.core.engine.match.Match`.

So a deal written on paper and the same deal played by the engine go through the same scoring hooks and
write the same sheet, and a deal the rules do not allow is rejected with one line that names the file,
the deal (1-based) and the field.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from preferans.core.engine.match import Match
from preferans.core.model.cards import SUIT_SYMBOLS, SUITS
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import BadInput, ConfigError, RecordError, nearest
from preferans.core.model.table import hand_slots, ownerless_hands
from preferans.core.model.views import (
    AuctionView,
    DealResult,
    DeclarationView,
    DefenceView,
    Defended,
    PlayAllPass,
    PlayView,
)
from preferans.core.rules.config import Variant, load_variant, named_plugins

TRICKS_PER_DEAL = 10
"""Every played deal has ten tricks, and a paper record lists all ten. In a three-player raspasovka a
talon-led trick could belong to nobody if no player could follow the talon suit (GAP-RUS-04), but that
cannot happen with 30 of the 32 cards in the hands: at trick 1 the players hold at least 6 cards of the
talon card's suit, and at trick 2 at least 3 (same suit again) or 4 (another suit) are left after trick 1.
So the tricks of a played deal must sum to exactly 10."""

_MISERE_ALIASES = {"misère": "misere", "мизер": "misere", "miser": "misere"}

DUMMY_NAME = "dummy"
"""With two players (гусарик) the dummy's tricks are written under this name (болван)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class DealRecord(_Strict):
    """One ``[[deal]]``: a contract deal (``declarer``, ``contract``, ``defence``, ``tricks``) or an
    all-pass deal (``raspasovka = true``, ``tricks``)."""

    declarer: str | None = Field(default=None, description="the player who won the auction")
    contract: str | None = Field(default=None, description='the contract played: "6S".."10NT" or "misere"')
    defence: dict[str, str] | None = Field(
        default=None, description='each defender\'s call: "whist" | "pass" | "half"')
    tricks: dict[str, int] | None = Field(
        default=None, description="tricks won by each hand, by its owner's name")
    raspasovka: bool = Field(default=False, description="everybody passed: the all-pass deal (распасовка)")
    half_and_half: bool = Field(
        default=False, description="four players: the misère was shared with the sitting-out dealer "
        "(мизер пополам, RUS-MIS-09); the results are written half each")


class CardRecord(_Strict):
    """The whole scorecard file."""

    variant: str = Field(description="an installed variant, e.g. sochi")
    players: list[str] = Field(description="names in clockwise seating; players[0] deals first")
    plugins: list[str] = Field(default_factory=list, description="extra plugins (entry-point names)")
    rules: dict[str, Any] = Field(default_factory=dict, description="overrides of the variant's preset")
    deal: list[dict[str, Any]] = Field(
        default_factory=list, description="the deals in the order played; their fields are read by the variant "
        "(pref_scorecard_deal), by default as DealRecord")


@dataclass(frozen=True)
class ScoredCard:
    """A scored scorecard: the match with every deal posted, the players' names by seat, and whether the
    match (pulka) is over after the last deal."""

    match: Match
    names: list[str]
    finished: bool


def read_text(path: str) -> str:
    """The text of a record file (scorecard or saved game), or a one-line RecordError."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{path}: file not found") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror}") from None


def score_file(path: str, plugins: Sequence[Any] = ()) -> ScoredCard:
    """Read and score a scorecard file: JSON if the name ends in ``.json``, TOML otherwise. ``plugins`` are
    local plugins the caller adds to the card's variant (``score --plugin house.py``); the card itself names
    installed plugins only."""
    p = Path(path)
    text = read_text(path)
    data: Any
    if p.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_one_line(f"{path}: malformed JSON: {exc}")) from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RecordError(_one_line(f"{path}: malformed TOML: {exc}")) from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: expected an object with variant, players, rules and deal")
    return score_card(data, str(path), plugins)


def score_card(data: dict[str, Any], source: str, plugins: Sequence[Any] = ()) -> ScoredCard:
    """Score already-parsed scorecard data; ``source`` names the file in error messages."""
    try:
        card = CardRecord.model_validate(data)
    except ValidationError as exc:
        raise _shape_error(exc, source) from None
    names = _check_names(card.players, source)
    match = Match(_variant(card, len(names), source, plugins))
    reader = ScorecardReader(match, names, source)
    for i, record in enumerate(card.deal):
        reader.post(i, record)
    return ScoredCard(match, names, match.is_over())


# ---------------------------------------------------------------- file level


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


def _loc(loc: Sequence[int | str]) -> str:
    """``('deal', 2, 'tricks', 'Boris')`` -> ``deal[3].tricks.Boris``: deals (and players) count from 1."""
    out = ""
    for item in loc:
        if isinstance(item, int):
            out += f"[{item + 1}]"
        else:
            out += f".{item}" if out else str(item)
    return out


def _shape_error(exc: ValidationError, source: str, model: type[BaseModel] = CardRecord,
                 prefix: tuple[str | int, ...] = ()) -> RecordError:
    errors = exc.errors()
    err = errors[0]
    loc = (*prefix, *err["loc"])
    if err["type"] == "extra_forbidden":
        allowed = list(model.model_fields)
        key = str(loc[-1])
        msg = f"unknown key {key!r}{nearest(key, allowed)} (allowed: {', '.join(allowed)})"
    elif err["type"] == "missing":
        msg = "required key is missing"
    elif err["type"] in ("model_type", "dict_type"):
        msg = f"expected a table (got {err.get('input')!r})"
    else:
        msg = f"{err['msg']} (got {err.get('input')!r})"
    if len(errors) > 1:
        msg += f" (+{len(errors) - 1} more)"
    return RecordError(_one_line(f"{source}: {_loc(loc)}: {msg}"))


def _check_names(players: list[str], source: str) -> list[str]:
    seen: set[str] = set()
    for i, name in enumerate(players):
        if not name.strip():
            raise RecordError(f"{source}: players[{i + 1}]: a player's name cannot be empty")
        if name in seen:
            raise RecordError(f"{source}: players: {name!r} is listed twice")
        seen.add(name)
    return list(players)


def _variant(card: CardRecord, n_players: int, source: str, plugins: Sequence[Any] = ()) -> Variant:
    """Build the variant; the number of names is the ``players`` rule unless ``[rules]`` repeats it."""
    overrides = dict(card.rules)
    given = overrides.setdefault("players", n_players)
    if given != n_players:
        raise ConfigError(source, "rules.players", f"says {given!r} but {n_players} players are listed")
    try:
        # the card's own plugins by installed name only, never a file; local ones only from the caller
        variant = load_variant(card.variant, overrides, [*named_plugins(card.plugins, source), *plugins], source=source)
    except ConfigError as exc:
        if exc.key == "rules.players" and "players" not in card.rules:
            message = f"{n_players} names listed; rules.players: {exc.message}"
            raise ConfigError(source, "players", message) from None
        raise
    except BadInput as exc:
        # anything else the variant's stack rejects (a plugin that does not fit the hook specs) is still
        # a config error of this file
        text = str(exc)
        raise ConfigError(source, "", text[len(source) + 2:] if text.startswith(f"{source}: ") else text) from None
    if "pool" in variant.rules_model.model_fields and "pool" not in card.rules:
        # the preset's pool is only a default; a record must say what the table agreed
        raise ConfigError(source, "rules.pool", f"missing: a scorecard must state the pool target agreed at "
                                                f"the table (the {variant.name} preset's default is "
                                                f"{variant.rules.pool})")
    if "pot" in variant.rules_model.model_fields:
        _check_pot_stated(card, variant, source)
    for key, info in variant.rules_model.model_fields.items():
        # a rules key marked Field(json_schema_extra={"scorecard": "required"}) must be stated by the record
        extra = info.json_schema_extra
        if isinstance(extra, dict) and extra.get("scorecard") == "required" and key not in card.rules:
            raise ConfigError(source, f"rules.{key}", f"missing: a scorecard must state {key} as agreed at the "
                                                      f"table (the {variant.name} preset's default is "
                                                      f"{getattr(variant.rules, key)!r})")
    return variant


def _check_pot_stated(card: CardRecord, variant: Variant, source: str) -> None:
    """A variant played for a pot: the record must state the pot keys the table agreed, since the preset's
    values are only defaults: what was in the pot before the first deal (``rules.pot.initial``) and
    whatever else the pot section names in ``scorecard_keys`` (the Austrian limited pot: its cap)."""
    stated = card.rules.get("pot")
    stated = stated if isinstance(stated, dict) else {}
    pot = variant.rules.pot
    keys = getattr(pot, "scorecard_keys", {"initial": "the pot before the first deal"})
    for key, what in keys.items():
        if key not in stated:
            default = getattr(pot, key, None)
            raise ConfigError(source, f"rules.pot.{key}", f"missing: a scorecard must state {what} (the "
                                                          f"{variant.name} preset's default is {default})")


# ---------------------------------------------------------------- deals


def canonical_contract(text: str, names: Sequence[str]) -> str | None:
    """The contract name in ``names`` that ``text`` means: case-insensitive, suit symbols as letters
    (``7♥`` = ``7H``), spaces ignored, ``misère``/``мизер`` = ``misere``; ``None`` if none."""
    key = "".join(text.split()).lower()
    key = _MISERE_ALIASES.get(key, key)
    for symbol, letter in zip(SUIT_SYMBOLS, SUITS, strict=True):
        key = key.replace(symbol, letter.lower())
    by_lower = {name.lower(): name for name in names}
    return by_lower.get(key)


class ScorecardReader:
    """Replays the deals of one scorecard into a match, checking each against the variant's hooks.

    The variant's ``pref_scorecard_deal`` hook gets this reader to turn one ``[[deal]]`` table into a
    :class:`DealResult`; its methods (``validate``, ``seat``, ``contract``, ``defence``, ``tricks``, ``fail``)
    are the building blocks a family with its own deal fields reuses.
    """

    def __init__(self, match: Match, names: list[str], source: str) -> None:
        self.match = match
        self.book = match.book
        self.names = names
        self.n = len(names)
        self.n_hands = hand_slots(self.n)
        self.dummy = next(iter(ownerless_hands(self.n)), None)
        # the names the tricks table may use: the players', and the dummy's with two players
        self.hand_names = [*names, DUMMY_NAME] if self.dummy is not None else list(names)
        self.source = source
        if self.dummy is not None and DUMMY_NAME in names:
            raise self.fail(f"players[{names.index(DUMMY_NAME) + 1}]", f"with two players {DUMMY_NAME!r} names the "
                                                                       f"dummy's hand (болван); choose another name")

    def fail(self, where: str, message: str) -> RecordError:
        return RecordError(_one_line(f"{self.source}: {where}: {message}"))

    def seat(self, name: str, where: str) -> int:
        if name in self.names:
            return self.names.index(name)
        raise self.fail(where, f"unknown player {name!r}{nearest(name, self.names)} "
                               f"(players: {', '.join(self.names)})")

    def who(self, seats: Sequence[int]) -> str:
        return ", ".join(self.hand_names[s] for s in seats)

    def active(self, dealer: int) -> tuple[int, ...]:
        """The seats that get cards, first hand first; with four players the dealer sits out, with two the
        dummy (seat 2) has the third place (as core/engine/game.py deals)."""
        order = tuple((dealer + k) % self.n_hands for k in range(1, self.n_hands + 1))
        return order[:3] if self.n == 4 else order

    def bidders(self, dealer: int) -> tuple[int, ...]:
        """The seats that bid: the active seats without the dummy."""
        return tuple(s for s in self.active(dealer) if s != self.dummy)

    def post(self, i: int, record: dict[str, Any]) -> None:
        where = f"deal[{i + 1}]"
        if self.match.is_over():
            raise self.fail(where, f"the match was already over after deal {i}; remove the deals after it")
        # players[0] deals first; then the variant says who deals next (clockwise, raspasovka included)
        dealer = self.match.next_dealer() if self.match.results else 0
        if isinstance(record, dict) and "dealer" in record:
            self.check_dealer(record["dealer"], dealer, f"{where}.dealer")
            record = {k: v for k, v in record.items() if k != "dealer"}
        elif self.n == 4:
            raise self.fail(f"{where}.dealer", f"missing: with four players every deal names its dealer, who "
                                               f"sits out (this one is {self.names[dealer]})")
        before = self.match.before_deal(dealer)
        result = self.book.scorecard_deal(record, self, i, dealer)
        self.match.post(result, before)

    def check_dealer(self, given: object, dealer: int, where: str) -> None:
        """``dealer``: required with four players, optional otherwise; it must be the player the rules make
        deal (players[0] first, then ``pref_next_dealer``: clockwise, or the same after a Classic raspasovka)."""
        if not isinstance(given, str):
            raise self.fail(where, f"expected a player's name (got {given!r})")
        seat = self.seat(given, where)
        if seat != dealer:
            raise self.fail(where, f"{given} cannot deal this deal: the deal passes to {self.names[dealer]} "
                                   f"(players[0] deals first, then the rules of {self.match.variant.name})")

    def validate(self, model: type[BaseModel], record: dict[str, Any], i: int) -> Any:
        """Check one deal table against ``model``; errors name ``deal[i].field``."""
        try:
            return model.model_validate(record)
        except ValidationError as exc:
            raise _shape_error(exc, self.source, model, ("deal", i)) from None

    def read_default(self, record: dict[str, Any], i: int, dealer: int) -> DealResult:
        """The core reading of a deal (:class:`DealRecord`): a contract deal or ``raspasovka = true``."""
        where = f"deal[{i + 1}]"
        if "dark" in record:  # Classic reads it in its own pref_scorecard_deal (docs/scorecard.md)
            raise self.fail(f"{where}.dark", f"{self.match.variant.name} has no dark (втёмную) calls; remove dark")
        deal = self.validate(DealRecord, record, i)
        if deal.raspasovka:
            return self.all_pass(i, deal, dealer, where)
        return self.contract_deal(i, deal, dealer, where)

    # ------------------------------------------------------------ the two kinds of deal

    def all_pass(self, i: int, record: DealRecord, dealer: int, where: str) -> DealResult:
        for field in ("declarer", "contract", "defence"):
            if getattr(record, field) is not None:
                raise self.fail(f"{where}.{field}", "a raspasovka deal has no declarer, contract or defence")
        if record.half_and_half:
            raise self.fail(f"{where}.half_and_half", "only a misère can be shared with the dealer")
        active = self.active(dealer)
        bidders = self.bidders(dealer)
        view = AuctionView(self.match.view(), dealer, bidders, tuple((s, "pass") for s in bidders),
                           self.match.contracts)
        outcome = self.book.all_pass(view)
        contract: ContractSpec | None = None
        played = isinstance(outcome, PlayAllPass)
        if isinstance(outcome, PlayAllPass):
            contract = self.match.contracts[outcome.contract]
        tricks = self.tricks(record.tricks, where, dealer, active, None, contract, Defended((), played),
                             "everybody passed and the variant redeals")
        return DealResult(kind="all_pass", dealer=dealer, active=active, tricks=tricks, contract=contract,
                          played=played, index_in_match=i)

    def declarer(self, name: str | None, contract: str | None, where: str, active: tuple[int, ...],
                 all_pass_field: str) -> int:
        """The declarer's seat: a contract deal names both ``declarer`` and ``contract``, and the declarer
        is one of the ``active`` seats (not a sitting-out dealer)."""
        if name is None or contract is None:
            missing = "declarer" if name is None else "contract"
            raise self.fail(f"{where}.{missing}", f"missing: a deal has a declarer and a contract, "
                                                  f"or {all_pass_field}")
        seat = self.seat(name, f"{where}.declarer")
        if seat not in active:
            raise self.fail(f"{where}.declarer", f"{name} dealt this deal and sat out "
                                                 f"(playing: {self.who(active)})")
        return seat

    def contract_deal(self, i: int, record: DealRecord, dealer: int, where: str) -> DealResult:
        active = self.active(dealer)
        declarer = self.declarer(record.declarer, record.contract, where, active, "raspasovka = true")
        assert record.contract is not None
        spec = self.contract(record.contract, f"{where}.contract", dealer, active, declarer)
        # the defenders speak from the declarer's left, clockwise (as core/engine/game.py asks them)
        defenders = tuple(s for s in ((declarer + k) % self.n_hands for k in range(1, self.n_hands)) if s in active)
        declaration = self.half_and_half(record.half_and_half, f"{where}.half_and_half", dealer, declarer, spec)
        calls, defended = self.defence(record.defence, f"{where}.defence", declarer, spec, defenders)
        said = ", ".join(f"{self.names[s]} {c}" for s, c in calls) or "no defence"
        tricks = self.tricks(record.tricks, where, dealer, active, declarer, spec, defended,
                             f"the defence did not play it: {said}")
        return DealResult(kind="contract", dealer=dealer, active=active, tricks=tricks, declarer=declarer,
                          contract=spec, bid=spec.name, defence=calls, whisters=defended.whisters,
                          played=defended.played, index_in_match=i, declaration=declaration)

    # ------------------------------------------------------------ fields

    def contract(self, text: str, where: str, dealer: int, active: tuple[int, ...],
                 declarer: int) -> ContractSpec:
        table = self.match.contracts
        biddable = [s.name for s in table.biddable()]
        name = canonical_contract(text, [s.name for s in table])
        if name is None:
            raise self.fail(where, f"unknown contract {text!r}{nearest(text, biddable)} "
                                   f"(allowed: {', '.join(biddable)})")
        spec = table[name]
        if not spec.biddable:
            raise self.fail(where, f"{name!r} is not a contract a player declares"
                                   + (" (write raspasovka = true)" if spec.kind == "raspasovka" else ""))
        # The paper does not record the auction, so a contract is possible if some opening bid the auction
        # allows the declarer now lets him declare it (bids only rise, so later bids allow no more).
        view = self.match.view()
        auction = AuctionView(view, dealer, self.bidders(dealer), (), table)
        bids = [b for b in self.book.auction_legal(auction, declarer) if b in table]
        declarable = {c for b in bids
                      for c in self.book.declaration_legal(DeclarationView(view, declarer, table[b], table))}
        if name not in declarable:
            lowest = min((table[c] for c in declarable), key=lambda s: s.rank, default=None)
            allowed = f"lowest allowed: {lowest.name}" if lowest else "no contract is allowed"
            raise self.fail(where, f"{name} cannot be played in this deal under the auction rules "
                                   f"({allowed})")
        return spec

    def defence(self, given: dict[str, str] | None, where: str, declarer: int, spec: ContractSpec,
                defenders: tuple[int, ...]) -> tuple[tuple[tuple[int, str], ...], Defended]:
        """Replay the calls through ``pref_defence_step`` and ``pref_defence_legal`` as the engine does.

        A defender's value is his call; ``"return"`` means he passed, the other half-whisted and he took
        the whist back (вернуть вист): the calls ``pass``, then ``return``. The declarer may be listed only
        with ``"concede"`` ("без трёх"). A question the paper does not record (a second question to a
        defender who only passed, the lone whister's open or closed play, the declarer's "play on") gets
        the first legal answer, the default."""
        wanted: dict[int, list[str]] = {}
        raw: dict[int, str] = {}
        for name, call in (given or {}).items():
            seat = self.seat(name, where)
            text = call.strip().lower()
            if seat == declarer:
                if text not in ("concede", "play"):
                    raise self.fail(f"{where}.{name}", f"{name} is the declarer; the defenders are "
                                                       f"{self.who(defenders)}")
            elif seat not in defenders:
                raise self.fail(f"{where}.{name}", f"{name} dealt this deal and sat out; the defenders are "
                                                   f"{self.who(defenders)}")
            wanted[seat] = ["pass", "return"] if text == "return" else [text]
            raw[seat] = call
        calls: list[tuple[int, str]] = []
        used: dict[int, int] = {}
        while True:
            view = DefenceView(self.match.view(), declarer, spec, defenders, tuple(calls))
            step = self.book.defence_step(view)
            if isinstance(step, Defended):
                defended: Defended = step
                break
            seat, name = step.seat, self.names[step.seat]
            legal = self.book.defence_legal(view, seat)
            k = used.get(seat, 0)
            queue = wanted.get(seat)
            if queue is not None and k < len(queue):
                call = queue[k]
            elif k or seat == declarer:
                if k > len(legal) + 2:
                    raise self.fail(where, f"{name} must call again, but a scorecard records one call per player")
                call = legal[0]  # not on paper: the default answer
            else:
                raise self.fail(where, f"no call for {name} (allowed: {', '.join(legal)})")
            if call not in legal:
                shown = raw.get(seat, call)
                raise self.fail(f"{where}.{name}", f"{shown!r} is not allowed for {name} here"
                                                   f"{nearest(call, legal)} (allowed: {', '.join(legal)})")
            used[seat] = k + 1
            calls.append((seat, call))
        extra = [s for s in wanted if used.get(s, 0) < len(wanted[s])]
        if extra:
            if not calls:
                raise self.fail(where, f"{spec.label} has no defence calls; remove defence")
            settled = ", ".join(f"{self.names[s]} {c}" for s, c in calls)
            raise self.fail(f"{where}.{self.names[extra[0]]}", f"not asked: the defence was settled by "
                                                               f"{settled}")
        return tuple(calls), defended

    def half_and_half(self, shared: bool, where: str, dealer: int, declarer: int,
                      spec: ContractSpec) -> tuple[tuple[int, str], ...]:
        """``half_and_half = true``: the declaration calls of a misère shared with the sitting-out dealer
        (RUS-MIS-09), ``invite`` then ``agree``, checked against ``pref_declaration_legal``."""
        if not shared:
            return ()
        view, table = self.match.view(), self.match.contracts
        asked = DeclarationView(view, declarer, spec, table, to_act=declarer, dealer=dealer)
        legal = self.book.declaration_legal(asked)
        if "invite" not in legal:
            raise self.fail(where, f"a {spec.label} cannot be shared with the dealer here (a four-player "
                                   f"misère with rules.misere.half_and_half = true can)")
        answer = DeclarationView(view, declarer, spec, table, calls=((declarer, "invite"),), to_act=dealer,
                                 dealer=dealer)
        if "agree" not in self.book.declaration_legal(answer):  # pragma: no cover - the variant's protocol
            raise self.fail(where, f"{self.names[dealer]} cannot agree to share it")
        return (declarer, "invite"), (dealer, "agree")

    def tricks(self, given: dict[str, int] | None, where: str, dealer: int, active: tuple[int, ...],
               declarer: int | None, spec: ContractSpec | None, defended: Defended,
               why_not: str) -> tuple[int, ...]:
        where = f"{where}.tricks"
        if not defended.played:
            if given is not None:
                raise self.fail(where, f"nothing was played ({why_not}); remove tricks")
            return (0,) * self.n_hands
        if given is None:
            raise self.fail(where, f"missing: the cards were played, so write the tricks of "
                                   f"{self.who([s for s in active if s != self.dummy])}")
        assert spec is not None
        # A seat outside the hands may own tricks only through talon cards that can win (a four-player
        # raspasovka: the sitting-out dealer's talon leads, RUS-RASP-15), at most one per talon-led trick.
        play = self.book.play_rules(PlayView(self.match.view(), dealer, active, declarer, spec, defended,
                                             active[0]))
        talon_owner = play.talon_owner if play.talon_contends and play.talon_leads else None
        counts = [0] * self.n_hands
        for name, count in given.items():
            seat = self.dummy if (name == DUMMY_NAME and self.dummy is not None) else self.seat(name, where)
            if count < 0:
                raise self.fail(f"{where}.{name}", f"{count} is negative")
            if seat not in active:
                if seat != talon_owner:
                    raise self.fail(f"{where}.{name}", f"{name} dealt this deal and sat out; only a "
                                                       f"raspasovka lists the tricks his talon cards won")
                if count > play.talon_leads:
                    raise self.fail(f"{where}.{name}", f"{count} tricks, but the talon cards lead only "
                                                       f"{play.talon_leads} tricks")
            counts[seat] = count
        missing = [s for s in active if s != self.dummy and self.names[s] not in given]
        if missing:
            raise self.fail(where, f"no count for {self.who(missing)}")
        if self.dummy is not None and DUMMY_NAME not in given:
            # гусарик: the dummy's tricks count for nobody; left out, it took the rest of the ten
            counts[self.dummy] = max(0, TRICKS_PER_DEAL - sum(counts))
        total = sum(counts)
        if total != TRICKS_PER_DEAL:
            raise self.fail(where, f"tricks sum to {total}, expected {TRICKS_PER_DEAL}")
        return tuple(counts)
