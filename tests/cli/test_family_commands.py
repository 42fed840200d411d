"""A family adds subcommands and game records through hooks (docs/cli.md, "Commands of a family"; docs/hooks.md):
``pref_cli_commands``, ``pref_read_game`` and ``pref_read_deal``, asked on one manager of every installed variant.

The third-party family here is a real installed package: a module and a ``.dist-info`` folder with its
``preferans.variants`` entry points, written to a temporary folder put on ``sys.path`` (what ``pip install``
leaves behind, without the network), so the core finds it exactly as it finds the built-in families. The same
module is installed under two names (the way a family base is reached again through each child), and a third
entry point names a module that does not exist.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from preferans.core import Game, load_variant
from preferans.core.cli import COMMANDS, build_parser, main
from preferans.core.rules import manager
from preferans.core.rules.manager import family_manager

MODULE = "mycity_family"
FAMILY = '''
"""A third-party family: a command of its own, and its own one-line records for analyse and solve."""

import json

from preferans.core.plugin import hookimpl
from preferans.core.plugin.cards import parse_cards
from preferans.core.plugin.cli import Game, RecordedDeal, load_variant
from preferans.core.plugin.errors import BadInput


def cmd_deals(args):
    if args.count < 1:
        raise BadInput("--count: expected at least 1")   # one line on stderr, exit code 2
    print(f"{args.count} deals of mycity")
    return 0


@hookimpl
def pref_cli_commands(subparsers):
    s = subparsers.add_parser("mycity-deals", help="our club's own command")
    s.add_argument("--count", type=int, default=1)
    s.set_defaults(func=cmd_deals)


@hookimpl
def pref_read_game(text, source):
    if not text.startswith("mycity game "):
        return None
    seed, *actions = text[len("mycity game "):].split()
    game = Game(load_variant("sochi"), int(seed))
    for action in actions:
        game.apply(action)
    return game, ["North", "East", "South"]


@hookimpl
def pref_read_deal(text, source):
    if not text.startswith("mycity deal "):
        return None
    hands = [parse_cards(h) for h in text[len("mycity deal "):].split("/")]
    return RecordedDeal((hands[0], hands[1], hands[2]), hands[3], "sochi")
'''
ENTRY_POINTS = f"""\
[preferans.variants]
mycity = {MODULE}
mycity-again = {MODULE}
mycity-broken = {MODULE}_that_is_not_there
"""


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The family installed in ``tmp_path`` for the duration of one test."""
    (tmp_path / f"{MODULE}.py").write_text(textwrap.dedent(FAMILY), encoding="utf-8")
    info = tmp_path / f"{MODULE}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {MODULE}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    manager._discover.cache_clear()
    yield tmp_path
    sys.modules.pop(MODULE, None)
    monkeypatch.undo()
    manager._discover.cache_clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def listed(help_text: str) -> list[str]:
    """The subcommands ``preferans --help`` lists, in order."""
    block = help_text.split("  COMMAND\n", 1)[1].split("\noptions:", 1)[0]
    return [line.split()[0] for line in block.splitlines() if line.startswith("    ") and line[4] != " "]


# ---------------------------------------------------------------- a third-party family's command


def test_help_lists_the_familys_command(capsys: pytest.CaptureFixture[str], installed: Path) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "our club's own command" in out
    commands = listed(out)
    # a module behind two entry points adds its command once; the families' commands come in name order
    # (balkan, mycity), before solve
    assert commands.count("mycity-deals") == 1 and commands.count("ppn") == 1
    assert commands[-6:] == ["ppn", "mycity-deals", "solve", "analyse", "replay", "serve"]


def test_main_runs_the_familys_command(capsys: pytest.CaptureFixture[str], installed: Path) -> None:
    assert run(capsys, "mycity-deals", "--count", "3") == (0, "3 deals of mycity\n", "")
    assert run(capsys, "mycity-deals", "--count", "0") == (2, "", "preferans: --count: expected at least 1\n")
    code, _, err = run(capsys, "mycity-deals", "--count", "x")
    assert code == 2 and "invalid int value: 'x'" in err


def test_a_variant_that_cannot_be_imported_breaks_no_command(capsys: pytest.CaptureFixture[str],
                                                              installed: Path) -> None:
    assert "mycity-broken" in manager.installed_variants()
    assert run(capsys, "mycity-deals")[0] == 0
    assert run(capsys, "ppn", "--help")[0] == 0
    names = [name for name, _ in family_manager().list_name_plugin()]
    assert names.count(MODULE) == 1 and "preferans.variants.balkan" in names


def test_the_cores_own_commands_do_not_load_the_families(capsys: pytest.CaptureFixture[str],
                                                          installed: Path) -> None:
    assert run(capsys, "schema", "sochi")[0] == 0
    assert MODULE not in sys.modules
    assert run(capsys, "--help")[0] == 0
    assert MODULE in sys.modules


def test_analyse_reads_the_familys_own_record(capsys: pytest.CaptureFixture[str], installed: Path,
                                              tmp_path: Path) -> None:
    game = Game(load_variant("sochi"), 4)
    while len(game.results) < 2:
        game.apply(game.legal_actions()[0])
    own = tmp_path / "game.mycity"
    own.write_text("mycity game 4 " + " ".join(game.history), encoding="utf-8")
    record = tmp_path / "game.json"  # the same game and names as a save file of play --save
    record.write_text(json.dumps({"format": "preferans-save", "version": 1, "game": game.to_dict(),
                                  "names": ["North", "East", "South"], "bots": ["random"] * 3, "human": None}),
                      encoding="utf-8")
    code, out, _ = run(capsys, "analyse", str(own), "--json")
    assert code == 0
    theirs = json.loads(out)
    ours = json.loads(run(capsys, "analyse", str(record), "--json")[1])
    assert theirs["players"] == ["North", "East", "South"] and len(theirs["deals"]) == 2
    assert theirs.pop("log") == str(own) and ours.pop("log") == str(record)
    assert theirs == ours
    # text the family does not read is still the Balkan family's (PPN) to reject, as before
    (tmp_path / "other.txt").write_text("mycity nothing\n", encoding="utf-8")
    code, _, err = run(capsys, "analyse", str(tmp_path / "other.txt"))
    assert code == 2 and "not a PPN file this command can read at line 1 (its content is not shown" in err


def test_solve_takes_the_familys_own_deal(capsys: pytest.CaptureFixture[str], installed: Path) -> None:
    hands = "AS KS QS JS 10S 9S 8S 7S AC KC / QC JC 10C 9C 8C 7C AD KD QD JD / 10D 9D 8D 7D AH KH QH JH 10H 9H"
    own = run(capsys, "solve", f"mycity deal {hands} / 7H 8H", "--contract", "7S", "--declarer", "0", "--json")
    line = run(capsys, "solve", hands.replace("/", "|") + " | 7H 8H", "--contract", "7S", "--declarer", "0",
               "--json")
    assert own[0] == 0 and own == line


# ---------------------------------------------------------------- ppn is the Balkan family's


def test_ppn_is_not_a_core_command() -> None:
    assert "ppn" not in {module.__name__.rsplit(".", 1)[-1] for module in COMMANDS}
    assert importlib.util.find_spec("preferans.core.cli.ppn") is None
    assert importlib.util.find_spec("preferans.core.formats.ppn") is None
    core_only = build_parser(families=False).format_help()
    assert "ppn" not in listed(core_only) and "ppn" in listed(build_parser().format_help())


def test_ppn_is_added_by_the_balkan_module_once(capsys: pytest.CaptureFixture[str]) -> None:
    impls = family_manager().hook.pref_cli_commands.get_hookimpls()
    assert [impl.plugin_name for impl in impls] == ["preferans.variants.balkan"]  # not serbian, not slovenian
    code, out, _ = run(capsys, "ppn", "--help")
    assert code == 0 and out.startswith("usage: preferans ppn [-h] import|export ...")
    assert listed(run(capsys, "--help")[1]).count("ppn") == 1
