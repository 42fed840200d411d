"""The overflow of a closed pool (russian#overflow, russian#dispute-8, docs/variants/sochi.md "Pool, overflow
and the end of the match", gusarik#the-convention)."""

from __future__ import annotations

from fractions import Fraction

from preferans.core.plugin import Entry, MatchView
from preferans.variants.russian.rules import RussianRules

from .tables import gora, pool, whists


def overflow(before: MatchView, entries: list[Entry], rules: RussianRules) -> list[Entry]:
    """Points past the pool target (russian#overflow, russian#dispute-8): ``none``, the pool keeps them;
    ``write_off``, off one's own mountain; ``aid``, to the largest unclosed pool (ties: the nearest seat on
    the helper's left), ``whists_per_point`` whists a point on its owner (``aid_to = "each_unclosed"``: on
    to the next largest), the rest off one's own mountain. Two players write off only half (неделимая
    гора, gusarik#the-convention)."""
    mode = rules.overflow.mode
    if mode == "none":
        return []
    n, target = before.n_players, int(rules.pool)
    pools = [Fraction(before.ledger.get("pool", s)) for s in range(n)]
    for e in entries:
        if e.account == "pool":
            pools[e.seat] += e.amount
    out: list[Entry] = []
    for s in range(n):
        excess = pools[s] - target
        if excess <= 0:
            continue
        out.append(pool(s, -excess, "russian#overflow"))
        pools[s] = Fraction(target)
        if mode == "aid":
            excess = _aid(s, excess, pools, target, out, rules)
        if excess > 0:
            off = excess / 2 if n == 2 and rules.gusarik.indivisible_mountain else excess
            out.append(gora(s, -off, "russian#dispute-8"))
    return out


def _aid(s: int, excess: Fraction, pools: list[Fraction], target: int, out: list[Entry],
         rules: RussianRules) -> Fraction:
    n = len(pools)
    open_pools = sorted((o for o in range(n) if o != s and pools[o] < target),
                        key=lambda o: (-pools[o], (o - s) % n))
    if rules.overflow.aid_to == "largest":
        open_pools = open_pools[:1]
    for o in open_pools:
        if excess <= 0:
            break
        give = min(excess, target - pools[o])
        pools[o] += give
        excess -= give
        out += [pool(o, give, "russian#overflow"),
                whists(s, o, give * rules.overflow.whists_per_point, "russian#overflow")]
    return excess
