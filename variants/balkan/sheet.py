"""The Balkan sheet as it is written on paper (BAL-SCORE-01): the family's ``pref_render_sheet``.

Each player's section has the juha on his left-hand opponent, his bula, and the juha on the others; one row
per deal with the new running total of every column the deal changed. Marks in the bula column: ``-`` a refe
written, ``/`` a refe played (the diagonal line, before the entry), ``^`` the hat drawn, ``v`` the inverted
hat. Under the table: the unplayed refes, who is under the hat, and the key to the marks. As a picture
(:func:`svg`) the same sheet is ruled as on paper: each player's name over his three columns. For a narrow
terminal (:func:`compact_sheet`) each player's section is one column under his name, the juha headed by the
start of the opponent's name.
"""

from __future__ import annotations

from preferans.core.plugin import Amount
from preferans.core.plugin.sheet import SheetText, SheetView, amount_text, picture

Column = tuple[int, str, int | None]
"""A column of the sheet: its owner's seat, the account (``juha`` or ``bula``) and, for a juha, the opponent."""

GAP = " "
"""Between the columns of one player's section in the compact sheet (the core puts two spaces between sections)."""


def bula_sheet(view: SheetView) -> SheetText:
    """The three-column sheet: the header (two lines a column: the owner, then ``juha on C``, ``bula``
    or ``juha on B``), one row per deal, a ``total`` row last, and the notes."""
    names, tr = view.names, view.tr
    columns, rows, notes = _cells(view)
    header = ["\n" + tr.gettext("deal")]
    for seat, account, other in columns:
        # as the paper is labelled: the owner's name over his three columns, each column named
        term = tr.term("account", account)
        column = term if other is None else tr.gettext("{account} on {player}").format(account=term,
                                                                                       player=names[other])
        header.append(f"{names[seat]}\n{column}")
    return SheetText(tuple(header), rows, notes)


def compact_sheet(view: SheetView) -> SheetText:
    """The same sheet narrowed for a terminal (``pref_render_sheet(form="compact")``, docs/sheet.md): one
    column a player, his name over it, holding his section as on paper (the juha on his left-hand opponent,
    his bula in the middle, the juha on the others), each juha headed by the start of the opponent's name (the
    shortest start that tells the players apart: ``V`` for Vera). The cells, the ``total`` row and the marks
    are :func:`bula_sheet`'s; a note keys the headings."""
    names, tr = view.names, view.tr
    columns, rows, notes = _cells(view)
    short = short_names(names)
    bula = tr.term("account", "bula")
    header = ["\n" + tr.gettext("deal")]
    body: list[list[str]] = [[row[0]] for row in rows]
    for seat, name in enumerate(names):
        at = [k for k, column in enumerate(columns) if column[0] == seat]
        heads = [bula if other is None else short[other] for _, _, other in (columns[k] for k in at)]
        widths = [max(len(head), *(len(row[1 + k]) for row in rows)) for head, k in zip(heads, at, strict=True)]
        width = max(sum(widths) + len(GAP) * (len(widths) - 1), len(name))

        def section(cells: list[str], widths: list[int] = widths, width: int = width) -> str:
            return GAP.join(c.rjust(w) for c, w in zip(cells, widths, strict=True)).rjust(width)

        header.append(name.center(width) + "\n" + section(heads))  # the name over the middle
        for row, out in zip(rows, body, strict=True):
            out.append(section([row[1 + k] for k in at]))
    key = tr.gettext("under each name: the bula, and the juha on each opponent under his initial")
    return SheetText(tuple(header), tuple(tuple(r) for r in body), (*notes[:-1], key, notes[-1]))


def short_names(names: tuple[str, ...]) -> list[str]:
    """The players' names cut to the shortest length that still tells them apart (``A``, ``B``, ``V`` for
    Anna, Boris, Vera; ``Ana``, ``And`` for Ana and Andrej)."""
    k = 1
    while k < max(map(len, names)) and len({n[:k] for n in names}) < len(names):
        k += 1
    return [n[:k] for n in names]


def _cells(view: SheetView) -> tuple[list[Column], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The sheet's columns in the paper's order (each player's juha on his left-hand opponent, his bula, his
    juha on the others), its rows (the deal number, then a cell per column: the new running total of every
    column the deal changed, the marks in the bula; a ``total`` row last) and its notes (the unplayed refes,
    who is under the hat, the key to the marks, last)."""
    names, tr = view.names, view.tr
    n = len(names)
    columns: list[Column] = []
    for i in range(n):
        left = (i - 1) % n
        others = [(i + k) % n for k in range(1, n) if (i + k) % n != left]
        columns += [(i, "juha", left), (i, "bula", None), *((i, "juha", o) for o in others)]
    totals: dict[tuple[str, int, int | None], Amount] = {}
    rows = []
    for number, entries in enumerate(view.entries, 1):
        changed: set[tuple[str, int, int | None]] = set()
        marks: dict[int, str] = {}
        for e in entries:
            key = (e.account, e.seat, e.other)
            totals[key] = totals.get(key, 0) + e.amount
            if not e.amount:
                continue  # the zeros that open the sheet change nothing
            changed.add(key)
            if e.account == "refe":
                marks[e.seat] = marks.get(e.seat, "") + ("-" if e.amount > 0 else "/")
            elif e.account == "hat":
                marks[e.seat] = marks.get(e.seat, "") + ("^" if e.amount > 0 else "v")
        row = [str(number)]
        for seat, account, other in columns:
            key = (account, seat, other)
            cell = amount_text(totals[key]) if key in changed and account != "refe" else ""
            if account == "bula" and seat in marks:
                # the seed draws the diagonal of a played refe before the entry, the other marks after it
                mark = marks[seat]
                played = "/" * mark.count("/")
                cell = f"{played}{cell} {mark.replace('/', '')}".strip()
            row.append(cell)
        rows.append(tuple(row))
    ledger = view.match.ledger
    rows.append((tr.gettext("total"), *(amount_text(ledger.get(a, s, o)) for s, a, o in columns)))
    notes = []
    held = [f"{names[s]} {amount_text(ledger.get('refe', s))}" for s in range(n) if ledger.get("refe", s)]
    if held:
        notes.append(tr.gettext("unplayed refe: {players}").format(players=", ".join(held)))
    hats = [names[s] for s in range(n) if ledger.get("hat", s)]
    if hats:
        notes.append(tr.gettext("under the hat: {players}").format(players=", ".join(hats)))
    notes.append(tr.gettext("marks: - refe written, / refe played, ^ hat, v inverted hat"))
    return columns, tuple(rows), tuple(notes)


def svg(view: SheetView) -> str:
    """The bula sheet drawn as on paper (``preferans sheet FILE --svg OUT``): the title, each player's name
    over his columns (juha on one opponent, bula, juha on the other), a row per deal, the notes and the
    settlement."""
    sheet = bula_sheet(view)
    owners = [h.split("\n")[0] for h in sheet.header]
    header = [h.split("\n")[-1] for h in sheet.header]
    groups: list[tuple[str, int]] = []
    for owner in owners:
        if groups and groups[-1][0] == owner and owner:
            groups[-1] = (owner, groups[-1][1] + 1)
        else:
            groups.append((owner, 1))
    bula = view.tr.term("account", "bula")
    classes = ["deal", *(("bula" if h == bula else "juha") for h in header[1:])]
    return picture.ruled_sheet(view, header, sheet.rows, sheet.notes, groups, classes, view.tr.gettext("bula sheet"),
                               "text.bula{font-weight:bold}")  # the bula, what each player plays down, stands out

