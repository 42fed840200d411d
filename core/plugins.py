"""Finding installed variants and plugins, and building one plugin manager per game.

Variants are discovered through the ``preferans.variants`` entry-point group and extra plugins (house
rules, mix-ins) through ``preferans.plugins``; built-in variants are registered there exactly like
third-party ones. Discovery only lists names: a game registers just its own stack (core defaults, then
the family base, then the child, then extra plugins), never every installed plugin.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

import pluggy

from . import defaults, hookspecs
from .errors import BadInput, ConfigError, NoRuleError, nearest

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
    pm.register(defaults, name="preferans.core.defaults")
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
    silent ``None`` when a ``firstresult`` hook has no answer."""

    def __init__(self, pm: pluggy.PluginManager, rules: Any) -> None:
        self.pm = pm
        self.rules = rules
        self._hook = pm.hook
        self._chains: dict[str, list[tuple[Any, tuple[str, ...]]] | None] = {}

    def _chain(self, name: str) -> list[tuple[Any, tuple[str, ...]]] | None:
        """The implementations of a ``firstresult`` hook in pluggy's call order, for the fast path; ``None``
        (use pluggy itself) when tracing is on or an implementation is a wrapper.

        The manager is complete before the first call and never changes, so the order is computed once.
        This calls each implementation exactly as pluggy's ``_multicall`` does (positional arguments in the
        order of its ``argnames``), without pluggy's per-call bookkeeping, which dominates the cost of the
        small hooks asked at every auction call.
        """
        if name not in self._chains:
            impls = getattr(self._hook, name).get_hookimpls()
            plain = not any(i.hookwrapper or i.wrapper for i in impls) and not os.environ.get("PREFERANS_TRACE_HOOKS")
            self._chains[name] = [(i.function, tuple(i.argnames)) for i in reversed(impls)] if plain else None
        return self._chains[name]

    def _first(self, name: str, **kwargs: Any) -> Any:
        chain = self._chain(name)
        result = None
        if chain is None:
            result = getattr(self._hook, name)(rules=self.rules, **kwargs)
        else:
            kwargs["rules"] = self.rules
            for function, argnames in chain:
                result = function(*[kwargs[a] for a in argnames])
                if result is not None:
                    break
        if result is None:
            raise NoRuleError(name)
        return result

    def auction_legal(self, view: Any, seat: int) -> list[str]:
        return self._first("pref_auction_legal", view=view, seat=seat)  # type: ignore[no-any-return]

    def auction_step(self, view: Any) -> Any:
        return self._first("pref_auction_step", view=view)

    def all_pass(self, view: Any) -> Any:
        return self._first("pref_all_pass", view=view)

    def declaration_step(self, view: Any) -> Any:
        return self._first("pref_declaration_step", view=view)

    def declaration_legal(self, view: Any) -> list[str]:
        return self._first("pref_declaration_legal", view=view)  # type: ignore[no-any-return]

    def defence_legal(self, view: Any, seat: int) -> list[str]:
        return self._first("pref_defence_legal", view=view, seat=seat)  # type: ignore[no-any-return]

    def defence_step(self, view: Any) -> Any:
        return self._first("pref_defence_step", view=view)

    def play_rules(self, view: Any) -> Any:
        return self._first("pref_play_rules", view=view)

    def score_deal(self, result: Any, match: Any) -> list[Any]:
        return list(self._first("pref_score_deal", result=result, match=match))

    def after_score(self, match: Any, posted: list[Any]) -> list[Any]:
        out: list[Any] = []
        for part in self._hook.pref_after_score(match=match, posted=posted, rules=self.rules):
            out.extend(part)
        return out

    def before_deal(self, match: Any, dealer: int) -> list[Any]:
        out: list[Any] = []
        for part in self._hook.pref_before_deal(match=match, dealer=dealer, rules=self.rules):
            out.extend(part)
        return out

    def scorecard_deal(self, record: Any, reader: Any, index: int, dealer: int) -> Any:
        return self._first("pref_scorecard_deal", record=record, reader=reader, index=index, dealer=dealer)

    def next_dealer(self, match: Any, result: Any) -> int:
        return int(self._first("pref_next_dealer", match=match, result=result))

    def match_over(self, match: Any) -> bool:
        return bool(self._first("pref_match_over", match=match))

    def settle(self, match: Any) -> Any:
        return self._first("pref_settle", match=match)
