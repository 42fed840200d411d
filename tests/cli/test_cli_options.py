"""Options alike across subcommands (issue 16, items 8, 9 and 10): ``--variant NAME(key=value)`` and ``--rule
KEY=VALUE`` wherever a variant is chosen, ``--version``, a bare ``preferans``, errors that point at the
subcommand's help, help text on every option, ``--json`` for ``sheet`` and ``config check``, and ``solve``
on a saved game's deal."""

from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path

import pytest

from helpers import paths
from preferans.core import Game, load_variant
from preferans.core.ai.bots import HeuristicBot
from preferans.core.ai.solver import compiled_search
from preferans.core.cli import build_parser, main
from preferans.core.model.cards import CARD_NAMES, parse_cards

ROOT = paths.ROOT


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- --variant NAME(...) and --rule


def test_play_and_simulate_take_a_variant_id_and_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out, err = run(capsys, "play", "--variant", "sochi(players=4)", "--rule", "pool=10", "--json",
                         "--save", str(save), "--seed", "1")
    assert code == 0, err
    report = json.loads(out)
    assert report["players"] == ["Anna", "Boris", "Vera", "Gleb"]  # four players: the ID's override
    assert all(report["sheet"][p]["pool"] >= 10 for p in report["players"])  # --rule pool=10 closes them
    # the save records the overrides, so --resume plays on under them
    config = json.loads(save.read_text(encoding="utf-8"))["game"]["config"]
    assert config["rules"] == {"players": 4, "pool": 10}
    code, out, err = run(capsys, "simulate", "--deals", "5", "--variant", "sochi(players=4)", "--json")
    assert code == 0, err
    assert json.loads(out)["bots"] == ["heuristic"] * 4


def test_rule_over_a_config_file(capsys: pytest.CaptureFixture[str]) -> None:
    config = str(ROOT / "examples" / "sochi-game.toml")  # pool 10, gentleman's whist
    code, out, err = run(capsys, "play", "--config", config, "--rule", "pool=6", "--json", "--seed", "1")
    assert code == 0, err
    report = json.loads(out)
    assert all(report["sheet"][p]["pool"] >= 6 for p in report["players"])
    # the file's own value (10) is replaced: some pool stops short of 10 at the end (the match ends at 6)
    assert min(report["sheet"][p]["pool"] for p in report["players"]) < 10


def test_show_and_config_init_write_the_rules_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "sochi(players=4)", "--rule", "pool=10", "--rule", "whist.style=gentleman")
    assert code == 0, err
    rules = tomllib.loads(out)["rules"]
    assert (rules["players"], rules["pool"], rules["whist"]["style"]) == (4, 10, "gentleman")
    code, out, err = run(capsys, "config", "init", "sochi", "--rule", "pool=10", "--rule",
                         "whist.half_whist_levels=[6]")
    assert code == 0, err
    data = tomllib.loads(out)  # the keys given are in force; every other one is commented out
    assert data["variant"] == "sochi"
    assert _set_keys(data["rules"]) == {"pool": 10, "whist": {"half_whist_levels": [6]}}


def _set_keys(table: dict[str, object]) -> dict[str, object]:
    """The table without its empty sub-tables (the headers a starter config keeps for the commented keys)."""
    out: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            value = _set_keys(value)
            if not value:
                continue
        out[key] = value
    return out


def test_a_later_rule_wins() -> None:
    from preferans.core.cli.common import rule_overrides, variant_id
    from preferans.core.rules.config import parse_variant_id

    assert rule_overrides(["pool=10", "whist.style=gentleman", "pool=12"]) == {
        "pool": 12, "whist": {"style": "gentleman"}}
    assert variant_id("sochi(players=4)", ["pool=10"]) == "sochi(players=4, pool=10)"
    assert variant_id("leningrad", ["whist.style=greedy"]) == 'leningrad(whist.style="greedy")'
    # a list keeps its commas inside the ID, and the ID reads back to the same overrides
    ident = variant_id("sochi", ["raspasovka.exit_levels=[6, 7]", "pool=12"])
    assert ident == "sochi(raspasovka.exit_levels=[6, 7], pool=12)"
    assert parse_variant_id(ident) == ("sochi", {"raspasovka": {"exit_levels": [6, 7]}, "pool": 12})
    assert parse_variant_id("x(a='p,q', b={c=1, d=2})") == ("x", {"a": "p,q", "b": {"c": 1, "d": 2}})


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--rule", "poool=3"], "preferans: --rule: rules.poool: unknown key 'poool'; did you mean 'pool'? "
     "(allowed: players, max_deals, pool, game_price, ten, whist, declarer, misere, raspasovka, overflow, talon, "
     "gusarik, settlement)"),
    (["simulate", "--deals", "1", "--rule", "players=5"],
     "preferans: --rule: rules.players: Input should be less than or equal to 4 (got 5)"),
    (["arena", "--bots", "random", "--deals", "1", "--rule", "whist.style=gentlemann"],
     "preferans: --rule: rules.whist.style: Input should be 'greedy' or 'gentleman' (got 'gentlemann')"),
    (["show", "sochi", "--rule", "players"], "preferans: --rule 'players': expected KEY=VALUE with a TOML value "
     "(players=4, whist.style=gentleman; preferans schema VARIANT lists the keys)"),
    (["config", "init", "sochi", "--rule", "pool=[1"], "preferans: --rule 'pool=[1': malformed TOML: "),
    (["play", "--variant", "sochi(players=5)"],
     "preferans: --variant 'sochi(players=5)': rules.players: Input should be less than or equal to 4 (got 5)"),
    (["solve", "AS KS QS JS 10S 9S 8S 7S AC KC | QC JC 10C 9C 8C 7C AD KD QD JD | 10D 9D 8D 7D AH KH QH JH 10H 9H "
      "| 7H 8H", "--rule", "pol=1"], "preferans: --rule: rules.pol: unknown key 'pol'; did you mean 'pool'?"),
])
def test_a_bad_rule_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1, err


def test_play_resume_refuses_a_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert main(["play", "--seed", "2", "--save", str(save), "--json"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "play", "--resume", str(save), "--rule", "pool=10")
    assert code == 2 and "--resume: --rule cannot be changed in a saved game" in err


# ---------------------------------------------------------------- command-line basics


def test_version_and_bare_help(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    code, out, _ = run(capsys, "--version")
    built = compiled_search() is not None  # the environment's choice (auto: compiled where gcc built it)
    assert code == 0 and out == f"preferans {version('preferans')} (solver: {'compiled' if built else 'pure Python'})\n"
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: preferans") and "play" in out and "COMMAND --help" in " ".join(out.split())


def test_version_names_the_pure_python_solver_when_asked_for(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.endswith(" (solver: pure Python)\n")
    monkeypatch.setenv("PREFERANS_SOLVER", "fast")  # not a backend: the one-line error, exit 2
    code, out, err = run(capsys, "--version")
    assert code == 2 and out == ""
    assert err == "preferans: PREFERANS_SOLVER: unknown solver backend 'fast' (allowed: auto, python, c)\n"


def test_searching_bots_on_the_pure_python_solver_get_a_note(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from preferans.core.cli.common import note_slow_solver
    from preferans.core.formats.saves import HUMAN
    from preferans.core.model.i18n import translator

    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    note_slow_solver(["heuristic", HUMAN, "easy", "random"], translator("en"))  # none of them searches
    assert capsys.readouterr() == ("", "")
    note_slow_solver(["pimc", "hard:samples=8", "heuristic", "pimc"], translator("en"))
    out, err = capsys.readouterr()  # once, each searching bot named once, in name order
    assert out == "" and err.count("\n") == 1
    assert "pure Python" in err and "bots hard:samples=8, pimc search less" in err
    if compiled_search("auto") is not None:  # the compiled solver in use: no note
        monkeypatch.setenv("PREFERANS_SOLVER", "auto")
        note_slow_solver(["hard", "normal"], translator("en"))
        assert capsys.readouterr() == ("", "")


def test_play_with_hints_notes_the_slow_solver(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # the hints are the hard bot's evaluation: the note names it though every seat plays at random
    import io

    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, _, err = run(capsys, "play", "--bots", "random", "--human", "2", "--seed", "3", "--hints")
    assert code == 0 and err.startswith("note: the double-dummy solver runs in pure Python here")
    assert "bots hard search less and may take about a second" in err


def test_serve_notes_the_slow_solver_for_the_bots_of_its_seat_menu(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # the seat menu offers every registered bot: the searching ones among them are normal, hard and pimc
    monkeypatch.setenv("PREFERANS_SOLVER", "python")
    monkeypatch.setattr("preferans.core.cli.serve.serve", lambda *args: None)  # no server: only the start
    code, _, err = run(capsys, "serve", "--port", "0")
    assert code == 0 and "bots hard, normal, pimc search less" in err and err.count("\n") == 1


@pytest.mark.parametrize(("argv", "prog"), [
    (["play", "--sed", "1"], "preferans play"),
    (["config", "init", "sochi", "--forse"], "preferans config init"),
    (["simulate", "--deals", "x"], "preferans simulate"),
    (["nothere"], "preferans"),
    (["ppn", "export", "x.json", "--jsn"], "preferans ppn export"),
])
def test_a_usage_error_points_at_the_subcommands_help(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                      prog: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(f"{prog}: error: ") and err.endswith(f" (see '{prog} --help')\n") and err.count("\n") == 1


def _options(parser: argparse.ArgumentParser, path: str) -> list[tuple[str, argparse.Action]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _options(sub, f"{path} {name}")
        elif not isinstance(action, argparse._HelpAction):
            found.append((path, action))
    return found


def test_every_option_of_every_subcommand_has_help() -> None:
    options = _options(build_parser(), "preferans")
    assert len(options) > 80  # every subcommand walked, the families' (ppn) too
    missing = [f"{path} {'/'.join(a.option_strings) or a.dest}" for path, a in options
               if not a.help or a.help == argparse.SUPPRESS]
    assert missing == []


# ---------------------------------------------------------------- --json of sheet and config check


def test_sheet_json(capsys: pytest.CaptureFixture[str]) -> None:
    card = str(ROOT / "examples" / "sochi-scorecard.toml")
    code, out, err = run(capsys, "sheet", card, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["file"] == card and data["variant"] == "sochi" and data["finished"] is True
    assert data["settlement"] == {"Anna": 47, "Boris": 97, "Vera": -144}  # docs/scorecard.md, worked by hand
    # the table as the Russian family prints it: a row per player with his pool 10 (every pool closed)
    rows = {row[0]: row for row in data["table"]["rows"]}
    assert set(rows) == {"Anna", "Boris", "Vera"}
    assert all("10" in row for row in rows.values())
    assert data["records"]  # the running records printed above the table


def test_config_check_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    path.write_text('variant = "leningrad"\n[rules]\nplayers = 4\n', encoding="utf-8")
    code, out, err = run(capsys, "config", "check", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data == {"file": str(path), "ok": True, "variant": "leningrad", "overrides": {"players": 4},
                    "rules": load_variant("leningrad", {"players": 4}).dump_rules()}
    assert data["rules"]["whist"]["style"] == "gentleman"  # Leningrad's preset, under the file's override


# ---------------------------------------------------------------- solve a saved game's deal


TOP = "AS KS QS JS 10S 9S 8S 7S AC KC | QC JC 10C 9C 8C 7C AD KD QD JD | 10D 9D 8D 7D AH KH QH JH 10H 9H | 7H 8H"


def _pack(deal: str) -> str:
    """The 32 cards in the order dealt: ten to the first hand, ten to the second, ten to the third, the talon."""
    cards: list[str] = []
    for part in deal.split("|"):
        mask = parse_cards(part)
        cards += [CARD_NAMES[c] for c in range(32) if mask >> c & 1]
    return " ".join(cards)


def test_solve_a_saved_games_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a game record whose second deal is TOP: deal 1 is played out by a bot, deal 2 is dealt, not played
    game = Game(load_variant("sochi"), seed=5)
    bot = HeuristicBot()
    while not game.results:
        game.apply(bot.choose(game, game.current_player))
    record = game.to_dict()
    # deal 1 as the seed shuffles it (the game above replays the same), deal 2 fixed to TOP
    record["deals"] = [" ".join(CARD_NAMES[c] for c in Game(load_variant("sochi"), seed=5).deal.pack), _pack(TOP)]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path), "--deal", "2", "--json")
    assert code == 0, err
    table = json.loads(out)
    assert table["deal"]["hands"][0] == ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AC", "KC"]
    assert sorted(table["deal"]["talon"]) == ["7H", "8H"]
    labels = [c["label"] for c in table["columns"]]
    first = dict(zip(labels, (c["tricks"] for c in table["rows"][0]["cells"]), strict=True))
    dealer = dict(zip(labels, (c["tricks"] for c in table["rows"][2]["cells"]), strict=True))
    # the first hand holds all eight spades and AC KC and leads (Sochi: first hand leads): in spades or in
    # no-trump he cashes eight spades nobody can follow or ruff, then AC and KC, the top clubs: 10 tricks
    assert first["S"] == 10 and first["NT"] == 10
    # the dealer declaring spades holds none, even with the talon (7H 8H): the first hand leads and takes
    # every spade, and the dealer has no trump to ruff with: 0 tricks
    assert dealer["S"] == 0
    # without --deal: deal 1, as dealt: its first hand is the first ten cards of its pack
    code, out, _ = run(capsys, "solve", str(path), "--json", "--declarer", "0")
    assert set(json.loads(out)["deal"]["hands"][0]) == set(record["deals"][0].split()[:10])
    code, out, err = run(capsys, "solve", str(path), "--deal", "3")
    assert code == 2 and err == "preferans: --deal: no deal 3 in this game: it has deals 1..2\n"
    code, out, err = run(capsys, "solve", str(path), "--deal", "0")
    assert code == 2 and err == ("preferans solve: error: argument --deal: '0' is not a deal number (deals are "
                                 "counted from 1) (see 'preferans solve --help')\n")


# ---------------------------------------------------------------- playthrough record|check, new-variant's line


def test_playthrough_record_reproduces_a_hand_checked_golden_file(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    golden = ROOT / "variants" / "sochi" / "playthroughs" / "suit-two-whisters.toml"
    out = tmp_path / "suit.toml"
    code, text, err = run(capsys, "playthrough", "record", "sochi", "--seed", "1", "--calls", "6S,pass,pass",
                          "--defence", "whist,whist", "--description", "suit-two-whisters", "-o", str(out))
    assert code == 0, err
    assert text == f"wrote {out}: check every number by hand against the rules before committing it\n"
    recorded, want = tomllib.loads(out.read_text(encoding="utf-8")), tomllib.loads(golden.read_text("utf-8"))
    assert recorded["actions"] == want["actions"]
    # the golden file's header works it by hand: 6S set by 4 (5/2/3), R = 134/3, -256/3, 122/3 -> 45, -85, 40
    assert recorded["settlement"] == {"exact": ["134/3", "-256/3", "122/3"], "rounded": [45, -85, 40]}
    code, _, err = run(capsys, "playthrough", "record", "sochi", "-o", str(out))
    assert code == 2 and err == f"preferans: {out}: file exists; use --force to overwrite it\n"
    code, text, _ = run(capsys, "playthrough", "check", str(out), str(golden))
    assert code == 0 and text.count(": ok (1 deal(s)") == 2
    broken = tmp_path / "broken.toml"
    broken.write_text(out.read_text(encoding="utf-8").replace('"134/3"', '"135/3"'), encoding="utf-8")
    code, text, _ = run(capsys, "playthrough", "check", str(broken))
    assert code == 1 and text.startswith(f"{broken}: FAILED: {broken}: settlement ")


@pytest.mark.parametrize(("output", "line"), [
    (".", "pip install -e ./mine"),
    ("src", "pip install -e ./src/mine"),
    ("../elsewhere", "pip install -e ../elsewhere/mine"),
    ("/abs/dir with space", "pip install -e '/abs/dir with space/mine'"),
])
def test_new_variant_prints_the_folder_to_install(output: str, line: str) -> None:
    from preferans.core.cli.new_variant import install_command

    assert install_command(Path(output) / "mine") == line


def test_solve_deal_of_a_ppn_file(capsys: pytest.CaptureFixture[str]) -> None:
    ppn = str(ROOT / "tests" / "data" / "ppn" / "balkan_sample.ppn")
    first = json.loads(run(capsys, "solve", ppn, "--declarer", "0", "--json")[1])["deal"]
    # --deal reads the game (pref_read_game), the plain form the first deal (pref_read_deal): the same hands
    assert json.loads(run(capsys, "solve", ppn, "--deal", "1", "--declarer", "0", "--json")[1])["deal"] == first
    second = json.loads(run(capsys, "solve", ppn, "--deal", "2", "--declarer", "0", "--json")[1])["deal"]
    assert second != first and sum(len(h) for h in second["hands"]) + len(second["talon"]) == 32
