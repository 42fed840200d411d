"""The independent reference of Austrian Preference for a pot (the family ``austrian`` and its pot methods).

Written from docs/rules/austrian.md, docs/variants/austrian*.md, styrian.md and the presets, never from the
family's hooks: it reads the calls and cards of a deal and the sheet as it stood, and derives from the rule
values what must happen. Illustrated and Nachgehen extend it (``variants/illustrated/conformance``,
``variants/nachgehen/conformance``) with only what they add.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Generic, TypeVar

from preferans.core.plugin import AuctionView, DealResult, DeclarationView, DefenceView, Entry, MatchView
from preferans.core.plugin.kit import Legal, Moment, Reference, Seen
from preferans.variants.austrian.rules import AustrianRules

from . import auction, declaration, defence, pot
from .contracts import is_suit

SEATS = "austrian#players-cards-and-seats"
SESSION = "austrian#the-session-and-the-settlement"
TALON = "austrian#talon-naming-and-announcements"

RULE_IDS: dict[str, str] = {
    "AUT-BID-02": "the auction goes round; bids are numbers, each higher than the last",
    "AUT-BID-03": "the winner names a contract at least as high as his number",
    "AUT-VAL-01": "a failing declarer pays 20, a short whister 10",
    "AUT-DEF-01": "each playing defender needs two tricks of his own, or pays V",
    "AUT-DEF-02": "the second may invite the first; the inviter answers for four tricks",
    "AUT-DEF-03": "in the pot methods a failing whister pays the amount once",
    "AUT-POT-03": "the dealer puts the ante into the pot before he deals",
    "AUT-POT-04": "the declarer takes the amount played and pays a tenth of it a trick",
    "AUT-POT-05": "a failing declarer pays twice the amount into the pot",
    "AUT-POT-07": "the limited pot: at most 5, 10 or 20 antes are played",
    "STY-POT-01": "Styrian: the pot is filled in equal shares; empty, it is refilled or the session stops",
    "STY-VAL-01": "Styrian values: clubs 20, spades 30, diamonds 40, hearts 50",
    "AUT-PREM-01": "premiums are paid outside the pot",
    "AUT-PREM-02": "hearts without the talon: 10 from or to each opponent",
    "AUT-PREM-03": "four aces: 10 from each when the contract is made",
    "AUT-PREM-04": "no aces, announced: 10 from each; failed, 10 to each",
    "AUT-PREM-05": "the tables' variations of the ace premiums",
    "GAP-AUT-03": "all pass: the cards are thrown in, the pot stays",
    "GAP-AUT-04": "both defenders at home: the declarer takes the amount, premiums still due",
    "GAP-AUT-06": "a pot holding less than the amount is played for what it holds",
    "GAP-AUT-10": "the inviter collects for the defence's tricks",
    "GAP-ILL-03": "hand bids rank just above the talon bid of their number",
    pot.FIXED_STAKE: "the basic game: the declarer takes the fixed stake V = 10",
    "austrian#bidding": "forehand first, a pass is final, mein, hand games above the talon bids",
    TALON: "the talon goes to the winner, face down; the announcement step",
    defence.DEFENDING: "from the declarer's left each opponent plays or stays at home",
    SEATS: "three active players, four with the dealer out; the deal passes clockwise",
    SESSION: "a session of max_deals deals",
}


R = TypeVar("R", bound=AustrianRules)
"""The rules a reference reads: the family's, or a child's that extends them (Illustrated's, Nachgehen's)."""


class AustrianReference(Reference, Generic[R]):
    """Austrian Preference for a pot: the auction, the naming, the defence, the pot and the session."""

    family = "austrian"
    rule_ids = RULE_IDS

    # -- the auction

    def auction_legal(self, view: AuctionView, seat: int, rules: R) -> Legal:
        order = auction.bidding_order(view.dealer, view.match.n_players)
        calls, because = auction.legal_calls(view.calls, order, seat, rules)
        return Legal(calls, "AUT-BID-02" if calls else auction.BIDDING, because)

    # -- the declaration

    def declaration_legal(self, view: DeclarationView, rules: R) -> Legal | None:
        won = auction.holder(view.auction, rules)
        if won is None or view.to_act is None:
            return None
        return self.naming_or_announcing(view, won[0], won[1], rules)

    def naming_or_announcing(self, view: DeclarationView, winner: int, bid: auction.Bid,
                             rules: R) -> Legal | None:
        """The winner names his contract (AUT-BID-03), then announces (AUT-PREM-04/05); nobody else speaks."""
        if view.to_act != winner:
            return Legal(frozenset(), TALON)
        contract = bid.name if bid.hand else declaration.named(view.calls, winner, rules)
        if contract is None:
            return Legal(declaration.namable(bid.number, rules), declaration.NAMING)
        return self.announcing(view, winner, contract, rules)

    @staticmethod
    def announcing(view: DeclarationView, seat: int, contract: str, rules: AustrianRules) -> Legal | None:
        if declaration.announced(view.calls, seat) or not declaration.announces(contract, rules):
            return Legal(frozenset(), declaration.ANNOUNCING)
        if not view.hands:
            return None  # the cards are not known (outside the engine)
        calls, because = declaration.announcement_calls(contract, view.hands[seat], view.discard, rules)
        return Legal(calls, declaration.ANNOUNCING, because)

    # -- the defence

    def knows(self, contract: str) -> bool:
        """Whether ``contract`` is one this reference states the rules of: the suit contracts."""
        return is_suit(contract)

    def defence_legal(self, view: DefenceView, seat: int, rules: R) -> Legal | None:
        if not self.knows(view.contract.name):
            return None
        order = defence.from_the_left(view.declarer, view.defenders, view.match.n_players)
        calls, because = defence.legal_calls(order, view.calls, seat, rules)
        return Legal(calls, defence.DEFENDING, because)

    # -- the table

    def first_speaker(self, dealer: int, n_players: int, rules: R) -> tuple[int, str]:
        return auction.bidding_order(dealer, n_players)[0], auction.BIDDING  # forehand, the dealer's left

    def sitting_out(self, dealer: int, n_players: int, rules: R) -> tuple[frozenset[int], str]:
        active = auction.bidding_order(dealer, n_players)
        return frozenset(s for s in range(n_players) if s not in active), SEATS  # four: the dealer sits out

    def next_dealer(self, match: MatchView, rules: R) -> tuple[int, str]:
        return (match.history[-1].dealer + 1) % match.n_players, SEATS  # clockwise after every deal

    def visible(self, moment: Moment, seat: int, rules: R) -> Seen | None:
        """The winner of a number sees the talon he takes, face down for the others (TALON); a defender at
        home keeps his cards face down and sees nothing (KNET); other hands: :meth:`open_hands`."""
        won = None if moment.phase == "auction" else auction.holder(moment.auction, rules)
        talon = won is not None and won[0] == seat and not won[1].hand
        deal = self.declarer_of(moment.auction, moment.declaration, rules) if moment.phase == "play" else None
        if moment.phase == "play" and (deal is None or not self.knows(deal[1])):
            return None
        hands, rule = self.open_hands(moment, deal, seat, rules)
        return Seen(hands, talon, rule)

    def open_hands(self, moment: Moment, deal: tuple[int, str] | None, seat: int,
                   rules: R) -> tuple[frozenset[int], str]:
        """The other hands ``seat`` sees while ``deal`` (declarer, contract) is played: none in the pot game,
        where every defender plays his own cards (GAP-AUT-10)."""
        return frozenset(), TALON if deal is None else defence.DEFENDING

    # -- the sheet

    def deal_entries(self, result: DealResult, before: MatchView, rules: R) -> list[Entry] | None:
        n = before.n_players
        in_pot = pot.pot_in(before.ledger)
        out = pot.before_deal(not before.history, in_pot, result.dealer, n, rules)
        in_pot += sum((e.amount for e in out if e.account == pot.POT), 0)
        if auction.holder(result.auction, rules) is None:
            return out  # all passed: thrown in, the ante stays in the pot (GAP-AUT-03)
        deal = self.contract_of(result, rules)
        if deal is None:
            return None
        rest = self.contract_entries(result, deal[0], deal[1], in_pot, n, rules)
        return None if rest is None else out + rest

    def deal_played(self, result: DealResult, before: MatchView, rules: R) -> tuple[bool, str] | None:
        """All pass: the cards are thrown in (GAP-AUT-03); a suit contract is played unless both defenders
        stay at home (GAP-AUT-04)."""
        if auction.holder(result.auction, rules) is None:
            return False, "GAP-AUT-03"
        deal = self.contract_of(result, rules)
        if deal is None or not self.knows(deal[1]):
            return None
        return self.played(result, deal[1])

    def played(self, result: DealResult, contract: str) -> tuple[bool, str]:
        """Whether a known contract's cards are played, with the rule."""
        return defence.defence_of(result.defence).played, "GAP-AUT-04"

    def contract_of(self, result: DealResult, rules: R) -> tuple[int, str] | None:
        return self.declarer_of(result.auction, result.declaration, rules)

    def declarer_of(self, calls: Sequence[tuple[int, str]], declared: Sequence[tuple[int, str]],
                    rules: R) -> tuple[int, str] | None:
        """Who plays which contract, from the auction and declaration calls: the winner of the auction,
        with his hand bid or the contract he named after the talon (AUT-BID-03)."""
        won = auction.holder(calls, rules)
        if won is None:
            return None
        seat, bid = won
        contract = bid.name if bid.hand else declaration.named(declared, seat, rules)
        return None if contract is None else (seat, contract)

    def opponents(self, result: DealResult, declarer: int, n_players: int) -> tuple[int, ...]:
        """The declarer's two opponents: the other active seats, from his left."""
        active = auction.bidding_order(result.dealer, n_players)
        return defence.from_the_left(declarer, (s for s in active if s != declarer), n_players)

    def contract_entries(self, result: DealResult, declarer: int, contract: str, in_pot: Fraction, n: int,
                         rules: R) -> list[Entry] | None:
        """A suit contract: the payoff from the pot and the premiums."""
        if not self.knows(contract):
            return None
        if not result.held and rules.premiums.four_aces == "shown":
            return None  # the declarer's cards are not known
        played = pot.amount(contract, in_pot, rules)
        side = defence.defence_of(result.defence)
        out, made = pot.suit_payoff(declarer, result.tricks, side, played, rules)
        held = result.held[declarer] if result.held else 0
        claim = pot.Claim(declarer, contract, self.opponents(result, declarer, n), side, held,
                          result.declaration, made)
        return out + pot.premiums(claim, rules)

    # -- the session

    def match_over(self, match: MatchView, rules: R) -> tuple[bool, str]:
        if rules.pot.when_empty == "end" and match.history and pot.pot_in(match.ledger) == 0:
            return True, "STY-POT-01"  # the pot is empty and the table stops
        limit = getattr(rules, "max_deals", None)
        return limit is not None and len(match.history) >= limit, SESSION


REFERENCE = AustrianReference[AustrianRules]()
