"""The deal of the ``preferans analyse`` tests (tests/cli/test_analyse.py works it by hand; test_analyse_expected.py
reads it too): a Sochi seven of spades, played once with a blunder and once perfectly."""

from __future__ import annotations

from pathlib import Path

from preferans.core import Game, load_variant
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
