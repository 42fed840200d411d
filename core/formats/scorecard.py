"""Scorecards: the paper record of a match played at a real table, read and scored (docs/scorecard.md).

A scorecard names the variant, the players in clockwise seating, the ``[rules]`` agreed at the table and,
for each deal, what was written down: who declared what, the defence calls and the tricks each hand won, or
that everybody passed. Reading one takes three steps:

1. pydantic checks the shape of the file (unknown keys and wrong types are errors);
2. the variant is built from ``variant`` and ``[rules]`` exactly like a game config, and the keys its
   plugins say a card must state (``pref_scorecard_required``) are checked;
3. each deal is read by the variant's ``pref_scorecard_deal`` hook with a frozen :class:`ScorecardReader`
   (the match so far as a view, and helpers that replay a field through the same hooks the engine asks:
   which contracts the auction allows, who defends, which defence calls are legal, whether the cards were
   played, who may own a trick), and then posted to a :class:`~preferans.core.engine.match.Match`.

So a deal written on paper and the same deal played by the engine go through the same scoring hooks and
write the same sheet, and a deal the rules do not allow is rejected with one line that names the file,
the deal (1-based) and the field. The core reads :class:`DealRecord` (a contract deal or ``all_pass =
true``); a family with fields of its own reads them in its own hook (the Russian family:
``variants/russian/scorecard.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pluggy
from pydantic import BaseModel, Field, ValidationError

from preferans.core.engine.match import Match
from preferans.core.model import parsing
from preferans.core.model.cards import SUIT_SYMBOLS, SUITS
from preferans.core.model.contracts import ContractSpec, ContractTable
from preferans.core.model.errors import (
    BadInput,
    ConfigError,
    RecordError,
    bad_input,
    check_names,
    excerpt,
    framed,
    nearest,
    retyped,
    shown_path,
)
from preferans.core.model.files import SCORECARD_LIMIT
from preferans.core.model.table import hand_slots, ownerless_hands
from preferans.core.model.views import (
    AllPassOutcome,
    AuctionView,
    DealResult,
    DeclarationView,
    DefenceView,
    Defended,
    MatchView,
    PlayAllPass,
    PlayRules,
    PlayView,
)
from preferans.core.rules.config import Variant, load_variant, named_plugins
from preferans.core.rules.manager import Rulebook
from preferans.core.rules.sections import RulesSection

TRICKS_PER_DEAL = 10
"""Every played deal has ten tricks, and the core's reading expects all ten in the record (a family whose
play can stop early, like the Balkan and Austrian ones, reads its own tricks)."""

DUMMY_NAME = "dummy"
"""With two players (a dummy third hand) the dummy's tricks are written under this name."""

Calls = tuple[tuple[int, str], ...]
"""Calls in the order spoken: ``((seat, call), ...)``."""


class DealFields(RulesSection, strict=True):
    """The fields of a contract deal that every reading shares; a family's deal model subclasses it and
    adds its own (the Russian ``raspasovka`` and ``half_and_half``)."""

    declarer: str | None = Field(default=None, description="the player who won the auction")
    contract: str | None = Field(default=None, description="the contract played, by its name")
    defence: dict[str, str] | None = Field(default=None, description="each defender's call")
    tricks: dict[str, int] | None = Field(
        default=None, description="tricks won by each hand, by its owner's name")


class DealRecord(DealFields):
    """The core's reading of one ``[[deal]]``: a contract deal (``declarer``, ``contract``, ``defence``,
    ``tricks``) or an all-pass deal (``all_pass = true``, and ``tricks`` if the variant plays it)."""

    all_pass: bool = Field(default=False, description="everybody passed")


class CardRecord(RulesSection, strict=True):
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
    match is over after the last deal."""

    match: Match
    names: list[str]
    finished: bool


def read_text(path: str, limit: int = SCORECARD_LIMIT, kind: str = "a scorecard") -> str:
    """The text of a record file (scorecard or saved game), at most ``limit`` bytes
    (:mod:`preferans.core.model.files`), or a one-line RecordError."""
    return parsing.read_text(path, str(path), RecordError, limit, kind)


def score_file(path: str, plugins: Sequence[Any] = ()) -> ScoredCard:
    """Read and score a scorecard file: JSON if the name ends in ``.json``, TOML otherwise. ``plugins`` are
    local plugins the caller adds to the card's variant (``score --plugin house.py``); the card itself names
    installed plugins only."""
    p = Path(path)
    text = read_text(path)
    data: Any
    if p.suffix.lower() == ".json":
        data = parsing.loads_json(text, path, RecordError)
    else:
        data = parsing.loads_toml(text, path, RecordError)
    if not isinstance(data, dict):
        raise bad_input("{path}: expected an object with {variant}, {players}, {rules} and {deal}", RecordError,
                        path=path, variant="variant", players="players", rules="rules", deal="deal")
    return score_card(data, str(path), plugins)


MAX_DEALS = 10_000
"""The most deals one scorecard holds (docs/cli.md, "Limits"): a pulka is tens of deals, a long evening a few
hundred; a card past this is refused before any deal is scored."""


def score_card(data: dict[str, Any], source: str, plugins: Sequence[Any] = ()) -> ScoredCard:
    """Score already-parsed scorecard data; ``source`` names the file in error messages."""
    _not_another_kind(data, source)
    deals = data.get("deal")
    if isinstance(deals, list) and len(deals) > MAX_DEALS:
        raise bad_input("{source}: {key}: at most {limit} deals in one scorecard, got {got} (split a longer "
                        "session into several cards)", RecordError, source=shown_path(source), key="deal",
                        limit=MAX_DEALS, got=len(deals))
    try:
        card = CardRecord.model_validate(data)
    except ValidationError as exc:
        raise _shape_error(exc, source) from None
    names = _check_names(card.players, source)
    match = Match(*_variant(card, len(names), source, plugins))
    replay = _Replay(match, names, source)
    for i, record in enumerate(card.deal):
        replay.post(i, record)
    return ScoredCard(match, names, match.is_over())


# ---------------------------------------------------------------- file level


GAME_CONFIG_KEYS = frozenset({"variant", "plugins", "rules"})
"""The keys of a game config (``preferans play --config``); a file with only these is not a scorecard."""


def _not_another_kind(data: dict[str, Any], source: str) -> None:
    """A game config or a saved game given where a scorecard is read: say which kind of file it is."""
    where = shown_path(source)
    if data.get("format") in ("preferans-save", "preferans-game"):
        raise bad_input("{where}: this is a saved game ({commands}), not a scorecard ({doc}: {variant}, {players}, "
                        "{rules} and a {deal} per deal)", RecordError, where=where, variant="variant",
                        players="players", rules="[rules]", deal="[[deal]]",
                        commands="preferans sheet, analyse, play --resume", doc="docs/scorecard.md")
    if data and set(data) <= GAME_CONFIG_KEYS:
        raise bad_input("{where}: this is a game config ({command}), not a scorecard: a scorecard also has "
                        "{players} and a {deal} table per deal ({doc}, {example})", RecordError, where=where,
                        players="players", deal="[[deal]]",
                        command="preferans play --config", doc="docs/scorecard.md",
                        example="examples/sochi-scorecard.toml")


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
    msg: str | BadInput
    if err["type"] == "extra_forbidden":
        allowed = list(model.model_fields)
        key = str(loc[-1])
        msg = bad_input("unknown key {name}{suggestion} (allowed: {allowed})", name=excerpt(key),
                        suggestion=nearest(key, allowed), allowed=", ".join(allowed))
    elif err["type"] == "missing":
        msg = bad_input("required key is missing")
    elif err["type"] in ("model_type", "dict_type"):
        msg = bad_input("expected a table (got {got})", got=excerpt(err.get("input")))
    else:  # pydantic's own words stay English (docs/i18n.md)
        msg = f"{err['msg']} (got {excerpt(err.get('input'))})"
    if len(errors) > 1:
        msg = bad_input("{message} (+{more} more)", message=msg, more=len(errors) - 1) if isinstance(msg, BadInput) \
            else f"{msg} (+{len(errors) - 1} more)"
    error = RecordError(_one_line(f"{source}: {_loc(loc)}: {msg}"))
    framed(error, "{source}: {where}: {message}", msg, source=source, where=_loc(loc))
    return error


def _check_names(players: list[str], source: str) -> list[str]:
    try:
        return check_names(players, f"{source}: players")
    except BadInput as exc:
        raise retyped(exc, RecordError) from None


def _variant(card: CardRecord, n_players: int, source: str,
             plugins: Sequence[Any] = ()) -> tuple[Variant, pluggy.PluginManager]:
    """Build the variant and its plugin manager; the number of names is the ``players`` rule unless
    ``[rules]`` repeats it; the keys the variant's plugins require (``pref_scorecard_required``) must be given."""
    overrides = dict(card.rules)
    given = overrides.setdefault("players", n_players)
    if given != n_players:
        raise ConfigError(source, "rules.players", bad_input("says {given} but {n} players are listed",
                                                             given=excerpt(given), n=n_players))
    try:
        # the card's own plugins by installed name only, never a file; local ones only from the caller
        variant = load_variant(card.variant, overrides, [*named_plugins(card.plugins, source), *plugins],
                               source=source)
    except ConfigError as exc:
        if exc.key == "rules.players" and "players" not in card.rules:
            detail = exc.values.get("message", exc.message) if exc.template is not None else exc.message
            raise ConfigError(source, "players", bad_input("{n} names listed; {key}: {message}", n=n_players,
                                                           key="rules.players", message=detail)) from None
        raise
    except BadInput as exc:
        # anything else the variant's stack rejects (a plugin that does not fit the hook specs) is still
        # a config error of this file
        text = str(exc)
        raise ConfigError(source, "", text[len(source) + 2:] if text.startswith(f"{source}: ") else text) from None
    pm = variant.new_manager()
    for required in Rulebook(pm, variant.rules).scorecard_required():
        # the preset's value is only a default; a record must say what the table agreed (pref_scorecard_required)
        if not _stated(card.rules, required.key):
            # what the key holds is the plugin's own description (English)
            raise ConfigError(source, f"rules.{required.key}", bad_input(
                "missing: a scorecard must state {what} (the {variant} preset's default is {default})",
                what=required.what, variant=variant.name, default=required.default))
    return variant, pm


def _stated(rules: dict[str, Any], key: str) -> bool:
    """Whether the card's ``[rules]`` table gives the dotted ``key`` (``"pot.initial"``)."""
    *parents, last = key.split(".")
    node: Any = rules
    for part in parents:
        node = node.get(part) if isinstance(node, dict) else None
    return isinstance(node, dict) and last in node



# ---------------------------------------------------------------- deals


def canonical_contract(text: str, names: Sequence[str], aliases: Mapping[str, str] | None = None) -> str | None:
    """The contract name in ``names`` that ``text`` means: case-insensitive, suit symbols as letters
    (``7♥`` = ``7H``), spaces ignored, and a family's ``aliases`` (lower case, without spaces) for its own
    words; ``None`` if none."""
    key = "".join(text.split()).lower()
    key = (aliases or {}).get(key, key)
    for symbol, letter in zip(SUIT_SYMBOLS, SUITS, strict=True):
        key = key.replace(symbol, letter.lower())
    by_lower = {name.lower(): name for name in names}
    return by_lower.get(key)


Answer = Callable[[int, list[str], Calls], str]
"""How a reading answers one defence question: ``answer(seat, legal, calls_so_far)`` returns the seat's
call from the record (or raises the reader's error)."""


@dataclass(frozen=True)
class ScorecardReader:
    """What ``pref_scorecard_deal`` gets to read one ``[[deal]]``: the file's players and the match so far
    as frozen data, and helpers that check a field against the variant's own hooks and raise one-line
    :class:`RecordError` naming the file, the deal and the field.

    The data: ``source`` (the file, for messages), ``names`` (by seat), ``variant`` (its name), ``view``
    (the :class:`MatchView` before this deal, with its ante written) and ``contracts`` (the contract table).
    The reader holds no live match: the helpers ask the hooks questions (legal calls, the defence's next
    step, the play rules), and only the core posts the deal the hook returns.
    """

    source: str
    names: tuple[str, ...]
    variant: str
    view: MatchView
    contracts: ContractTable
    _hooks: Rulebook = dataclasses.field(repr=False, compare=False)

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def n_hands(self) -> int:
        return hand_slots(self.n)

    @property
    def dummy(self) -> int | None:
        return next(iter(ownerless_hands(self.n)), None)

    @property
    def hand_names(self) -> list[str]:
        """The names the tricks table may use: the players', and the dummy's with two players."""
        return [*self.names, DUMMY_NAME] if self.dummy is not None else list(self.names)

    # ------------------------------------------------------------ plain checks

    def fail(self, where: str, message: str | BadInput) -> RecordError:
        """The error ``source: where: message``; a ``message`` made by ``bad_input`` is said in the user's
        language (the frame holds only the file and the field, as typed)."""
        error = RecordError(_one_line(f"{self.source}: {where}: {message}"))
        framed(error, "{source}: {where}: {message}", message, source=self.source, where=where)
        return error

    def seat(self, name: str, where: str) -> int:
        if name in self.names:
            return self.names.index(name)
        raise self.fail(where, bad_input("unknown player {name}{suggestion} (players: {players})", name=excerpt(name),
                                         suggestion=nearest(name, list(self.names)), players=", ".join(self.names)))

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

    def defenders(self, declarer: int, active: tuple[int, ...]) -> tuple[int, ...]:
        """The defenders in speaking order, from the declarer's left (as core/engine/game.py asks them)."""
        return tuple(s for s in ((declarer + k) % self.n_hands for k in range(1, self.n_hands)) if s in active)

    def validate(self, model: type[BaseModel], record: dict[str, Any], i: int) -> Any:
        """Check one deal table against ``model``; errors name ``deal[i].field``."""
        try:
            return model.model_validate(record)
        except ValidationError as exc:
            raise _shape_error(exc, self.source, model, ("deal", i)) from None

    # ------------------------------------------------------------ questions to the hooks

    def all_pass_outcome(self, dealer: int) -> AllPassOutcome:
        """What the variant does when everybody passes (``pref_all_pass``)."""
        bidders = self.bidders(dealer)
        view = AuctionView(self.view, dealer, bidders, tuple((s, "pass") for s in bidders), self.contracts)
        outcome: AllPassOutcome = self._hooks.all_pass(view)
        return outcome

    def all_pass_row(self, dealer: int) -> ContractSpec | None:
        """The contract row an all-pass deal is played under (the Russian raspasovka), or ``None``."""
        outcome = self.all_pass_outcome(dealer)
        return self.contracts[outcome.contract] if isinstance(outcome, PlayAllPass) else None

    def declaration_legal(self, declarer: int, spec: ContractSpec, calls: Calls = (), to_act: int | None = None,
                          dealer: int | None = None) -> list[str]:
        """The declaration calls ``pref_declaration_legal`` allows ``to_act`` after ``calls``."""
        view = DeclarationView(self.view, declarer, spec, self.contracts, calls=calls, to_act=to_act, dealer=dealer)
        return self._hooks.declaration_legal(view)

    def play_rules(self, dealer: int, active: tuple[int, ...], declarer: int | None, spec: ContractSpec,
                   defended: Defended) -> PlayRules:
        """How the deal was played (``pref_play_rules``): the hands in play, early stops, talon leads."""
        rules: PlayRules = self._hooks.play_rules(PlayView(self.view, dealer, active, declarer, spec, defended,
                                                           active[0]))
        return rules

    def replay_defence(self, declarer: int, spec: ContractSpec, defenders: tuple[int, ...],
                       answer: Answer) -> tuple[Calls, Defended]:
        """Replay the defence through ``pref_defence_step`` and ``pref_defence_legal`` exactly as the engine
        asks them: for every question ``answer(seat, legal, calls)`` gives the call the record implies
        (checking it, or raising the field's error); returns the calls and the outcome."""
        calls: list[tuple[int, str]] = []
        while True:
            view = DefenceView(self.view, declarer, spec, defenders, tuple(calls))
            step = self._hooks.defence_step(view)
            if isinstance(step, Defended):
                return tuple(calls), step
            seat = step.seat
            calls.append((seat, answer(seat, self._hooks.defence_legal(view, seat), tuple(calls))))

    # ------------------------------------------------------------ fields

    def declarer(self, name: str | None, contract: str | int | None, where: str, active: tuple[int, ...],
                 all_pass_field: str) -> int:
        """The declarer's seat: a contract deal names both ``declarer`` and ``contract``, and the declarer
        is one of the ``active`` seats (not a sitting-out dealer)."""
        if name is None or contract is None:
            missing = "declarer" if name is None else "contract"
            raise self.fail(f"{where}.{missing}", bad_input("missing: a deal has a {declarer} and a {contract}, "
                                                            "or {all_pass}", declarer="declarer",
                                                            contract="contract", all_pass=all_pass_field))
        seat = self.seat(name, f"{where}.declarer")
        if seat not in active:
            raise self.fail(f"{where}.declarer", bad_input("{name} dealt this deal and sat out (playing: {players})",
                                                           name=name, players=self.who(active)))
        return seat

    def contract(self, text: str, where: str, dealer: int, active: tuple[int, ...], declarer: int,
                 aliases: Mapping[str, str] | None = None, all_pass_field: str = "all_pass = true") -> ContractSpec:
        """The contract row ``text`` names (see :func:`canonical_contract`), one the declarer could declare
        in this deal under the auction rules. ``all_pass_field`` is the record's word for an all-pass deal,
        suggested when ``text`` names the row such a deal is played under."""
        table = self.contracts
        biddable = [s.name for s in table.biddable()]
        name = canonical_contract(text, [s.name for s in table], aliases)
        if name is None:
            raise self.fail(where, bad_input("unknown contract {text}{suggestion} (allowed: {allowed})",
                                             text=excerpt(text), suggestion=nearest(text, biddable),
                                             allowed=", ".join(biddable)))
        spec = table[name]
        if not spec.biddable:
            row = self.all_pass_row(dealer)
            raise self.fail(where, bad_input("{name} is not a contract a player declares (write {field})",
                                             name=excerpt(name), field=all_pass_field)
                            if row is not None and row.name == name else
                            bad_input("{name} is not a contract a player declares", name=excerpt(name)))
        # The paper does not record the auction, so a contract is possible if some opening bid the auction
        # allows the declarer now lets him declare it (bids only rise, so later bids allow no more).
        auction = AuctionView(self.view, dealer, self.bidders(dealer), (), table)
        bids = [b for b in self._hooks.auction_legal(auction, declarer) if b in table]
        declarable = {c for b in bids for c in self.declaration_legal(declarer, table[b])}
        if name not in declarable:
            lowest = min((table[c] for c in declarable), key=lambda s: s.rank, default=None)
            raise self.fail(where, bad_input("{name} cannot be played in this deal under the auction rules "
                                             "(lowest allowed: {lowest})", name=name, lowest=lowest.name)
                            if lowest else bad_input("{name} cannot be played in this deal under the auction rules "
                                                     "(no contract is allowed)", name=name))
        return spec

    def defence(self, given: dict[str, str] | None, where: str, declarer: int, spec: ContractSpec,
                defenders: tuple[int, ...], several: Mapping[str, Sequence[str]] | None = None,
                declarer_calls: Collection[str] = ()) -> tuple[Calls, Defended]:
        """One call per defender, by name, replayed through the defence hooks (:meth:`replay_defence`).

        A value in ``several`` stands for the calls it maps to, in order (the Russian ``"return"``: ``pass``,
        then ``return``). The declarer may be listed only with one of ``declarer_calls``. A question the
        paper does not record (a second question to a defender, one put to the declarer) gets the first
        legal answer, the default."""
        wanted: dict[int, list[str]] = {}
        raw: dict[int, str] = {}
        for name, call in (given or {}).items():
            seat = self.seat(name, where)
            text = call.strip().lower()
            if seat == declarer:
                if text not in declarer_calls:
                    raise self.fail(f"{where}.{name}", bad_input("{name} is the declarer; the defenders are "
                                                                 "{defenders}", name=name,
                                                                 defenders=self.who(defenders)))
            elif seat not in defenders:
                raise self.fail(f"{where}.{name}", bad_input("{name} dealt this deal and sat out; the defenders "
                                                             "are {defenders}", name=name,
                                                             defenders=self.who(defenders)))
            wanted[seat] = list((several or {}).get(text, (text,)))
            raw[seat] = call
        used: dict[int, int] = {}

        def answer(seat: int, legal: list[str], calls: Calls) -> str:
            name = self.names[seat]
            k = used.get(seat, 0)
            queue = wanted.get(seat)
            if queue is not None and k < len(queue):
                call = queue[k]
            elif k or seat == declarer:
                if k > len(legal) + 2:
                    raise self.fail(where, bad_input("{name} must call again, but a scorecard records one call "
                                                     "per player", name=name))
                call = legal[0]  # not on paper: the default answer
            else:
                raise self.fail(where, bad_input("no call for {name} (allowed: {allowed})", name=name,
                                                 allowed=", ".join(legal)))
            if call not in legal:
                shown = raw.get(seat, call)
                raise self.fail(f"{where}.{name}", bad_input("{call} is not allowed for {name} here{suggestion} "
                                                             "(allowed: {allowed})", call=excerpt(shown), name=name,
                                                             suggestion=nearest(call, legal),
                                                             allowed=", ".join(legal)))
            used[seat] = k + 1
            return call

        calls, defended = self.replay_defence(declarer, spec, defenders, answer)
        extra = [s for s in wanted if used.get(s, 0) < len(wanted[s])]
        if extra:
            if not calls:
                raise self.fail(where, bad_input("{contract} has no defence calls; remove {field}",
                                                 contract=spec.label, field="defence"))
            settled = ", ".join(f"{self.names[s]} {c}" for s, c in calls)
            raise self.fail(f"{where}.{self.names[extra[0]]}", bad_input("not asked: the defence was settled by "
                                                                         "{calls}", calls=settled))
        return calls, defended

    def tricks(self, given: dict[str, int] | None, where: str, dealer: int, active: tuple[int, ...],
               declarer: int | None, spec: ContractSpec | None, defended: Defended,
               why_not: str | BadInput) -> tuple[int, ...]:
        """The tricks of a deal: none when nothing was played (``why_not`` says why), else every active
        player's count, ten in all. A seat outside the hands lists only what the talon cards won for him
        (``PlayRules.talon_owner``); with two players the dummy's hand may be listed as ``dummy``."""
        where = f"{where}.tricks"
        if not defended.played:
            if given is not None:
                raise self.fail(where, bad_input("nothing was played ({why_not}); remove {field}", why_not=why_not,
                                                 field="tricks"))
            return (0,) * self.n_hands
        if given is None:
            raise self.fail(where, bad_input("missing: the cards were played, so write the tricks of {players}",
                                             players=self.who([s for s in active if s != self.dummy])))
        assert spec is not None
        # A seat outside the hands may own tricks only through talon cards that can win (the sitting-out
        # dealer's talon leads in a Russian four-player all-pass deal, RUS-RASP-15), at most one per such trick.
        play = self.play_rules(dealer, active, declarer, spec, defended)
        talon_owner = play.talon_owner if play.talon_contends and play.talon_leads else None
        counts = [0] * self.n_hands
        for name, count in given.items():
            seat = self.dummy if (name == DUMMY_NAME and self.dummy is not None) else self.seat(name, where)
            if count < 0:
                raise self.fail(f"{where}.{name}", bad_input("{count} is negative", count=count))
            if seat not in active:
                # the paper shows a 0 for the dealer who sat out: that is no claim, any other number is one
                if seat != talon_owner and count:
                    row = self.all_pass_row(dealer)
                    raise self.fail(f"{where}.{name}", bad_input(
                        "{name} dealt this deal and sat out; only a {row} lists the tricks his talon cards won",
                        name=name, row=row.label) if row is not None else bad_input(
                        "{name} dealt this deal and sat out; only a deal whose talon cards win tricks lists the "
                        "tricks his talon cards won", name=name))
                if count > play.talon_leads:
                    raise self.fail(f"{where}.{name}", bad_input("{count} tricks, but the talon cards lead only "
                                                                 "{leads} tricks", count=count,
                                                                 leads=play.talon_leads))
            counts[seat] = count
        missing = [s for s in active if s != self.dummy and self.names[s] not in given]
        if missing:
            raise self.fail(where, bad_input("no count for {players}", players=self.who(missing)))
        if self.dummy is not None and DUMMY_NAME not in given:
            # the dummy's tricks count for nobody; left out, it took the rest of the ten
            counts[self.dummy] = max(0, TRICKS_PER_DEAL - sum(counts))
        total = sum(counts)
        if total != TRICKS_PER_DEAL:
            raise self.fail(where, bad_input("tricks sum to {total}, expected {expected}", total=total,
                                             expected=TRICKS_PER_DEAL))
        return tuple(counts)

    # ------------------------------------------------------------ the two kinds of deal

    def all_pass(self, i: int, tricks: dict[str, int] | None, dealer: int, where: str) -> DealResult:
        """Everybody passed: played under the variant's all-pass row (then ``tricks`` is required), or not
        played (then it must be left out)."""
        active = self.active(dealer)
        contract = self.all_pass_row(dealer)
        played = contract is not None
        counts = self.tricks(tricks, where, dealer, active, None, contract, Defended((), played),
                             bad_input("everybody passed and the variant redeals"))
        return DealResult(kind="all_pass", dealer=dealer, active=active, tricks=counts, contract=contract,
                          played=played, index_in_match=i)

    def contract_deal(self, i: int, record: DealFields, dealer: int, where: str,
                      all_pass_field: str = "all_pass = true", aliases: Mapping[str, str] | None = None,
                      several: Mapping[str, Sequence[str]] | None = None, declarer_calls: Collection[str] = (),
                      declaration: Callable[[int, ContractSpec], Calls] | None = None) -> DealResult:
        """A contract deal from the shared fields: the declarer, the contract (:meth:`contract`), the
        defence (:meth:`defence`) and the tricks (:meth:`tricks`). ``declaration(declarer, spec)``, when
        given, returns the declaration calls the record implies (checked after the contract, before the
        defence: the Russian half-and-half misère)."""
        active = self.active(dealer)
        declarer = self.declarer(record.declarer, record.contract, where, active, all_pass_field)
        assert record.contract is not None
        spec = self.contract(record.contract, f"{where}.contract", dealer, active, declarer, aliases, all_pass_field)
        defenders = self.defenders(declarer, active)
        declared = declaration(declarer, spec) if declaration is not None else ()
        calls, defended = self.defence(record.defence, f"{where}.defence", declarer, spec, defenders, several,
                                       declarer_calls)
        said = ", ".join(f"{self.names[s]} {c}" for s, c in calls) or bad_input("no defence")
        tricks = self.tricks(record.tricks, where, dealer, active, declarer, spec, defended,
                             bad_input("the defence did not play it: {said}", said=said))
        return DealResult(kind="contract", dealer=dealer, active=active, tricks=tricks, declarer=declarer,
                          contract=spec, bid=spec.name, defence=calls, defending=defended.defending,
                          played=defended.played, index_in_match=i, declaration=declared)

    def read_default(self, record: dict[str, Any], i: int, dealer: int) -> DealResult:
        """The core's reading of a deal (:class:`DealRecord`): a contract deal or ``all_pass = true``."""
        where = f"deal[{i + 1}]"
        deal: DealRecord = self.validate(DealRecord, record, i)
        if deal.all_pass:
            for field in ("declarer", "contract", "defence"):
                if getattr(deal, field) is not None:
                    raise self.fail(f"{where}.{field}", bad_input("an all-pass deal has no {declarer}, {contract} "
                                                                  "or {defence}", declarer="declarer",
                                                                  contract="contract", defence="defence"))
            return self.all_pass(i, deal.tricks, dealer, where)
        return self.contract_deal(i, deal, dealer, where)


class _Replay:
    """Posts the deals of one scorecard to the match, each read by ``pref_scorecard_deal`` with a frozen
    :class:`ScorecardReader` of the match before it."""

    def __init__(self, match: Match, names: list[str], source: str) -> None:
        self.match = match
        self.reader = ScorecardReader(source, tuple(names), match.variant.name, match.view(), match.contracts,
                                      match.book)
        if self.reader.dummy is not None and DUMMY_NAME in names:
            raise self.reader.fail(f"players[{names.index(DUMMY_NAME) + 1}]", bad_input(
                "with two players {dummy} names the dummy's hand (болван); choose another name",
                dummy=repr(DUMMY_NAME)))

    def post(self, i: int, record: dict[str, Any]) -> None:
        where = f"deal[{i + 1}]"
        reader = self.reader
        if self.match.is_over():
            raise reader.fail(where, bad_input("the match was already over after deal {i}; remove the deals after it",
                                               i=i))
        # players[0] deals first; then the variant says who deals next (clockwise by default)
        dealer = self.match.next_dealer() if self.match.results else 0
        if isinstance(record, dict) and "dealer" in record:
            self.check_dealer(record["dealer"], dealer, f"{where}.dealer")
            record = {k: v for k, v in record.items() if k != "dealer"}
        elif reader.n == 4:
            raise reader.fail(f"{where}.dealer", bad_input("missing: with four players every deal names its "
                                                           "dealer, who sits out (this one is {name})",
                                                           name=reader.names[dealer]))
        before = self.match.before_deal(dealer)
        result = self.match.book.scorecard_deal(record, dataclasses.replace(reader, view=self.match.view()), i,
                                                dealer)
        self.match.post(result, before)

    def check_dealer(self, given: object, dealer: int, where: str) -> None:
        """``dealer``: required with four players, optional otherwise; it must be the player the rules make
        deal (players[0] first, then ``pref_next_dealer``: clockwise, or whoever the variant says)."""
        reader = self.reader
        if not isinstance(given, str):
            raise reader.fail(where, bad_input("expected a player's name (got {got})", got=excerpt(given)))
        seat = reader.seat(given, where)
        if seat != dealer:
            raise reader.fail(where, bad_input("{given} cannot deal this deal: the deal passes to {name} ({first} "
                                               "deals first, then the rules of {variant})", given=given,
                                               name=reader.names[dealer], first="players[0]",
                                               variant=reader.variant))
