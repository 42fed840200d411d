"""The plain pieces a family draws its sheet with as an SVG picture: the document, centred text, a ruled table.

Written by hand (no drawing library), for ``pref_render_sheet(form="svg")``: the Balkan bula sheet and the
Austrian pot sheet are tables of this kind (docs/sheet.md). A text's width is estimated character by
character (:func:`text_width`): each at least ``EM`` of its font size, a wide letter (``m``, ``W``, ``Ж``) as
wide as the wider of the two sans-serif fonts a viewer draws with (DejaVu Sans, the usual one on Linux, and
Liberation Sans, Arial's measure), so a cell sized by the estimate holds its text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from preferans.core.model.paper import SheetView, amount_text

EM = 0.62
"""The estimated width of a narrow or middling character (``i``, ``a``, ``.``), as a fraction of the font size."""
WIDE = {c: width for width, chars in (
    (0.65, "0123456789$bdghnpqu{}¢£¤¥µ¶ßñùúûüþďđĝğġģĥńņňŋũūŭůűųЎЗУийлрђѝ"),
    (0.70, "ABEKPSVXYZÀÁÂÃÄÅÈÉÊËÝÞĀĂĄĒĔĖĘĚħĶŚŜŞŠŶŸŹŻŽЀЁЅАБВЕРХЧЬднпцћџ"),
    (0.75, "CNRUÇÑÙÚÛÜĆĈĊČĲŃŅŇŊŔŖŘŨŪŬŮŰŲЄЌЍИЙКСЭЯъ"),
    (0.80, "&DGHOQÐÒÓÔÕÖØĎĐĜĞĠĢĤŌŎŐЏДЛНОПЦмы"),
    (0.85, "#+<=>^w~¬±×÷ŉŵЪю−"),
    (0.90, "MЂЋМФЫфњ♠♣♥♦"),
    (0.95, "Ħжшщљ"),
    (1.00, "%Wm©®¼½¾ÆæŴ…—"),
    (1.05, "@œЊ"),
    (1.10, "ŒЉЖШЩЮ"),
) for c in chars}
"""The characters wider than ``EM``: each one's width in the wider of DejaVu Sans and Liberation Sans, rounded
up to 0.05 em (``m`` is 0.974 em in DejaVu Sans, ``Ж`` 1.08)."""
WIDEST = 1.10
"""The width of a character outside the Latin and Cyrillic letters measured (a CJK letter is 1 em)."""
LEADING = 1.2
"""The height of a line, as a fraction of the font size."""
PAD = 4.0
"""Room between a cell's text and its lines."""


def text_width(text: str, size: float) -> float:
    """The estimated width of ``text`` at font ``size``: no less than a sans-serif font draws it in."""
    return size * sum(WIDE.get(c, EM if c < "\u0180" or "\u0400" <= c < "\u0460" else WIDEST) for c in text)


def document(width: float, height: float, title: str, body: Sequence[str], style: str = "") -> str:
    """A whole SVG document (UTF-8 text) on a white ground."""
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="#fff"/>',
        f"<style>line,rect.cell{{stroke:#333;stroke-width:1}}rect.cell{{fill:none}}text{{fill:#111}}{style}</style>",
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def text(lines: Sequence[str], x: float, y: float, size: float, attrs: str = "") -> str:
    """Lines centred on ``x``, the first with its middle at ``y``."""
    spans = "".join(f'<tspan x="{x:.1f}" y="{y + k * size * LEADING:.1f}">{escape(t)}</tspan>'
                    for k, t in enumerate(lines))
    return (f'<text {attrs} font-size="{size:.1f}" text-anchor="middle" dominant-baseline="middle">'
            f"{spans}</text>").replace("<text  ", "<text ")


@dataclass(frozen=True)
class Table:
    """A drawn table: its SVG elements, and its size."""

    elements: tuple[str, ...]
    width: float
    height: float


def table(x: float, y: float, header: Sequence[str], rows: Sequence[Sequence[str]], size: float = 11.0,
          groups: Sequence[tuple[str, int]] = (), classes: Sequence[str] = ()) -> Table:
    """A table at ``(x, y)``: an optional row of ``groups`` (a label over ``span`` columns, as a name over
    its owner's columns), the ``header``, then the ``rows``; every column as wide as its longest text. Each
    cell is a ``<rect class="cell" data-row data-col>`` with its ``<text>`` (``data-row`` -2 for the groups,
    -1 for the header; ``class`` from ``classes`` by column, else ``cell``); a heavier line follows each
    group."""
    n = len(header)
    widths = [max(text_width(r[j], size) for r in [header, *rows]) + 2 * PAD for j in range(n)]
    for label, span in _spans(groups):
        start, stop = span
        short = text_width(label, size) + 2 * PAD - sum(widths[start:stop])
        if short > 0:
            widths[stop - 1] += short
    line = size * LEADING + 2 * PAD
    lefts = [x + sum(widths[:j]) for j in range(n)]
    out: list[str] = []
    top = y
    if groups:
        for label, (start, stop) in _spans(groups):
            w = sum(widths[start:stop])
            out.append(_cell(lefts[start], top, w, line, label, size, -2, start, "group"))
        top += line
    for j, h in enumerate(header):
        out.append(_cell(lefts[j], top, widths[j], line, h, size, -1, j, "head"))
    top += line
    for i, row in enumerate(rows):
        for j, c in enumerate(row):
            out.append(_cell(lefts[j], top, widths[j], line, c, size, i, j, classes[j] if j < len(classes) else "cell"))
        top += line
    for _, (_, stop) in _spans(groups):
        xg = x + sum(widths[:stop])
        out.append(f'<line x1="{xg:.1f}" y1="{y:.1f}" x2="{xg:.1f}" y2="{top:.1f}" style="stroke-width:2.5"/>')
    return Table(tuple(out), sum(widths), top - y)


def _spans(groups: Sequence[tuple[str, int]]) -> list[tuple[str, tuple[int, int]]]:
    out, start = [], 0
    for label, span in groups:
        out.append((label, (start, start + span)))
        start += span
    return out


def _cell(x: float, y: float, w: float, h: float, content: str, size: float, row: int, col: int, cls: str) -> str:
    where = f'data-row="{row}" data-col="{col}"'
    rect = f'<rect class="cell" {where} x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}"/>'
    if not content:
        return rect
    return rect + text([content], x + w / 2, y + h / 2, size, f"class={quoteattr(cls)} {where}")


def state_line(view: SheetView) -> str:
    """``finished, 12 deals`` under a sheet's title, in the view's language."""
    tr, n = view.tr, len(view.match.history)
    state = tr.gettext("finished") if view.finished else tr.gettext("unfinished")
    return tr.ngettext("{state}, {n} deal", "{state}, {n} deals", n).format(state=state, n=n)


def settlement_lines(view: SheetView) -> list[str]:
    """``settlement (whists)`` and a line per player (``Anna: +12 (exact 37/3)``), in the view's language."""
    tr, settlement = view.tr, view.settlement
    lines = [tr.gettext("settlement ({unit})").format(unit=tr.term("unit", settlement.unit))]
    for seat, name in enumerate(view.names):
        exact = settlement.exact[seat]
        more = tr.gettext(" (exact {amount})").format(amount=amount_text(exact)) if exact.denominator != 1 else ""
        lines.append(f"{name}: {settlement.rounded[seat]:+d}{more}")
    return lines


def ruled_sheet(view: SheetView, header: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str],
                groups: Sequence[tuple[str, int]], classes: Sequence[str], what: str, style: str = "") -> str:
    """A family's sheet as a ruled :func:`table` (``groups`` over the ``header``, then the ``rows``) under the
    title and the state, with the ``notes`` and the settlement under it; ``what`` titles a view without one.
    ``style`` is the family's CSS for its ``classes`` (a column it sets in bold, say)."""
    margin, size = 20.0, 11.0
    grid = table(0.0, 0.0, header, rows, size, groups, classes)
    lines = [*notes, *settlement_lines(view)]
    width = max(grid.width, *(text_width(t, size) for t in lines), 300.0) + 2 * margin
    below = 60.0 + grid.height + 2 * size
    grid = table((width - grid.width) / 2, 60.0, header, rows, size, groups, classes)
    body = [
        text([view.title or what], width / 2, 20.0, 15.0, 'class="title"'),
        text([state_line(view)], width / 2, 40.0, 11.0, 'class="state"'),
        *grid.elements,
        text(lines, width / 2, below, size, 'class="notes"'),
    ]
    return document(width, below + len(lines) * size * LEADING + margin, view.title or what, body,
                    "rect.cell[data-row='-2']{fill:#f4f4f4}" + style)
