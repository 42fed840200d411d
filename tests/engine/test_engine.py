"""The engine against the Russian (Sochi) rules.

The heart of this file is :class:`Referee`, an independent and deliberately naive model of one Sochi
deal written from the rules, not from the engine: who speaks, which calls and cards are legal, who wins
each trick, where every card is. Random games are played through the engine while the referee follows
along and checks every step. The referee reads only the dealt hands and the order of the two talon cards
from the engine (the deal itself is the engine's, seeded); everything after that it works out itself.

Rule sources: rules-digest.md (RUS-BID-*, RUS-MIS-*, RUS-RASP-*, EX-08) and russian.md 2.0/2.1, as
restated in issue 2 ("Sochi, complete").
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from preferans.core import Game, IllegalActionError, Phase, Variant, load_variant
from preferans.core.model.cards import CARD_NAMES, card_name, cards_of

# ---------------------------------------------------------------------------------------------- rules

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
STRAINS = ["S", "C", "D", "H", "NT"]  # auction order of the strains: spades < clubs < diamonds < hearts < NT
# The bidding ladder: 6S..8NT, then misère (between 8NT and 9S, RUS-BID-02), then 9S..10NT.
LADDER = (
    [f"{level}{s}" for level in (6, 7, 8) for s in STRAINS]
    + ["misere"]
    + [f"{level}{s}" for level in (9, 10) for s in STRAINS]
)
LADDER_RANK = {name: i for i, name in enumerate(LADDER)}
HALF_WHIST_LEVELS = (6, 7)  # russian.md 2.0: half-whist on 6 and 7 only
CHECKED_LEVEL = 10  # Sochi: a ten is checked, played open without whists (preset `ten = "checked"`)


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


def level(contract: str) -> int:
    return 0 if contract == "misere" else int(contract.rstrip("SCDHNT"))


def trump(contract: str) -> str | None:
    """The trump suit letter, or None (no-trump, misère and raspasovka have no trumps: RUS-MIS-07,
    RUS-RASP-14)."""
    if contract in ("misere", "raspasovka") or contract.endswith("NT"):
        return None
    return contract[-1]


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}


def naive_legal_cards(hand: set[str], led: str | None, trump_suit: str | None) -> set[str]:
    """Follow suit, else trump, else anything (RUS-PLAY; no duty to overtake in Sochi)."""
    if led is None:
        return set(hand)
    follow = {c for c in hand if suit(c) == led}
    if follow:
        return follow
    if trump_suit is not None:
        trumps = {c for c in hand if suit(c) == trump_suit}
        if trumps:
            return trumps
    return set(hand)


# ---------------------------------------------------------------------------------------------- referee

TALON = None  # owner of a three-player talon card, which only names the suit (RUS-RASP-17)


@dataclass
class Referee:
    """One deal of Sochi, tracked from the actions alone."""

    n: int
    dealer: int
    hands: dict[int, set[str]]
    talon: list[str]
    phase: str = "auction"
    calls: list[tuple[int, str]] = field(default_factory=list)
    declarer: int | None = None
    bid: str | None = None
    contract: str | None = None
    discards: set[str] = field(default_factory=set)
    talon_taken: bool = False
    defence: list[tuple[int, str]] = field(default_factory=list)
    controllers: dict[int, int] = field(default_factory=dict)
    played_cards: list[str] = field(default_factory=list)
    trick: list[tuple[int | None, str]] = field(default_factory=list)
    tricks_done: int = 0
    tricks: dict[int, int] = field(default_factory=dict)
    nobody_tricks: int = 0
    trick_winners: list[int | None] = field(default_factory=list)
    to_play: int = -1
    played: bool = False
    over: bool = False

    @classmethod
    def start(cls, game: Game, dealer: int) -> Referee:
        n = game.n_players
        hands = {s: names(game.hand(s)) for s in range(n)}
        # the engine's deal: the only engine state the referee takes on trust (with the talon order)
        talon = [card_name(c) for c in game.deal.talon_cards]
        ref = cls(n, dealer, hands, talon, tricks={s: 0 for s in range(n)})
        for s in ref.active:
            assert len(hands[s]) == 10, f"seat {s} was dealt {len(hands[s])} cards"
        if n == 4:
            assert hands[dealer] == set(), "the four-player dealer sits out and gets no cards"
        dealt = set().union(*hands.values())
        assert len(talon) == 2 and set(talon) == set(CARD_NAMES) - dealt
        return ref

    # -------------------------------------------------------------- seats

    @property
    def active(self) -> list[int]:
        """Seats dealt in, clockwise from first hand (left of the dealer); with four the dealer sits out."""
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        return order[:3]

    @property
    def first_hand(self) -> int:
        return self.active[0]

    def next_active(self, seat: int) -> int:
        a = self.active
        return a[(a.index(seat) + 1) % 3]

    # -------------------------------------------------------------- auction (RUS-BID)

    def passed(self) -> set[int]:
        return {s for s, c in self.calls if c == "pass"}

    def speaker(self) -> int:
        if not self.calls:
            return self.first_hand
        seat = self.calls[-1][0]
        for _ in range(3):
            seat = self.next_active(seat)
            if seat not in self.passed():
                return seat
        raise AssertionError("nobody left to speak")

    def auction_legal(self, seat: int) -> list[str]:
        mine = [c for s, c in self.calls if s == seat]
        if "misere" in mine:
            return ["pass"]  # a misère bid is binding: its bidder can only pass (RUS-BID-01)
        bids = [LADDER_RANK[c] for _, c in self.calls if c != "pass"]
        top = max(bids, default=-1)
        out = ["pass"]
        for c in LADDER:
            if LADDER_RANK[c] <= top:
                continue  # bids must rise
            if c == "misere" and mine:
                continue  # misère only as a player's first call (RUS-BID-01)
            out.append(c)
        return out

    def after_call(self) -> None:
        remaining = [s for s in self.active if s not in self.passed()]
        if not remaining:
            # RUS-BID-03: all pass -> raspasovka, played without the talon being taken
            self.contract = "raspasovka"
            self.start_play()
            return
        if len(remaining) == 1:
            seat = remaining[0]
            mine = [c for s, c in self.calls if s == seat and c != "pass"]
            if mine:
                self.declarer, self.bid = seat, mine[-1]
                self.hands[seat] |= set(self.talon)
                self.talon_taken = True
                self.phase = "discard"

    # -------------------------------------------------------------- talon, declaration, defence

    def declaration_legal(self) -> list[str]:
        assert self.bid is not None
        if self.bid == "misere":
            return ["misere"]
        return [c for c in LADDER if c != "misere" and LADDER_RANK[c] >= LADDER_RANK[self.bid]]

    @property
    def defenders(self) -> list[int]:
        assert self.declarer is not None
        first = self.next_active(self.declarer)
        return [first, self.next_active(first)]

    def defence_legal(self, seat: int) -> set[str]:
        assert self.contract is not None
        if (seat == self.defenders[1] and self.defence[0][1] == "pass"
                and level(self.contract) in HALF_WHIST_LEVELS):
            return {"pass", "whist", "half"}
        return {"pass", "whist"}

    def after_defence(self) -> None:
        if len(self.defence) < 2:
            return
        whisters = [s for s, c in self.defence if c == "whist"]
        if not whisters:
            self.over = True  # both pass, or pass + half: nothing is played
            return
        if len(whisters) == 1:
            passer = next(s for s in self.defenders if s not in whisters)
            self.controllers = {passer: whisters[0]}  # the lone whister plays the passer's hand
        self.start_play()

    # -------------------------------------------------------------- play

    def talon_led(self) -> bool:
        return self.contract == "raspasovka" and self.tricks_done < 2

    def start_play(self) -> None:
        self.phase = "play"
        self.played = True
        self.open_trick(self.first_hand)  # first hand leads (GEN-DECK-05)

    def open_trick(self, leader: int) -> None:
        self.trick = []
        if self.talon_led():
            # RUS-RASP-15/17: the talon card leads; first hand plays first whoever won the last trick.
            # With four players it is the sitting-out dealer's card and can win; with three it only
            # names the suit.
            owner = self.dealer if self.n == 4 else TALON
            self.trick.append((owner, self.talon[self.tricks_done]))
            self.to_play = self.first_hand
        else:
            self.to_play = leader

    def led_suit(self) -> str | None:
        return suit(self.trick[0][1]) if self.trick else None

    def play_legal(self) -> set[str]:
        assert self.contract is not None
        return naive_legal_cards(self.hands[self.to_play], self.led_suit(), trump(self.contract))

    def trick_winner(self) -> int | None:
        assert self.contract is not None
        contenders = [(s, c) for s, c in self.trick if s is not TALON]
        t = trump(self.contract)
        trumps = [(s, c) for s, c in contenders if suit(c) == t]
        pool = trumps if trumps else [(s, c) for s, c in contenders if suit(c) == self.led_suit()]
        if not pool:
            return None  # GAP-RUS-04: a talon-led trick nobody followed belongs to nobody
        return max(pool, key=lambda sc: rank(sc[1]))[0]

    def play(self, card: str) -> None:
        self.hands[self.to_play].remove(card)
        self.played_cards.append(card)
        self.trick.append((self.to_play, card))
        players_in_trick = sum(1 for s, _ in self.trick if s in self.active)
        if players_in_trick < 3:
            self.to_play = self.next_active(self.to_play)
            return
        winner = self.trick_winner()
        talon_led = self.talon_led()
        self.trick_winners.append(winner)
        if winner is None:
            self.nobody_tricks += 1
        else:
            self.tricks[winner] += 1
        self.tricks_done += 1
        if self.tricks_done == 10:
            self.over = True
            return
        # after a talon-led trick first hand leads again (RUS-RASP-15), else the winner leads
        assert winner is not None or talon_led
        self.open_trick(self.first_hand if talon_led or winner is None else winner)

    # -------------------------------------------------------------- the interface the tests use

    def current_player(self) -> int:
        if self.phase == "auction":
            return self.speaker()
        if self.phase in ("discard", "declare"):
            assert self.declarer is not None
            return self.declarer
        if self.phase == "defence":
            return self.defenders[len(self.defence)]
        return self.controllers.get(self.to_play, self.to_play)

    def apply(self, action: str) -> None:
        if self.phase == "auction":
            self.calls.append((self.speaker(), action))
            self.after_call()
        elif self.phase == "discard":
            assert self.declarer is not None
            self.hands[self.declarer].remove(action)
            self.discards.add(action)
            if len(self.discards) == 2:
                self.phase = "declare"
        elif self.phase == "declare":
            self.contract = action
            if action == "misere" or level(action) == CHECKED_LEVEL:
                self.start_play()  # no whist decisions: the defenders lie open (RUS-MIS-06, checked ten)
            else:
                self.phase = "defence"
        elif self.phase == "defence":
            self.defence.append((self.current_player(), action))
            self.after_defence()
        else:
            self.play(action)

    def check(self, game: Game) -> None:
        """Compare the engine with the referee, and count the 32 cards."""
        assert game.phase == self.phase
        seat = self.current_player()
        assert game.current_player == seat
        if self.n == 4:
            assert seat != self.dealer, "the four-player dealer never acts"
        legal = game.legal_actions()
        if self.phase == "auction":
            assert legal == self.auction_legal(seat)  # the ladder order matters here
        elif self.phase == "discard":
            assert set(legal) == self.hands[seat] and len(legal) == 12 - len(self.discards)
        elif self.phase == "declare":
            assert legal == self.declaration_legal()
        elif self.phase == "defence":
            assert set(legal) == self.defence_legal(seat)
        else:
            assert set(legal) == self.play_legal()
            assert set(legal) <= self.hands[self.to_play]
        for s in range(self.n):
            assert names(game.hand(s)) == self.hands[s], f"hand of seat {s}"
        # 32 cards, each exactly once: hands, the talon (until taken), the discard and the played cards
        parts = [*self.hands.values(), self.discards, set(self.played_cards)]
        if not self.talon_taken:
            parts.append(set(self.talon))
        assert sum(len(p) for p in parts) == 32
        assert set().union(*parts) == set(CARD_NAMES)
        game.check_cards()

    def check_result(self, game: Game) -> None:
        """The deal just scored is the one the referee saw."""
        result = game.results[-1]
        assert result.played == self.played
        if self.contract == "raspasovka":
            assert result.kind == "all_pass"
            assert result.declarer is None
        else:
            assert result.kind == "contract"
            assert result.declarer == self.declarer
            assert result.bid == self.bid
            assert result.contract is not None and result.contract.name == self.contract
            assert result.defence == tuple(self.defence)
            assert set(result.defending) == {s for s, c in self.defence if c == "whist"}
        expected = tuple(self.tricks[s] for s in range(self.n)) if self.played else (0,) * self.n
        assert result.tricks == expected
        if self.played:
            # ten tricks per played deal; only a talon-led trick nobody followed counts for nobody
            assert self.tricks_done == 10
            assert sum(result.tricks) + self.nobody_tricks == 10
            if self.n == 4 and self.contract != "raspasovka":
                assert result.tricks[self.dealer] == 0  # the sitting-out dealer only wins talon tricks


# ---------------------------------------------------------------------------------------------- driving

Policy = Callable[[random.Random, Game], str]


def mixed_policy(rng: random.Random, game: Game) -> str:
    """Random, but shaped so that every kind of deal turns up: many passes, low bids, some misères,
    mostly low declarations and now and then a checked ten."""
    legal = game.legal_actions()
    phase = game.phase
    if phase is Phase.AUCTION:
        bids = [a for a in legal if a != "pass"]
        if not bids or rng.random() < 0.5:
            return "pass"
        options = bids[:3] + (["misere"] if "misere" in bids else [])
        return rng.choice(options)
    if phase is Phase.DECLARE:
        return rng.choice(legal[:2]) if rng.random() < 0.85 else rng.choice(legal)
    return rng.choice(legal)


def play_refereed(game: Game, seed: int, deals: int, policy: Policy = mixed_policy) -> list[Referee]:
    """Play ``deals`` deals (or to the end of the match) with the referee checking every step."""
    rng = random.Random(seed)
    n = game.n_players
    ref = Referee.start(game, game.first_dealer)
    done: list[Referee] = []
    while not game.is_terminal:
        ref.check(game)
        action = policy(rng, game)
        game.apply(action)
        ref.apply(action)
        if ref.over:
            assert len(game.results) == len(done) + 1
            ref.check_result(game)
            done.append(ref)
            if len(done) >= deals or game.is_terminal:
                break
            ref = Referee.start(game, (ref.dealer + 1) % n)  # the deal passes clockwise
    return done


def play_to(game: Game, actions: list[str]) -> Game:
    for a in actions:
        game.apply(a)
    return game


def random_states(variant: Variant, seeds: range, steps: int) -> Iterator[Game]:
    """Games advanced a random number of steps with the mixed policy."""
    for seed in seeds:
        game = Game(variant, seed=seed)
        rng = random.Random(seed * 7919)
        target = rng.randrange(1, steps)
        for _ in range(target):
            if game.is_terminal:
                break
            game.apply(mixed_policy(rng, game))
        yield game


def snapshot(game: Game) -> dict[str, object]:
    """Everything observable about a game, plus the engine's own deal state."""
    n = game.n_players
    return {
        "json": game.to_json(),
        "legal": game.legal_actions(),
        "hands": [game.hand(s) for s in range(n)],
        "visible": [game.visible_hands(s) for s in range(n)],
        "phase": game.phase,
        "current": game.current_player,
        "terminal": game.is_terminal,
        "results": list(game.results),
        "entries": [list(e) for e in game.deal_entries],
        "ledger": dict(game.ledger.totals),
        "deal": repr(game.deal),
    }


@pytest.fixture(scope="module")
def short() -> Variant:
    """Sochi cut to a few deals, so a random match ends."""
    return load_variant("sochi", {"max_deals": 6})


@pytest.fixture(scope="module")
def short4() -> Variant:
    return load_variant("sochi", {"players": 4, "max_deals": 8})


# ---------------------------------------------------------------------------------------------- the sweep


def test_random_games_follow_the_rules(short: Variant) -> None:
    kinds: set[str] = set()
    for seed in range(30):
        for ref in play_refereed(Game(short, seed=seed), seed, deals=6):
            kinds.add(ref.contract if ref.contract in ("raspasovka", "misere") else "game")
            kinds.update(c for _, c in ref.defence)
            if ref.controllers:
                kinds.add("lone whister")
            if ref.contract and ref.contract != "raspasovka" and level(ref.contract) == 10:
                kinds.add("checked ten")
    # the sweep is only worth something if it saw every kind of deal
    assert kinds >= {"raspasovka", "misere", "game", "pass", "whist", "half", "lone whister", "checked ten"}


def test_random_four_player_games_follow_the_rules(short4: Variant) -> None:
    rasp = 0
    for seed in range(12):
        for ref in play_refereed(Game(short4, seed=seed), seed, deals=8):
            rasp += ref.contract == "raspasovka"
    assert rasp > 0


def test_match_ends_and_then_nothing_is_legal() -> None:
    variant = load_variant("sochi", {"max_deals": 2})
    game = Game(variant, seed=3)
    play_refereed(game, 3, deals=10)
    assert game.is_terminal
    assert len(game.results) == 2
    assert game.current_player == -1
    assert game.legal_actions() == []
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply("pass")
    assert snapshot(game) == before


# ---------------------------------------------------------------------------------------------- auction

ALL_BIDS = [
    "6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "8S", "8C", "8D", "8H", "8NT",
    "misere", "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT",
]


def test_ladder_written_out_matches_the_rules() -> None:
    assert LADDER == ALL_BIDS  # the referee's ladder, spelt out once by hand


@pytest.mark.parametrize("first_dealer", [0, 1, 2])
def test_first_call(sochi: Variant, first_dealer: int) -> None:
    game = Game(sochi, seed=5, first_dealer=first_dealer)
    assert game.phase is Phase.AUCTION
    assert game.current_player == (first_dealer + 1) % 3  # first hand, left of the dealer
    assert game.legal_actions() == ["pass", *ALL_BIDS]


def test_after_7h_only_higher_contracts(sochi: Variant) -> None:
    game = Game(sochi, seed=1)
    game.apply("7H")  # seat 1
    assert game.current_player == 2
    # seat 2 has not called yet, so misère is still open to him
    assert game.legal_actions() == ["pass", "7NT", "8S", "8C", "8D", "8H", "8NT", "misere",
                                    "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]
    game.apply("8S")
    assert game.current_player == 0
    game.apply("pass")
    assert game.current_player == 1
    # seat 1 has bid already: no misère any more
    assert game.legal_actions() == ["pass", "8C", "8D", "8H", "8NT",
                                    "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]


def test_misere_only_as_first_call_and_outbid_only_by_a_nine(sochi: Variant) -> None:
    game = Game(sochi, seed=2)
    game.apply("misere")  # seat 1, first call
    nines_and_tens = ["9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]
    assert game.legal_actions() == ["pass", *nines_and_tens]  # RUS-BID-02
    game.apply("9S")  # seat 2
    assert game.legal_actions() == ["pass", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]
    game.apply("pass")  # seat 0
    assert game.current_player == 1
    assert game.legal_actions() == ["pass"]  # the misère bid binds: its bidder may only pass
    with pytest.raises(IllegalActionError):
        game.apply("9C")
    game.apply("pass")
    assert game.phase is Phase.DISCARD
    assert game.current_player == 2


def test_misere_is_not_a_second_call(sochi: Variant) -> None:
    game = play_to(Game(sochi, seed=2), ["6S", "6C", "pass"])  # seats 1, 2, 0
    assert game.current_player == 1
    assert "misere" not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("misere")


def test_a_pass_is_final(sochi: Variant) -> None:
    game = play_to(Game(sochi, seed=4), ["pass", "6S", "6C"])  # seat 1 passes, seats 2 and 0 bid
    assert game.current_player == 2  # seat 1 is skipped from now on
    game.apply("7S")
    assert game.current_player == 0
    game.apply("pass")  # seat 0 out: seat 2 is the only bidder left
    assert game.phase is Phase.DISCARD
    assert game.current_player == 2


def test_all_pass_is_raspasovka(sochi: Variant) -> None:
    game = Game(sochi, seed=8)
    ref = Referee.start(game, 0)
    for _ in range(3):
        ref.check(game)
        game.apply("pass")
        ref.apply("pass")
    assert game.phase is Phase.PLAY  # RUS-BID-03: played, not redealt
    assert game.current_player == 1  # first hand plays first to the talon card (RUS-RASP-15)
    assert all(game.hand(s).bit_count() == 10 for s in range(3))  # nobody takes the talon
    ref.check(game)


def test_last_hand_may_bid_after_two_passes_and_wins(sochi: Variant) -> None:
    game = play_to(Game(sochi, seed=6), ["pass", "pass"])
    assert game.current_player == 0
    assert game.legal_actions() == ["pass", *ALL_BIDS]
    game.apply("6S")
    assert game.phase is Phase.DISCARD and game.current_player == 0


# ---------------------------------------------------------------------------------------------- talon, declaration


def win_auction(variant: Variant, bid: str, seed: int = 11) -> Game:
    """Seat 1 (first hand) bids ``bid``, the others pass."""
    return play_to(Game(variant, seed=seed), [bid, "pass", "pass"])


@pytest.mark.parametrize("bid", ["6S", "7H", "misere", "9NT"])
def test_declarer_takes_the_talon_and_discards_two(sochi: Variant, bid: str) -> None:
    before = Game(sochi, seed=11)
    dealt = before.hand(1)
    talon = ((1 << 32) - 1) & ~(before.hand(0) | before.hand(1) | before.hand(2))
    assert talon.bit_count() == 2
    game = win_auction(sochi, bid)
    assert game.phase is Phase.DISCARD
    assert game.current_player == 1
    assert game.hand(1) == dealt | talon
    assert game.hand(1).bit_count() == 12
    assert sorted(game.legal_actions()) == sorted(names(dealt | talon))
    out = [c for c in CARD_NAMES if c not in names(game.hand(1))][0]
    with pytest.raises(IllegalActionError):
        game.apply(out)  # not in his hand
    first, second = game.legal_actions()[:2]
    game.apply(first)
    assert game.phase is Phase.DISCARD and first not in game.legal_actions()
    game.apply(second)
    assert game.phase is Phase.DECLARE
    assert game.hand(1).bit_count() == 10
    game.check_cards()


def discard_two(game: Game) -> Game:
    legal = game.legal_actions()
    return play_to(game, legal[:2])


def test_declare_at_least_the_bid(sochi: Variant) -> None:
    game = discard_two(win_auction(sochi, "7H"))
    assert game.legal_actions() == ["7H", "7NT", "8S", "8C", "8D", "8H", "8NT",
                                    "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "10H", "10NT"]
    for low in ("6S", "7D", "misere"):
        with pytest.raises(IllegalActionError):
            game.apply(low)


def test_misere_winner_may_only_declare_misere(sochi: Variant) -> None:
    game = discard_two(win_auction(sochi, "misere"))
    assert game.legal_actions() == ["misere"]
    game.apply("misere")
    assert game.phase is Phase.PLAY  # no whist decisions on misère
    assert game.current_player == 1


def test_misere_defenders_open_after_declarers_lead(sochi: Variant) -> None:
    # RUS-MIS-06 (3a): the declarer has the lead, so he leads before the defenders lie open
    game = play_to(discard_two(win_auction(sochi, "misere")), ["misere"])
    assert set(game.visible_hands(1)) == {1}
    game.apply(game.legal_actions()[0])
    assert set(game.visible_hands(1)) == {0, 1, 2}
    assert set(game.visible_hands(0)) >= {0, 2}


def test_misere_defenders_open_before_a_defenders_lead(sochi: Variant) -> None:
    # RUS-MIS-06 (3b): seat 2 declares misère, first hand (seat 1, a defender) leads: open at once
    game = discard_two(play_to(Game(sochi, seed=12), ["pass", "misere", "pass"]))
    game.apply("misere")
    assert game.current_player == 1
    assert set(game.visible_hands(2)) == {0, 1, 2}


# ---------------------------------------------------------------------------------------------- defence


def declared(variant: Variant, contract: str, seed: int = 13) -> Game:
    """Seat 1 wins with ``contract``, discards and declares it; seat 2 then speaks first in defence."""
    return play_to(discard_two(win_auction(variant, contract, seed)), [contract])


@pytest.mark.parametrize("contract", ["6S", "6NT", "7H", "8D", "9NT"])
def test_defence_calls(sochi: Variant, contract: str) -> None:
    game = declared(sochi, contract)
    assert game.phase is Phase.DEFENCE
    assert game.current_player == 2  # left of the declarer
    assert set(game.legal_actions()) == {"pass", "whist"}
    half_allowed = level(contract) in (6, 7)
    after_pass = game.clone()
    after_pass.apply("pass")
    assert after_pass.current_player == 0
    assert set(after_pass.legal_actions()) == ({"pass", "whist", "half"} if half_allowed else {"pass", "whist"})
    after_whist = game.clone()
    after_whist.apply("whist")
    assert set(after_whist.legal_actions()) == {"pass", "whist"}  # half only after a pass
    with pytest.raises(IllegalActionError):
        game.apply("half")  # never for the first defender


@pytest.mark.parametrize("second", ["pass", "half"])
def test_no_whist_means_no_play(sochi: Variant, second: str) -> None:
    game = play_to(declared(sochi, "6C"), ["pass", second])
    assert len(game.results) == 1
    assert game.results[0].played is False
    assert game.results[0].defence == ((2, "pass"), (0, second))
    assert game.phase is Phase.AUCTION  # the next deal
    assert game.current_player == 2  # dealer 1 now: first hand is seat 2


@pytest.mark.parametrize("contract", ["10S", "10NT"])
def test_checked_ten_has_no_whist_decisions(sochi: Variant, contract: str) -> None:
    game = declared(sochi, contract)
    assert game.phase is Phase.PLAY
    assert game.current_player == 1


@pytest.mark.parametrize(("first", "second", "whister", "passer"),
                         [("whist", "pass", 2, 0), ("pass", "whist", 0, 2)])
def test_lone_whister_plays_the_passers_hand(sochi: Variant, first: str, second: str, whister: int,
                                             passer: int) -> None:
    game = play_to(declared(sochi, "6S"), [first, second])
    assert game.phase is Phase.PLAY
    assert passer in game.visible_hands(whister)  # he plays both hands, open
    moved_by: dict[int, set[int]] = {0: set(), 1: set(), 2: set()}
    while not game.results:
        actor = game.current_player
        assert actor != passer, "the passer does not play"
        card = game.legal_actions()[-1]
        owner = next(s for s in range(3) if card in names(game.hand(s)))
        moved_by[owner].add(actor)
        game.apply(card)
    assert len(game.results) == 1 and game.results[0].played
    assert moved_by[passer] == {whister}
    assert moved_by[whister] == {whister}
    assert moved_by[1] == {1}


def test_two_whisters_play_their_own_hands(sochi: Variant) -> None:
    game = play_to(declared(sochi, "7C"), ["whist", "whist"])
    assert set(game.visible_hands(1)) == {1}  # nothing lies open
    assert set(game.visible_hands(2)) == {2}
    ref_players = set()
    while not game.results:
        ref_players.add(game.current_player)
        game.apply(game.legal_actions()[0])
    assert ref_players == {0, 1, 2}


# ---------------------------------------------------------------------------------------------- four players


def test_four_players_dealer_sits_out(sochi4: Variant) -> None:
    game = Game(sochi4, seed=21)
    assert game.hand(0) == 0  # dealer 0 gets no cards
    assert [game.hand(s).bit_count() for s in (1, 2, 3)] == [10, 10, 10]
    assert game.current_player == 1
    play_to(game, ["pass", "pass", "pass"])  # seats 1, 2, 3: the dealer has no call
    assert game.phase is Phase.PLAY


def test_four_players_deal_rotates_and_dealer_never_acts(sochi4: Variant) -> None:
    game = Game(sochi4, seed=22)
    refs = play_refereed(game, 22, deals=5)
    assert [r.dealer for r in refs] == [0, 1, 2, 3, 0]
    for r in refs:
        assert r.dealer not in r.active


def find_talon_ace_deal(variant: Variant) -> tuple[Game, dict[str, int]]:
    """EX-08: search seeds for a deal whose first talon card is A♠ while 9♠, 7♠ and 8♠ are in three
    different players' hands (the public deal only; the assertion comes from the rule)."""
    for seed in range(20000):
        game = Game(variant, seed=seed)
        if card_name(game.deal.talon_cards[0]) != "AS":
            continue
        holders = {}
        for card in ("9S", "7S", "8S"):
            holders[card] = next((s for s in range(game.n_players) if card in names(game.hand(s))), -1)
        if -1 not in holders.values() and len(set(holders.values())) == 3:
            return game, holders
    pytest.fail("no seed in range deals the EX-08 situation")


def play_talon_ace_trick(game: Game, holders: dict[str, int]) -> Referee:
    """All pass, then each player puts his card of 9♠ 7♠ 8♠ on the talon A♠; the rest of the deal is
    played out with the referee checking."""
    by_seat = {seat: card for card, seat in holders.items()}
    ref = Referee.start(game, 0)
    for _ in range(3):
        game.apply("pass")
        ref.apply("pass")
    for _ in range(3):
        ref.check(game)
        card = by_seat[game.current_player]
        game.apply(card)
        ref.apply(card)
    while not ref.over:
        ref.check(game)
        action = game.legal_actions()[0]
        game.apply(action)
        ref.apply(action)
    ref.check_result(game)
    return ref


def test_ex08_three_players_the_nine_wins(sochi: Variant) -> None:
    game, holders = find_talon_ace_deal(sochi)
    ref = play_talon_ace_trick(game, holders)
    # RUS-RASP-17 / EX-08: the talon ace only names the suit; the highest player card, the 9, wins
    assert ref.trick_winners[0] == holders["9S"]
    assert game.results[0].tricks[holders["9S"]] >= 1


def test_ex08_four_players_the_dealer_wins(sochi4: Variant) -> None:
    game, holders = find_talon_ace_deal(sochi4)
    ref = play_talon_ace_trick(game, holders)
    # RUS-RASP-15 / EX-08 contrast: the talon ace is the sitting-out dealer's lead and wins the trick
    assert ref.trick_winners[0] == 0
    assert game.results[0].tricks[0] >= 1
    assert game.results[0].kind == "all_pass"


# ---------------------------------------------------------------------------------------------- determinism


def play_recording(game: Game, seed: int, steps: int, disturb: bool = False) -> list[tuple[object, ...]]:
    rng = random.Random(seed)
    seen = []
    for i in range(steps):
        if game.is_terminal:
            break
        if disturb:
            random.seed(i * 31 + 7)  # whatever the global RNG does must not matter
            random.random()
            random.shuffle(list(range(10)))
        seen.append((game.phase, game.current_player, tuple(game.hand(s) for s in range(game.n_players)),
                     tuple(game.legal_actions())))
        game.apply(mixed_policy(rng, game))
    return seen


def test_same_seed_same_game(short: Variant) -> None:
    for seed in (1, 2, 3):
        random.seed(100)
        a = Game(short, seed=seed)
        trace_a = play_recording(a, seed, 400)
        random.seed(200)
        b = Game(short, seed=seed)
        trace_b = play_recording(b, seed, 400, disturb=True)
        assert trace_a == trace_b
        assert a.history == b.history
        assert a.results == b.results
        assert a.to_json() == b.to_json()


def test_different_seeds_deal_differently(sochi: Variant) -> None:
    # guards the test above: if the seed were ignored every game would look the same
    deals = {tuple(Game(sochi, seed=s).hand(p) for p in range(3)) for s in range(10)}
    assert len(deals) == 10


def test_clone_is_independent_and_continues_identically(short: Variant) -> None:
    for game in random_states(short, range(12), 120):
        if game.is_terminal:
            continue
        copy = game.clone()
        assert snapshot(copy) == snapshot(game)
        before = snapshot(game)
        copy.apply(copy.legal_actions()[0])  # changing the clone leaves the original alone
        assert snapshot(game) == before
        copy = game.clone()
        seed = len(game.history)
        trace_a = play_recording(game, seed, 150)  # crosses deal boundaries: the RNG state is cloned too
        trace_b = play_recording(copy, seed, 150)
        assert trace_a == trace_b
        assert snapshot(copy) == snapshot(game)


def test_json_round_trip_and_replay(short: Variant) -> None:
    for game in random_states(short, range(20, 32), 160):
        text = game.to_json()
        data = json.loads(text)
        assert data["actions"] == game.history and data["seed"] == game.seed
        restored = Game.from_json(text)
        assert snapshot(restored) == snapshot(game)
        replayed = Game.replay(short, game.seed, list(game.history), first_dealer=game.first_dealer)
        assert snapshot(replayed) == snapshot(game)
        seed = len(game.history) + 1
        assert play_recording(restored, seed, 100) == play_recording(game, seed, 100)
        assert snapshot(restored) == snapshot(game)


def test_json_round_trip_keeps_overrides_and_first_dealer() -> None:
    variant = load_variant("sochi", {"players": 4, "pool": 10})
    game = Game(variant, seed=9, first_dealer=2)
    play_recording(game, 9, 60)
    restored = Game.from_json(game.to_json())
    assert restored.n_players == 4 and restored.rules.pool == 10
    assert snapshot(restored) == snapshot(game)


# ---------------------------------------------------------------------------------------------- illegal actions

JUNK = ["", " ", "XX", "11H", "6Z", "hold", "raspasovka", "PASSS", "whist ", "10", "AS KS", "7", "♠"]


def illegal_candidates(game: Game) -> list[str]:
    legal = set(game.legal_actions())
    universe = list(CARD_NAMES) + ALL_BIDS + ["pass", "whist", "half"] + JUNK
    return [a for a in universe if a not in legal and a.strip() not in legal]


@pytest.mark.slow
def test_illegal_actions_are_rejected_and_change_nothing(short: Variant) -> None:
    tried = 0
    for seed in range(4):
        game = Game(short, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal and len(game.results) < 3:
            before = snapshot(game)
            for action in illegal_candidates(game):
                with pytest.raises(IllegalActionError) as info:
                    game.apply(action)
                message = str(info.value)
                assert repr(action) in message and "\n" not in message
                tried += 1
                if tried % 7 == 0:  # a full comparison now and then, the cheap one always
                    assert snapshot(game) == before
                else:
                    assert game.to_json() == before["json"] and game.legal_actions() == before["legal"]
            assert snapshot(game) == before
            game.apply(mixed_policy(rng, game))
    assert tried > 1000


def test_rejected_actions_do_not_disturb_the_game(short: Variant) -> None:
    clean = Game(short, seed=40)
    noisy = Game(short, seed=40)
    rng_a, rng_b = random.Random(40), random.Random(40)
    while not clean.is_terminal:
        for action in ("10Z", "pass" if noisy.phase is Phase.PLAY else "AS"):
            if action not in noisy.legal_actions():
                with pytest.raises(IllegalActionError):
                    noisy.apply(action)
        clean.apply(mixed_policy(rng_a, clean))
        noisy.apply(mixed_policy(rng_b, noisy))
    assert noisy.to_json() == clean.to_json()
    assert noisy.results == clean.results


def test_card_not_following_suit_is_rejected(sochi: Variant) -> None:
    # find a trick in progress where the hand to play holds a card of another suit than the one led
    for game in random_states(sochi, range(60), 60):
        if game.phase is not Phase.PLAY:
            continue
        legal = set(game.legal_actions())
        hand_cards = set()
        for hand in game.visible_hands(game.current_player).values():
            hand_cards |= names(hand)
        wrong = sorted(c for c in hand_cards if c not in legal)
        if not wrong:
            continue
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply(wrong[0])
        assert info.value.phase == "play" and set(info.value.legal) == legal
        assert snapshot(game) == before
        return
    pytest.fail("no state with a card that may not be played")


def test_illegal_message_lists_what_is_allowed(sochi: Variant) -> None:
    game = Game(sochi, seed=1)
    with pytest.raises(IllegalActionError) as info:
        game.apply("whist")
    message = str(info.value)
    assert "'whist'" in message and "auction" in message and "6S" in message and "misere" in message


def test_card_aliases_are_accepted(sochi: Variant) -> None:
    # the same card in the other spellings of the card parser is the same action
    game = win_auction(sochi, "6S")
    card = game.legal_actions()[0]
    alias = card.lower().replace("10", "t")
    game.apply(alias)
    assert game.history[-1] == card


def test_legal_actions_returns_a_copy(sochi: Variant) -> None:
    game = Game(sochi, seed=1)
    legal = game.legal_actions()
    legal.clear()
    assert game.legal_actions() == ["pass", *ALL_BIDS]


def test_game_never_touches_the_global_rng(short: Variant) -> None:
    random.seed(99)
    state = random.getstate()
    game = Game(short, seed=5)
    play_recording(game, 5, 300)
    game.clone()
    Game.from_json(game.to_json())
    assert random.getstate() == state


def test_tampered_record_is_rejected_in_one_line(sochi: Variant) -> None:
    from preferans.core import BadInput, RecordError

    game = play_to(Game(sochi, seed=3), ["6S", "pass", "pass"])
    data = json.loads(game.to_json())
    data["actions"][1] = "whist"
    with pytest.raises(RecordError) as info:
        Game.from_dict(data, "save.json")
    text = str(info.value)
    assert text.startswith("save.json: actions[1]: ") and "'whist'" in text and "\n" not in text
    for bad, where in (({**data, "format": "x"}, "format"), ({**data, "version": 99}, "version")):
        with pytest.raises(RecordError) as info:
            Game.from_dict(bad, "save.json")
        assert str(info.value).startswith(f"save.json: {where}: ")
    with pytest.raises(BadInput) as binfo:
        Game.from_dict({**data, "config": {"variant": "sochii"}}, "save.json")
    assert "did you mean 'sochi'" in str(binfo.value) and "\n" not in str(binfo.value)
    with pytest.raises(RecordError):
        Game.from_json("{not json", "save.json")


# ---------------------------------------------------------------------------------------------- options


def test_whisted_ten_has_defence_calls() -> None:
    # the option that sources dispute (russian.md 2.6 #9): with ten = "whisted" a ten goes to the defenders
    game = declared(load_variant("sochi", {"ten": "whisted"}), "10H")
    assert game.phase is Phase.DEFENCE
    assert set(game.legal_actions()) == {"pass", "whist"}


def test_stalingrad_six_spades_must_be_whisted() -> None:
    game = declared(load_variant("sochi", {"whist": {"stalingrad": True}}), "6S")
    assert game.legal_actions() == ["whist"]
    game.apply("whist")
    assert game.legal_actions() == ["whist"]
    other = declared(load_variant("sochi", {"whist": {"stalingrad": True}}), "6C")
    assert set(other.legal_actions()) == {"pass", "whist"}


def test_play_rules_for_a_contract_not_yet_played(sochi: Variant) -> None:
    """The variant's rules for a contract someone might play (the solver's users value contracts in the
    auction): 6S by the dealer of the first deal is played with spades trump, the first hand leading
    (GEN-DECK-05: the first hand leads to the first trick), the three active hands playing."""
    game = Game(sochi, seed=1)
    deal = game.deal
    rules = game.play_rules_for(sochi.contracts["6S"], deal.dealer)
    assert (rules.trump, rules.leader, rules.hands, rules.declarer) == (0, deal.first_hand, deal.active, deal.dealer)
    assert game.play_rules_for(sochi.contracts["6S"], 1, dealer=2, first_hand=0).leader == 0
