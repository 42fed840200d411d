"""The series of raspasovkas (распасы подряд): which deals end it and how long it is now. The price of a
raspasovka and the exit level after it both count it (RUS-RASP-08, RUS-RASP-23)."""

from __future__ import annotations

from preferans.core.plugin import DealResult, MatchView
from preferans.variants.russian.rules import RussianRules


def ends_series(r: DealResult, rules: RussianRules) -> bool:
    """Whether the deal ``r`` ends a series of raspasovkas (``raspasovka.exit_by``): any deal with a
    contract (GAP-RUS-03's "when any contract is played", a game both defenders passed being written as
    made); only a contract whose cards were played, misère included (``"played"``: the same words read
    strictly, so a game both defenders passed does not end it); or only a trick game that was
    whisted, played and made (Jura's Leningrad: not a misère, not a game both defenders passed, not a set
    game)."""
    if r.kind == "all_pass":
        return False
    by = rules.raspasovka.exit_by
    if by == "any_deal":
        return True
    if by == "played":
        return r.played
    c = r.contract
    return (c is not None and c.goal == "tricks" and r.played and bool(r.defending)
            and r.declarer is not None and r.tricks[r.declarer] >= c.target)


def is_raspasovka(r: DealResult) -> bool:
    """Whether ``r`` was a raspasovka: all passed and the cards were played (not thrown in)."""
    return r.kind == "all_pass" and r.outcome == "played"


def raspasovka_streak(match: MatchView, rules: RussianRules) -> int:
    """How many raspasovkas the current series has had: those since the last deal that ended the series
    (with ``exit_by = "any_deal"``, the raspasovkas at the end of the history). A deal thrown in is no
    raspasovka and does not end the series."""
    count = 0
    if rules.raspasovka.exit_by == "any_deal":
        for r in reversed(match.history):  # the raspasovkas at the end of the history (the hot path)
            if r.kind != "all_pass":
                break
            count += r.played
        return count
    for r in reversed(match.history):
        if ends_series(r, rules):
            break
        count += is_raspasovka(r)
    return count


def exit_minimum(match: MatchView, rules: RussianRules) -> int:
    """The lowest game level allowed now, 0 for no limit: after k raspasovkas in a row ``exit_levels[k - 1]``,
    the last level repeating (RUS-RASP-23). This is the family's count; Classic's counts the bombs of the series
    and answers ``pref_auction_legal`` with it before the family does."""
    streak = raspasovka_streak(match, rules)
    levels = rules.raspasovka.exit_levels
    if not streak or not levels:
        return 0
    return int(levels[min(streak, len(levels)) - 1])
