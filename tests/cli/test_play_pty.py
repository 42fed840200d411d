"""``preferans play --human 0`` at a terminal (a pseudo-terminal, tests/helpers/pty_session.py), as a person plays it:
a whole Balkan deal typed by names, the per-variant help, the lettered menu of numeric calls, the discard and
contract steps, a forced card, the claim, the sheet after the deal and on demand, and quitting (issue 16,
items 2 and 6).

The moves typed for Anna are the heuristic bot's choice in the position the save file holds (``--save`` writes
it after every action), so the test types real names whatever the bots do; what the table prints is then
checked against the game replayed from that file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers.pty_session import PtySession
from preferans.core import Game, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Phase
from preferans.core.formats.render import card_label
from preferans.core.model.cards import CARD_NAMES

pytestmark = [pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal"),
              pytest.mark.subprocess]

PROMPT = r"Anna, choose (\S+) or type it \(\? help, sheet, q quit\): "
CLAIM = r"claim the rest \((\d+) tricks?\)\? \[y/N\] "
SEED = 68
"""A Balkan deal where Anna (the dealer, speaking last) wins the auction with 2, takes the talon, discards,
has a forced card and later holds only winners: every event of the table in one deal."""


def saved_game(path: Path) -> Game:
    return Game.from_dict(json.loads(path.read_text(encoding="utf-8"))["game"])


@pytest.mark.slow
def test_a_whole_balkan_deal_at_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    s = PtySession(["play", "--variant", "balkan", "--human", "0", "--seed", str(SEED), "--save", str(save)],
                   tmp_path)
    bot = make_bot("heuristic", SEED, 0)
    s.expect(PROMPT)
    # help: what each choice means in this variant, from its contract table and its presets' [calls]
    s.send("?")
    help_start = s.pos
    m: re.Match[str] | None = s.expect(PROMPT)  # asked again after the help: the first move is typed there
    shown = s.text[help_start:s.pos]
    assert "what the choices mean in balkan:" in shown
    # 2 is a bid for the talon (pk 7): its winner names spades or any higher game, so it is no trump suit
    assert re.search(r"b\) 2 +a bid for the talon at this number, not a trump suit", shown)
    assert re.search(r"c\) igra +a game without the talon", shown)
    assert "the calls here are numbers, so the menu is lettered" in shown
    assert "sheet or ?s" in shown and "claim" in shown
    typed: list[str] = []
    claimed_at: int | None = None
    claimed = 0
    while True:
        if m is None:
            m = s.expect(rf"({PROMPT}|{CLAIM}|deal 1 result: .*\n)")
        if m[0].startswith("deal 1 result"):
            result_line = m[0].strip()
            break
        game = saved_game(save)
        offer = re.search(CLAIM, m[0])
        if offer:
            claimed_at, claimed = len(game.history), int(offer[1])
            s.send("y")
            m = None
            continue
        action = bot.choose(game, 0)
        typed.append(action)
        s.send(action)  # the name: a call, a contract or a card (10S)
        m = None
    # the sheet after the deal, then on demand
    s.expect(r"Score sheet after 1 deal \(so far\)")
    s.expect(PROMPT)
    s.send("sheet")
    s.expect(r"Score sheet after 1 deal \(so far\)")
    s.expect(PROMPT)
    s.send("q")  # the game is saved: no question
    s.expect(r"stopped at deal 2, after \d+ actions; saved to ")
    assert s.finish() == 0
    text = s.text

    # what was played, replayed from the save; deal 1's actions are those before deal 2 began
    variant = load_variant("balkan")
    actions = saved_game(save).history
    replay = Game(variant, SEED)
    forced: list[str] = []  # Anna's cards of play when she had only one, before a claim
    discarded: list[str] = []
    at_claim = (0, 0)  # Anna's tricks and the tricks played when she claimed
    for i, action in enumerate(actions):
        if replay.results:
            break
        if replay.current_player == 0 and replay.phase is Phase.DISCARD:
            discarded.append(action)
        if replay.current_player == 0 and replay.phase is Phase.PLAY and len(replay.legal_actions()) == 1:
            if claimed_at is None or i < claimed_at:
                forced.append(action)
        if i == claimed_at and replay.deal.play is not None:
            at_claim = (replay.deal.play.tricks_won[0], replay.deal.play.tricks_done)
        replay.apply(action)
    deal = replay.results[0]
    assert deal.declarer == 0 and deal.bid == "2"  # Anna won the auction with 2 and took the talon

    # the discard step, named, and the discard shown to its owner
    assert "discard 2 cards (1 of 2)" in text and "discard 2 cards (2 of 2)" in text
    assert len(discarded) == 2
    assert f"your discard: {' '.join(card_label(c) for c in sorted(discarded, key=CARD_NAMES.index))}" in text
    # the contract step: any contract whose number is at least the bid (2 = spades, balkan.md pk 7)
    assert "name your contract (you won the auction with 2): at least spades" in text

    # a forced card is played without asking, and said; no other card is
    assert forced, "seed 68 has a forced card for Anna"
    assert re.findall(r"you play (\S+) \(forced\)", text) == [card_label(c) for c in forced]
    assert not set(forced) & set(typed)  # never typed

    # the claim: offered, accepted, played out: Anna wins every trick from there, as many as she claimed
    assert claimed_at is not None and claimed >= 2
    assert deal.tricks[0] - at_claim[0] == claimed == sum(deal.tricks) - at_claim[1]
    assert len(re.findall(r"you play \S+ \(claim\)", text)) == claimed

    # the deal in words: a Balkan game needs 6 tricks (target 6 of the row); made, and the overtricks said
    took = deal.tricks[0]
    assert took >= 6, "seed 68: Anna makes her game"
    over = ["", ", one over", ", two over", ", three over", ", four over"][took - 6]
    assert result_line.startswith(f"deal 1 result: Anna {deal.contract.name}: made{over}; ")  # type: ignore[union-attr]
    assert text.count("Score sheet after 1 deal (so far)") == 2


def test_numbers_are_calls_and_quitting_asks(tmp_path: Path) -> None:
    """Seed 0: Vera bids 2 before Anna, whose menu is ``a) pass b) 3 c) igra``; typing 3 bids three (with
    the old numbered menu it was the third line, igra). Unsaved, ``q`` asks first; no keeps playing."""
    s = PtySession(["play", "--variant", "balkan", "--human", "0", "--seed", "0"], tmp_path)
    s.expect(r"a\) pass +b\) 3 +c\) igra")
    s.expect(PROMPT)
    s.send("3")
    s.expect(r"auction: Boris pass, Vera 2, Anna 3")  # the next situation Anna sees
    s.expect(PROMPT)
    s.send("q")
    s.expect(r"quit without saving\? \[y/N\] ")
    s.send("n")
    s.expect(PROMPT)  # asked again: the game goes on
    s.send("q")
    s.expect(r"quit without saving\? \[y/N\] ")
    s.send("y")
    s.expect(r"stopped at deal 1, after \d+ actions; not saved \(use --save FILE to keep a game\)")
    assert s.finish() == 0


def test_an_unseeded_game_says_its_seed(tmp_path: Path) -> None:
    s = PtySession(["play", "--variant", "balkan", "--human", "0"], tmp_path)
    seed = s.expect(r"seed (\d+) \(replay with --seed (\d+)\)")
    assert seed[1] == seed[2]
    s.expect(PROMPT)
    s.send("q")
    s.expect(r"quit without saving\? \[y/N\] ")
    s.send("y")
    assert s.finish() == 0
