"""The human table (``preferans play --human``): calls shown with the suit symbols the hands use (letters
where standard output cannot write them), typed and saved by their keys; and ``--hints`` at the calls the
hard bot leaves to plain pimc (the Austrian auction), valued all the same (core/cli/hints.py,
``played_out`` in core/ai/levels.py)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from preferans.core import Game, load_variant
from preferans.core.ai.levels import played_out
from preferans.core.ai.solver import compiled_search
from preferans.core.cli import main
from preferans.core.cli.common import ShownCalls, writes_suit_symbols
from preferans.core.model.i18n import ENGLISH, translator

# Sochi, seed 2, Boris (seat 1) is the first hand of deal 1 (Anna deals): nobody has called, so every opening
# call is his to choose, in the Russian order of the suits (spades, clubs, diamonds, hearts, no trumps) and
# levels: pass, 6S 6C 6D 6H 6NT, 7S 7C ... The first line of the menu holds eight of them.
SYMBOLS_LINE = "   1) pass    2) 6♠    3) 6♣    4) 6♦    5) 6♥    6) 6NT    7) 7♠    8) 7♣"
LETTERS_LINE = "   1) pass    2) 6S    3) 6C    4) 6D    5) 6H    6) 6NT    7) 7S    8) 7C"


def test_an_english_table_shows_calls_with_suit_symbols_and_saves_their_keys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("6H\nq\n"))  # 6H typed as the key; the game is saved: q stops
    assert main(["play", "--human", "1", "--seed", "2", "--save", str(save)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert SYMBOLS_LINE in lines and LETTERS_LINE not in lines
    # the typed key made the call: the next situation names it with the hearts symbol, after the two others
    assert any(line.startswith("auction: Boris 6♥, ") for line in lines)
    # the save keeps the key, not the shown form
    assert json.loads(save.read_text(encoding="utf-8"))["game"]["actions"][0] == "6H"


def test_the_symbol_typed_is_the_same_call(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("6♥\nq\n"))
    assert main(["play", "--human", "1", "--seed", "2", "--save", str(save)]) == 0
    assert json.loads(save.read_text(encoding="utf-8"))["game"]["actions"][0] == "6H"


@pytest.mark.subprocess
def test_an_ascii_only_stdout_shows_the_calls_with_letters() -> None:
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", "play", "--human", "1", "--seed", "2"],
                         input="6H\nq\ny\n", capture_output=True, text=True, encoding="ascii", errors="replace",
                         check=False, env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "ascii"})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert LETTERS_LINE in lines
    assert any(line.startswith("auction: Boris 6H, ") for line in lines)  # 6H typed still makes the call
    # the hand keeps the escapes of an output that cannot write the symbols (as before): \u2660 for spades
    assert any(line.startswith("your hand: \\u2660 ") for line in lines)


def test_the_suit_of_a_call_follows_the_output() -> None:
    # English has no catalogue: the symbol comes from the table's translator; the no-trump word stays NT
    assert ShownCalls(ENGLISH).call("6H") == "6♥" and ShownCalls(ENGLISH).call("7NT") == "7NT"
    assert ShownCalls(ENGLISH, symbols=False).call("6H") == "6H"
    assert ShownCalls(ENGLISH).call("pass") == "pass" and ShownCalls(ENGLISH).contract("misere") == "misere"
    # Russian: its catalogue's symbols and БК (без козыря), letters for an output that cannot write them
    ru = translator("ru", load_variant("sochi").locale_dirs)
    assert ShownCalls(ru).call("6H") == "6♥" and ShownCalls(ru).call("7NT") == "7БК"
    assert ShownCalls(ru, symbols=False).call("6H") == "6H" and ShownCalls(ru).call("pass") == "пас"
    assert ShownCalls(ru).gettext("hint: {moves}") == "подсказка: {moves}"
    # which outputs can write the symbols
    assert writes_suit_symbols(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not writes_suit_symbols(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert not writes_suit_symbols(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    assert writes_suit_symbols(io.StringIO())  # text in memory: no encoding to fail


# ---------------------------------------------------------------- hints at a call the hard bot leaves to pimc

needs_compiled = pytest.mark.skipif(compiled_search() is None,
                                    reason="the calls are played out only with the compiled solver")

MOVE = re.compile(r"(\S+) \((?:expected )?([+-]\d+\.\d)(?: stakes)?\)")


@needs_compiled
def test_an_austrian_call_hint_values_several_calls(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # Austrian, seed 2: Boris (seat 1) opens the auction of deal 1, before any bot has called. The family's
    # presets leave the auction to plain pimc ([bots] hard_calls = 2: the declaration only), so the hint
    # values the candidate calls by playing them out and names the bot's own call after them.
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\ny\n"))
    assert main(["play", "--variant", "austrian", "--human", "1", "--hints", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if line.startswith("hint"))
    found = re.fullmatch(r"hint \(played out\): (.+); the hard bot itself calls (\S+) here \(plain pimc\)", hint)
    assert found, hint
    moves = MOVE.findall(found[1])
    assert len(moves) >= 2 and found[1].startswith(f"{moves[0][0]} (expected ")  # the first says what it is
    assert " stakes)" in found[1]  # the Austrian settlement's unit
    values = [float(v) for _, v in moves]
    assert values == sorted(values, reverse=True)  # best first
    menu = out.split("your choices:")[1].split("hint")[0]
    for action, _ in moves:
        assert f") {action} " in menu + " "  # each a call of the menu, written as the menu writes it
    assert f") {found[2]} " in menu + " "


@needs_compiled
def test_passing_out_a_thrown_in_deal_is_worth_nothing() -> None:
    # Austrian, deal 1, Anna (seat 0) deals and calls last. Boris and Vera pass: if she passes too, all
    # three have passed, the cards are thrown in and nobody pays (the pot stays; the next dealer, Boris,
    # antes for deal 2, not Anna): her settlement changes by exactly 0 in every layout.
    game = Game(load_variant("austrian"), 2)
    game.apply("pass")
    game.apply("pass")
    assert game.current_player == 0 and "pass" in game.legal_actions()
    rows = played_out(game, 0, k=20)  # every candidate the valuation played out (pass always among them)
    by_call = {row.action: row for row in rows}
    assert by_call["pass"].value == 0.0 and by_call["pass"].measure == "settlement"
    assert len(rows) >= 2 and all(row.action in game.legal_actions() for row in rows)
    values = [row.value for row in rows if row.value is not None]
    assert values == sorted(values, reverse=True)


@needs_compiled
def test_no_played_out_values_where_the_hard_bot_values_the_calls_itself() -> None:
    # the Austrian declaration is the hard bot's own (hard_calls = 2), as the Sochi auction is (hard_calls = 3:
    # auction and declaration): the hint shows the values it chose by, and played_out adds nothing
    sochi = Game(load_variant("sochi"), 2)
    assert sochi.phase.value == "auction" and played_out(sochi, sochi.current_player) == []
