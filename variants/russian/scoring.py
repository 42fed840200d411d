"""Russian score sheet: pool (пуля), mountain (гора) and whists (висты), and the final settlement.

Pure functions of a :class:`DealResult`, the match so far and the rules; the plugin module wires them to
hooks. Accounts: ``pool`` and ``gora`` per seat, ``whists`` written by ``seat`` on ``other``.
"""

from __future__ import annotations

from fractions import Fraction

from preferans.core.plugin import Amount, DealResult, Entry, MatchView, Settlement, int_if_whole
from preferans.variants.russian.rules import RussianRules

from .gusarik import dummy_seat
from .rules import RESPONSIBILITY_RATE
from .series import raspasovka_streak
from .talon import paid_talon

# The three builders below make most of the entries of every deal: Entry's fields are passed by position
# (account, seat, amount, other, note), cheaper than by keyword, and only a Fraction goes through int_if_whole.


def pool(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("pool", seat, amount if type(amount) is int else int_if_whole(amount), None, note)


def gora(seat: int, amount: Amount, note: str) -> Entry:
    return Entry("gora", seat, amount if type(amount) is int else int_if_whole(amount), None, note)


def whists(writer: int, on: int, amount: Amount, note: str) -> Entry:
    return Entry("whists", writer, amount if type(amount) is int else int_if_whole(amount), on, note)


def price_of(level: int, rules: RussianRules) -> int:
    return int(rules.game_price[level])


def players(r: DealResult, rules: RussianRules) -> list[int]:
    """The seats that got cards and write on the sheet: the active seats without the dummy (two players,
    гусарик: the dummy's tricks count for nobody)."""
    dummy = dummy_seat(rules.players)
    return [s for s in r.active if s != dummy]


def consolation_writers(r: DealResult, rules: RussianRules) -> tuple[int, ...]:
    """Who writes consolation (консоляция) on a set declarer: every other player, a sitting-out dealer
    included (Кодекс 3.8.1.2), or only the defenders (``declarer.consolation_by``); never the dummy."""
    if rules.declarer.consolation_by == "defenders":
        return tuple(s for s in players(r, rules) if s != r.declarer)
    dummy = dummy_seat(rules.players)
    return tuple(s for s in range(len(r.tricks)) if s != r.declarer and s != dummy)


def consolation_per_undertrick(price: int, rules: RussianRules) -> Amount:
    """Whists each writer puts on a set declarer per undertrick: the price times ``consolation_rate``, or a
    flat ``consolation_flat`` whatever the contract (Rostov's "консоляция 10", docs/rules/russian.md#dispute-6)."""
    flat = rules.declarer.consolation_flat
    return int(flat) if flat else price * rules.declarer.consolation_rate


def score_deal(r: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    """The entries of any Russian deal: raspasovka, misère or a trick game. A deal thrown in (all passed
    and nothing played: a house rule's ``Redeal``; no Russian convention redeals) writes nothing."""
    if r.kind == "all_pass":
        return [] if r.outcome == "thrown_in" else score_raspasovka(r, match, rules)
    assert r.contract is not None
    if r.contract.kind == "misere":
        return half_and_half(r, score_misere(r, rules))
    out = score_concession(r, rules) if conceded(r) else score_game(r, rules)
    if rules.talon.paid:  # four players, talon.paid (a table option: asked first, no call without it)
        out.extend(paid_talon(r, price_of(r.contract.level, rules), rules))
    return out


def score_game(r: DealResult, rules: RussianRules) -> list[Entry]:
    """A trick game 6..10 (docs/rules/russian.md#prices-common, #prices-sochi)."""
    assert r.declarer is not None and r.contract is not None
    d, level = r.declarer, r.contract.level
    price = price_of(level, rules)

    if not r.played:
        # both passed, or half-whist: the game is written as made, no play (docs/rules/russian.md#prices-common)
        out = [pool(d, price, "game, not played")]
        for seat, call in r.defence:
            if call == "half":
                # half the obligation, half a trick where it is odd (an 8 when half_whist_levels reach it)
                half = Fraction(rules.whist.obligation[level], 2)
                out.append(whists(seat, d, int_if_whole(half * price * rules.whist.rate), "half-whist"))
        return out

    tricks = r.tricks
    taken, defence = tricks[d], 0
    for s in r.active:  # every active hand but the declarer's, the dummy's too (a loop: cheaper than sum([...]))
        if s != d:
            defence += tricks[s]
    made = taken >= level
    if made:
        out = [pool(d, price, "game made")]
    else:
        under = level - taken
        out = [gora(d, under * price * rules.declarer.undertrick_rate, f"set by {under}")]
        consolation = under * consolation_per_undertrick(price, rules)  # the same from every writer
        for s in consolation_writers(r, rules):
            out.append(whists(s, d, consolation, "consolation"))

    ws = r.defending
    rate = rules.whist.rate
    if len(ws) == 2:
        for w in ws:
            out.append(whists(w, d, tricks[w] * price * rate, "whists"))
    elif len(ws) == 1:
        w = ws[0]
        total = defence * price * rate
        # the passer is looked for only where he may share the whists: gentleman's whist on a set declarer
        shared = rules.whist.style == "gentleman" and not made
        passer = next(s for s in r.active if s not in (d, w)) if shared else None
        if passer is not None and passer != dummy_seat(rules.players):
            # джентльменский вист: the whister and the passer share the defence whists
            out.append(whists(w, d, Fraction(total, 2), "whists (shared)"))
            out.append(whists(passer, d, Fraction(total, 2), "whists (shared)"))
        else:
            out.append(whists(w, d, total, "whists"))
    if ws and defence < rules.whist.obligation.get(level, 0):
        # a whister short of the obligation: seldom, so the penalties are worked out only then
        out.extend(_whister_penalties(r, level, price, ws, defence, rules))
    return out


def _whister_penalties(r: DealResult, level: int, price: int, ws: tuple[int, ...], defence: int,
                       rules: RussianRules) -> list[Entry]:
    """Ремиз вистующего: a whister who fails the obligation pays per missing trick into the mountain."""
    obligation = rules.whist.obligation.get(level, 0)
    deficit = max(0, obligation - defence)
    if not ws or deficit == 0:
        return []  # the usual case, before any arithmetic with Fractions
    rate = RESPONSIBILITY_RATE[rules.whist.responsibility] * price
    if rules.whist.responsibility_base == "whist":
        # Leningrad: half of a doubled whist is the price (docs/rules/russian.md#prices-leningrad)
        rate *= rules.whist.rate
    if rate == 0:
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
    liable = ws if rules.whist.high_liability == "both" else (ws[-1],)
    return [gora(w, deficit * rate, f"whister short by {deficit}") for w in liable]


def score_misere(r: DealResult, rules: RussianRules) -> list[Entry]:
    assert r.declarer is not None
    d = r.declarer
    taken = r.tricks[d]
    if taken == 0:
        return [pool(d, rules.misere.price, "misère made")]
    out = [gora(d, taken * rules.misere.penalty_per_trick, f"misère, {taken} trick(s)")]
    if rules.misere.consolation:
        # docs/rules/russian.md#dispute-7 (poolya): the misère price (10) per trick taken, by the same writers as a
        # game's
        for s in consolation_writers(r, rules):
            out.append(whists(s, d, taken * rules.misere.price, "consolation"))
    return out


def raspasovka_price(streak: int, rules: RussianRules) -> int:
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


def _zero_tricks(seat: int, price: int, rules: RussianRules, note: str) -> list[Entry]:
    """RUS-RASP-04/06: a player with no trick writes the price into his pool, or (Jura) off his mountain."""
    if not rules.raspasovka.zero_tricks_to_pool:
        return []
    if rules.raspasovka.zero_tricks_write_off:
        return [gora(seat, -price, note)]
    return [pool(seat, price, note)]


def score_raspasovka(r: DealResult, match: MatchView, rules: RussianRules) -> list[Entry]:
    """RUS-RASP-03/04/08/09: mountain per trick after the amnesty; a player with no trick writes the price
    in his pool. A sitting-out dealer's talon tricks count for the amnesty and his mountain (GAP-RUS-05).
    With ``record = "whists"`` the Rostov raspasovka instead (:func:`score_raspasovka_whists`)."""
    price = raspasovka_price(raspasovka_streak(match, rules) + 1, rules)
    if rules.raspasovka.record == "whists":
        return score_raspasovka_whists(r, price, rules)
    counted = players(r, rules)
    if len(r.tricks) == 4:
        counted.append(r.dealer)
    amnesty = min(r.tricks[s] for s in counted) if rules.raspasovka.amnesty else 0
    out: list[Entry] = []
    for s in counted:
        left = r.tricks[s] - amnesty
        if left:
            out.append(gora(s, left * price, f"raspasovka {r.tricks[s]} trick(s), amnesty {amnesty}"))
    for s in players(r, rules):
        if r.tricks[s] == 0:
            out.extend(_zero_tricks(s, price, rules, "raspasovka, no trick"))
    return out


def score_raspasovka_whists(r: DealResult, price: int, rules: RussianRules) -> list[Entry]:
    """Rostov (распасовка на висты, RUS-RASP-05/06/07/16): the player with the fewest tricks writes
    ``whists_per_trick`` x price whists on each other player for every trick that player took; two players
    tied for the fewest share it half and half (EX-06: 6/2/2 -> 15 each on the first) and write nothing on
    each other. A player with no trick writes the price (1) into his pool, and so does a sitting-out dealer,
    who takes no trick because the talon takes no part."""
    per_trick = rules.raspasovka.whists_per_trick * price
    low = min(r.tricks[s] for s in players(r, rules))
    writers = [s for s in players(r, rules) if r.tricks[s] == low]
    out: list[Entry] = []
    for o in players(r, rules):
        if r.tricks[o] > low:
            share = Fraction(r.tricks[o] * per_trick, len(writers))
            for w in writers:
                out.append(whists(w, o, share, f"raspasovka, {r.tricks[o]} trick(s) of the other"))
    for s in players(r, rules):
        if r.tricks[s] == 0:
            out.extend(_zero_tricks(s, price, rules, "raspasovka, no trick"))
    if len(r.tricks) > len(r.active) and r.dealer not in r.active:
        out.extend(_zero_tricks(r.dealer, price, rules, "raspasovka, the dealer sat out"))
    return out


def overflow(match: MatchView, rules: RussianRules) -> list[Entry]:
    """Closed-pool overflow (docs/rules/russian.md#overflow): aid to the largest unclosed pool, then one's own
    mountain."""
    mode = rules.overflow.mode
    if mode == "none":
        return []
    target = rules.pool
    n = match.n_players
    led = match.ledger
    for s in range(n):  # asked after every deal: seat by seat, with no tuple or generator for the usual case
        if led.get("pool", s) > target:
            break
    else:
        return []  # no pool past the target: the usual case
    pools = [led.get("pool", s) for s in range(n)]
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
        if excess > 0 and n == 2 and rules.gusarik.indivisible_mountain:
            # гусарик, неделимая гора (Кодекс 4.1.1 note): only half the excess comes off the mountain
            out.append(gora(s, -Fraction(excess, 2), "overflow, half written off the mountain"))
        elif excess > 0:
            out.append(gora(s, -excess, "overflow written off the mountain"))
    return out


def settle(match: MatchView, rules: RussianRules) -> Settlement:
    """R_i = sum_j (W_ij - W_ji) + Kp (P_i - mean P) - Kg (G_i - mean G), exact; rounded by largest
    remainder so the integers still sum to 0."""
    n = match.n_players
    led = match.ledger
    p = [Fraction(led.get("pool", s)) for s in range(n)]
    g = [Fraction(led.get("gora", s)) for s in range(n)]
    mean_p, mean_g = sum(p, Fraction(0)) / n, sum(g, Fraction(0)) / n
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


# ---------------------------------------------------------------- table options (issue 6)


def half_and_half_partner(r: DealResult) -> int | None:
    """The sitting-out dealer who agreed to share the misère (мизер пополам, RUS-MIS-09), or ``None``."""
    if any(seat == r.dealer and call == "agree" for seat, call in r.declaration) and r.dealer != r.declarer:
        return r.dealer
    return None


def half_and_half(r: DealResult, entries: list[Entry]) -> list[Entry]:
    """RUS-MIS-09: a shared misère is written half by the declarer (formally the declarer: the player who
    was dealt the cards) and half by the dealer, win or loss; consolation written on him is halved the same
    way, and the partner writes none. Odd amounts stay exact Fractions (GAP-RUS-10)."""
    partner = half_and_half_partner(r)
    if partner is None or r.declarer is None:
        return entries
    d = r.declarer
    out: list[Entry] = []
    for e in entries:
        if e.seat == partner and e.other == d:
            continue  # the partner does not console himself
        if e.seat == d and e.other is None:
            half = Fraction(e.amount) / 2
            out.append(Entry(e.account, d, int_if_whole(half), note=f"{e.note} (half)"))
            out.append(Entry(e.account, partner, int_if_whole(half), note=f"{e.note} (half, partner)"))
        elif e.other == d:
            half = Fraction(e.amount) / 2
            out.append(whists(e.seat, d, half, f"{e.note} (half)"))
            out.append(whists(e.seat, partner, half, f"{e.note} (half, partner)"))
        else:
            out.append(e)
    return out


def conceded(r: DealResult) -> bool:
    """The declarer conceded three undertricks before play ("без трёх", the defence call ``concede``)."""
    return r.declarer is not None and (r.declarer, "concede") in r.defence


def score_concession(r: DealResult, rules: RussianRules) -> list[Entry]:
    """"Без трёх" (docs/rules/russian.md#conventions): the declarer is set by three without play: 3 x P x
    undertrick_rate into his mountain and the consolation for 3 undertricks from every writer. The whisters
    write nothing (``concede_three_whists = "none"``: kozlov, Jura's "без трёх, без вистов"), or with
    ``"as_played"`` the whists of the 13 - level tricks the defence gets when the declarer is three short: a
    lone whister all of them (shared with the passer in gentleman's whist), two whisters half each."""
    assert r.declarer is not None and r.contract is not None
    d, level = r.declarer, r.contract.level
    price = price_of(level, rules)
    under = 3
    out = [gora(d, under * price * rules.declarer.undertrick_rate, "без трёх: set by 3 without play")]
    for s in consolation_writers(r, rules):
        out.append(whists(s, d, under * consolation_per_undertrick(price, rules), "consolation (без трёх)"))
    if rules.declarer.concede_three_whists == "as_played" and r.defending:
        total = (10 - (level - under)) * price * rules.whist.rate
        ws = list(r.defending)
        if len(ws) == 2:
            out.extend(whists(w, d, Fraction(total, 2), "whists (без трёх)") for w in ws)
        else:
            w = ws[0]
            passer = next(s for s in r.active if s not in (d, w))
            if rules.whist.style == "gentleman" and passer != dummy_seat(rules.players):
                out.append(whists(w, d, Fraction(total, 2), "whists (без трёх, shared)"))
                out.append(whists(passer, d, Fraction(total, 2), "whists (без трёх, shared)"))
            else:
                out.append(whists(w, d, total, "whists (без трёх)"))
    return out
