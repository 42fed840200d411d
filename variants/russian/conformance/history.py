"""What the deals before this one decide: the series of raspasovkas (its price and the exit from it) and
Classic's bombs, counted again from the deal results each time (docs/rules/russian.md RUS-RASP-10..13,
RUS-RASP-21..26, GAP-RUS-03, GAP-RUS-08; docs/variants/classic.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from preferans.core.plugin import DealResult
from preferans.variants.russian.rules import RussianRules

from .defence import Outcome, settle
from .tables import DARK, RANK, classic, defenders, dummy, level_of, plain

if TYPE_CHECKING:  # Classic's keys, for the type checker only: the reference reads them by name
    from preferans.variants.classic.rules import ClassicRules


def raspasovka(r: DealResult) -> bool:
    """An all-pass deal whose cards were played (RUS-BID-03); a deal thrown in is none."""
    return r.kind == "all_pass" and r.played


def ends_series(r: DealResult, n_players: int, rules: RussianRules) -> bool:
    """Whether ``r`` ends a series of raspasovkas (GAP-RUS-03, ``raspasovka.exit_by``): any deal with a
    contract (``any_deal``, a game both defenders passed counting as played); a contract whose cards were
    played, misère included (``played``); or a trick game whisted, played and made (``whisted_game``, Jura)."""
    if r.kind != "contract" or r.contract is None or r.declarer is None:
        return False
    by = rules.raspasovka.exit_by
    if by == "any_deal":
        return True
    name = r.contract.name
    outcome = _outcome(r, n_players, rules)
    if by == "played":
        return outcome is not None and outcome.played
    return (level_of(name) > 0 and outcome is not None and outcome.played and bool(outcome.defending)
            and r.tricks[r.declarer] >= level_of(name))


def _outcome(r: DealResult, n_players: int, rules: RussianRules) -> Outcome | None:
    assert r.contract is not None and r.declarer is not None
    out = settle(r.contract.name, r.declarer, defenders(r.declarer, r.dealer, n_players), r.defence,
                 n_players, rules)
    return out if isinstance(out, Outcome) else None


def streak(history: Sequence[DealResult], n_players: int, rules: RussianRules) -> int:
    """The raspasovkas of the current series: those since the last deal that ended it (GAP-RUS-03)."""
    count = 0
    for r in reversed(history):
        if ends_series(r, n_players, rules):
            break
        count += raspasovka(r)
    return count


def raspasovka_price(nth: int, rules: RussianRules) -> int:
    """The price of a trick at the ``nth`` raspasovka of a series (1-based): ``trick_price`` (GAP-RUS-02)
    raised ``nth - 1`` times, by ``progression_step`` (RUS-RASP-11) or by ``progression_factor``
    (RUS-RASP-12), at most ``progression_cap - 1`` times: a cap of 3 gives 1, 2, 3, 3 ... (RUS-RASP-13)."""
    r = rules.raspasovka
    rises = nth - 1
    if r.progression_cap:
        rises = min(rises, r.progression_cap - 1)
    if r.progression == "arithmetic":
        return int(r.trick_price + r.progression_step * rises)
    if r.progression == "geometric":
        return int(r.trick_price * r.progression_factor ** rises)
    return int(r.trick_price)


# ---------------------------------------------------------------- Classic: compulsory deals and bombs


def compulsory(index: int, n_players: int, rules: RussianRules) -> bool:
    """Classic: deal ``index`` (0-based) is a compulsory raspasovka, everybody deemed to pass dark: one of
    the ``bomb.compulsory_rounds`` opening rounds of ``n`` deals (RUS-RASP-25), or of the
    ``half_time_rounds`` after ``half_time_after`` deals (the 1971 rules, classic#bombs-бомба)."""
    if not classic(rules):
        return False
    bomb = rules.bomb
    if index < bomb.compulsory_rounds * n_players:
        return True
    start = bomb.half_time_after
    return bool(start) and start <= index < start + bomb.half_time_rounds * n_players


def bombs_earned(r: DealResult, index: int, n_players: int, rules: ClassicRules) -> int:
    """Classic: the bombs a deal earns (RUS-RASP-21, RUS-RASP-26): a raspasovka earns one per dark passer
    (GAP-RUS-08, ``earned_by = "each_dark_passer"``) or one in all (ISS-18, ``"deal"``); in a compulsory
    one every player passed dark."""
    if not raspasovka(r):
        return 0
    if compulsory(index, n_players, rules):
        passers = sum(1 for s in r.active if s != dummy(n_players))
    else:
        passers = sum(1 for _, call in r.auction if call == DARK + "pass")
    if not passers:
        return 0
    return passers if rules.bomb.earned_by == "each_dark_passer" else 1


def bombs_in_hand(history: Sequence[DealResult], n_players: int, rules: ClassicRules) -> int:
    """Classic: the bombs waiting after ``history``: each raspasovka adds its own; a deal with a contract
    spends them all (``bomb.spend = "all"``, GAP-RUS-08) or one (``"one"``, Skuratov)."""
    k = 0
    for i, r in enumerate(history):
        if r.kind == "all_pass":
            k += bombs_earned(r, i, n_players, rules)
        elif rules.bomb.spend == "all":
            k = 0
        else:
            k = max(0, k - 1)
    return k


def winning_call(r: DealResult) -> str | None:
    """The call that won the auction: the highest one, dark or not."""
    best: str | None = None
    for _, call in r.auction:
        if plain(call) in RANK and (best is None or RANK[plain(call)] > RANK[plain(best)]):
            best = call
    return best


# ---------------------------------------------------------------- the exit from a raspasovka


def exit_minimum(history: Sequence[DealResult], n_players: int, rules: RussianRules) -> tuple[int, str]:
    """The lowest game level allowed now, 0 for none, with its rule. The family (RUS-RASP-23, RUS-BID-05):
    after k raspasovkas in a row ``exit_levels[k - 1]``, the last level repeating. Classic (RUS-RASP-22,
    ISS-08): k counts the bombs the series earned (``bomb.exit_counts = "bombs"``) or its raspasovkas
    (``"raspasovkas"``, RUS-RASP-24), the compulsory ones never."""
    levels = list(rules.raspasovka.exit_levels)
    if classic(rules):
        rule = "RUS-RASP-22" if rules.bomb.exit_counts == "bombs" else "RUS-RASP-24"
        k = 0
        for i in range(len(history) - 1, -1, -1):
            r = history[i]
            if ends_series(r, n_players, rules):
                break
            if raspasovka(r) and not compulsory(i, n_players, rules):
                k += bombs_earned(r, i, n_players, rules) if rules.bomb.exit_counts == "bombs" else 1
    else:
        rule, k = "RUS-RASP-23", streak(history, n_players, rules)
    if not k or not levels:
        return 0, rule
    return int(levels[min(k, len(levels)) - 1]), rule
