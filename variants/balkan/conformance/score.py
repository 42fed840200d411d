"""The Balkan sheet entries of one deal, restated from the rules (docs/rules/balkan.md BAL-SCORE, BAL-REFE,
BAL-BET, BAL-DEF, BAL-KON, GAP-BAL-08/10, GAP-BAL-15..18, SLO-02, GAP-SLO-01; docs/variants/balkan.md "Score sheet",
"Defence", "Kontra chain", "The two", "Betl", "Refe", "Hat", "End of the game"), written apart from the hooks.

Accounts (the engine's names): ``bula`` (the contract column, starting at ``rules.bula``; a made contract
writes ``-U``, a failure or a penalty ``+U``), ``juha`` (seat writes on other, the declarer), ``refe``
(unplayed refes), ``refe_drawn`` (every refe mark drawn) and ``hat`` (1 while under the hat).
U = V x refe multiplier x kontra factor ^ level.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from preferans.core.plugin import Amount, DealResult, Entry, MatchView, int_if_whole
from preferans.variants.balkan.rules import BalkanRules

from . import auction, defence

START_ZERO_ACCOUNTS = ("refe", "refe_drawn", "hat")


@dataclass(frozen=True)
class Before:
    """The sheet before the deal, per seat: the bula, the unplayed refes, and the refe deals so far."""

    bula: tuple[Amount, ...]
    refe: tuple[int, ...]
    refe_deals: int

    @classmethod
    def of(cls, before: MatchView, rules: BalkanRules) -> Before:
        n = before.n_players
        if not before.history:
            return cls((rules.bula,) * n, (0,) * n, 0)  # BAL-SCORE-02: everybody starts at the bula
        led = before.ledger
        # ISS-11 [D]: every refe deal draws a mark for every player, so a seat's refe_drawn counts the deals
        drawn = max(int(led.get("refe_drawn", s)) for s in range(n))
        return cls(tuple(led.get("bula", s) for s in range(n)), tuple(int(led.get("refe", s)) for s in range(n)),
                   drawn)


def under_hat(bula: Amount, rules: BalkanRules) -> bool:
    """BAL-SCORE-04: under the hat once the bula is below zero; at exactly zero only with ``refe.hat_at_zero``
    (GAP-BAL-15)."""
    return bula < 0 or (bula == 0 and bool(rules.refe.hat_at_zero))


def refe_refused(sheet: Before, rules: BalkanRules) -> str | None:
    """Why no refe may be written now (the rule), or ``None`` when one may: BAL-REFE-03, not while anybody is
    under the hat; BAL-REFE-04, not beyond ``refe_limit`` refe deals (ISS-11: the refe deals are counted)."""
    if any(under_hat(b, rules) for b in sheet.bula):
        return "BAL-REFE-03"
    if sheet.refe_deals >= int(rules.refe_limit):
        return "BAL-REFE-04"
    return None


def refe_for_everybody(n: int, note: str, amount: int = 1) -> list[Entry]:
    """BAL-REFE-01: a refe line in every player's bula column (one more unplayed, one more drawn). With
    ``amount`` 0 the lines say, under ``note``, why none is written (they change no sum)."""
    return [Entry(account, s, amount, note=note) for s in range(n) for account in ("refe", "refe_drawn")]


def start_entries(n: int, rules: BalkanRules) -> list[Entry]:
    """BAL-SCORE-02: the sheet opens with everybody's bula, and every other column at 0."""
    out = [Entry("bula", s, rules.bula, note="BAL-SCORE-02") for s in range(n)]
    out += [Entry(a, s, 0, note="BAL-SCORE-02") for a in START_ZERO_ACCOUNTS for s in range(n)]
    out += [Entry("juha", s, 0, other=o, note="BAL-SCORE-02") for s in range(n) for o in range(n) if o != s]
    return out


def value(contract: str, rules: BalkanRules) -> int:
    """V: ``value`` with the talon (BAL-VAL-01), ``igra_value`` without (BAL-VAL-02)."""
    if contract.startswith(auction.IGRA_PREFIX):
        return int(rules.igra_value[contract.removeprefix(auction.IGRA_PREFIX)])
    return int(rules.value[contract])


# ---------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Deal:
    """What scoring reads of a deal, derived from its calls: the declarer, the contract, the defence."""

    declarer: int
    contract: str
    dfn: defence.Defence
    tricks: tuple[int, ...]
    v: int
    refe_m: int
    holds_refe: bool


def read_deal(result: DealResult, sheet: Before, rules: BalkanRules) -> Deal | None:
    """The declarer and the contract from the auction and the declaration (``None``: everybody passed)."""
    n = len(sheet.bula)
    order = sorted(result.active, key=lambda s: (s - result.dealer - 1) % n)
    won = auction.replay(order, result.auction).winner if result.auction else None
    if won is None and result.auction:
        return None
    if won is None:  # a paper record without its auction: its declarer and contract stand for it
        if result.declarer is None or result.contract is None:
            return None
        won = result.declarer, result.contract.name
    declarer, bid = won
    named = [c for _, c in result.declaration if c in auction.LADDER]
    if named:
        contract = named[-1]  # the contract named after the talon (GAP-BAL-02)
    elif not bid.isdigit():
        contract = bid  # an igra is played as named in the auction (BAL-BID-02)
    else:  # a paper record that does not write its declaration
        contract = result.contract.name if result.contract is not None else auction.LADDER_BY_NUMBER[int(bid)]
    holds = sheet.refe[declarer] > 0
    dfn = defence.replay(declarer, defence.defenders_in_order(declarer, result.active, n), contract,
                         result.defence, sheet.refe[declarer], rules)
    return Deal(declarer, contract, dfn, result.tricks, value(contract, rules),
                int(rules.refe.factor) if holds else 1, holds)


def deal_entries(result: DealResult, before: MatchView, rules: BalkanRules) -> list[Entry]:
    """Every entry of the deal: the opening of the sheet (first deal), the deal's score, the hats."""
    n = before.n_players
    sheet = Before.of(before, rules)
    out = start_entries(n, rules) if not before.history else []
    deal = read_deal(result, sheet, rules)
    own = all_pass(sheet, rules, n) if deal is None else contract_entries(deal, sheet, rules, n)
    return out + own + hats(sheet, own, rules)


def all_pass(sheet: Before, rules: BalkanRules, n: int) -> list[Entry]:
    """BAL-BID-03: nothing is played; BAL-REFE-01/03/04: a refe for everybody when one may be written."""
    refused = refe_refused(sheet, rules)
    return refe_for_everybody(n, "BAL-REFE-01") if refused is None else refe_for_everybody(n, refused, 0)


def contract_entries(deal: Deal, sheet: Before, rules: BalkanRules, n: int) -> list[Entry]:
    """A contract's deal: the two without kontra, a deal nobody follows, or the declarer's entry (BAL-SCORE-05:
    off when made, added when failed, at V x refe x the highest kontra) and the defence's (BAL-SCORE-06/08)."""
    d = deal.declarer
    spend = [Entry("refe", d, -1, note="BAL-REFE-02")] if deal.holds_refe else []
    kontra = bool(deal.dfn.chains)
    if two_needs_kontra(deal, sheet, rules) and not kontra:
        return two_without_kontra(deal, sheet, rules, n, spend)
    if not deal.dfn.followers:
        # BAL-DEF-04, GAP-BAL-10: nobody follows; the declarer wins V x refe, the refe is used
        return cut_at_zero([Entry("bula", d, -deal.v * deal.refe_m, note="GAP-BAL-10"), *spend], sheet, d)
    m_d = deal.refe_m * int(rules.kontra.factor) ** deal.dfn.top_level  # GAP-BAL-08, BAL-VAL-05
    if defence.is_betl(deal.contract):
        made = deal.tricks[d] == 0  # BAL-BET-01
        rest = betl_defence(deal, made, rules)
    else:
        made = deal.tricks[d] >= 6  # BAL-VAL-03
        rest = trick_defence(deal, rules)
    own = Entry("bula", d, (-1 if made else 1) * deal.v * m_d, note="BAL-SCORE-05")
    entries = [own, *spend, *rest]
    return cut_at_zero(entries, sheet, d) if made else entries


def two_needs_kontra(deal: Deal, sheet: Before, rules: BalkanRules) -> bool:
    return defence.two_needs_kontra(deal.contract, sheet.refe[deal.declarer], rules)


def two_without_kontra(deal: Deal, sheet: Before, rules: BalkanRules, n: int, spend: list[Entry]) -> list[Entry]:
    """BAL-KON-08 and ``two.without_kontra``: the chapter's declarer wins without play (V x refe, the refe
    used: GAP-BAL-10); pk gives everybody a refe when one may be written, else the declarer wins; Slovenia
    (SLO-02, GAP-SLO-01) a refe when one may be written, else nothing, and nothing is used up."""
    how = rules.two.without_kontra
    refused = refe_refused(sheet, rules)
    if how != "declarer_wins" and refused is None:
        return refe_for_everybody(n, "SLO-02" if how == "refe_else_nothing" else "BAL-KON-08")
    if how == "refe_else_nothing":
        # SLO-02: nobody writes anything (GAP-SLO-01: the declarer's refe is not used either)
        return [Entry("bula", deal.declarer, 0, note="SLO-02"), *refe_for_everybody(n, refused or "SLO-02", 0)]
    won = Entry("bula", deal.declarer, -deal.v * deal.refe_m, note="BAL-KON-08")
    return cut_at_zero([won, *spend], sheet, deal.declarer)


def betl_defence(deal: Deal, made: bool, rules: BalkanRules) -> list[Entry]:
    """BAL-BET-02/03, ISS-20: a failed betl: each defender who writes writes a fixed ``betl.juha`` (igra
    ``betl.igra_juha``) times his multiplier; made: the defence writes nothing but each kontra-giver's penalty
    (pk 13 example 6)."""
    d, dfn = deal.declarer, deal.dfn
    factor = int(rules.kontra.factor)
    if made:
        return [Entry("bula", k, deal.v * deal.refe_m * factor ** level, note="BAL-KON-05") for k, level in dfn.chains]
    igra = deal.contract.startswith(auction.IGRA_PREFIX)
    fixed = int(rules.betl.igra_juha if igra else rules.betl.juha)
    note = "BAL-BET-03" if igra else "BAL-BET-02"
    return [Entry("juha", s, fixed * deal.refe_m * factor ** dfn.level_of(s), other=d, note=note)
            for s in writers(dfn, rules)]


def writers(dfn: defence.Defence, rules: BalkanRules) -> list[int]:
    """Who writes juha: not the invited (BAL-DEF-06); under kontra with ``other_defender = "nothing"`` only
    the kontra-giver (pk 10)."""
    if dfn.chains and rules.kontra.other_defender == "nothing":
        return [dfn.chains[0][0]]
    return [s for s in dfn.players if s != dfn.invited]


def trick_defence(deal: Deal, rules: BalkanRules) -> list[Entry]:
    """The defence of a trick contract: supe per trick (BAL-SCORE-06) and the penalties (BAL-SCORE-08)."""
    d, dfn, t, v = deal.declarer, deal.dfn, deal.tricks, deal.v
    stop = int(rules.defence.stop_at)
    team = min(stop, sum(t[s] for s in dfn.players))  # BAL-DEF-03: the defence never writes more than five
    q = rules.defence
    out: list[Entry] = []

    def write(seat: int, tricks: int, m: int, note: str) -> None:
        out.append(Entry("juha", seat, tricks * v * m, other=d, note=note))

    def penalise(seat: int, m: int, note: str) -> None:
        out.append(Entry("bula", seat, v * m, note=note))

    if dfn.chains:
        for giver, level in dfn.chains:
            m_k = deal.refe_m * int(rules.kontra.factor) ** level  # BAL-KON-02, GAP-BAL-18
            whole_team = rules.kontra.other_defender == "nothing" or giver == dfn.inviter
            write(giver, team if whole_team else t[giver], m_k, "BAL-KON-02")
            if team < int(rules.kontra.quota):
                penalise(giver, m_k, "BAL-KON-05")
        if rules.kontra.other_defender == "normal":
            for s in dfn.players:
                if s != dfn.invited and not dfn.level_of(s):  # the other follower, undoubled (BAL-KON-02)
                    write(s, t[s], deal.refe_m, "BAL-KON-02")
                    if pair_member_fails(team, t[s], q):
                        penalise(s, deal.refe_m, "BAL-DEF-02")
        return out
    if dfn.inviter is not None:
        write(dfn.inviter, team, deal.refe_m, "BAL-SCORE-07")  # BAL-DEF-06: the inviter writes for the team
        if team < int(q.invite_quota):
            penalise(dfn.inviter, deal.refe_m, "BAL-DEF-09")
        return out
    if len(dfn.players) == 1:
        lone = dfn.players[0]
        write(lone, min(stop, t[lone]), deal.refe_m, "BAL-SCORE-06")
        if t[lone] < int(q.lone_quota):
            penalise(lone, deal.refe_m, "BAL-DEF-08")
        return out
    for s in dfn.players:
        write(s, t[s], deal.refe_m, "BAL-SCORE-06")
        if pair_member_fails(team, t[s], q):
            penalise(s, deal.refe_m, "BAL-DEF-02")
    return out


def pair_member_fails(team: int, own: int, q: Any) -> bool:
    """BAL-DEF-01/02: below ``pair_quota`` together, each follower below ``each_quota`` is penalised; with
    ``each_always`` (pajcho, antonijek) each below it is penalised whatever the pair took."""
    return own < int(q.each_quota) and (bool(q.each_always) or team < int(q.pair_quota))


def cut_at_zero(entries: list[Entry], sheet: Before, declarer: int) -> list[Entry]:
    """BAL-SCORE-12, GAP-BAL-16: a deal the declarer wins that would take the sum of the bule below zero: he
    writes off only what brings it to zero, the penalties stay whole and the supe shrink in proportion."""
    total = sum(sheet.bula) + sum(e.amount for e in entries if e.account == "bula")
    if total >= 0:
        return entries
    write_off = -sum(e.amount for e in entries if e.account == "bula" and e.seat == declarer)
    allowed = write_off + total
    ratio = Fraction(allowed) / Fraction(write_off)
    out = []
    for e in entries:
        if e.account == "bula" and e.seat == declarer:
            out.append(Entry("bula", declarer, int_if_whole(Fraction(-allowed)), note="BAL-SCORE-12"))
        elif e.account == "juha":
            out.append(Entry("juha", e.seat, int_if_whole(Fraction(e.amount) * ratio), other=e.other,
                             note="BAL-SCORE-12"))
        else:
            out.append(e)
    return out


def hats(sheet: Before, entries: list[Entry], rules: BalkanRules) -> list[Entry]:
    """BAL-SCORE-04: a hat when a bula crosses below zero, the inverted hat when it comes back."""
    out = []
    for s, b in enumerate(sheet.bula):
        after = b + sum(e.amount for e in entries if e.account == "bula" and e.seat == s)
        was, now = under_hat(b, rules), under_hat(after, rules)
        if now != was:
            out.append(Entry("hat", s, 1 if now else -1, note="BAL-SCORE-04"))
    return out
