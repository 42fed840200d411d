"""The Balkan family's independent reference of its rules (docs/conformance.md; the interface is
``preferans.core.plugin.kit.Reference``).

Written from docs/rules/balkan.md, docs/variants/balkan.md, serbian.md, slovenian.md and the presets, never
from the family's hooks: ``auction.py`` replays the bidding, ``defence.py`` the follow, invitation and kontra
rounds, ``score.py`` writes the sheet entries of a deal. Every answer names its rule ID. It serves ``balkan``,
``serbian`` and ``slovenian`` (their differences are rules values) and any house rule of the family.
"""

from __future__ import annotations

from preferans.core.plugin import AuctionView, DealResult, DeclarationView, DefenceView, Entry, MatchView
from preferans.core.plugin.kit import Legal, Moment, Reference, Seen
from preferans.variants.balkan.rules import BalkanRules

from . import auction, defence, score

RULE_IDS: dict[str, str] = {
    "GEN-DECK-04": "three players; with four the dealer sits out",
    "GEN-DECK-05": "first hand, the dealer's left, speaks first",
    "GEN-DECK-06": "the deal passes clockwise",
    "GEN-DECK-07": "the talon is shown (taken blind with talon_shown off)",
    "GAP-BAL-02": "the auction: 2 to 7 one step at a time, hold for the earlier seat, a pass is final",
    "BAL-BID-02": "igra: without the talon, a seat's first call, named after",
    "BAL-BID-03": "all pass: nothing is played",
    "BAL-VAL-01": "V with the talon",
    "BAL-VAL-02": "V without the talon (igra)",
    "BAL-VAL-03": "six tricks, betl none",
    "BAL-VAL-05": "the multipliers multiply together",
    "GAP-BAL-04": "follow or pass from the declarer's left; a lone follower may invite",
    "BAL-DEF-01": "two followers need four together",
    "BAL-DEF-02": "below four, each follower below two is penalised",
    "BAL-DEF-03": "the defence writes at most five tricks",
    "BAL-DEF-04": "nobody follows: the declarer wins without play",
    "BAL-DEF-06": "the invited writes nothing, the inviter everything",
    "BAL-DEF-07": "a lone follower's kontra invites the passer",
    "BAL-DEF-08": "a lone follower's quota",
    "BAL-DEF-09": "an inviter answers for four tricks of the defence",
    "BAL-KON-01": "kontra after the defence is settled, by a follower",
    "BAL-KON-02": "kontra doubles the declarer and the kontra-giver's reckoning",
    "BAL-KON-03": "the turn to say kontra goes clockwise from the declarer's left",
    "BAL-KON-04": "a kontra with the partner passed invites him",
    "BAL-KON-05": "the kontra-giver needs five tricks of the defence",
    "BAL-KON-06": "the declarer answers rekontra",
    "BAL-KON-07": "the chain goes on: subkontra, mortkontra ... up to kontra.max_level",
    "BAL-KON-08": "the two is played only under kontra",
    "GAP-BAL-07": "a defender out of the play keeps his cards",
    "GAP-BAL-08": "the declarer takes the highest multiplier in force",
    "GAP-BAL-09": "a chain per kontra-giver (kontra.chains = each)",
    "GAP-BAL-10": "won without play: V x refe, the refe is used",
    "GAP-BAL-12": "betl: both defend, no cards are shown",
    "GAP-BAL-15": "a bula at zero is not under the hat",
    "GAP-BAL-16": "at the end only the declarer's write-off is cut",
    "GAP-BAL-17": "the two without the declarer's refe",
    "GAP-BAL-18": "refe and kontra multiply a penalty too",
    "BAL-BET-01": "betl made: no trick",
    "BAL-BET-02": "betl failed: a fixed juha per defender",
    "BAL-BET-03": "igra betl failed: the igra's fixed juha",
    "BAL-VAL-04": "the contracts 2 to 7 and their values",
    "ISS-20": "a failed betl writes a fixed amount",
    "BAL-REFE-01": "all pass: a refe for everybody",
    "BAL-REFE-02": "a refe doubles its holder's deal and is used",
    "BAL-REFE-03": "no refe while anybody is under the hat",
    "BAL-REFE-04": "the refe limit",
    "ISS-11": "the refe limit counts the refe deals",
    "BAL-SCORE-02": "the bula starts at the agreed number",
    "BAL-SCORE-04": "the hat",
    "BAL-SCORE-05": "the declarer writes only in his bula",
    "BAL-SCORE-06": "each whister writes V per trick on the declarer",
    "BAL-SCORE-07": "the inviter writes for the whole defence",
    "BAL-SCORE-08": "a short whister adds V to his bula",
    "BAL-SCORE-11": "the game ends when the bule sum to zero",
    "BAL-SCORE-12": "the last deal is cut at zero",
    "SLO-02": "Slovenian two without kontra: nothing, or a refe",
    "GAP-SLO-01": "the Slovenian two uses nothing up",
    "balkan#end-of-the-game": "max_deals: a game stopped by agreement",
    "balkan#talon-and-declaration": "a contract whose number is at least the bid",
}


def bidders(dealer: int, active: tuple[int, ...], n_players: int) -> list[int]:
    """The active seats in speaking order, first hand (the dealer's left) first (GEN-DECK-05)."""
    return sorted(active, key=lambda s: (s - dealer - 1) % n_players)


class BalkanReference(Reference):
    """The Balkan rules, method by method (docs/rules/balkan.md)."""

    family = "balkan"
    rule_ids = RULE_IDS

    # -- the auction, the declaration and the defence

    def auction_legal(self, view: AuctionView, seat: int, rules: BalkanRules) -> Legal | None:
        """GAP-BAL-02 and BAL-BID-02: the ladder, the hold, igra and its naming (``auction.py``)."""
        calls, rule, because = auction.legal(auction.replay(view.bidders, view.calls), seat)
        return Legal(calls, rule, because)

    def declaration_legal(self, view: DeclarationView, rules: BalkanRules) -> Legal | None:
        """After the talon and the discard, any contract whose number is at least the bid (GAP-BAL-02, pk 7).
        ``None`` for the discard, and for an igra (played as named, no declaration call)."""
        number = auction.talon_bid(view.bid.name)
        if number is None or not view.discarded_by:
            return None
        names = frozenset(name for name, n in auction.LADDER.items() if n >= number)
        return Legal(names, "balkan#talon-and-declaration")

    def defence_legal(self, view: DefenceView, seat: int, rules: BalkanRules) -> Legal | None:
        """The follow round, the kontra round with the invitation, the chains (``defence.py``)."""
        refe = int(view.match.ledger.get("refe", view.declarer)) if view.match.history else 0
        order = defence.defenders_in_order(view.declarer, view.defenders, view.match.n_players)
        dfn = defence.replay(view.declarer, order, view.contract.name, view.calls, refe, rules)
        if dfn.to_speak is None or dfn.to_speak != seat:
            return Legal(frozenset(), dfn.rule or "BAL-KON-01")
        because = {}
        if defence.INVITE not in dfn.options and dfn.rule == "BAL-KON-01":
            # the invitation: a lone follower only (GAP-BAL-04), never on a two that needs a kontra (BAL-KON-08)
            two = defence.two_needs_kontra(view.contract.name, refe, rules)
            because[defence.INVITE] = "BAL-KON-08" if two else "GAP-BAL-04"
        return Legal(dfn.options, dfn.rule, because)

    # -- the table

    def first_speaker(self, dealer: int, n_players: int, rules: BalkanRules) -> tuple[int, str] | None:
        return (dealer + 1) % n_players, "GEN-DECK-05"

    def sitting_out(self, dealer: int, n_players: int, rules: BalkanRules) -> tuple[frozenset[int], str] | None:
        """GEN-DECK-04: three play; with ``players = 4`` the dealer sits out."""
        return (frozenset({dealer}) if n_players == 4 else frozenset()), "GEN-DECK-04"

    def next_dealer(self, match: MatchView, rules: BalkanRules) -> tuple[int, str] | None:
        """GEN-DECK-06: the deal passes clockwise after every deal, an all-pass deal included."""
        return (match.history[-1].dealer + 1) % match.n_players, "GEN-DECK-06"

    def visible(self, moment: Moment, seat: int, rules: BalkanRules) -> Seen | None:
        """No hand is ever shown (GAP-BAL-12: not in betl either; the invited plays his own cards, BAL-DEF-06).
        The talon, once the winner of a talon bid takes it, is shown to everybody (GEN-DECK-07), or seen by
        the declarer alone when ``talon_shown`` is off; an igra leaves it face down (BAL-BID-02)."""
        if moment.phase == "auction" or moment.all_pass:
            return Seen(frozenset(), False, "GEN-DECK-07")
        won = auction.replay(bidders(moment.dealer, moment.active, moment.n_players), moment.auction).winner
        if won is None:
            return None
        declarer, bid = won
        taken = auction.talon_bid(bid) is not None
        sees = taken and (bool(rules.talon_shown) or seat == declarer)
        return Seen(frozenset(), sees, "GEN-DECK-07" if taken else "BAL-BID-02")

    # -- the sheet

    def deal_played(self, result: DealResult, before: MatchView, rules: BalkanRules) -> tuple[bool, str] | None:
        """All pass: nothing is played (BAL-BID-03); a two that needs a kontra and got none (BAL-KON-08) and a
        contract nobody follows (BAL-DEF-04) are won without play; anything else is played."""
        sheet = score.Before.of(before, rules)
        deal = score.read_deal(result, sheet, rules)
        if deal is None:
            return False, "BAL-BID-03"
        if score.two_needs_kontra(deal, sheet, rules) and not deal.dfn.chains:
            return False, "BAL-KON-08"
        if not deal.dfn.followers:
            return False, "BAL-DEF-04"
        return True, "BAL-DEF-01"

    def deal_entries(self, result: DealResult, before: MatchView, rules: BalkanRules) -> list[Entry] | None:
        return score.deal_entries(result, before, rules)

    def match_over(self, match: MatchView, rules: BalkanRules) -> tuple[bool, str] | None:
        """BAL-SCORE-11: over when the bule sum to exactly zero; else after ``max_deals`` deals (the preset's
        agreement to stop, balkan#end-of-the-game)."""
        if match.history and sum(match.ledger.column("bula")) == 0:
            return True, "BAL-SCORE-11"
        limit = getattr(rules, "max_deals", None)
        if limit is not None and len(match.history) >= limit:
            return True, "balkan#end-of-the-game"
        return False, "BAL-SCORE-11"


REFERENCE = BalkanReference()
