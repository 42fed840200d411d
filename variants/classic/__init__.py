"""Classic (классика): the old Russian convention with dark calls, bombs and a dealer who deals again.

What differs from the Russian family base, as hooks (docs/variants/classic.md):

* dark calls (втёмную, RUS-BID-04): ``"dark-pass"``, ``"dark-6S"`` .. ``"dark-10NT"`` and ``"dark-misere"``,
  only as a seat's first call; a seat that called dark makes his later game calls dark too. A dark game
  is bid with its own non-biddable row (``"dark-7S"``) and played as the plain contract he names; a dark
  misère is played as the row ``"dark-misere"``: caught dark, talon taken closed (RUS-MIS-05);
* bombs (бомба, RUS-RASP-21/26): every dark pass of a deal that becomes a raspasovka earns a bomb, and
  the next game is multiplied by 2^k (GAP-RUS-08); ``classic.scoring`` multiplies the base's entries;
* the exit from a raspasovka after a dark pass by a seven, after a double bomb by an eight ... (RUS-RASP-22);
* after a raspasovka the same dealer deals again (RUS-RASP-20), and optional compulsory opening rounds of
  raspasovka in which everybody counts as having passed dark (RUS-RASP-25);
* a scorecard deal may say ``dark = true`` (or list the players who passed dark in a raspasovka).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from preferans.core.plugin import (
    AllPassed,
    AuctionStep,
    AuctionView,
    ContractRegistry,
    DealResult,
    Entry,
    MatchView,
    Next,
    Won,
    hookimpl,
)
from preferans.variants import russian
from preferans.variants.russian import scoring as russian_scoring

from . import scoring
from .rules import ClassicRules

DARK = scoring.DARK


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return ClassicRules.sections()


@hookimpl(wrapper=True)
def pref_register_contracts(contracts: ContractRegistry,
                            rules: ClassicRules) -> Generator[None, list[None], list[None]]:
    """A dark twin of every game and of misère the plugins below registered (after the ``yield``: the
    Russian rows are in by then). The game twins are never declared: they are the bid, ranked like their
    plain game; the dark misère is played as it is (RUS-MIS-05: caught dark, talon closed)."""
    result = yield
    plain = [contracts[name] for name in _plain_names(contracts)]
    for spec in plain:
        if spec.kind == "misere":
            contracts.add(spec.with_(name=DARK + spec.name, label=f"{spec.label} (dark)", biddable=False,
                                     talon_shown=False, defenders_open=False))
        else:
            contracts.add(spec.with_(name=DARK + spec.name, label=f"{spec.label} (dark)", biddable=False))
    return result


def _plain_names(contracts: ContractRegistry) -> list[str]:
    names = [f"{level}{strain}" for level in range(6, 11) for strain in ("S", "C", "D", "H", "NT")]
    return [n for n in (*names, "misere") if n in contracts]


def _first_call_dark(view: AuctionView, seat: int) -> bool | None:
    """``None`` when the seat has not spoken yet, else whether his first call was dark."""
    mine = view.calls_of(seat)
    return mine[0].startswith(DARK) if mine else None


@hookimpl
def pref_auction_legal(view: AuctionView, seat: int, rules: ClassicRules) -> list[str]:
    """The family's calls with Classic's exit from raspasovka (answered before the family's, whose exit counts
    every raspasovka of the series): the level counts the bombs the series earned (RUS-RASP-22) or its
    raspasovkas (RUS-RASP-24), as ``bomb.exit_counts`` says, the compulsory opening raspasovkas left out;
    then the compulsory opening raspasovkas and the dark twins of the seat's first call."""
    if scoring.compulsory(len(view.match.history), view.match.n_players, rules):
        return [DARK + "pass"]  # RUS-RASP-25: the opening raspasovkas, everybody deemed to pass dark
    legal = russian.auction_calls(view, seat, scoring.exit_minimum(view.match, rules))
    dark = _first_call_dark(view, seat)
    allowed = rules.dark.calls
    if dark is None:  # the first call: plain or dark
        out = [*legal]
        if "pass" in allowed:
            out.append(DARK + "pass")
        for c in legal:
            if c != "pass" and ("misere" if view.contracts[c].kind == "misere" else "games") in allowed:
                out.append(DARK + c)
        return out
    if dark:  # he has not looked at his cards: his later game calls are dark too
        return ["pass", *(DARK + c for c in legal if c != "pass")]
    return legal


@hookimpl
def pref_auction_step(view: AuctionView, rules: ClassicRules) -> AuctionStep | None:
    """The core's auction with a dark pass counted as a pass; a dark bid wins as itself. Without a dark call
    it is the core's own (``None``: defer). With one, the answer is Classic's: a wrapper would get the core's
    answer for the calls as they are, where a dark pass is no pass."""
    calls = view.calls
    if not any(c.startswith(DARK) for _, c in calls):
        return None
    passed = {s for s, c in calls if scoring.plain(c) == "pass"}
    order = view.bidders
    remaining = [s for s in order if s not in passed]
    if not remaining:
        return AllPassed()
    best = view.highest()  # the dark rows rank as their games, so a dark bid counts as its game
    if len(remaining) == 1 and best is not None and best[0] == remaining[0]:
        return Won(best[0], best[1].name)
    i, n = order.index(calls[-1][0]), len(order)
    for step in range(1, n + 1):
        if order[(i + step) % n] not in passed:
            return Next(order[(i + step) % n])
    return AllPassed()  # pragma: no cover - remaining was non-empty


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: ClassicRules) -> list[Entry]:
    """The Russian entries, multiplied by the bombs in hand and a dark bid's factor (Кодекс 4.1.2)."""
    entries = russian_scoring.score_deal(result, match, rules)
    factor = scoring.multiplier(result, match, rules)
    if factor == 1:
        return entries
    return [dataclasses.replace(e, amount=scoring.exact(e.amount * factor), note=f"{e.note} x{factor}")
            for e in entries]


@hookimpl
def pref_next_dealer(match: MatchView, result: DealResult, rules: ClassicRules) -> int | None:
    """RUS-RASP-20: after a raspasovka the same dealer deals again (not in the compulsory opening rounds,
    which go round the table, nor past ``dealing.repeat_limit`` raspasovkas in a row)."""
    if scoring.repeats_dealer(match, result, rules):
        return result.dealer
    return None


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int,
                        rules: ClassicRules) -> DealResult | None:
    """A deal with ``dark``: ``true`` on a contract deal (the declarer bid dark), ``true`` or a list of
    names on a raspasovka (who passed dark). Everything else is the Russian family's reading."""
    if "dark" not in record:
        return None
    from preferans.variants.russian import scorecard as russian_scorecard

    rest = {k: v for k, v in record.items() if k != "dark"}
    result = russian_scorecard.read_deal(rest, reader, index, dealer, rules)
    return scoring.dark_deal(result, record["dark"], reader, index, rules)
