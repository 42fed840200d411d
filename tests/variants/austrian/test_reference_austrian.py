"""The Austrian family's independent reference (``variants/austrian/conformance`` and its Illustrated and
Nachgehen children), tested on hand-built views and deal results whose answers are worked out by hand from
docs/rules/austrian.md and docs/variants/austrian*.md, styrian.md, illustrated.md, nachgehen.md; then the
comparator runs it against the engine on every built-in variant of the family.

Accounts: ``money`` is each player's purse, ``pot`` what each has put into the pot, net (a payment into the pot
is money -x, pot +x). In the deal results seat 0 deals, so forehand is seat 1 (the dealer's left).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pytest

from helpers import paths
from preferans.core import load_variant
from preferans.core.model.cards import CARD_INDEX
from preferans.core.model.kit import Legal, Moment
from preferans.core.model.views import (
    Amount,
    AuctionView,
    DealResult,
    DeclarationView,
    DefenceView,
    Entry,
    LedgerView,
    MatchView,
)
from preferans.core.testing.checks_reference import check_matches_reference, reference_of
from preferans.variants.austrian.conformance import REFERENCE as AUSTRIAN
from preferans.variants.illustrated.conformance import REFERENCE as ILLUSTRATED
from preferans.variants.nachgehen.conformance import REFERENCE as NACHGEHEN

FAMILY = ("austrian", "austrian-unlimited", "austrian-limited", "styrian", "illustrated", "nachgehen")


def rules_of(name: str, **overrides: Any) -> Any:
    return load_variant(name, overrides or None).rules


def match(pot: int = 0, history: int = 1, n: int = 3) -> MatchView:
    """The match before a deal: ``history`` thrown-in deals, the pot holding ``pot`` (put in by seat 2)."""
    totals: dict[tuple[str, int, int | None], Amount] = {("pot", 2, None): pot, ("money", 2, None): -pot} if pot else {}
    past = tuple(DealResult(kind="all_pass", dealer=(i + n - 1) % n, active=(), tricks=(0,) * n, played=False)
                 for i in range(history))
    return MatchView(n, past, LedgerView(MappingProxyType(totals), n))


def mask(cards: str) -> int:
    return sum(1 << CARD_INDEX[c] for c in cards.split())


def deal(tricks: Sequence[int], contract: str, defence: Sequence[tuple[int, str]] = ((2, "play"), (0, "play")),
         declaration: Sequence[tuple[int, str]] = (), held: int = 0) -> DealResult:
    """Seat 0 deals; seat 1 (forehand) wins the auction with ``contract`` (a hand bid) or with ``"1"`` and
    names it; seats 2 and 0 defend, in that order."""
    hand = contract.endswith("-hand")
    named = () if hand else ((1, contract),)
    return DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=tuple(tricks), declarer=1,
                      bid=contract if hand else "1", auction=((1, contract if hand else "1"), (2, "pass"), (0, "pass")),
                      declaration=(*named, *declaration), defence=tuple(defence), held=(0, held, 0))


def calls(legal: Legal | None) -> frozenset[str]:
    assert legal is not None
    return legal.calls


def sums(entries: Iterable[Entry] | None) -> dict[tuple[str, int], Any]:
    assert entries is not None
    out: dict[tuple[str, int], Any] = {}
    for e in entries:
        out[(e.account, e.seat)] = out.get((e.account, e.seat), 0) + e.amount
    return {k: v for k, v in out.items() if v != 0}


# ---------------------------------------------------------------- the pot


def test_unlimited_pot_example_ex03() -> None:
    # EX-03: the pot holds 30 and the dealer (seat 0) antes 10 (AUT-POT-03): V = 40 (AUT-POT-04). Declarer
    # seat 1 takes 5 tricks, seat 2 4, seat 0 1. Seat 1: +40 - 16 - 4 (4 a trick) - 80 (2V, AUT-POT-05) = -60;
    # seat 2: +16; seat 0: -10 ante + 4 - 40 (short of 2, AUT-DEF-01) = -46. Pot: seat 0 +10 +40, seat 1
    # -40 +80: 30 + 90 = 120, the page's 130 with the next ante.
    got = sums(AUSTRIAN.deal_entries(deal((1, 5, 4), "clubs"), match(pot=30), rules_of("austrian-unlimited")))
    assert got == {("money", 0): -46, ("money", 1): -60, ("money", 2): 16, ("pot", 0): 50, ("pot", 1): 40}


def test_limited_pot_example_ex04() -> None:
    # EX-04: the pot holds 120, the ante makes it 130, the cap is 10 x 10 = 100 (AUT-POT-07). Tricks 6 : 3 : 1:
    # seat 1 takes 100, pays 30 and 10 = +60; seat 0 (1 trick) gets 10, pays 100 and the ante 10 = -100.
    # Pot: 130 - 100 + 100 = 130 (140 with the next ante).
    got = sums(AUSTRIAN.deal_entries(deal((1, 6, 3), "spades"), match(pot=120), rules_of("austrian-limited")))
    assert got == {("money", 0): -100, ("money", 1): 60, ("money", 2): 30, ("pot", 0): 110, ("pot", 1): -100}


def test_styrian_short_pot_is_played_for_what_it_holds_and_ends_the_session() -> None:
    # Styrian, no ante: the pot holds 20 and hearts is worth 50 (STY-VAL-01); shortfall "pot" plays for the 20
    # (GAP-AUT-06): 2 a trick, 6 : 2 : 2, seat 1 takes 20 and pays 4 and 4. The pot is empty: the session
    # ends (STY-POT-01, when_empty = "end").
    rules = rules_of("styrian")
    entries = AUSTRIAN.deal_entries(deal((2, 6, 2), "hearts"), match(pot=20), rules)
    assert sums(entries) == {("money", 0): 4, ("money", 1): 12, ("money", 2): 4, ("pot", 1): -20}
    after = MatchView(3, (*match().history, deal((2, 6, 2), "hearts")),
                      LedgerView(MappingProxyType({("pot", 2, None): 20, ("pot", 1, None): -20}), 3))
    assert AUSTRIAN.match_over(after, rules) == (True, "STY-POT-01")


def test_styrian_shortfall_value_charges_the_full_amount() -> None:
    # shortfall "value": the declarer takes the 20 there, but tricks and penalties are reckoned on 50: 5 a
    # trick; 5 : 4 : 1: seat 1 +20 - 20 - 5 - 100 = -105; seat 0 +5 - 50 = -45; seat 2 +20.
    rules = rules_of("styrian", pot={"shortfall": "value"})
    got = sums(AUSTRIAN.deal_entries(deal((1, 5, 4), "hearts"), match(pot=20), rules))
    assert got == {("money", 0): -45, ("money", 1): -105, ("money", 2): 20, ("pot", 0): 50, ("pot", 1): 80}


def test_first_deal_initial_pot_in_equal_shares_four_players() -> None:
    # Styrian with four players: 150 in equal shares, 37 1/2 each (STY-POT-01), no ante; all pass: nothing else.
    r = DealResult(kind="all_pass", dealer=0, active=(1, 2, 3), tricks=(0,) * 4, played=False,
                   auction=((1, "pass"), (2, "pass"), (3, "pass")))
    got = sums(AUSTRIAN.deal_entries(r, match(history=0, n=4), rules_of("styrian", players=4)))
    share = Fraction(150, 4)
    assert got == {**{("money", s): -share for s in range(4)}, **{("pot", s): share for s in range(4)}}


def test_invitation_the_inviter_collects_and_answers_for_four() -> None:
    # docs/variants/austrian.md: seat 2 stays home, seat 0 invites him; 7 / 1 / 2: seat 0 collects 3 for both
    # (GAP-AUT-10) and, the two having 3 < 4, pays 10 (AUT-DEF-02); seat 1: +10 - 3 = +7.
    defence = ((2, "pass"), (0, "invite"))
    got = sums(AUSTRIAN.deal_entries(deal((1, 7, 2), "clubs", defence), match(), rules_of("austrian")))
    assert got == {("money", 0): -17, ("money", 1): 7, ("pot", 0): 20, ("pot", 1): -10}


def test_hearts_hand_premium_and_no_aces_failed() -> None:
    # Préférence made 6 : 2 : 2: +10 - 4 from the pot and 10 from each opponent (AUT-PREM-02): +26.
    got = sums(AUSTRIAN.deal_entries(deal((2, 6, 2), "hearts-hand"), match(), rules_of("austrian")))
    assert got[("money", 1)] == 26
    # no aces announced, clubs failed 5 : 3 : 2: +10 - 5 - 20 (2V) and 10 to each opponent (AUT-PREM-04): -35.
    r = deal((2, 5, 3), "clubs", declaration=((1, "no-aces"),))
    assert sums(AUSTRIAN.deal_entries(r, match(), rules_of("austrian")))[("money", 1)] == -35
    # four aces shown at the end (AUT-PREM-03), made 6 : 2 : 2: +10 - 4 + 20.
    r = deal((2, 6, 2), "clubs", held=mask("AS AC AD AH"))
    assert sums(AUSTRIAN.deal_entries(r, match(), rules_of("austrian")))[("money", 1)] == 26


# ---------------------------------------------------------------- Illustrated


def test_bettel_made_under_kontra_and_rekontra() -> None:
    # illustrated.md: Bettel made; seat 2 said kontra, seat 1 rekontra: seat 2 pays 10 x 4 = 40, seat 0 pays 10
    # (ILL-KON-02/03); the dealer's ante still goes into the pot.
    r = deal((5, 0, 5), "bettel", defence=((2, "kontra"), (0, "pass"), (1, "rekontra")))
    got = sums(ILLUSTRATED.deal_entries(r, match(), rules_of("illustrated")))
    assert got == {("money", 0): -20, ("money", 1): 50, ("money", 2): -40, ("pot", 0): 10}


def test_durchmarsch_hand_failed_under_kontra() -> None:
    # Durchmarsch without the talon failed; seat 0 said kontra: seat 1 pays 40 x 2 = 80 to seat 0, 40 to seat 2.
    r = deal((0, 9, 1), "durchmarsch-hand", defence=((2, "pass"), (0, "kontra")))
    got = sums(ILLUSTRATED.deal_entries(r, match(), rules_of("illustrated")))
    assert got == {("money", 0): 70, ("money", 1): -120, ("money", 2): 40, ("pot", 0): 10}


def test_plauderer_hand_open_after_the_first_card() -> None:
    def seen(cards: int, seat: int) -> frozenset[int]:
        moment = Moment("play", 0, 3, (1, 2, 0), ((1, "7"), (2, "pass"), (0, "pass")), 1, "7",
                        ((1, "plauderer"),), "plauderer", ((2, "pass"), (0, "pass")), cards, False, ())
        got = ILLUSTRATED.visible(moment, seat, rules_of("illustrated"))
        assert got is not None and got.talon == (seat == 1)  # only the winner saw the talon
        return got.hands
    assert seen(0, 2) == frozenset()  # GAP-ILL-06: as soon as the first card is played
    assert seen(1, 2) == seen(1, 0) == frozenset({1}) and seen(1, 1) == frozenset()


# ---------------------------------------------------------------- the calls


def test_auction_mein_and_one_step() -> None:
    # dealer 2: forehand 0, middlehand 1, rearhand 2. 0 "1", 1 "2": rearhand may not hold middlehand's bid;
    # after 2 passes, forehand may say mein (WSUM, WIKI14).
    table = load_variant("austrian").contracts
    view = AuctionView(match(), 2, (0, 1, 2), ((0, "1"), (1, "2")), table)
    rules = rules_of("austrian")
    legal = AUSTRIAN.auction_legal(view, 2, rules)
    assert "mein" not in legal.calls and {"pass", "3", "4", "clubs-hand", "hearts-hand"} <= legal.calls
    assert "2" not in legal.calls and "1" not in legal.calls
    later = AuctionView(match(), 2, (0, 1, 2), ((0, "1"), (1, "2"), (2, "pass")), table)
    assert "mein" in calls(AUSTRIAN.auction_legal(later, 0, rules))
    assert calls(AUSTRIAN.auction_legal(later, 1, rules)) == frozenset()  # not his turn
    # one step only (CSWB): the next number and the next hand game
    step = AUSTRIAN.auction_legal(later, 0, rules_of("austrian", auction={"jumps": False}))
    assert step.calls == {"pass", "mein", "3", "clubs-hand"}


def test_naming_at_least_the_bid_then_no_aces_only_without_an_ace_in_twelve_cards() -> None:
    v = load_variant("austrian")
    rules, table = v.rules, v.contracts
    auction = ((1, "3"), (2, "pass"), (0, "pass"))
    naming = DeclarationView(match(), 1, table["3"], table, (), True, (1,), auction, 1, 0)
    assert calls(AUSTRIAN.declaration_legal(naming, rules)) == {"diamonds", "hearts"}  # AUT-BID-03
    hands = (0, mask("7S 8S 9S 10S JS QS KS 7C 8C 9C"), 0)
    named = DeclarationView(match(), 1, table["3"], table, ((1, "hearts"),), True, (1,), auction, 1, 0,
                            hands=hands, discard=mask("7H 8H"))
    assert calls(AUSTRIAN.declaration_legal(named, rules)) == {"quiet", "no-aces"}  # AUT-PREM-04
    ace_out = DeclarationView(match(), 1, table["3"], table, ((1, "hearts"),), True, (1,), auction, 1, 0,
                              hands=hands, discard=mask("AH 8H"))
    assert calls(AUSTRIAN.declaration_legal(ace_out, rules)) == {"quiet"}  # he may not discard his aces


def test_defence_invite_and_kontra() -> None:
    v = load_variant("illustrated")
    rules, table = v.rules, v.contracts
    view = DefenceView(match(), 1, table["clubs"], (2, 0), ((2, "pass"),))
    assert calls(AUSTRIAN.defence_legal(view, 0, rules)) == {"play", "pass", "invite"}  # AUT-DEF-02
    bettel = DefenceView(match(), 1, table["bettel"], (2, 0), ((2, "pass"), (0, "kontra")))
    assert calls(ILLUSTRATED.defence_legal(bettel, 1, rules)) == {"pass", "rekontra"}  # ILL-KON-03
    quiet = DefenceView(match(), 1, table["bettel"], (2, 0), ((2, "pass"), (0, "pass")))
    assert calls(ILLUSTRATED.defence_legal(quiet, 1, rules)) == frozenset()  # no kontra: no rekontra


def test_nachgehen_example_ex10() -> None:
    # EX-10: A = 0, B = 1, C = 2, C deals. A 1, B 2, C pass, A pass: B wins on a number and A bid.
    v = load_variant("nachgehen")
    rules, table = v.rules, v.contracts
    auction = ((0, "1"), (1, "2"), (2, "pass"), (0, "pass"))

    def legal(calls: tuple[tuple[int, str], ...], to_act: int) -> frozenset[str]:
        view = DeclarationView(match(), 1, table["2"], table, calls, True, (1,), auction, to_act, 2)
        got = NACHGEHEN.declaration_legal(view, rules)
        assert got is not None
        return got.calls
    extras = {"bettel", "durchmarsch", "plauderer", "offener-durchmarsch"}
    assert legal((), 1) == {"lie"}  # NACH-02
    assert legal(((1, "lie"),), 0) == {"pass", "take"}  # NACH-03: A bid, C did not
    assert legal(((1, "lie"), (0, "take")), 0) == extras  # at least Bettel
    said = ((1, "lie"), (0, "take"), (0, "bettel"))
    assert legal(said, 1) == {"pass", "take"}  # NACH-04: the winner may take it back
    assert legal((*said, (1, "take")), 1) == extras - {"bettel"}  # strictly higher
    done = (*said, (1, "take"), (1, "durchmarsch"), (0, "pass"))
    assert legal(done, 0) == frozenset()  # NACH-05: the Durchmarsch stands
    r = DealResult(kind="contract", dealer=2, active=(0, 1, 2), tricks=(1, 5, 0), declarer=1, bid="2",
                   auction=auction, declaration=done, defence=((2, "pass"), (0, "pass")))
    # B failed the Durchmarsch: he pays 20 to A and to C; C (the dealer) antes 10
    got = sums(NACHGEHEN.deal_entries(r, match(), rules))
    assert got == {("money", 0): 20, ("money", 1): -40, ("money", 2): 10, ("pot", 2): 10}


def test_table_and_session() -> None:
    rules = rules_of("austrian", players=4)
    assert AUSTRIAN.sitting_out(3, 4, rules) == (frozenset({3}), "austrian#players-cards-and-seats")
    assert AUSTRIAN.first_speaker(3, 4, rules)[0] == 0
    assert AUSTRIAN.next_dealer(match(history=2, n=4), rules)[0] == 1  # the last deal was dealt by 0
    assert AUSTRIAN.match_over(match(history=24, n=4), rules)[0] is True  # max_deals
    assert AUSTRIAN.match_over(match(history=23, n=4), rules)[0] is False


def test_every_rule_id_is_in_the_docs() -> None:
    # a rule ID is an anchor of docs/rules/austrian.md, or "<page>#<section>" of a docs/variants page
    docs = paths.ROOT / "docs"
    ids = set(re.findall(r'<a id="([\w-]+)"></a>', (docs / "rules" / "austrian.md").read_text(encoding="utf-8")))
    for rule in NACHGEHEN.rule_ids:
        if "#" in rule:
            page, section = rule.split("#")
            text = (docs / "variants" / f"{page}.md").read_text(encoding="utf-8")
            headings = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
                        for h in re.findall(r"^#+ (.+)$", text, re.M)}
            assert section in headings, rule
        else:
            assert rule in ids, rule
    assert set(AUSTRIAN.rule_ids) <= set(ILLUSTRATED.rule_ids) <= set(NACHGEHEN.rule_ids)


def test_each_variant_finds_its_reference() -> None:
    refs = {name: type(reference_of(load_variant(name))).__name__ for name in FAMILY}
    assert refs == {"austrian": "AustrianReference", "austrian-unlimited": "AustrianReference",
                    "austrian-limited": "AustrianReference", "styrian": "AustrianReference",
                    "illustrated": "IllustratedReference", "nachgehen": "NachgehenReference"}


# ---------------------------------------------------------------- the engine against the reference


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILY)
def test_engine_matches_the_reference(name: str) -> None:
    for seed in (0, 1):
        result = check_matches_reference(load_variant(name), seed, 40)
        assert {"auction", "declaration", "defence", "score", "visibility", "dealer", "match_end"} <= set(
            result.compared)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "overrides"), [
    ("austrian", {"players": 4}),
    ("styrian", {"players": 4, "pot": {"initial": 30, "when_empty": "refill", "shortfall": "value"}}),
    ("austrian-limited", {"auction": {"jumps": False, "hold": False}, "game": {"hand_rank": "by_number"},
                          "defence": {"invited_tricks": "own"}}),
    ("austrian", {"premiums": {"four_aces": "announced", "on_failure": "reverse", "payers": "defenders",
                               "hearts": "always", "other_hand_games": True}}),
    ("nachgehen", {"players": 4, "kontra": {"rekontra": False}, "nachgehen": {"on_bids": [1, 2, 3, 4, 5, 6, 7, 8]}}),
])
def test_engine_matches_the_reference_with_options(name: str, overrides: dict[str, Any]) -> None:
    check_matches_reference(load_variant(name, overrides), 0, 40)
