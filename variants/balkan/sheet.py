"""The Balkan sheet as it is written on paper (BAL-SCORE-01): the family's ``pref_render_sheet``.

Each player's section has the juha on his left-hand opponent, his bula, and the juha on the others; one row
per deal with the new running total of every column the deal changed. Marks in the bula column: ``-`` a refe
written, ``/`` a refe played (the diagonal line, before the entry), ``^`` the hat drawn, ``v`` the inverted
hat. Under the table: the unplayed refes, who is under the hat, and the key to the marks.
"""

from __future__ import annotations

from preferans.core.plugin import Amount, SheetText, SheetView, amount_text


def bula_sheet(view: SheetView) -> SheetText:
    """The three-column sheet: the header (two lines a column: the owner, then ``juha on C``, ``bula``
    or ``juha on B``), one row per deal, a ``total`` row last, and the notes."""
    names = view.names
    n = len(names)
    columns: list[tuple[int, str, int | None]] = []
    header = ["\ndeal"]
    for i in range(n):
        left = (i - 1) % n
        others = [(i + k) % n for k in range(1, n) if (i + k) % n != left]
        for account, other in [("juha", left), ("bula", None), *(("juha", o) for o in others)]:
            columns.append((i, account, other))
            # as the paper is labelled: the owner's name over his three columns, each column named
            header.append(f"{names[i]}\n{account}" + ("" if other is None else f" on {names[other]}"))
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
    rows.append(("total", *(amount_text(ledger.get(a, s, o)) for s, a, o in columns)))
    notes = []
    held = [f"{names[s]} {amount_text(ledger.get('refe', s))}" for s in range(n) if ledger.get("refe", s)]
    if held:
        notes.append("unplayed refe: " + ", ".join(held))
    hats = [names[s] for s in range(n) if ledger.get("hat", s)]
    if hats:
        notes.append("under the hat: " + ", ".join(hats))
    notes.append("marks: - refe written, / refe played, ^ hat, v inverted hat")
    return SheetText(tuple(header), tuple(rows), tuple(notes))
