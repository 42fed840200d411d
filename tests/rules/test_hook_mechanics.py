"""How hooks are called: every hook through pluggy (the two registration hooks too, so an implementation
may take fewer arguments, be ``tryfirst`` or a wrapper), wrappers refine the answer of the plugins below,
and the Rulebook's compiled callers run wrappers themselves with pluggy's semantics instead of falling back
to pluggy's call loop."""

from __future__ import annotations

import dataclasses
import random
import types
import uuid
from collections.abc import Callable, Generator
from typing import Any

import pluggy
import pytest
from pydantic import BaseModel, ConfigDict

from preferans.core import Game, load_variant
from preferans.core.engine.game import Phase
from preferans.core.model.errors import NoRuleError
from preferans.core.plugin import ContractRegistry, ContractSpec, PlayRules, PlayView, hookimpl
from preferans.core.rules import hookspecs
from preferans.core.rules.manager import PASSES_DEFAULTS, Rulebook, build_manager

Install = Callable[..., types.ModuleType]


@pytest.fixture
def extra_plugin() -> Install:
    """``install(**hooks)``: an in-memory plugin module with those functions, to pass as
    ``load_variant(..., plugins=[module])``. Each has a name of its own, as the rules model is kept per
    stack of plugin names."""
    def install(**functions: Any) -> types.ModuleType:
        module = types.ModuleType(f"hook_mechanics_{uuid.uuid4().hex[:8]}")
        for key, fn in functions.items():
            setattr(module, key, fn)
        return module

    return install


class HouseRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    bonus: int = 0


class OtherHouseRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    other: str = "x"


BETTEL = ContractSpec(name="bettel", kind="negative", label="Bettel", rank=75, goal="none", must_beat=True,
                      has_defence=False)


# ---------------------------------------------------------------- the registration hooks go through pluggy


def test_register_contracts_with_one_argument(extra_plugin: Install) -> None:
    @hookimpl
    def pref_register_contracts(contracts: ContractRegistry) -> None:
        contracts.add(BETTEL)

    plugin = extra_plugin(pref_register_contracts=pref_register_contracts)
    plain = load_variant("sochi")
    variant = load_variant("sochi", plugins=[plugin])
    assert variant.contracts["bettel"] == BETTEL
    assert [r for r in variant.contracts if r.name != "bettel"] == list(plain.contracts)
    assert Game(variant, seed=1).contracts["bettel"] == BETTEL  # the game's own table too


def test_a_wrapper_changes_the_rows_of_the_plugins_below(extra_plugin: Install) -> None:
    """After its ``yield`` a wrapper sees every row registered below (Russian's, Classic's dark twins) and
    may replace or remove them; with one argument too."""
    @hookimpl(wrapper=True)
    def pref_register_contracts(contracts: ContractRegistry) -> Generator[None, Any, Any]:
        result = yield
        contracts.remove("dark-misere")
        contracts.replace(contracts["misere"].with_(label="мизер"))
        return result

    variant = load_variant("classic", plugins=[extra_plugin(pref_register_contracts=pref_register_contracts)])
    assert "dark-misere" not in variant.contracts and "dark-7S" in variant.contracts
    assert variant.contracts["misere"].label == "мизер"
    assert len(variant.contracts.rows) == len(load_variant("classic").contracts.rows) - 1


def test_rules_sections_tryfirst_and_order(extra_plugin: Install) -> None:
    """A ``tryfirst`` implementation is asked first and merged last, so its section wins over one of the
    same name from a plugin registered after it; without ``tryfirst`` the later plugin's would."""
    @hookimpl(tryfirst=True)
    def first() -> dict[str, Any]:
        return {"house": (HouseRules, HouseRules())}

    @hookimpl
    def later() -> dict[str, Any]:
        return {"house": (OtherHouseRules, OtherHouseRules())}

    a = extra_plugin(pref_rules_sections=first)
    b = extra_plugin(pref_rules_sections=later)
    variant = load_variant("sochi", {"house": {"bonus": 3}}, plugins=[a, b])
    assert variant.rules.house == HouseRules(bonus=3)
    assert variant.rules.pool == load_variant("sochi").rules.pool  # the other sections as they were
    plain_first = extra_plugin(pref_rules_sections=hookimpl(lambda: {"house": (HouseRules, HouseRules())}))
    assert isinstance(load_variant("sochi", plugins=[plain_first, b]).rules.house, OtherHouseRules)


def test_every_hook_is_traced(extra_plugin: Install, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    """With ``PREFERANS_TRACE_HOOKS`` set every hook call is printed, the registration hooks included, and
    the Rulebook leaves its fast path for pluggy's traced call."""
    monkeypatch.setenv("PREFERANS_TRACE_HOOKS", "1")
    plugin = extra_plugin(pref_rules_sections=hookimpl(lambda: {"house": (HouseRules, HouseRules())}))
    variant = load_variant("sochi", plugins=[plugin])
    game = Game(variant, seed=1)
    game.apply(game.legal_actions()[0])
    out = capsys.readouterr().out
    for hook in ("pref_rules_sections", "pref_register_contracts", "pref_before_deal", "pref_auction_step",
                 "pref_auction_legal"):
        assert f"{hook} [hook]" in out, hook
    assert set(game.book.kinds.values()) == {"pluggy"}


# ---------------------------------------------------------------- wrappers refine the answer below


def test_a_wrapper_refines_the_play_rules_on_the_fast_path(extra_plugin: Install) -> None:
    """Under Sochi a wrapper gives every hand the right to note the layout. The game plays with the refined
    rules, Russian's own refinement (its wrapper: two talon-led tricks in raspasovka) still below it, and
    no hook call goes through pluggy's call loop."""
    @hookimpl(wrapper=True)
    def pref_play_rules(view: PlayView) -> Generator[None, PlayRules, PlayRules]:
        base = yield
        return dataclasses.replace(base, layout_notes=base.hands)

    variant = load_variant("sochi", plugins=[extra_plugin(pref_play_rules=pref_play_rules)])
    rng = random.Random(3)
    kinds: set[str] = set()
    via_pluggy: list[str] = []
    for seed in range(20):
        game = Game(variant, seed=seed)
        game.match.pm.add_hookcall_monitoring(lambda name, impls, kwargs: via_pluggy.append(name), lambda *a: None)
        while len(game.results) < 30 and not game.is_terminal:
            if game.phase is Phase.PLAY:
                assert game.deal.play is not None and game.deal.contract is not None
                rules = game.deal.play.rules
                assert rules.layout_notes == rules.hands and rules.hands
                kinds.add(game.deal.contract.kind)
                if game.deal.contract.kind == "raspasovka":
                    assert rules.talon_leads == 2
            legal = game.legal_actions()
            if game.phase is Phase.AUCTION and "pass" in legal and rng.random() < 0.6:
                game.apply("pass")  # all pass now and then: raspasovka
            else:
                game.apply(legal[int(rng.random() * len(legal))])
        assert game.book.kinds["pref_play_rules"] == "wrapped"
        # Russian's calls with its exit from raspasovka, a plain answer before the core's: the first answer
        assert game.book.kinds["pref_auction_legal"] == "first"
        assert via_pluggy == []
        if {"raspasovka", "suit"} <= kinds:
            break
    assert {"raspasovka", "suit"} <= kinds


def test_an_outer_wrapper_sees_the_inner_refinement() -> None:
    """Wrappers nest in pluggy's order: the last registered is outermost and gets what the ones inside
    returned. Checked against pluggy's own call of the same manager."""
    calls: list[str] = []

    class Inner:
        @hookimpl(wrapper=True)
        def pref_defence_legal(self, seat: int) -> Generator[None, list[str], list[str]]:
            calls.append("inner in")
            legal = yield
            calls.append("inner out")
            return [*legal, "inner"]

    class Outer:
        @hookimpl(wrapper=True)
        def pref_defence_legal(self) -> Generator[None, list[str], list[str]]:
            calls.append("outer in")
            legal = yield
            calls.append("outer out")
            return [*legal, "outer"]

    class TryFirst:
        @hookimpl(wrapper=True, tryfirst=True)
        def pref_defence_legal(self, view: Any) -> Generator[None, list[str], list[str]]:
            legal = yield
            return [*legal, "tryfirst"]

    pm = build_manager([])  # the core's defaults only
    for plugin in (TryFirst(), Inner(), Outer()):
        pm.register(plugin)
    rules = load_variant("sochi").rules
    book = Rulebook(pm, rules)
    view = object()
    fast = book.defence_legal(view, 1)  # type: ignore[arg-type]
    assert book.kinds["pref_defence_legal"] == "wrapped"
    assert fast == ["pass", "defend", "inner", "outer", "tryfirst"]  # the core default: pass or defend
    assert calls == ["outer in", "inner in", "inner out", "outer out"]
    calls.clear()
    assert pm.hook.pref_defence_legal(view=view, seat=1, rules=rules) == fast
    assert calls == ["outer in", "inner in", "inner out", "outer out"]


# ---------------------------------------------------------------- exceptions are thrown into wrappers


class Boom(Exception):
    pass


def _book_with(*plugins: object) -> tuple[pluggy.PluginManager, Rulebook, Any]:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for plugin in plugins:
        pm.register(plugin)
    rules = load_variant("sochi").rules
    return pm, Rulebook(pm, rules), rules


def test_an_exception_below_is_thrown_into_the_wrapper() -> None:
    """An inner implementation raises: the wrapper gets the exception at its ``yield`` and may answer
    instead, on the fast path exactly as in pluggy's call."""
    seen: list[BaseException] = []

    class Raises:
        @hookimpl
        def pref_settle(self) -> None:
            raise Boom("no settlement here")

    class Rescues:
        @hookimpl(wrapper=True)
        def pref_settle(self, match: Any) -> Generator[None, Any, Any]:
            try:
                return (yield)
            except Boom as exc:
                seen.append(exc)
                return "rescued"

    pm, book, rules = _book_with(Raises(), Rescues())
    assert book.settle(None) == "rescued"  # type: ignore[arg-type, comparison-overlap]
    assert book.kinds["pref_settle"] == "wrapped"
    assert pm.hook.pref_settle(match=None, rules=rules) == "rescued"
    assert [type(e) for e in seen] == [Boom, Boom] and str(seen[0]) == "no settlement here"


def test_an_exception_passes_through_wrappers_that_do_not_catch_it() -> None:
    order: list[str] = []

    class Raises:
        @hookimpl
        def pref_next_dealer(self) -> None:
            raise Boom("inner")

    class Watches:
        @hookimpl(wrapper=True)
        def pref_next_dealer(self) -> Generator[None, Any, Any]:
            try:
                return (yield)
            finally:
                order.append("cleaned up")

    class Replaces:
        """Raises a different error when one comes through: that one goes on outwards."""

        @hookimpl(wrapper=True, tryfirst=True)
        def pref_next_dealer(self) -> Generator[None, Any, Any]:
            try:
                return (yield)
            except Boom as exc:
                raise ValueError("outer") from exc

    pm, book, rules = _book_with(Raises(), Watches(), Replaces())
    with pytest.raises(ValueError, match="outer") as info:
        book.next_dealer(None, None)  # type: ignore[arg-type]
    assert isinstance(info.value.__cause__, Boom)
    assert order == ["cleaned up"]
    with pytest.raises(ValueError, match="outer"):
        pm.hook.pref_next_dealer(match=None, result=None, rules=rules)
    assert order == ["cleaned up", "cleaned up"]


def test_no_answer_is_none_for_the_wrapper_then_no_rule() -> None:
    """A firstresult hook nobody answers: the wrapper gets ``None`` (not an error), and if it passes it on,
    the Rulebook raises NoRuleError as it does without wrappers."""
    got: list[object] = []

    class Defers:
        @hookimpl
        def pref_match_over(self) -> None:
            return None

    class Looks:
        @hookimpl(wrapper=True)
        def pref_match_over(self) -> Generator[None, Any, Any]:
            result = yield
            got.append(result)
            return result

    _, book, _ = _book_with(Defers(), Looks())
    with pytest.raises(NoRuleError):
        book.match_over(None)  # type: ignore[arg-type]
    assert got == [None]


def test_a_wrapper_that_does_not_yield_fails_as_in_pluggy() -> None:
    class NoYield:
        @hookimpl(wrapper=True)
        def pref_match_over(self) -> Generator[None, Any, Any]:
            return True
            yield  # pragma: no cover - makes this a generator that never yields

    class Answers:
        @hookimpl
        def pref_match_over(self) -> bool:
            return False

    pm, book, rules = _book_with(Answers(), NoYield())
    with pytest.raises(RuntimeError, match="did not yield"):
        book.match_over(None)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="did not yield"):
        pm.hook.pref_match_over(match=None, rules=rules)


def test_parameters_with_defaults_are_passed_as_pluggy_passes_them() -> None:
    """pluggy (from 1.7) passes an implementation's defaulted parameters by keyword when the call has them; the
    compiled caller does the same (so ``rules=None`` is not left at its default). pluggy 1.5 and 1.6 leave
    them at their defaults, and so does the compiled caller under them."""
    got: list[tuple[Any, ...]] = []

    class Defaults:
        @hookimpl
        def pref_defence_legal(self, seat: int, rules: Any = None, view: Any = "unset") -> list[str]:
            got.append((seat, rules, view))
            return ["x"]

    pm, book, rules = _book_with(Defaults())
    assert book.defence_legal("V", 1) == ["x"]  # type: ignore[arg-type]
    assert pm.hook.pref_defence_legal(view="V", seat=1, rules=rules) == ["x"]
    if PASSES_DEFAULTS:
        assert got == [(1, rules, "V"), (1, rules, "V")]
    else:
        assert got == [(1, None, "unset"), (1, None, "unset")]
