"""Russian Preferans, the family base (русский преферанс).

Contracts 6..10 in spades < clubs < diamonds < hearts < no-trump with misère between 8NT and 9S; the
declarer takes the talon and discards two; whist / pass / half-whist; raspasovka when all pass; a sheet of
pool (пуля), mountain (гора) and whists (висты). Everything that differs between Sochi, Leningrad, Rostov
and Classic is either a rules value in their presets or a hook in their own module.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from preferans.core import defaults
from preferans.core.cards import NO_TRUMP, SUIT_SYMBOLS, SUITS
from preferans.core.contracts import ContractRegistry, ContractSpec
from preferans.core.hookspecs import hookimpl
from preferans.core.model import (
    AuctionView,
    DealResult,
    DefenceStep,
    DefenceView,
    Defended,
    Entry,
    MatchView,
    Next,
    PlayAllPass,
    PlayRules,
    PlayView,
    Settlement,
)

from . import rules as rules_module
from . import scoring

STRAINS = (*range(4), NO_TRUMP)  # spades, clubs, diamonds, hearts, no-trump: the auction order


def game_name(level: int, trump: int) -> str:
    return f"{level}{'NT' if trump == NO_TRUMP else SUITS[trump]}"


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return rules_module.sections()


@hookimpl
def pref_register_contracts(contracts: ContractRegistry, rules: Any) -> None:
    for level in range(6, 11):
        for pos, trump in enumerate(STRAINS):
            label = f"{level}{'NT' if trump == NO_TRUMP else SUIT_SYMBOLS[trump]}"
            contracts.add(ContractSpec(
                name=game_name(level, trump), kind="notrump" if trump == NO_TRUMP else "suit", label=label,
                rank=level * 10 + pos, level=level, trump=trump, target=level,
                # a checked ten is played open with no whist decisions
                whisted=not (level == 10 and rules.ten == "checked"),
                defenders_open=level == 10 and rules.ten == "checked",
            ))
    # мизер: between 8NT and 9S, bid only as a first call (RUS-BID-01/02), no trumps, talon shown,
    # defenders lie open (RUS-MIS-06)
    contracts.add(ContractSpec(
        name="misere", kind="misere", label="misère", rank=85, level=0, goal="none", target=0,
        first_bid_only=True, talon_shown=True, defenders_open=True, whisted=False,
    ))
    contracts.add(ContractSpec(
        name="raspasovka", kind="raspasovka", label="raspasovka", rank=0, goal="none", biddable=False,
        with_talon=False, whisted=False,
    ))


@hookimpl
def pref_auction_legal(view: AuctionView, seat: int, rules: Any) -> list[str] | None:
    """Exit from raspasovka: after k all-pass deals in a row only games of ``exit_levels[k-1]`` or more."""
    streak = view.match.trailing_all_passes()
    levels = rules.raspasovka.exit_levels
    if not streak or not levels:
        return None
    minimum = levels[min(streak, len(levels)) - 1]
    legal = defaults.pref_auction_legal(view, seat, rules)
    # misère (level 0) is not a game level and stays allowed
    return [c for c in legal if c == "pass" or not view.contracts[c].level or view.contracts[c].level >= minimum]


@hookimpl
def pref_all_pass(view: AuctionView, rules: Any) -> PlayAllPass:
    return PlayAllPass("raspasovka")


def _first_spoke_pass(view: DefenceView) -> bool:
    return bool(view.calls) and view.calls[0][1] == "pass"


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: Any) -> list[str]:
    level = view.contract.level
    if rules.whist.stalingrad and view.contract.name == "6S":
        return ["whist"]  # Сталинград: six spades is always whisted
    if view.calls and _first_spoke_pass(view) and level in rules.whist.half_whist_levels:
        return ["pass", "whist", "half"]
    return ["pass", "whist"]


@hookimpl
def pref_defence_step(view: DefenceView, rules: Any) -> DefenceStep:
    defenders = view.defenders
    if not view.contract.whisted:
        # misère and a checked ten: no whist decisions; the defenders lie open
        return Defended(whisters=(), played=True, open_hands=defenders if view.contract.defenders_open else ())
    if len(view.calls) < len(defenders):
        return Next(defenders[len(view.calls)])
    calls = dict(view.calls)
    whisters = tuple(s for s in defenders if calls[s] == "whist")
    if len(whisters) == 1:
        whister = whisters[0]
        passer = next(s for s in defenders if s != whister)
        if rules.whist.lone_whister_open:
            return Defended(whisters, True, controllers=((passer, whister),), open_hands=defenders)
        return Defended(whisters, True)
    return Defended(whisters, played=bool(whisters))


@hookimpl
def pref_play_rules(view: PlayView, rules: Any) -> PlayRules | None:
    base = defaults.pref_play_rules(view, rules)
    if view.contract.kind == "raspasovka":
        four = view.match.n_players == 4
        # RUS-RASP-15/17: the two talon cards lead tricks 1 and 2; with four players the card is the
        # sitting-out dealer's lead and can win, with three it only names the suit.
        return dataclasses.replace(base, talon_leads=2, talon_contends=four,
                                   talon_owner=view.dealer if four else None,
                                   after_talon_leader=view.first_hand)
    if view.contract.kind == "misere":
        # RUS-MIS-06: a declarer on lead leads before the defenders lie open
        return dataclasses.replace(base, open_after_declarer_leads=True)
    return None


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: Any) -> list[Entry] | None:
    if result.kind == "all_pass":
        return scoring.score_raspasovka(result, match, rules)
    assert result.contract is not None
    if result.contract.kind == "misere":
        return scoring.score_misere(result, rules)
    return scoring.score_game(result, rules)


@hookimpl
def pref_after_score(match: MatchView, posted: list[Entry], rules: Any) -> list[Entry]:
    return scoring.overflow(match, rules)


@hookimpl
def pref_match_over(match: MatchView, rules: Any) -> bool | None:
    if all(p >= rules.pool for p in match.ledger.column("pool")):
        return True
    return None  # not closed: let the core's max_deals decide


@hookimpl
def pref_settle(match: MatchView, rules: Any) -> Settlement:
    return scoring.settle(match, rules)
