"""Finding installed variants and plugins, and building one plugin manager per game.

Variants are discovered through the ``preferans.variants`` entry-point group and extra plugins (house
rules, mix-ins) through ``preferans.plugins``; built-in variants are registered there exactly like
third-party ones. Discovery only lists names: a game registers just its own stack (core defaults, then
the family base, then the child, then extra plugins), never every installed plugin.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

import pluggy

from preferans.core.model.errors import BadInput, ConfigError, NoRuleError, nearest
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
            raise BadInput(f"{group}: {ep.name!r} is registered by both {other!r} and {dist!r}")
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
        raise ConfigError(where, key, f"unknown {kind} {name!r}{nearest(name, list(table))} (installed: {known})")
    try:
        module = table[name].entry_point.load()
    except Exception as exc:  # a broken installation: say which entry point, without a traceback
        raise ConfigError(where, key, f"installed {kind} {name!r} ({table[name].module}) cannot be imported: "
                                      f"{type(exc).__name__}: {exc}") from None
    if not isinstance(module, ModuleType):
        raise ConfigError(where, key, f"entry point {name!r} must name a module, not {module!r}")
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
        raise BadInput(f"plugin {exc.plugin!r}: {exc}") from None
    if os.environ.get("PREFERANS_TRACE_HOOKS"):
        pm.trace.root.setwriter(print)
        pm.enable_tracing()
    return pm


class Rulebook:
    """Typed facade over ``pm.hook``: one method per hook, keyword calls, and an error instead of a
    silent ``None`` when a ``firstresult`` hook has no answer.

    Each hook is called through a caller compiled once per game (:meth:`_caller`): the implementations in
    pluggy's call order, each with its arguments picked by position. The manager is complete before the
    first call and never changes, so this is exactly pluggy's call loop without its per-call bookkeeping,
    which dominates the cost of the small hooks asked at every auction call.
    """

    def __init__(self, pm: pluggy.PluginManager, rules: Any) -> None:
        self.pm = pm
        self.rules = rules
        self._hook = pm.hook
        self._chains: dict[str, list[tuple[Any, tuple[str, ...]]] | None] = {}
        self._callers: dict[str, Callable[..., Any]] = {}

    def _chain(self, name: str) -> list[tuple[Any, tuple[str, ...]]] | None:
        """The implementations of a hook in pluggy's call order, for the fast path; ``None`` (use pluggy
        itself) when tracing is on or an implementation is a wrapper."""
        if name not in self._chains:
            impls = getattr(self._hook, name).get_hookimpls()
            plain = not any(i.hookwrapper or i.wrapper for i in impls) and not os.environ.get("PREFERANS_TRACE_HOOKS")
            self._chains[name] = [(i.function, tuple(i.argnames)) for i in reversed(impls)] if plain else None
        return self._chains[name]

    def _caller(self, name: str, params: tuple[str, ...], first: bool) -> Callable[..., Any]:
        """A function of the arguments ``params`` (positional, ``rules`` last and filled in here) that calls
        the hook ``name`` as pluggy would: a ``firstresult`` hook (``first``) returns the first answer that
        is not ``None`` and raises :class:`NoRuleError` when there is none; a collecting hook returns the
        list of the answers that are not ``None``. An implementation whose parameters are ``params`` in that
        order (nearly all) is called with them directly; any other with its own selection, as pluggy does."""
        caller = self._callers.get(name)
        if caller is not None:
            return caller
        chain = self._chain(name)
        rules = self.rules
        if chain is None:
            hook = getattr(self._hook, name)
            names = params[:-1]

            def via_pluggy(*args: Any) -> Any:
                result = hook(rules=rules, **dict(zip(names, args, strict=True)))
                if first and result is None:
                    raise NoRuleError(name)
                return result

            caller = via_pluggy
        else:
            steps = tuple((fn, None if argnames == params else tuple(params.index(a) for a in argnames))
                          for fn, argnames in chain)
            if first and len(steps) == 1 and steps[0][1] is None:
                only = steps[0][0]

                def single(*args: Any) -> Any:
                    result = only(*args, rules)
                    if result is None:
                        raise NoRuleError(name)
                    return result

                caller = single
            elif first:
                def first_answer(*args: Any) -> Any:
                    args = (*args, rules)
                    for fn, picks in steps:
                        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
                        if result is not None:
                            return result
                    raise NoRuleError(name)

                caller = first_answer
            else:
                def collect(*args: Any) -> list[Any]:
                    args = (*args, rules)
                    out = []
                    for fn, picks in steps:
                        result = fn(*args) if picks is None else fn(*[args[i] for i in picks])
                        if result is not None:
                            out.append(result)
                    return out

                caller = collect
        self._callers[name] = caller
        return caller

    def auction_legal(self, view: Any, seat: int) -> list[str]:
        return self._caller("pref_auction_legal", ("view", "seat", "rules"), True)(view, seat)  # type: ignore[no-any-return]

    def auction_step(self, view: Any) -> Any:
        return self._caller("pref_auction_step", ("view", "rules"), True)(view)

    def all_pass(self, view: Any) -> Any:
        return self._caller("pref_all_pass", ("view", "rules"), True)(view)

    def declaration_step(self, view: Any) -> Any:
        return self._caller("pref_declaration_step", ("view", "rules"), True)(view)

    def declaration_legal(self, view: Any) -> list[str]:
        return self._caller("pref_declaration_legal", ("view", "rules"), True)(view)  # type: ignore[no-any-return]

    def defence_legal(self, view: Any, seat: int) -> list[str]:
        return self._caller("pref_defence_legal", ("view", "seat", "rules"), True)(view, seat)  # type: ignore[no-any-return]

    def defence_step(self, view: Any) -> Any:
        return self._caller("pref_defence_step", ("view", "rules"), True)(view)

    def play_rules(self, view: Any) -> Any:
        return self._caller("pref_play_rules", ("view", "rules"), True)(view)

    def score_deal(self, result: Any, match: Any) -> list[Any]:
        return list(self._caller("pref_score_deal", ("result", "match", "rules"), True)(result, match))

    def after_score(self, match: Any, posted: list[Any]) -> list[Any]:
        out: list[Any] = []
        for part in self._caller("pref_after_score", ("match", "posted", "rules"), False)(match, posted):
            out.extend(part)
        return out

    def before_deal(self, match: Any, dealer: int) -> list[Any]:
        out: list[Any] = []
        for part in self._caller("pref_before_deal", ("match", "dealer", "rules"), False)(match, dealer):
            out.extend(part)
        return out

    def scorecard_deal(self, record: Any, reader: Any, index: int, dealer: int) -> Any:
        return self._caller("pref_scorecard_deal", ("record", "reader", "index", "dealer", "rules"), True)(
            record, reader, index, dealer)

    def next_dealer(self, match: Any, result: Any) -> int:
        return int(self._caller("pref_next_dealer", ("match", "result", "rules"), True)(match, result))

    def match_over(self, match: Any) -> bool:
        return bool(self._caller("pref_match_over", ("match", "rules"), True)(match))

    def settle(self, match: Any) -> Any:
        return self._caller("pref_settle", ("match", "rules"), True)(match)

    def render_sheet(self, view: Any, form: str) -> Any:
        """The family's sheet in ``form`` (``"text"`` or ``"svg"``), or ``None`` when nobody draws that form."""
        try:
            return self._caller("pref_render_sheet", ("view", "form", "rules"), True)(view, form)
        except NoRuleError:
            return None

    def settlement_check(self, view: Any) -> Any:
        return self._caller("pref_settlement_check", ("view", "rules"), True)(view)

    def scorecard_required(self) -> list[Any]:
        out: list[Any] = []
        for part in self._caller("pref_scorecard_required", ("rules",), False)():
            out.extend(part)
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
    error: BadInput | None = None
    for impl in reversed(getattr(family_manager().hook, hook).get_hookimpls()):  # pluggy's call order
        try:
            answer = impl.function(*[kwargs[name] for name in impl.argnames])
        except BadInput as exc:
            error = error or exc
            continue
        if answer is not None:
            return answer
    if error is not None:
        raise error
    return None
