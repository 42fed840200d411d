"""Russian score sheet: pool (пуля), mountain (гора) and whists (висты), and the final settlement.

Pure functions of a :class:`DealResult`, the match so far and the rules; the plugin module wires them to
hooks. Accounts: ``pool`` and ``gora`` per seat, ``whists`` written by ``seat`` on ``other``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from preferans.core.model import Amount, DealResult, Entry, MatchView, Settlement

from .rules import RESPONSIBILITY_RATE


def _int(x: Amount) -> Amount:
    """Keep integers as ``int`` so the sheet stays readable; true fractions stay Fractions."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


def pool(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("pool", seat, _int(amount), note=note)


def gora(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("gora", seat, _int(amount), note=note)


def whists(writer: int, on: int, amount: Amount, note: str) -> Entry:
    return Entry("whists", writer, _int(amount), other=on, note=note)


def price_of(level: int, rules: Any) -> int:
    return int(rules.game_price[level])


def consolation_writers(r: DealResult, rules: Any) -> list[int]:
    """Who writes consolation (консоляция) on a set declarer: every other player, a sitting-out dealer
    included (Кодекс 3.8.1.2), or only the defenders (``declarer.consolation_by``)."""
    if rules.declarer.consolation_by == "defenders":
        return [s for s in r.active if s != r.declarer]
    return [s for s in range(len(r.tricks)) if s != r.declarer]


def score_game(r: DealResult, rules: Any) -> list[Entry]:
    """A trick game 6..10 (russian.md 2.0, 2.1)."""
    assert r.declarer is not None and r.contract is not None
    d, level = r.declarer, r.contract.level
    price = price_of(level, rules)
    out: list[Entry] = []
    defenders = [s for s in r.active if s != d]

    if not r.played:
        # both passed, or half-whist: the game is written as made, no play (russian.md 2.0)
        out.append(pool(d, price, "game, not played"))
        for seat, call in r.defence:
            if call == "half":
                half = rules.whist.obligation[level] // 2
                out.append(whists(seat, d, half * price * rules.whist.rate, "half-whist"))
        return out

    taken = r.tricks[d]
    defence = sum(r.tricks[s] for s in defenders)
    made = taken >= level
    if made:
        out.append(pool(d, price, "game made"))
    else:
        under = level - taken
        out.append(gora(d, under * price * rules.declarer.undertrick_rate, f"set by {under}"))
        for s in consolation_writers(r, rules):
            out.append(whists(s, d, under * price * rules.declarer.consolation_rate, "consolation"))

    ws = list(r.whisters)
    rate = rules.whist.rate
    if len(ws) == 2:
        for w in ws:
            out.append(whists(w, d, r.tricks[w] * price * rate, "whists"))
    elif len(ws) == 1:
        w = ws[0]
        passer = next(s for s in defenders if s != w)
        total = defence * price * rate
        if rules.whist.style == "gentleman" and not made:
            # джентльменский вист: the whister and the passer share the defence whists
            out.append(whists(w, d, Fraction(total, 2), "whists (shared)"))
            out.append(whists(passer, d, Fraction(total, 2), "whists (shared)"))
        else:
            out.append(whists(w, d, total, "whists"))
    out.extend(_whister_penalties(r, level, price, ws, defence, rules))
    return out


def _whister_penalties(r: DealResult, level: int, price: int, ws: list[int], defence: int,
                       rules: Any) -> list[Entry]:
    """Ремиз вистующего: a whister who fails the obligation pays per missing trick into the mountain."""
    rate = RESPONSIBILITY_RATE[rules.whist.responsibility] * price
    obligation = rules.whist.obligation.get(level, 0)
    deficit = max(0, obligation - defence)
    if not ws or rate == 0 or deficit == 0:
        return []
    if len(ws) == 1:
        return [gora(ws[0], deficit * rate, f"whister short by {deficit}")]
    if obligation >= 2:
        # two whisters on 6/7: personal quota half the pair's obligation
        quota = obligation // 2
        short = {w: max(0, quota - r.tricks[w]) for w in ws}
        shorts = [w for w in ws if short[w]]
        if rules.whist.two_whisters_cap and len(shorts) == 1:
            short[shorts[0]] = min(short[shorts[0]], deficit)
        return [gora(w, short[w] * rate, f"whister short by {short[w]}") for w in ws if short[w]]
    # 8/9 (obligation 1): the pair took nothing
    liable = ws if rules.whist.high_liability == "both" else [ws[-1]]
    return [gora(w, deficit * rate, f"whister short by {deficit}") for w in liable]


def score_misere(r: DealResult, rules: Any) -> list[Entry]:
    assert r.declarer is not None
    d = r.declarer
    taken = r.tricks[d]
    if taken == 0:
        return [pool(d, rules.misere.price, "misère made")]
    out = [gora(d, taken * rules.misere.penalty_per_trick, f"misère, {taken} trick(s)")]
    if rules.misere.consolation:
        # russian.md 2.6 #7 (poolya): the misère price (10) per trick taken, by the same writers as a game's
        for s in consolation_writers(r, rules):
            out.append(whists(s, d, taken * rules.misere.price, "consolation"))
    return out


def raspasovka_price(streak: int, rules: Any) -> int:
    """Price per trick at the ``streak``-th raspasovka in a row (1-based), RUS-RASP-10..13."""
    rr = rules.raspasovka
    steps = streak - 1
    if rr.progression_cap:
        steps = min(steps, rr.progression_cap - 1)
    if rr.progression == "arithmetic":
        return int(rr.trick_price + rr.progression_step * steps)
    if rr.progression == "geometric":
        return int(rr.trick_price * rr.progression_factor**steps)
    return int(rr.trick_price)


def score_raspasovka(r: DealResult, match: MatchView, rules: Any) -> list[Entry]:
    """RUS-RASP-03/04/08/09: mountain per trick after the amnesty; a player with no trick writes the price
    in his pool. A sitting-out dealer's talon tricks count for the amnesty and his mountain (GAP-RUS-05)."""
    price = raspasovka_price(match.trailing_all_passes() + 1, rules)
    counted = list(r.active)
    if len(r.tricks) == 4:
        counted.append(r.dealer)
    amnesty = min(r.tricks[s] for s in counted) if rules.raspasovka.amnesty else 0
    out: list[Entry] = []
    for s in counted:
        left = r.tricks[s] - amnesty
        if left:
            out.append(gora(s, left * price, f"raspasovka {r.tricks[s]} trick(s), amnesty {amnesty}"))
    if rules.raspasovka.zero_tricks_to_pool:
        for s in r.active:
            if r.tricks[s] == 0:
                out.append(pool(s, price, "raspasovka, no trick"))
    return out


def overflow(match: MatchView, rules: Any) -> list[Entry]:
    """Closed-pool overflow (russian.md 2.0): aid to the largest unclosed pool, then one's own mountain."""
    mode = rules.overflow.mode
    if mode == "none":
        return []
    target = rules.pool
    n = match.n_players
    pools = [match.ledger.get("pool", s) for s in range(n)]
    out: list[Entry] = []
    for s in range(n):
        excess = pools[s] - target
        if excess <= 0:
            continue
        out.append(pool(s, -excess, "overflow"))
        pools[s] = target
        if mode == "aid":
            # the largest unclosed pool first; ties go to the nearest seat on the helper's left
            order = sorted((o for o in range(n) if o != s and pools[o] < target),
                           key=lambda o: (-pools[o], (o - s) % n))
            if rules.overflow.aid_to == "largest":
                order = order[:1]
            for o in order:
                if excess <= 0:
                    break
                give = min(excess, target - pools[o])
                pools[o] += give
                excess -= give
                out.append(pool(o, give, f"aid from seat {s}"))
                out.append(whists(s, o, give * rules.overflow.whists_per_point, "aid"))
        if excess > 0:
            out.append(gora(s, -excess, "overflow written off the mountain"))
    return out


def settle(match: MatchView, rules: Any) -> Settlement:
    """R_i = sum_j (W_ij - W_ji) + Kp (P_i - mean P) - Kg (G_i - mean G), exact; rounded by largest
    remainder so the integers still sum to 0."""
    n = match.n_players
    led = match.ledger
    p = [Fraction(led.get("pool", s)) for s in range(n)]
    g = [Fraction(led.get("gora", s)) for s in range(n)]
    mean_p, mean_g = sum(p) / n, sum(g) / n
    kp, kg = rules.settlement.pool_point, rules.settlement.gora_point
    exact = []
    for i in range(n):
        w = sum(Fraction(led.get("whists", i, j) - led.get("whists", j, i)) for j in range(n) if j != i)
        exact.append(w + kp * (p[i] - mean_p) - kg * (g[i] - mean_g))
    return Settlement(tuple(exact), round_zero_sum(exact), unit="whists")


def round_zero_sum(values: list[Fraction]) -> tuple[int, ...]:
    """Largest-remainder rounding: floor everything, then give the missing units to the largest
    fractional parts (ties: lower seat first). Keeps the sum of integers equal to the exact sum."""
    floors = [v.numerator // v.denominator for v in values]
    missing = int(sum(values)) - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), i))
    for i in order[:missing]:
        floors[i] += 1
    return tuple(floors)
