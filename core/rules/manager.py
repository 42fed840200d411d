"""Finding installed variants and plugins, and building one plugin manager per game.

Variants are discovered through the ``preferans.variants`` entry-point group and extra plugins (house
rules, mix-ins) through ``preferans.plugins``; built-in variants are registered there exactly like
third-party ones. Discovery only lists names: a game registers just its own stack (core defaults, then
the family base, then the child, then extra plugins), never every installed plugin.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any, NoReturn

import pluggy
from pluggy import HookImpl
from pydantic import BaseModel

from preferans.core.model.errors import BadInput, ConfigError, NoRuleError, bad_input, excerpt, nearest
from preferans.core.model.paper import RequiredKey, SettlementCheck, SheetText, SheetView
from preferans.core.model.views import (
    AllPassOutcome,
    AuctionStep,
    AuctionView,
    DealResult,
    DeclarationStep,
    DeclarationView,
    DefenceStep,
    DefenceView,
    Entry,
    MatchView,
    PlayRules,
    PlayView,
    Seat,
    Settlement,
)
from preferans.core.rules import defaults, hookspecs

VARIANT_GROUP = "preferans.variants"
PLUGIN_GROUP = "preferans.plugins"


@dataclass(frozen=True)
class Installed:
    """An installed variant or plugin: its name, module path and the distribution that ships it."""

    name: str
    module: str
    distribution: str
    entry_point: EntryPoint


@cache
def _discover(group: str) -> dict[str, Installed]:
    found: dict[str, Installed] = {}
    for ep in entry_points(group=group):
        dist = ep.dist.name if ep.dist is not None else "?"
        if ep.name in found and found[ep.name].module != ep.value:
            other = found[ep.name].distribution
            raise bad_input("{group}: {name} is registered by both {one} and {other}", group=group, name=repr(ep.name),
                            one=repr(other), other=repr(dist))
        found[ep.name] = Installed(ep.name, ep.value, dist, ep)
    return found


def installed_variants() -> dict[str, Installed]:
    return dict(sorted(_discover(VARIANT_GROUP).items()))


def installed_plugins() -> dict[str, Installed]:
    return dict(sorted(_discover(PLUGIN_GROUP).items()))


def load_module(group: str, name: str, where: str, key: str) -> ModuleType:
    """Import the module behind an installed entry point; only names that are installed are accepted."""
    table = _discover(group)
    kind = "variant" if group == VARIANT_GROUP else "plugin"
    if name not in table:
        known = ", ".join(sorted(table)) or "none"
        if len(name) > 40:  # no installed name is that long: no list, the line stays short
            shown = excerpt(name, 30)
            raise ConfigError(where, key, bad_input("unknown variant {name} ({command} lists them)", name=shown,
                                                    command="preferans variants") if kind == "variant" else
                              bad_input("unknown plugin {name} ({command} lists them)", name=shown,
                                        command="preferans variants"))
        values: dict[str, object] = {"name": excerpt(name), "suggestion": nearest(name, list(table)), "known": known}
        raise ConfigError(where, key, bad_input("unknown variant {name}{suggestion} (installed: {known})", **values)
                          if kind == "variant" else
                          bad_input("unknown plugin {name}{suggestion} (installed: {known})", **values))
    try:
        module = table[name].entry_point.load()
    except Exception as exc:  # a broken installation: say which entry point, without a traceback
        values = {"name": repr(name), "module": table[name].module, "error": f"{type(exc).__name__}: {exc}"}
        raise ConfigError(where, key, bad_input("installed variant {name} ({module}) cannot be imported: {error}",
                                                **values) if kind == "variant" else
                          bad_input("installed plugin {name} ({module}) cannot be imported: {error}",
                                    **values)) from None
    if not isinstance(module, ModuleType):
        raise ConfigError(where, key, bad_input("entry point {name} must name a module, not {got}", name=repr(name),
                                                got=repr(module)))
    return module


def build_manager(stack: Sequence[ModuleType]) -> pluggy.PluginManager:
    """A fresh manager with the core defaults and then ``stack`` (base first), checked against the specs."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="preferans.core.rules.defaults")
    try:
        for module in stack:
            pm.register(module, name=module.__name__)
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise bad_input("plugin {name}: {error}", name=repr(exc.plugin), error=exc) from None
    if os.environ.get("PREFERANS_TRACE_HOOKS"):
        pm.trace.root.setwriter(print)
        pm.enable_tracing()
    return pm


Step = tuple[Callable[..., Any], tuple[int, ...] | None]
"""One implementation on the fast path: the function, and the positions of its arguments among the
hook's parameters (``None``: all of them, in the spec's order, the usual case)."""


def _passes_defaults() -> bool:
    """Whether the installed pluggy passes an implementation's parameters that have a default, when the call
    provides them (by keyword: pluggy 1.7 on), or leaves them at their defaults (1.5 and 1.6). Asked once, of
    pluggy itself, so that the compiled callers do what the installed pluggy does."""
    project = "preferans-probe"

    class Spec:
        @pluggy.HookspecMarker(project)
        def probe(self, given: int) -> None:
            """A hook with one argument."""

    class Impl:
        @pluggy.HookimplMarker(project)
        def probe(self, given: int = 0) -> int:
            return given

    pm = pluggy.PluginManager(project)
    pm.add_hookspecs(Spec)
    pm.register(Impl())
    return bool(pm.hook.probe(given=1) == [1])


PASSES_DEFAULTS = _passes_defaults()


def _steps(impls: Sequence[HookImpl], params: tuple[str, ...]) -> list[Step]:
    """The implementations as fast-path steps. pluggy passes an implementation its positional parameters
    and (from pluggy 1.7: :data:`PASSES_DEFAULTS`), by keyword, those of its parameters with a default that the
    call provides; a function with such parameters is called through a small adapter doing the same."""
    out: list[Step] = []
    for impl in impls:
        argnames = tuple(impl.argnames)
        keywords = tuple(k for k in impl.kwargnames if k in params) if PASSES_DEFAULTS else ()
        if keywords:
            out.append((_adapter(impl.function, [params.index(a) for a in argnames],
                                 {k: params.index(k) for k in keywords}), None))
        else:
            out.append((impl.function, None if argnames == params else tuple(params.index(a) for a in argnames)))
    return out


def _adapter(fn: Callable[..., Any], picks: list[int], keywords: dict[str, int]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        return fn(*[args[i] for i in picks], **{k: args[i] for k, i in keywords.items()})
    return call


def _wrapfail(gen: Any, msg: str) -> NoReturn:
    code = gen.gi_code
    raise RuntimeError(f"wrap_controller at {code.co_name!r} {code.co_filename}:{code.co_firstlineno} {msg}")


def _call_wrapped(wrappers: Sequence[Step], inner: Callable[[tuple[Any, ...]], Any], args: tuple[Any, ...]) -> Any:
    """pluggy's ``_multicall`` for new-style wrappers: each wrapper (outermost first) runs to its ``yield``,
    then ``inner`` gives the answer of the plain implementations; then :func:`_teardown`."""
    teardowns: list[Generator[Any, Any, Any]] = []
    try:
        for fn, picks in wrappers:
            gen = fn(*args) if picks is None else fn(*[args[i] for i in picks])
            try:
                next(gen)
            except StopIteration:
                _wrapfail(gen, "did not yield")
            teardowns.append(gen)
        result = inner(args)
    except BaseException as exc:
        return _teardown(teardowns, None, exc)
    return _teardown(teardowns, result, None)


def _teardown(teardowns: list[Generator[Any, Any, Any]], result: Any, exception: BaseException | None) -> Any:
    """The wrappers, innermost first, get the answer sent in (or the exception thrown in) and return the
    result the next one gets. A wrapper that raises passes its exception on outwards; one that returns after
    an exception replaces it by its result. What pluggy's ``_multicall`` does after the calls
    (``tests/rules/test_hook_caller.py`` holds the two to the same answers, exceptions and call order)."""
    for gen in reversed(teardowns):
        try:
            if exception is not None:
                try:
                    gen.throw(exception)
                except RuntimeError as err:
                    # a StopIteration thrown into a generator comes out as RuntimeError (pluggy #544)
                    if isinstance(exception, StopIteration) and err.__cause__ is exception:
                        gen.close()
                        continue
                    raise
            else:
                gen.send(result)
            gen.close()
        except StopIteration as stop:
            result = stop.value
            exception = None
            continue
        except BaseException as exc:
            exception = exc
            continue
        _wrapfail(gen, "has second yield")
    if exception is not None:
        raise exception
    return result


_PASSED_ON = frozenset({"auction_legal", "auction_step", "all_pass", "declaration_step", "declaration_legal",
                        "defence_legal", "defence_step", "play_rules", "settle"})
"""The :class:`Rulebook` methods that return the hook's answer unchanged."""


class Rulebook:
    """Typed facade over ``pm.hook``: one method per hook, keyword calls, and an error instead of a
    silent ``None`` when a ``firstresult`` hook has no answer.

    Each hook is called through a caller compiled once per game (:meth:`_caller`): the implementations in
    pluggy's call order, each with its arguments picked by position, and around them the hook's
    wrappers (``@hookimpl(wrapper=True)``) with pluggy's semantics. The manager is complete before the
    first call and never changes, so this is exactly pluggy's call loop without its per-call bookkeeping,
    which dominates the cost of the small hooks asked at every auction call: pluggy's own call costs 13-22%
    of the random deals per second (docs/performance.md, "Hooks"). ``tests/rules/test_hook_caller.py`` pins the
    compiled callers to pluggy's call (random stacks of plain answers, wrappers, old-style hookwrappers,
    ``tryfirst``/``trylast`` and exceptions, both ways), for the pluggy versions the project allows. With
    ``PREFERANS_TRACE_HOOKS`` or ``PREFERANS_PLUGGY_CALL`` set (the second without tracing, to compare the
    two: ``PREFERANS_PLUGGY_CALL=1 python bench/bench_engine.py``), or an old-style ``hookwrapper``, the hook
    goes through pluggy itself.
    """

    def __init__(self, pm: pluggy.PluginManager, rules: BaseModel) -> None:
        self.pm = pm
        self.rules = rules
        self._hook = pm.hook
        self._callers: dict[str, Callable[..., Any]] = {}
        self.kinds: dict[str, str] = {}
        """How each hook asked so far is called: ``"pluggy"``, or the fast path's ``"single"``, ``"first"``,
        ``"collect"``, ``"wrapped"`` (for the tests and for curiosity)."""
        # each hook's compiled caller, once asked for (an attribute: the methods below are asked at every
        # auction call, and an attribute is the cheapest lookup)
        self._auction_legal: Callable[..., Any] | None = None
        self._auction_step: Callable[..., Any] | None = None
        self._all_pass: Callable[..., Any] | None = None
        self._declaration_step: Callable[..., Any] | None = None
        self._declaration_legal: Callable[..., Any] | None = None
        self._defence_legal: Callable[..., Any] | None = None
        self._defence_step: Callable[..., Any] | None = None
        self._play_rules: Callable[..., Any] | None = None
        self._score_deal: Callable[..., Any] | None = None
        self._after_score: Callable[..., Any] | None = None
        self._before_deal: Callable[..., Any] | None = None
        self._scorecard_deal: Callable[..., Any] | None = None
        self._next_dealer: Callable[..., Any] | None = None
        self._match_over: Callable[..., Any] | None = None
        self._settle: Callable[..., Any] | None = None

    def _plan(self, name: str, params: tuple[str, ...]) -> tuple[list[Step], list[Step]] | None:
        """The wrappers and the plain implementations of a hook, each in pluggy's call order (the last
        registered first, ``tryfirst`` before and ``trylast`` after the others; wrappers outside all plain
        implementations); ``None`` (use pluggy itself) when tracing is on, ``PREFERANS_PLUGGY_CALL`` is set
        or an implementation is an old-style ``hookwrapper``."""
        impls = list(reversed(getattr(self._hook, name).get_hookimpls()))
        if os.environ.get("PREFERANS_TRACE_HOOKS") or os.environ.get("PREFERANS_PLUGGY_CALL") or any(
                i.hookwrapper for i in impls):
            return None
        return _steps([i for i in impls if i.wrapper], params), _steps([i for i in impls if not i.wrapper], params)

    def _caller(self, name: str, params: tuple[str, ...], first: bool) -> Callable[..., Any]:
        """A function of the arguments ``params`` (positional, ``rules`` last and filled in here) that calls
        the hook ``name`` as pluggy would: a ``firstresult`` hook (``first``) returns the first answer that
        is not ``None`` and raises :class:`NoRuleError` when there is none; a collecting hook returns the
        list of the answers that are not ``None``. Wrappers get that answer and return the one passed on.
        An implementation whose parameters are ``params`` in that order (nearly all) is called with them
        directly; any other with its own selection, as pluggy does."""
        caller = self._callers.get(name)
        if caller is not None:
            return caller
        plan = self._plan(name, params)
        rules = self.rules
        if plan is None:
            caller, kind = self._via_pluggy(name, params, first), "pluggy"
        else:
            wrappers, steps = plan
            if wrappers:
                caller, kind = self._wrapped(name, wrappers, steps, first), "wrapped"
            elif first and len(steps) == 1 and steps[0][1] is None:
                only = steps[0][0]

                def single(*args: Any) -> Any:
                    result = only(*args, rules)
                    if result is None:
                        raise NoRuleError(name)
                    return result

                caller, kind = single, "single"
            elif first and all(picks is None for _, picks in steps):
                # every implementation takes the hook's parameters as they are (the usual case): no picking
                plain = tuple(fn for fn, _ in steps)

                def first_plain(*args: Any) -> Any:
                    for fn in plain:
                        result = fn(*args, rules)
                        if result is not None:
                            return result
                    raise NoRuleError(name)

                caller, kind = first_plain, "first"
            elif first:
                def first_answer(*args: Any) -> Any:
                    args = (*args, rules)
                    for fn, picks in steps:
                        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
                        if result is not None:
                            return result
                    raise NoRuleError(name)

                caller, kind = first_answer, "first"
            else:
                def collect(*args: Any) -> list[Any]:
                    return _collect(steps, (*args, rules))

                caller, kind = collect, "collect"
        self._callers[name] = caller
        self.kinds[name] = kind
        return caller

    def _compile(self, name: str, params: tuple[str, ...], first: bool) -> Callable[..., Any]:
        """:meth:`_caller`, kept in the hook's attribute (``_auction_legal`` for ``pref_auction_legal``). A method
        that passes the caller's answer on as it is (:data:`_PASSED_ON`) is then the caller itself on this
        rulebook, one call less at each question (unless a subclass overrides it, to check the answers)."""
        caller = self._caller(name, params, first)
        method = name.removeprefix("pref_")
        setattr(self, "_" + method, caller)
        if method in _PASSED_ON and getattr(type(self), method) is getattr(Rulebook, method):
            setattr(self, method, caller)
        return caller

    def _via_pluggy(self, name: str, params: tuple[str, ...], first: bool) -> Callable[..., Any]:
        hook = getattr(self._hook, name)
        names = params[:-1]
        rules = self.rules

        def via_pluggy(*args: Any) -> Any:
            result = hook(rules=rules, **dict(zip(names, args, strict=True)))
            if first and result is None:
                raise NoRuleError(name)
            return result

        return via_pluggy

    def _wrapped(self, name: str, wrappers: list[Step], steps: list[Step], first: bool) -> Callable[..., Any]:
        rules = self.rules
        if first and len(wrappers) == 1 and wrappers[0][1] is None:
            # the usual case (one family wrapper around a firstresult hook), written out: the same calls
            # as _call_wrapped, without its loops and lists
            outer = wrappers[0][0]

            def one_wrapper(*args: Any) -> Any:
                args = (*args, rules)
                gen = outer(*args)
                try:
                    next(gen)
                except StopIteration:
                    _wrapfail(gen, "did not yield")
                try:
                    result = None
                    for fn, picks in steps:
                        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
                        if result is not None:
                            break
                except BaseException as exc:
                    result = _teardown([gen], None, exc)
                else:
                    try:
                        gen.send(result)
                    except StopIteration as stop:
                        result = stop.value
                    else:
                        gen.close()
                        _wrapfail(gen, "has second yield")
                if result is None:
                    raise NoRuleError(name)
                return result

            return one_wrapper

        inner: Callable[[tuple[Any, ...]], Any] = (lambda args: _first(steps, args)) if first else \
            (lambda args: _collect(steps, args))

        def wrapped(*args: Any) -> Any:
            result = _call_wrapped(wrappers, inner, (*args, rules))
            if first and result is None:
                raise NoRuleError(name)
            return result

        return wrapped

    # ------------------------------------------------------------------ the hooks, typed

    def auction_legal(self, view: AuctionView, seat: Seat) -> list[str]:
        call = self._auction_legal or self._compile("pref_auction_legal", ("view", "seat", "rules"), True)
        legal: list[str] = call(view, seat)
        return legal

    def auction_step(self, view: AuctionView) -> AuctionStep:
        call = self._auction_step or self._compile("pref_auction_step", ("view", "rules"), True)
        step: AuctionStep = call(view)
        return step

    def all_pass(self, view: AuctionView) -> AllPassOutcome:
        call = self._all_pass or self._compile("pref_all_pass", ("view", "rules"), True)
        outcome: AllPassOutcome = call(view)
        return outcome

    def declaration_step(self, view: DeclarationView) -> DeclarationStep:
        call = self._declaration_step or self._compile("pref_declaration_step", ("view", "rules"), True)
        step: DeclarationStep = call(view)
        return step

    def declaration_legal(self, view: DeclarationView) -> list[str]:
        call = self._declaration_legal or self._compile("pref_declaration_legal", ("view", "rules"), True)
        legal: list[str] = call(view)
        return legal

    def defence_legal(self, view: DefenceView, seat: Seat) -> list[str]:
        call = self._defence_legal or self._compile("pref_defence_legal", ("view", "seat", "rules"), True)
        legal: list[str] = call(view, seat)
        return legal

    def defence_step(self, view: DefenceView) -> DefenceStep:
        call = self._defence_step or self._compile("pref_defence_step", ("view", "rules"), True)
        step: DefenceStep = call(view)
        return step

    def play_rules(self, view: PlayView) -> PlayRules:
        call = self._play_rules or self._compile("pref_play_rules", ("view", "rules"), True)
        play: PlayRules = call(view)
        return play

    def score_deal(self, result: DealResult, match: MatchView) -> list[Entry]:
        call = self._score_deal or self._compile("pref_score_deal", ("result", "match", "rules"), True)
        return list(call(result, match))

    def after_score(self, match: MatchView, posted: list[Entry]) -> list[Entry]:
        call = self._after_score or self._compile("pref_after_score", ("match", "posted", "rules"), False)
        out: list[Entry] = []
        for part in call(match, posted):
            out.extend(part)
        return out

    def before_deal(self, match: MatchView, dealer: Seat) -> list[Entry]:
        call = self._before_deal or self._compile("pref_before_deal", ("match", "dealer", "rules"), False)
        out: list[Entry] = []
        for part in call(match, dealer):
            out.extend(part)
        return out

    def scorecard_deal(self, record: dict[str, Any], reader: Any, index: int, dealer: Seat) -> DealResult:
        call = self._scorecard_deal or self._compile(
            "pref_scorecard_deal", ("record", "reader", "index", "dealer", "rules"), True)
        result: DealResult = call(record, reader, index, dealer)
        return result

    def next_dealer(self, match: MatchView, result: DealResult) -> Seat:
        call = self._next_dealer or self._compile("pref_next_dealer", ("match", "result", "rules"), True)
        return int(call(match, result))

    def match_over(self, match: MatchView) -> bool:
        call = self._match_over or self._compile("pref_match_over", ("match", "rules"), True)
        return bool(call(match))

    def settle(self, match: MatchView) -> Settlement:
        call = self._settle or self._compile("pref_settle", ("match", "rules"), True)
        settlement: Settlement = call(match)
        return settlement

    def render_sheet(self, view: SheetView, form: str) -> SheetText | str | None:
        """The family's sheet in ``form`` (``"text"`` or ``"svg"``), or ``None`` when nobody draws that form."""
        try:
            sheet: SheetText | str = self._caller("pref_render_sheet", ("view", "form", "rules"), True)(view, form)
            return sheet
        except NoRuleError:
            return None

    def settlement_check(self, view: SheetView) -> SettlementCheck:
        check: SettlementCheck = self._caller("pref_settlement_check", ("view", "rules"), True)(view)
        return check

    def scorecard_required(self) -> list[RequiredKey]:
        out: list[RequiredKey] = []
        for part in self._caller("pref_scorecard_required", ("rules",), False)():
            out.extend(part)
        return out


def _first(steps: Sequence[Step], args: tuple[Any, ...]) -> Any:
    """The first answer that is not ``None`` (``None`` when there is none: a wrapper gets it)."""
    for fn, picks in steps:
        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
        if result is not None:
            return result
    return None


def _collect(steps: Sequence[Step], args: tuple[Any, ...]) -> list[Any]:
    out = []
    for fn, picks in steps:
        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
        if result is not None:
            out.append(result)
    return out


def family_manager() -> pluggy.PluginManager:
    """A manager with the hook specs and every installed variant module, for the hooks that are not a game's:
    a family's commands (``pref_cli_commands``) and records (``pref_read_game``, ``pref_read_deal``).

    Each module is registered once: a family base is an installed variant of its own, so it adds its commands
    once however many children extend it (a module behind two entry points is registered once too). Variants are
    registered in reverse name order so that pluggy, which calls the last registered first, asks them in name
    order. A variant that cannot be imported, or whose hooks do not match the specs, is left out (``preferans
    variants`` shows it as broken), as is everything when the installed names clash: no family breaks the
    command line of the others. Nothing is cached: the modules are, by Python, and registering them is cheap.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    try:
        names = list(installed_variants())
    except BadInput:  # two distributions register one name: every command that loads a variant says so
        return pm
    for name in reversed(names):
        try:
            module = load_module(VARIANT_GROUP, name, VARIANT_GROUP, name)
        except ConfigError:
            continue
        if pm.is_registered(module):
            continue
        try:
            pm.register(module, name=module.__name__)
        except (pluggy.PluginValidationError, ValueError):
            if pm.is_registered(module):  # pluggy before 1.6 may keep part of a plugin that failed validation
                pm.unregister(module)
    return pm


def family_reading(hook: str, **kwargs: Any) -> Any:
    """The first reading of a family's record hook (``pref_read_game``, ``pref_read_deal``) on
    :func:`family_manager`, the families asked in name order; ``None`` when none reads it.

    A family answers ``None`` for text that is not its format and raises :class:`BadInput` for text it takes for
    its own but cannot read. Such an error does not stop the other families: it is raised only when none of
    them reads the text, so a family that claims broadly (the Balkan family reads every text that is not JSON
    as PPN) does not hide another's format.
    """
    pm = family_manager()
    families = [impl.plugin for impl in reversed(getattr(pm.hook, hook).get_hookimpls())]  # pluggy's call order
    error: BadInput | None = None
    for family in families:
        # each family asked on its own, through pluggy (tracing and wrappers apply), so that one family's
        # error does not stop the others
        ask = pm.subset_hook_caller(hook, remove_plugins=[other for other in families if other is not family])
        try:
            answers = ask(**kwargs)
        except BadInput as exc:
            error = error or exc
            continue
        if answers:
            return answers[0]
    if error is not None:
        raise error
    return None
