"""Terminal output shared by ``preferans play``, ``score`` and ``simulate``.

Tables are drawn with rich when the stream is a terminal and as plain aligned text otherwise, so the
output of a pipe or a test stays simple to read and to parse. Nothing here changes a game.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Collection, Iterable, Sequence
from typing import TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from preferans.core.engine.game import Game, Phase
from preferans.core.engine.match import Match
from preferans.core.engine.play import TALON
from preferans.core.formats.report import seat_name
from preferans.core.formats.sheet import compact_text, sheet_text, sheet_view
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, RANKS, SUIT_SYMBOLS, format_cards
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.model.paper import SettlementCheck, SheetText, SheetView, amount_text
from preferans.core.model.views import Amount, DealResult, Entry, Settlement

amount = amount_text
"""``12`` or ``37/3``: fractions stay exact."""


def signed(x: Amount) -> str:
    text = amount(x)
    return text if text.startswith("-") or x == 0 else "+" + text


def card_label(name: str, tr: Translator = ENGLISH) -> str:
    """``10H`` -> ``10♥`` for people (``JH`` -> ``В♥`` in Russian); anything that is not a card name is
    returned unchanged."""
    if name in CARD_NAMES:
        card = CARD_NAMES.index(name)
        return tr.card(RANKS[card & 7], SUIT_SYMBOLS[card >> 3])
    return name


HOLD = "mine"
"""The ``call`` word a hold is shown by: a seat that repeats the number another seat bid before it keeps that
bid (the Balkan "mine", ``moje``: the earlier seat holds the later seat's bid at the same number). The record
keeps the number; the family's catalogue says the word (``call`` ``mine``), its presets' ``[calls]`` what it means
(``mine@auction``)."""


def is_hold(action: str, seat: int, calls: Iterable[tuple[int, str]]) -> bool:
    """``seat`` calling ``action`` after ``calls`` holds another seat's bid: the action is a number (a bid
    that is only a number, the Balkan 2..7) another seat already called. A number is never bid twice
    otherwise (each bid is above the last), and the calls said by many seats (pass, igra) are no numbers."""
    return action.isdigit() and any(c == action and s != seat for s, c in calls)


def holds(legal: Iterable[str], seat: int, calls: Sequence[tuple[int, str]]) -> set[str]:
    """The actions of ``legal`` that would hold another seat's bid (:func:`is_hold`)."""
    return {a for a in legal if is_hold(a, seat, calls)}


def auction_text(calls: Sequence[tuple[int, str]], names: Sequence[str], tr: Translator = ENGLISH) -> str:
    """The auction's calls in the language, each after its seat's name; a hold is said by its word
    (``Boris 2, Vera 3, Anna moje``)."""
    return ", ".join(f"{names[s]} {tr.call(HOLD) if is_hold(c, s, calls[:i]) else tr.call(c)}"
                     for i, (s, c) in enumerate(calls))


# ---------------------------------------------------------------- output stream

RED, PLAIN = "\x1b[31m", "\x1b[39m"
"""The terminal's red and its default colour (SGR 31 and 39)."""


def red_suits(text: str) -> str:
    """``text`` with its hearts and diamonds (the symbols) in red, for a terminal."""
    return text.replace("♥", f"{RED}♥{PLAIN}").replace("♦", f"{RED}♦{PLAIN}")



class Printer:
    """Lines and tables on one stream; rich tables on a terminal, plain columns elsewhere."""

    def __init__(self, stream: TextIO, use_rich: bool | None = None, tr: Translator = ENGLISH,
                 sheet_layout: str = "auto") -> None:
        self.stream = stream
        self.tr = tr
        """The language of what is printed (docs/i18n.md); English by default."""
        self.sheet_layout = sheet_layout
        """Which form of the score sheet :func:`print_sheet` prints (``--sheet-layout``, :func:`fitted_sheet`):
        ``auto``, ``wide`` or ``compact``."""
        if use_rich is None:
            isatty = getattr(stream, "isatty", None)
            use_rich = bool(isatty and isatty())
        self.rich = use_rich
        self._console = Console(file=stream, highlight=False) if use_rich else None
        self.colour = use_rich and not os.environ.get("NO_COLOR")
        """Red hearts and diamonds: on a terminal, unless ``NO_COLOR`` is set (no-color.org)."""

    def line(self, text: str = "") -> None:
        print(red_suits(text) if self.colour else text, file=self.stream, flush=True)

    def width(self) -> int | None:
        """The columns of the terminal the stream shows (``COLUMNS`` when set, as
        ``shutil.get_terminal_size`` reads it), or ``None`` when the stream is no terminal (a pipe, a file:
        no limit)."""
        if self._console is not None:
            return self._console.width  # the width rich draws its tables to
        isatty = getattr(self.stream, "isatty", None)
        if not (isatty and isatty()):
            return None
        columns = os.environ.get("COLUMNS", "")
        if columns.isdigit() and int(columns) > 0:
            return int(columns)
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            return shutil.get_terminal_size().columns

    def table_width(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
        """The columns :meth:`table` takes for this table: the widest cell of each column, and two spaces
        between columns (as plain text) or rich's rules and padding (one, plus one on each side of a cell)."""
        widths = [max([*(len(line) for line in h.split("\n")), *(len(r[i]) for r in rows)])
                  for i, h in enumerate(header)]
        if self._console is not None:
            return sum(widths) + 3 * len(widths) + 1
        return sum(widths) + 2 * (len(widths) - 1)

    def lines(self, texts: Iterable[str]) -> None:
        for t in texts:
            self.line(t)

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> None:
        """``align`` has one letter per column, ``l`` or ``r``; by default the first column (names) is
        left-aligned and the others (numbers) right-aligned. The plain form has no title when ``title``
        is empty. A header cell may hold several lines (``"Anna\\nbula"``: a column under its owner's name,
        as on the Balkan paper); shorter cells are aligned to the bottom line. A column whose cells (its header's
        lines too) all have one length is already laid out (the Balkan compact sheet's sections): rich draws it
        left-justified, which keeps its spaces, where it would strip those that end a right-justified cell."""
        align = align or "l" + "r" * (len(header) - 1)
        depth = max((h.count("\n") + 1 for h in header), default=1)
        heads = [[""] * (depth - h.count("\n") - 1) + h.split("\n") for h in header]
        if self._console is not None:
            laid_out = [len({len(c) for c in [*h.split("\n"), *(r[i] for r in rows)]}) == 1
                        for i, h in enumerate(header)]
            align = "".join("l" if fixed else a for a, fixed in zip(align, laid_out, strict=True))
            table = Table(title=title or None, title_justify="left")
            for h, a in zip(heads, align, strict=True):
                table.add_column(Text("\n".join(h)), justify="left" if a == "l" else "right")
            for row in rows:
                table.add_row(*(Text(c) for c in row))
            self._console.print(table)
            return
        header_rows = [[lines[k] for lines in heads] for k in range(depth)]
        widths = [max(len(r[i]) for r in [*header_rows, *rows]) for i in range(len(header))]
        if title:
            self.line(title)
        for row in [*header_rows, *rows]:
            cells = [c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(row, widths, align, strict=True)]
            self.line("  ".join(cells).rstrip())


# ---------------------------------------------------------------- one line per deal


_GIVEN = re.compile(r"([a-z][a-z ]*) from seat (\d+)")
"""A note naming who gave what an entry writes (the Russian overflow's ``aid from seat 2``)."""

OPENING = "start"
"""The note of the entries that open the sheet before the first deal (the Balkan starting bula): the deal line
leaves them to a line of their own (:func:`opening_line`)."""


def written(entries: Sequence[Entry], names: Sequence[str], tr: Translator = ENGLISH) -> str:
    """What the deal wrote on the sheet, summed per column: ``Boris pool +2, Vera whists on Boris +8``. What
    one player wrote for another says so (``Boris pool +2 (aid from Vera)``); an account's key is shown with
    spaces where the language has no word for it (``refe drawn``)."""
    sums: dict[tuple[str, int, int | None, str, int | None], Amount] = {}
    for e in entries:
        given = _GIVEN.fullmatch(e.note)
        what, giver = (given.group(1), int(given.group(2))) if given else ("", None)
        key = (e.account, e.seat, e.other, what, giver)
        sums[key] = sums.get(key, 0) + e.amount
    parts = []
    for (account, seat, other, what, giver), value in sums.items():
        if value == 0:
            continue
        term = tr.term("account", account)
        if term == account:
            term = account.replace("_", " ")
        if other is not None:
            text = tr.gettext("{player} {account} on {other} {amount}")
        else:
            text = tr.gettext("{player} {account} {amount}")
        part = text.format(player=names[seat], account=term, other=names[other] if other is not None else "",
                           amount=signed(value))
        if giver is not None and 0 <= giver < len(names):
            part = tr.gettext("{written} ({what} from {player})").format(
                written=part, what=tr.term("note", what), player=names[giver])
        parts.append(part)
    return ", ".join(parts) or tr.gettext("nothing")


def opening_line(entries: Sequence[Entry], names: Sequence[str], tr: Translator = ENGLISH) -> str | None:
    """``the sheet opens with Anna bula +30, ...``: the entries noted :data:`OPENING` among a deal's, or
    ``None`` when it has none."""
    opening = [e for e in entries if e.note == OPENING]
    if not any(e.amount for e in opening):
        return None
    return tr.gettext("the sheet opens with {written}").format(written=written(opening, names, tr))


def deal_summary(r: DealResult, names: Sequence[str], tr: Translator = ENGLISH) -> str:
    """Declarer and contract (or the all-pass contract played), the defence calls, the tricks."""
    if r.kind == "all_pass":
        # played under the variant's all-pass row (the Russian family's raspasovka), or not played at all
        what = tr.contract(r.contract.name) if (r.played and r.contract is not None) else tr.gettext(
            "all passed, redeal")
    elif r.declarer is not None and r.contract is not None:
        what = f"{names[r.declarer]} {tr.contract(r.contract.name)}"
        if r.defence:
            what += " (" + ", ".join(f"{names[s]} {tr.term('call', c)}" for s, c in r.defence) + ")"
    else:
        what = r.kind
    if r.played:
        shown = [s for s in range(len(r.tricks)) if s in r.active or r.tricks[s]]
        tricks = tr.gettext("tricks {counts}").format(
            counts=", ".join(f"{seat_name(names, s)} {r.tricks[s]}" for s in shown))
    else:
        tricks = tr.gettext("not played")
    return f"{what}; {tricks}"


def deal_line(number: int, r: DealResult, entries: Sequence[Entry], names: Sequence[str],
              tr: Translator = ENGLISH) -> str:
    """``deal   1  dealer Anna: ...; wrote ...``; the entries that open the sheet (:data:`OPENING`) are not the
    deal's, and go on a line of their own before it (:func:`opening_line`)."""
    summary = deal_summary(r, names, tr)
    line = tr.gettext("deal {number:>3}  dealer {dealer}: {summary}; wrote {written}").format(
        number=number, dealer=names[r.dealer], summary=summary,
        written=written([e for e in entries if e.note != OPENING], names, tr))
    opening = opening_line(entries, names, tr)
    return line if opening is None else opening + "\n" + line


# ---------------------------------------------------------------- score sheet and settlement


def settlement_rows(settlement: Settlement, names: Sequence[str],
                    tr: Translator = ENGLISH) -> tuple[list[str], list[list[str]]]:
    fractional = any(x.denominator != 1 for x in settlement.exact)
    header = [tr.gettext("player"), tr.term("unit", settlement.unit)] + ([tr.gettext("exact")] if fractional else [])
    rows = []
    for i, name in enumerate(names):
        row = [name, signed(settlement.rounded[i])]
        if fractional:
            row.append(signed(settlement.exact[i]))
        rows.append(row)
    return header, rows


def print_result(out: Printer, match: Match, names: Sequence[str], finished: bool,
                 view: SheetView | None = None, sheet: SheetText | None = None) -> bool:
    """Print the sheet, the settlement and its check (``pref_settlement_check``: by default that it sums to
    zero); return whether the check holds. ``view`` and ``sheet`` may be given when already made."""
    tr = out.tr
    state = tr.gettext("finished") if finished else tr.gettext("unfinished, settled as if it stopped now")
    view = view or sheet_view(match, names, finished, tr=tr)
    print_sheet(out, match, names, state, view, sheet)
    out.line()
    settlement = view.settlement
    header, rows = settlement_rows(settlement, names, tr)
    out.table(tr.gettext("Settlement ({unit})").format(unit=tr.term("unit", settlement.unit)), header, rows)
    check: SettlementCheck = match.book.settlement_check(view)
    out.lines(check.lines)
    return check.ok


def print_sheet(out: Printer, match: Match, names: Sequence[str], state: str = "",
                view: SheetView | None = None, sheet: SheetText | None = None) -> None:
    """The score sheet as a table under ``Score sheet after N deals (state)``, with the family's notes."""
    tr = out.tr
    n = len(match.results)
    state = state or tr.gettext("so far")
    view = view or sheet_view(match, names, False, tr=tr)
    sheet = fitted_sheet(out, match, view, sheet or sheet_text(match, view))
    title = tr.ngettext("Score sheet after {n} deal ({state})", "Score sheet after {n} deals ({state})", n)
    out.table(title.format(n=n, state=state), sheet.header, sheet.rows)
    out.lines(sheet.notes)


def fitted_sheet(out: Printer, match: Match, view: SheetView, sheet: SheetText) -> SheetText:
    """The form of ``sheet`` that ``out`` prints (``--sheet-layout``, docs/sheet.md): the family's compact
    form (``pref_render_sheet(form="compact")``) when asked for, or by default when the full table is wider
    than the terminal; else, and for a family that has no compact form, ``sheet`` itself."""
    if out.sheet_layout == "wide":
        return sheet
    if out.sheet_layout != "compact":
        width = out.width()
        if width is None or out.table_width(sheet.header, sheet.rows) <= width:
            return sheet
    return compact_text(match, view) or sheet


# ---------------------------------------------------------------- the interactive table


def suit_order(contracts: Iterable[ContractSpec]) -> tuple[int, ...]:
    """The suits in the order of the variant's suit contracts, lowest first (the Russian ♠ ♣ ♦ ♥, the Balkan
    ♠ ♦ ♥ ♣), as its players sort a hand; a suit no contract names comes last, in the core's order."""
    order: list[int] = []
    for spec in sorted(contracts, key=lambda c: c.rank):
        if spec.kind == "suit" and 0 <= spec.trump < 4 and spec.trump not in order:
            order.append(spec.trump)
    return (*order, *(s for s in range(4) if s not in order))


def hand_text(mask: int, tr: Translator = ENGLISH, suits: Sequence[int] = (0, 1, 2, 3)) -> str:
    """A hand by suit with symbols: ``♠ A 10 7   ♥ K Q`` (the ranks as the language writes them), the suits in
    the order ``suits`` gives (:func:`suit_order`)."""
    groups = []
    for s in suits:
        text = format_cards(mask & (0xFF << (8 * s)))
        if text:
            groups.append(SUIT_SYMBOLS[s] + " " + " ".join(tr.pgettext("rank", c[:-1]) for c in text.split()))
    return "   ".join(groups) or tr.gettext("(no cards)")


def _card(card: int, tr: Translator = ENGLISH) -> str:
    return tr.card(RANKS[card & 7], SUIT_SYMBOLS[card >> 3])


def situation(game: Game, seat: int, names: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    """What ``seat`` sees when it must act: deal, auction, contract, hands it may see, the trick."""
    deal = game.deal
    out = [tr.gettext("--- deal {number}, dealer {dealer}; you are {player} ---").format(
        number=deal.number + 1, dealer=names[deal.dealer], player=names[seat])]
    if deal.calls:
        out.append(tr.gettext("auction: {calls}").format(calls=auction_text(deal.calls, names, tr)))
    if deal.contract is not None and deal.declarer is not None:
        line = tr.gettext("contract: {player} {contract}").format(
            player=names[deal.declarer], contract=tr.contract(deal.contract.name))
        if deal.defence_calls:
            line += tr.gettext("; defence: {calls}").format(calls=", ".join(
                f"{names[s]} {tr.call(c)}" for s, c in deal.defence_calls))
        out.append(line)
    elif deal.declarer is not None and deal.bid is not None:
        out.append(tr.gettext("{player} won the auction with {bid}").format(
            player=names[deal.declarer], bid=tr.call(deal.bid)))
    elif deal.contract is not None:
        out.append(tr.gettext("contract: {contract}").format(contract=tr.contract(deal.contract.name)))
    # what this seat may see comes from its observation, the engine's one rule for it (the talon when it
    # took it or it is shown to all, its own hand, the hands it plays and those lying open)
    seen = game.observation(seat)
    if seen.talon is not None and deal.talon_taken:
        out.append(tr.gettext("talon: {cards}").format(cards=" ".join(_card(CARD_INDEX[c], tr) for c in seen.talon)))
    hands = {h: seen.hand_mask(h) for h in seen.hands}
    tp = deal.play
    acting = tp.to_play if (tp is not None and deal.phase is Phase.PLAY) else seat
    suits = suit_order(game.contracts)
    for hand, mask in sorted(hands.items(), key=lambda kv: kv[0] != seat):
        if hand == seat:
            who = tr.gettext("your hand: {cards}")
        elif hand == acting:
            who = tr.gettext("{player}'s hand (you play it): {cards}")
        else:
            who = tr.gettext("{player}'s hand (open): {cards}")
        out.append(who.format(player=seat_name(names, hand), cards=hand_text(mask, tr, suits)))
    if game.may_record_layout(seat):
        out.append(tr.gettext("you may write down the layout (the play rules allow notes here)"))
    if tp is not None and deal.phase is Phase.PLAY:
        out.append(tr.gettext("tricks: {counts}").format(
            counts=", ".join(f"{seat_name(names, h)} {tp.tricks_won[h]}" for h in tp.order)))
        if tp.completed:
            winner, cards = tp.completed[-1]
            who = seat_name(names, winner) if winner >= 0 else tr.gettext("nobody")
            out.append(tr.gettext("last trick: {cards} -> {player}").format(
                cards=trick_text(cards, names, tr), player=who))
        number = tp.tricks_done + 1
        if tp.trick and acting == seat:
            shown = tr.gettext("trick {number}: {cards}; you to play")
        elif tp.trick:
            shown = tr.gettext("trick {number}: {cards}; you, from {player}'s hand, to play")
        elif acting == seat:
            shown = tr.gettext("trick {number}: you lead")
        else:
            shown = tr.gettext("trick {number}: you, from {player}'s hand, lead")
        out.append(shown.format(number=number, cards=trick_text(tp.trick, names, tr),
                                player=seat_name(names, acting)))
    return out


def action_word(action: str, phase: Phase, tr: Translator = ENGLISH, held: Collection[str] = ()) -> str:
    """An action as shown: a card with its symbol (``J♠``, ``В♠``), a call in the language's word, a hold
    (an action of ``held``, :func:`holds`) by the word of a hold (``moje``)."""
    if phase in (Phase.PLAY, Phase.DISCARD):  # "7S" is a card there, a contract in the auction
        return card_label(action, tr)
    return tr.call(HOLD) if action in held else tr.call(action)


def typed_words(legal: Sequence[str], phase: Phase, tr: Translator = ENGLISH,
                held: Collection[str] = ()) -> dict[str, str]:
    """The legal actions by the words the table shows for them (lower case): so that a player who types
    what he reads (``пас``, ``6♠``, ``Т♥``, ``moje``) makes that action, whose record stays the English key. A
    card may also be typed by the rank as shown and the suit's letter (``ТH``, ``DD``: the queen in Croatian)."""
    words = {action_word(a, phase, tr, held).lower(): a for a in legal}
    if phase in (Phase.PLAY, Phase.DISCARD):
        words.update({card_label(a, tr)[:-1].lower() + a[-1].lower(): a for a in legal if a in CARD_NAMES})
    return words


def trick_text(cards: Iterable[tuple[int, int]], names: Sequence[str], tr: Translator = ENGLISH) -> str:
    talon = tr.gettext("talon")  # a card the talon gives to the trick (the first tricks of a raspasovka)
    return ", ".join(f"{talon if h == TALON or h < 0 else seat_name(names, h)} {_card(c, tr)}" for h, c in cards)


def menu_keys(legal: Sequence[str]) -> list[str]:
    """The keys of the menu: ``1 2 3 ...``, or ``a b c ...`` when a call is itself a number (the Balkan bids
    2..7, the Austrian 1..4), so that a number typed is always that call and never a menu line."""
    if any(a.isdigit() for a in legal):
        return [_letters(i) for i in range(len(legal))]
    return [str(i) for i in range(1, len(legal) + 1)]


def _letters(i: int) -> str:
    """0 -> ``a`` .. 25 -> ``z``, 26 -> ``aa`` ..."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(ord("a") + r) + out
    return out


def choices(legal: Sequence[str], phase: Phase, per_line: int = 8, keys: Sequence[str] | None = None,
            tr: Translator = ENGLISH, held: Collection[str] = ()) -> list[str]:
    """The legal actions under their menu keys (:func:`menu_keys`), several to a line (cards with suit
    symbols), as the language writes them (:func:`action_word`; the actions of ``held`` are holds)."""
    keys = keys or menu_keys(legal)
    items = [f"{k:>2}) {action_word(a, phase, tr, held)}" for k, a in zip(keys, legal, strict=True)]
    return ["  " + "   ".join(items[k:k + per_line]) for k in range(0, len(items), per_line)]


def narrate(phase: Phase, actor: str, action: str, tr: Translator = ENGLISH, hold: bool = False) -> str:
    """A bot's action as the human at the table sees it (a discarded card stays secret); ``hold``: the
    action holds another seat's bid (:func:`is_hold`) and is said by the word of a hold."""
    if phase is Phase.DISCARD:
        return tr.gettext("{player} discards a card").format(player=actor)
    if phase is Phase.DECLARE:
        return tr.gettext("{player} declares {contract}").format(player=actor, contract=tr.call(action))
    if phase is Phase.PLAY:
        return tr.gettext("{player} plays {card}").format(player=actor, card=card_label(action, tr))
    return f"{actor}: {tr.call(HOLD) if hold else tr.call(action)}"
