"""The mutation self-test: broken plugins built from the built-in variants, each of which the suite must fail.

A *mutation* is one deliberate rule error added to a built-in variant as a plugin in the game's own plugin
manager (``load_variant(name, plugins=[module])``, exactly as a house rule is added): a hook wrapper that
changes the family's answer (``must_follow`` off in the play rules, the talon given to the wrong seat), or a
replacing ``tryfirst`` implementation that calls the family's own hook with a changed rules value (the whist
quota, the raspasovka price) or a changed deal (the kontra moved to the other defender). The variant's own
rules values stay as published, so the checks hold it to the published game.

:func:`run_mutation` runs the suite's checks (the test functions of ``conformance.py``, with the fixtures'
values) on the mutated variant, cheapest first, and stops at the first that fails: that check *caught* the
mutation. ``preferans conformance --self-test`` prints every mutation with its catcher and the score
(caught/all); ``tests/test_mutations.py`` keeps every mutation caught.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import random
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from preferans.core.model.cards import NO_TRUMP
from preferans.core.model.views import Discard, Entry, PlayRules, Settlement, TakeTalon
from preferans.core.rules.config import Variant, load_variant
from preferans.core.rules.hookspecs import hookimpl

from . import conformance

_COUNTER = itertools.count(1)

FIRST = [
    # cheap and exact first, so the self-test is quick; then the random checks; the slow match check last
    "test_loading_preset_resolves", "test_loading_hooks_match_specs", "test_loading_rules_roundtrip_toml",
    "test_play_perft_matches_family", "test_scoring_matches_golden_deals", "test_play_rules_match_reference",
    "test_simulation_one_actor_with_legal_actions", "test_simulation_cards_conserved",
    "test_money_settlement_exact_and_zero_sum", "test_money_pot_balances_every_deal",
]
LAST = ["test_simulation_match_ends"]


@dataclass(frozen=True)
class Mutation:
    """One broken rule: ``variant`` plus the hooks ``make(variant)`` returns (name -> marked function)."""

    name: str
    variant: str
    what: str
    make: Callable[[Variant], dict[str, Callable[..., Any]]]


def plugin_module(mutation: Mutation, base: Variant) -> ModuleType:
    """The mutation as a plugin module of its own (a fresh name each time: pluggy keys plugins by name)."""
    module = ModuleType(f"_preferans_mutation_{next(_COUNTER)}_{mutation.name.replace('-', '_')}")
    module.__doc__ = mutation.what
    for hook, fn in mutation.make(base).items():
        setattr(module, hook, fn)
    return module


def mutated(mutation: Mutation) -> Variant:
    base = load_variant(mutation.variant)
    return load_variant(mutation.variant, plugins=[plugin_module(mutation, base)])


# ---------------------------------------------------------------- kinds of mutation


def play_rules(change: Callable[[PlayRules, Any], PlayRules]) -> Callable[[Variant], dict[str, Callable[..., Any]]]:
    """Wrap ``pref_play_rules``: ``change(the family's answer, the play view)``."""
    def make(_: Variant) -> dict[str, Callable[..., Any]]:
        @hookimpl(wrapper=True)
        def pref_play_rules(view: Any, rules: Any) -> Generator[None, PlayRules, PlayRules]:
            base = yield
            return change(base, view)
        return {"pref_play_rules": pref_play_rules}
    return make


def _family_hook(variant: Variant, hook: str) -> list[Callable[..., Any]]:
    """The variant's own implementations of ``hook``, the most derived first (the core's default and any
    wrapper left out)."""
    seen: list[Callable[..., Any]] = []
    for module in reversed(variant.stack):
        fn = getattr(module, hook, None)
        if fn is not None and fn not in seen and not inspect.isgeneratorfunction(fn):
            seen.append(fn)
    return seen


def score_with(change_rules: Callable[[Any], Any] | None = None,
               change_result: Callable[[Any], Any] | None = None) -> Callable[[Variant], dict[str, Callable[..., Any]]]:
    """Replace ``pref_score_deal`` by the family's own, called with changed rules or a changed deal."""
    def make(variant: Variant) -> dict[str, Callable[..., Any]]:
        family = _family_hook(variant, "pref_score_deal")

        @hookimpl(tryfirst=True)
        def pref_score_deal(result: Any, match: Any, rules: Any) -> list[Entry] | None:
            r = change_rules(rules) if change_rules else rules
            d = change_result(result) if change_result else result
            for fn in family:
                out = fn(result=d, match=match, rules=r)
                if out is not None:
                    return list(out)
            return None
        return {"pref_score_deal": pref_score_deal}
    return make


def scored(change: Callable[[list[Entry]], list[Entry]]) -> Callable[[Variant], dict[str, Callable[..., Any]]]:
    """Wrap ``pref_score_deal``: ``change(the entries the family writes)``."""
    def make(_: Variant) -> dict[str, Callable[..., Any]]:
        @hookimpl(wrapper=True)
        def pref_score_deal(result: Any, match: Any, rules: Any) -> Generator[None, Any, Any]:
            out = yield
            return change(list(out)) if out is not None else out
        return {"pref_score_deal": pref_score_deal}
    return make


def section(name: str, **values: Any) -> Callable[[Any], Any]:
    """Rules with ``values`` changed in the section ``name``."""
    def change(rules: Any) -> Any:
        return rules.model_copy(update={name: getattr(rules, name).model_copy(update=values)})
    return change


def _other_trump(r: PlayRules, _: Any) -> PlayRules:
    return r if r.trump == NO_TRUMP else dataclasses.replace(r, trump=(r.trump + 1) % 4)


def _talon_elsewhere(duplicate: bool) -> Callable[[Variant], dict[str, Callable[..., Any]]]:
    """The talon goes to the seat after the declarer (``duplicate``: to him as well, so its cards are twice)."""
    def make(_: Variant) -> dict[str, Callable[..., Any]]:
        @hookimpl(wrapper=True)
        def pref_declaration_step(view: Any, rules: Any) -> Generator[None, Any, Any]:
            step = yield
            other = (view.declarer + 1) % view.match.n_players
            if isinstance(step, TakeTalon) and not duplicate:
                return TakeTalon(other)
            if duplicate and isinstance(step, Discard) and view.hands and view.hands[other].bit_count() == 10:
                return TakeTalon(other)
            return step
        return {"pref_declaration_step": pref_declaration_step}
    return make


def _settle_off(_: Variant) -> dict[str, Callable[..., Any]]:
    @hookimpl(wrapper=True)
    def pref_settle(match: Any, rules: Any) -> Generator[None, Settlement, Settlement]:
        s = yield
        return dataclasses.replace(s, exact=(s.exact[0] + 1, *s.exact[1:]), rounded=(s.rounded[0] + 1, *s.rounded[1:]))
    return {"pref_settle": pref_settle}


def _global_random(_: Variant) -> dict[str, Callable[..., Any]]:
    @hookimpl(wrapper=True)
    def pref_auction_legal(view: Any, seat: Any, rules: Any) -> Generator[None, Any, Any]:
        legal = yield
        return legal if random.random() < 0.5 else legal[:1]  # noqa: S311 - the defect under test
    return {"pref_auction_legal": pref_auction_legal}


def _call_twice(_: Variant) -> dict[str, Callable[..., Any]]:
    @hookimpl(wrapper=True)
    def pref_auction_legal(view: Any, seat: Any, rules: Any) -> Generator[None, Any, Any]:
        legal = yield
        return [*legal, legal[0]]
    return {"pref_auction_legal": pref_auction_legal}


def _never_over(_: Variant) -> dict[str, Callable[..., Any]]:
    @hookimpl(tryfirst=True)
    def pref_match_over(match: Any, rules: Any) -> bool:
        return False
    return {"pref_match_over": pref_match_over}


def _kontra_moved(result: Any) -> Any:
    """The kontra said by one defender written on the other: the kontra and the other defender's answer
    next to it in the kontra round (``no-kontra``, ``pass``) change places."""
    calls = list(result.defence)
    said = next((i for i, (s, c) in enumerate(calls) if c == "kontra" and s != result.declarer), None)
    if said is None:
        return result
    seat = calls[said][0]
    other = next((i for i in (said + 1, said - 1) if 0 <= i < len(calls)
                  and calls[i][0] not in (seat, result.declarer) and calls[i][1] in ("no-kontra", "pass")), None)
    if other is None:
        return result
    calls[said], calls[other] = (seat, calls[other][1]), (calls[other][0], "kontra")
    return dataclasses.replace(result, defence=tuple(calls))


def _pot_leaks(entries: list[Entry]) -> list[Entry]:
    return [e for e in entries if not (e.account == "pot" and e.amount > 0 and e.note != "ante")]


def _floats(entries: list[Entry]) -> list[Entry]:
    return [dataclasses.replace(e, amount=float(e.amount)) for e in entries]  # type: ignore[arg-type]


def _misere_closed(r: PlayRules, view: Any) -> PlayRules:
    return dataclasses.replace(r, open_hands=()) if view.contract.kind == "misere" else r


def _all_open(r: PlayRules, view: Any) -> PlayRules:
    return dataclasses.replace(r, open_hands=r.hands) if view.contract.kind != "raspasovka" else r


def _declarer_leads(r: PlayRules, _: Any) -> PlayRules:
    return r if r.declarer is None else dataclasses.replace(r, leader=r.declarer)


def _no_stop(r: PlayRules, _: Any) -> PlayRules:
    return dataclasses.replace(r, stop_declarer_at=None, stop_defence_at=None if r.stop_defence_at == 1 else
                               r.stop_defence_at)


def _quota(rules: Any) -> Any:
    return section("whist", obligation={**rules.whist.obligation, 6: 3})(rules)


FOLLOW_OFF = play_rules(lambda r, _: dataclasses.replace(r, must_follow=False))
TRUMP_OFF = play_rules(lambda r, _: dataclasses.replace(r, must_trump=False))
BEAT_OFF = play_rules(lambda r, _: dataclasses.replace(r, must_beat=False, must_overtrump=False))
BEAT_ON = play_rules(lambda r, _: dataclasses.replace(r, must_beat=True))

MUTATIONS: tuple[Mutation, ...] = (
    # ---- play: following, trumping, heading the trick
    Mutation("follow-off-sochi", "sochi", "must-follow off", FOLLOW_OFF),
    Mutation("follow-off-serbian", "serbian", "must-follow off", FOLLOW_OFF),
    Mutation("follow-off-austrian", "austrian", "must-follow off", FOLLOW_OFF),
    Mutation("follow-off-illustrated", "illustrated", "must-follow off", FOLLOW_OFF),
    Mutation("trump-off-leningrad", "leningrad", "must-trump off", TRUMP_OFF),
    Mutation("trump-off-balkan", "balkan", "must-trump off", TRUMP_OFF),
    Mutation("trump-off-styrian", "styrian", "must-trump off", TRUMP_OFF),
    Mutation("beat-on-rostov", "rostov", "must-beat (head the trick) in a Russian game", BEAT_ON),
    Mutation("beat-off-austrian-unlimited", "austrian-unlimited", "the Stichzwang off", BEAT_OFF),
    # ---- play: who wins, who leads, how the talon leads, when play stops
    Mutation("winner-classic", "classic", "a wrong trick winner: the next suit trumps", play_rules(_other_trump)),
    Mutation("winner-slovenian", "slovenian", "a wrong trick winner: the next suit trumps", play_rules(_other_trump)),
    Mutation("winner-austrian-limited", "austrian-limited", "a wrong trick winner: the next suit trumps",
             play_rules(_other_trump)),
    Mutation("winner-leningrad-talon", "leningrad", "a wrong trick winner: the raspasovka talon card wins",
             play_rules(lambda r, _: dataclasses.replace(r, talon_contends=True) if r.talon_leads else r)),
    Mutation("leader-sochi", "sochi", "the declarer leads instead of first hand", play_rules(_declarer_leads)),
    Mutation("leader-balkan", "balkan", "the declarer leads sans", play_rules(_declarer_leads)),
    Mutation("sans-lead-serbian", "serbian", "sans led by the seat after the declarer, not the one before",
             play_rules(lambda r, v: dataclasses.replace(r, leader=(v.declarer + 1) % 3) if v.contract.kind == "sans"
                        else r)),
    Mutation("talon-leads-off-sochi", "sochi", "the raspasovka talon leads no trick",
             play_rules(lambda r, _: dataclasses.replace(r, talon_leads=0))),
    Mutation("no-early-stop-illustrated", "illustrated", "an extra contract that never ends early",
             play_rules(_no_stop)),
    Mutation("no-early-stop-nachgehen", "nachgehen", "an extra contract that never ends early",
             play_rules(_no_stop)),
    Mutation("no-early-stop-balkan", "balkan", "betl that never ends early", play_rules(_no_stop)),
    # ---- what a seat sees, where the cards go
    Mutation("open-sochi", "sochi", "every hand shown to every seat", play_rules(_all_open)),
    Mutation("open-austrian", "austrian", "every hand shown to every seat", play_rules(_all_open)),
    Mutation("misere-closed-classic", "classic", "the misère defenders' hands never shown",
             play_rules(_misere_closed)),
    Mutation("talon-wrong-seat-sochi", "sochi", "the talon shown to (taken by) the wrong seat",
             _talon_elsewhere(False)),
    Mutation("talon-wrong-seat-austrian", "austrian", "the talon taken by the wrong seat", _talon_elsewhere(False)),
    Mutation("card-twice-sochi", "sochi", "a card duplicated: the talon in two hands", _talon_elsewhere(True)),
    Mutation("card-twice-balkan", "balkan", "a card duplicated: the talon in two hands", _talon_elsewhere(True)),
    # ---- scoring
    Mutation("quota-sochi", "sochi", "the whist quota of a six changed (4 -> 3)", score_with(_quota)),
    Mutation("quota-classic", "classic", "the whist quota of a six changed (4 -> 3)", score_with(_quota)),
    Mutation("rasp-price-sochi", "sochi", "a raspasovka price off by one",
             score_with(lambda r: section("raspasovka", trick_price=r.raspasovka.trick_price + 1)(r))),
    Mutation("misere-penalty-classic", "classic", "the misère penalty off by one",
             score_with(lambda r: section("misere", penalty_per_trick=r.misere.penalty_per_trick + 1)(r))),
    Mutation("failed-sochi", "sochi", "the scoring of a failed contract off (undertricks counted double)",
             score_with(lambda r: section("declarer", undertrick_rate=r.declarer.undertrick_rate + 1)(r))),
    Mutation("quota-balkan", "balkan", "a defender's own quota changed (2 -> 1)",
             score_with(section("defence", each_quota=1))),
    Mutation("kontra-wrong-balkan", "balkan", "kontra doubling the wrong defender",
             score_with(change_result=_kontra_moved)),
    Mutation("kontra-factor-serbian", "serbian", "kontra tripling, not doubling",
             score_with(section("kontra", factor=3))),
    Mutation("kontra-wrong-illustrated", "illustrated", "kontra doubling the wrong defender",
             score_with(change_result=_kontra_moved)),
    Mutation("kontra-wrong-nachgehen", "nachgehen", "kontra doubling the wrong defender",
             score_with(change_result=_kontra_moved)),
    Mutation("pot-leaks-austrian", "austrian", "a pot that loses money (payments into it vanish)", scored(_pot_leaks)),
    Mutation("pot-leaks-styrian", "styrian", "a pot that loses money (payments into it vanish)", scored(_pot_leaks)),
    Mutation("not-zero-sum-balkan", "balkan", "the settlement not zero-sum", _settle_off),
    Mutation("not-zero-sum-leningrad", "leningrad", "the settlement not zero-sum", _settle_off),
    Mutation("floats-rostov", "rostov", "money as floats, not exact", scored(_floats)),
    # ---- well-formedness
    Mutation("global-random-austrian", "austrian", "a hook that draws from the global random", _global_random),
    Mutation("call-twice-slovenian", "slovenian", "a call offered twice", _call_twice),
    Mutation("never-over-rostov", "rostov", "a match that never ends (the closed pool ignored)", _never_over),
    Mutation("never-over-styrian", "styrian", "a session that never ends (the empty pot, max_deals ignored)",
             _never_over),
)


# ---------------------------------------------------------------- running


@dataclass
class Outcome:
    mutation: Mutation
    caught_by: str | None
    why: str
    seconds: float

    @property
    def caught(self) -> bool:
        return self.caught_by is not None


def _checks() -> list[tuple[str, Callable[..., Any]]]:
    names = list(conformance.__all__)
    order = [n for n in FIRST if n in names] + [n for n in names if n not in FIRST and n not in LAST] + [
        n for n in LAST if n in names]
    return [(n, getattr(conformance, n)) for n in order]


def run_mutation(mutation: Mutation, deals: int = 6, seed: int = 0) -> Outcome:
    """Run the suite's checks on the mutated variant until one fails."""
    start = time.perf_counter()
    variant = mutated(mutation)
    values = {"preferans_loaded": variant, "preferans_seed": seed, "preferans_deals": deals,
              "preferans_variant_name": mutation.variant, "preferans_variant": mutation.variant,
              # a mutation stands for a broken variant, not a house rule: the golden checks run on it too
              "preferans_plugins": [],
              # pytest's fixture that the walking checks record their coverage with: not needed here
              "record_property": lambda name, value: None}
    for name, test in _checks():
        params = list(inspect.signature(test).parameters)
        if any(p not in values for p in params):
            continue  # a check with a fixture this runner does not know
        args = {p: values[p] for p in params}
        try:
            test(**args)
        except pytest.skip.Exception:
            continue
        except AssertionError as exc:
            return Outcome(mutation, name, str(exc).splitlines()[0] if str(exc) else "failed",
                           time.perf_counter() - start)
        except Exception as exc:  # noqa: BLE001 - a broken rule may crash the check: pytest fails it too
            return Outcome(mutation, name, f"{type(exc).__name__}: {exc}".splitlines()[0],
                           time.perf_counter() - start)
    return Outcome(mutation, None, "every check passed", time.perf_counter() - start)


def self_test(deals: int = 6, seed: int = 0) -> Iterator[Outcome]:
    for m in MUTATIONS:
        yield run_mutation(m, deals, seed)
