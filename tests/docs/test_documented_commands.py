"""Every ``preferans ...`` command shown in the README and the docs' pages of commands works.

The pages are README.md, docs/cli.md, the how-to guides (docs/how-to/), docs/bots.md, docs/conformance.md,
docs/i18n.md and docs/variants/gusarik.md. The commands are copied from the files' code blocks (indented four
spaces, or in ``` fences; a line ending in a backslash goes on on the next), so a documented command that
stops working fails here. Each runs through ``preferans.core.cli.main`` in a fresh folder that
holds the files the docs assume (``game.toml`` a game config, ``game.json`` a saved game, ``game.ppn``,
``saved.json``, ``house.py``, ``suit.toml``, ``two.toml`` a two-player config, ``club.toml`` the scorecard that
docs/how-to/score-a-club-evening.md writes out, and ``examples/``), without the file the command itself writes
(so ``config init sochi -o game.toml`` finds no file in the way, as its comment says). ``$DEAL`` is the deal of
the README's ``solve`` line, ``~`` a folder of the test. A line ``A && B`` runs A then B. Expected: exit 0.

A few commands would take minutes or need what a test machine has not got; they are checked by the real
parser (every option exists and takes its value) but not run, each for the reason in ``_not_run``:
the whole conformance suite over every variant, its mutation self-test, 100,000 deals or more, a search bot
(pimc and the levels built on it) over 100 deals or more, a Dask cluster, a variant that is only installed
after the tutorial's ``pip install`` (``houserules``) or that stands for the reader's own (``mine``), the
report of a long run's records that no command here makes.
``preferans serve ...`` runs a server until stopped: it is run as ``preferans serve --help``.
The README's two set-up commands make a virtual environment; CI runs its test command (``.ci/run``),
which is checked below, and the first one's ``preferans play`` is run here as documented in docs/cli.md.

Not here: docs/writing-a-variant.md (its commands need the package the tutorial installs; tests/tools/test_scaffold.py
and tests/rules/test_house_rules.py run its steps) and docs/sheet.md (a synopsis in placeholders, and the recipe of
its pictures, run from docs/img/; tests/formats/test_sheet_pictures.py draws the same files).
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import build_parser, main

ROOT = paths.ROOT
FILES = ("README.md", "docs/cli.md", "docs/how-to/score-a-club-evening.md", "docs/how-to/add-a-house-rule.md",
         "docs/how-to/run-an-arena.md", "docs/how-to/host-a-table.md", "docs/bots.md", "docs/conformance.md",
         "docs/i18n.md", "docs/variants/gusarik.md")
SEARCH_BOTS = ("pimc", "hard", "normal")
"""Bots that search every card: a hundred deals of them take minutes."""
DEAL = "AS KS QS JS 10S 9S 8S 7S AC KC | QC JC 10C 9C 8C 7C AD KD QD JD | 10D 9D 8D 7D AH KH QH JH 10H 9H | 7H 8H"
HOUSE = '''"""A house rule that changes nothing: the parent's defence calls, refined by a wrapper."""
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    return (yield)
'''
OUTPUT_OPTIONS = ("-o", "--output", "--save", "--svg")


def _code_lines(text: str) -> Iterator[str]:
    """The lines of the file's code blocks: ``` fences and blocks indented four spaces after a blank line."""
    fence = False
    indented = False
    blank = True
    for line in text.splitlines():
        if line.startswith("```"):
            fence = not fence
            indented = False
        elif fence:
            yield line
        elif line.startswith("    ") and (blank or indented):
            indented = True
            yield line[4:]
        elif line.strip():
            indented = False
        blank = not line.strip()


def _joined(lines: Iterator[str]) -> Iterator[str]:
    """The lines, each ending in a backslash joined to the next (a command written over two lines)."""
    held = ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            held += line.rstrip()[:-1] + " "
            continue
        yield held + line
        held = ""
    if held:
        yield held


def documented() -> list[tuple[str, str]]:
    """``(file, command line)`` for each ``preferans`` command in the code blocks of FILES, comments removed.
    The synopsis (the first block of docs/cli.md, with ``[OPTIONS]``) and error lines (``preferans: ...``,
    ``preferans play: error: ...``) are not commands."""
    found = []
    for name in FILES:
        text = (ROOT / name).read_text(encoding="utf-8")
        if name == "docs/cli.md":  # the synopsis: the first fenced block, in usage notation
            start = text.index("```")
            text = text[:start] + text[text.index("```", start + 3) + 3:]
        for line in _joined(_code_lines(text)):
            if not re.match(r"preferans(\s|$)", line) or re.match(r"preferans(\s+[a-z][a-z-]*)*:", line):
                continue
            found.append((name, shlex.join(shlex.split(line, comments=True))))
    return found


def _not_run(argv: list[str]) -> str | None:
    """Why a command is parsed but not run, or None to run it."""
    command = argv[0] if argv else ""
    deals = [int(argv[i + 1]) for i, a in enumerate(argv[:-1]) if a == "--deals" and argv[i + 1].isdigit()]
    if "--scheduler" in argv:
        return "needs a Dask cluster at the address shown"
    if command == "conformance" and not build_parser().parse_args(argv).variants:
        return "the whole suite over every installed variant takes minutes"
    if command == "conformance" and "houserules" in argv:
        return "houserules exists only after the tutorial's pip install of the new-variant folder"
    if command == "conformance" and "mine" in argv:
        return "mine stands for the reader's own variant"
    if command == "conformance" and "--self-test" in argv:
        return "the mutation self-test runs the suite against 98 broken house rules: minutes"
    if argv[:2] == ["arena", "report"] and not all(Path(a).exists() for a in argv[2:] if a.endswith(".jsonl")):
        return "it reports the records of a long run shown above it, which are not made here"
    if deals and max(deals) >= 100_000:
        return "100,000 deals or more take minutes"
    if deals and max(deals) >= 100 and any(bot in a for a in argv for bot in SEARCH_BOTS):
        return "a search bot over 100 deals or more takes many minutes"
    return None


def _fixtures(root: Path, tmp: Path) -> None:
    """The files the documented commands read, made once."""
    root.mkdir()
    shutil.copytree(ROOT / "examples", root / "examples")
    shutil.copy(ROOT / "examples" / "sochi-game.toml", root / "game.toml")
    shutil.copy(ROOT / "tests" / "data" / "ppn" / "balkan_sample.ppn", root / "game.ppn")
    shutil.copy(ROOT / "variants" / "sochi" / "playthroughs" / "suit-two-whisters.toml", root / "suit.toml")
    (root / "house.py").write_text(HOUSE, encoding="utf-8")
    (root / "two.toml").write_text('variant = "sochi"\n\n[rules]\nplayers = 2\n', encoding="utf-8")
    club = (ROOT / "docs" / "how-to" / "score-a-club-evening.md").read_text(encoding="utf-8")
    (root / "club.toml").write_text(club.split("```toml\n", 1)[1].split("```", 1)[0], encoding="utf-8")
    (root / "scoring.py").write_text(HOUSE, encoding="utf-8")
    # a Balkan game saved from a PPN file (ppn export reads it), unfinished (play --resume continues it)
    assert main(["ppn", "import", str(root / "game.ppn"), "-o", str(root / "game.json")]) == 0
    assert main(["play", "--seed", "1", "--save", str(root / "saved.json"), "--json"]) == 0


COMMANDS = documented()
UNIQUE = list(dict((c, n) for n, c in reversed(COMMANDS)).items())[::-1]
"""Each command once (README.md and docs/cli.md share a few), with the first file that shows it."""


def test_the_docs_show_commands() -> None:
    files = {name for name, _ in COMMANDS}
    assert files == set(FILES) and len(COMMANDS) > 50
    # the examples of the issue are among them: a variant ID and a rule on play, a scorecard scored
    lines = [c for _, c in COMMANDS]
    assert "preferans play --variant 'sochi(players=4)'" in lines
    assert "preferans score examples/sochi-scorecard.toml" in lines


def test_ci_runs_the_readmes_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = [line.strip() for line in _code_lines(readme) if line.strip().startswith("python3 -m venv")]
    assert len(setup) == 2, setup  # the quick start: install and play; install the tests and run them
    test_command = setup[1].split(" && ", 2)[2]  # after making and activating the environment
    assert test_command == "pip install -e '.[test]' && pytest"
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert setup[0].endswith(" && preferans play")  # and `preferans play` is run below (docs/cli.md shows it)
    assert ("docs/cli.md", "preferans play") in COMMANDS


@pytest.fixture(scope="module")
def fixture_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("documented")
    root = tmp / "files"
    _fixtures(root, tmp)
    return root


@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("command", [c for c, _ in UNIQUE], ids=[f"{n}: {c}"[:90] for c, n in UNIQUE])
def test_a_documented_command_works(command: str, fixture_dir: Path, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    shutil.copytree(fixture_dir, work)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("DEAL", DEAL)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a human seat ends at the end of input, saved
    steps: list[list[str]] = [[]]
    for word in shlex.split(command):
        if word == "&&":
            steps.append([])
        else:
            steps[-1].append(word)
    for argv in steps:  # the files a step writes are not there before (the docs' commands make them), their
        for i, word in enumerate(argv[:-1]):  # folders are
            if word in OUTPUT_OPTIONS and not argv[i + 1].startswith("~"):
                (work / argv[i + 1]).parent.mkdir(parents=True, exist_ok=True)
                if (work / argv[i + 1]).is_file():
                    (work / argv[i + 1]).unlink()
    for argv in steps:
        assert argv[0] == "preferans", command
        args = [_expand(a, home) for a in argv[1:]]
        if args and args[0] == "serve":  # a server runs until stopped: its help shows the command exists
            args = ["serve", "--help"]
        why = _not_run(args)
        if why is not None:
            build_parser().parse_args(args)  # every option exists and takes its value (argparse exits otherwise)
            continue
        code = main(args)
        out, err = capsys.readouterr()
        assert code == 0, f"{command}: exit {code}\n{err[-2000:]}"


def _expand(word: str, home: Path) -> str:
    word = word.replace("$DEAL", DEAL)
    return re.sub(r"^~(?=/|$)", str(home), word)
