"""The pulka sheet as players draw it: ``preferans sheet FILE [--svg OUT]`` (issue 6, docs/sheet.md).

The numbers come from pulkas worked by hand elsewhere: the Sochi pulka of docs/scorecard.md
(tests/data/scorecards/sochi_pulka.toml, checked deal by deal in tests/formats/test_scorecard.py), the four-player
card (tests/data/scorecards/four_players.toml) and the two-player pulka of tests/variants/russian/test_gusarik.py.
A paper sheet writes each new running total after the old ones, so the records below are read off those deal
tables: Anna's pool gets +2 (deal 3), +4 (deal 6) and +4 net (deal 9: 16 - 6 overflow) -> "2.6.10".
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.formats.scorecard import score_file
from preferans.core.formats.sheet import running_records, svg
from preferans.variants.russian.sheet import SIZE

DATA = paths.DATA / "scorecards"
SOCHI = DATA / "sochi_pulka.toml"
FOUR = DATA / "four_players.toml"
NS = {"s": "http://www.w3.org/2000/svg"}


def texts(root: ET.Element, player: str) -> dict[tuple[str, str | None], str]:
    """The texts of one player's sector: ``(class, on)`` -> the text, its lines joined."""
    sector = root.find(f".//s:g[@class='sector'][@data-player='{player}']", NS)
    assert sector is not None, f"no sector for {player}"
    out = {}
    for t in sector.findall("s:text", NS):
        out[(t.get("class", ""), t.get("data-on"))] = "".join(t.itertext())
    return out


def draw(path: Path, tmp_path: Path) -> ET.Element:
    out = tmp_path / "sheet.svg"
    assert main(["sheet", str(path), "--svg", str(out)]) == 0
    return ET.parse(out).getroot()


def test_sochi_pulka_numbers_in_their_sectors(tmp_path: Path) -> None:
    root = draw(SOCHI, tmp_path)
    anna, boris, vera = texts(root, "Anna"), texts(root, "Boris"), texts(root, "Vera")
    # pools: Anna +2 (3), +4 (6), +4 (9); Boris +2 (1), +2 (5), +6 (9 aid); Vera +2 (7), +8 (10: 12 - 2)
    assert anna[("pool", None)] == "2.6.10"
    assert boris[("pool", None)] == "2.4.10"
    assert vera[("pool", None)] == "2.10"
    # mountains: Anna +2 (1), +3 (4), +12 (5); Vera 8 (2), +2 (3), +1 (4), +8 (5), +10 (8), -2 (10)
    assert anna[("gora", None)] == "2.5.17"
    assert boris[("gora", None)] == ""
    assert vera[("gora", None)].replace(".", " ").split() == ["8", "10", "11", "19", "29", "27"]
    # whists: Anna on Boris 60 (9, aid), on Vera 8 + 12 = 20 (2); Boris on Vera 16 (2); Vera on Anna 6 (3),
    # +4 (6); Vera on Boris 6 (1)
    assert anna[("whists", "Boris")] == "60" and anna[("whists", "Vera")] == "20"
    assert boris[("whists", "Vera")] == "16" and boris[("whists", "Anna")] == ""
    assert vera[("whists", "Anna")] == "6.10" and vera[("whists", "Boris")] == "6"
    assert anna[("name", None)] == "Anna"
    target = root.find(".//s:text[@class='target']", NS)
    assert target is not None and "".join(target.itertext()) == "10"
    # settlement (docs/scorecard.md): 140/3, 290/3, -430/3, rounded 47, 97, -144
    lines = {t.get("data-player"): "".join(t.itertext()) for t in root.findall(".//s:text[@class='settlement']", NS)}
    assert lines == {"Anna": "Anna: +47 (exact 140/3)", "Boris": "Boris: +97 (exact 290/3)",
                     "Vera": "Vera: -144 (exact -430/3)"}


def centre_x(polygon: ET.Element) -> float:
    xs = [float(p.split(",")[0]) for p in polygon.get("points", "").split()]
    return sum(xs) / len(xs)


def centre_y(polygon: ET.Element) -> float:
    ys = [float(p.split(",")[1]) for p in polygon.get("points", "").split()]
    return sum(ys) / len(ys)


def test_each_sector_is_where_its_player_sits(tmp_path: Path) -> None:
    root = draw(FOUR, tmp_path)
    polys: dict[tuple[str, str, str | None], ET.Element] = {}
    for g in root.findall(".//s:g[@class='sector']", NS):
        for p in g.findall("s:polygon", NS):
            polys[(g.get("data-player", ""), p.get("class", ""), p.get("data-on"))] = p
    half = SIZE / 2
    # seat 0 at the bottom, then clockwise: Boris left, Vera top, Gleb right
    assert centre_y(polys[("Anna", "pool", None)]) > half
    assert centre_x(polys[("Boris", "pool", None)]) < half
    assert centre_y(polys[("Vera", "pool", None)]) < half
    assert centre_x(polys[("Gleb", "pool", None)]) > half
    # Anna's whists on each opponent lie next to that opponent's sector: Boris's part on her left
    left, right = centre_x(polys[("Anna", "whists", "Boris")]), centre_x(polys[("Anna", "whists", "Gleb")])
    middle = centre_x(polys[("Anna", "whists", "Vera")])
    assert left < middle < right
    # the numbers of the four-player card (tests/formats/test_scorecard.py): Anna, the sitting-out dealer, wrote 2
    # consolation on Boris (deal 1); her mountain 1 (deal 2, after the amnesty of 1) then +10 (deal 3)
    anna = texts(root, "Anna")
    assert anna[("whists", "Boris")] == "2" and anna[("gora", None)] == "1.11"
    assert texts(root, "Vera")[("whists", "Boris")] == "8"  # consolation 2 + whists 3 x 2


def test_two_player_sheet_has_two_sectors(tmp_path: Path) -> None:
    root = draw(DATA / "gusarik.toml", tmp_path)
    assert len(root.findall(".//s:g[@class='sector']", NS)) == 2
    boris = texts(root, "Boris")
    # tests/variants/russian/test_gusarik.py: Boris wrote 4 on Anna (deal 6, half-whist), then 20 more (deal 7, aid)
    assert boris[("whists", "Anna")] == "4.24"
    assert boris[("gora", None)] == "2.12.10"  # 2 (deal 1), +10 (deal 4), -2 (deal 7: half of 4)
    assert texts(root, "Anna")[("pool", None)] == "4.6.8.10"


def test_running_records_match_the_totals() -> None:
    card = score_file(str(SOCHI))
    records = running_records(card.match)
    for key, values in records.items():
        assert values[-1] == card.match.totals[key]


def test_svg_is_well_formed_and_escapes_names() -> None:
    card = score_file(str(SOCHI))
    text = svg(card.match, ["A<n>a", "B&b", 'V"v'], True, "t<i>tle")
    root = ET.fromstring(text)
    assert root.find(".//s:g[@data-player='A<n>a']", NS) is not None


def test_sheet_from_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "--seed", "2", "--save", str(save), "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    root = draw(save, tmp_path)
    for name in report["players"]:
        pool = texts(root, name)[("pool", None)]
        assert pool.split(".")[-1] == str(report["sheet"][name]["pool"])  # the last total is the sheet's


def test_sheet_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(SOCHI)]) == 0
    out = capsys.readouterr().out
    assert "  pool    2.6.10" in out and "  gora    2.5.17" in out and "  whists on Boris: 60" in out
    assert "Score sheet after 10 deals (finished)" in out


def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('variant = "sochi"\nplayers = ["Anna", "Boris", "Vera"]\n', encoding="utf-8")
    out = tmp_path / "out.svg"
    assert main(["sheet", str(bad), "--svg", str(out)]) == 2
    assert "rules.pool: missing" in capsys.readouterr().err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


def test_svg_is_written_atomically(tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    out.write_text("old", encoding="utf-8")
    assert main(["sheet", str(SOCHI), "--svg", str(out)]) == 2  # a file is there: only with --force
    assert out.read_text(encoding="utf-8") == "old"
    assert main(["sheet", str(SOCHI), "--svg", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.svg"]  # no temporary file left behind


@pytest.mark.parametrize("players", [2, 4])
def test_play_prints_the_pulka_sheet(players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "game.toml"
    config.write_text(f'variant = "sochi"\n[rules]\nplayers = {players}\npool = 6\n', encoding="utf-8")
    assert main(["play", "--config", str(config), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    names = ["Anna", "Boris", "Vera", "Gleb"][:players]
    sheet = out[out.index("Score sheet"):]
    header = sheet.splitlines()[1]
    assert header.split()[:3] == ["player", "pool", "gora"]
    assert header.count("whists on") == players
    for name in names:
        assert any(line.startswith(name) for line in sheet.splitlines())
    assert "dummy" not in sheet  # the dummy writes nothing on the sheet


def test_sheet_from_a_json_scorecard(tmp_path: Path) -> None:
    import tomllib

    card = tmp_path / "pulka.json"
    card.write_text(json.dumps(tomllib.loads(SOCHI.read_text(encoding="utf-8"))), encoding="utf-8")
    assert texts(draw(card, tmp_path), "Anna")[("pool", None)] == "2.6.10"


def test_sheet_of_a_family_without_a_pulka_prints_its_own_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    card = str(paths.ROOT / "examples" / "balkan-scorecard.toml")
    assert main(["sheet", card]) == 0
    out = capsys.readouterr().out
    assert "gora" not in out and "whists on" not in out  # no empty Russian sections
    assert "juha" in out  # the Balkan settlement is in juha


def test_svg_of_a_family_that_draws_none_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from preferans.core.formats import sheet

    monkeypatch.setattr(sheet, "drawing", lambda *args: None)  # as the core's default: no picture
    assert main(["sheet", str(SOCHI), "--svg", str(tmp_path / "s.svg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--svg" in err and "sochi" in err
    assert not (tmp_path / "s.svg").exists()
