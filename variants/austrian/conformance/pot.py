"""The pot game's money: the ante, the amount played, the payoff from the pot and the premiums.

Two accounts (the engine's names): ``money``, each player's purse, and ``pot``, what each player has put into
the pot, net. A payment into the pot by seat s is ``money(s) -x, pot(s) +x``; a payment between two players
is ``money(payer) -x, money(payee) +x``. Everything here is restated from docs/rules/austrian.md#payoff,
docs/variants/austrian.md#the-pot-and-the-payoff-basic-game-v--10 and the pot methods' pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from preferans.core.plugin import Amount, Entry, int_if_whole
from preferans.core.plugin.sheet import LedgerView
from preferans.variants.austrian.rules import AustrianRules

from .contracts import base, holds_all_aces, is_hand
from .declaration import FOUR_ACES, NO_ACES
from .defence import Defence

MONEY = "money"
POT = "pot"

FIXED_STAKE = "austrian#the-pot-and-the-payoff-basic-game-v--10"
"""The basic game's fixed stake V = 10 and its payoff (no rule ID: docs/rules/austrian.md#payoff rebuilds it)."""


def into_pot(seat: int, amount: Amount, note: str) -> list[Entry]:
    """``seat`` puts ``amount`` into the pot (a negative amount takes it out)."""
    a = int_if_whole(Fraction(amount))
    return [Entry(MONEY, seat, -a, note=note), Entry(POT, seat, a, note=note)] if a else []


def pay(payer: int, payee: int, amount: Amount, note: str) -> list[Entry]:
    """``payer`` pays ``amount`` to ``payee`` directly, outside the pot."""
    a = int_if_whole(Fraction(amount))
    return [Entry(MONEY, payer, -a, note=note), Entry(MONEY, payee, a, note=note)] if a else []


def pot_in(ledger: LedgerView) -> Fraction:
    """What the pot holds: the sum of everybody's ``pot`` column."""
    return sum((Fraction(ledger.get(POT, s)) for s in range(ledger.n_players)), Fraction(0))


def before_deal(first: bool, pot: Fraction, dealer: int, n_players: int, rules: AustrianRules) -> list[Entry]:
    """What goes into the pot before a deal is dealt.

    The initial pot in equal shares by all players before the first deal (``pot.initial``, STY-POT-01), and
    again after a deal that emptied it when the table refills (``pot.when_empty = "refill"``, STY-POT-01);
    then the dealer's ante, also when he sits out with four players (AUT-POT-03; docs/rules/austrian.md#payoff).
    """
    p = rules.pot
    out: list[Entry] = []
    if p.initial and (first or (p.when_empty == "refill" and pot == 0)):
        for seat in range(n_players):
            out += into_pot(seat, Fraction(p.initial, n_players), "STY-POT-01")
    if p.ante:
        out += into_pot(dealer, p.ante, "AUT-POT-03")
    return out


def nominal(contract: str, pot: Fraction, rules: AustrianRules) -> tuple[Fraction, str]:
    """The amount a deal is played for by the pot method, before the pot's own limit, and its rule."""
    p = rules.pot
    if p.method == "fixed":
        return Fraction(p.stake), FIXED_STAKE  # V = 10 in the basic game
    if p.method == "unlimited":
        return pot, "AUT-POT-04"  # the whole pot
    if p.method == "limited":
        assert p.cap_multiplier is not None  # the pot section requires it with this method
        return Fraction(p.cap_multiplier * p.ante), "AUT-POT-07"  # at most 5, 10 or 20 antes
    assert p.values is not None  # the pot section requires it with method "styrian"
    return Fraction(p.values[base(contract)]), "STY-VAL-01"  # clubs 20, spades 30, diamonds 40, hearts 50


@dataclass(frozen=True)
class Played:
    """What a suit deal is played for: ``take`` comes out of the pot, ``value`` (V) prices the tricks and
    the penalties; ``rule`` is the pot method's rule."""

    take: Fraction
    value: Fraction
    rule: str


def amount(contract: str, pot: Fraction, rules: AustrianRules) -> Played:
    """A pot holding less than the amount is played for what it holds (``shortfall = "pot"``,
    GAP-AUT-06); with ``"value"`` the full amount is paid and charged, the declarer taking what is there."""
    v, rule = nominal(contract, pot, rules)
    take = min(pot, v)
    return Played(take, take if rules.pot.shortfall == "pot" else v, rule)


def suit_payoff(declarer: int, tricks: Sequence[int], defence: Defence, played: Played,
                rules: AustrianRules) -> tuple[list[Entry], bool]:
    """The payoff of a suit contract (docs/rules/austrian.md#payoff, steps 1-5), and whether it was made."""
    d, p, v = declarer, rules.pot, played.value
    out = into_pot(d, -played.take, played.rule)  # 1. he takes the amount, made or not (AUT-POT-04, ISS-02)
    if not defence.played:
        return out, True  # 5. both at home: only step 1 (GAP-AUT-04)
    rate = v / p.trick_divisor  # 2. a tenth of the amount a trick (AUT-POT-04)
    if defence.inviter is not None and rules.defence.invited_tricks == "inviter":
        out += pay(d, defence.inviter, rate * sum(tricks[s] for s in defence.players), "GAP-AUT-10")
    else:
        for s in defence.players:
            out += pay(d, s, rate * tricks[s], "AUT-POT-04")
    made = tricks[d] >= rules.game.target
    if not made:
        out += into_pot(d, p.declarer_fail * v, "AUT-POT-05")  # 3. 2V into the pot (AUT-VAL-01)
    if defence.inviter is not None:
        if sum(tricks[s] for s in defence.players) < rules.defence.inviter_quota:
            out += into_pot(defence.inviter, p.inviter_fail * v, "AUT-DEF-02")  # 4. the inviter answers for 4
    else:
        for s in defence.players:
            if tricks[s] < rules.defence.quota:
                out += into_pot(s, p.defender_fail * v, "AUT-DEF-01")  # 4. each needs 2, even if d failed
    return out, made


@dataclass(frozen=True)
class Claim:
    """The facts a premium depends on."""

    declarer: int
    contract: str
    opponents: tuple[int, ...]
    defence: Defence
    held: int
    declaration: tuple[tuple[int, str], ...]
    made: bool


def premiums_due(c: Claim, rules: AustrianRules) -> list[tuple[int, str]]:
    """The premiums of a deal as (+1 paid to the declarer | -1 paid by him, rule), AUT-PREM-01..05."""
    pr, hand = rules.premiums, is_hand(c.contract)
    sign = 1 if c.made else -1
    due: list[tuple[int, str]] = []
    hearts = base(c.contract) == "hearts"
    if (hearts and (pr.hearts == "always" or (pr.hearts == "hand" and hand))) or (
            pr.other_hand_games and hand and not hearts):
        due.append((sign, "AUT-PREM-02"))  # Préférence: made, 10 from each; failed, 10 to each (ISS-15)
    if pr.aces_hand_only and not hand:
        return due  # the ace premiums only without the talon (AUT-PREM-05 b)
    four = (c.declarer, FOUR_ACES) in c.declaration or (pr.four_aces == "shown" and holds_all_aces(c.held))
    if pr.four_aces != "off" and four and (c.made or pr.on_failure == "reverse"):
        due.append((sign, "AUT-PREM-03"))  # not paid when he fails (AUT-PREM-03), unless paid back (05 e)
    if pr.no_aces == "announced" and (c.declarer, NO_ACES) in c.declaration and (
            c.made or pr.on_failure != "forfeit"):
        due.append((sign, "AUT-PREM-04"))  # failed: he pays each of them (AUT-PREM-04), unless forfeited
    return due


def premiums(c: Claim, rules: AustrianRules) -> list[Entry]:
    """The premiums, paid outside the pot: to the declarer by both opponents (``payers = "opponents"``) or
    by those who played (``"defenders"``, ISS-01); by the declarer to each opponent (AUT-PREM-01)."""
    pr = rules.premiums
    if not pr.amount or (not c.defence.played and not pr.without_play):
        return []  # premiums without play: open point 7 (GAP-AUT-04)
    payers = c.opponents if pr.payers == "opponents" else c.defence.players
    out: list[Entry] = []
    for sign, rule in premiums_due(c, rules):
        for s in payers if sign > 0 else c.opponents:
            out += pay(s, c.declarer, pr.amount, rule) if sign > 0 else pay(c.declarer, s, pr.amount, rule)
    return out
