"""Portable Preferans Notation (PPN): the Balkan family's game record, read and written (docs/ppn.md).

PPN was made in 2012 for prefko.com on the model of chess's PGN (``prefko/portable-preferans-notation``,
README at 2600909). A file has an info section of
tag pairs ``[Bula 30]`` and a game section with one ``[ ... ]`` record per deal::

    [1 231 1BDHM27WQK4CEIN3FVRJS5LP8GU6AOT9 M3,P,3 2 GH 4 3 S3 1 64 2 <throws> M7:-64,F3:L192:64,0]

This module is the notation as data: :func:`parse` reads the line form, the JSON form and the older 2019
line form into :class:`PPNGame` (tags and :class:`Record` rows); :func:`write_line` and :func:`write_json`
write the current forms. Nothing here knows the rules: a malformed file is rejected with one line naming the
record and the field. :mod:`preferans.variants.balkan.ppn_game` replays records through a Balkan-family variant and
turns a game into records.

Both live in the Balkan family, whose every variant shares them (Serbian, Slovenian and third-party presets
that extend ``balkan``); the family contributes ``preferans ppn`` and reads PPN for ``analyse`` and ``solve``
through hooks (``variants/balkan/cli.py``, ``pref_cli_commands``, ``pref_read_game``, ``pref_read_deal``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from preferans.core.plugin import Amount
from preferans.core.plugin.cards import CARD_NAMES, SUITS, pretty
from preferans.core.plugin.cli import RecordedDeal, loads_json, read_text
from preferans.core.plugin.errors import (
    BadInput,
    RecordError,
    bad_input,
    excerpt,
    framed,
    in_family,
    phrase,
    shown_path,
)

LOCALE = Path(__file__).parent / "locale"
"""The family's catalogues: a PPN file's errors are in the domain ``preferans-balkan`` (docs/i18n.md)."""


def _ours(error: BadInput) -> BadInput:
    """An error of the PPN reader, said from the Balkan catalogues."""
    return in_family(error, LOCALE)

# ---------------------------------------------------------------- cards

CODES = "12345678" "9ABCDEFG" "HIJKLMNO" "PQRSTUVW"
"""PPN card codes: spades 7..A, diamonds 7..A, hearts 7..A, clubs 7..A (the prefko deck's order)."""
_PPN_SUITS = "SDHC"
_CODE_TO_CARD = {code: SUITS.index(_PPN_SUITS[i // 8]) * 8 + i % 8 for i, code in enumerate(CODES)}
_CARD_TO_CODE = {card: code for code, card in _CODE_TO_CARD.items()}
CODE_HELP = phrase("{spades} spades, {diamonds} diamonds, {hearts} hearts, {clubs} clubs, 7 to ace", spades="1-8",
                   diamonds="9-G", hearts="H-O", clubs="P-W")


def card_code(card: int) -> str:
    """The PPN code of an engine card: ``card_code(parse_card("7S")) == "1"``."""
    return _CARD_TO_CODE[card]


def code_card(code: str) -> int:
    """The engine card of a PPN code; ``KeyError`` for anything else."""
    return _CODE_TO_CARD[code]


def codes(cards: Iterable[int]) -> str:
    return "".join(_CARD_TO_CODE[c] for c in cards)


def shown(card: int) -> str:
    """A card in messages: its code and its name, ``'G' (A♦)``."""
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
_AMOUNT = re.compile(r"-?[0-9]+(?:/[0-9]+)?")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")


MAX_DIGITS = 18
"""A PPN number has at most this many digits (ASCII 0-9 only: no superscripts, no other scripts' digits)."""


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` also takes '²', '٣' and '３')."""
    return text.isascii() and text.isdigit()


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


def fail(where: str, fld: str, message: str | BadInput) -> NoReturn:
    """Raise the one-line error ``where: field: message``: said in the user's language when ``message`` is
    made by ``bad_input`` (``where`` and ``fld`` may be phrases: ``record 3 (line 14)``, ``throws: trick 2``)."""
    error = PPNError(f"{where}: {fld}: {message}")
    framed(error, "{where}: {field}: {message}", message, where=where, field=fld)
    raise in_family(error, LOCALE)


def as_ppn(error: BadInput) -> PPNError:
    """``error`` (a file's or a JSON reader's) as a :class:`PPNError` with the same line, said the same way."""
    made = PPNError(str(error))
    made.template, made.values, made.catalogues = error.template, error.values, error.catalogues or (LOCALE,)
    return made


# ---------------------------------------------------------------- reading fields


def _player(text: str, where: str, fld: str, zero: bool = False) -> int:
    if len(text) == 1 and text in ("0123" if zero else "123"):
        return int(text)
    if zero:
        fail(where, fld, bad_input("{text} is not a player id (allowed: 0 for nobody, 1, 2, 3)", text=excerpt(text)))
    fail(where, fld, bad_input("{text} is not a player id (allowed: 1, 2, 3)", text=excerpt(text)))


def _int(text: str, where: str, fld: str, low: int = 0) -> int:
    if len(text) <= MAX_DIGITS and re.fullmatch(r"-?[0-9]+", text) and int(text) >= low:
        return int(text)
    if low:
        fail(where, fld, bad_input("{text} is not a whole number >= {low}", text=excerpt(text), low=low))
    fail(where, fld, bad_input("{text} is not a whole number", text=excerpt(text)))


def _amount(text: str, where: str, fld: str) -> Amount:
    if len(text) > 2 * MAX_DIGITS or not _AMOUNT.fullmatch(text):
        fail(where, fld, bad_input("{text} is not an amount (a whole number such as 24 or -64)", text=excerpt(text)))
    if re.fullmatch(r"-?[0-9]+/0+", text):
        fail(where, fld, bad_input("{text} is not an amount (a fraction's denominator cannot be 0)",
                                   text=excerpt(text)))
    value = Fraction(text)
    return int(value) if value.denominator == 1 else value


def _deal_order(text: str, where: str, old: bool = False) -> tuple[int, ...]:
    if old and len(text) == 1 and text in "123":  # the 2019 examples write only the dealer
        dealer = int(text)
        return (dealer % 3 + 1, (dealer + 1) % 3 + 1, dealer)
    if len(text) == 3 and sorted(text) == ["1", "2", "3"]:
        return tuple(int(c) for c in text)
    fail(where, "dealOrder", bad_input("{text} is not an order of the players 1, 2, 3 (e.g. 231: {p2} bids first, "
                                       "{p1} deals)", text=excerpt(text), p2="p2", p1="p1"))


def _cards(text: str, where: str, fld: str = "cards", count: int = 32) -> tuple[int, ...]:
    if len(text) != count:
        fail(where, fld, bad_input("expected {count} card codes, got {got} ({codes})", count=count, got=len(text),
                                   codes=CODE_HELP))
    seen: dict[int, int] = {}
    out = []
    for pos, ch in enumerate(text, 1):
        if ch not in _CODE_TO_CARD:
            fail(where, fld, bad_input("{text} at position {pos} is not a card code ({codes})", text=excerpt(ch),
                                       pos=pos, codes=CODE_HELP))
        card = _CODE_TO_CARD[ch]
        if card in seen:
            fail(where, fld, bad_input("{card} appears twice (positions {first} and {pos})", card=shown(card),
                                       first=seen[card], pos=pos))
        seen[card] = pos
        out.append(card)
    return tuple(out)


def _bids(text: str, where: str) -> tuple[str, ...]:
    tokens = text.split(",")
    if len(tokens) != PLAYERS:
        fail(where, "bids", bad_input("expected {n} bids separated by commas, got {text}", n=PLAYERS,
                                      text=excerpt(text)))
    for i, token in enumerate(tokens, 1):
        if not _BID.fullmatch(token):
            fail(where, "bids", bad_input("{text} (bid {i}) is not a bid (allowed: {p}, 2..8, {m3} for 'mine', {g} for "
                                          "igra, {g4} for igra declared as 4)", text=excerpt(token), i=i, p="P",
                                          m3="M3", g="G", g4="G4"))
    return tuple(tokens)


def _contract(text: str, where: str) -> str:
    if re.fullmatch(r"G?[2-8]", text):
        return text
    fail(where, "contract", bad_input("{text} is not a contract (allowed: 2..8, with {g} in front for igra)",
                                      text=excerpt(text), g="G"))


def _discarded(text: str, where: str) -> tuple[int, ...] | None:
    if text == "XX":
        return None
    return _cards(text, where, "discarded", 2)


def _accepted(text: str, where: str) -> int:
    if len(text) == 1 and _digits(text):
        value = int(text)
        return 8 if value >= 4 else value
    fail(where, "accepted", bad_input("{text} is not allowed (0 nobody followed, 1/2/3 only that player, 8 both)",
                                      text=excerpt(text)))


def _kontra(text: str, where: str) -> str:
    if text == "0" or re.fullmatch(r"[IKRSM][1-3]", text):
        return text
    m = re.fullmatch(r"([0-9]+):([1-3])", text)
    if m and int(m.group(1)) > len(KONTRA_LETTERS):
        return text
    fail(where, "kontra", bad_input("{text} is not allowed (0, or {letters} followed by the id of the defender who "
                                    "invited or started the kontra; {form} for a level n above 4)", text=excerpt(text),
                                    letters="I, K, R, S, M", form="n:<id>"))


def kontra_field_level(text: str) -> int:
    """The chain level a kontra field records: ``0`` and ``I2`` 0, ``K2`` 1 ... ``M2`` 4, ``6:2`` 6."""
    if text[0] in KONTRA_LETTERS:
        return KONTRA_LETTERS.index(text[0]) + 1
    return int(text.split(":")[0]) if ":" in text else 0


def _trick(text: str, where: str, number: int) -> Trick:
    """``2A12``: cards in play order, then the winner's id (the leader is known from the previous trick)."""
    fld = phrase("{field}: trick {n}", field="throws", n=number)
    if len(text) not in (3, 4):
        fail(where, fld, bad_input("{text} is not a trick (2 or 3 card codes, then the winner's id)",
                                   text=excerpt(text)))
    cards = _cards(text[:-1], where, fld, len(text) - 1)
    return Trick(0, cards, _player(text[-1], where, fld))


def _line(text: str, where: str, i: int) -> Line | None:
    fld = phrase("{field}: item {i}", field="summary", i=i)
    if text == "0":
        return None
    m = re.fullmatch(r"M([0-9]+):([^:]+)", text)
    if m:
        return Line(True, _int(m.group(1), where, fld), bula=_amount(m.group(2), where, fld))
    m = re.fullmatch(r"F([0-9]+):([LR])([^:]+)(?::([^:]+))?", text)
    if m:
        penalty = _amount(m.group(4), where, fld) if m.group(4) is not None else 0
        return Line(False, _int(m.group(1), where, fld), m.group(2), _amount(m.group(3), where, fld), penalty)
    fail(where, fld, bad_input("{text} is not allowed (0 did not play, {main} for the declarer, {follower} for a "
                               "follower)", text=excerpt(text), main="M<tricks>:<bula>",
                               follower="F<tricks>:<L|R><supe>[:<penalty>]"))


def _summary(text: str, where: str) -> tuple[Line | None, ...]:
    items = text.split(",")
    if len(items) != PLAYERS:
        fail(where, "summary", bad_input("expected {n} items separated by commas, got {got}", n=PLAYERS,
                                         got=len(items)))
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
    """A record of the line form; the form is told by the number of fields (the 2019 draft has 13)."""
    n = len(fields)
    if n < 4:
        fail(where, "fields", bad_input("expected {n} fields ({fields}), or 4 for an all-pass deal, got {got}",
                                        n=len(RECORD_FIELDS), fields=" ".join(RECORD_FIELDS), got=n))
    ident = _int(fields[0].rstrip("."), where, "id", 1)
    # 13 fields: the 2019 draft or the README's records without refa; only the 2019 summary has no letters
    old = n == len(OLD_FIELDS) and re.fullmatch(r"[0-9:,/-]+", fields[-1]) is not None
    order = _deal_order(fields[1], where, old)
    cards = _cards(fields[2], where)
    bids = _bids(fields[3], where)
    if all(b == "P" for b in bids):
        if n != 4:
            fail(where, "fields", bad_input("an all-pass deal ({bids}) stops after {key}: expected 4 fields, got {got}",
                                            bids="bids P,P,P", key="bids", got=n))
        return Record(ident, order, cards, bids, where=where)
    if n == 4:
        fail(where, "fields", bad_input("{key} {bids} has a bid, so the record needs the fields after {key}: {fields}",
                                        key="bids", bids=fields[3], fields=" ".join(RECORD_FIELDS[4:])))
    if n == len(OLD_FIELDS) and old:
        return _old_record(ident, order, cards, bids, fields, where)
    if n not in (len(RECORD_FIELDS), len(NOREFA_FIELDS)):
        fail(where, "fields", bad_input("expected {n} fields ({fields}), got {got}", n=len(RECORD_FIELDS),
                                        fields=" ".join(RECORD_FIELDS), got=n))
    names = RECORD_FIELDS if n == len(RECORD_FIELDS) else NOREFA_FIELDS
    f = dict(zip(names, fields, strict=True))
    refa: bool | None = None
    if "refa" in f:
        if f["refa"] not in ("0", "1"):
            fail(where, "refa", bad_input("{text} is not allowed (0, or 1 when the deal is played on refe)",
                                          text=excerpt(f["refa"])))
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
            fail(where, fld, bad_input("{text} is not a role ({m} main, {left} left follower, {right} right follower)",
                                       text=excerpt(letter), m="M", left="L", right="R"))
        return role[letter]

    accepted_text = f["accepted"]
    if accepted_text not in ("0", "L", "R", "B"):
        fail(where, "accepted", bad_input("{text} is not allowed in the 2019 form ({allowed})",
                                          text=excerpt(accepted_text), allowed="0, L, R, B"))
    accepted = {"0": 0, "B": 8}[accepted_text] if accepted_text in "0B" else who(accepted_text, "accepted")
    kontra_text = f["kontra"]
    if kontra_text == "0":
        kontra = "0"
    elif re.fullmatch(r"[IKRSM][LR]", kontra_text):
        kontra = kontra_text[0] + str(who(kontra_text[1], "kontra"))
    else:
        fail(where, "kontra", bad_input("{text} is not allowed in the 2019 form (0, or {letters} then {left} or "
                                        "{right})", text=excerpt(kontra_text), letters="I/K/R/S/M", left="L",
                                        right="R"))
    play_order = f["playOrder"]
    if play_order != "0" and (not re.fullmatch(r"[MLR]{2,3}", play_order)
                              or len(set(play_order)) != len(play_order)):
        fail(where, "playOrder", bad_input("{text} is not a play order (e.g. {examples}; 0 when nothing is played)",
                                           text=excerpt(play_order), examples="ML, LMR"))
    starts = 0 if play_order == "0" else who(play_order[0], "playOrder")
    tricks = []
    if f["throws"] not in ("0", "-"):
        for n, item in enumerate(f["throws"].split(","), 1):
            fld = phrase("{field}: trick {n}", field="throws", n=n)
            if len(item) not in (4, 5):
                fail(where, fld, bad_input("{text} is not a 2019 trick (leader {roles}, 2 or 3 card codes, winner "
                                           "{roles})", text=excerpt(item), roles="M/L/R"))
            tricks.append(Trick(who(item[0], fld), _cards(item[1:-1], where, fld, len(item) - 2), who(item[-1], fld)))
    items = f["summary"].split(",")
    if len(items) != PLAYERS:
        fail(where, "summary", bad_input("expected {n} items separated by commas, got {got}", n=PLAYERS,
                                         got=len(items)))
    summary: list[Line | None] = []
    for i, (item, player) in enumerate(zip(items, order, strict=True), 1):
        fld = phrase("{field}: item {i}", field="summary", i=i)
        if item == "0":
            summary.append(None)
            continue
        parts = item.split(":")
        if len(parts) != 4:
            fail(where, fld, bad_input("{text} is not allowed in the 2019 form (0, or {form})", text=excerpt(item),
                                       form="tricks:left:middle:right"))
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
    if len(text) > 200:
        fail(where, "value", bad_input("{text}: a tag's value has at most 200 characters", text=excerpt(text)))
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
                rest = excerpt(text[i + 1:].strip())
                fail(where, "value", bad_input("text after the closing quote: {text}", text=rest))
            return "".join(out)
        out.append(ch)
        i += 1
    fail(where, "value", bad_input("the opening double quote is never closed"))


def parse_line_form(text: str, source: str) -> PPNGame:
    """Read the line form (current, current without ``refa``, or 2019)."""
    tags: dict[str, str] = {}
    records: list[Record] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";%":
            continue
        if not records and not _starts_as_ppn(line) and not any(tag in REQUIRED_TAGS for tag in tags):
            # not PPN from its first lines on (any file given by mistake, an INI file's [section]): say so
            # without showing the line, until a tag every PPN file has shows it is one
            raise _ours(bad_input("{source}: line {number}: not a {ppn} file: one starts with {pair} lines (the line "
                                  "is not shown)", PPNError, source=source, number=number, ppn="PPN",
                                  pair="[Tag value]"))
        if not (line.startswith("[") and line.endswith("]")):
            raise _ours(bad_input("{source}: line {number}: expected a {pair} pair or a {record} in square brackets, "
                                  "got {text}", PPNError, source=source, number=number, pair="[Tag value]",
                                  record="[record]", text=excerpt(line)))
        body = line[1:-1].strip()
        head = body.split(None, 1)
        if not head:
            raise _ours(bad_input("{source}: line {number}: empty brackets", PPNError, source=source, number=number))
        if head[0][0].isalpha():
            name = head[0]
            where = phrase("{source}: tag {name} (line {number})", source=source, name=name, number=number)
            if not _TAG_NAME.fullmatch(name):
                fail(where, "name", bad_input("not a tag name (letters, digits, {chars})", chars="_ . -"))
            if name in tags:
                fail(where, "name", bad_input("the tag is given twice"))
            if records:
                fail(where, "name", bad_input("tags come before the first record"))
            tags[name] = _tag_value(head[1] if len(head) > 1 else "", where)
            continue
        ident = head[0].rstrip(".")
        where = phrase("{source}: record {id} (line {number})", source=source, id=_ident(ident), number=number)
        records.append(_record_from_fields(body.split(), where))
    return _checked(PPNGame(tags, records), source)


def _starts_as_ppn(line: str) -> bool:
    """Whether ``line``, the first of a file that is not a comment, is a tag line ``[Name value]``."""
    if not (line.startswith("[") and line.endswith("]")):
        return False
    head = line[1:-1].split(None, 1)
    return bool(head) and _TAG_NAME.fullmatch(head[0]) is not None


def _ident(ident: object) -> str:
    """A record's id as an error line shows it: short (the id itself may be what is wrong)."""
    text = str(ident) if isinstance(ident, str) and len(ident) <= 20 else excerpt(ident, 20)
    return text


def _checked(game: PPNGame, source: str) -> PPNGame:
    for tag in REQUIRED_TAGS:
        if tag not in game.tags:
            fail(source, phrase("tag {tag}", tag=tag), bad_input("missing (required: {tags})",
                                                                 tags=", ".join(REQUIRED_TAGS)))
    if not game.records:
        fail(source, "records", bad_input("the file has no deal records"))
    for i, record in enumerate(game.records, 1):
        if record.id != i:
            fail(record.where, "id", bad_input("expected {i}: records are numbered 1, 2, 3 ... in the order played",
                                               i=i))
    return game


# ---------------------------------------------------------------- the JSON form


def parse_json_form(text: str, source: str) -> PPNGame:
    """Read the JSON form: ``{"info": {tag: value}, "game": [record, ...]}``."""
    try:
        data = loads_json(text, source, RecordError)
    except RecordError as exc:
        raise as_ppn(exc) from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), list):
        raise _ours(bad_input("{source}: expected an object with {info} (the tags) and {game} (the records)", PPNError,
                              source=source, info='"info"', game='"game"'))
    info = data.get("info", {})
    if not isinstance(info, dict):
        fail(source, "info", bad_input("expected an object of {form}", form="tag: value"))
    tags: dict[str, str] = {}
    for name, value in info.items():
        if not _TAG_NAME.fullmatch(str(name)) or not isinstance(value, str | int) or isinstance(value, bool):
            fail(source, f"info.{name}", bad_input("expected a tag name with a string or number value"))
        tags[str(name)] = str(value)
    records = []
    for i, item in enumerate(data["game"]):
        ident = item.get("id") if isinstance(item, dict) else None
        where = (f"{source}: game[{i}]" if ident is None else
                 phrase("{source}: {key} (record {id})", source=source, key="game[" + str(i) + "]", id=_ident(ident)))
        if not isinstance(item, dict):
            raise _ours(bad_input("{where}: expected a record object", PPNError, where=where))
        records.append(_json_record(item, where))
    return _checked(PPNGame(tags, records), source)


def _text(item: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    """A scalar field as text (numbers are accepted where the line form has digits)."""
    if key not in item:
        if not required:
            return ""
        fail(where, key, bad_input("missing"))
    value = item[key]
    if isinstance(value, bool) or not isinstance(value, str | int):
        fail(where, key, bad_input("expected a string or a number, got {text}", text=excerpt(value)))
    return str(value)


_JSON_KEYS = {"id", "dealOrder", "cards", "bids", "main", "discarded", "contract", "accepted", "kontra", "refa",
              "value", "starts", "throws", "summary"}


def _json_record(item: Mapping[str, Any], where: str) -> Record:
    unknown = sorted(set(item) - _JSON_KEYS)
    if unknown:
        fail(where, unknown[0], bad_input("unknown field (allowed: {fields})", fields=", ".join(RECORD_FIELDS)))
    ident = _int(_text(item, "id", where), where, "id", 1)
    order = _deal_order(_text(item, "dealOrder", where), where)
    cards_obj = item.get("cards")
    if not isinstance(cards_obj, dict) or set(cards_obj) != {"p1", "p2", "p3", "t"}:
        fail(where, "cards", bad_input("expected an object with {players} (ten codes each, as dealt) and {t} (the "
                                       "talon)", players="p1, p2, p3", t="t"))
    hands = {p: _text(cards_obj, p, where) for p in ("p1", "p2", "p3", "t")}
    for key, text in hands.items():
        _cards(text, where, f"cards.{key}", 2 if key == "t" else 10)
    cards = _cards("".join(hands[f"p{p}"] for p in order) + hands["t"], where)
    bids_obj = item.get("bids")
    if not isinstance(bids_obj, dict) or set(bids_obj) != {"p1", "p2", "p3"}:
        fail(where, "bids", bad_input("expected an object with {players}", players="p1, p2, p3"))
    bids = _bids(",".join(_text(bids_obj, f"p{p}", where) for p in order), where)
    if all(b == "P" for b in bids):
        extra = sorted(set(item) - {"id", "dealOrder", "cards", "bids"})
        if extra:
            fail(where, extra[0], bad_input("an all-pass deal (every bid {p}) has only {keys} and {last}", p="P",
                                            keys="id, dealOrder, cards", last="bids"))
        return Record(ident, order, cards, bids, where=where)
    refa_value = item.get("refa")
    if refa_value is not None and not isinstance(refa_value, bool):
        fail(where, "refa", bad_input("expected {true} or {false}, got {text}", true="true", false="false",
                                      text=excerpt(refa_value)))
    starts = _player(_text(item, "starts", where), where, "starts", zero=True)
    throws_obj = item.get("throws", [])
    if not isinstance(throws_obj, list):
        fail(where, "throws", bad_input("expected a list of {form}", form="{id, starts, cards, winner}"))
    tricks = []
    for n, t in enumerate(throws_obj, 1):
        fld = f"throws[{n - 1}]"
        if not isinstance(t, dict) or set(t) - {"id", "starts", "cards", "winner"}:
            fail(where, fld, bad_input("expected {form}", form="{id, starts, cards, winner}"))
        if "id" in t and _int(_text(t, "id", where), where, f"{fld}.id") != n:
            fail(where, f"{fld}.id", bad_input("expected {n}: tricks are numbered 1, 2, 3 ... in order", n=n))
        text = _text(t, "cards", where)
        if len(text) not in (2, 3):
            fail(where, f"{fld}.cards", bad_input("expected 2 or 3 card codes, got {text}", text=excerpt(text)))
        tricks.append(Trick(_player(_text(t, "starts", where), where, f"{fld}.starts"),
                            _cards(text, where, f"{fld}.cards", len(text)),
                            _player(_text(t, "winner", where), where, f"{fld}.winner")))
    summary_obj = item.get("summary")
    if not isinstance(summary_obj, dict) or set(summary_obj) - {"p1", "p2", "p3"}:
        fail(where, "summary", bad_input("expected an object with {players} ({null} for a player who did not play)",
                                         players="p1, p2, p3", null="null"))
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
        fail(where, fld, bad_input("expected {form} or {null}", form="{main, tricks, left|right, middle}", null="null"))
    main = obj.get("main", False)
    if not isinstance(main, bool):
        fail(where, f"{fld}.main", bad_input("expected {true} or {false}", true="true", false="false"))
    tricks = _int(_text(obj, "tricks", where), where, f"{fld}.tricks")
    bula = _amount(_text(obj, "middle", where, required=main) or "0", where, f"{fld}.middle")
    if main:
        if "left" in obj or "right" in obj:
            fail(where, fld, bad_input("the declarer writes only in the middle ({bula}) column", bula="bula"))
        return Line(True, tricks, bula=bula)
    sides = [k for k in ("left", "right") if k in obj]
    if len(sides) != 1:
        fail(where, fld, bad_input("a follower writes in one juha column: give {left} or {right}", left="left",
                                   right="right"))
    column = sides[0]
    return Line(False, tricks, column[0].upper(), _amount(_text(obj, column, where), where, f"{fld}.{column}"), bula)


# ---------------------------------------------------------------- reading a file


def parse(text: str, source: str) -> PPNGame:
    """Read PPN text in any supported form: JSON when it starts with ``{``, the line form otherwise."""
    if text.startswith("\ufeff"):
        text = text[1:]
    bad = next((i for i, c in enumerate(text) if not c.isprintable() and c not in "\t\n\r "), None)
    if bad is not None:
        line = text.count("\n", 0, bad) + 1
        raise _ours(bad_input("{source}: line {line}: a control character {char}: {ppn} is printable text", PPNError,
                              source=source, line=line, char=excerpt(text[bad]), ppn="PPN"))
    if text.lstrip().startswith("{"):
        return parse_json_form(text, source)
    return parse_line_form(text, source)


def read_file(path: str) -> PPNGame:
    try:
        text = read_text(path, path, RecordError)
    except RecordError as exc:
        raise as_ppn(exc) from None
    return parse(text, path)


def _is_file(name: str) -> bool:
    try:
        return Path(name).is_file()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


def read_deal(text: str, source: str) -> RecordedDeal | None:
    """The first deal of a PPN file or record, for ``preferans solve`` (``pref_read_deal``): its hands in the
    record's ``dealOrder`` and its talon, with the ``Variant`` tag (else ``balkan``).

    ``source`` ``"DEAL"``: ``text`` is the command's argument, read when it is a record or a JSON form (``[1 231
    ...]``, ``{...}``; a bare record needs no tags); a ``.ppn`` name that is no file is an error; anything else is
    not PPN (``None``). Otherwise ``text`` is the file at ``source``, always read as PPN."""
    if source == "DEAL" and not text.startswith(("[", "{")):
        if text.lower().endswith(".ppn") and not _is_file(text):
            raise in_family(bad_input("{arg}: {path}: file not found (or its name is too long)", arg="DEAL",
                                      path=shown_path(text)), LOCALE)
        return None
    if text.startswith("[") and "\n" not in text.strip() and not text[1:].lstrip()[:1].isalpha():
        # one bare record: the reader wants the required tags, which say nothing about the cards
        text = "".join(f"[{tag} 0]\n" for tag in REQUIRED_TAGS) + text
    if source == "DEAL":
        doc = parse(text, source)
    else:
        doc = parse_unshown(text, source)
    record = doc.records[0]
    hands = tuple(sum(1 << c for c in record.hand(p)) for p in record.deal_order)
    talon = sum(1 << c for c in record.talon)
    return RecordedDeal((hands[0], hands[1], hands[2]), talon, doc.tags.get("Variant", "balkan"))


_PLACE = re.compile(r"\(line ([0-9]+)\): ([A-Za-z][A-Za-z0-9_.]*):|: line ([0-9]+):")


def parse_unshown(text: str, source: str) -> PPNGame:
    """``parse`` for a file named on the command line of ``solve``, ``solve --deal N`` and ``analyse``, whose
    errors say where and what kind of problem, never the file's content: behind a service, the file may be
    any file the service can read."""
    try:
        return parse(text, source)
    except PPNError as exc:
        place = _PLACE.search(str(exc)[len(source):])
        values: dict[str, object] = {"source": source, "ppn": "PPN", "command": f"preferans ppn import {source}"}
        if place is None:
            error = bad_input("{source}: not a {ppn} file this command can read (its content is not shown; {command} "
                              "names the problem)", PPNError, **values)
        elif place.group(3):
            error = bad_input("{source}: not a {ppn} file this command can read at line {line} (its content is not "
                              "shown; {command} names the problem)", PPNError, line=place.group(3), **values)
        else:
            error = bad_input("{source}: not a {ppn} file this command can read at line {line}, field {field} (its "
                              "content is not shown; {command} names the problem)", PPNError, line=place.group(1),
                              field=place.group(2), **values)
        raise _ours(error) from None


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


def line_text(line: Line | None) -> str:
    """A summary item in the line form: ``0``, ``M6:-20``, ``F1:L20:20``."""
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
        ",".join(line_text(x) for x in r.summary),
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
