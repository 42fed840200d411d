"""What each seat sees besides its own hand (docs/variants/sochi.md "Talon, discard and declaration",
"Whist (defence)", "Misère" and "Raspasovka", RUS-MIS-05/06, RUS-RASP-15..18, docs/variants/gusarik.md)."""

from __future__ import annotations

from preferans.core.plugin.kit import Moment, Seen
from preferans.variants.russian.rules import RussianRules

from .defence import Outcome, settle
from .tables import DARK, MISERE, checked_ten, defenders, dummy, first_hand, plain

DECLARE = "sochi#talon-discard-and-declaration"
WHIST = "sochi#whist-defence"
DUMMY = "gusarik#the-convention"


def visible(m: Moment, seat: int, rules: RussianRules) -> Seen | None:
    """The other hands ``seat`` sees and whether he has seen the talon."""
    if _shared_misere(m, rules):
        return None  # RUS-MIS-09: the declarer shows the dealer his hand; not modelled here
    talon, talon_rule = _talon(m, seat, rules)
    if m.phase != "play" or m.all_pass:
        hands: set[int] | None = _raspasovka_hands(m) if m.phase == "play" else set()
        rule = talon_rule
    else:
        hands, rule = _contract_hands(m, seat, rules)
    if hands is None:
        return None
    return Seen(frozenset(h for h in hands if h != seat), talon, rule)


def _shared_misere(m: Moment, rules: RussianRules) -> bool:
    return (m.n_players == 4 and bool(rules.misere.half_and_half) and m.bid is not None
            and plain(m.bid) == MISERE)


def _talon(m: Moment, seat: int, rules: RussianRules) -> tuple[bool, str]:
    """The talon: nobody sees it in the auction; once taken, the declarer, and in a misère everybody (it is
    shown first, RUS-MIS-06), but not in a dark misère (RUS-MIS-05); in a raspasovka its cards are turned to
    lead tricks 1 and 2 (RUS-RASP-15/17), except in Rostov (RUS-RASP-16) and with two players (RUS-RASP-18)."""
    if m.all_pass:
        if m.n_players == 2:
            return False, "RUS-RASP-18"
        if rules.raspasovka.record == "whists":
            return False, "RUS-RASP-16"
        return m.phase == "play", "RUS-RASP-15" if m.n_players == 4 else "RUS-RASP-17"
    if m.phase == "auction" or m.declarer is None:
        return False, DECLARE
    if seat == m.declarer:
        return True, DECLARE
    if m.bid == MISERE:
        return True, "RUS-MIS-06"
    return False, "RUS-MIS-05" if m.bid == DARK + MISERE else DECLARE


def _raspasovka_hands(m: Moment) -> set[int]:
    """Two players: the dummy lies face up in a raspasovka (gusarik#the-convention); else nothing."""
    dm = dummy(m.n_players)
    return {dm} if dm is not None else set()


def _contract_hands(m: Moment, seat: int, rules: RussianRules) -> tuple[set[int] | None, str]:
    """In the play of a contract: the open hands once they lie open, and the hands ``seat`` plays for."""
    if m.declarer is None or m.contract is None:
        return None, WHIST
    n, d, name = m.n_players, m.declarer, m.contract
    dm = dummy(n)
    defs = defenders(d, m.dealer, n)
    unled = first_hand(m.dealer, n) == d and m.cards_played == 0  # the declarer on lead, not led yet
    # with two players the declarer's opponent plays the dummy when nobody whists (gusarik#the-convention)
    his = {dm} if dm is not None and seat == next(s for s in defs if s != dm) else set()
    if name == DARK + MISERE:
        return his, "RUS-MIS-05"  # a dark misère is played closed
    if name == MISERE:
        # RUS-MIS-06: the defenders lie open, after the declarer's first lead when he is on lead
        return (his if unled else his | set(defs)), "RUS-MIS-06"
    dark_first = bool(rules.whist.first_lead_dark) and unled
    if checked_ten(name, rules):
        # played at once with the defending hands open (russian#dispute-9), with two players too
        # (gusarik#the-convention); only a dark first lead keeps them closed until the declarer has led
        closed = dark_first
        return (his if closed else his | set(defs)), DUMMY if dm is not None else "russian#dispute-9"
    outcome = settle(name, d, defs, m.defence, n, rules)
    if not isinstance(outcome, Outcome) or not outcome.played:
        return None, WHIST
    if len(outcome.defending) != 1:
        return set(), WHIST  # two whisters: each plays his own closed hand
    whister = outcome.defending[0]
    passer = next(s for s in defs if s != whister)
    mine = {passer} if seat == whister and (outcome.open_play or passer == dm) else set()
    if not outcome.open_play:
        return mine, WHIST  # closed: each his own, the dummy's the whister's to play (gusarik#the-convention)
    # open: the lone whister plays the passer's hand, both face up (after a dark first lead, Jura)
    return (mine if dark_first else mine | set(defs)), WHIST
