"""The Rulebook of a game played with local plugins (``--plugin house.py``): every hook's answer is checked.

The built-in variants and installed plugins are checked by the conformance suite; a local plugin is a file the
user just wrote, and a wrong answer of one of its hooks would otherwise go deep into the engine: a call the
variant does not know makes the auction go on for ever, a float is written on the sheet as money, a seat out
of range is an internal error that does not name the file. :class:`CheckedRulebook` answers exactly as
:class:`~preferans.core.rules.manager.Rulebook` and then checks the answer's type and values; a wrong one is
one line naming the plugin file, the hook and what is allowed (:class:`~preferans.core.model.errors.ConfigError`,
exit 2). The checks run where the engine asks a hook (an auction call, a phase's end, a deal's score), never per
card, and only in games with local plugins: the plain Rulebook of every other game is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pluggy
from pydantic import BaseModel

from preferans.core.model.errors import ConfigError, bad_input, excerpt
from preferans.core.model.views import (
    AllPassed,
    AllPassOutcome,
    AuctionStep,
    AuctionView,
    DealResult,
    DeclarationStep,
    DeclarationView,
    Declared,
    DefenceStep,
    DefenceView,
    Defended,
    Discard,
    Entry,
    MatchView,
    Next,
    PickUp,
    PlayAllPass,
    PlayRules,
    PlayView,
    Redeal,
    Settlement,
    TakeTalon,
    Won,
)
from preferans.core.rules import defaults
from preferans.core.rules.manager import Rulebook

STEPS = 500
"""Calls of one auction, or of one defence, at most: the longest of a built-in variant has a few dozen, so more
means the answers never end it (an auction of a call no rule ends would go on for ever)."""

DOC = "docs/hooks.md"


class CheckedRulebook(Rulebook):
    """A :class:`Rulebook` that checks every answer of the hooks a game asks (see the module's docstring).

    ``plugins`` are the game's local plugins (objects with ``label`` and ``module``): an error names the one
    that implements the hook (the last given first, as pluggy asks them), else all of them. ``words`` are the
    variant's own calls that are not contracts (its presets' ``[calls]``; a word ending in ``-`` is a prefix)."""

    def __init__(self, pm: pluggy.PluginManager, rules: BaseModel, plugins: Sequence[Any],
                 words: Sequence[str] = ()) -> None:
        super().__init__(pm, rules)
        self.plugins = tuple(plugins)
        self.words = frozenset(w for w in words if not w.endswith("-")) | {"pass", "defend"}
        self.prefixes = tuple(w for w in words if w.endswith("-"))
        self.zero_sum = all(impl.plugin is defaults for impl in pm.hook.pref_settlement_check.get_hookimpls())

    # ------------------------------------------------------------------ what an error says

    def _fail(self, hook: str, detail: Any) -> ConfigError:
        mine = [p for p in reversed(self.plugins) if callable(getattr(p.module, hook, None))]
        label = mine[0].label if mine else ", ".join(p.label for p in self.plugins)
        return ConfigError(label, "", detail)

    def _type(self, hook: str, answer: object, expected: str) -> ConfigError:
        return self._fail(hook, bad_input("{hook} answered {answer}, not {expected} ({doc})", hook=hook,
                                          answer=_shown(answer), expected=expected, doc=DOC))

    def _seat(self, hook: str, seat: object, seats: Sequence[int]) -> None:
        if type(seat) is not int or seat not in seats:
            raise self._fail(hook, bad_input("{hook} answered the seat {seat}, not one of {seats}", hook=hook,
                                             seat=excerpt(seat, 40), seats=", ".join(map(str, seats))))

    def _contract(self, hook: str, name: object, contracts: Any) -> None:
        if type(name) is not str or name not in contracts:
            raise self._fail(hook, bad_input("{hook} answered the contract {name}, which is not in the variant's "
                                             "contract table ({doc})", hook=hook, name=excerpt(name, 40), doc=DOC))

    def _calls(self, hook: str, answer: object, contracts: Any) -> list[str]:
        if type(answer) is not list or not all(type(c) is str for c in answer):
            raise self._type(hook, answer, "list[str]")
        if not answer:
            raise self._fail(hook, bad_input("{hook} answered no call: at least one call must be legal", hook=hook))
        for call in answer:
            if call not in self.words and call not in contracts and not call.startswith(self.prefixes or ("\0",)):
                raise self._fail(hook, bad_input(
                    "{hook} answered {call}, which is not a call of the variant ({word}, a contract name or a word "
                    "of its {calls} table)", hook=hook, call=excerpt(call, 40), word="pass", calls="[calls]"))
        return answer

    def _count(self, hook: str, calls: Sequence[object]) -> None:
        """A step hook's phase has gone on for ``calls``: more than :data:`STEPS` and its answers never end it."""
        if len(calls) > STEPS:
            raise self._fail(hook, bad_input(
                "{hook} answered {count} times in one deal without ending it: its answers must end the deal "
                "({doc})", hook=hook, count=STEPS, doc=DOC))

    def _entries(self, hook: str, answer: object, n_players: int) -> list[Entry]:
        if type(answer) is not list:
            raise self._type(hook, answer, "list[Entry]")
        for entry in answer:
            if not isinstance(entry, Entry) or type(entry.account) is not str:
                raise self._type(hook, entry, "Entry(account, seat, amount)")
            self._seat(hook, entry.seat, range(n_players))
            if entry.other is not None:
                self._seat(hook, entry.other, range(n_players))
            if type(entry.amount) not in (int, Fraction):
                raise self._fail(hook, bad_input(
                    "{hook} answered the amount {amount}: an amount is an int or a Fraction, never a {kind}",
                    hook=hook, amount=excerpt(entry.amount, 40), kind=type(entry.amount).__name__))
        return answer

    # ------------------------------------------------------------------ the hooks, checked

    def auction_legal(self, view: AuctionView, seat: int) -> list[str]:
        return self._calls("pref_auction_legal", super().auction_legal(view, seat), view.contracts)

    def auction_step(self, view: AuctionView) -> AuctionStep:
        hook = "pref_auction_step"
        step = super().auction_step(view)
        self._count(hook, view.calls)
        if isinstance(step, Next):
            self._seat(hook, step.seat, view.bidders)
        elif isinstance(step, Won):
            self._seat(hook, step.seat, view.bidders)
            self._contract(hook, step.bid, view.contracts)
        elif not isinstance(step, AllPassed):
            raise self._type(hook, step, "Next | Won | AllPassed")
        return step

    def all_pass(self, view: AuctionView) -> AllPassOutcome:
        outcome = super().all_pass(view)
        if isinstance(outcome, PlayAllPass):
            self._contract("pref_all_pass", outcome.contract, view.contracts)
        elif not isinstance(outcome, Redeal):
            raise self._type("pref_all_pass", outcome, "PlayAllPass | Redeal")
        return outcome

    def declaration_step(self, view: DeclarationView) -> DeclarationStep:
        hook = "pref_declaration_step"
        step = super().declaration_step(view)
        seats = range(max(3, view.match.n_players))
        if isinstance(step, (TakeTalon, PickUp, Next)):
            self._seat(hook, step.seat, seats)
            if (isinstance(step, TakeTalon) and view.talon_taken) or (isinstance(step, PickUp) and not view.discard):
                # the engine asks again at once: a talon taken twice, or no discard to pick up, would never end
                raise self._fail(hook, bad_input("{hook} answered {answer}, which changes nothing now: the deal "
                                                 "would never go on ({doc})", hook=hook, answer=_shown(step), doc=DOC))
        elif isinstance(step, Discard):
            self._seat(hook, step.seat, seats)
            if type(step.count) is not int or not 1 <= step.count <= 12:
                raise self._type(hook, step, "Discard(seat, count from 1 to 12)")
        elif isinstance(step, Declared):
            self._seat(hook, step.seat, seats)
            self._contract(hook, step.contract, view.contracts)
        else:
            raise self._type(hook, step, "TakeTalon | PickUp | Discard | Next | Declared")
        return step

    def declaration_legal(self, view: DeclarationView) -> list[str]:
        return self._calls("pref_declaration_legal", super().declaration_legal(view), view.contracts)

    def defence_legal(self, view: DefenceView, seat: int) -> list[str]:
        return self._calls("pref_defence_legal", super().defence_legal(view, seat), ())

    def defence_step(self, view: DefenceView) -> DefenceStep:
        hook = "pref_defence_step"
        step = super().defence_step(view)
        self._count(hook, view.calls)
        seats = range(max(3, view.match.n_players))
        if isinstance(step, Next):
            self._seat(hook, step.seat, seats)
        elif isinstance(step, Defended):
            if type(step.played) is not bool or type(step.defending) is not tuple:
                raise self._type(hook, step, "Defended(defending: tuple, played: bool)")
            for seat in step.defending:
                self._seat(hook, seat, seats)
        else:
            raise self._type(hook, step, "Next | Defended")
        return step

    def play_rules(self, view: PlayView) -> PlayRules:
        play = super().play_rules(view)
        if not isinstance(play, PlayRules):
            raise self._type("pref_play_rules", play, "PlayRules")
        self._seat("pref_play_rules", play.leader, range(max(3, view.match.n_players)))
        return play

    def score_deal(self, result: DealResult, match: MatchView) -> list[Entry]:
        hook = "pref_score_deal"
        call = self._score_deal or self._compile(hook, ("result", "match", "rules"), True)
        return self._entries(hook, call(result, match), match.n_players)

    def after_score(self, match: MatchView, posted: list[Entry]) -> list[Entry]:
        hook = "pref_after_score"
        call = self._after_score or self._compile(hook, ("match", "posted", "rules"), False)
        out: list[Entry] = []
        for part in call(match, posted):
            out.extend(self._entries(hook, part, match.n_players))
        return out

    def before_deal(self, match: MatchView, dealer: int) -> list[Entry]:
        hook = "pref_before_deal"
        call = self._before_deal or self._compile(hook, ("match", "dealer", "rules"), False)
        out: list[Entry] = []
        for part in call(match, dealer):
            out.extend(self._entries(hook, part, match.n_players))
        return out

    def next_dealer(self, match: MatchView, result: DealResult) -> int:
        hook = "pref_next_dealer"
        call = self._next_dealer or self._compile(hook, ("match", "result", "rules"), True)
        seat = call(match, result)
        self._seat(hook, seat, range(match.n_players))
        return int(seat)

    def match_over(self, match: MatchView) -> bool:
        hook = "pref_match_over"
        call = self._match_over or self._compile(hook, ("match", "rules"), True)
        over = call(match)
        if type(over) is not bool:
            raise self._type(hook, over, "bool")
        return over

    def settle(self, match: MatchView) -> Settlement:
        hook = "pref_settle"
        settlement = super().settle(match)
        n = match.n_players
        if (not isinstance(settlement, Settlement) or type(settlement.exact) is not tuple
                or type(settlement.rounded) is not tuple or len(settlement.exact) != n or len(settlement.rounded) != n
                or not all(type(x) in (int, Fraction) for x in settlement.exact)
                or not all(type(x) is int for x in settlement.rounded)):
            raise self._type(hook, settlement, f"Settlement(exact: {n} Fractions, rounded: {n} ints)")
        exact, rounded = sum(settlement.exact, Fraction(0)), sum(int(x) for x in settlement.rounded)
        if self.zero_sum and (exact != 0 or rounded != 0):
            total = exact or rounded
            raise self._fail(hook, bad_input(
                "{hook} answered a settlement that sums to {total}, not 0: the variant is zero-sum ({doc})",
                hook=hook, total=str(total), doc=DOC))
        return settlement

    def scorecard_deal(self, record: dict[str, Any], reader: Any, index: int, dealer: int) -> DealResult:
        result = super().scorecard_deal(record, reader, index, dealer)
        if not isinstance(result, DealResult):
            raise self._type("pref_scorecard_deal", result, "DealResult")
        return result


def _shown(answer: object) -> str:
    """An answer as an error line quotes it: short, with its type."""
    return f"{excerpt(answer, 40)} ({type(answer).__name__})"
