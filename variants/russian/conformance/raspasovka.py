"""The entries of a raspasovka (RUS-RASP-03..09, RUS-RASP-16, GAP-RUS-02..06; docs/variants/sochi.md
"Raspasovka", docs/variants/rostov.md "Raspasovka in whists", docs/variants/four-players.md)."""

from __future__ import annotations

from fractions import Fraction

from preferans.core.plugin import DealResult, Entry, MatchView
from preferans.variants.russian.rules import RussianRules

from .history import raspasovka_price, streak
from .tables import dummy, gora, players, pool, whists


def raspasovka_entries(r: DealResult, before: MatchView, rules: RussianRules) -> list[Entry]:
    """A raspasovka at the price of its place in the series (RUS-RASP-10..13, GAP-RUS-02/03), written in
    the mountain (RUS-RASP-03) or in whists (Rostov, RUS-RASP-05)."""
    n = before.n_players
    p = raspasovka_price(streak(before.history, n, rules) + 1, rules)
    if rules.raspasovka.record == "whists":
        return raspasovka_whists(r, n, p, rules)
    return raspasovka_gora(r, n, p, rules)


def _players_in(r: DealResult, n: int) -> list[int]:
    """The players dealt cards: the active seats without the dummy (its tricks count for nobody)."""
    return [s for s in r.active if s != dummy(n)]


def _no_trick(seat: int, p: int, rules: RussianRules, rule: str) -> list[Entry]:
    """No trick taken: the price into the pool (RUS-RASP-04/06), or off the mountain
    (``zero_tricks_write_off``, russian#dispute-4), or nothing (``zero_tricks_to_pool = false``)."""
    if not rules.raspasovka.zero_tricks_to_pool:
        return []
    if rules.raspasovka.zero_tricks_write_off:
        return [gora(seat, -p, rule)]
    return [pool(seat, p, rule)]


def raspasovka_gora(r: DealResult, n: int, p: int, rules: RussianRules) -> list[Entry]:
    """Each trick the price into the taker's mountain after the amnesty (RUS-RASP-03, RUS-RASP-08), which
    with four players counts the dealer's talon tricks (RUS-RASP-09), who writes his own after it and gets
    no bonus (GAP-RUS-05); a player with no trick, by his real count (GAP-RUS-06), writes the price."""
    live = _players_in(r, n)
    counted = live + [s for s in players(n) if s not in r.active]  # the four-player dealer
    amnesty = min(r.tricks[s] for s in counted) if rules.raspasovka.amnesty else 0
    out = [gora(s, (r.tricks[s] - amnesty) * p, "RUS-RASP-08" if s in live else "RUS-RASP-09")
           for s in counted if r.tricks[s] > amnesty]
    for s in live:
        if not r.tricks[s]:
            out += _no_trick(s, p, rules, "RUS-RASP-04")
    return out


def raspasovka_whists(r: DealResult, n: int, p: int, rules: RussianRules) -> list[Entry]:
    """Rostov (RUS-RASP-05/06/07/16): the fewest tricks writes ``whists_per_trick`` x price on each other
    player a trick he took, two tied for the fewest half each; no trick, the price (1) into the pool; the
    sitting-out dealer writes it too (rostov#raspasovka-in-whists)."""
    live = _players_in(r, n)
    per = rules.raspasovka.whists_per_trick * p
    low = min(r.tricks[s] for s in live)
    writers = [s for s in live if r.tricks[s] == low]
    out: list[Entry] = []
    for other in live:
        if r.tricks[other] > low:
            share = Fraction(r.tricks[other] * per, len(writers))
            out += [whists(w, other, share, "RUS-RASP-07" if len(writers) > 1 else "RUS-RASP-05")
                    for w in writers]
    for s in live:
        if not r.tricks[s]:
            out += _no_trick(s, p, rules, "RUS-RASP-06")
    for s in players(n):
        if s not in r.active:
            out += _no_trick(s, p, rules, "RUS-RASP-16")
    return out
