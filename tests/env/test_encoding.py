"""The observation tensor (preferans.env.encoding.Encoder, as the PettingZoo environment observes it) never
depends on a card the seat may not see: at random positions of every playable variant (and the two- and
four-player tables) the cards hidden from a seat are dealt again, and that seat's vector and mask stay the
same to the bit. Before play the copy comes from ``Game.with_cards`` (the hidden cards of the hands, the
talon and the discard shuffled among the places they lie in); in play, where ``with_cards`` does not go,
two hidden cards of one suit change hands in the deal's pack and the deal is replayed. Then a few blocks
worked out by hand: Sochi's layout, a seat's hand at the start of a deal, the phase, a bid of 7S."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.env_play import choose_id
from helpers.hidden import hidden
from preferans.core import Game, IllegalActionError
from preferans.core.model.cards import CARD_INDEX
from preferans.core.rules.config import playable_variants
from preferans.env.encoding import PHASES
from preferans.env.pettingzoo import PreferansAEC, aec_env

TABLES = [*playable_variants(), "leningrad(players=4)", "sochi(players=4)", "classic(players=2)"]
DEALS = 6


def hidden_mask(game: Game, seat: int) -> int:
    return sum(1 << CARD_INDEX[c] for c in hidden(game.deal, seat))


def redealt(game: Game, seat: int, rng: random.Random) -> Game:
    """Before play: a copy of ``game`` with the cards ``seat`` may not see shuffled among the places they lie
    in (each hand, the talon, the discard keeping its number of them)."""
    deal = game.deal
    hide = hidden_mask(game, seat)
    pool = [c for c in range(32) if hide >> c & 1]
    rng.shuffle(pool)
    cards = iter(pool)

    def refill(mask: int) -> int:
        out = mask & ~hide
        for _ in range((mask & hide).bit_count()):
            out |= 1 << next(cards)
        return out

    hands = [refill(h) for h in deal.hands]
    talon = [] if deal.talon_taken else [next(cards) if hide >> c & 1 else c for c in deal.talon_cards]
    discard = refill(deal.discard)
    assert next(cards, None) is None  # every hidden card lies in a hand, the talon or the discard
    return game.with_cards(hands, talon, discard, seed=rng.randrange(1000))


def swapped(game: Game, seat: int, rng: random.Random) -> Game | None:
    """In play: the deal replayed with two cards ``seat`` may not see, of one suit, in two other places (two
    hands, a hand and the talon lying face down) exchanged in the pack (``None`` if there are none, or if
    the replay is refused: a variant that makes a player beat the trick may not take the same cards then)."""
    deal = game.deal
    hide = hidden_mask(game, seat)
    talon = 0 if deal.talon_taken else sum(1 << c for c in deal.talon_cards)
    places = [m & hide for m in [*deal.hands, talon]]
    pairs = [(a, b) for i, pi in enumerate(places) for pj in places[i + 1:]
             for a in range(32) if pi >> a & 1
             for b in range(32) if pj >> b & 1 and a // 8 == b // 8]  # one suit: c // 8, 7 .. A of a suit
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    pack = list(game.packs()[0])
    i, j = pack.index(a), pack.index(b)
    pack[i], pack[j] = b, a
    other = Game(game.variant, seed=game.seed, first_dealer=game.first_dealer, deals=[pack])
    try:
        for action in game.history:
            other.apply(action)
    except IllegalActionError:
        return None
    return other


def observed(env: PreferansAEC, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray]:
    real = env.table.game
    env.table.game = game
    try:
        obs = env.observe(f"seat_{seat}")
    finally:
        env.table.game = real
    return obs["observation"], obs["action_mask"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", TABLES)
def test_the_vector_never_depends_on_a_card_the_seat_may_not_see(variant: str) -> None:
    env = aec_env(variant)
    rng = random.Random(variant)
    checked = {"before play": 0, "in play": 0}
    seen_by_others = 0
    for deal in range(DEALS):
        env.reset(seed=deal)
        while not env.table.done:
            game = env.table.game
            in_play = game.phase.value == "play"
            if not in_play or rng.random() < 0.2:
                for seat in range(env.table.players):
                    other = swapped(game, seat, rng) if in_play else redealt(game, seat, rng)
                    if other is None:
                        continue
                    one, mask = observed(env, game, seat)
                    two, other_mask = observed(env, other, seat)
                    assert np.array_equal(one, two), (variant, game.phase.value, seat)
                    assert np.array_equal(mask, other_mask)
                    checked["in play" if in_play else "before play"] += 1
                    # the cards did move: a seat that holds some of them sees its hand change
                    if any(not np.array_equal(observed(env, game, s)[0], observed(env, other, s)[0])
                           for s in range(env.table.players) if s != seat):
                        seen_by_others += 1
            env.step(choose_id(env.table, rng))
    assert checked["before play"] >= DEALS * 3 and checked["in play"] >= DEALS
    assert seen_by_others >= checked["before play"] // 2


# ---------------------------------------------------------------- blocks by hand


def test_sochis_layout_by_hand() -> None:
    # Three seats and three hands; 71 action ids less the 32 cards: 39 calls (tests/env/test_actions.py);
    # the accounts pool, gora, whists (variants/russian/preset.toml); the capabilities: raspasovka (the
    # preset's) and the kinds of its contracts, misere, notrump, raspasovka, suit: 4.
    env = aec_env("sochi")
    sizes = {b.name: b.size for b in env.encoder.blocks}
    assert sizes == {
        "phase": 5, "hands": 3 * 32, "hand_counts": 3, "talon": 32, "talon_state": 2, "discard": 32,
        "discard_count": 1, "played": 3 * 32, "trick": 3 * 32, "leader": 3, "tricks_won": 3,
        "auction": 3 * 39, "bid": 39, "declaration": 39, "defence": 3 * 39, "contract": 39, "declarer": 3,
        "defending": 3, "dealer": 3, "active": 3, "to_act": 3, "sheet": 3 * 3 * (3 + 1), "settlement": 3,
        "capabilities": 4,
    }
    assert env.encoder.size == 778 == sum(sizes.values())
    starts = [b.start for b in env.encoder.blocks]
    assert starts == [sum(list(sizes.values())[:i]) for i in range(len(sizes))]
    assert env.observation_space("seat_0")["observation"].shape == (778,)


def block(env: PreferansAEC, vector: np.ndarray, name: str) -> np.ndarray:
    b = next(b for b in env.encoder.blocks if b.name == name)
    return vector[b.start:b.start + b.size]


@pytest.mark.parametrize("variant", ["sochi", "balkan", "austrian", "sochi(players=4)"])
def test_at_the_start_of_a_deal_each_seat_sees_its_ten_cards(variant: str) -> None:
    env = aec_env(variant)
    env.reset(seed=5)
    first = env.table.observation(0)
    for seat in first.active:  # with four players the dealer, sitting out, holds none
        v = env.observe(f"seat_{seat}")["observation"]
        hands = block(env, v, "hands")
        own = hands[:32]
        assert own.sum() == 10
        assert sorted(np.flatnonzero(own)) == sorted(CARD_INDEX[c] for c in env.table.game.observation(seat)
                                                    .hands[seat])
        assert not hands[32:].any()  # no other hand is seen before play
        assert list(block(env, v, "phase")) == [1, 0, 0, 0, 0]  # the auction
        assert block(env, v, "talon_state")[1] == 0  # the talon not taken up yet
        assert block(env, v, "active").sum() == 3
        assert not block(env, v, "played").any() and not block(env, v, "tricks_won").any()


def test_the_phase_block_is_one_hot() -> None:
    env = aec_env("sochi")
    rng = random.Random(2)
    seen = set()
    for seed in range(4):
        env.reset(seed=seed)
        while not env.table.done:
            phase = env.table.game.phase.value
            for agent in env.agents:
                p = block(env, env.observe(agent)["observation"], "phase")
                assert p.sum() == 1 and p[PHASES.index(phase)] == 1
            seen.add(phase)
            env.step(choose_id(env.table, rng))
    assert {"auction", "play"} <= seen


def test_a_bid_of_7s_is_the_contracts_and_not_the_cards() -> None:
    # 7S is the seventh call (raspasovka, 6S, 6C, 6D, 6H, 6NT, 7S: index 6 of the calls, id 38). First hand
    # bids it; the next seat sees it as the last call of the seat two places on (seats counted from the
    # observer). Both others pass: 7S won the auction, the bid block says so.
    env = aec_env("sochi")
    env.reset(seed=3)
    space = env.table.space
    bidder = env.agent_name_mapping[env.agent_selection]
    env.step(space.id_of("7S", "auction"))
    after = (bidder + 1) % 3
    v = env.observe(f"seat_{after}")["observation"]
    assert list(np.flatnonzero(block(env, v, "auction"))) == [2 * 39 + 6]
    assert not block(env, v, "bid").any() and not block(env, v, "contract").any()  # the auction goes on
    env.step(space.id_of("pass", "auction"))
    env.step(space.id_of("pass", "auction"))
    v = env.observe(f"seat_{after}")["observation"]
    # pass is call 27 (after the 27 contracts): the two others' last calls, seats 0 (the observer) and 1
    assert list(np.flatnonzero(block(env, v, "auction"))) == [27, 39 + 27, 2 * 39 + 6]
    assert list(np.flatnonzero(block(env, v, "bid"))) == [6]
    assert list(block(env, v, "phase")) == [0, 1, 0, 0, 0]  # the declarer discards


def test_the_last_observation_of_a_deal_shows_no_card_of_the_next() -> None:
    # one-deal episodes: the engine deals the next deal as soon as one is scored; that deal belongs to no
    # episode, so the episode's last observation has the sheet and the result, and no cards or calls
    from preferans.env.table import Table

    table = Table("sochi")
    table.reset(3)
    rng = random.Random(3)
    while not table.done:
        table.step(rng.choice(table.legal_ids()))
    assert table.game.deal.number == 1  # the engine has dealt deal 2 (numbered from 0) already
    for seat in range(3):
        obs = table.observation(seat)
        assert (obs.phase, obs.hands, obs.talon, obs.calls, obs.trick) == ("over", {}, None, [], [])
        assert obs.last_result is not None and obs.last_result["deal"] == 0  # the episode's own deal
        vector = table.encoder.encode(obs)
        cards = table.encoder.blocks[1]
        assert cards.name == "hands" and not vector[cards.start:cards.start + cards.size].any()
