"""The sheet entries of a Russian deal, from the calls, the cards and the deals before it.

Accounts (the engine's names): ``pool`` and ``gora`` per seat, ``whists`` written by ``seat`` on ``other``.
The prices are docs/rules/russian.md#prices-common and the convention tables (#prices-sochi,
#prices-leningrad, #prices-rostov), the options docs/variants/sochi.md "Scoring a game", "Raspasovka",
"Pool, overflow and the end of the match" and "Four players", docs/variants/rostov.md, classic.md,
four-players.md and gusarik.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from preferans.core.plugin import DealResult, Entry, MatchView
from preferans.core.plugin.cards import cards_of, rank_of, suit_of
from preferans.variants.russian.rules import RussianRules

from .defence import Outcome, settle
from .history import bombs_in_hand, winning_call
from .overflow import overflow
from .raspasovka import raspasovka_entries
from .tables import (
    MISERE,
    classic,
    defenders,
    dummy,
    exact,
    gora,
    is_dark,
    level_of,
    plain,
    players,
    pool,
    price,
    whists,
)

if TYPE_CHECKING:  # Classic's keys, for the type checker only: the reference reads them by name
    from preferans.variants.classic.rules import ClassicRules

GAME = "sochi#scoring-a-game"
COMMON = "russian#prices-common"


# ---------------------------------------------------------------- the deal


def deal_entries(r: DealResult, before: MatchView, rules: RussianRules) -> list[Entry] | None:
    """Every entry of deal ``r``: its score, times Classic's bombs, and the overflow that follows."""
    n = before.n_players
    if r.kind == "all_pass":
        if not r.played:
            return []  # thrown in: no Russian convention redeals, and nothing is written (gusarik#the-convention)
        entries = raspasovka_entries(r, before, rules)
    else:
        found = contract_entries(r, n, rules)
        if found is None:
            return None
        entries = found
    if classic(rules):
        entries = _times_bombs(r, before, entries, rules)
    return entries + overflow(before, entries, rules)


def contract_entries(r: DealResult, n: int, rules: RussianRules) -> list[Entry] | None:
    if r.contract is None or r.declarer is None:
        return None
    name = r.contract.name
    if plain(name) == MISERE:
        return misere_entries(r, n, rules)
    outcome = settle(name, r.declarer, defenders(r.declarer, r.dealer, n), r.defence, n, rules)
    if not isinstance(outcome, Outcome):
        return None  # the defence did not finish: not a deal the rules know
    level = level_of(name)
    p = price(level, rules)
    if outcome.conceded:
        out = concession(r, n, level, p, outcome, rules)
    elif not outcome.played:
        out = not_played(r, level, p, outcome, rules)
    else:
        found = played_game(r, n, level, p, outcome, rules)
        if found is None:
            return None
        out = found
    return out + paid_talon(r, n, p, rules)


def consolation_writers(r: DealResult, n: int, rules: RussianRules) -> list[int]:
    """Who writes consolation on a set declarer: every other player, a sitting-out dealer too
    (``declarer.consolation_by = "all"``, Кодекс 3.8.1.2), or the defenders only (``"defenders"``);
    never the dummy (gusarik#the-convention)."""
    assert r.declarer is not None
    if rules.declarer.consolation_by == "defenders":
        return [s for s in defenders(r.declarer, r.dealer, n) if s != dummy(n)]
    return [s for s in players(n) if s != r.declarer]


def consolation(p: int, rules: RussianRules) -> int:
    """Consolation per undertrick: the price x ``consolation_rate``, or a flat ``consolation_flat``
    (russian#dispute-6)."""
    flat = int(rules.declarer.consolation_flat)
    return flat if flat else p * int(rules.declarer.consolation_rate)


def _set(r: DealResult, n: int, under: int, p: int, rules: RussianRules, why: str) -> list[Entry]:
    """A declarer set by ``under``: undertricks x price x ``undertrick_rate`` into his mountain, and the
    consolation from each writer (russian#prices-common)."""
    assert r.declarer is not None
    d = r.declarer
    out = [gora(d, under * p * rules.declarer.undertrick_rate, why)]
    why_c = "russian#dispute-6" if rules.declarer.consolation_flat else COMMON
    out += [whists(s, d, under * consolation(p, rules), why_c) for s in consolation_writers(r, n, rules)]
    return out


def not_played(r: DealResult, level: int, p: int, outcome: Outcome, rules: RussianRules) -> list[Entry]:
    """Both defenders passed, or a half-whist stands: the game is written as made; the half-whister writes
    the whists of half the obligation (russian#prices-common, sochi#whist-defence)."""
    assert r.declarer is not None
    out = [pool(r.declarer, p, COMMON)]
    if outcome.half is not None:
        half = Fraction(rules.whist.obligation[level], 2)
        out.append(whists(outcome.half, r.declarer, half * p * rules.whist.rate, "sochi#whist-defence"))
    return out


def played_game(r: DealResult, n: int, level: int, p: int, outcome: Outcome, rules: RussianRules) -> list[Entry] | None:
    """A trick game played: made, P into the pool; set, the mountain and the consolation; the whists of
    the defence's tricks and the whisters' responsibility (sochi#scoring-a-game)."""
    assert r.declarer is not None
    d = r.declarer
    defs = defenders(d, r.dealer, n)
    taken = r.tricks[d]
    defence = sum(r.tricks[s] for s in defs)
    made = taken >= level
    out = [pool(d, p, GAME)] if made else _set(r, n, level - taken, p, rules, GAME)
    rate = p * rules.whist.rate
    ws = outcome.defending
    if len(ws) == 2:
        out += [whists(w, d, r.tricks[w] * rate, GAME) for w in ws]  # each his own tricks
    elif len(ws) == 1:
        w = ws[0]
        passer = next(s for s in defs if s != w)
        total = defence * rate
        if rules.whist.style == "gentleman" and not made and passer != dummy(n):
            # джентльменский: whister and passer share when the declarer is set (russian#dispute-3)
            out += [whists(w, d, Fraction(total, 2), "russian#dispute-3"),
                    whists(passer, d, Fraction(total, 2), "russian#dispute-3")]
        else:
            out.append(whists(w, d, total, GAME))  # greedy, or a game made: the whister writes all
    owed = responsibility(r, level, p, ws, defence, rules)
    return None if owed is None else out + owed


def responsibility(r: DealResult, level: int, p: int, ws: tuple[int, ...], defence: int,
                   rules: RussianRules) -> list[Entry] | None:
    """A whister short of the obligation writes, per missing trick, the price (``full``), half of it
    (``half``) or nothing, of the price or of a whist (``responsibility_base``). A lone whister answers for
    the pair; two on an obligation of 2 or more each for half of it, capped by the pair's deficit when only
    one is short (russian#dispute-1), and only when the pair is short; two on an obligation of 1 who take
    nothing: the second to whist, or both (russian#dispute-2)."""
    share = {"full": Fraction(1), "half": Fraction(1, 2), "none": Fraction(0)}[rules.whist.responsibility]
    base = p if rules.whist.responsibility_base == "price" else p * rules.whist.rate
    per = share * base
    obligation = int(rules.whist.obligation.get(level, 0))
    deficit = max(0, obligation - defence)
    if not ws or not per or not deficit:
        return []
    if len(ws) == 1:
        return [gora(ws[0], deficit * per, GAME)]
    if obligation == 1:
        liable = ws if rules.whist.high_liability == "both" else ws[-1:]
        return [gora(w, deficit * per, "russian#dispute-2") for w in liable]
    if obligation % 2:
        return None  # an odd obligation split between two whisters: no rule says how
    quota = obligation // 2
    short = {w: max(0, quota - r.tricks[w]) for w in ws}
    shorts = [w for w in ws if short[w]]
    if rules.whist.two_whisters_cap and len(shorts) == 1:
        short[shorts[0]] = min(short[shorts[0]], deficit)
    return [gora(w, short[w] * per, "russian#dispute-1") for w in ws if short[w]]


def concession(r: DealResult, n: int, level: int, p: int, outcome: Outcome, rules: RussianRules) -> list[Entry]:
    """Без трёх: the declarer set by three without play; the whisters write nothing, or (``as_played``)
    the whists of the 13 - level tricks the defence gets, two whisters half each, a gentleman's lone
    whister sharing with the passer (russian#conventions, sochi#whist-defence)."""
    assert r.declarer is not None
    d = r.declarer
    out = _set(r, n, 3, p, rules, "russian#conventions")
    if rules.declarer.concede_three_whists != "as_played" or not outcome.defending:
        return out
    total = (13 - level) * p * rules.whist.rate
    ws = outcome.defending
    if len(ws) == 2:
        return out + [whists(w, d, Fraction(total, 2), "russian#conventions") for w in ws]
    w = ws[0]
    passer = next(s for s in defenders(d, r.dealer, n) if s != w)
    if rules.whist.style == "gentleman" and passer != dummy(n):
        return out + [whists(s, d, Fraction(total, 2), "russian#dispute-3") for s in (w, passer)]
    return out + [whists(w, d, total, "russian#conventions")]


ACE, KING, QUEEN = 7, 6, 5


def talon_units(talon: int, rules: RussianRules) -> int:
    """What the talon is worth (gchet's units): two aces, an ace with the king of its suit, another ace,
    a marriage (king and queen of one suit), else nothing (russian#player-counts)."""
    cards = list(cards_of(talon))
    ranks = [rank_of(c) for c in cards]
    suited = len({suit_of(c) for c in cards}) == 1
    t = rules.talon
    if ranks.count(ACE) == 2:
        return int(t.two_aces)
    if ACE in ranks and KING in ranks and suited:
        return int(t.ace_king)
    if ACE in ranks:
        return int(t.ace)
    if sorted(ranks) == [QUEEN, KING] and suited:
        return int(t.marriage)
    return 0


def paid_talon(r: DealResult, n: int, p: int, rules: RussianRules) -> list[Entry]:
    """Платный прикуп (``talon.paid``, four players): the dealer who sat out writes units x the whist of one
    trick on the declarer of a trick game, played, passed out or conceded (sochi#four-players)."""
    if not rules.talon.paid or n != 4 or not r.talon or r.declarer is None:
        return []
    units = talon_units(r.talon, rules)
    if not units:
        return []
    return [whists(r.dealer, r.declarer, units * p * rules.whist.rate, "russian#player-counts")]


# ---------------------------------------------------------------- misère


def misere_entries(r: DealResult, n: int, rules: RussianRules) -> list[Entry]:
    """Made: ``misere.price`` into the pool; caught: ``penalty_per_trick`` a trick into the mountain, and
    with ``misere.consolation`` the price a trick from each consolation writer (russian#dispute-7); the
    defenders write nothing else. Shared with the four-player dealer, half each (RUS-MIS-09)."""
    assert r.declarer is not None
    d = r.declarer
    taken = r.tricks[d]
    if not taken:
        out = [pool(d, rules.misere.price, COMMON)]
    else:
        out = [gora(d, taken * rules.misere.penalty_per_trick, COMMON)]
        if rules.misere.consolation:
            out += [whists(s, d, taken * rules.misere.price, "russian#dispute-7")
                    for s in consolation_writers(r, n, rules)]
    partner = _partner(r, n, rules)
    return out if partner is None else _halves(out, d, partner)


def _partner(r: DealResult, n: int, rules: RussianRules) -> int | None:
    """The sitting-out dealer who agreed to share the misère (RUS-MIS-09), or ``None``."""
    if n == 4 and rules.misere.half_and_half and (r.dealer, "agree") in r.declaration:
        return r.dealer
    return None


def _halves(entries: list[Entry], d: int, partner: int) -> list[Entry]:
    """RUS-MIS-09, GAP-RUS-10: what the declarer writes and what is written on him, half each, exactly; the
    partner writes no consolation on the misère he shares."""
    out: list[Entry] = []
    for e in entries:
        if e.other == d and e.seat == partner:
            continue
        half = Fraction(e.amount) / 2
        if e.other == d:
            out += [whists(e.seat, d, half, "RUS-MIS-09"), whists(e.seat, partner, half, "RUS-MIS-09")]
        elif e.seat == d:
            out += [Entry(e.account, d, exact(half), note="GAP-RUS-10"),
                    Entry(e.account, partner, exact(half), note="GAP-RUS-10")]
        else:
            out.append(e)
    return out


# ---------------------------------------------------------------- Classic's multiplier


def _times_bombs(r: DealResult, before: MatchView, entries: list[Entry], rules: ClassicRules) -> list[Entry]:
    """Classic (Кодекс 4.1.2, classic#bombs-бомба): everything a deal writes is multiplied by
    ``bomb.factor`` per bomb in hand (GAP-RUS-08; one bomb with ``spend = "one"``), a raspasovka only with
    ``bomb.raspasovka``; a dark bid also by ``dark.factor`` (GAP-RUS-12)."""
    k = bombs_in_hand(before.history, before.n_players, rules)
    bomb = rules.bomb
    if r.kind == "all_pass" and not bomb.raspasovka:
        m = 1
    elif bomb.spend == "all":
        m = bomb.factor ** k
    else:
        m = bomb.factor if k else 1
    note = "GAP-RUS-08" if m != 1 else "GAP-RUS-12"
    call = winning_call(r) if r.kind == "contract" else None
    if call is not None and is_dark(call):
        m *= rules.dark.factor
    if m == 1:
        return entries
    return [Entry(e.account, e.seat, exact(e.amount * m), e.other, note) for e in entries]
