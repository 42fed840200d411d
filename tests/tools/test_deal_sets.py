"""``preferans arena --deal-set``: only the deals the heuristic auction leads to one contract or kind (the
raspasovka, the misère ...)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from preferans.core.ai.bots import no_trick_risk
from preferans.core.ai.registry import make_bot
from preferans.core.cli import main
from preferans.core.engine.game import Game, Phase
from preferans.core.model.cards import CARD_INDEX
from preferans.core.model.errors import BadInput
from preferans.core.rules.config import load_variant
from preferans.core.tools import deal_sets
from preferans.core.tools.arena import play_deal, play_rotations
from preferans.core.tools.deal_sets import find_streams
from preferans.core.tools.parallel import derive_seed

SOCHI = load_variant("sochi")


def auction_by_hand(seed: int, stream: int, no_trick_breaks: int = 0) -> list[tuple[int, str]]:
    """The heuristic bots' calls on stream deal ``stream``, played here without the deal-set code: the deal
    shuffled from derive_seed(seed, stream), seat stream % 3 dealing, bids until the auction ends; with
    ``no_trick_breaks``, a seat whose hand breaks the 7-9-J-K ladder at most that often calls misère."""
    game = Game(SOCHI, derive_seed(seed, stream), stream % 3)
    bots = [make_bot("heuristic", game.seed, s) for s in range(3)]
    while game.phase is Phase.AUCTION and not game.results:
        seat = game.current_player
        hand = game.deal.hands[seat]
        bold = "misere" in game.legal_actions() and no_trick_risk(hand) <= no_trick_breaks
        game.apply("misere" if bold else bots[seat].choose(game, seat))
    return list(game.deal.calls if not game.results else game.results[0].auction)


@pytest.mark.slow
def test_raspasovka_set_is_the_stream_deals_where_all_three_pass() -> None:
    found = find_streams(SOCHI, 1, "raspasovka", range(4))
    streams = sorted(found.values())
    assert sorted(found) == [0, 1, 2, 3] and streams == sorted(streams)  # deal i of the set: the i-th found
    for j in range(streams[-1] + 1):
        calls = auction_by_hand(1, j)
        all_pass = [c for _, c in calls] == ["pass", "pass", "pass"]  # three players, each passes once
        assert all_pass == (j in streams), (j, calls)
    assert find_streams(SOCHI, 1, "raspasovka", range(4)) == found  # same seed, same deals
    assert find_streams(SOCHI, 2, "raspasovka", range(4)) != found  # another seed, another stream


@pytest.mark.slow
def test_misere_set_is_the_stream_deals_where_someone_calls_misere() -> None:
    found = find_streams(SOCHI, 1, "misere", [0, 1])
    bold = 0
    for j in range(found[1] + 1):
        called = [s for s, c in auction_by_hand(1, j, no_trick_breaks=1) if c == "misere"]
        # the set's reference calls misère on a hand with at most one card above the 7-9-J-K ladder (the
        # heuristic bot itself: none); nobody outbids a misère in Sochi but a nine, which the heuristic
        # never reaches with such a hand
        assert bool(called) == (j in found.values()), j
        bold += bool(called) and not any(c == "misere" for _, c in auction_by_hand(1, j))
    assert bold >= 1  # a misère the heuristic bot would not call: one that may be caught
    # the second deal of the set only: the search starts after the first, which a record already holds
    assert find_streams(SOCHI, 1, "misere", [1], known={0: found[0]}) == {1: found[1]}
    # records that are not this run's: deal 0 on a stream deal with no misère; deal 1 found elsewhere
    with pytest.raises(BadInput, match="--deal-set misere: deal 0 of the set is recorded as stream deal"):
        find_streams(SOCHI, 1, "misere", [1], known={0: found[0] + 1})
    rasp = find_streams(SOCHI, 1, "raspasovka", range(3))
    with pytest.raises(BadInput, match=f"deal 1 of the set is stream deal {rasp[1]}, not {rasp[1] + 1}"):
        find_streams(SOCHI, 1, "raspasovka", [0, 2], known={1: rasp[1] + 1})  # checked on the way to deal 2


def cards_of(names: list[str]) -> set[int]:
    return {CARD_INDEX[n] for n in names}


@pytest.mark.parametrize("bots", [["heuristic", "random", "random"], ["random", "heuristic", "pimc:samples=4"]])
def test_every_play_of_a_raspasovka_deal_is_a_raspasovka(bots: list[str]) -> None:
    streams = find_streams(SOCHI, 1, "raspasovka", range(3))
    for index in range(3):
        plays = list(play_rotations(SOCHI, bots, 1, index, streams[index], "raspasovka"))
        assert len(plays) == 3
        for _at, fresh, game in plays:
            result = game.results[0]
            assert result.kind == "all_pass" and result.contract is not None
            assert result.contract.name == "raspasovka" and result.played
            assert sum(result.tricks) == 10  # ten tricks of three cards
            # 32 cards, each once: the three hands dealt and the talon, and every card of the hands played once
            dealt = [fresh.deal.hands[s] for s in range(3)]
            talon = set(fresh.deal.talon_cards)
            hands = {c for h in dealt for c in range(32) if h >> c & 1}
            assert len(hands) == 30 and not hands & talon and len(hands | talon) == 32
            played = [e.action for e in game.events if e.deal == 0 and e.kind == "card"]
            assert len(played) == 30 and cards_of(played) == hands  # type: ignore[arg-type]
        values = play_deal(SOCHI, bots, 1, index, streams[index], "raspasovka").values
        assert all(sum(row) == 0 for row in values)  # a single-deal Sochi match settles to 0 over the seats


def test_every_play_of_a_misere_deal_is_a_misere_by_the_same_seat() -> None:
    streams = find_streams(SOCHI, 1, "misere", [0, 1])
    bots = ["random", "heuristic", "heuristic"]
    for index in (0, 1):
        callers = [s for s, c in auction_by_hand(1, streams[index], no_trick_breaks=1) if c == "misere"]
        assert len(callers) == 1
        for _at, _fresh, game in play_rotations(SOCHI, bots, 1, index, streams[index], "misere"):
            result = game.results[0]
            assert result.contract is not None and result.contract.name == "misere"
            assert result.declarer == callers[0] and result.played
            assert ("misere" in [c for s, c in result.auction if s == callers[0]])
            # 32 cards: the declarer's discard (the bot's own, random or heuristic) and the 30 played
            discarded = [e.action for e in game.events if e.deal == 0 and e.kind == "discard"]
            played = [e.action for e in game.events if e.deal == 0 and e.kind == "card"]
            assert len(discarded) == 2 and len(played) == 30
            assert len(cards_of(discarded) | cards_of(played)) == 32  # type: ignore[arg-type]
            assert {e.seat for e in game.events if e.deal == 0 and e.kind == "discard"} == {callers[0]}
        # each bot holds the declarer's seat once: entry e sits in seat (e + r) % 3
        seats = [at[callers[0]] for at, _, _ in play_rotations(SOCHI, bots, 1, index, streams[index], "misere")]
        assert sorted(seats) == [0, 1, 2]
        assert all(sum(row) == 0 for row in play_deal(SOCHI, bots, 1, index, streams[index], "misere").values)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_deal_set_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "heuristic,random,random", "--deals", "7", "--seed", "4", "--deal-set", "raspasovka"]
    code, one, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(one)
    assert (data["deal_set"], data["deals"], data["plays"]) == ("raspasovka", 7, 21)
    assert sum(Fraction(e["total"]) for e in data["entries"]) == 0
    code, two, _ = run(capsys, *argv, "--json", "--jobs", "2")  # 7 deals, 2 blocks: in any order
    assert code == 0 and two == one
    code, text, _ = run(capsys, *argv)
    assert code == 0 and text.startswith("arena: Sochi [--deal-set raspasovka], seed 4: 7 deals")
    # the set all is the arena as it was: the same numbers as without the option
    plain = ["arena", "--bots", "heuristic,random,random", "--deals", "4", "--json"]
    code, a, _ = run(capsys, *plain)
    code, b, _ = run(capsys, *plain, "--deal-set", "all")
    assert a == b


@pytest.mark.parametrize(("variant", "deal_set", "needle"), [
    # all pass is a redeal in Serbian: no contract is named or of the kind raspasovka
    ("serbian", "raspasovka", "--deal-set raspasovka: serbian has no contract of that name or kind"),
    # the Austrian contracts, all of the kind suit (no misère, no Bettel): each number 1 .. 4 just below the
    # suit it names (1 clubs, 2 spades, 3 diamonds, 4 hearts), then the hand games; the kind first, then the
    # names in the table's order
    ("austrian", "misere", "--deal-set misere: austrian has no contract of that name or kind; allowed here: "
                           "all, suit, 1, clubs, 2, spades, 3, diamonds, 4, hearts, clubs-hand, spades-hand, "
                           "diamonds-hand, hearts-hand\n"),
    ("sochi", "betl", "allowed here: all, raspasovka, suit, notrump, misere, 6S, 6C,"),
])
def test_a_variant_without_the_deal_kind(capsys: pytest.CaptureFixture[str], variant: str, deal_set: str,
                                         needle: str) -> None:
    code, _, err = run(capsys, "arena", "--variant", variant, "--bots", "heuristic,random,random", "--deals", "2",
                       "--deal-set", deal_set)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert needle in err


def test_a_contract_the_heuristic_never_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    # Serbian has betl rows, but the heuristic bot declares only trick contracts: the search gives up after
    # the first unit of 400 stream deals (SCAN), 400 >= 300 in a row without one
    monkeypatch.setattr(deal_sets, "MAX_GAP", 300)
    with pytest.raises(BadInput, match=r"--deal-set betl: none of stream deals 0\.\.399 of seed 1"):
        find_streams(load_variant("serbian"), 1, "betl", [0])


def test_a_deal_set_is_any_contract_or_kind_of_the_variant() -> None:
    # Sochi's table (docs/variants/sochi.md): raspasovka, the suits and no-trumps from six to ten, misère
    names = ["raspasovka", *(f"{level}{strain}" for level in range(6, 11) for strain in ("S", "C", "D", "H", "NT")),
             "misere"]
    sets = deal_sets.deal_sets(SOCHI)
    assert sets[:5] == ["all", "raspasovka", "suit", "notrump", "misere"]
    assert sorted(sets[5:]) == sorted(set(names) - {"raspasovka", "misere"})
    # everybody passing in Sochi is played as the raspasovka (RUS-BID-03); in Serbian it is dealt again
    assert deal_sets.all_pass_contract(SOCHI) == "raspasovka"
    assert deal_sets.all_pass_contract(load_variant("serbian")) is None
    # a kind gathers its contracts: the deals of the set notrump are those played in 6NT .. 10NT
    found = find_streams(SOCHI, 1, "notrump", range(2))
    for j in found.values():
        game = deal_sets.reference_auction(deal_sets.stream_game(SOCHI, 1, j), "notrump")
        assert game.deal.contract is not None and game.deal.contract.name.endswith("NT")


def test_games_sharing_a_manager_play_as_games_of_their_own() -> None:
    # the search makes its games with one plugin manager per work unit; a whole heuristic deal (every call,
    # discard and card) must come out the same as in games with a manager each
    manager = SOCHI.new_manager()
    for j in (0, 75, 6):
        histories = []
        for shared in (manager, None):
            game = Game(SOCHI, derive_seed(1, j), j % 3, manager=shared)
            bots = [make_bot("heuristic", game.seed, s) for s in range(3)]
            while not game.results:
                game.apply(bots[game.current_player].choose(game, game.current_player))
            histories.append((game.history, game.results[0].tricks, game.settlement().exact))
        assert histories[0] == histories[1]
