"""The money of the Austrian pot game: the pot, the payoff from it, the premiums and the settlement.

Two accounts: ``money`` (each player's purse) and ``pot`` (котёл). Every payment is written as a pair of
entries that cancel, so each deal balances: the players' changes plus the pot's change sum to 0. A
payment into the pot is ``money(seat, -x)`` and ``pot(seat, +x)``: the ``pot`` column of a seat is what
that player has put into the pot, net, and the pot holds the sum of the column. Pure functions of a
:class:`DealResult`, the match so far and the rules; the plugin module wires them to hooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from preferans.core.plugin import Amount, ContractSpec, DealResult, Entry, MatchView, Settlement, int_if_whole
from preferans.core.plugin.cards import NO_TRUMP
from preferans.variants.austrian.rules import AustrianRules

from .rules import TRUMP_INDEX

MONEY = "money"
POT = "pot"
ACES = sum(1 << (suit * 8 + 7) for suit in range(4))
"""The four aces as a card mask (rank 7 is the ace in every suit)."""
TRUMP_NAME = {index: name for name, index in TRUMP_INDEX.items()}


def pay(payer: int, payee: int, amount: Amount, note: str) -> list[Entry]:
    """``payer`` pays ``amount`` to ``payee`` directly (premiums, per-trick money, Illustrated); nothing for 0."""
    a = int_if_whole(amount)
    return [Entry(MONEY, payer, -a, note=note), Entry(MONEY, payee, a, note=note)] if a else []


def into_pot(seat: int, amount: Amount, note: str) -> list[Entry]:
    """``seat`` puts ``amount`` into the pot (a negative amount takes it out); nothing for 0."""
    a = int_if_whole(amount)
    return [Entry(MONEY, seat, -a, note=note), Entry(POT, seat, a, note=note)] if a else []


def pot_of(match: MatchView) -> Amount:
    """What the pot holds now: the sum of everybody's ``pot`` column."""
    return int_if_whole(sum(match.ledger.column(POT), Fraction(0)))


def trump_name(spec: ContractSpec) -> str:
    return TRUMP_NAME[spec.trump] if spec.trump != NO_TRUMP else "no-trump"


# ---------------------------------------------------------------- before a deal


def before_deal(match: MatchView, dealer: int, rules: AustrianRules) -> list[Entry]:
    """The initial pot (before the first deal), a refill of an empty pot, and the dealer's ante."""
    p = rules.pot
    n = match.n_players
    out: list[Entry] = []
    refill = bool(match.history) and p.when_empty == "refill" and pot_of(match) == 0
    if p.initial and (not match.history or refill):
        # equal contributions by all players (STY-POT-01); a share may be a fraction of a stake
        share = Fraction(p.initial, n)
        note = "initial pot" if not match.history else "pot refilled"
        for seat in range(n):
            out += into_pot(seat, share, note)
    if p.ante:
        # the dealer's ante, also when he sits out with four players (AUT-POT-03; docs/rules/austrian.md#payoff [I])
        out += into_pot(dealer, p.ante, "ante")
    return out


# ---------------------------------------------------------------- the payoff from the pot


def amounts(rules: AustrianRules, pot: Amount, spec: ContractSpec) -> tuple[Amount, Amount]:
    """``(take, played)``: what the declarer takes from the pot, and the amount played V on which the
    per-trick money and the penalties are reckoned."""
    p = rules.pot
    if p.method == "fixed":
        nominal: Amount = p.stake  # docs/rules/austrian.md#payoff: V = 10
    elif p.method == "unlimited":
        nominal = pot  # AUT-POT-04: the whole pot
    elif p.method == "limited":
        assert p.cap_multiplier is not None  # the pot section requires it with this method
        nominal = p.cap_multiplier * p.ante  # AUT-POT-07: 5, 10 or 20 times the dealer's contribution
    else:
        assert p.values is not None  # the pot section requires it with method "styrian"
        nominal = p.values[trump_name(spec)]  # STY-VAL-01: clubs 20, spades 30, diamonds 40, hearts 50
    take = min(pot, nominal)
    return take, take if p.shortfall == "pot" else nominal


def score_deal(r: DealResult, match: MatchView, rules: AustrianRules) -> list[Entry] | None:
    """The entries of a deal of the pot game; ``None`` for a contract this family does not score (a child's
    extra contract). All passed: the cards are thrown in (the core's ``Redeal``): the dealer's ante stays in
    the pot and nothing else is written (KNET; GAP-AUT-03). An all-pass deal that a house rule plays is not
    the family's to score either (``None``)."""
    if r.outcome == "thrown_in":
        return []
    if r.kind == "all_pass":
        return None
    assert r.contract is not None
    if r.contract.kind != "suit":
        return None
    return score_suit(r, match, rules)


def opponents(r: DealResult) -> list[int]:
    """The declarer's two opponents: the other active players, whether they play or not."""
    return [s for s in r.active if s != r.declarer]


def inviter_of(r: DealResult) -> int | None:
    return next((s for s, c in r.defence if c == "invite"), None)


def score_suit(r: DealResult, match: MatchView, rules: AustrianRules) -> list[Entry]:
    """A suit contract of the pot game (docs/rules/austrian.md#payoff, AUT-POT-01..05, AUT-DEF-01..03)."""
    assert r.declarer is not None and r.contract is not None
    d, p = r.declarer, rules.pot
    take, v = amounts(rules, pot_of(match), r.contract)
    out = into_pot(d, -take, "declarer takes from the pot")  # made or not (AUT-POT-05, ISS-02)
    made = True
    if r.played:
        rate = Fraction(v, p.trick_divisor)
        players = list(r.defending)
        inviter = inviter_of(r)
        if inviter is not None and rules.defence.invited_tricks == "inviter":
            # the inviter collects for the defence's tricks (GAP-AUT-10, by analogy with BAL-DEF-06)
            out += pay(d, inviter, rate * sum(r.tricks[s] for s in players), "per trick (inviter)")
        else:
            for s in players:
                out += pay(d, s, rate * r.tricks[s], "per trick")
        made = r.tricks[d] >= rules.game.target
        if not made:
            out += into_pot(d, p.declarer_fail * v, "declarer failed")
        if inviter is not None:
            if sum(r.tricks[s] for s in players) < rules.defence.inviter_quota:
                out += into_pot(inviter, p.inviter_fail * v, "inviter short")
        else:
            for s in players:
                if r.tricks[s] < rules.defence.quota:
                    out += into_pot(s, p.defender_fail * v, "defender short")
    return out + premiums(r, rules, made)


# ---------------------------------------------------------------- premiums


def four_aces_held(r: DealResult, mode: str) -> bool:
    """``announced``: he announced them before the first lead (or a scorecard claims them); ``shown``: also
    when the ten cards he played hold them (AUT-PREM-03, GAP-AUT-08)."""
    assert r.declarer is not None
    if (r.declarer, "four-aces") in r.declaration:
        return True
    return mode == "shown" and bool(r.held) and r.held[r.declarer] & ACES == ACES


def premiums(r: DealResult, rules: AustrianRules, made: bool) -> list[Entry]:
    """Hearts (hand), four aces and no aces (AUT-PREM-01..05), settled outside the pot."""
    assert r.declarer is not None and r.contract is not None
    pr, d, spec = rules.premiums, r.declarer, r.contract
    if not pr.amount or (not r.played and not pr.without_play):
        return []
    hand = not spec.with_talon
    hearts = spec.trump == TRUMP_INDEX["hearts"]
    due: list[tuple[int, str]] = []  # (+1 paid to the declarer | -1 paid by him, what for)
    if (pr.hearts == "always" and hearts) or (pr.hearts == "hand" and hearts and hand) or (
            pr.other_hand_games and hand and not hearts):
        due.append((1 if made else -1, "hand game" if not hearts else "hearts"))
    if not pr.aces_hand_only or hand:
        if pr.four_aces != "off" and four_aces_held(r, pr.four_aces):
            # not paid if the contract fails (AUT-PREM-03), unless the table pays it back
            if made or pr.on_failure == "reverse":
                due.append((1 if made else -1, "four aces"))
        if pr.no_aces == "announced" and (d, "no-aces") in r.declaration:
            if made or pr.on_failure != "forfeit":
                due.append((1 if made else -1, "no aces"))
    out: list[Entry] = []
    payers = opponents(r) if pr.payers == "opponents" else list(r.defending)
    for sign, what in due:
        if sign > 0:
            for s in payers:
                out += pay(s, d, pr.amount, f"premium: {what}")
        else:
            for s in opponents(r):  # the declarer pays each opponent, played or not (AUT-PREM-01)
                out += pay(d, s, pr.amount, f"premium: {what} (failed)")
    return out


# ---------------------------------------------------------------- end of the session and settlement


def round_to_total(values: Sequence[Fraction], total: int) -> tuple[int, ...]:
    """Round down, then give the missing units to the largest fractional parts (ties: the lower seat),
    so the integers sum to ``total``."""
    floors = [v.numerator // v.denominator for v in values]
    missing = total - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), i))
    for i in order[:max(0, missing)]:
        floors[i] += 1
    return tuple(floors)


def settle(match: MatchView, rules: AustrianRules) -> Settlement:
    """Each player's net money; the pot remainder is reported apart (``details["pot"]``), or shared
    equally among the players (``pot.at_end = "share"``)."""
    n = match.n_players
    money = [Fraction(match.ledger.get(MONEY, s)) for s in range(n)]
    pot = Fraction(pot_of(match))
    if rules.pot.at_end == "share":
        money = [m + pot / n for m in money]
        pot = Fraction(0)
    total = sum(money, Fraction(0))
    rounded = round_to_total(money, round(total))
    return Settlement(tuple(money), rounded, unit="stakes", details={"pot": int_if_whole(pot)})
