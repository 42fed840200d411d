"""The paper side of a match: the sheet a family draws and what a scorecard must state.

Frozen values for three hooks (docs/hooks.md): ``pref_render_sheet`` gets a :class:`SheetView` and returns
a :class:`SheetText` (or an SVG document), ``pref_settlement_check`` returns a :class:`SettlementCheck`,
and ``pref_scorecard_required`` returns :class:`RequiredKey` rows. The helpers here build the plainest
sheet, one column per account (:func:`account_table`), which is the core's answer for a family with nothing
special, and the running records a paper sheet keeps (:func:`running_records`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.model.views import Amount, Entry, MatchView, Seat, Settlement

Key = tuple[str, Seat, Seat | None]
"""A column of the sheet: ``(account, seat, other)``, ``other`` the seat written on (or ``None``)."""


def amount_text(x: Amount) -> str:
    """``12``, ``-3`` or ``37/3``: exact, never a float."""
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return str(x)


@dataclass(frozen=True)
class SheetView:
    """What a sheet is drawn from: the match so far (a frozen :class:`MatchView`), the entries each deal
    wrote (one tuple per deal, in order, the entries written before its cards first), the players' names by
    seat, whether the match is over, its settlement (as if it stopped now when unfinished), and the title
    of a picture (``preferans sheet --svg``: the variant and the players), and ``tr``, the translator the
    sheet is written with (``tr.term("account", "pool")``; English, which changes nothing, by default)."""

    match: MatchView
    entries: tuple[tuple[Entry, ...], ...]
    names: tuple[str, ...]
    finished: bool
    settlement: Settlement
    title: str = ""
    variant: str = ""
    tr: Translator = field(default=ENGLISH, compare=False, repr=False)


@dataclass(frozen=True)
class SheetText:
    """A sheet as text: a table (``header`` and ``rows`` of cells; the core prints it under its title,
    as a rich table on a terminal and as aligned columns elsewhere; a header cell may hold lines joined by
    ``"\\n"``, printed one above the other, as the Balkan ``"Anna\\njuha on Vera"``), the ``notes`` printed under
    the table, and the ``records``: the lines ``preferans sheet`` prints above the table (the Russian family's running
    records; empty for a family that keeps none)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    records: tuple[str, ...] = ()


@dataclass(frozen=True)
class SettlementCheck:
    """The lines printed under the settlement (``play``, ``score``, ``sheet``) and whether the check they
    state holds (a failed check makes the command exit 1). ``report`` adds keys to the ``--json`` result
    object and ``deals`` to each of its deals (one mapping per deal, or none): the Austrian family's pot."""

    ok: bool
    lines: tuple[str, ...]
    report: Mapping[str, Amount] = field(default_factory=dict)
    deals: tuple[Mapping[str, Amount], ...] = ()


@dataclass(frozen=True)
class RequiredKey:
    """A ``[rules]`` key a scorecard must state, since the preset's value is only a default: the dotted
    ``key`` (``"pool"``, ``"pot.initial"``), ``what`` it is, said in the error (``"the pool target agreed at
    the table"``), and the preset's ``default`` as text."""

    key: str
    what: str
    default: str


def running_records(entries: Iterable[Iterable[Entry]]) -> dict[Key, list[Amount]]:
    """Each column's running totals in the order written: one new total per deal that changed it (a paper
    sheet never erases, so a pool that got 2, then 4, then 4 reads ``2.6.10``)."""
    totals: dict[Key, Amount] = {}
    records: dict[Key, list[Amount]] = {}
    for deal in entries:
        changes: dict[Key, Amount] = {}
        for e in deal:
            key = (e.account, e.seat, e.other)
            changes[key] = changes.get(key, 0) + e.amount
        for key, delta in changes.items():
            if delta == 0:
                continue
            totals[key] = totals.get(key, 0) + delta
            records.setdefault(key, []).append(totals[key])
    return records


def account_table(view: SheetView, order: Sequence[str] = (), always: Sequence[str] = (),
                  always_on: Sequence[str] = ()) -> SheetText:
    """The sheet as one row per player and one column per account, then one column per account and other
    player for the accounts written on someone (``whists on Boris``). ``order`` puts those accounts first,
    in that order, and the rest by name; ``always`` and ``always_on`` are shown even while still empty."""
    names, tr = view.names, view.tr
    plain: set[str] = set(always)
    on_other: set[str] = set(always_on)
    totals = view.match.ledger.totals
    for account, _, other in totals:
        (plain if other is None else on_other).add(account)

    def ordered(accounts: set[str]) -> list[str]:
        return sorted(accounts, key=lambda a: (order.index(a) if a in order else len(order), a))

    header = [tr.gettext("player")]
    columns: list[tuple[str, int | None]] = []
    for account in ordered(plain):
        header.append(tr.term("account", account))
        columns.append((account, None))
    for account in ordered(on_other):
        for j, name in enumerate(names):
            header.append(tr.gettext("{account} on {player}").format(account=tr.term("account", account), player=name))
            columns.append((account, j))
    rows = []
    for i, name in enumerate(names):
        row = [name]
        for account, other in columns:
            row.append("-" if other == i else amount_text(totals.get((account, i, other), 0)))
        rows.append(tuple(row))
    return SheetText(tuple(header), tuple(rows))


def zero_sum_check(settlement: Settlement, tr: Translator = ENGLISH) -> SettlementCheck:
    """The core's check: the settlement sums to 0, rounded and exact."""
    total, exact = sum(settlement.rounded), sum(settlement.exact, Fraction(0))
    ok = total == 0 and exact == 0
    verdict = tr.gettext("ok") if ok else tr.gettext("NOT ZERO: this is a bug")
    line = tr.gettext("check: the settlement sums to {total} (exact {exact}): {verdict}")
    return SettlementCheck(ok, (line.format(total=total, exact=amount_text(exact), verdict=verdict),))
