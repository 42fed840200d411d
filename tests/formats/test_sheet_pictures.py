"""The drawn sheets (``preferans sheet FILE --svg OUT``, docs/sheet.md): the pulka's bands in the players'
order, every text inside its band in a long game, and the Balkan and Austrian sheets drawn as tables.

A text's box is estimated from its font size and length (0.62 em a character, 1.2 em a line: more than a
sans-serif font's digits and dots take) and turned as its ``transform`` turns it; every box must lie inside
the polygon of its band (or the rectangle of its cell), so no line of the sheet strikes a record through.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.variants.russian.sheet import SIZE

ROOT = paths.ROOT
DATA = ROOT / "tests" / "data" / "scorecards"
NS = {"s": "http://www.w3.org/2000/svg"}
EM, LEADING = 0.62, 1.2
Point = tuple[float, float]


def draw(source: Path, tmp_path: Path) -> ET.Element:
    out = tmp_path / f"{source.stem}.svg"
    assert main(["sheet", str(source), "--svg", str(out)]) == 0
    return ET.parse(out).getroot()  # well-formed XML, or this raises


def long_game(tmp_path: Path, players: int, variant: str = "sochi") -> Path:
    """A bot game to a pool of 30 (40 for two players, whose pulka closes sooner): some 50 to 90 deals,
    records of ten totals and more."""
    config = tmp_path / f"long{players}.toml"
    rules = f"players = {players}\npool = {40 if players == 2 else 30}\n" if variant == "sochi" else ""
    config.write_text(f'variant = "{variant}"\n[rules]\n{rules}', encoding="utf-8")
    save = tmp_path / f"long{players}.json"
    assert main(["play", "--config", str(config), "--seed", "5", "--save", str(save)]) == 0
    return save


def box_points(text: ET.Element) -> list[Point]:
    """Points around the estimated box of every line of ``text``, turned by its rotation."""
    size = float(text.get("font-size", "0"))
    angle, about = 0.0, (0.0, 0.0)
    m = re.fullmatch(r"rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)", text.get("transform", ""))
    if m:
        angle, about = float(m.group(1)), (float(m.group(2)), float(m.group(3)))
    points = []
    for span in text.findall("s:tspan", NS):
        x, y, w = float(span.get("x", "0")), float(span.get("y", "0")), len(span.text or "") * size * EM
        x0, x1, y0, y1 = x - w / 2, x + w / 2, y - size * LEADING / 2, y + size * LEADING / 2
        for k in range(5):
            t = k / 4
            points += [(x0 + t * (x1 - x0), y0), (x0 + t * (x1 - x0), y1), (x0, y0 + t * (y1 - y0)),
                       (x1, y0 + t * (y1 - y0))]
    a = math.radians(angle)
    return [(about[0] + (px - about[0]) * math.cos(a) - (py - about[1]) * math.sin(a),
             about[1] + (px - about[0]) * math.sin(a) + (py - about[1]) * math.cos(a)) for px, py in points]


def inside(p: Point, poly: list[Point]) -> bool:
    """Ray casting; a point on an edge counts as outside (a text touching a line is struck through)."""
    x, y = p
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def polygon(element: ET.Element) -> list[Point]:
    return [(float(a), float(b)) for a, b in (p.split(",") for p in element.get("points", "").split())]


def check_pulka_geometry(root: ET.Element) -> int:
    """Every record and label inside its band, every name outside the sheet; returns the texts checked."""
    checked = 0
    for sector in root.findall(".//s:g[@class='sector']", NS):
        bands = {(p.get("class"), p.get("data-on")): polygon(p) for p in sector.findall("s:polygon", NS)}
        for text in sector.findall("s:text", NS):
            cls = text.get("class")
            points = box_points(text)
            if cls == "name":
                assert all(not (0 <= x <= SIZE and 0 <= y <= SIZE) for x, y in points), "a name on the sheet"
                continue
            band = bands[(text.get("data-band") if cls == "label" else cls, text.get("data-on"))]
            outside = [p for p in points if not inside(p, band)]
            assert not outside, (f"{sector.get('data-player')}'s {cls} {''.join(text.itertext())!r} crosses its "
                                 f"band's lines at {outside[:2]}")
            checked += 1
    return checked


@pytest.mark.parametrize("players", [3, 4, 2])
def test_long_game_records_stay_inside_their_bands(players: int, tmp_path: Path) -> None:
    root = draw(long_game(tmp_path, players), tmp_path)
    state = root.find(".//s:text[@class='state']", NS)
    assert state is not None
    deals = int("".join(state.itertext()).split(", ")[1].split()[0])
    assert deals >= 49  # a long game, as the 49-deal pulka where the lines struck the records through
    records = ["".join(t.itertext()) for t in root.findall(".//s:text[@class='gora']", NS)]
    assert max(len(r.split(".")) for r in records) >= 10  # records that must be wrapped or shrunk
    # per sector: 2 records and 2 labels (gora, pool), 2 per whist part; the name is checked outside
    assert check_pulka_geometry(root) == players * (4 + 2 * (players - 1))


def test_the_worked_pulka_stays_inside_its_bands(tmp_path: Path) -> None:
    for card in ("sochi_pulka.toml", "four_players.toml", "gusarik.toml"):
        assert check_pulka_geometry(draw(DATA / card, tmp_path)) > 0


def centre_distance(poly: list[Point]) -> float:
    c = SIZE / 2
    return min(max(abs(x - c), abs(y - c)) for x, y in poly)  # the inner edge's distance from the centre


@pytest.mark.parametrize("card", ["sochi_pulka.toml", "four_players.toml", "gusarik.toml"])
def test_mountain_nearest_the_centre_then_pool_then_whists(card: str, tmp_path: Path) -> None:
    root = draw(DATA / card, tmp_path)
    for sector in root.findall(".//s:g[@class='sector']", NS):
        inner = {p.get("class"): centre_distance(polygon(p)) for p in sector.findall("s:polygon", NS)}
        assert inner["gora"] < inner["pool"] < inner["whists"]
        # the bands are labelled in the players' words: гора, пулька, висты
        labels = {t.get("data-band"): "".join(t.itertext()) for t in sector.findall("s:text[@class='label']", NS)}
        assert labels["gora"] == "gora" and labels["pool"] == "pulka" and labels["whists"].startswith("whists on ")


def cells(root: ET.Element) -> dict[tuple[int, int], str]:
    """The drawn table: ``(row, column)`` -> text; and every text inside its cell's rectangle."""
    rects = {(int(r.get("data-row", "")), int(r.get("data-col", ""))): r
             for r in root.findall(".//s:rect[@class='cell']", NS)}
    out = {}
    for text in root.findall(".//s:text[@data-row]", NS):
        key = (int(text.get("data-row", "")), int(text.get("data-col", "")))
        r = rects[key]
        x, y, w, h = (float(r.get(a, "")) for a in ("x", "y", "width", "height"))
        box = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        assert all(inside(p, box) for p in box_points(text)), f"cell {key} {''.join(text.itertext())!r} overflows"
        out[key] = "".join(text.itertext())
    return out


def test_the_balkan_sheet_is_drawn_as_on_paper(tmp_path: Path) -> None:
    table = cells(draw(ROOT / "examples" / "balkan-scorecard.toml", tmp_path))
    # each name over its three columns (BAL-SCORE-01): A (juha on C | bula | juha on B), B, C
    assert [table.get((-2, c)) for c in (1, 4, 7)] == ["A", "B", "C"]
    assert [table[(-1, c)] for c in range(10)] == ["deal", "juha on C", "bula", "juha on B", "juha on A", "bula",
                                                   "juha on C", "juha on B", "bula", "juha on A"]
    # deal 1 (the seed's row 2): C diamonds, V = 6; A and B 2 tricks each: A and B write 2 x 6 = 12 on C, the
    # bule open at 30, C writes off 6 -> 24
    assert {c: table.get((0, c)) for c in range(10) if (0, c) in table} == {
        0: "1", 1: "12", 2: "30", 5: "30", 6: "12", 8: "24"}
    # deal 4: A on his refe, clubs x2 = 20 written off: "/10"; C, alone, 3 tricks x 20 = 60 on A
    assert table[(3, 2)] == "/10" and table[(3, 9)] == "60"


def test_a_long_balkan_game_fits_its_cells(tmp_path: Path) -> None:
    table = cells(draw(long_game(tmp_path, 3, "balkan"), tmp_path))
    assert max(r for r, _ in table) >= 10


def test_the_austrian_pot_is_drawn(tmp_path: Path) -> None:
    root = draw(DATA / "austrian_limited.toml", tmp_path)
    table = cells(root)
    assert [table[(-1, c)] for c in range(6)] == ["deal", "game", "A", "B", "C", "pot"]
    # the pot after each deal (the card's comments, AUT-POT-07/08): 30 + 10 - 40 + 80 + 40 = 120, then
    # 120 + 10 - 100 + 100 = 130, 130 + 10 - 100 = 40, 40 + 10 - 50 + 100 = 100
    assert [table[(r, 5)] for r in range(4)] == ["120", "130", "40", "100"]
    assert table[(0, 1)] == "B hearts: 5 tricks"
    notes = root.find(".//s:text[@class='notes']", NS)
    assert notes is not None and "left in the pot: 100" in "".join(notes.itertext())


def test_the_german_total_fits_its_cell_in_the_font_a_viewer_draws_with(tmp_path: Path) -> None:
    # the total row's label is "Summe" in German; DejaVu Sans (what "sans-serif" is on Linux) draws it
    # S 1300 + u 1298 + m 1995 + m 1995 + e 1260 = 7848 of its 2048 units an em: 3.832 em, 42.15 px at the
    # sheet's 11 px; with the 4 px the sheet keeps between a text and its lines, its cell needs 50.15 px. At
    # 0.62 em a letter the cell was 5 x 6.82 + 8 = 42.1 px, narrower than the word itself.
    out = tmp_path / "pot.svg"
    assert main(["sheet", str(DATA / "austrian_limited.toml"), "--svg", str(out), "--lang", "de"]) == 0
    root = ET.parse(out).getroot()
    last = max(r for r, _ in cells(root))
    assert cells(root)[(last, 0)] == "Summe"
    rect = root.find(f".//s:rect[@class='cell'][@data-row='{last}'][@data-col='0']", NS)
    assert rect is not None and float(rect.get("width", "0")) >= 7848 / 2048 * 11 + 2 * 4


def test_a_record_too_long_for_its_band_keeps_its_latest_totals() -> None:
    from preferans.variants.russian.sheet import EM as SHEET_EM
    from preferans.variants.russian.sheet import FONT, MIN_FONT, fit

    assert fit([2, 6, 10], 200.0, 50.0) == (["2.6.10"], FONT)  # fits at the full size, on one line
    # 1 to 199: some 700 characters; a 60 x 20 box holds 4 lines of 24 characters at the smallest size
    lines, size = fit(list(range(1, 200)), 60.0, 20.0)
    assert size == MIN_FONT and 1 <= len(lines) <= 4
    assert lines[0].startswith("…") and lines[-1].endswith(".199")  # the latest totals, the last one kept
    assert all(len(line) * size * SHEET_EM <= 60.0 for line in lines)
    shown = "".join(lines).removeprefix("…").split(".")
    assert shown == [str(k) for k in range(200 - len(shown), 200)]  # consecutive totals up to the last


def test_only_the_balkan_sheet_sets_its_bula_in_bold(tmp_path: Path) -> None:
    # the Balkan family asks for its bula columns in bold through the sheet's style (variants/balkan/sheet.py);
    # the core's picture code names no family's column, so the Austrian pot sheet has no bula rule
    styles = {}
    for variant in ("serbian", "austrian"):
        (tmp_path / variant).mkdir()
        root = draw(long_game(tmp_path / variant, 3, variant), tmp_path / variant)
        styles[variant] = "".join("".join(s.itertext()) for s in root.iter("{http://www.w3.org/2000/svg}style"))
    assert "text.bula{font-weight:bold}" in styles["serbian"]
    assert "bula" not in styles["austrian"] and "rect.cell" in styles["austrian"]
