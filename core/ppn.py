"""Portable Preferans Notation (PPN): the Balkan family's game record, read and written (docs/ppn.md).

PPN was made in 2012 for prefko.com on the model of chess's PGN (``prefko/portable-preferans-notation``,
README at 2600909; the rules sources summarise it in ``balkan.md`` section 3). A file has an info section of
tag pairs ``[Bula 30]`` and a game section with one ``[ ... ]`` record per deal::

    [1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 GH 4 3 S3 1 64 2 <throws> M7:-64,F3:L192:64,0]

This module has two layers:

1. **The notation as data**: :func:`parse` reads the line form, the JSON form and the older 2019 line form
   into :class:`PPNGame` (tags and :class:`Record` rows); :func:`write_line` and :func:`write_json` write the
   current forms. Nothing here knows the rules: a malformed file is rejected with one line naming the
   record and the field.
2. **The bridge to the engine**: :func:`import_game` replays the records through a Balkan-family variant
   and returns a :class:`~preferans.core.engine.Game` (saved by ``preferans ppn import`` in the format of
   ``preferans play --save``); :func:`export_game` turns a game into records. The engine is the referee:
   a record whose bids, defence or cards the rules do not allow, or whose value or summary differs from what
   the rules write, is rejected naming the record and the field.

It lives in ``core`` although only the Balkan family writes PPN: the notation is shared by every variant
that extends ``balkan`` (Serbian, Slovenian and third-party presets), and the command line in ``core``
must not import a variant package. It asks the variant only through the game (legal actions, results,
entries), never through Balkan code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NoReturn

from .cards import CARD_INDEX, CARD_NAMES, SUITS, pretty
from .config import Variant, load_variant
from .engine import Deal, Game, Phase
from .errors import IllegalActionError, RecordError
from .model import Amount, DealResult, Entry

# ---------------------------------------------------------------- cards

CODES = "12345678" "9ABCDEFG" "HIJKLMNO" "PQRSTUVW"
"""PPN card codes: spades 7..A, diamonds 7..A, hearts 7..A, clubs 7..A (the prefko deck's order)."""
_PPN_SUITS = "SDHC"
_CODE_TO_CARD = {code: SUITS.index(_PPN_SUITS[i // 8]) * 8 + i % 8 for i, code in enumerate(CODES)}
_CARD_TO_CODE = {card: code for code, card in _CODE_TO_CARD.items()}
CODE_HELP = "1-8 spades, 9-G diamonds, H-O hearts, P-W clubs, 7 to ace"


def card_code(card: int) -> str:
    """The PPN code of an engine card: ``card_code(parse_card("7S")) == "1"``."""
    return _CARD_TO_CODE[card]


def code_card(code: str) -> int:
    """The engine card of a PPN code; ``KeyError`` for anything else."""
    return _CODE_TO_CARD[code]


def codes(cards: Iterable[int]) -> str:
    return "".join(_CARD_TO_CODE[c] for c in cards)


def _shown(card: int) -> str:
    return f"{_CARD_TO_CODE[card]!r} ({pretty(card)})"


# ---------------------------------------------------------------- the notation as data

PLAYERS = 3
"""PPN records three players (the Balkan game)."""
RECORD_FIELDS = ("id", "dealOrder", "cards", "bids", "main", "discarded", "contract", "accepted", "kontra",
                 "refa", "value", "starts", "throws", "summary")
"""The fields of a record of the current line form, in order (an all-pass deal stops after ``bids``)."""
OLD_FIELDS = ("id", "dealOrder", "cards", "bids", "main", "discarded", "contract", "accepted", "kontra",
              "value", "playOrder", "throws", "summary")
"""The 2019 draft's fields (read only)."""
NOREFA_FIELDS = tuple(f for f in RECORD_FIELDS if f != "refa")
"""The current fields without ``refa``, as in the README's own examples (read only)."""
KONTRA_LETTERS = "KRSM"
"""Kontra levels 1..4 as the kontra field writes them: kontra, rekontra, subkontra, mortkontra. The seed's
chain has no end (BAL-KON-07); a level n above 4 is written ``n:<id>`` (``5:2``: p2's kontra answered up to
level 5), this library's extension: PPN itself stops at mortkontra."""
REQUIRED_TAGS = ("Bula", "Refe", "Player1", "Player2", "Player3")
"""Tags a file must have to be read (``Result1..3`` are written, and checked when present)."""
PPNH_LETTERS = {"M": "main", "L": "left follower", "R": "right follower"}

_BID = re.compile(r"P|M?[2-8]|G[2-8]?")
_AMOUNT = re.compile(r"-?\d+(?:/\d+)?")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")


class PPNError(RecordError):
    """A PPN file that cannot be read or replayed: one line naming the file, the record and the field."""


@dataclass(frozen=True)
class Trick:
    """One trick of ``throws``: the leader's id, the cards in play order from the leader, the winner's id."""

    starts: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True)
class Line:
    """One player's part of ``summary``.

    ``main`` marks the declarer; ``column`` is ``"L"`` or ``"R"``, the juha column a follower wrote in
    (empty for the declarer, or when an older record does not say); ``supe`` the amount written there;
    ``bula`` the amount written in the bula (middle) column: the declarer's signed entry (negative = made),
    a follower's penalty.
    """

    main: bool
    tricks: int
    column: str = ""
    supe: Amount = 0
    bula: Amount = 0


@dataclass(frozen=True)
class Record:
    """One deal. Ids are player numbers 1..3; ``deal_order`` is the order the cards were dealt and the
    bidding and play rotate (the last id deals); ``cards`` are the 32 cards in that order, ten per player
    then the talon; ``bids``, ``summary`` follow ``deal_order``. An all-pass deal has only the first four
    fields. ``refa`` is None when the record has no such field (older forms)."""

    id: int
    deal_order: tuple[int, ...]
    cards: tuple[int, ...]
    bids: tuple[str, ...]
    main: int | None = None
    discarded: tuple[int, ...] | None = None
    contract: str | None = None
    accepted: int | None = None
    kontra: str = "0"
    refa: bool | None = None
    value: int | None = None
    starts: int = 0
    throws: tuple[Trick, ...] = ()
    summary: tuple[Line | None, ...] = ()
    where: str = field(default="", compare=False)
    """Where the record is in its file, for messages: ``record 3 (line 14)``."""

    @property
    def all_pass(self) -> bool:
        return all(b == "P" for b in self.bids)

    def hand(self, player: int) -> tuple[int, ...]:
        """The ten cards dealt to ``player``, in the order dealt."""
        i = self.deal_order.index(player)
        return self.cards[10 * i:10 * i + 10]

    @property
    def talon(self) -> tuple[int, ...]:
        return self.cards[30:32]


@dataclass
class PPNGame:
    """A PPN file: the info tags in file order and the records in the order played."""

    tags: dict[str, str]
    records: list[Record]


def _fail(where: str, fld: str, message: str) -> NoReturn:
    raise PPNError(f"{where}: {fld}: {message}")


# ---------------------------------------------------------------- reading fields


def _player(text: str, where: str, fld: str, zero: bool = False) -> int:
    if len(text) == 1 and text in ("0123" if zero else "123"):
        return int(text)
    _fail(where, fld, f"{text!r} is not a player id (allowed: {'0 for nobody, ' if zero else ''}1, 2, 3)")


def _int(text: str, where: str, fld: str, low: int = 0) -> int:
    if re.fullmatch(r"-?\d+", text) and int(text) >= low:
        return int(text)
    _fail(where, fld, f"{text!r} is not a whole number{f' >= {low}' if low else ''}")


def _amount(text: str, where: str, fld: str) -> Amount:
    if not _AMOUNT.fullmatch(text):
        _fail(where, fld, f"{text!r} is not an amount (a whole number such as 24 or -64)")
    value = Fraction(text)
    return int(value) if value.denominator == 1 else value


def _deal_order(text: str, where: str, old: bool = False) -> tuple[int, ...]:
    if old and len(text) == 1 and text in "123":  # the 2019 examples write only the dealer
        dealer = int(text)
        return (dealer % 3 + 1, (dealer + 1) % 3 + 1, dealer)
    if len(text) == 3 and sorted(text) == ["1", "2", "3"]:
        return tuple(int(c) for c in text)
    _fail(where, "dealOrder", f"{text!r} is not an order of the players 1, 2, 3 (e.g. 231: p2 bids first, "
                              "p1 deals)")


def _cards(text: str, where: str, fld: str = "cards", count: int = 32) -> tuple[int, ...]:
    if len(text) != count:
        _fail(where, fld, f"expected {count} card codes, got {len(text)} ({CODE_HELP})")
    seen: dict[int, int] = {}
    out = []
    for pos, ch in enumerate(text, 1):
        if ch not in _CODE_TO_CARD:
            _fail(where, fld, f"{ch!r} at position {pos} is not a card code ({CODE_HELP})")
        card = _CODE_TO_CARD[ch]
        if card in seen:
            _fail(where, fld, f"{_shown(card)} appears twice (positions {seen[card]} and {pos})")
        seen[card] = pos
        out.append(card)
    return tuple(out)


def _bids(text: str, where: str) -> tuple[str, ...]:
    tokens = text.split(",")
    if len(tokens) != PLAYERS:
        _fail(where, "bids", f"expected {PLAYERS} bids separated by commas, got {text!r}")
    for i, token in enumerate(tokens, 1):
        if not _BID.fullmatch(token):
            _fail(where, "bids", f"{token!r} (bid {i}) is not a bid (allowed: P, 2..8, M3 for 'mine', G for igra, "
                                 "G4 for igra declared as 4)")
    return tuple(tokens)


def _contract(text: str, where: str) -> str:
    if re.fullmatch(r"G?[2-8]", text):
        return text
    _fail(where, "contract", f"{text!r} is not a contract (allowed: 2..8, with G in front for igra)")


def _discarded(text: str, where: str) -> tuple[int, ...] | None:
    if text == "XX":
        return None
    return _cards(text, where, "discarded", 2)


def _accepted(text: str, where: str) -> int:
    if len(text) == 1 and text.isdigit():
        value = int(text)
        return 8 if value >= 4 else value
    _fail(where, "accepted", f"{text!r} is not allowed (0 nobody followed, 1/2/3 only that player, 8 both)")


def _kontra(text: str, where: str) -> str:
    if text == "0" or re.fullmatch(r"[IKRSM][1-3]", text):
        return text
    m = re.fullmatch(r"(\d+):([1-3])", text)
    if m and int(m.group(1)) > len(KONTRA_LETTERS):
        return text
    _fail(where, "kontra", f"{text!r} is not allowed (0, or I, K, R, S, M followed by the id of the defender "
                           "who invited or started the kontra; n:<id> for a level n above 4)")


def _trick(text: str, where: str, number: int) -> Trick:
    """``2A12``: cards in play order, then the winner's id (the leader is known from the previous trick)."""
    fld = f"throws: trick {number}"
    if len(text) not in (3, 4):
        _fail(where, fld, f"{text!r} is not a trick (2 or 3 card codes, then the winner's id)")
    cards = _cards(text[:-1], where, fld, len(text) - 1)
    return Trick(0, cards, _player(text[-1], where, fld))


def _line(text: str, where: str, i: int) -> Line | None:
    fld = f"summary: item {i}"
    if text == "0":
        return None
    m = re.fullmatch(r"M(\d+):([^:]+)", text)
    if m:
        return Line(True, _int(m.group(1), where, fld), bula=_amount(m.group(2), where, fld))
    m = re.fullmatch(r"F(\d+):([LR])([^:]+)(?::([^:]+))?", text)
    if m:
        penalty = _amount(m.group(4), where, fld) if m.group(4) is not None else 0
        return Line(False, _int(m.group(1), where, fld), m.group(2), _amount(m.group(3), where, fld), penalty)
    _fail(where, fld, f"{text!r} is not allowed (0 did not play, M<tricks>:<bula> for the declarer, "
                      "F<tricks>:<L|R><supe>[:<penalty>] for a follower)")


def _summary(text: str, where: str) -> tuple[Line | None, ...]:
    items = text.split(",")
    if len(items) != PLAYERS:
        _fail(where, "summary", f"expected {PLAYERS} items separated by commas, got {len(items)}")
    return tuple(_line(item, where, i) for i, item in enumerate(items, 1))


def _throws(text: str, where: str, starts: int) -> tuple[Trick, ...]:
    if text in ("0", "-"):
        return ()
    tricks = []
    leader = starts
    for n, item in enumerate(text.split(","), 1):
        t = _trick(item, where, n)
        tricks.append(replace(t, starts=leader))
        leader = t.winner
    return tuple(tricks)


def _record_from_fields(fields: list[str], where: str) -> Record:
    """A record of the line form; the form is told by the number of fields (balkan.md 3, caveat 4)."""
    n = len(fields)
    if n < 4:
        _fail(where, "fields", f"expected {len(RECORD_FIELDS)} fields ({' '.join(RECORD_FIELDS)}), or 4 for an "
                               f"all-pass deal, got {n}")
    ident = _int(fields[0].rstrip("."), where, "id", 1)
    # 13 fields: the 2019 draft or the README's records without refa; only the 2019 summary has no letters
    old = n == len(OLD_FIELDS) and re.fullmatch(r"[0-9:,/-]+", fields[-1]) is not None
    order = _deal_order(fields[1], where, old)
    cards = _cards(fields[2], where)
    bids = _bids(fields[3], where)
    if all(b == "P" for b in bids):
        if n != 4:
            _fail(where, "fields", f"an all-pass deal (bids P,P,P) stops after bids: expected 4 fields, got {n}")
        return Record(ident, order, cards, bids, where=where)
    if n == 4:
        _fail(where, "fields", f"bids {fields[3]} has a bid, so the record needs the fields after bids: "
                               f"{' '.join(RECORD_FIELDS[4:])}")
    if n == len(OLD_FIELDS) and old:
        return _old_record(ident, order, cards, bids, fields, where)
    if n not in (len(RECORD_FIELDS), len(NOREFA_FIELDS)):
        _fail(where, "fields", f"expected {len(RECORD_FIELDS)} fields ({' '.join(RECORD_FIELDS)}), got {n}")
    names = RECORD_FIELDS if n == len(RECORD_FIELDS) else NOREFA_FIELDS
    f = dict(zip(names, fields, strict=True))
    refa: bool | None = None
    if "refa" in f:
        if f["refa"] not in ("0", "1"):
            _fail(where, "refa", f"{f['refa']!r} is not allowed (0, or 1 when the deal is played on refe)")
        refa = f["refa"] == "1"
    starts = _player(f["starts"], where, "starts", zero=True)
    return Record(
        ident, order, cards, bids,
        main=_player(f["main"], where, "main"),
        discarded=_discarded(f["discarded"], where),
        contract=_contract(f["contract"], where),
        accepted=_accepted(f["accepted"], where),
        kontra=_kontra(f["kontra"], where),
        refa=refa,
        value=_int(f["value"], where, "value"),
        starts=starts,
        throws=_throws(f["throws"], where, starts),
        summary=_summary(f["summary"], where),
        where=where,
    )


def _old_record(ident: int, order: tuple[int, ...], cards: tuple[int, ...], bids: tuple[str, ...],
                fields: list[str], where: str) -> Record:
    """The 2019 draft: accepted 0/L/R/B, kontra IL/KR..., a play order (ML, LMR), throws M2A1M (leader,
    cards, winner as M/L/R) and a summary tricks:left:middle:right."""
    f = dict(zip(OLD_FIELDS, fields, strict=True))
    main = _player(f["main"], where, "main")
    at = order.index(main)
    role = {"M": main, "L": order[(at + 1) % 3], "R": order[(at + 2) % 3]}

    def who(letter: str, fld: str) -> int:
        if letter not in role:
            _fail(where, fld, f"{letter!r} is not a role (M main, L left follower, R right follower)")
        return role[letter]

    accepted_text = f["accepted"]
    if accepted_text not in ("0", "L", "R", "B"):
        _fail(where, "accepted", f"{accepted_text!r} is not allowed in the 2019 form (0, L, R, B)")
    accepted = {"0": 0, "B": 8}[accepted_text] if accepted_text in "0B" else who(accepted_text, "accepted")
    kontra_text = f["kontra"]
    if kontra_text == "0":
        kontra = "0"
    elif re.fullmatch(r"[IKRSM][LR]", kontra_text):
        kontra = kontra_text[0] + str(who(kontra_text[1], "kontra"))
    else:
        _fail(where, "kontra", f"{kontra_text!r} is not allowed in the 2019 form (0, or I/K/R/S/M then L or R)")
    play_order = f["playOrder"]
    if play_order != "0" and (not re.fullmatch(r"[MLR]{2,3}", play_order)
                              or len(set(play_order)) != len(play_order)):
        _fail(where, "playOrder", f"{play_order!r} is not a play order (e.g. ML, LMR; 0 when nothing is played)")
    starts = 0 if play_order == "0" else who(play_order[0], "playOrder")
    tricks = []
    if f["throws"] not in ("0", "-"):
        for n, item in enumerate(f["throws"].split(","), 1):
            fld = f"throws: trick {n}"
            if len(item) not in (4, 5):
                _fail(where, fld, f"{item!r} is not a 2019 trick (leader M/L/R, 2 or 3 card codes, winner M/L/R)")
            tricks.append(Trick(who(item[0], fld), _cards(item[1:-1], where, fld, len(item) - 2), who(item[-1], fld)))
    items = f["summary"].split(",")
    if len(items) != PLAYERS:
        _fail(where, "summary", f"expected {PLAYERS} items separated by commas, got {len(items)}")
    summary: list[Line | None] = []
    for i, (item, player) in enumerate(zip(items, order, strict=True), 1):
        fld = f"summary: item {i}"
        if item == "0":
            summary.append(None)
            continue
        parts = item.split(":")
        if len(parts) != 4:
            _fail(where, fld, f"{item!r} is not allowed in the 2019 form (0, or tricks:left:middle:right)")
        taken = _int(parts[0], where, fld)
        left, middle, right = (_amount(p, where, fld) for p in parts[1:])
        if player == main:
            summary.append(Line(True, taken, bula=middle))
        else:
            column = "L" if left else "R" if right else ""
            summary.append(Line(False, taken, column, left or right, middle))
    return Record(ident, order, cards, bids, main=main, discarded=_discarded(f["discarded"], where),
                  contract=_contract(f["contract"], where), accepted=accepted, kontra=kontra,
                  value=_int(f["value"], where, "value"), starts=starts, throws=tuple(tricks),
                  summary=tuple(summary), where=where)


# ---------------------------------------------------------------- the line form


def _tag_value(text: str, where: str) -> str:
    text = text.strip()
    if not text.startswith('"'):
        return text
    out = []
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if ch == '"':
            if text[i + 1:].strip():
                _fail(where, "value", f"text after the closing quote: {text[i + 1:].strip()!r}")
            return "".join(out)
        out.append(ch)
        i += 1
    _fail(where, "value", "the opening double quote is never closed")


def parse_line_form(text: str, source: str) -> PPNGame:
    """Read the line form (current, current without ``refa``, or 2019)."""
    tags: dict[str, str] = {}
    records: list[Record] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";%":
            continue
        if not (line.startswith("[") and line.endswith("]")):
            raise PPNError(f"{source}: line {number}: expected a [Tag value] pair or a [record] in square "
                           f"brackets, got {_clip(line)!r}")
        body = line[1:-1].strip()
        head = body.split(None, 1)
        if not head:
            raise PPNError(f"{source}: line {number}: empty brackets")
        if head[0][0].isalpha():
            name = head[0]
            where = f"{source}: tag {name} (line {number})"
            if not _TAG_NAME.fullmatch(name):
                raise PPNError(f"{where}: name: not a tag name (letters, digits, _ . -)")
            if name in tags:
                raise PPNError(f"{where}: name: the tag is given twice")
            if records:
                raise PPNError(f"{where}: name: tags come before the first record")
            tags[name] = _tag_value(head[1] if len(head) > 1 else "", where)
            continue
        ident = head[0].rstrip(".")
        where = f"{source}: record {ident} (line {number})"
        records.append(_record_from_fields(body.split(), where))
    return _checked(PPNGame(tags, records), source)


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _checked(game: PPNGame, source: str) -> PPNGame:
    for tag in REQUIRED_TAGS:
        if tag not in game.tags:
            raise PPNError(f"{source}: tag {tag}: missing (required: {', '.join(REQUIRED_TAGS)})")
    if not game.records:
        raise PPNError(f"{source}: records: the file has no deal records")
    for i, record in enumerate(game.records, 1):
        if record.id != i:
            _fail(record.where, "id", f"expected {i}: records are numbered 1, 2, 3 ... in the order played")
    return game


# ---------------------------------------------------------------- the JSON form


def parse_json_form(text: str, source: str) -> PPNGame:
    """Read the JSON form: ``{"info": {tag: value}, "game": [record, ...]}``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PPNError(f"{source}: malformed JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), list):
        raise PPNError(f"{source}: expected an object with \"info\" (the tags) and \"game\" (the records)")
    info = data.get("info", {})
    if not isinstance(info, dict):
        raise PPNError(f"{source}: info: expected an object of tag: value")
    tags: dict[str, str] = {}
    for name, value in info.items():
        if not _TAG_NAME.fullmatch(str(name)) or not isinstance(value, str | int) or isinstance(value, bool):
            raise PPNError(f"{source}: info.{name}: expected a tag name with a string or number value")
        tags[str(name)] = str(value)
    records = []
    for i, item in enumerate(data["game"]):
        ident = item.get("id") if isinstance(item, dict) else None
        where = f"{source}: game[{i}]" + (f" (record {ident})" if ident is not None else "")
        if not isinstance(item, dict):
            raise PPNError(f"{where}: expected a record object")
        records.append(_json_record(item, where))
    return _checked(PPNGame(tags, records), source)


def _text(item: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    """A scalar field as text (numbers are accepted where the line form has digits)."""
    if key not in item:
        if not required:
            return ""
        _fail(where, key, "missing")
    value = item[key]
    if isinstance(value, bool) or not isinstance(value, str | int):
        _fail(where, key, f"expected a string or a number, got {json.dumps(value)}")
    return str(value)


_JSON_KEYS = {"id", "dealOrder", "cards", "bids", "main", "discarded", "contract", "accepted", "kontra", "refa",
              "value", "starts", "throws", "summary"}


def _json_record(item: Mapping[str, Any], where: str) -> Record:
    unknown = sorted(set(item) - _JSON_KEYS)
    if unknown:
        _fail(where, unknown[0], f"unknown field (allowed: {', '.join(RECORD_FIELDS)})")
    ident = _int(_text(item, "id", where), where, "id", 1)
    order = _deal_order(_text(item, "dealOrder", where), where)
    cards_obj = item.get("cards")
    if not isinstance(cards_obj, dict) or set(cards_obj) != {"p1", "p2", "p3", "t"}:
        _fail(where, "cards", "expected an object with p1, p2, p3 (ten codes each, as dealt) and t (the talon)")
    hands = {p: _text(cards_obj, p, where) for p in ("p1", "p2", "p3", "t")}
    for key, text in hands.items():
        _cards(text, where, f"cards.{key}", 2 if key == "t" else 10)
    cards = _cards("".join(hands[f"p{p}"] for p in order) + hands["t"], where)
    bids_obj = item.get("bids")
    if not isinstance(bids_obj, dict) or set(bids_obj) != {"p1", "p2", "p3"}:
        _fail(where, "bids", "expected an object with p1, p2, p3")
    bids = _bids(",".join(_text(bids_obj, f"p{p}", where) for p in order), where)
    if all(b == "P" for b in bids):
        extra = sorted(set(item) - {"id", "dealOrder", "cards", "bids"})
        if extra:
            _fail(where, extra[0], "an all-pass deal (every bid P) has only id, dealOrder, cards and bids")
        return Record(ident, order, cards, bids, where=where)
    refa_value = item.get("refa")
    if refa_value is not None and not isinstance(refa_value, bool):
        _fail(where, "refa", f"expected true or false, got {json.dumps(refa_value)}")
    starts = _player(_text(item, "starts", where), where, "starts", zero=True)
    throws_obj = item.get("throws", [])
    if not isinstance(throws_obj, list):
        _fail(where, "throws", "expected a list of {id, starts, cards, winner}")
    tricks = []
    for n, t in enumerate(throws_obj, 1):
        fld = f"throws[{n - 1}]"
        if not isinstance(t, dict) or set(t) - {"id", "starts", "cards", "winner"}:
            _fail(where, fld, "expected {id, starts, cards, winner}")
        if "id" in t and _int(_text(t, "id", where), where, f"{fld}.id") != n:
            _fail(where, f"{fld}.id", f"expected {n}: tricks are numbered 1, 2, 3 ... in order")
        text = _text(t, "cards", where)
        if len(text) not in (2, 3):
            _fail(where, f"{fld}.cards", f"expected 2 or 3 card codes, got {text!r}")
        tricks.append(Trick(_player(_text(t, "starts", where), where, f"{fld}.starts"),
                            _cards(text, where, f"{fld}.cards", len(text)),
                            _player(_text(t, "winner", where), where, f"{fld}.winner")))
    summary_obj = item.get("summary")
    if not isinstance(summary_obj, dict) or set(summary_obj) - {"p1", "p2", "p3"}:
        _fail(where, "summary", "expected an object with p1, p2, p3 (null for a player who did not play)")
    summary = tuple(_json_line(summary_obj.get(f"p{p}"), where, f"summary.p{p}") for p in order)
    return Record(
        ident, order, cards, bids,
        main=_player(_text(item, "main", where), where, "main"),
        discarded=_discarded(_text(item, "discarded", where), where),
        contract=_contract(_text(item, "contract", where), where),
        accepted=_accepted(_text(item, "accepted", where), where),
        kontra=_kontra(_text(item, "kontra", where), where),
        refa=refa_value,
        value=_int(_text(item, "value", where), where, "value"),
        starts=starts, throws=tuple(tricks), summary=summary, where=where,
    )


def _json_line(obj: Any, where: str, fld: str) -> Line | None:
    if obj is None or obj == {} or obj == 0:
        return None
    if not isinstance(obj, dict) or set(obj) - {"main", "tricks", "left", "middle", "right"}:
        _fail(where, fld, "expected {main, tricks, left|right, middle} or null")
    main = obj.get("main", False)
    if not isinstance(main, bool):
        _fail(where, f"{fld}.main", "expected true or false")
    tricks = _int(_text(obj, "tricks", where), where, f"{fld}.tricks")
    bula = _amount(_text(obj, "middle", where, required=main) or "0", where, f"{fld}.middle")
    if main:
        if "left" in obj or "right" in obj:
            _fail(where, fld, "the declarer writes only in the middle (bula) column")
        return Line(True, tricks, bula=bula)
    sides = [k for k in ("left", "right") if k in obj]
    if len(sides) != 1:
        _fail(where, fld, "a follower writes in one juha column: give left or right")
    column = sides[0]
    return Line(False, tricks, column[0].upper(), _amount(_text(obj, column, where), where, f"{fld}.{column}"), bula)


# ---------------------------------------------------------------- reading a file


def parse(text: str, source: str) -> PPNGame:
    """Read PPN text in any supported form: JSON when it starts with ``{``, the line form otherwise."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if text.lstrip().startswith("{"):
        return parse_json_form(text, source)
    return parse_line_form(text, source)


def read_file(path: str) -> PPNGame:
    from pathlib import Path

    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PPNError(f"{path}: file not found") from None
    except UnicodeDecodeError:
        raise PPNError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise PPNError(f"{path}: cannot read: {exc.strerror}") from None
    return parse(text, path)


# ---------------------------------------------------------------- writing


def amount_text(x: Amount) -> str:
    value = Fraction(x)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _amount_json(x: Amount) -> int | str:
    value = Fraction(x)
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _tag_text(value: str) -> str:
    if value and not re.search(r'[\s"\\\]\[]', value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _line_text(line: Line | None) -> str:
    if line is None:
        return "0"
    if line.main:
        return f"M{line.tricks}:{amount_text(line.bula)}"
    text = f"F{line.tricks}:{line.column}{amount_text(line.supe)}"
    return text + (f":{amount_text(line.bula)}" if line.bula else "")


def record_fields(r: Record) -> list[str]:
    """The fields of a record in the current line form."""
    head = [str(r.id), "".join(map(str, r.deal_order)), codes(r.cards), ",".join(r.bids)]
    if r.all_pass:
        return head
    throws = ",".join(codes(t.cards) + str(t.winner) for t in r.throws) or "0"
    return head + [
        str(r.main), "XX" if r.discarded is None else codes(r.discarded), str(r.contract), str(r.accepted),
        r.kontra, "1" if r.refa else "0", str(r.value), str(r.starts), throws,
        ",".join(_line_text(x) for x in r.summary),
    ]


def write_line(game: PPNGame) -> str:
    """The current line form: the tags, a blank line, one ``[record]`` per line."""
    lines = [f"[{name} {_tag_text(value)}]" for name, value in game.tags.items()]
    lines.append("")
    lines.extend("[" + " ".join(record_fields(r)) + "]" for r in game.records)
    return "\n".join(lines) + "\n"


def record_json(r: Record) -> dict[str, Any]:
    """A record in the JSON form."""
    out: dict[str, Any] = {
        "id": r.id,
        "dealOrder": "".join(map(str, r.deal_order)),
        "cards": {**{f"p{p}": codes(r.hand(p)) for p in (1, 2, 3)}, "t": codes(r.talon)},
        "bids": {f"p{p}": r.bids[r.deal_order.index(p)] for p in (1, 2, 3)},
    }
    if r.all_pass:
        return out
    summary: dict[str, Any] = {}
    for p in (1, 2, 3):
        line = r.summary[r.deal_order.index(p)]
        if line is None:
            summary[f"p{p}"] = None
        elif line.main:
            summary[f"p{p}"] = {"main": True, "tricks": line.tricks, "middle": _amount_json(line.bula)}
        else:
            side = "left" if line.column == "L" else "right"
            summary[f"p{p}"] = {"main": False, "tricks": line.tricks, side: _amount_json(line.supe)}
            if line.bula:
                summary[f"p{p}"]["middle"] = _amount_json(line.bula)
    out.update({
        "main": r.main,
        "discarded": "XX" if r.discarded is None else codes(r.discarded),
        "contract": r.contract,
        "accepted": r.accepted,
        "kontra": r.kontra,
        "refa": bool(r.refa),
        "value": r.value,
        "starts": r.starts,
        "throws": [{"id": n, "starts": t.starts, "cards": codes(t.cards), "winner": t.winner}
                   for n, t in enumerate(r.throws, 1)],
        "summary": summary,
    })
    return out


def write_json(game: PPNGame) -> str:
    """The JSON form: ``{"info": {tag: value}, "game": [record, ...]}``, one record per line."""
    info = json.dumps(game.tags, ensure_ascii=False)
    rows = ",\n  ".join(json.dumps(record_json(r), ensure_ascii=False) for r in game.records)
    return f'{{"info": {info},\n "game": [\n  {rows}\n ]}}\n'


def card_names(cards: Sequence[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in cards)


# ================================================================ the bridge to the engine

DEFAULT_VARIANT = "balkan"
"""The variant a PPN file is replayed under when neither ``--variant`` nor a ``Variant`` tag names one."""
FAMILY = "balkan"
"""PPN records the Balkan game: a variant must extend ``balkan`` (or be it) to read or write PPN."""
CONTRACTS = {2: "spades", 3: "diamonds", 4: "hearts", 5: "clubs", 6: "betl", 7: "sans"}
"""PPN contract numbers and the Balkan contract actions (docs/variants/balkan.md, "Actions"). Number 8
(preferans, prefko's option) is not a contract of the family."""
NUMBERS = {name: number for number, name in CONTRACTS.items()}
IGRA = "igra"
IGRA_PREFIX = "igra-"
PASS = "pass"
FOLLOW = "follow"
INVITE = "invite"
KONTRA_CALLS = ("kontra", "rekontra", "subkontra", "mortkontra")
SEARCH_LIMIT = 20_000
"""Game states the replay may try to find the calls behind one record's bids or defence fields."""


def kontra_level(call: str) -> int:
    """``kontra`` 1, ``rekontra`` 2, ``subkontra`` 3, ``mortkontra`` 4, ``kontra-n`` n; 0 for other calls."""
    if call in KONTRA_CALLS:
        return KONTRA_CALLS.index(call) + 1
    if call.startswith("kontra-") and call[7:].isdigit():
        return int(call[7:])
    return 0


def kontra_field_level(text: str) -> int:
    """The chain level a kontra field records: ``0`` and ``I2`` 0, ``K2`` 1 ... ``M2`` 4, ``6:2`` 6."""
    if text[0] in KONTRA_LETTERS:
        return KONTRA_LETTERS.index(text[0]) + 1
    return int(text.split(":")[0]) if ":" in text else 0


def bid_tokens(calls: Sequence[tuple[int, str]], bidders: Sequence[int]) -> dict[int, str]:
    """Each bidder's highest bid as PPN writes it: ``P``, ``2``, ``M3`` (a hold, "mine"), ``G`` (igra, then
    "yours is better"), ``G4`` (igra named hearts)."""
    tokens = {s: "P" for s in bidders}
    level: int | None = None
    for seat, call in calls:
        if call == IGRA:
            tokens[seat] = "G"
        elif call.startswith(IGRA_PREFIX):
            tokens[seat] = "G" + str(NUMBERS.get(call[len(IGRA_PREFIX):], "?"))
        elif call.isdigit():
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
            raise PPNError(f"actions[{i}]: {exc}") from None
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
    column, balkan.md 0), ``L`` otherwise."""
    return "R" if declarer == (writer + 1) % PLAYERS else "L"


def deal_record(number: int, log: DealLog, rules: Any, seating: Seating) -> Record:
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
    if base not in NUMBERS:
        raise PPNError(f"deal {number}: contract {contract!r} has no PPN number")
    igra = contract.startswith(IGRA_PREFIX)
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
        elif wrote or (r.played and s in r.whisters):
            summary.append(Line(False, r.tricks[s], _juha_column(s, d), _plain(supe), _plain(bula)))
        else:
            summary.append(None)
    return Record(
        number, order, log.pack, bids, main=ids(d),
        discarded=None if igra else tuple(log.discards),
        contract=("G" if igra else "") + str(NUMBERS[base]),
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
        raise PPNError(f"{where}: {variant.name!r} is not a Balkan-family variant; PPN records the Balkan game "
                       f"(variants that extend {FAMILY!r}, e.g. balkan, serbian, slovenian)")
    if variant.rules.players != PLAYERS:
        raise PPNError(f"{where}: PPN records {PLAYERS} players; this game has {variant.rules.players}")


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
        raise PPNError(f"{source}: {exc}") from None
    if not logs:
        raise PPNError(f"{source}: no deal is finished yet; PPN records whole deals")
    rules = variant.rules
    seating = Seating()
    try:
        records = [deal_record(i, log, rules, seating) for i, log in enumerate(logs, 1)]
    except PPNError as exc:
        raise PPNError(f"{source}: {exc}") from None
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


def _tag_int(doc: PPNGame, name: str, source: str, low: int) -> int:
    text = doc.tags[name]
    if re.fullmatch(r"\d+", text) and int(text) >= low:
        return int(text)
    raise PPNError(f"{source}: tag {name}: {text!r} is not a whole number >= {low}")


def _names(doc: PPNGame, seating: Seating, source: str) -> list[str]:
    names = [""] * PLAYERS
    for p in (1, 2, 3):
        name = doc.tags[f"Player{p}"].strip()
        if not name:
            raise PPNError(f"{source}: tag Player{p}: a player's name cannot be empty")
        if name.lower() in (n.lower() for n in names):
            raise PPNError(f"{source}: tag Player{p}: {name!r} is already another player's name")
        names[seating.seat(p)] = name
    return names


def _variant_of(doc: PPNGame, source: str, name: str | None) -> Variant:
    variant_name = name or doc.tags.get("Variant") or DEFAULT_VARIANT
    bula = _tag_int(doc, "Bula", source, 1)
    refe = _tag_int(doc, "Refe", source, 0)
    plugins = [p.strip() for p in doc.tags.get("Plugins", "").split(",") if p.strip()]
    where = f"{source}: tag Variant" if not name and "Variant" in doc.tags else source
    if "Rules" in doc.tags:
        try:
            overrides = json.loads(doc.tags["Rules"])
        except json.JSONDecodeError as exc:
            raise PPNError(f"{source}: tag Rules: not a JSON object: {exc}") from None
        if not isinstance(overrides, dict):
            raise PPNError(f"{source}: tag Rules: expected a JSON object of [rules] keys")
        variant = load_variant(variant_name, overrides or None, plugins, source=f"{source}: tag Rules")
        _check_variant(variant, where)
        for tag, key, want in (("Bula", "bula", bula), ("Refe", "refe_limit", refe)):
            if getattr(variant.rules, key) != want:
                raise PPNError(f"{source}: tag {tag}: {want}, but the Rules tag gives {key} = "
                               f"{getattr(variant.rules, key)}")
        return variant
    preset = load_variant(variant_name, None, plugins, source=where)
    _check_variant(preset, where)
    implied = {k: v for k, v in (("bula", bula), ("refe_limit", refe)) if getattr(preset.rules, k) != v}
    return load_variant(variant_name, implied or None, plugins, source=source) if implied else preset


def _bots(doc: PPNGame, seating: Seating, source: str) -> tuple[list[str], int | None]:
    from .bots import BOTS

    if "Bots" not in doc.tags:
        return ["heuristic"] * PLAYERS, None
    given = [b.strip().lower() for b in doc.tags["Bots"].split(",")]
    if len(given) != PLAYERS:
        raise PPNError(f"{source}: tag Bots: expected {PLAYERS} names separated by commas, in player order")
    bots = [""] * PLAYERS
    for p, name in enumerate(given, 1):
        if name != "human" and name not in BOTS:
            raise PPNError(f"{source}: tag Bots: unknown bot {name!r} (choose from: {', '.join(BOTS)}, human)")
        bots[seating.seat(p)] = name
    humans = [s for s, b in enumerate(bots) if b == "human"]
    if len(humans) > 1:
        raise PPNError(f"{source}: tag Bots: at most one player is human")
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
    if not re.fullmatch(r"\d+", seed_text):
        raise PPNError(f"{source}: tag Seed: {seed_text!r} is not a whole number")
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
                    raise PPNError(f"{source}: tag {tag}: {doc.tags[tag]!r}, but the {resolved.name} settlement "
                                   f"of these deals gives {want} (seed sign: positive wins)")
    # a game exported from a seeded log replays from its seed alone: keep the save file as it was
    plain = Game(resolved, seed, first_dealer)
    try:
        logs, _ = walk(plain, game.history)
        same = [log.pack for log in logs] == packs
    except PPNError:
        same = False
    final = plain if same else game
    return Imported(final, names, bots, human)


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
            _fail(where, "id", f"the game was already over after record {r.id - 1} (the bule reached 0); "
                               "remove the records after it")
        seats = tuple(self.seating.seat(p) for p in r.deal_order)
        if seats != game.deal.active:
            want = "".join(str(self.seating.id(s)) for s in game.deal.active)
            _fail(where, "dealOrder", f"{''.join(map(str, r.deal_order))}, but {self.who(game.deal.dealer)} deals "
                                      f"this deal under the {self.variant} rules: expected {want}")
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
                _fail(where, "fields", f"the {self.variant} rules ask for a {phase.value} action PPN cannot record")
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
                return action.startswith(IGRA_PREFIX) and token == "G" + str(NUMBERS.get(action[5:], "?"))
            if action == PASS:
                return True
            return action.isdigit() and int(action) <= int(token.lstrip("M"))

        def accept(g: Game) -> bool:
            return bid_tokens(self.calls_of(g, count, "auction"), bidders) == want

        found = self.search(game, count, Phase.AUCTION, allowed, accept)
        if found is None:
            _fail(r.where, "bids", f"{','.join(r.bids)}: no auction the {self.variant} rules allow ends with these "
                                   "bids (the first bidder may say P, 2 or G; later bids go up one step at a time, "
                                   "M for the earlier seat holding the same number)")
        self.adopt(found)
        if len(game.results) > count:
            return
        if r.all_pass:  # pragma: no cover - the tokens P,P,P end the auction
            _fail(r.where, "bids", "every bid is P, but the auction is not over")
        assert r.main is not None
        if game.deal.declarer != self.seating.seat(r.main):
            _fail(r.where, "main", f"p{r.main}, but the auction {','.join(r.bids)} is won by "
                                   f"{self.who(game.deal.declarer or 0)}")

    def adopt(self, found: Game) -> None:
        """Continue with the actions ``found`` chose (replayed on the real game so nothing is shared)."""
        game = self.game
        for action in found.history[len(game.history):]:
            game.apply(action)

    def discard(self, r: Record, log: DealLog) -> None:
        game = self.game
        seat = game.current_player
        if r.discarded is None:
            _fail(r.where, "discarded", f"XX (igra), but {self.who(seat)} took the talon and must discard two cards")
        card = r.discarded[len(log.discards)]
        legal = game.legal_actions()
        if CARD_NAMES[card] not in legal:
            _fail(r.where, "discarded", f"{_shown(card)} is not in {self.who(seat)}'s hand after the talon "
                                        f"(hand: {codes(CARD_INDEX[c] for c in legal)})")
        game.apply(CARD_NAMES[card])
        log.discards.append(card)

    def declare(self, r: Record) -> None:
        game = self.game
        assert r.contract is not None
        legal = game.legal_actions()
        shown = ", ".join(str(NUMBERS[c]) for c in legal if c in NUMBERS)
        if r.contract.startswith("G"):
            _fail(r.where, "contract", f"{r.contract} is an igra, but the declarer took the talon "
                                       f"(allowed: {shown})")
        name = CONTRACTS.get(int(r.contract))
        if name is None or name not in legal:
            _fail(r.where, "contract", f"{r.contract} cannot be declared after the bid {game.deal.bid} "
                                       f"(allowed: {shown})")
        game.apply(name)

    def defence(self, r: Record, count: int) -> None:
        game = self.game
        ids = self.seating.id
        target_level = kontra_field_level(r.kontra)

        def allowed(g: Game, action: str) -> bool:
            level = kontra_level(action)
            if level:
                return level <= target_level
            return action != INVITE or r.kontra.startswith("I")

        def accept_both(g: Game) -> bool:
            return defence_tokens(self.calls_of(g, count, "defence"), ids) == (r.accepted, r.kontra)

        def accept_first(g: Game) -> bool:
            return defence_tokens(self.calls_of(g, count, "defence"), ids)[0] == r.accepted

        found = self.search(game, count, Phase.DEFENCE, allowed, accept_both)
        if found is None:
            if self.search(game, count, Phase.DEFENCE, lambda g, a: True, accept_first) is None:
                _fail(r.where, "accepted", f"{r.accepted}: no defence the {self.variant} rules allow here has it "
                                           "(0 nobody followed, a lone follower's id, 8 both; a betl is defended by "
                                           "both)")
            _fail(r.where, "kontra", f"{r.kontra}: no defence the {self.variant} rules allow with accepted "
                                     f"{r.accepted} has it (0; I, K, R, S, M with the inviter's or kontra-giver's id)")
        self.adopt(found)

    def play(self, r: Record, count: int) -> None:
        game = self.game
        play = game.deal.play
        assert play is not None
        if not r.throws:
            _fail(r.where, "throws", f"none, but the deal is played: {self.who(play.to_play)} leads")
        if r.starts != self.seating.id(play.to_play):
            _fail(r.where, "starts", f"p{r.starts}, but {self.who(play.to_play)} leads the first trick under the "
                                     f"{self.variant} rules")
        for n, trick in enumerate(r.throws, 1):
            fld = f"throws: trick {n}"
            if len(game.results) > count:
                _fail(r.where, "throws", f"play ended after trick {n - 1} (the rules stop it there), but "
                                         f"{len(r.throws)} tricks are given")
            play = game.deal.play
            assert play is not None
            if self.seating.id(play.to_play) != trick.starts:
                _fail(r.where, fld, f"led by p{trick.starts}, but {self.who(play.to_play)} leads it")
            if len(trick.cards) != len(play.order):
                _fail(r.where, fld, f"{len(trick.cards)} cards, but {len(play.order)} hands play this deal")
            for k, card in enumerate(trick.cards, 1):
                play = game.deal.play
                assert play is not None
                hand = play.to_play
                legal = game.legal_actions()
                if CARD_NAMES[card] not in legal:
                    if not game.deal.hands[hand] >> card & 1:
                        why = f"it is not in {self.who(hand)}'s hand, and {self.who(hand)} plays card {k}"
                    else:
                        why = f"{self.who(hand)} must play one of {codes(CARD_INDEX[c] for c in legal)}"
                    _fail(r.where, fld, f"card {k} {_shown(card)}: {why}")
                game.apply(CARD_NAMES[card])
            completed = self.current.play.completed if self.current.play is not None else []
            winner = completed[n - 1][0]
            if self.seating.id(winner) != trick.winner:
                _fail(r.where, fld, f"won by p{trick.winner}, but {self.who(winner)} wins it")
        if len(game.results) == count:
            _fail(r.where, "throws", f"{len(r.throws)} tricks, but play goes on (the rules have not stopped it)")

    def after(self, r: Record, log: DealLog) -> None:
        """Compare the fields the rules compute with the record's."""
        own = deal_record(r.id, log, self.game.rules, self.seating)
        if r.all_pass or not self.check:
            return
        if r.value != own.value:
            _fail(r.where, "value", f"{r.value}, but the {self.variant} rules give {own.value}")
        if r.refa is not None and r.refa != own.refa:
            _fail(r.where, "refa", f"{int(r.refa)}, but the declarer {'held' if own.refa else 'held no'} unplayed refe")
        if not r.throws and own.throws:  # pragma: no cover - play() checks it
            _fail(r.where, "throws", "missing")
        if r.throws and not own.throws:
            _fail(r.where, "throws", f"{len(r.throws)} tricks, but the deal is not played (nobody follows, or "
                                     "a two without kontra)")
        if own.starts != r.starts:
            _fail(r.where, "starts", f"{r.starts}, but {'nobody plays' if not own.starts else f'p{own.starts} leads'}")
        for i, (given, rules_line) in enumerate(zip(r.summary, own.summary, strict=True), 1):
            if not _same_line(given, rules_line):
                _fail(r.where, f"summary: item {i} (p{r.deal_order[i - 1]})",
                      f"{_line_text(given)}, but the {self.variant} rules write {_line_text(rules_line)}")


def _same_line(given: Line | None, rules_line: Line | None) -> bool:
    if given is None or rules_line is None:
        return given is None and rules_line is None
    if given.column and given.column != rules_line.column:
        return False
    return (given.main, given.tricks, Fraction(given.supe), Fraction(given.bula)) == (
        rules_line.main, rules_line.tricks, Fraction(rules_line.supe), Fraction(rules_line.bula))
