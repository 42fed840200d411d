"""``preferans analyse``: every card of a saved game against double-dummy play, on deals worked by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from preferans.core import Game, load_variant
from preferans.core.cli import main
from preferans.core.model.cards import parse_card

# Sochi, first dealer seat 0, so seat 1 is the first hand (the first ten cards of the pack), seat 2 the
# second, seat 0 the dealer. Seat 1 will play 7S with spades trump:
FIRST = "AS KS QS JS 10S 9S 8S AC KC 7D"   # seven top trumps, the two top clubs, a small diamond
SECOND = "7S AD KD QD JD 10D 9D 8D AH KH"  # the last trump, no club
DEALER = "QC JC 10C 9C 8C 7C QH JH 10H 9H"
TALON = "8H 7H"
# Double-dummy at the first card: 9 tricks. At most 9: the 7D loses, as seat 2 keeps his AD to the end (he
# never has to play a diamond before it: the declarer has one diamond, and seat 2 can throw hearts and small
# diamonds on spade and club leads). 9: AS draws the 7S (seat 2 must follow spades), then six more spades,
# AC and KC (nobody can trump), then 7D.
BIDDING = ["6S", "pass", "pass", "8H", "7H", "7S", "whist", "pass"]
# Leading AC first is the blunder: seat 2, void in clubs, must trump and his 7S wins; the 7D still loses
# later, so 8 tricks: AC cost 1. The best first cards are every spade (AS..8S: the trump is drawn) and the
# 7D (it is lost once anyway; whatever seat 2 leads back, the declarer ruffs and draws the 7S): 9 each.
# After it nothing else can cost: the declarer's seven trumps and KC are winners, and the defence's AD is a
# winner whenever it is played.
BLUNDER = ["AC", "7S", "7C",          # trick 1: ruffed by seat 2 (who plays seat 0's hand too, a lone whist)
           "AD", "9H", "7D",          # trick 2: seat 2 cashes AD (then seat 0, then the declarer plays)
           "KD", "10H", "8S",         # trick 3: the declarer ruffs
           "AS", "QD", "JH", "KS", "JD", "QH", "QS", "10D", "8C", "JS", "9D", "9C",
           "10S", "8D", "10C", "9S", "AH", "JC", "KC", "KH", "QC"]
# The same deal played well: AS draws the trump, the spades and clubs follow, 7D is the one loser.
PERFECT = ["AS", "7S", "9H", "KS", "KH", "10H", "QS", "AH", "JH", "JS", "8D", "QH", "10S", "9D", "7C",
           "9S", "10D", "8C", "8S", "JD", "9C", "AC", "QD", "10C", "KC", "KD", "JC", "7D", "AD", "QC"]


def saved_game(tmp_path: Path, cards: list[str], name: str) -> Path:
    """A game record (the format `ppn export` and `analyse` read) of one deal played with ``cards``."""
    pack = [parse_card(c) for c in f"{FIRST} {SECOND} {DEALER} {TALON}".split()]
    game = Game(load_variant("sochi"), 0, deals=[pack])
    for action in BIDDING + cards:
        game.apply(action)
    assert len(game.results) == 1
    path = tmp_path / name
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def analyse_json(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, object]:
    code = main(["analyse", str(path), "--json", "--deals", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_the_blunder_is_marked_with_its_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = analyse_json(capsys, saved_game(tmp_path, BLUNDER, "blunder.json"))
    assert set(data) == {"log", "variant", "players", "deals"}
    (deal,) = data["deals"]  # type: ignore[misc]
    assert deal["contract"] == "7S" and deal["declarer"] == 1 and deal["kind"] == "contract"
    assert deal["dd_start"] == [9] and deal["actual"] == [8]
    assert deal["costly"] == [{
        "trick": 1, "hand": 1, "player": "Boris", "card": "AC", "lost": 1,
        "best": ["8S", "9S", "10S", "JS", "QS", "KS", "AS", "7D"],
    }]


def test_perfect_play_has_no_costly_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(tmp_path, PERFECT, "perfect.json")
    data = analyse_json(capsys, path)
    (deal,) = data["deals"]  # type: ignore[misc]
    assert deal["dd_start"] == [9] and deal["actual"] == [9] and deal["costly"] == []
    code = main(["analyse", str(path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "7S by Boris; double-dummy at the first card: 9 tricks; taken: 9" in out
    assert "no costly card" in out


def test_a_bad_log_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["analyse", str(tmp_path / "missing.json")])
    _, err = capsys.readouterr()
    assert code == 2 and err == f"preferans: {tmp_path / 'missing.json'}: file not found\n"
    path = tmp_path / "other.json"
    path.write_text('{"format": "something"}', encoding="utf-8")
    code = main(["analyse", str(path)])
    _, err = capsys.readouterr()
    assert code == 2 and err == f"preferans: {path}: not a saved game (play --save), a game record or a PPN file\n"
    code = main(["analyse", str(path), "--deals", "0"])
    _, err = capsys.readouterr()
    assert code == 2 and err == "preferans: --deals: expected a positive number of deals, got 0\n"


def test_a_saved_bot_game_is_analysed_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a few deals of a bot game through the play --save format; raspasovka deals are valued per hand
    log = tmp_path / "g.json"
    assert main(["play", "--seed", "1", "--save", str(log), "--json"]) == 0
    capsys.readouterr()
    code = main(["analyse", str(log), "--deals", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    deals = json.loads(out)["deals"]
    assert [d["deal"] for d in deals] == [1, 2, 3]
    saved = json.loads(log.read_text(encoding="utf-8"))
    game = Game.from_dict(saved["game"])
    for d, r in zip(deals, game.results, strict=False):
        if d["kind"] == "contract":
            assert d["actual"] == [r.tricks[r.declarer]]
        for c in d["costly"]:
            assert c["lost"] >= 1 and c["card"] not in c["best"]
