"""The Balkan compact sheet (docs/sheet.md, "A narrow terminal"): each player's section is one column
under his name (juha on his left-hand opponent | bula | juha on the others, each juha headed by the
opponent's initial). It is printed by default where the full table is wider than the terminal.

The limits this file holds the default sheet to, on an 80-column terminal: **80 columns for three players,
100 for four** (docs/sheet.md). The cells of the compact sheet are those of the full table: checked on the
Balkan chapter's worked sheet (examples/balkan-scorecard.toml), worked by hand below.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.formats import render
from preferans.core.formats.scorecard import score_file
from preferans.core.formats.sheet import compact_text, load, sheet_text, sheet_view
from preferans.variants.balkan.sheet import short_names

ROOT = paths.ROOT
EXAMPLE = ROOT / "examples" / "balkan-scorecard.toml"
LIMIT = {3: 80, 4: 100}
"""The widest the default sheet may be on an 80-column terminal, by the number of players (docs/sheet.md)."""

ANSI = re.compile(r"\x1b\[[0-9;]*m")

# The chapter's worked sheet (EX-02), by hand from its scorecard (examples/balkan-scorecard.toml), bula 30:
# deal 1: C diamonds (value 6) made; A and B take 2 tricks each: C's bula 30 - 6 = 24, A and B each write
#         2 x 6 = 12 on C; the opening bula 30 of A and B is written in the same row (C's is overwritten by 24)
# deal 2: B clubs (value 10) made, C takes 3 tricks: B's bula 30 - 10 = 20, C writes 3 x 10 = 30 on B
# deal 3: all pass: a refe written for each, the mark "-" in every bula column
# deal 4: A clubs on his refe (x2: 20) made, C takes 3: A's bula 30 - 20 = 10 after the diagonal of the
#         played refe ("/10"), C writes 3 x 20 = 60 on A
# Each section in the paper's order: A (on C | bula | on B), B (on A | bula | on C), C (on B | bula | on A).
WORKED = {
    "1": [["12", "30", ""], ["", "30", "12"], ["", "24", ""]],
    "2": [["", "", ""], ["", "20", ""], ["30", "", ""]],
    "3": [["", "-", ""], ["", "-", ""], ["", "-", ""]],
    "4": [["", "/10", ""], ["", "", ""], ["", "", "60"]],
    "total": [["12", "10", "0"], ["0", "20", "12"], ["30", "24", "60"]],
}


class Terminal(io.StringIO):
    """An output stream that says it is a terminal (its width from ``COLUMNS``, as for any terminal)."""

    def isatty(self) -> bool:
        return True


def run_on_terminal(monkeypatch: pytest.MonkeyPatch, columns: int, *argv: str) -> list[str]:
    """What ``preferans ARGV`` prints on a terminal ``columns`` wide (rich's ruled tables, colours removed)."""
    screen = Terminal()
    with monkeypatch.context() as m:
        m.setenv("COLUMNS", str(columns))
        m.setenv("NO_COLOR", "1")
        m.setattr("sys.stdout", screen)
        assert main(list(argv)) == 0
    return ANSI.sub("", screen.getvalue()).splitlines()


def sheet_lines(lines: list[str]) -> list[str]:
    """The score sheet: from its title to the line before the settlement's title."""
    start = next(i for i, line in enumerate(lines) if line.startswith("Score sheet after"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Settlement"))
    return [line.rstrip() for line in lines[start:end] if line.strip()]


def plain_width(variant: str, seed: int, layout: str, capsys: pytest.CaptureFixture[str]) -> int:
    """The widest line of the sheet ``play`` prints as plain text with ``--sheet-layout layout``."""
    assert main(["play", "--variant", variant, "--seed", str(seed), "--sheet-layout", layout]) == 0
    return max(len(line) for line in sheet_lines(capsys.readouterr().out.splitlines()))


@pytest.mark.parametrize(("variant", "players"), [("serbian", 3), ("serbian(players=4)", 4), ("balkan", 3),
                                                  ("slovenian", 3)])
def test_the_default_sheet_fits_an_80_column_terminal(variant: str, players: int, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # the full table does not fit: its headings alone ("juha on Boris", the owner's name over each column)
    # make it wider than the terminal
    assert plain_width(variant, 3, "wide", capsys) > 80
    lines = sheet_lines(run_on_terminal(monkeypatch, 80, "play", "--variant", variant, "--seed", "3"))
    assert max(len(line) for line in lines) <= LIMIT[players]
    # it is the compact sheet: one column a player (rich rules a line between the sections), the juha
    # columns under the opponents' initials, the key under the table
    names = ["Anna", "Boris", "Vera", "Gleb"][:players]
    head = next(i for i, line in enumerate(lines) if line.startswith("┃ deal"))
    assert [c.strip() for c in lines[head - 1].split("┃")[1:-1]] == ["", *names]
    assert lines[head].split() == ["┃", "deal", "┃", *" ┃ ".join(" ".join(
        [names[(s - 1) % players][0], "bula", *(names[(s + k) % players][0] for k in range(1, players - 1))])
        for s in range(players)).split(), "┃"]
    assert "under each name: the bula, and the juha on each opponent under his initial" in lines
    # as plain text (a pipe asked for it) it is as narrow
    assert plain_width(variant, 3, "compact", capsys) <= LIMIT[players]


def test_wide_keeps_the_full_table_and_a_pipe_gets_it(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    lines = run_on_terminal(monkeypatch, 80, "play", "--variant", "serbian", "--seed", "3", "--sheet-layout", "wide")
    sheet = sheet_lines(lines)
    heading = "".join(sheet[1:next(i for i, line in enumerate(sheet) if line.startswith("┡"))])
    assert heading.count("juha") == 6  # rich wraps the long headings ("juha on / Vera"), the words stay
    # a pipe (capsys) has no terminal width: the full table, whatever COLUMNS says
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["score", str(EXAMPLE)]) == 0
    sheet = sheet_lines(capsys.readouterr().out.splitlines())
    assert sheet[2].split("  ")[:2] == ["deal", " juha on C"]


def cells(header: str, line: str, start: int, labels: str) -> list[str]:
    """The cells of ``line`` under the column headings of ``header`` (right-aligned, as the numbers are), from
    column ``start`` on: each heading matched by ``labels`` ends its column, the one before it starts it."""
    ends = [m.end() for m in re.finditer(labels, header) if m.start() >= start]
    line = line.ljust(ends[-1])
    return [line[a:b].strip() for a, b in zip([start, *ends[:-1]], ends, strict=True)]


def printed(capsys: pytest.CaptureFixture[str], layout: str, labels: str) -> dict[str, list[list[str]]]:
    """The rows of the worked sheet as ``score --sheet-layout layout`` prints them (plain text), each row's
    cells cut into the three players' sections."""
    assert main(["score", str(EXAMPLE), "--sheet-layout", layout]) == 0
    lines = sheet_lines(capsys.readouterr().out.splitlines())
    header = lines[2]
    start = len("total")  # the deal column: "deal", the deal numbers and "total", left-aligned
    rows = {}
    for line in lines[3:8]:
        found = cells(header, line, start, labels)
        rows[line.split()[0]] = [found[0:3], found[3:6], found[6:9]]
    return rows


def test_the_compact_cells_are_the_full_tables(capsys: pytest.CaptureFixture[str]) -> None:
    compact = printed(capsys, "compact", r"\S+")               # "C bula B": one word a heading
    wide = printed(capsys, "wide", r"\S+(?: \S+)*")            # "juha on C": words one space apart
    assert compact == WORKED
    assert wide == WORKED
    assert main(["score", str(EXAMPLE), "--sheet-layout", "compact"]) == 0
    lines = sheet_lines(capsys.readouterr().out.splitlines())
    # the title ("after 4 deals") and the notes of the full table, with the key of the headings before the marks
    assert lines[0] == "Score sheet after 4 deals (unfinished, settled as if it stopped now)"
    assert lines[1].split() == ["A", "B", "C"] and lines[2].split() == [
        "deal", "C", "bula", "B", "A", "bula", "C", "B", "bula", "A"]
    assert lines[-3:] == ["unplayed refe: B 1, C 1",
                          "under each name: the bula, and the juha on each opponent under his initial",
                          "marks: - refe written, / refe played, ^ hat, v inverted hat"]
    assert max(len(line) for line in lines) <= LIMIT[3]


def test_the_ruled_compact_sheet_keeps_its_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    # on a terminal rich rules the table; a section's cells keep their places (rich would strip the spaces
    # that end a right-justified cell: the laid-out sections are drawn left-justified)
    lines = sheet_lines(run_on_terminal(monkeypatch, 80, "score", str(EXAMPLE)))
    rows = [line for line in lines if line.startswith("│")]
    head = next(line for line in lines if line.startswith("┃ deal"))
    sections = [s for s in head.split("┃")[2:-1]]
    found = {}
    for row in rows:
        parts = row.split("│")[1:-1]
        found[parts[0].strip()] = [cells(h, p, 0, r"\S+") for h, p in zip(sections, parts[1:], strict=True)]
    assert found == WORKED


def test_four_players_compact_cells_are_the_full_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a four-player bot game: each section holds the juha on the left-hand opponent, the bula, the juha on the
    # two others; every cell (and the total row) is the full table's, in the same order
    saved = tmp_path / "game.json"
    assert main(["play", "--variant", "serbian(players=4)", "--seed", "3", "--save", str(saved)]) == 0
    capsys.readouterr()
    source = load(str(saved))
    view = sheet_view(source.match, source.names, source.finished)
    wide = sheet_text(source.match, view)
    compact = compact_text(source.match, view)
    assert compact is not None and len(wide.rows) > 10
    labels = [h.split("\n")[1].split() for h in compact.header[1:]]
    # Anna (on Gleb | bula | on Boris, Vera), Boris (on Anna | .. | Vera, Gleb), Vera, Gleb likewise
    assert labels == [["G", "bula", "B", "V"], ["A", "bula", "V", "G"], ["B", "bula", "G", "A"],
                      ["V", "bula", "A", "B"]]
    for full, short in zip(wide.rows, compact.rows, strict=True):
        split = [c for h, s in zip(compact.header[1:], short[1:], strict=True)
                 for c in cells(h.split("\n")[1], s, 0, r"\S+")]
        assert [short[0], *split] == list(full)


def test_short_names_tell_the_players_apart() -> None:
    assert short_names(("Anna", "Boris", "Vera")) == ["A", "B", "V"]
    assert short_names(("Ana", "Andrej", "Vera")) == ["Ana", "And", "Ver"]
    assert short_names(("A", "B", "C", "D")) == ["A", "B", "C", "D"]


def test_other_families_print_their_sheet_whatever_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    # the pulka and the accounts table have no compact form: compact prints them as wide does
    for card in ("sochi-scorecard.toml", "austrian-scorecard.toml"):
        assert main(["score", str(ROOT / "examples" / card), "--sheet-layout", "wide"]) == 0
        wide = capsys.readouterr().out
        assert main(["score", str(ROOT / "examples" / card), "--sheet-layout", "compact"]) == 0
        assert capsys.readouterr().out == wide


def test_the_key_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(EXAMPLE), "--sheet-layout", "compact", "--lang", "sr"]) == 0
    assert "ispod svakog imena: bula i supa na svakog protivnika pod njegovim inicijalom" in capsys.readouterr().out


def test_a_narrow_printer_chooses_the_compact_sheet() -> None:
    # the choice itself, as plain text on a terminal: the full table of the worked sheet is wider than 80
    # columns, so auto prints the compact one; on 120 columns the full one
    card = score_file(str(EXAMPLE))
    for columns, wide in ((80, False), (120, True)):
        screen = Terminal()
        out = render.Printer(screen, use_rich=False)
        out.width = lambda columns=columns: columns  # type: ignore[method-assign]
        render.print_sheet(out, card.match, card.names)
        text = screen.getvalue()
        assert ("juha on C" in text) is wide
        assert max(len(line) for line in text.splitlines()) <= (120 if wide else 80)
