"""The Russian pulka (пулька) as players draw it: running records per sector, as text or as an SVG picture.

At a real table each player owns a sector of the sheet. From the centre outwards it holds his pool
(пуля), his mountain (гора) and his whists (висты), the last split into one part per opponent, the part
next to that opponent's sector. Every time a column changes the new running total is written after the
old ones, so a pool reads ``2.6.10``. Three players share a sheet cut into three sectors from a circle in
the middle (where the pool target is written); four share a square cut along its diagonals; two (гусарик)
a sheet cut in half. This module builds those records from the frozen :class:`SheetView` the core gives
``pref_render_sheet`` and draws them by hand as SVG (no drawing library), for ``preferans sheet FILE --svg
OUT`` (docs/sheet.md); as text it is the running records and the table of pool, mountain and whists.

Seat 0 sits at the bottom and the seats follow clockwise, as at the table: with three players seat 1 is
on the left and seat 2 on the right; with four, 1 left, 2 top, 3 right; with two, seat 1 at the top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from preferans.core.plugin import Amount, SheetText, SheetView, account_table, amount_text, running_records

Point = tuple[float, float]

SIZE = 600.0
"""Side of the square sheet, in SVG user units."""
MARGIN = 20.0
HEADER = 50.0
FOOTER_LINE = 18.0
BANDS = (("pool", 0.16, 0.46), ("gora", 0.46, 0.72), ("whists", 0.72, 1.0))
"""The three bands of a sector, as factors of the distance from the centre to the edge of the sheet."""
FONT = 12.0
ACCOUNT_ORDER = ("pool", "gora", "whists")
"""Columns of the score sheet in the game's own order: pool (пуля), mountain (гора), whists (висты)."""

show = amount_text


# ---------------------------------------------------------------- the records


def record_text(values: Sequence[Amount]) -> str:
    """A running record as written on paper: totals separated by dots, ``2.6.10``."""
    return ".".join(show(v) for v in values)


def text_lines(view: SheetView, rules: Any) -> list[str]:
    """The pulka as text: per player his pool, mountain and whists on each opponent, as running records."""
    records = running_records(view.entries)
    names = view.names
    n = len(names)
    out = [f"pool target {rules.pool}"]
    for seat, name in enumerate(names):
        out.append(f"{name}:")
        out.append(f"  pool    {record_text(records.get(('pool', seat, None), [])) or '-'}")
        out.append(f"  gora    {record_text(records.get(('gora', seat, None), [])) or '-'}")
        for other in range(n):
            if other != seat:
                text = record_text(records.get(("whists", seat, other), [])) or "-"
                out.append(f"  whists on {names[other]}: {text}")
    return [line for line in out if line]


def sheet_text(view: SheetView, rules: Any) -> SheetText:
    """The running records, then the table: pool and mountain always shown, whists on every other player."""
    table = account_table(view, order=ACCOUNT_ORDER, always=("pool", "gora"), always_on=("whists",))
    return SheetText(table.header, table.rows, records=tuple(text_lines(view, rules)))


# ---------------------------------------------------------------- geometry


def sector_paths(n: int) -> list[list[Point]]:
    """The stretch of the sheet's edge each seat owns, running clockwise on the screen."""
    s = SIZE
    tl, tr, br, bl = (0.0, 0.0), (s, 0.0), (s, s), (0.0, s)
    if n == 2:
        ml, mr = (0.0, s / 2), (s, s / 2)
        return [[mr, br, bl, ml], [ml, tl, tr, mr]]
    if n == 3:
        tm = (s / 2, 0.0)
        return [[br, bl], [bl, tl, tm], [tm, tr, br]]
    if n == 4:
        return [[br, bl], [bl, tl], [tl, tr], [tr, br]]
    raise ValueError(f"a pulka sheet is drawn for 2, 3 or 4 players, not {n}")


def _scale(p: Point, f: float) -> Point:
    c = SIZE / 2
    return c + f * (p[0] - c), c + f * (p[1] - c)


def _band(path: Sequence[Point], f1: float, f2: float) -> list[Point]:
    return [_scale(p, f2) for p in path] + [_scale(p, f1) for p in reversed(path)]


def _split(path: Sequence[Point], parts: int) -> list[list[Point]]:
    """Cut a polyline into ``parts`` pieces of equal length."""
    lengths = [math.dist(a, b) for a, b in zip(path, path[1:], strict=False)]
    total = sum(lengths)
    pieces: list[list[Point]] = []
    for j in range(parts):
        lo, hi = total * j / parts, total * (j + 1) / parts
        piece: list[Point] = []
        run = 0.0
        for (a, b), length in zip(zip(path, path[1:], strict=False), lengths, strict=True):
            start, end = run, run + length
            run = end
            if end < lo or start > hi or length == 0:
                continue
            t0, t1 = max(0.0, (lo - start) / length), min(1.0, (hi - start) / length)
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if not piece or math.dist(piece[-1], p0) > 1e-9:
                piece.append(p0)
            piece.append(p1)
        pieces.append(piece)
    return pieces


def _centroid(poly: Sequence[Point]) -> Point:
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
    return cx / (3 * area), cy / (3 * area)


def _direction(path: Sequence[Point]) -> tuple[float, float]:
    """How text runs along the longest segment of ``path``, and that segment's length: horizontal on the
    top and bottom edges; on the left and right edges turned so the letters' tops face the centre."""
    a, b = max(zip(path, path[1:], strict=False), key=lambda seg: math.dist(*seg))
    if abs(b[0] - a[0]) >= abs(b[1] - a[1]):
        return 0.0, math.dist(a, b)
    return (90.0 if a[0] < SIZE / 2 else -90.0), math.dist(a, b)


# ---------------------------------------------------------------- drawing


def _pts(poly: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in poly)


def _text(lines: list[str], at: Point, angle: float, attrs: str, size: float = FONT) -> str:
    x, y = at
    first = y - (len(lines) - 1) * size * 0.6
    spans = "".join(f'<tspan x="{x:.1f}" y="{first + k * size * 1.2:.1f}">{escape(t)}</tspan>'
                    for k, t in enumerate(lines))
    rotate = f' transform="rotate({angle:.1f} {x:.1f} {y:.1f})"' if abs(angle) > 0.5 else ""
    return (f'<text {attrs} font-size="{size:.0f}" text-anchor="middle" dominant-baseline="middle"'
            f"{rotate}>{spans}</text>")


def _wrap(values: Sequence[Amount], room: float, size: float = FONT) -> list[str]:
    """The running record cut into lines that fit ``room`` units (about 0.62 em per character)."""
    if not values:
        return []
    per_line = max(4, int(room / (size * 0.62)))
    lines: list[str] = []
    current = ""
    for v in values:
        item = show(v)
        candidate = f"{current}.{item}" if current else item
        if current and len(candidate) > per_line:
            lines.append(current + ".")
            current = item
        else:
            current = candidate
    lines.append(current)
    return lines


def svg(view: SheetView, rules: Any) -> str:
    """The whole sheet as an SVG document (UTF-8 text)."""
    names, finished, title = view.names, view.finished, view.title
    n = len(names)
    records = running_records(view.entries)
    paths = sector_paths(n)
    settlement = view.settlement
    width = SIZE + 2 * MARGIN
    height = HEADER + SIZE + MARGIN + FOOTER_LINE * (n + 2)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f"<title>{escape(title or 'pulka')}</title>",
        '<style>polygon.pool{fill:#eef6ee}polygon.gora{fill:#f7eeee}polygon.whists{fill:#eef0f8}'
        'polygon{stroke:#333;stroke-width:1}text{fill:#111}</style>',
        _text([title or "pulka"], (width / 2, 20.0), 0.0, 'class="title"', 15.0),
        _text([("finished" if finished else "unfinished") + f", {len(view.match.history)} deals"],
              (width / 2, 38.0), 0.0, 'class="state"', 11.0),
        f'<g transform="translate({MARGIN:.0f},{HEADER:.0f})">',
    ]
    for seat, path in enumerate(paths):
        name = names[seat]
        out.append(f'<g class="sector" id="sector-{seat}" data-player={quoteattr(name)}>')
        for account, f1, f2 in BANDS:
            band = _band(path, f1, f2)
            angle, length = _direction(path)
            room = length * (f1 + f2) / 2 * 0.85
            if account != "whists":
                out.append(f'<polygon class="{account}" points="{_pts(band)}"/>')
                values = records.get((account, seat, None), [])
                attrs = f'class="{account}" data-player={quoteattr(name)}'
                out.append(_text(_wrap(values, room), _centroid(band), angle, attrs))
                continue
            others = [(seat - j) % n for j in range(1, n)]  # along the edge: the previous seat first
            for other, piece in zip(others, _split(path, n - 1), strict=True):
                part = _band(piece, f1, f2)
                p_angle, p_length = _direction(piece)
                on = quoteattr(names[other])
                out.append(f'<polygon class="whists" data-on={on} points="{_pts(part)}"/>')
                values = records.get(("whists", seat, other), [])
                attrs = f'class="whists" data-player={quoteattr(name)} data-on={on}'
                out.append(_text(_wrap(values, p_length * 0.86 * 0.8), _centroid(part), p_angle, attrs))
        angle, _ = _direction(path)
        out.append(_text([name], _label_point(path), angle, f'class="name" data-player={quoteattr(name)}', 13.0))
        out.append("</g>")
    c = SIZE / 2
    out.append(f'<circle cx="{c:.0f}" cy="{c:.0f}" r="{SIZE * 0.11:.0f}" fill="#fff" stroke="#333"/>')
    target = show(rules.pool)
    out.append(_text([target], (c, c), 0.0, 'class="target"', 18.0))
    out.append("</g>")
    y = HEADER + SIZE + MARGIN
    out.append(_text([f"settlement ({settlement.unit})"], (width / 2, y), 0.0, 'class="settlement-title"', 12.0))
    for seat, name in enumerate(names):
        exact = settlement.exact[seat]
        shown = f"{settlement.rounded[seat]:+d}" + (f" (exact {show(exact)})" if exact.denominator != 1 else "")
        out.append(_text([f"{name}: {shown}"], (width / 2, y + FOOTER_LINE * (seat + 1)), 0.0,
                         f'class="settlement" data-player={quoteattr(name)}', 12.0))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _label_point(path: Sequence[Point]) -> Point:
    """Where the owner's name goes: just inside the middle of his stretch of the edge."""
    (a, b) = max(zip(path, path[1:], strict=False), key=lambda seg: math.dist(*seg))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return _scale(mid, 0.955)
