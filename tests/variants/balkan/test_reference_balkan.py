"""The Balkan family's reference (variants/balkan/conformance), checked by hand and against the engine.

Each expected value below is worked from docs/rules/balkan.md and docs/variants/balkan.md (the rule ID in the
comment), never from the engine. Seats 0, 1, 2 clockwise; with dealer 2 the speaking order is 0, 1, 2. V is
the contract's value: spades 4, diamonds 6, hearts 8, clubs 10, betl 12, sans 14; igra 2 more (BAL-VAL-04).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from helpers import paths
from preferans.core import load_variant
from preferans.core.model.kit import Moment
from preferans.core.model.views import (
    Amount,
    AuctionView,
    DealResult,
    DeclarationView,
    DefenceView,
    Entry,
    LedgerView,
    MatchView,
    apply_entries,
)
from preferans.core.testing.checks_reference import check_matches_reference, reference_of
from preferans.variants.balkan.conformance import REFERENCE as R

VARIANTS = {name: load_variant(name) for name in ("balkan", "serbian", "slovenian")}
Key = tuple[str, int, int | None]


def rules(name: str = "balkan") -> Any:
    return VARIANTS[name].rules


def sheet(bula: tuple[Amount, ...] = (30, 30, 30), refe: tuple[int, ...] = (0, 0, 0), drawn: int = 0) -> MatchView:
    """The sheet before a deal that is not the first (one all-pass deal in the history)."""
    totals: dict[Key, Amount] = {}
    for s in range(3):
        totals[("bula", s, None)] = bula[s]
        totals[("refe", s, None)] = refe[s]
        totals[("refe_drawn", s, None)] = drawn
        totals[("hat", s, None)] = 1 if bula[s] < 0 else 0
    earlier = DealResult(kind="all_pass", dealer=1, active=(2, 0, 1), tricks=(0, 0, 0), played=False)
    return MatchView(3, (earlier,), LedgerView(totals, 3))


FIRST = MatchView(3, (), LedgerView({}, 3))


def deal(contract: str, tricks: tuple[int, int, int], defence: tuple[tuple[int, str], ...],
         auction: tuple[tuple[int, str], ...] | None = None, name: str = "balkan") -> DealResult:
    """Seat 0 declares ``contract`` (dealer 2); by default he bid its number and both others passed."""
    number = {"spades": 2, "diamonds": 3, "hearts": 4, "clubs": 5, "betl": 6, "sans": 7}
    igra = contract.startswith("igra-")
    if auction is None:
        auction = ((0, str(number[contract])), (1, "pass"), (2, "pass"))
    return DealResult(kind="contract", dealer=2, active=(0, 1, 2), tricks=tricks, declarer=0,
                      contract=VARIANTS[name].contracts[contract], bid=contract if igra else str(number[contract]),
                      defence=defence, auction=auction, declaration=() if igra else ((0, contract),))


def sums(entries: list[Entry]) -> dict[Key, Amount]:
    totals: dict[Key, Amount] = {}
    apply_entries(totals, entries)
    return {k: v for k, v in totals.items() if v != 0}


def score(result: DealResult, before: MatchView, name: str = "balkan") -> Mapping[Key, Amount]:
    entries = R.deal_entries(result, before, rules(name))
    assert entries is not None
    return sums(entries)


def b(seat: int) -> Key:
    return ("bula", seat, None)


def j(seat: int, on: int = 0) -> Key:
    return ("juha", seat, on)


BOTH = ((1, "follow"), (2, "follow"), (1, "no-kontra"), (2, "no-kontra"))


# ---------------------------------------------------------------- the auction and the declaration


def auction_calls(calls: tuple[tuple[int, str], ...], seat: int, name: str = "balkan") -> frozenset[str]:
    view = AuctionView(sheet(), 2, (0, 1, 2), calls, VARIANTS[name].contracts)
    legal = R.auction_legal(view, seat, rules(name))
    assert legal is not None
    return legal.calls


def test_the_ladder_the_hold_and_igra() -> None:
    # GAP-BAL-02: the first bid is 2; BAL-BID-02: igra only as a seat's first call
    assert auction_calls((), 0) == {"pass", "2", "igra"}
    # 0 bid 2, 1 raised to 3: seat 2 speaks later than the holder, so he raises by one (no jumps)
    assert auction_calls(((0, "2"), (1, "3")), 2) == {"pass", "4", "igra"}
    # seat 2 passed: seat 0 speaks earlier than the holder 1, so he may hold 3 ("mine"), and has spoken
    assert auction_calls(((0, "2"), (1, "3"), (2, "pass")), 0) == {"pass", "3"}
    # 0 held 3: seat 1, later than the holder, must raise
    assert auction_calls(((0, "2"), (1, "3"), (2, "pass"), (0, "3")), 1) == {"pass", "4"}
    # nobody speaks out of turn
    assert auction_calls(((0, "2"),), 2) == frozenset()


def test_igra_is_named_higher_or_passed() -> None:
    # BAL-BID-02: after 0's igra the unspoken seats may say igra too; then the callers name in turn
    assert auction_calls(((0, "2"), (1, "igra")), 2) == {"pass", "igra"}
    said = ((0, "igra"), (1, "igra"), (2, "pass"))
    assert auction_calls(said, 0) == {f"igra-{c}" for c in ("spades", "diamonds", "hearts", "clubs", "betl", "sans")}
    # the later caller names only a higher game (4 hearts -> 5, 6, 7), or passes
    assert auction_calls((*said, (0, "igra-hearts")), 1) == {"pass", "igra-clubs", "igra-betl", "igra-sans"}


def test_the_declaration_is_at_least_the_bid() -> None:
    # GAP-BAL-02, pk 7: after the talon and the discard any contract whose number is at least the bid
    bid = VARIANTS["balkan"].contracts["4"]
    view = DeclarationView(sheet(), 0, bid, VARIANTS["balkan"].contracts, talon_taken=True, discarded_by=(0,))
    legal = R.declaration_legal(view, rules())
    assert legal is not None and legal.calls == {"hearts", "clubs", "betl", "sans"}
    discarding = DeclarationView(sheet(), 0, bid, VARIANTS["balkan"].contracts, talon_taken=True)
    assert R.declaration_legal(discarding, rules()) is None


# ---------------------------------------------------------------- the defence


def defence_calls(contract: str, calls: tuple[tuple[int, str], ...], seat: int, name: str = "balkan",
                  before: MatchView | None = None) -> frozenset[str]:
    view = DefenceView(before or sheet(), 0, VARIANTS[name].contracts[contract], (1, 2), calls)
    legal = R.defence_legal(view, seat, rules(name))
    assert legal is not None
    return legal.calls


def test_the_invitation_and_the_two() -> None:
    lone = ((1, "follow"), (2, "pass"))
    # GAP-BAL-04: a lone follower may invite the passer
    assert defence_calls("hearts", lone, 1) == {"no-kontra", "kontra", "invite"}
    # BAL-KON-08: not on a two that needs a kontra
    assert defence_calls("spades", lone, 1) == {"no-kontra", "kontra"}
    # on the declarer's refe the chapter plays the two without kontra (GAP-BAL-17), pk does not (unless_refe)
    on_refe = sheet(refe=(1, 1, 1), drawn=1)
    assert defence_calls("spades", lone, 1, before=on_refe) == {"no-kontra", "kontra", "invite"}
    assert defence_calls("spades", lone, 1, "serbian", on_refe) == {"no-kontra", "kontra"}
    # GAP-BAL-12: a betl has no follow round, both defend and are asked for kontra
    assert defence_calls("betl", (), 1) == {"no-kontra", "kontra"}


def test_the_kontra_chain_and_its_cap() -> None:
    said = ((1, "follow"), (2, "follow"), (1, "kontra"), (0, "rekontra"), (1, "subkontra"))
    # BAL-KON-06/07: the declarer answers the subkontra with mortkontra
    assert defence_calls("hearts", said, 0) == {"no-kontra", "mortkontra"}
    # the chapter goes on without end (kontra-5); pk stops at mortkontra (kontra.max_level = 4)
    assert defence_calls("hearts", (*said, (0, "mortkontra")), 1) == {"no-kontra", "kontra-5"}
    assert defence_calls("hearts", (*said, (0, "mortkontra")), 1, "serbian") == frozenset()


# ---------------------------------------------------------------- the sheet


def test_the_first_deal_opens_the_sheet_and_an_all_pass_gives_refe() -> None:
    passed = DealResult(kind="all_pass", dealer=2, active=(0, 1, 2), tricks=(0, 0, 0), played=False,
                        auction=((0, "pass"), (1, "pass"), (2, "pass")))
    # BAL-SCORE-02: everybody's bula 30; BAL-REFE-01: a refe (and its mark) for everybody
    want: dict[Key, Amount] = {b(s): 30 for s in range(3)}
    want.update({(a, s, None): 1 for a in ("refe", "refe_drawn") for s in range(3)})
    assert score(passed, FIRST) == want
    # BAL-REFE-04: the limit (1 from 30) is reached: nothing; BAL-REFE-03: nor while somebody is under the hat
    assert score(passed, sheet(drawn=1)) == {}
    assert score(passed, sheet(bula=(-2, 30, 30)), "serbian") == {}


def test_two_followers_and_their_quotas() -> None:
    # hearts made 6 / 3 / 1: -8; each writes his tricks x 8 (BAL-SCORE-06); 4 together: nobody fails (BAL-DEF-01)
    made = deal("hearts", (6, 3, 1), BOTH)
    assert score(made, sheet()) == {b(0): -8, j(1): 24, j(2): 8}
    # defence.each_always (pajcho, antonijek): the one with 1 trick fails anyway, +8
    always = rules().model_copy(update={"defence": rules().defence.model_copy(update={"each_always": True})})
    got = R.deal_entries(made, sheet(), always)
    assert got is not None and sums(got) == {b(0): -8, j(1): 24, j(2): 8, b(2): 8}
    # 7 / 2 / 1: the pair is short (3 < 4): the one below 2 is penalised 8 (BAL-DEF-02)
    assert score(deal("hearts", (7, 2, 1), BOTH), sheet()) == {b(0): -8, j(1): 16, j(2): 8, b(2): 8}


def test_lone_follower_and_inviter() -> None:
    # a lone follower needs 2 (BAL-DEF-08): 8 / 1: -8 for the declarer, 1 x 8 written, +8 penalty
    lone = deal("hearts", (8, 1, 0), ((1, "follow"), (2, "pass"), (1, "no-kontra")))
    assert score(lone, sheet()) == {b(0): -8, j(1): 8, b(1): 8}
    # the inviter writes the team's 2 + 1 = 3 tricks x 8 = 24, and fails below 4 (BAL-DEF-06/09); 2 writes nothing
    invited = deal("hearts", (7, 2, 1), ((1, "follow"), (2, "pass"), (1, "invite")))
    assert score(invited, sheet()) == {b(0): -8, j(1): 24, b(1): 8}


def test_kontra_the_chapter_and_pk() -> None:
    kontra = ((1, "follow"), (2, "follow"), (1, "kontra"), (0, "no-kontra"))
    # diamonds (6) failed 3 / 3 / 2 under 1's kontra: the declarer +6 x 2 = 12. The chapter (BAL-KON-02): 1
    # writes 3 x 6 x 2 = 36, the defence took 5 (BAL-KON-05: safe); 2 writes 2 x 6 = 12, undoubled
    failed = deal("diamonds", (3, 3, 2), kontra)
    assert score(failed, sheet()) == {b(0): 12, j(1): 36, j(2): 12}
    # pk 10 (serbian): 1 writes the team's 5 x 6 x 2 = 60, 2 nothing
    assert score(deal("diamonds", (3, 3, 2), kontra, name="serbian"), sheet(), "serbian") == {b(0): 12, j(1): 60}
    # hearts made 6 / 2 / 2 under kontra: -16; 1 writes 2 x 16 = 32 and fails (4 < 5): +16; 2 writes 2 x 8 = 16
    made = deal("hearts", (6, 2, 2), kontra)
    assert score(made, sheet()) == {b(0): -16, j(1): 32, b(1): 16, j(2): 16}


def test_refe_doubles_and_is_used() -> None:
    # BAL-REFE-02: the declarer holds a refe: hearts made 6 / 2 / 2 is worth 16, each writes 2 x 16, refe used
    assert score(deal("hearts", (6, 2, 2), BOTH), sheet(refe=(1, 1, 1), drawn=1)) == {
        b(0): -16, ("refe", 0, None): -1, j(1): 32, j(2): 32}


def test_the_two_without_kontra() -> None:
    nobody = deal("spades", (0, 0, 0), ((1, "pass"), (2, "pass")))
    # BAL-KON-08: the chapter's declarer wins without play, -4
    assert score(nobody, sheet()) == {b(0): -4}
    # pk 10/11: a refe for everybody if one may be written, else -4
    refe = {(a, s, None): 1 for a in ("refe", "refe_drawn") for s in range(3)}
    assert score(nobody, sheet(), "serbian") == refe
    assert score(nobody, sheet(drawn=1), "serbian") == {b(0): -4}
    # SLO-02: a radlc if one may be written, else nothing at all
    assert score(nobody, sheet(), "slovenian") == refe
    assert score(nobody, sheet(drawn=1), "slovenian") == {}


def test_betl() -> None:
    # BAL-BET-03: igra betl failed (the declarer took a trick): +14, each defender writes a fixed 70
    auction = ((0, "igra"), (1, "pass"), (2, "pass"), (0, "igra-betl"))
    failed = deal("igra-betl", (1, 0, 1), ((1, "no-kontra"), (2, "no-kontra")), auction)
    assert score(failed, sheet()) == {b(0): 14, j(1): 70, j(2): 70}
    # betl made under 1's kontra and 0's rekontra (x4): -48, so 30 - 48 = -18 draws the hat (BAL-SCORE-04);
    # 1 is penalised 12 x 4 = 48 (pk 13 example 6); 2 writes nothing
    made = deal("betl", (0, 5, 5), ((1, "kontra"), (0, "rekontra"), (1, "no-kontra")))
    assert score(made, sheet()) == {b(0): -48, ("hat", 0, None): 1, b(1): 48}


def test_the_last_deal_is_cut_at_zero_and_the_hat() -> None:
    # bule 2 + 2 + 1 = 5: hearts made 6 / 3 / 1 writes off only 5 (BAL-SCORE-12), the supe x 5/8:
    # 3 x 8 x 5/8 = 15 and 1 x 8 x 5/8 = 5 (GAP-BAL-16); the declarer's bula 2 - 5 = -3: the hat (BAL-SCORE-04)
    assert score(deal("hearts", (6, 3, 1), BOTH), sheet(bula=(2, 2, 1))) == {
        b(0): -5, j(1): 15, j(2): 5, ("hat", 0, None): 1}
    # -3 + 6 (diamonds failed) = 3: the inverted hat
    assert score(deal("diamonds", (4, 3, 3), BOTH), sheet(bula=(-3, 20, 20))) == {
        b(0): 6, j(1): 18, j(2): 18, ("hat", 0, None): -1}


def test_match_over_and_the_table() -> None:
    def after(bula: tuple[int, int, int]) -> MatchView:
        return sheet(bula=bula)
    # BAL-SCORE-11: over when the bule sum to exactly zero
    assert R.match_over(after((0, -5, 5)), rules()) == (True, "BAL-SCORE-11")
    assert R.match_over(after((1, -5, 5)), rules()) == (False, "BAL-SCORE-11")
    # GEN-DECK-05/06: first hand is the dealer's left, the deal passes clockwise; GEN-DECK-04: four, dealer out
    assert R.first_speaker(2, 3, rules()) == (0, "GEN-DECK-05")
    assert R.next_dealer(sheet(), rules()) == (2, "GEN-DECK-06")
    assert R.sitting_out(3, 4, rules()) == (frozenset({3}), "GEN-DECK-04")


@pytest.mark.parametrize(("shown", "seen_by"), [(True, {0, 1, 2}), (False, {0})])
def test_the_talon_is_seen(shown: bool, seen_by: set[int]) -> None:
    # GEN-DECK-07: the talon taken after a talon bid is shown to everybody, or only the declarer sees it
    moment = Moment("declare", 2, 3, (0, 1, 2), ((0, "4"), (1, "pass"), (2, "pass")), 0, "4", (), None, (), 0,
                    False, ())
    r = rules().model_copy(update={"talon_shown": shown})
    seen = [R.visible(moment, s, r) for s in range(3)]
    assert {s for s, x in enumerate(seen) if x is not None and x.talon} == seen_by
    assert all(x is not None and not x.hands for x in seen)


def test_every_rule_named_is_known() -> None:
    # a deviation may name any rule the reference names, and only those (docs/conformance.md)
    folder = paths.ROOT / "variants" / "balkan" / "conformance"
    text = "".join((folder / f).read_text() for f in ("reference.py", "auction.py", "defence.py", "score.py"))
    named = set(re.findall(r'"((?:BAL|GAP|SLO|GEN|ISS)-[A-Z0-9-]+|balkan#[a-z-]+)"', text))
    assert named <= set(R.rule_ids), named - set(R.rule_ids)


# ---------------------------------------------------------------- against the engine


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_engine_matches_the_reference(name: str) -> None:
    variant = VARIANTS[name]
    assert reference_of(variant) is R
    for seed in (0, 1, 2):
        check_matches_reference(variant, seed, 40)
    for overrides in ({"players": 4}, {"bula": 3, "refe_limit": 3}, {"betl": {"all_follow": False}}):
        check_matches_reference(load_variant(name, overrides=overrides), 3, 40)


@pytest.mark.slow
def test_the_engine_matches_the_reference_with_two_chains() -> None:
    each = {"kontra": {"chains": "each", "other_defender": "normal"}, "defence": {"each_always": True}}
    check_matches_reference(load_variant("serbian", overrides=each), 4, 40)
