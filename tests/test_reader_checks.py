"""Issue 17: the checks every reader shares: packs in the Game constructor, the seed rule, player names."""

from __future__ import annotations

import pytest

from preferans.core import Variant
from preferans.core.cli import main
from preferans.core.engine.game import Game
from preferans.core.model.errors import BadInput, check_names, excerpt, one_line


def test_a_pack_must_be_the_32_cards_once(sochi: Variant) -> None:
    with pytest.raises(BadInput, match=r"deals\[0\]: a pack is each of the 32 cards once \(got 32 cards, "
                                       r"1 different\)"):
        Game(sochi, 1, deals=[[0] * 32])
    with pytest.raises(BadInput, match=r"got 31 cards"):
        Game(sochi, 1, deals=[list(range(31))])
    game = Game(sochi, 1, deals=[list(range(32))])  # every card once: accepted
    assert game.deals == (tuple(range(32)),)


def test_seed_and_first_dealer(sochi: Variant) -> None:
    with pytest.raises(BadInput, match="seed: expected a whole number 0 or more, got -5"):
        Game(sochi, -5)
    with pytest.raises(BadInput, match=r"first_dealer: expected a seat 0..2, got 3"):
        Game(sochi, 1, 3)
    with pytest.raises(BadInput, match="first_dealer"):
        Game(sochi, 1, -1)
    assert Game(sochi, 5, 2).first_dealer == 2


@pytest.mark.parametrize("seed", ["-5", "\u0663", "x", "9" * 41])
def test_seed_option_refuses(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", seed, "--json"]) == 2
    err = capsys.readouterr().err
    assert "--seed" in err and len(err.splitlines()) == 1 and len(err) < 300


@pytest.mark.parametrize(("names", "message"), [
    (["Anna", "", "Vera"], r"names\[1\]: a player's name cannot be blank"),
    (["Anna", "  ", "Vera"], "cannot be blank"),
    (["Anna", "anna", "Vera"], "'anna' is listed twice"),
    (["Anna", "Bo\nris", "Vera"], r"names\[1\]: 'Bo\\nris': a player's name is printable"),
    (["Anna", "Bo\x00ris", "Vera"], "printable"),
    (["Anna", "b" * 41, "Vera"], "at most 40 characters"),
    (["Anna", 7, "Vera"], r"names\[1\]: a player's name is text, got 7"),
    (["Anna", "Boris"], "expected 3 player names, got 2"),
])
def test_names_refused(names: list[object], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        check_names(names, "names", 3)


def test_names_accepted() -> None:
    assert check_names(["Аня", "Борис", "\u0663"], "names", 3) == ["Аня", "Борис", "\u0663"]


def test_excerpt_is_short_and_escaped() -> None:
    assert excerpt("a" * 10_000_000) == repr("a" * 56)[:57] + "..."
    assert len(excerpt("a" * 10_000_000)) == 60
    assert excerpt("\x00") == "'\\x00'"
    assert excerpt(10 ** 5000).startswith("<an integer of about")
    assert one_line("x\x00y\nz") == "x\\x00y z"
    assert len(one_line("w" * 100_000)) == 5000


@pytest.mark.parametrize("argv", [
    ["simulate", "--deals", "5"],
    ["arena", "--bots", "random,random,random", "--deals", "2"],
    ["conformance", "sochi", "--deals", "2"],
])
def test_every_seed_option_takes_the_same_seeds(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # one rule for --seed everywhere: -5 is refused in one line (before, simulate and arena took it and
    # conformance failed its checks, exit 1)
    assert main([*argv, "--seed", "-5"]) == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "is not a seed" in err and len(err.splitlines()) == 1
