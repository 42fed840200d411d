"""The engine's quick ways round (bench/bench_engine.py, docs/performance.md) do what the plain ways do: the
written-out shuffle deals the packs of ``random.Random.shuffle``, the views' quicker ``__init__`` builds the
objects the generated one builds, a contract table's memo answers what its ``make`` answers, and the legal mask
the game hands out is never used for the next card."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from preferans.core import Game, Phase, load_variant
from preferans.core.engine.game import shuffle_pack
from preferans.core.model.errors import IllegalActionError
from preferans.core.model.views import AuctionView, DealResult, Entry, Next, PlayRules


def test_the_shuffle_deals_the_packs_of_random_shuffle() -> None:
    """A seed's packs are what random.Random.shuffle deals, and the generator is left in the same state, so
    the deals after them stay the seed's too; a SystemRandom (the online table) still shuffles itself."""
    for seed in range(300):
        mine, theirs = list(range(32)), list(range(32))
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(3):  # three deals in a row from one generator
            shuffle_pack(a, mine)
            b.shuffle(theirs)
            assert mine == theirs
        assert a.getstate() == b.getstate()
    pack = list(range(32))
    shuffle_pack(random.SystemRandom(), pack)
    assert sorted(pack) == list(range(32))


def test_the_quick_init_keeps_the_signature_and_the_fields() -> None:
    """Positional and keyword arguments, defaults, equality, frozenness and dataclasses.replace as before."""
    assert str(inspect.signature(Next)) == "(seat: 'Seat') -> None"
    assert list(inspect.signature(Entry).parameters) == ["account", "seat", "amount", "other", "note"]
    entry = Entry("pool", 1, 4)
    assert entry == Entry(account="pool", seat=1, amount=4, other=None, note="")
    assert (entry.other, entry.note) == (None, "")
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Next()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Next(1, 2)  # type: ignore[call-arg]
    rules = PlayRules(trump=1, hands=(0, 1, 2))
    changed = dataclasses.replace(rules, talon_leads=2)
    # every other field as given or defaulted: must_follow True, must_beat False by the class's defaults
    assert (changed.trump, changed.hands, changed.talon_leads, changed.must_follow, changed.must_beat) == \
        (1, (0, 1, 2), 2, True, False)
    view = AuctionView(None, 0, (1, 2, 0), (), None)  # type: ignore[arg-type]
    assert vars(view) == {"match": None, "dealer": 0, "bidders": (1, 2, 0), "calls": (), "contracts": None}
    result = DealResult("contract", 0, (1, 2, 0), (6, 2, 2), declarer=1)
    assert (result.bid, result.played, result.talon) == (None, True, 0)


def test_the_contract_memo_answers_once_per_key() -> None:
    sochi = load_variant("sochi")
    table = sochi.contracts
    made: list[int] = []

    def make() -> tuple[str, ...]:
        made.append(1)
        return tuple(s.name for s in table.biddable_above(64))

    # Sochi ranks a contract level*10 + strain (spades 0 .. no trump 4): above 64 (6NT) come 7S .. 10NT and
    # misère (rank 85), 21 rows
    first = table.memo(("test", 64), make)
    assert table.memo(("test", 64), make) is first and made == [1]
    assert len(first) == 21 and first[0] == "7S" and "misere" in first
    assert table.get("7S") is table["7S"] and table.get("nothing") is None


def test_the_legal_mask_handed_out_is_never_used_for_the_next_card() -> None:
    """apply() checks a card against the mask legal_actions() handed out: after each card it is gone, so a
    card that was legal before is refused when it is no longer (a follow-suit rule, the card already played)."""
    game = Game(load_variant("sochi"), seed=4)
    rng = random.Random(4)
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    play = game.deal.play
    assert play is not None
    legal = game.legal_actions()
    assert play.legal == play.legal_mask()
    game.apply(legal[0])
    assert play.legal == -1
    with pytest.raises(IllegalActionError):
        game.apply(legal[0])  # the same card again: no longer in the hand


@pytest.mark.parametrize("name", ["sochi", "classic", "balkan", "serbian", "nachgehen", "austrian"])
def test_the_declaration_view_kept_from_the_last_step_gives_what_a_fresh_one_gives(name: str) -> None:
    """legal_actions() in the declaration reuses the view the last declaration step was asked with, unless that
    step passed the turn to another seat (Nachgehen's take-over): at every such decision of random games the
    answer is the variant's answer to a view built afresh, and it is the calls of the seat to act."""
    variant = load_variant(name)
    asked = 0
    for seed in range(40):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal and len(game.results) < 3:
            legal = game.legal_actions()
            if game.phase is Phase.DECLARE:
                assert legal == game.book.declaration_legal(game._declaration_view())
                asked += 1
            game.apply(legal[rng.randrange(len(legal))])
    assert asked >= 5  # random bidding reaches a declaration in some deals: the check has met several


def test_the_declaration_view_is_built_afresh_when_the_turn_passes() -> None:
    """Nachgehen's take-over (seat 0 "1", seat 1 "2", both others pass; seat 1 lies, seat 0 takes over with
    Bettel, seat 1 over it with Durchmarsch, seat 0 passes): after "lie" the same declaration goes on with
    another seat to act, whose calls are "pass" and "take", not the liar's."""
    game = Game(load_variant("nachgehen"), seed=2, first_dealer=2)
    script = iter(["1", "2", "pass", "pass", "lie", "take", "bettel", "take", "durchmarsch", "pass"])
    wanted = next(script)
    seats = []
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        if game.phase is Phase.DECLARE:
            assert legal == game.book.declaration_legal(game._declaration_view())
            seats.append(game.current_player)
        if wanted in legal:
            game.apply(wanted)
            wanted = next(script, "")
        else:  # a discard: the first two cards
            game.apply(legal[0])
    # seat 1 lies; seat 0 is asked (pass or take), takes, discards and names Bettel; seat 1 is asked, takes,
    # discards and names Durchmarsch; seat 0 is asked and passes
    assert seats == [1, 0, 0, 1, 1, 0]
