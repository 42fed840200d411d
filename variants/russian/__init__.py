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
from preferans.core.plugin.cards import NO_TRUMP, SUIT_SYMBOLS, SUITS

from . import defence, gusarik, misere, scoring, series
from .rules import RussianRules

MATCH_WORD = "pulka"
"""What the family's players call a match (пулька); ``Variant.match_word`` reads it for ``play``'s title."""

STRAINS = (*range(4), NO_TRUMP)  # spades, clubs, diamonds, hearts, no-trump: the auction order


def game_name(level: int, trump: int) -> str:
    return f"{level}{'NT' if trump == NO_TRUMP else SUITS[trump]}"


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return RussianRules.sections()


@hookimpl
def pref_register_contracts(contracts: ContractRegistry, rules: RussianRules) -> None:
    for level in range(6, 11):
        for pos, trump in enumerate(STRAINS):
            label = f"{level}{'NT' if trump == NO_TRUMP else SUIT_SYMBOLS[trump]}"
            contracts.add(ContractSpec(
                name=game_name(level, trump), kind="notrump" if trump == NO_TRUMP else "suit", label=label,
                rank=level * 10 + pos, level=level, trump=trump, target=level,
                # a checked ten is played open with no whist decisions
                has_defence=not (level == 10 and rules.ten == "checked"),
                defenders_open=level == 10 and rules.ten == "checked",
            ))
    # мизер: between 8NT and 9S, bid only as a first call (RUS-BID-01/02), no trumps, talon shown,
    # defenders lie open (RUS-MIS-06)
    contracts.add(ContractSpec(
        name="misere", kind="misere", label="misère", rank=85, level=0, goal="none", target=0,
        first_bid_only=True, talon_shown=True, defenders_open=True, has_defence=False,
    ))
    contracts.add(ContractSpec(
        name="raspasovka", kind="raspasovka", label="raspasovka", rank=0, goal="none", biddable=False,
        with_talon=False, has_defence=False,
    ))


@hookimpl
def pref_auction_legal(view: AuctionView, seat: int, rules: RussianRules) -> list[str]:
    """The family's calls with its exit from raspasovka: after k all-pass deals in a row only games of
    ``raspasovka.exit_levels[k-1]`` or more (RUS-RASP-23). A child whose exit counts something else (Classic:
    the bombs of the series) answers first, with :func:`auction_calls` and its own minimum."""
    return auction_calls(view, seat, series.exit_minimum(view.match, rules))


def auction_calls(view: AuctionView, seat: int, minimum: int) -> list[str]:
    """The calls ``seat`` may make (RUS-BID-01/02): pass, or a contract ranked above the highest bid so far,
    misère only as the seat's first call, and after misère only a pass; no game below level ``minimum`` (0: no
    limit), misère (level 0, not a game level) staying allowed. The core's default auction, with the exit."""
    get = view.contracts.get
    spoken = binding = False
    best: ContractSpec | None = None
    for s, call in view.calls:  # one pass: this seat's calls and the highest contract (as view.highest())
        spec = get(call)
        if s == seat:
            spoken = True
            binding = binding or (spec is not None and spec.first_bid_only)
        if spec is not None and (best is None or spec.rank > best.rank):
            best = spec
    if binding:
        return ["pass"]  # misère is binding: the seat can only pass
    table, rank = view.contracts, best.rank if best else None
    # the names worked out once per table and situation (ContractTable.memo): asked at every call
    return ["pass", *table.memo((_calls_above, rank, spoken, minimum),
                                lambda: _calls_above(table.biddable_above(rank), spoken, minimum))]


def _calls_above(higher: tuple[ContractSpec, ...], spoken: bool, minimum: int) -> tuple[str, ...]:
    """The names of the rows ``higher`` that :func:`auction_calls` allows."""
    return tuple(s.name for s in higher if not (spoken and s.first_bid_only) and (not s.level or s.level >= minimum))


@hookimpl
def pref_all_pass(view: AuctionView, rules: RussianRules) -> PlayAllPass:
    return PlayAllPass("raspasovka")


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> list[str]:
    """Whist, pass, half-whist, Stalingrad and the table options: see :mod:`.defence`."""
    step = defence.state(view, rules)
    return list(step.legal) if isinstance(step, defence.Ask) else ["pass", "whist"]


@hookimpl
def pref_defence_step(view: DefenceView, rules: RussianRules) -> DefenceStep:
    step = defence.state(view, rules)
    return Next(step.seat) if isinstance(step, defence.Ask) else step


@hookimpl
def pref_declaration_step(view: DeclarationView, rules: RussianRules) -> DeclarationStep | None:
    """Half-and-half misère with the sitting-out dealer (RUS-MIS-09), when the table plays it."""
    return misere.declaration_step(view, rules)


@hookimpl
def pref_declaration_legal(view: DeclarationView, rules: RussianRules) -> list[str] | None:
    return misere.declaration_legal(view, rules)


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: RussianRules) -> Generator[None, PlayRules, PlayRules]:
    """The core's play rules (the answer below), refined for raspasovka and misère, and with two players
    the dummy's hand given its player."""
    base = yield
    kind = view.contract.kind
    dummy = gusarik.dummy_of(view.match)
    if dummy is not None:
        base = gusarik.dummy_player(base, view)  # two players: somebody plays the dummy's hand
    if kind == "raspasovka" and dummy is not None:
        return gusarik.raspasovka_play(base, view, rules)  # two players: the talon is not turned (RUS-RASP-18)
    if kind == "raspasovka" and rules.raspasovka.record == "whists":
        return base  # Rostov (RUS-RASP-16): the talon takes no part; first hand leads (GAP-RUS-07)
    if kind == "raspasovka":
        four = view.match.n_players == 4
        # RUS-RASP-15/17: the two talon cards lead tricks 1 and 2; with four players the card is the
        # sitting-out dealer's lead and can win, with three it only names the suit.
        return dataclasses.replace(base, talon_leads=2, talon_contends=four,
                                   talon_owner=view.dealer if four else None,
                                   after_talon_leader=view.first_hand)
    if kind == "misere":
        # RUS-MIS-06: a declarer on lead leads before the defenders lie open; RUS-MIS-08: they may write
        # down the layout
        return dataclasses.replace(base, open_after_declarer_leads=True, layout_notes=misere.note_takers(view))
    if base.open_hands and rules.whist.first_lead_dark:
        # Jura: a declarer on lead makes the first lead dark, before the lone whister's hands lie open
        return dataclasses.replace(base, open_after_declarer_leads=True)
    return base  # a game: the rules from below, with the dummy's player (two players)


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: RussianRules) -> list[Entry] | None:
    return scoring.score_deal(result, match, rules)


@hookimpl
def pref_after_score(match: MatchView, posted: list[Entry], rules: RussianRules) -> list[Entry]:
    return scoring.overflow(match, rules)


@hookimpl
def pref_match_over(match: MatchView, rules: RussianRules) -> bool | None:
    led = match.ledger
    for s in range(match.n_players):  # asked after every deal: stops at the first open pool, no tuple built
        if led.get("pool", s) < rules.pool:
            return None  # not closed: let the core's max_deals decide
    return True


@hookimpl
def pref_settle(match: MatchView, rules: RussianRules) -> Settlement:
    return scoring.settle(match, rules)


# ---------------------------------------------------------------- the paper side (imported when asked)


@hookimpl
def pref_render_sheet(view: Any, form: str, rules: RussianRules) -> Any:
    """The pulka: running records and the pool/mountain/whists table as text, the drawn sheet as SVG
    (``variants/russian/sheet.py``)."""
    from . import sheet

    if form == "svg":
        return sheet.svg(view, rules)
    return sheet.sheet_text(view, rules) if form == "text" else None


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int,
                        rules: RussianRules) -> DealResult:
    """A contract deal, ``raspasovka = true`` or a half-and-half misère (``variants/russian/scorecard.py``)."""
    from . import scorecard

    return scorecard.read_deal(record, reader, index, dealer, rules)


@hookimpl
def pref_scorecard_required(rules: RussianRules) -> list[Any]:
    """The preset's pool is only a default: a record must say what the table agreed."""
    from preferans.core.plugin.sheet import RequiredKey

    return [RequiredKey("pool", "the pool target agreed at the table", str(rules.pool))]
