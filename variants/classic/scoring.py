"""Classic's bombs, dark calls, exit level and dealing, as pure functions of the match so far.

A bomb (бомба) is earned by a dark pass (пас втёмную) in a deal that becomes a raspasovka (RUS-RASP-21,
RUS-RASP-26); the bombs in hand multiply the next game, ``bomb.factor`` each (GAP-RUS-08: 2^k). Nothing is
stored: the bombs are counted again from the deal history, which the engine and a scorecard both record
(``DealResult.auction`` holds the dark passes).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from preferans.core.plugin import DealResult, MatchView, int_if_whole
from preferans.core.plugin.errors import BadInput, bad_input, in_family
from preferans.variants.classic.rules import ClassicRules
from preferans.variants.russian.scorecard import LOCALE
from preferans.variants.russian.series import ends_series, is_raspasovka

DARK = "dark-"
"""Prefix of a dark call: ``"dark-pass"``, ``"dark-7S"``, ``"dark-misere"``."""


def plain(call: str) -> str:
    """The call without its darkness: ``"dark-7S"`` -> ``"7S"``, ``"dark-pass"`` -> ``"pass"``."""
    return call[len(DARK):] if call.startswith(DARK) else call


exact = int_if_whole
"""Keep integers as ``int``; true fractions stay Fractions (the plugin module multiplies entries with it)."""


def compulsory(index: int, n_players: int, rules: ClassicRules) -> bool:
    """Whether deal ``index`` (0-based) is a compulsory raspasovka: one of the opening rounds (RUS-RASP-25)
    or of the rounds at half-time (``bomb.half_time_rounds`` after ``half_time_after`` deals: the 1971 MSU
    rules' two laps)."""
    bomb = rules.bomb
    if index < int(bomb.compulsory_rounds) * n_players:
        return True
    start = int(bomb.half_time_after)
    return bool(start) and start <= index < start + int(bomb.half_time_rounds) * n_players


def dark_passers(r: DealResult, n_players: int, rules: ClassicRules) -> tuple[int, ...]:
    """Who passed dark in ``r``: every player in a compulsory opening raspasovka (not the hand no player
    holds, with two players: it never bids), else the ``"dark-pass"`` calls of its auction."""
    if compulsory(r.index_in_match, n_players, rules):
        return tuple(s for s in r.active if s < n_players)
    return tuple(s for s, c in r.auction if c == DARK + "pass")


def bombs_earned(r: DealResult, n_players: int, rules: ClassicRules) -> int:
    """Bombs a deal earns: only a raspasovka that followed a dark pass earns any (RUS-RASP-26); a deal thrown
    in (a house rule's redeal) is no raspasovka."""
    if not is_raspasovka(r):
        return 0
    passers = dark_passers(r, n_players, rules)
    if not passers:
        return 0
    return len(passers) if rules.bomb.earned_by == "each_dark_passer" else 1


def bombs_in_hand(history: tuple[DealResult, ...], n_players: int, rules: ClassicRules) -> int:
    """The bombs waiting for the next game after the deals in ``history``: raspasovkas add theirs; a game
    (any deal with a contract) spends them all (``bomb.spend = "all"``) or one (``"one"``)."""
    k = 0
    for r in history:
        if r.kind == "all_pass":
            k += bombs_earned(r, n_players, rules)
        elif rules.bomb.spend == "all":
            k = 0
        elif k:
            k -= 1
    return k


def multiplier(r: DealResult, match: MatchView, rules: ClassicRules) -> int:
    """What every entry of deal ``r`` is multiplied by (Кодекс 4.1.2: all values x the bomb coefficient):
    ``bomb.factor`` per bomb in hand (one bomb with ``spend = "one"``), a raspasovka only with
    ``bomb.raspasovka``; times ``dark.factor`` when the declarer bid dark."""
    k = bombs_in_hand(match.history, match.n_players, rules)
    factor = rules.bomb.factor
    if r.kind == "all_pass" and not rules.bomb.raspasovka:
        m = 1
    elif rules.bomb.spend == "all":
        m = factor**k
    else:
        m = factor if k else 1
    if r.bid is not None and r.bid.startswith(DARK):
        m *= rules.dark.factor
    return int(m)


def exit_minimum(match: MatchView, rules: ClassicRules) -> int:
    """The lowest game level allowed now (RUS-RASP-22/24, ISS-08): ``raspasovka.exit_levels[k - 1]``, where
    k counts the bombs the current series of raspasovkas has earned (``bomb.exit_counts = "bombs"``: after
    a dark pass a seven, after a double bomb an eight) or its raspasovkas (``"raspasovkas"``); the
    compulsory opening raspasovkas do not count. 0 (no limit) when k is 0."""
    levels = rules.raspasovka.exit_levels
    n = match.n_players
    k = 0
    for r in reversed(match.history):
        if ends_series(r, rules):
            break
        if not is_raspasovka(r) or compulsory(r.index_in_match, n, rules):
            continue  # a game, an opening raspasovka, or a deal thrown in
        k += bombs_earned(r, n, rules) if rules.bomb.exit_counts == "bombs" else 1
    if not k or not levels:
        return 0
    return int(levels[min(k, len(levels)) - 1])


def repeats_dealer(match: MatchView, result: DealResult, rules: ClassicRules) -> bool:
    """Whether the dealer of ``result`` (a deal already in ``match``) deals again (RUS-RASP-20)."""
    n = match.n_players
    if result.kind != "all_pass" or not rules.dealing.repeat_after_raspasovka:
        return False
    if compulsory(result.index_in_match, n, rules):
        return False  # the opening rounds go round the table
    limit = int(rules.dealing.repeat_limit)
    if not limit:
        return True
    run = 0
    for r in reversed(match.history):
        if r.kind != "all_pass" or r.dealer != result.dealer or compulsory(r.index_in_match, n, rules):
            break
        run += 1
    return run < limit


DARK_CALLS = "rules.dark.calls"


def _ours(error: BadInput) -> BadInput:
    """An error of the ``dark`` field (made by ``bad_input``), said from the Russian family's catalogues (its
    domain ``preferans-russian`` holds the template)."""
    return in_family(error, LOCALE)


def dark_deal(result: DealResult, dark: object, reader: Any, index: int, rules: ClassicRules) -> DealResult:
    """Apply a scorecard's ``dark`` field to the deal the core read (see ``pref_scorecard_deal``)."""
    where = f"deal[{index + 1}].dark"
    if dark is False:
        return result
    if result.kind == "all_pass":
        if "pass" not in rules.dark.calls:
            raise reader.fail(where, _ours(bad_input("dark passes are not allowed here ({key})", key=DARK_CALLS)))
        if dark is True:
            seats = set(result.active)
        elif isinstance(dark, list) and all(isinstance(x, str) for x in dark):
            seats = {reader.seat(name, where) for name in dark}
            out = [s for s in seats if s not in result.active]
            if out:
                raise reader.fail(where, _ours(bad_input(
                    "{players} dealt this deal and sat out (playing: {active})", players=reader.who(out),
                    active=reader.who(result.active))))
        else:
            raise reader.fail(where, _ours(bad_input(
                "expected {true}, {false} or a list of the players who passed dark (got {got})", true="true",
                false="false", got=repr(dark))))
        auction = tuple((s, DARK + "pass" if s in seats else "pass") for s in result.active)
        return dataclasses.replace(result, auction=auction)
    if dark is not True:
        raise reader.fail(where, _ours(bad_input(
            "on a deal with a contract, {dark} says the declarer bid dark (got {got})", dark="dark = true",
            got=repr(dark))))
    spec = result.contract
    assert spec is not None and result.declarer is not None
    allowed = "misere" if spec.kind == "misere" else "games"
    if allowed not in rules.dark.calls:
        raise reader.fail(where, _ours(bad_input("a dark {contract} is not allowed here ({key})",
                                                 contract=spec.label, key=DARK_CALLS)))
    if spec.kind == "misere":
        # RUS-MIS-05: a dark misère is its own row (caught dark, talon closed)
        spec = reader.contracts[DARK + spec.name]
        return dataclasses.replace(result, contract=spec, bid=spec.name, auction=((result.declarer, spec.name),))
    bid = DARK + spec.name
    return dataclasses.replace(result, bid=bid, auction=((result.declarer, bid),))
