"""Kontra by both defenders (``kontra.chains = "each"``), worked by hand.

The seed says a rekontra makes the settlement "with the defender or defenders who said kontra" x4
(BAL-KON-06), and the digest's default for two kontra-givers is one chain per defender, which the declarer
answers separately (GAP-BAL-09). The preset keeps one chain (``"one"``: the first kontra ends the kontra
round, as pk 10, PPN and pajcho record it); these tests turn ``"each"`` on. Players A, B, C clockwise, A
deals first; V is the contract's value (herc 8, tref 10, betl 12).
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers.balkan_card import play, written
from preferans.core import Game, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.model.errors import ConfigError, RecordError
from preferans.variants.balkan import calls, ppn, ppn_game
from preferans.variants.balkan.ppn import PPNError

EACH = {"kontra": {"chains": "each"}}


def herc(tricks: dict[str, int], kontra: Any) -> dict[str, Any]:
    return {"declarer": "A", "contract": "herc", "defence": {"B": "follow", "C": "follow"}, "kontra": kontra,
            "tricks": tricks}


# ---------------------------------------------------------------- the calls


def test_the_second_follower_may_say_kontra_only_with_each() -> None:
    # A (0) declares, B (1) and C (2) follow; B says kontra. With one chain the kontra round is over and
    # the declarer answers B; with "each" C is asked too
    said = [(1, "follow"), (2, "follow"), (1, "kontra")]
    one = calls.read_defence(0, (1, 2), said, False, True, None)
    assert (one.to_speak, one.options, one.kontra_by) == (0, ("no-kontra", "rekontra"), 1)
    each = calls.read_defence(0, (1, 2), said, False, True, None, each=True)
    assert (each.to_speak, each.options) == (2, ("no-kontra", "kontra"))


def test_the_declarer_answers_each_chain_in_turn() -> None:
    # both say kontra; the declarer rekontras B's chain, B stops; then the declarer is asked about C's
    # chain (GAP-BAL-09: "the declarer answers each chain separately") and stops it at kontra
    said = [(1, "follow"), (2, "follow"), (1, "kontra"), (2, "kontra"), (0, "rekontra"), (1, "no-kontra")]
    asking = calls.read_defence(0, (1, 2), said, False, True, None, each=True)
    assert (asking.to_speak, asking.options, asking.kontra_by) == (0, ("no-kontra", "rekontra"), 2)
    done = calls.read_defence(0, (1, 2), [*said, (0, "no-kontra")], False, True, None, each=True)
    assert done.to_speak is None and done.kontras == ((1, 2), (2, 1))
    assert (done.level_of(1), done.level_of(2), done.top_level) == (2, 1, 2)


# ---------------------------------------------------------------- scores


def test_both_kontra_the_declarer_rekontras_one_and_makes() -> None:
    # A herc (V 8), B and C both say kontra, A rekontras B's chain only; A 6, B 2, C 2: made.
    # A's entry at the highest chain (rekontra x4, GAP-BAL-09 [D]): -8 x 4 = -32.
    # B, rekontra'd: U = 8 x 4 = 32: supe 2 x 32 = 64; the defence took 4 < 5 (BAL-KON-05): +32.
    # C, kontra: U = 8 x 2 = 16: supe 2 x 16 = 32; 4 < 5: +16. A's bula 30 - 32 = -2: the hat.
    card = play([herc({"A": 6, "B": 2, "C": 2}, [{"by": "B", "level": "rekontra"}, {"by": "C"}])], **EACH)
    assert written(card, 1) == {("bula", "A"): -32, ("juha", "B", "A"): 64, ("bula", "B"): 32,
                                ("juha", "C", "A"): 32, ("bula", "C"): 16, ("hat", "A"): 1}


def test_both_kontra_and_the_declarer_fails() -> None:
    # A herc, kontra by both, no rekontra; the defence's 5th trick stops play: A 4, B 3, C 2. A failed at
    # kontra: +8 x 2 = 16; B 3 x 16 = 48, C 2 x 16 = 32; the defence's 5 meets the kontra quota: no penalty
    card = play([herc({"A": 4, "B": 3, "C": 2}, [{"by": "B"}, {"by": "C"}])], **EACH)
    assert written(card, 1) == {("bula", "A"): 16, ("juha", "B", "A"): 48, ("juha", "C", "A"): 32}


def test_a_made_betl_under_two_kontras_penalises_both() -> None:
    # A betl (V 12) made (no trick, both defend: betl.all_follow): A -12 x 2 = -24; each kontra-giver is
    # penalised V x his multiplier, 12 x 2 = 24 (pk 13 ex. 6), and writes no supe
    deal = {"declarer": "A", "contract": "betl", "kontra": [{"by": "B"}, {"by": "C"}],
            "tricks": {"A": 0, "B": 6, "C": 4}}
    card = play([deal], **EACH)
    assert written(card, 1) == {("bula", "A"): -24, ("bula", "B"): 24, ("bula", "C"): 24}


def test_one_chain_is_scored_as_before_with_each() -> None:
    # only B says kontra: the same entries as under the default (test_balkan_scoring's rule for C, the
    # other defender, at the plain value): A 6, B 2, C 2, herc, kontra: A -16; B 2 x 16 = 32 and +16
    # (4 < 5); C 2 x 8 = 16, the pair's 4 meets its quota
    want = {("bula", "A"): -16, ("juha", "B", "A"): 32, ("bula", "B"): 16, ("juha", "C", "A"): 16}
    assert written(play([herc({"A": 6, "B": 2, "C": 2}, {"by": "B"})], **EACH), 1) == want
    assert written(play([herc({"A": 6, "B": 2, "C": 2}, {"by": "B"})]), 1) == want


# ---------------------------------------------------------------- what is refused


def test_two_kontras_need_each() -> None:
    with pytest.raises(RecordError, match=r'deal\[1\]\.kontra: only the first kontra starts a chain here'):
        play([herc({"A": 6, "B": 2, "C": 2}, [{"by": "B"}, {"by": "C"}])])
    with pytest.raises(RecordError, match=r"deal\[1\]\.kontra\[2\]\.by: B is listed twice"):
        play([herc({"A": 6, "B": 2, "C": 2}, [{"by": "B"}, {"by": "B"}])], **EACH)


def test_each_needs_the_other_defender_normal() -> None:
    # pk 10's rule (the kontra-giver writes the team's tricks, the other nothing) knows one kontra-giver
    with pytest.raises(ConfigError, match="chains"):
        load_variant("serbian", EACH)
    assert load_variant("balkan", EACH).rules.kontra.chains == "each"
    assert load_variant("balkan").rules.kontra.chains == "one"


def test_games_with_two_chains_play_and_ppn_refuses_them() -> None:
    # random games under "each" reach a deal where both defenders said kontra; the engine plays and
    # scores it (zero-sum bule are not required mid-game, the settlement is), and PPN, whose kontra field
    # names one starter, refuses to write it
    variant = load_variant("balkan", EACH)
    for seed in range(60):
        game = Game(variant, seed)
        bots = [make_bot("random", seed, s) for s in range(3)]
        while not game.is_terminal and len(game.results) < 12:
            game.apply(bots[game.current_player].choose(game, game.current_player))
        two = [r for r in game.results if sum(calls.kontra_level(c) == 1 for _, c in r.defence) == 2]
        if two:
            assert sum(game.match.settlement().exact) == 0
            with pytest.raises(PPNError, match="both defenders said kontra"):
                ppn_game.export_game(game, ["a", "b", "c"])
            return
    pytest.fail("no deal with two kontras in 60 random games")


def test_a_game_under_each_with_one_chain_a_deal_round_trips_through_ppn() -> None:
    # random players under "each" who never start a second chain: PPN can write every deal, the Rules tag
    # carries the option, and the import (which never tries a second kontra-giver) replays the same game
    variant = load_variant("balkan", EACH)
    game = Game(variant, 3)
    bots = [make_bot("random", 3, s) for s in range(3)]
    while not game.is_terminal and len(game.results) < 15:
        seat = game.current_player
        legal = game.legal_actions()
        kontra_said = any(calls.kontra_level(c) == 1 for _, c in game.deal.defence_calls)
        action = "no-kontra" if "kontra" in legal and kontra_said else bots[seat].choose(game, seat)
        game.apply(action)
    assert any(calls.kontra_level(c) == 1 for r in game.results for _, c in r.defence)
    doc, pending = ppn_game.export_game(game, ["a", "b", "c"])
    assert '"each"' in doc.tags["Rules"]
    imported = ppn_game.import_game(ppn.parse(ppn.write_line(doc), "x"), "x")
    assert imported.game.history == game.history[:len(game.history) - pending]
