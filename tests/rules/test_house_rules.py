"""House rules without packaging: a local ``.py`` file given to ``load_variant(plugins=[...])`` or to
``--plugin`` on play, simulate, score, arena and conformance; and files (configs, saves, scorecards, PPN) that
name a plugin path are refused without importing it.

The effects are worked out by hand from the rule each file implements (comments at each test), not taken
from this code's output.
"""

from __future__ import annotations

import hashlib
import io
import json
import pickle
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from helpers import paths
from preferans.core import ConfigError, Game, load_config, load_variant
from preferans.core.cli import main
from preferans.core.model.errors import BadInput
from preferans.core.model.views import Redeal
from preferans.core.rules.config import config_from_dict
from preferans.core.rules.local import LocalPlugin

ROOT = paths.ROOT

# all pass: the cards are thrown in and dealt again, so no deal is ever a raspasovka
THROW_IN = '''
"""House rule: when everybody passes, the cards are thrown in."""
from preferans.core.plugin import Redeal, hookimpl


@hookimpl
def pref_all_pass(view, rules):
    return Redeal()
'''

# every pool entry of a deal is written a second time: a game made counts double on the pool
DOUBLE_POOL = '''
from preferans.core.plugin import Entry, hookimpl


@hookimpl
def pref_after_score(match, posted, rules):
    return [Entry("pool", e.seat, e.amount, note="house: pool doubled") for e in posted if e.account == "pool"]
'''

# a settlement that does not sum to zero: the conformance suite must catch it
BAD_SETTLE = '''
from fractions import Fraction
from preferans.core.plugin import Settlement, hookimpl


@hookimpl
def pref_settle(match, rules):
    return Settlement(tuple(Fraction(1) for _ in range(match.n_players)), tuple(1 for _ in range(match.n_players)))
'''


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def evil(folder: Path, name: str = "evil.py") -> tuple[Path, Path]:
    """A plugin file that leaves a marker file when it is imported (it never must be, from a data file)."""
    marker = folder / f"{name}.imported"
    path = write(folder, name, f"open({str(marker)!r}, 'w').write('imported')\n" + THROW_IN)
    return path, marker


# ---------------------------------------------------------------- the API


def test_load_variant_takes_a_path_a_py_string_or_a_module(tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    for item in (house, str(house)):
        variant = load_variant("sochi", plugins=[item])
        module = variant.stack[-1]
        assert module.__name__.startswith("_preferans_local_") and module.__file__ == str(house.resolve())
        assert [m.__name__ for m in variant.stack[:2]] == ["preferans.variants.russian", "preferans.variants.sochi"]
        # registered last, so its answer is the one pluggy returns first
        assert isinstance(variant.new_manager().hook.pref_all_pass(view=None, rules=variant.rules), Redeal)
        assert variant.title == "sochi + house.py"
        digest = hashlib.sha256(house.read_bytes()).hexdigest()
        assert variant.config_dict() == {"variant": "sochi", "plugins": [], "rules": {},
                                         "local_plugins": [{"file": "house.py", "sha256": digest}]}
    imported = LocalPlugin.read(house).module  # any module object a program already has
    variant = load_variant("sochi", plugins=[imported])
    assert variant.stack[-1] is imported
    assert variant.config_dict()["local_plugins"] == [{"module": imported.__name__}]
    plain = load_variant("sochi")
    assert "local_plugins" not in plain.config_dict() and plain.title == "sochi"


def test_the_same_file_loaded_twice_shares_no_state(tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN + "\nSEEN: list[int] = []\n")
    first, second = (load_variant("sochi", plugins=[house]) for _ in range(2))
    a, b = first.stack[-1], second.stack[-1]
    assert a is not b and a.__name__ != b.__name__
    a.SEEN.append(1)
    assert b.SEEN == []
    assert b not in first.stack and a not in second.stack
    assert len(load_variant("sochi").stack) == len(first.stack) - 1  # the plain variant is untouched


def test_a_game_record_needs_its_local_plugins_given_again(tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    variant = load_variant("sochi", plugins=[house])
    game = Game(variant, seed=1)
    while len(game.history) < 40 and not game.is_terminal:
        game.apply(game.legal_actions()[-1])
    text = game.to_json()
    assert str(tmp_path) not in text  # a record keeps the file's name and hash, never its path or code
    again = Game.from_json(text, plugins=variant.local_plugins)
    assert again.history == game.history and again.to_json() == text
    assert Game.from_json(text, plugins=[house]).to_json() == text  # the file read again: the same bytes
    with pytest.raises(ConfigError) as info:
        Game.from_json(text, "g.json")
    assert str(info.value).startswith("g.json: config: local_plugins: the game was played with the local "
                                      "plugin(s) house.py")
    with pytest.raises(ConfigError, match="played without local plugins"):
        Game.from_json(Game(load_variant("sochi"), seed=1).to_json(), plugins=[house])


def test_a_local_plugin_travels_to_a_worker_as_its_bytes(tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    plugin = LocalPlugin.read(house)
    here = plugin.module
    house.unlink()  # a Dask worker has no copy of the file
    there = pickle.loads(pickle.dumps(plugin))
    assert there.digest == plugin.digest and there.module is not here
    assert isinstance(there.module.pref_all_pass(None, None), Redeal)
    variant = config_from_dict(load_variant("sochi", plugins=[plugin]).config_dict(), "worker", [there])
    assert variant.stack[-1] is there.module


# ---------------------------------------------------------------- play, score, conformance


def test_play_with_a_house_rule_has_no_raspasovka(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    code, out, err = run(capsys, "play", "--seed", "1")
    assert code == 0, err
    plain = [line for line in out.splitlines() if line.startswith("deal ")]
    assert any("raspasovka" in line for line in plain)  # seed 1 has all-pass deals played as raspasovka
    code, out, err = run(capsys, "play", "--seed", "1", "--plugin", str(house))
    assert code == 0, err
    assert out.splitlines()[0].startswith("Sochi + house.py pulka, seed 1: ")
    deals = [line for line in out.splitlines() if line.startswith("deal ")]
    # the house rule answers every all pass with Redeal: the cards are thrown in, never played out
    assert deals and not any("raspasovka" in line for line in deals)
    # a different game: the all-pass deals are thrown in, and a thrown-in deal scores nothing (Russian
    # scoring honours DealResult.outcome == "thrown_in": no raspasovka entries, no pool point)
    redeals = [line for line in deals if "redeal" in line]
    assert redeals and all(line.endswith("wrote nothing") for line in redeals)


SCORECARD = """
variant = "sochi"
players = ["Anna", "Boris", "Vera"]

[rules]
pool = 10

[[deal]]
declarer = "Boris"
contract = "7H"
defence = { Vera = "whist", Anna = "pass" }
tricks = { Anna = 0, Boris = 7, Vera = 3 }
"""


def test_score_with_a_house_rule_changes_what_the_deal_scores(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    card = write(tmp_path, "card.toml", SCORECARD)
    double = write(tmp_path, "double.py", DOUBLE_POOL)
    code, out, err = run(capsys, "score", str(card), "--json")
    assert code == 0, err
    plain = json.loads(out)
    # Boris makes 7H: the Sochi price of a seven, 4, on his pool; Vera whists alone and writes 3 tricks x 4 = 12
    assert plain["sheet"]["Boris"] == {"pool": 4} and plain["sheet"]["Vera"] == {"whists": {"Boris": 12}}
    code, out, err = run(capsys, "score", str(card), "--json", "--plugin", str(double))
    assert code == 0, err
    house = json.loads(out)
    # the house rule writes the pool entry again: 4 + 4 = 8 (below the pool of 10, nothing overflows)
    assert house["sheet"]["Boris"] == {"pool": 8} and house["sheet"]["Vera"] == {"whists": {"Boris": 12}}
    assert [e["amount"] for e in house["deals"][0]["entries"] if e["account"] == "pool"] == [4, 4]
    # settlement: whists net plus 10 x (pool - mean pool), mountains all 0. Plain: pools 0/4/0, mean 4/3:
    # Boris -12 + 10 x 8/3 = 44/3, Vera 12 - 40/3 = -4/3, Anna -40/3. House: pools 0/8/0, mean 8/3:
    # Boris -12 + 10 x 16/3 = 124/3, Vera 12 - 80/3 = -44/3, Anna -80/3.
    assert plain["settlement_exact"] == {"Anna": "-40/3", "Boris": "44/3", "Vera": "-4/3"}
    assert house["settlement_exact"] == {"Anna": "-80/3", "Boris": "124/3", "Vera": "-44/3"}
    code, out, err = run(capsys, "score", str(card), "--plugin", str(double))
    assert code == 0, err
    assert "Boris pool +8" in out.splitlines()[0]


# the thrown-in house rule made whole: a raspasovka can no longer happen, so its row goes too
NO_RASPASOVKA_ROW = THROW_IN + '''

@hookimpl(wrapper=True)
def pref_register_contracts(contracts, rules):
    yield
    contracts.remove("raspasovka")
'''


DECLARED = NO_RASPASOVKA_ROW + '''

DEVIATIONS = {"RUS-BID-03": "an all-pass deal is thrown in and dealt again, never played as a raspasovka"}
'''


@pytest.mark.slow
@pytest.mark.subprocess
def test_conformance_runs_the_suite_with_the_house_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # throwing the cards in without saying so: Sochi's golden raspasovka no longer replays (its sixth call, a
    # card of the raspasovka, is refused: the auction goes on after a redeal) and the stack without the file
    # answers pref_all_pass otherwise; each failure says what to declare
    undeclared = write(tmp_path, "undeclared.py", NO_RASPASOVKA_ROW)
    code, out, err = run(capsys, "conformance", "--plugin", str(undeclared), "sochi", "--deals", "8")
    assert code == 1
    assert "Sochi: FAILED test_golden_playthroughs_replay: sochi/playthroughs/raspasovka.toml: " in out
    assert "which declares no deviation" in out
    assert "Sochi: FAILED test_plugins_change_only_what_they_declare: pref_all_pass (auction): " in out
    # declared (RUS-BID-03, the all-pass deal played as a raspasovka), the same file passes every check
    house = write(tmp_path, "house.py", DECLARED)
    code, out, err = run(capsys, "conformance", "--plugin", str(house), "sochi", "--deals", "8")
    assert code == 0, out + err
    assert "with the local plugin(s) house.py" in out
    row = next(line.split() for line in out.splitlines() if line.startswith("Sochi "))  # by its name
    passed, failed = int(row[1]), int(row[2])
    assert row[-1] == "ok" and passed >= 20 and failed == 0
    # a declaration naming no rule is refused before anything runs: one line, the file and the key, exit 2
    typo = write(tmp_path, "typo.py", NO_RASPASOVKA_ROW + '\nDEVIATIONS = {"RUS-BID-3": "typo"}\n')
    code, out, err = run(capsys, "conformance", "--plugin", str(typo), "sochi")
    assert code == 2 and one_line(err).startswith(f"preferans: --plugin {typo}: DEVIATIONS['RUS-BID-3']: not a rule ")
    assert "did you mean 'RUS-BID-03'?" in err
    # the file's hooks are played with: a settlement that does not sum to 0 is refused (as play refuses it) by
    # the few deals played before the suite, one line naming the file and the hook, not a suite of failures
    bad = write(tmp_path, "bad_settle.py", BAD_SETTLE)
    code, out, err = run(capsys, "conformance", "--plugin", str(bad), "sochi", "--deals", "8")
    assert code == 2 and not out
    assert one_line(err) == (f"preferans: --plugin {bad}: pref_settle answered a settlement that sums to 3, not 0: "
                             "the variant is zero-sum (docs/hooks.md)")
    code, out, err = run(capsys, "conformance", "sochi", "--plugin", str(tmp_path / "missing.py"))
    assert code == 2 and one_line(err) == f"preferans: --plugin {tmp_path / 'missing.py'}: file not found"


@pytest.mark.slow
@pytest.mark.subprocess
def test_the_pytest_option_checks_the_file_first(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs",
                           "preferans.core.testing.conformance", "--preferans-variant=sochi", "--collect-only",
                           f"--preferans-plugin={tmp_path / 'nothere.py'}"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 4  # pytest's usage error
    assert f"--preferans-plugin {tmp_path / 'nothere.py'}: file not found" in proc.stderr


@pytest.mark.slow
def test_simulate_and_arena_take_the_plugin_to_their_workers(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    args = ["simulate", "--deals", "300", "--seed", "1", "--json"]
    plain = json.loads(run(capsys, *args)[1])
    assert plain["distribution"]["raspasovka"] > 0 and "local_plugins" not in plain
    runs = []
    for jobs in ("1", "2"):
        code, out, err = run(capsys, *args, "--plugin", str(house), "--jobs", jobs)
        assert code == 0, err
        data = json.loads(out)
        data.pop("seconds"), data.pop("deals_per_second")
        runs.append(data)
    assert runs[0] == runs[1]  # worker processes execute the same bytes
    assert runs[0]["local_plugins"] == ["house.py"] and "raspasovka" not in runs[0]["distribution"]
    arena = ["arena", "--bots", "heuristic,random,random", "--deals", "10", "--json", "--plugin", str(house)]
    one, two = (json.loads(run(capsys, *arena, "--jobs", jobs)[1]) for jobs in ("1", "2"))
    assert one == two and one["local_plugins"] == ["house.py"]


@pytest.mark.slow
def test_simulate_with_a_plugin_on_dask_equals_local(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
    house = write(tmp_path, "house.py", THROW_IN)
    argv = ["simulate", "--deals", "300", "--seed", "2", "--bots", "random", "--json", "--plugin", str(house)]
    code, local, err = run(capsys, *argv)
    assert code == 0, err
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        code, remote, err = run(capsys, *argv, "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    timing = ("seconds", "deals_per_second")
    assert {k: v for k, v in json.loads(local).items() if k not in timing} == {
        k: v for k, v in json.loads(remote).items() if k not in timing}


# ---------------------------------------------------------------- play --save / --resume


def play_human(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str,
               *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return run(capsys, "play", *argv)


def test_a_save_records_the_local_plugin_and_resume_checks_it(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    save = tmp_path / "g.json"
    code, out, err = play_human(capsys, monkeypatch, "1\nq\n", "--human", "0", "--plugin", str(house),
                                "--save", str(save))
    assert code == 0, err
    assert f"continue with: preferans play --resume {save} --plugin {house})" in out
    text = save.read_text(encoding="utf-8")
    assert str(tmp_path) not in text and "THROW" not in text and "Redeal" not in text  # no path, no code
    config = json.loads(text)["game"]["config"]
    assert config["plugins"] == []
    assert config["local_plugins"] == [{"file": "house.py", "sha256": hashlib.sha256(house.read_bytes()).hexdigest()}]

    code, _, err = play_human(capsys, monkeypatch, "q\n", "--resume", str(save))
    assert code == 2
    assert one_line(err) == (f"preferans: {save}: game: config: local_plugins: the game was played with the local "
                             "plugin(s) house.py, which a record names but never loads; give them again "
                             "(--plugin house.py)")
    moved = write(tmp_path / "elsewhere", "house.py", THROW_IN)  # the same name and bytes, another folder
    code, out, err = play_human(capsys, monkeypatch, "q\n", "--resume", str(save), "--plugin", str(moved))
    assert code == 0, err
    assert re.match(rf"resumed {re.escape(str(save))}: deal \d+, after \d+ actions\n", out)

    changed = write(tmp_path / "changed", "house.py", THROW_IN + "\n# one more line\n")
    code, _, err = play_human(capsys, monkeypatch, "q\n", "--resume", str(save), "--plugin", str(changed))
    assert code == 2 and f"--plugin {changed} has changed since the game was recorded" in one_line(err)
    other = write(tmp_path, "other.py", THROW_IN)
    code, _, err = play_human(capsys, monkeypatch, "q\n", "--resume", str(save), "--plugin", str(other))
    assert code == 2
    assert one_line(err).endswith("played with the local plugin(s) house.py (in this order), not other.py")

    plain = tmp_path / "plain.json"
    assert play_human(capsys, monkeypatch, "q\n", "--human", "0", "--save", str(plain))[0] == 0
    code, _, err = play_human(capsys, monkeypatch, "q\n", "--resume", str(plain), "--plugin", str(house))
    assert code == 2 and "the game was played without local plugins" in one_line(err)


# ---------------------------------------------------------------- files that name a path are refused


def test_a_config_that_names_a_plugin_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, marker = evil(tmp_path)
    for name, body in (("game.toml", f'variant = "sochi"\nplugins = [{json.dumps(str(path))}]\n'),
                       ("rel.toml", 'variant = "sochi"\nplugins = ["evil.py"]\n'),
                       ("game.json", json.dumps({"variant": "sochi", "plugins": ["./evil"]}))):
        config = write(tmp_path, name, body)
        for extra in ([], ["--plugin", str(write(tmp_path, "house.py", THROW_IN))]):
            code, _, err = run(capsys, "play", "--config", str(config), *extra)
            line = one_line(err)
            assert code == 2
            assert line.startswith(f"preferans: {config}: plugins: unknown plugin ")
            assert "may name only installed plugins" in line and "only through --plugin" in line
        with pytest.raises(ConfigError):
            load_config(config)
    config = write(tmp_path, "local.toml", 'variant = "sochi"\nlocal_plugins = [{file = "evil.py", sha256 = "0"}]\n')
    code, _, err = run(capsys, "play", "--config", str(config), "--plugin", str(path))
    assert code == 2 and "local_plugins: unknown key 'local_plugins'" in one_line(err)
    assert marker.exists()  # named with --plugin, the file was imported: the refusal was the config's
    marker.unlink()
    config = write(tmp_path, "again.toml", 'variant = "sochi"\nplugins = ["evil.py"]\n')
    assert run(capsys, "simulate", "--config", str(config), "--deals", "1")[0] == 2
    assert run(capsys, "arena", "--config", str(config), "--deals", "1", "--bots", "random,random,random")[0] == 2
    assert not marker.exists()


def test_a_save_that_names_a_plugin_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, marker = evil(tmp_path)
    save = tmp_path / "g.json"
    assert run(capsys, "play", "--seed", "2", "--save", str(save))[0] == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    for entry in (str(path), "evil.py"):
        data["game"]["config"]["plugins"] = [entry]
        save.write_text(json.dumps(data), encoding="utf-8")
        code, _, err = run(capsys, "play", "--resume", str(save))
        assert code == 2
        line = one_line(err)
        assert line.startswith(f"preferans: {save}: game: config: plugins: unknown plugin {entry!r}: a file path")
        assert "only through --plugin on the command line" in line
        assert run(capsys, "sheet", str(save))[0] == 2
    # a forged local_plugins entry loads nothing either: it only names what --plugin must give
    data["game"]["config"]["plugins"] = []
    data["game"]["config"]["local_plugins"] = [{"file": str(path), "sha256": "0"}]
    save.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "play", "--resume", str(save))
    assert code == 2 and "local_plugins: the game was played with the local plugin(s)" in one_line(err)
    assert not marker.exists()


def test_a_scorecard_or_ppn_file_that_names_a_plugin_file_is_refused(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    path, marker = evil(tmp_path)
    card = write(tmp_path, "card.toml", SCORECARD.replace('variant = "sochi"',
                                                          f'variant = "sochi"\nplugins = [{json.dumps(str(path))}]'))
    code, _, err = run(capsys, "score", str(card))
    assert code == 2 and one_line(err).startswith(f"preferans: {card}: plugins: unknown plugin ")
    sample = (ROOT / "tests" / "data" / "ppn" / "balkan_sample.ppn").read_text(encoding="utf-8")
    ppn = write(tmp_path, "g.ppn", sample.replace("[Bula 30]", f'[Bula 30]\n[Plugins "{path}"]', 1))
    code, _, err = run(capsys, "ppn", "import", str(ppn))
    assert code == 2 and "tag Plugins: unknown plugin " in one_line(err)
    assert not marker.exists()


# ---------------------------------------------------------------- a bad plugin file: one line, exit 2


BAD_FILES = {
    "missing.py": (None, "file not found"),
    "house.txt": (THROW_IN, "not a .py file"),
    "syntax.py": ("from preferans.core.plugin import hookimpl\n@hookimpl\ndef pref_all_pass(view, rules)\n"
                  "    return None\n", "line 3: syntax error: "),
    "imports.py": ("import nothere_at_all_module\n", "cannot be imported (line 1): ModuleNotFoundError: "),
    "raises.py": ("x = 1\nraise RuntimeError('house rule not finished')\n",
                  "cannot be imported (line 2): RuntimeError: house rule not finished"),
    "misspelt.py": (THROW_IN.replace("def pref_all_pass", "def pref_all_pas"),
                    "pref_all_pas is marked @hookimpl but is not a hook; did you mean 'pref_all_pass'?"),
    "unmarked.py": (THROW_IN.replace("@hookimpl\n", ""), "pref_all_pass is not marked @hookimpl"),
    "arguments.py": (THROW_IN.replace("(view, rules)", "(view, rule)"),
                     "pref_all_pass(view, rule): 'rule' is not an argument of this hook (it takes: view, rules)"),
    "nothing.py": ("X = 1\n", "defines no hook"),
    # the second fuzzing pass: an internal error or a silent exit 0 before
    "HOUSE.PY": (THROW_IN, "not a .py file"),
    "exits.py": ("raise SystemExit(0)\n", "cannot be imported (line 1): SystemExit: 0"),
    "deep.py": ("x = " + "-" * 100_000 + "1\n", "cannot be compiled: nested too deeply ("),
    "keywords.py": (THROW_IN.replace("(view, rules)", "(view, *, rules)"),
                    "pref_all_pass: rules is keyword-only, but a hook is given its arguments by position "
                    "(write def pref_all_pass(view, rules))"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_plugin_file_is_one_line_naming_it(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                name: str) -> None:
    text, words = BAD_FILES[name]
    path = tmp_path / name if text is None else write(tmp_path, name, text)
    card = write(tmp_path, "card.toml", SCORECARD)
    for argv in (["play"], ["simulate", "--deals", "1"], ["score", str(card)],
                 ["arena", "--deals", "1", "--bots", "random,random,random"], ["conformance", "sochi"]):
        code, out, err = run(capsys, *argv, "--plugin", str(path))
        assert code == 2, (argv, out, err)
        line = one_line(err)
        assert line.startswith(f"preferans: --plugin {path}: ") and words in line, line
        assert not out
    with pytest.raises(BadInput) as info:
        load_variant("sochi", plugins=[path])
    assert str(info.value).startswith(f"{path}: ") and words in str(info.value)
    stem = Path(name).stem
    # a file that fails while it runs leaves no module behind
    assert not [m for m in sys.modules if m.startswith("_preferans_local_") and m.endswith(f"_{stem}")
                and name in ("imports.py", "raises.py")]


# ---------------------------------------------------------------- the documented house rule


def test_the_documented_house_rule_is_one_short_file_that_works(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    doc = (ROOT / "docs" / "writing-a-variant.md").read_text(encoding="utf-8")
    section = doc.split("## A house rule in one file", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    source = code.group(1)
    assert len(source.strip().splitlines()) < 15
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert imports and all(line.startswith("from preferans.core.plugin import ") for line in imports)
    for command in ("play --plugin house.py", "score card.toml --plugin house.py",
                    "conformance --plugin house.py sochi"):
        assert f"preferans {command}" in section
    house = write(tmp_path, "house.py", source)
    code_, out, err = run(capsys, "play", "--seed", "1", "--plugin", str(house))
    assert code_ == 0, err
    assert not any("raspasovka" in line for line in out.splitlines() if line.startswith("deal "))


# ---------------------------------------------------------------- a hook's answer is checked (games with --plugin)

HOOK = "from fractions import Fraction\nfrom preferans.core.plugin import Entry, Settlement, TakeTalon, hookimpl\n\n\n"
WRONG_ANSWERS = {
    # a call no rule knows: the bots bid it and the auction went on for ever
    "word.py": ("@hookimpl\ndef pref_auction_legal(view, seat, rules):\n    return ['bogus']\n",
                "pref_auction_legal answered 'bogus', which is not a call of the variant (pass, a contract name or a "
                "word of its [calls] table)"),
    # a call the variant knows, bid by everybody for ever: no rule ends the auction
    "endless.py": ("@hookimpl\ndef pref_auction_legal(view, seat, rules):\n    return ['6S']\n",
                   "pref_auction_step answered 500 times in one deal without ending it: its answers must end the deal "
                   "(docs/hooks.md)"),
    "talon.py": ("@hookimpl\ndef pref_declaration_step(view, rules):\n    return TakeTalon(view.declarer)\n",
                 "pref_declaration_step answered TakeTalon(seat=0) (TakeTalon), which changes nothing now: the deal "
                 "would never go on (docs/hooks.md)"),
    "type.py": ("@hookimpl\ndef pref_auction_legal(view, seat, rules):\n    return 42\n",
                "pref_auction_legal answered 42 (int), not list[str] (docs/hooks.md)"),
    "empty.py": ("@hookimpl\ndef pref_auction_legal(view, seat, rules):\n    return []\n",
                 "pref_auction_legal answered no call: at least one call must be legal"),
    "float.py": ("@hookimpl\ndef pref_after_score(match, posted, rules):\n"
                 "    return [Entry('pool', e.seat, 0.5) for e in posted if e.account == 'pool']\n",
                 "pref_after_score answered the amount 0.5: an amount is an int or a Fraction, never a float"),
    "settle.py": ("@hookimpl\ndef pref_settle(match, rules):\n    n = match.n_players\n"
                  "    return Settlement(tuple(Fraction(1) for _ in range(n)), tuple(1 for _ in range(n)))\n",
                  "pref_settle answered a settlement that sums to 3, not 0: the variant is zero-sum (docs/hooks.md)"),
    "dealer.py": ("@hookimpl\ndef pref_next_dealer(match, result, rules):\n    return 7\n",
                  "pref_next_dealer answered the seat 7, not one of 0, 1, 2"),
    "exit.py": ("@hookimpl\ndef pref_all_pass(view, rules):\n    raise SystemExit(0)\n",
                "pref_all_pass raised SystemExit: 0 (line 7)"),
    "raises.py": ("@hookimpl\ndef pref_all_pass(view, rules):\n    return {}['x']\n",
                  "pref_all_pass raised KeyError: 'x' (line 7)"),
}


@pytest.mark.parametrize("name", sorted(WRONG_ANSWERS))
def test_a_wrong_answer_of_a_hook_is_one_line_naming_the_file_and_the_hook(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    text, words = WRONG_ANSWERS[name]
    path = write(tmp_path, name, HOOK + text)
    code, out, err = run(capsys, "play", "--seed", "1", "--plugin", str(path), "--json")
    assert code == 2, (out[-500:], err)
    assert one_line(err) == f"preferans: --plugin {path}: {words}"
    assert len(err) < 300


def test_the_endless_auction_is_refused_by_simulate_workers_and_conformance(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "word.py", HOOK + WRONG_ANSWERS["word.py"][0])
    words = WRONG_ANSWERS["word.py"][1]
    for argv in (["simulate", "--deals", "4", "--jobs", "2"], ["conformance", "sochi", "--deals", "2"]):
        code, out, err = run(capsys, *argv, "--plugin", str(path))
        assert code == 2, (argv, out[-500:], err)
        assert one_line(err) == f"preferans: --plugin {path}: {words}"


def test_a_file_given_twice_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    house = write(tmp_path, "house.py", THROW_IN)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "play", "--plugin", "house.py", "--plugin", "./house.py")
    assert code == 2 and not out
    assert one_line(err) == ("preferans: --plugin ./house.py: given twice: a plugin file is applied once, so name it "
                             "once")
    with pytest.raises(BadInput, match="given twice"):
        load_variant("sochi", plugins=[house, Path("house.py")])


def test_a_plain_game_keeps_the_plain_rulebook(tmp_path: Path) -> None:
    """The checks cost nothing in a game without local plugins: its hooks are called as before."""
    from preferans.core.rules.checked import CheckedRulebook
    from preferans.core.rules.manager import Rulebook

    plain = Game(load_variant("sochi"), seed=1)
    assert type(plain.match.book) is Rulebook
    house = Game(load_variant("sochi", plugins=[write(tmp_path, "house.py", THROW_IN)]), seed=1)
    assert isinstance(house.match.book, CheckedRulebook)
