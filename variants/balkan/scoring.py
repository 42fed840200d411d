"""The Balkan score sheet: bula, juha, refe and hat, the end of the game and the final settlement.

Pure functions of a :class:`DealResult`, the sheet before the deal and the rules; the plugin module wires them
to hooks. Accounts (docs/variants/balkan.md, "Actions"): ``bula`` per seat (the contract column, Serbian
sign: it starts at ``rules.bula`` and a made contract lowers it), ``juha`` written by ``seat`` on ``other``,
``refe`` (unplayed refes a seat holds), ``refe_drawn`` (every refe mark drawn for the seat, played ones
included: the refe deals of the game) and ``hat`` (1 while under the hat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from preferans.core.plugin import Amount, DealResult, Entry, MatchView, Settlement, int_if_whole
from preferans.variants.balkan.rules import BalkanRules

from .calls import Defence, base_name, defenders_of, is_igra, kontra_call, read_deal_defence, two_needs_kontra


def bula(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("bula", seat, int_if_whole(amount), note=note)


def juha(writer: int, on: int, amount: Amount, note: str) -> Entry:
    return Entry("juha", writer, int_if_whole(amount), other=on, note=note)


# ---------------------------------------------------------------- the sheet before a deal


@dataclass(frozen=True)
class Sheet:
    """What scoring needs of the sheet before a deal, per seat: the bula, the unplayed refes (``refe``), every
    refe mark ever drawn (``refe_drawn``, played ones included) and the hat."""

    bula: list[Amount]
    refe: list[int]
    refe_drawn: list[int]
    hat: list[int]

    @classmethod
    def of(cls, match: MatchView) -> Sheet:
        led = match.ledger
        seats = range(match.n_players)
        return cls([led.get("bula", s) for s in seats], [int(led.get("refe", s)) for s in seats],
                   [int(led.get("refe_drawn", s)) for s in seats], [int(led.get("hat", s)) for s in seats])

    @property
    def granted(self) -> int:
        """How many refe deals the game has had, spent refes included (BAL-REFE-04 [D]): every refe deal draws
        a mark for every player (:func:`refe_for_all`), so any seat's ``refe_drawn`` counts them."""
        return max(self.refe_drawn, default=0)


def under_hat(value: Amount, rules: BalkanRules) -> bool:
    """BAL-SCORE-04: under the hat once the bula has crossed zero (at zero too with ``refe.hat_at_zero``)."""
    return value < 0 or (bool(rules.refe.hat_at_zero) and value == 0)


def hat_entries(bula_now: Sequence[Amount], hats: Sequence[int], rules: BalkanRules) -> list[Entry]:
    """The hat drawn when a bula crosses zero, the inverted hat when it comes back (BAL-SCORE-04)."""
    out = []
    for s, value in enumerate(bula_now):
        under = under_hat(value, rules)
        if under and not hats[s]:
            out.append(Entry("hat", s, 1, note="hat"))
        elif not under and hats[s]:
            out.append(Entry("hat", s, -1, note="inverted hat"))
    return out


def refe_may_be_written(sheet: Sheet, rules: BalkanRules) -> bool:
    """BAL-REFE-03/04: not while anybody is under the hat, and not beyond the game's limit."""
    limit = int(rules.refe_limit)
    return limit > 0 and not any(sheet.hat) and sheet.granted < limit


def refe_for_all(n: int, note: str) -> list[Entry]:
    """A refe for every player: the mark drawn in each section (``refe_drawn``, never crossed off the count)
    and one more unplayed refe (``refe``, -1 when it is played)."""
    return [Entry(account, s, 1, note=note) for s in range(n) for account in ("refe", "refe_drawn")]


# ---------------------------------------------------------------- one deal


def value_of(contract: str, rules: BalkanRules) -> int:
    """V of a contract: the talon table, or the igra table for a game without the talon (BAL-VAL-01/02)."""
    table = rules.igra_value if is_igra(contract) else rules.value
    return int(table[base_name(contract)])


def score_deal(result: DealResult, match: MatchView, rules: BalkanRules) -> list[Entry]:
    return score(result, Sheet.of(match), rules)


def score(result: DealResult, sheet: Sheet, rules: BalkanRules) -> list[Entry]:
    """The entries of one deal on ``sheet``; a defender who writes nothing gets no juha line."""
    return [e for e in _score(result, sheet, rules) if e.amount or e.account != "juha"]


def _score(result: DealResult, sheet: Sheet, rules: BalkanRules) -> list[Entry]:
    n = len(sheet.bula)
    if result.outcome == "thrown_in" or result.contract is None or result.declarer is None:
        # all passed: the family has no all-pass game, so the cards are thrown in (the core's Redeal), and
        # BAL-REFE-01/03/04: everybody gets a refe, unless somebody is under the hat or the limit is reached;
        # nothing else is written (an all-pass deal some house rule plays has no declarer: the same)
        return refe_for_all(n, "refe (all passed)") if refe_may_be_written(sheet, rules) else []
    d, contract = result.declarer, result.contract
    v = value_of(contract.name, rules)
    held = sheet.refe[d]
    refe_m = int(rules.refe.factor) if held > 0 else 1
    defenders = defenders_of(d, result.active, n)
    dfn = read_deal_defence(d, defenders, contract, result.defence, held, rules)
    spend = [Entry("refe", d, -1, note="refe played")] if held > 0 else []

    if two_needs_kontra(contract.name, held, rules) and not dfn.kontra_level:
        outcome = rules.two.without_kontra
        if outcome != "declarer_wins" and refe_may_be_written(sheet, rules):
            return refe_for_all(n, "refe (the two without kontra)")
        if outcome == "refe_else_nothing":
            return []  # SLO-02: nobody writes anything
        return _end([bula(d, -v * refe_m, "the two without kontra: won without play"), *spend], sheet, d, rules)
    if not result.played:
        # BAL-DEF-04, GAP-BAL-10: nobody follows, the declarer wins without play
        return _end([bula(d, -v * refe_m, "won without play"), *spend], sheet, d, rules)

    factor = int(rules.kontra.factor)
    m_d = refe_m * factor ** dfn.top_level  # one chain, or the highest of two (GAP-BAL-09 [D])
    taken = result.tricks[d]
    made = taken == 0 if contract.goal == "none" else taken >= contract.target
    entries = [bula(d, (-v if made else v) * m_d, ("made" if made else "failed") + _how(dfn)), *spend]
    if contract.kind == "betl":
        entries += _betl_defence(result, dfn, v, refe_m, made, rules)
    else:
        entries += _trick_defence(result, dfn, v, refe_m, rules)
    return _end(entries, sheet, d, rules) if made else entries


def _how(dfn: Defence) -> str:
    return f" under {kontra_call(dfn.top_level)}" if dfn.kontras else ""


def _writers(dfn: Defence, rules: BalkanRules) -> list[int]:
    """Defenders who write: not the invited (BAL-DEF-06), and under kontra not the other defender when he
    writes nothing (pk 10, ``kontra.other_defender = "nothing"``)."""
    out = [s for s in dfn.players if s != dfn.invited]
    if dfn.kontra_by is not None and rules.kontra.other_defender == "nothing":
        out = [dfn.kontra_by]
    return out


def _betl_defence(result: DealResult, dfn: Defence, v: int, refe_m: int, made: bool, rules: BalkanRules) -> list[Entry]:
    """BAL-BET-02/03: a failed betl costs the declarer V and each defender writes a fixed 60 (igra 70), times
    his multiplier; a made betl writes nothing for the defence but each kontra-giver's penalty (pk 13 ex. 6)."""
    d = result.declarer
    assert d is not None and result.contract is not None
    factor = int(rules.kontra.factor)
    out: list[Entry] = []
    if made:
        for k, level in dfn.kontras:
            out.append(bula(k, v * refe_m * factor ** level, "kontra-giver failed"))
        return out
    fixed = int(rules.betl.igra_juha if is_igra(result.contract.name) else rules.betl.juha)
    for s in _writers(dfn, rules):
        out.append(juha(s, d, fixed * refe_m * factor ** dfn.level_of(s), "betl failed"))
    return out


def _trick_defence(result: DealResult, dfn: Defence, v: int, refe_m: int, rules: BalkanRules) -> list[Entry]:
    """BAL-SCORE-06/07/08, BAL-DEF-01/02/06/08, BAL-KON-02/05: supe per trick and the defenders' penalties."""
    d = result.declarer
    assert d is not None
    t = result.tricks
    cap = int(rules.defence.stop_at)
    team = min(cap, sum(t[s] for s in dfn.players))
    quota = rules.defence
    out: list[Entry] = []
    if dfn.kontras:
        for k, level in dfn.kontras:  # each kontra-giver at his own chain's level (BAL-KON-02, GAP-BAL-09)
            m_k = refe_m * int(rules.kontra.factor) ** level
            own = team if (rules.kontra.other_defender == "nothing" or dfn.inviter == k) else t[k]
            out.append(juha(k, d, own * v * m_k, "supe"))
            if team < rules.kontra.quota:
                out.append(bula(k, v * m_k, "kontra-giver failed"))
        if rules.kontra.other_defender == "normal":
            for s in dfn.players:
                if s != dfn.invited and not dfn.level_of(s):
                    # the other defender at the plain value (BAL-KON-02); the pair rule still applies to him
                    out.append(juha(s, d, t[s] * v * refe_m, "supe"))
                    if _follower_fails(team, t[s], rules):
                        out.append(bula(s, v * refe_m, "defender failed"))
        return out
    if dfn.inviter is not None:
        out.append(juha(dfn.inviter, d, team * v * refe_m, "supe (inviter)"))
        if team < quota.invite_quota:
            out.append(bula(dfn.inviter, v * refe_m, "inviter failed"))
        return out
    if len(dfn.players) == 1:
        s = dfn.players[0]
        out.append(juha(s, d, min(cap, t[s]) * v * refe_m, "supe"))
        if t[s] < quota.lone_quota:
            out.append(bula(s, v * refe_m, "lone follower failed"))
        return out
    for s in dfn.players:
        out.append(juha(s, d, t[s] * v * refe_m, "supe"))
        if _follower_fails(team, t[s], rules):
            out.append(bula(s, v * refe_m, "defender failed"))
    return out


def _follower_fails(team: int, own: int, rules: BalkanRules) -> bool:
    """One of two followers fails below his own quota when the pair is short (BAL-DEF-01/02), or with
    ``defence.each_always`` whenever he is below it (pajcho, antonijek)."""
    q = rules.defence
    return own < q.each_quota and (bool(q.each_always) or team < q.pair_quota)


def _end(entries: list[Entry], sheet: Sheet, declarer: int, rules: BalkanRules) -> list[Entry]:
    """BAL-SCORE-11/12: a deal whose declarer wins and which would take the sum of the bule below zero is cut:
    the declarer writes off only what brings the sum to exactly 0, and the supe shrink in the same proportion.
    The penalties of the deal stay whole (BAL-SCORE-13, GAP-BAL-16)."""
    total = sum(sheet.bula)
    delta = sum(e.amount for e in entries if e.account == "bula")
    if total + delta >= 0:
        return entries
    full = -sum(e.amount for e in entries if e.account == "bula" and e.seat == declarer)
    cut = full + (total + delta)  # what the declarer may still write off
    factor = Fraction(cut, full)
    out = []
    for e in entries:
        if e.account == "bula" and e.seat == declarer:
            out.append(bula(declarer, -cut, e.note + ", cut to end the game"))
        elif e.account == "juha":
            out.append(juha(e.seat, e.other if e.other is not None else declarer, _scaled(e.amount, factor),
                            e.note + " (cut)"))
        else:
            out.append(e)
    return out


def _scaled(amount: Amount, factor: Fraction) -> Amount:
    """A supe entry times ``factor``, exact. It is always whole: a cut deal has no penalty, hence no kontra,
    so every writer's multiplier is the declarer's and tricks x U x R / U = tricks x R (GAP-BAL-16's rounding
    is never needed)."""
    return int_if_whole(Fraction(amount) * factor)


# ---------------------------------------------------------------- settlement


def write_off(bule: Sequence[Amount], rules: BalkanRules) -> list[Fraction]:
    """BAL-SCORE-15: the bule of an unfinished game brought to a sum of zero, in equal parts (exactly, seed),
    or in integers with the remainder written off the highest bule first (pk 13, examples 14-16)."""
    n = len(bule)
    total = Fraction(sum(bule))
    if rules.settlement.write_off == "exact" or total.denominator != 1:
        return [Fraction(b) - total / n for b in bule]
    base, rest = divmod(int(total), n)
    order = sorted(range(n), key=lambda s: (-bule[s], s))  # the highest bula first, the earlier seat on a tie
    extra = set(order[:rest])
    return [Fraction(bule[s]) - base - (1 if s in extra else 0) for s in range(n)]


def settle(match: MatchView, rules: BalkanRules) -> Settlement:
    """BAL-SCORE-14, seed sign (positive wins): R_i = bula_point (-B'_i) + sum_j (W_ij - W_ji), with B' the
    bule after the write-off; exact, then rounded by largest remainder so the integers still sum to 0."""
    n = match.n_players
    led = match.ledger
    written_off = write_off([led.get("bula", s) for s in range(n)], rules)
    exact = []
    for i in range(n):
        w = sum((Fraction(led.get("juha", i, j)) - Fraction(led.get("juha", j, i)) for j in range(n) if j != i),
                Fraction(0))
        exact.append(-rules.settlement.bula_point * written_off[i] + w)
    return Settlement(tuple(exact), round_zero_sum(exact), unit="juha",
                      details={"bula_written_off": tuple(written_off)})


def round_zero_sum(values: Sequence[Fraction]) -> tuple[int, ...]:
    """Largest-remainder rounding: floor everything, then give the missing units to the largest fractional
    parts (ties: lower seat first), so the integers sum to the exact (integral) total."""
    floors = [v.numerator // v.denominator for v in values]
    missing = int(sum(values, Fraction(0))) - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), i))
    for i in order[:missing]:
        floors[i] += 1
    return tuple(floors)
