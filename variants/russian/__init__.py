"""Russian Preferans, the family base (русский преферанс).

Contracts 6..10 in spades < clubs < diamonds < hearts < no-trump with misère between 8NT and 9S; the
declarer takes the talon and discards two; whist / pass / half-whist; raspasovka when all pass; a sheet of
pool (пуля), mountain (гора) and whists (висты). Everything that differs between Sochi, Leningrad, Rostov
and Classic is either a rules value in their presets or a hook in their own module.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import (
    NO_TRUMP,
    SUIT_SYMBOLS,
    SUITS,
    AuctionView,
    ContractRegistry,
    ContractSpec,
    DealResult,
    DeclarationStep,
    DeclarationView,
    DefenceStep,
    DefenceView,
    Entry,
    MatchView,
    Next,
    PlayAllPass,
    PlayRules,
    PlayView,
    Settlement,
    hookimpl,
)

from . import defence, gusarik, misere, scoring
from . import rules as rules_module

MATCH_WORD = "pulka"
"""What the family's players call a match (пулька); ``Variant.match_word`` reads it for ``play``'s title."""

STRAINS = (*range(4), NO_TRUMP)  # spades, clubs, diamonds, hearts, no-trump: the auction order


def game_name(level: int, trump: int) -> str:
    return f"{level}{'NT' if trump == NO_TRUMP else SUITS[trump]}"


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return {**gusarik.sections(), **rules_module.sections()}


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


@hookimpl(wrapper=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: Any) -> Generator[None, list[str], list[str]]:
    """Exit from raspasovka: after k all-pass deals in a row only games of ``exit_levels[k-1]`` or more
    (RUS-RASP-23), taken out of the calls the plugins below allow (the core's)."""
    legal = yield
    # the variant's own count of the series: its raspasovka section says (Classic's counts bombs)
    minimum = rules.raspasovka.exit_minimum(view.match, rules)
    if not minimum:
        return legal
    # misère (level 0) is not a game level and stays allowed
    return [c for c in legal if c == "pass" or not view.contracts[c].level or view.contracts[c].level >= minimum]


@hookimpl
def pref_all_pass(view: AuctionView, rules: Any) -> PlayAllPass:
    return PlayAllPass("raspasovka")


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: Any) -> list[str]:
    """Whist, pass, half-whist, Stalingrad and the table options: see :mod:`.defence`."""
    step = defence.state(view, rules)
    return list(step.legal) if isinstance(step, defence.Ask) else ["pass", "whist"]


@hookimpl
def pref_defence_step(view: DefenceView, rules: Any) -> DefenceStep:
    step = defence.state(view, rules)
    return Next(step.seat) if isinstance(step, defence.Ask) else step


@hookimpl
def pref_declaration_step(view: DeclarationView, rules: Any) -> DeclarationStep | None:
    """Half-and-half misère with the sitting-out dealer (RUS-MIS-09), when the table plays it."""
    return misere.declaration_step(view, rules)


@hookimpl
def pref_declaration_legal(view: DeclarationView, rules: Any) -> list[str] | None:
    return misere.declaration_legal(view, rules)


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: Any) -> Generator[None, PlayRules, PlayRules]:
    """The core's play rules (the answer below), refined for raspasovka and misère, and with two players
    the dummy's hand given its player."""
    base = yield
    dummy = gusarik.dummy_of(view.match)
    if dummy is not None:
        base = gusarik.dummy_player(base, view)  # two players: somebody plays the dummy's hand
    if view.contract.kind == "raspasovka" and dummy is not None:
        return gusarik.raspasovka_play(base, view, rules)  # two players: the talon is not turned (RUS-RASP-18)
    if view.contract.kind == "raspasovka" and rules.raspasovka.record == "whists":
        return base  # Rostov (RUS-RASP-16): the talon takes no part; first hand leads (GAP-RUS-07)
    if view.contract.kind == "raspasovka":
        four = view.match.n_players == 4
        # RUS-RASP-15/17: the two talon cards lead tricks 1 and 2; with four players the card is the
        # sitting-out dealer's lead and can win, with three it only names the suit.
        return dataclasses.replace(base, talon_leads=2, talon_contends=four,
                                   talon_owner=view.dealer if four else None,
                                   after_talon_leader=view.first_hand)
    if view.contract.kind == "misere":
        # RUS-MIS-06: a declarer on lead leads before the defenders lie open; RUS-MIS-08: they may write
        # down the layout
        return dataclasses.replace(base, open_after_declarer_leads=True, layout_notes=misere.note_takers(view))
    if base.open_hands and rules.whist.first_lead_dark:
        # Jura: a declarer on lead makes the first lead dark, before the lone whister's hands lie open
        return dataclasses.replace(base, open_after_declarer_leads=True)
    return base  # a game: the rules from below, with the dummy's player (two players)


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: Any) -> list[Entry] | None:
    return scoring.score_deal(result, match, rules)


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


# ---------------------------------------------------------------- the paper side (imported when asked)


@hookimpl
def pref_render_sheet(view: Any, form: str, rules: Any) -> Any:
    """The pulka: running records and the pool/mountain/whists table as text, the drawn sheet as SVG
    (``variants/russian/sheet.py``)."""
    from . import sheet

    if form == "svg":
        return sheet.svg(view, rules)
    return sheet.sheet_text(view, rules) if form == "text" else None


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int, rules: Any) -> DealResult:
    """A contract deal, ``raspasovka = true`` or a half-and-half misère (``variants/russian/scorecard.py``)."""
    from . import scorecard

    return scorecard.read_deal(record, reader, index, dealer, rules)


@hookimpl
def pref_scorecard_required(rules: Any) -> list[Any]:
    """The preset's pool is only a default: a record must say what the table agreed."""
    from preferans.core.plugin import RequiredKey

    return [RequiredKey("pool", "the pool target agreed at the table", str(rules.pool))]
