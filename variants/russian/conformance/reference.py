"""The Russian family's independent reference of its rules (docs/conformance.md): what must happen at each
step of a Sochi, Leningrad, Rostov or Classic game, with three, four or two players, derived from the
variant's rule values alone. It never calls the family's hooks; each answer names its rule ID
(docs/rules/russian.md, docs/variants/*.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from preferans.core.plugin import AuctionView, DealResult, DeclarationView, DefenceView, Entry, MatchView
from preferans.core.plugin.kit import Legal, Moment, Reference, Seen
from preferans.variants.russian.rules import RussianRules

from . import auction, score, seen
from .defence import WHIST, Ask, Outcome, settle
from .history import compulsory, raspasovka
from .tables import RULE_IDS, bidders, classic, defenders

if TYPE_CHECKING:  # Classic's keys, for the type checker only: the reference reads them by name
    from preferans.variants.classic.rules import ClassicRules


class RussianReference(Reference):
    """Sochi, Leningrad, Rostov and Classic, by their rule values."""

    family = "russian"
    rule_ids = RULE_IDS

    def auction_legal(self, view: AuctionView, seat: int, rules: RussianRules) -> Legal | None:
        """The ladder, misère binding, the exit, Classic's dark calls (:mod:`.auction`)."""
        return auction.auction_legal(view, seat, rules)

    def declaration_legal(self, view: DeclarationView, rules: RussianRules) -> Legal | None:
        """The contract named after the talon, and a shared misère's invitation (:mod:`.auction`)."""
        return auction.declaration_legal(view, rules)

    def defence_legal(self, view: DefenceView, seat: int, rules: RussianRules) -> Legal | None:
        """Whist, pass, half-whist, return, open or closed, без трёх, Stalingrad (:mod:`.defence`)."""
        n = view.match.n_players
        defs = defenders(view.declarer, _dealer_of(view.declarer, view.defenders, n), n)
        step = settle(view.contract.name, view.declarer, defs, view.calls, n, rules)
        if not isinstance(step, Ask):
            return Legal(frozenset(), "sochi#whist-defence")  # the defence is over: nobody speaks
        if step.seat != seat:
            return Legal(frozenset(), step.rule)  # not this seat's turn
        return Legal(step.calls, step.rule, step.because)

    def first_speaker(self, dealer: int, n_players: int, rules: RussianRules) -> tuple[int, str] | None:
        """First hand speaks first (GEN-DECK-05); with two players the dummy never bids, so the dealer's
        opponent does (gusarik#the-convention)."""
        return bidders(dealer, n_players)[0], "GEN-DECK-05" if n_players != 2 else "gusarik#the-convention"

    def sitting_out(self, dealer: int, n_players: int, rules: RussianRules) -> tuple[frozenset[int], str] | None:
        """With four players the dealer sits out (GEN-DECK-04); nobody otherwise (with two the dummy is
        dealt cards)."""
        return (frozenset({dealer}) if n_players == 4 else frozenset()), "GEN-DECK-04"

    def next_dealer(self, match: MatchView, rules: RussianRules) -> tuple[int, str] | None:
        """The deal passes clockwise (GEN-DECK-06), after a raspasovka too (RUS-RASP-19); Classic: the
        same dealer deals again after a raspasovka (RUS-RASP-20), not after a compulsory one and at most
        ``dealing.repeat_limit`` in a row (classic#raspasovka-exit-and-dealing)."""
        n = match.n_players
        last = match.history[-1]
        if classic(rules) and rules.dealing.repeat_after_raspasovka and raspasovka(last):
            if not compulsory(len(match.history) - 1, n, rules) and _may_repeat(match, rules):
                return last.dealer, "RUS-RASP-20"
        return (last.dealer + 1) % n, "RUS-RASP-19" if last.kind == "all_pass" else "GEN-DECK-06"

    def visible(self, moment: Moment, seat: int, rules: RussianRules) -> Seen | None:
        """The talon and the open hands (:mod:`.seen`)."""
        return seen.visible(moment, seat, rules)

    def deal_played(self, result: DealResult, before: MatchView, rules: RussianRules) -> tuple[bool, str] | None:
        """An all-pass deal is played as a raspasovka (RUS-BID-03); a contract is played unless both
        defenders passed, the half-whist stands or the declarer conceded (:func:`.defence.settle`)."""
        if result.kind == "all_pass":
            return True, "RUS-BID-03"
        if result.contract is None or result.declarer is None:
            return None
        n = before.n_players
        outcome = settle(result.contract.name, result.declarer, defenders(result.declarer, result.dealer, n),
                         result.defence, n, rules)
        return (outcome.played, WHIST) if isinstance(outcome, Outcome) else None

    def deal_entries(self, result: DealResult, before: MatchView, rules: RussianRules) -> list[Entry] | None:
        """The deal's score, Classic's bombs and the overflow (:mod:`.score`)."""
        return score.deal_entries(result, before, rules)

    def match_over(self, match: MatchView, rules: RussianRules) -> tuple[bool, str] | None:
        """Over when every pool has reached the target (russian#prices-common, allrefs), or after
        ``max_deals`` deals (sochi#pool-overflow-and-the-end-of-the-match)."""
        rule = "sochi#pool-overflow-and-the-end-of-the-match"
        if all(match.ledger.get("pool", s) >= rules.pool for s in range(match.n_players)):
            return True, "russian#prices-common"
        limit = getattr(rules, "max_deals", None)
        return (limit is not None and len(match.history) >= limit), rule


def _may_repeat(match: MatchView, rules: ClassicRules) -> bool:
    """Classic: the dealer stays for at most ``dealing.repeat_limit`` raspasovkas in a row (0: no limit)."""
    limit = int(rules.dealing.repeat_limit)
    if not limit:
        return True
    dealer, run = match.history[-1].dealer, 0
    for i in range(len(match.history) - 1, -1, -1):
        r = match.history[i]
        if not raspasovka(r) or r.dealer != dealer or compulsory(i, match.n_players, rules):
            break
        run += 1
    return run < limit


def _dealer_of(declarer: int, defs: tuple[int, ...], n: int) -> int:
    """The dealer as far as the defence needs him: with four players the one seat that is neither the
    declarer nor a defender (he sits out, GEN-DECK-04); with three or two every place is dealt, so any
    dealer gives the same defenders (the declarer's left first, sochi#whist-defence)."""
    if n != 4:
        return declarer
    return next(s for s in range(4) if s != declarer and s not in defs)


REFERENCE = RussianReference()
