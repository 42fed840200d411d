"""The Russian pulka (пулька) as players draw it: running records per sector, as text or as an SVG picture.

At a real table each player owns a sector of the sheet. From the centre outwards it holds his mountain
(гора, nearest the circle), his pool (пуля, the band players call the pulka) and his whists (висты, at the
edge), the last split into one part per opponent, the part next to that opponent's sector. Every time a
column changes the new running total is written after the old ones, so a pool reads ``2.6.10``. Three
players share a sheet cut into three sectors from a circle in the middle (where the pool target is written);
four share a square cut along its diagonals; two (гусарик) a sheet cut in half. This module builds those
records from the frozen :class:`SheetView` the core gives ``pref_render_sheet`` and draws them by hand as
SVG (no drawing library), for ``preferans sheet FILE --svg OUT`` (docs/sheet.md); as text it is the running
records and the table of pool, mountain and whists. In the picture every band is labelled and every record
is fitted into the rectangle inside its band (:func:`text_box`, :func:`fit`), so that no line of the sheet
crosses it however long the game.

Seat 0 sits at the bottom and the seats follow clockwise, as at the table: with three players seat 1 is
on the left and seat 2 on the right; with four, 1 left, 2 top, 3 right; with two, seat 1 at the top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from preferans.core.plugin import Amount
from preferans.core.plugin.sheet import (
    SheetText,
    SheetView,
    Translator,
    account_table,
    amount_text,
    picture,
    running_records,
)
from preferans.variants.russian.rules import RussianRules

Point = tuple[float, float]

SIZE = 600.0
"""Side of the square sheet, in SVG user units."""
MARGIN = 34.0
"""Room around the sheet for the owners' names."""
HEADER = 50.0
FOOTER_LINE = 18.0
CIRCLE = 0.1
"""Radius of the circle in the middle (the pool target), as a factor of ``SIZE``."""
BANDS = (("gora", 2 * CIRCLE, 0.44), ("pool", 0.44, 0.68), ("whists", 0.68, 1.0))
"""The three bands of a sector from the centre out, as factors of the distance from the centre to the edge:
the mountain (гора) nearest the circle, then the pool (пуля), then the whists (висты) at the edge."""
LABELS = {"gora": "gora", "pool": "pulka", "whists": "whists"}
"""Each band's label on the sheet, as players name it: гора (mountain), пулька (pool), висты (whists)."""
FONT = 12.0
MIN_FONT = 4.0
LABEL_FONT = 8.0
EM = 0.62
"""The width of a character of the records, as a fraction of the font size (digits and dots of a sans-serif
font are narrower, so a line estimated so is never longer than it is drawn)."""
LEADING = 1.2
PAD = 3.0
ACCOUNT_ORDER = ("pool", "gora", "whists")
"""Columns of the score sheet in the game's own order: pool (пуля), mountain (гора), whists (висты)."""

show = amount_text


# ---------------------------------------------------------------- the records


def record_text(values: Sequence[Amount]) -> str:
    """A running record as written on paper: totals separated by dots, ``2.6.10``."""
    return ".".join(show(v) for v in values)


def text_lines(view: SheetView, rules: RussianRules) -> list[str]:
    """The pulka as text: per player his pool, mountain and whists on each opponent, as running records."""
    records = running_records(view.entries)
    names, tr = view.names, view.tr
    n = len(names)
    pool, gora, whists = (tr.term("account", key) for key in ("pool", "gora", "whists"))
    width = max(7, len(pool), len(gora))
    out = [tr.gettext("pool target {pool}").format(pool=show(rules.pool))]
    for seat, name in enumerate(names):
        out.append(f"{name}:")
        out.append(f"  {pool:<{width}} {record_text(records.get(('pool', seat, None), [])) or '-'}")
        out.append(f"  {gora:<{width}} {record_text(records.get(('gora', seat, None), [])) or '-'}")
        for other in range(n):
            if other != seat:
                text = record_text(records.get(("whists", seat, other), [])) or "-"
                out.append("  " + tr.gettext("{whists} on {player}").format(whists=whists, player=names[other])
                           + f": {text}")
    return [line for line in out if line]


def sheet_text(view: SheetView, rules: RussianRules) -> SheetText:
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


# ---------------------------------------------------------------- drawing


Box = tuple[float, float, float, float]
"""An upright rectangle on the sheet: ``(x0, y0, x1, y1)``."""


def _pts(poly: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in poly)


def text_box(path: Sequence[Point], f1: float, f2: float) -> Box:
    """The upright rectangle the text of a band piece is written in: inside the trapezoid between the inner
    and outer copies of the piece's longest stretch of edge, so nothing written there crosses a line."""
    a, b = max(zip(path, path[1:], strict=False), key=lambda seg: math.dist(*seg))
    corners = (_scale(a, f1), _scale(a, f2)), (_scale(b, f1), _scale(b, f2))
    across = 1 if abs(b[0] - a[0]) >= abs(b[1] - a[1]) else 0  # the coordinate that runs from centre out
    along = 1 - across
    lo = min(corners[0][0][across], corners[0][1][across]) + PAD
    hi = max(corners[0][0][across], corners[0][1][across]) - PAD

    def side(inner: Point, outer: Point, at: float) -> float:  # the slanted side's ``along`` at ``across``
        t = (at - inner[across]) / (outer[across] - inner[across])
        return inner[along] + t * (outer[along] - inner[along])

    ends = [[side(*corner, lo), side(*corner, hi)] for corner in corners]
    first, second = sorted(ends, key=lambda e: e[0] + e[1])
    start, stop = max(first) + PAD, min(second) - PAD
    if across == 1:
        return start, lo, stop, hi
    return lo, start, hi, stop


def _angle(path: Sequence[Point]) -> float:
    """How text runs along the longest stretch of ``path``: level on the top and bottom edges; on the left
    and right edges turned so the letters' tops face the centre."""
    a, b = max(zip(path, path[1:], strict=False), key=lambda seg: math.dist(*seg))
    if abs(b[0] - a[0]) >= abs(b[1] - a[1]):
        return 0.0
    return 90.0 if a[0] < SIZE / 2 else -90.0


def fit(values: Sequence[Amount], width: float, height: float) -> tuple[list[str], float]:
    """The running record cut into lines that fit a ``width`` x ``height`` box, at the largest font size
    that lets it fit (down to ``MIN_FONT``); when even that is too small, the latest totals that fit, after
    ``…`` (the last total is what counts)."""
    items = [show(v) for v in values]
    size = FONT
    while True:
        lines = _wrap(items, max(1, int(width / (size * EM))))
        fits = max(map(len, lines), default=0) * size * EM <= width and len(lines) * size * LEADING <= height
        if fits or size <= MIN_FONT:
            break
        size = max(MIN_FONT, size - 0.5)
    rows = max(1, int(height / (size * LEADING)))
    while len(lines) > rows or max(map(len, lines), default=0) * size * EM > width:
        items = items[1:]
        if not items:
            return [], size
        lines = _wrap(items, max(1, int(width / (size * EM))))
        lines[0] = "…" + lines[0]
    return lines, size


def _wrap(items: Sequence[str], per_line: int) -> list[str]:
    """Totals joined by dots, cut after a dot into lines of at most ``per_line`` characters."""
    lines: list[str] = []
    current = ""
    for item in items:
        candidate = f"{current}.{item}" if current else item
        if current and len(candidate) + 1 > per_line:
            lines.append(current + ".")
            current = item
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def _block(box: Box, angle: float, label: str, values: Sequence[Amount], attrs: str, label_attrs: str) -> list[str]:
    """The band's label at the top of ``box`` (as the text reads) and the record under it, turned by
    ``angle`` about the box's centre."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    width, height = (x1 - x0, y1 - y0) if angle == 0 else (y1 - y0, x1 - x0)
    label_size = min(LABEL_FONT, width / max(1, len(label)) / EM, height / LEADING / 2)
    top = cy - height / 2
    out = [_line_text([label], cx, top + label_size * LEADING / 2, angle, (cx, cy), label_attrs, label_size)]
    room = height - label_size * LEADING
    lines, size = fit(values, width, room)
    first = top + label_size * LEADING + (room - len(lines) * size * LEADING) / 2 + size * LEADING / 2
    out.append(_line_text(lines, cx, first, angle, (cx, cy), attrs, size))
    return out


def _line_text(lines: Sequence[str], x: float, first: float, angle: float, about: Point, attrs: str,
               size: float) -> str:
    """A ``<text>`` of centred lines, the first with its middle at ``first``, turned by ``angle`` about ``about``."""
    spans = "".join(f'<tspan x="{x:.1f}" y="{first + k * size * LEADING:.1f}">{escape(t)}</tspan>'
                    for k, t in enumerate(lines))
    rotate = f' transform="rotate({angle:.0f} {about[0]:.1f} {about[1]:.1f})"' if angle else ""
    return (f'<text {attrs} font-size="{size:.1f}" text-anchor="middle" dominant-baseline="middle"'
            f"{rotate}>{spans}</text>")


def _text(lines: list[str], at: Point, angle: float, attrs: str, size: float = FONT) -> str:
    first = at[1] - (len(lines) - 1) * size * LEADING / 2
    return _line_text(lines, at[0], first, angle, at, attrs, size)


def svg(view: SheetView, rules: RussianRules) -> str:
    """The whole sheet as an SVG document (UTF-8 text)."""
    names, title, tr = view.names, view.title or view.tr.gettext("pulka"), view.tr
    n = len(names)
    records = running_records(view.entries)
    paths = sector_paths(n)
    width = SIZE + 2 * MARGIN
    height = HEADER + SIZE + 2 * MARGIN + FOOTER_LINE * (n + 3)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="#fff"/>',
        '<style>polygon.pool{fill:#eef6ee}polygon.gora{fill:#f7eeee}polygon.whists{fill:#eef0f8}'
        'polygon{stroke:#333;stroke-width:1}text{fill:#111}text.label{fill:#777;font-style:italic}</style>',
        _text([title], (width / 2, 20.0), 0.0, 'class="title"', 15.0),
        _text([picture.state_line(view)], (width / 2, 38.0), 0.0, 'class="state"', 11.0),
        f'<g class="sheet" transform="translate({MARGIN:.0f},{HEADER + MARGIN:.0f})">',
    ]
    for seat, path in enumerate(paths):
        name = names[seat]
        player = quoteattr(name)
        out.append(f'<g class="sector" id="sector-{seat}" data-player={player}>')
        for account, f1, f2 in BANDS:
            if account != "whists":
                band = _band(path, f1, f2)
                out.append(f'<polygon class="{account}" points="{_pts(band)}"/>')
                out += _block(text_box(path, f1, f2), _angle(path), _label(account, tr),
                              records.get((account, seat, None), []), f'class="{account}" data-player={player}',
                              f'class="label" data-band="{account}" data-player={player}')
                continue
            others = [(seat - j) % n for j in range(1, n)]  # along the edge: the previous seat first
            for other, piece in zip(others, _split(path, n - 1), strict=True):
                on = quoteattr(names[other])
                out.append(f'<polygon class="whists" data-on={on} points="{_pts(_band(piece, f1, f2))}"/>')
                label = tr.gettext("{whists} on {player}").format(whists=_label("whists", tr), player=names[other])
                out += _block(text_box(piece, f1, f2), _angle(piece), label,
                              records.get(("whists", seat, other), []),
                              f'class="whists" data-player={player} data-on={on}',
                              f'class="label" data-band="whists" data-player={player} data-on={on}')
        out.append(_text([name], _label_point(path), _angle(path), f'class="name" data-player={player}', 13.0))
        out.append("</g>")
    c = SIZE / 2
    out.append(f'<circle class="target" cx="{c:.0f}" cy="{c:.0f}" r="{SIZE * CIRCLE:.0f}" fill="#fff" '
               'stroke="#333"/>')
    out.append(_text([show(rules.pool)], (c, c), 0.0, 'class="target"', 18.0))
    out.append("</g>")
    y = HEADER + SIZE + 2 * MARGIN + FOOTER_LINE / 2
    lines = picture.settlement_lines(view)
    out.append(_text([lines[0]], (width / 2, y), 0.0, 'class="settlement-title"', 12.0))
    for seat, name in enumerate(names):
        out.append(_text([lines[seat + 1]], (width / 2, y + FOOTER_LINE * (seat + 1)), 0.0,
                         f'class="settlement" data-player={quoteattr(name)}', 12.0))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _label(account: str, tr: Translator) -> str:
    """A band's label: the pulka's own word in English (``pulka`` for the pool band), the family's term for
    the account in another language (``пуля``, ``гора``, ``висты``)."""
    shown = tr.term("account", account)
    return LABELS[account] if shown == account else shown


def _label_point(path: Sequence[Point]) -> Point:
    """Where the owner's name goes: outside the sheet, beside the middle of his longest stretch of edge."""
    (a, b) = max(zip(path, path[1:], strict=False), key=lambda seg: math.dist(*seg))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return _scale(mid, 1 + MARGIN / 2 / (SIZE / 2))
