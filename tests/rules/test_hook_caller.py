"""The Rulebook's compiled hook callers are pluggy's call, pinned: random stacks of implementations (plain
answers, deferrals and exceptions; new-style wrappers that pass, refine, catch, raise, do not yield or yield
twice; old-style hookwrappers; ``tryfirst``/``trylast``; implementations taking some of the arguments, in
another order or with defaults) are called through the Rulebook and through pluggy itself on the same
manager, and must give the same answer or the same exception, after the same calls in the same order.

The Rulebook keeps its own caller because pluggy's costs the engine 13-22% of its random deals per second
(docs/performance.md, "Hooks"); this test is what allows it. It runs against the installed pluggy; the
project allows ``pluggy>=1.5`` (pyproject.toml), and 1.5, 1.6 and 1.7 were run.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from preferans.core.model.errors import NoRuleError
from preferans.core.rules import hookspecs
from preferans.core.rules.manager import Rulebook

hookimpl = pluggy.HookimplMarker(hookspecs.PROJECT)

# two hooks of the specs: a firstresult one and a collecting one, each with two arguments and the rules
HOOKS = {"pref_next_dealer": (("match", "result", "rules"), True),
         "pref_after_score": (("match", "posted", "rules"), False)}
SIGNATURES = ("match, result, rules", "result", "", "rules, match", "match, result='unset', rules=None")
"""What an implementation takes (for the collecting hook ``result`` reads ``posted``): all the arguments, some,
none, another order, or defaults (pluggy passes a defaulted parameter by keyword when the call has it)."""

PLAIN = ("none", "answer", "raise")
WRAPPER = ("pass", "refine", "catch", "raise_after", "finally", "no_yield", "twice")
OLD_STYLE = ("look", "force", "force_exception")


class Boom(Exception):
    pass


def _behaviour(kind: str, what: str, tag: str, log: list[str]) -> Callable[[dict[str, Any]], Any]:
    """The body of an implementation: it notes its call (with the arguments it got) and does ``what``."""
    def plain(args: dict[str, Any]) -> Any:
        log.append(f"{tag} {sorted(args.items())}")
        if what == "raise":
            raise Boom(tag)
        return None if what == "none" else f"<{tag}>"

    def wrapper(args: dict[str, Any]) -> Generator[None, Any, Any]:
        log.append(f"{tag} in {sorted(args.items())}")
        if what == "no_yield":
            return f"<{tag}>"
        try:
            result = yield
        except Boom as exc:
            log.append(f"{tag} caught {exc}")
            if what == "catch":
                return f"<{tag} rescued {exc}>"
            raise
        finally:
            if what == "finally":
                log.append(f"{tag} finally")
        log.append(f"{tag} out {result!r}")
        if what == "twice":
            yield
        if what == "raise_after":
            raise Boom(tag)
        return f"<{tag} {result!r}>" if what == "refine" else result

    def old_style(args: dict[str, Any]) -> Generator[None, Any, None]:
        log.append(f"{tag} in {sorted(args.items())}")
        outcome = yield
        log.append(f"{tag} out {type(outcome.excinfo[1]).__name__ if outcome.excinfo else 'ok'}")
        if what == "force":
            outcome.force_result(f"<{tag} forced>")
        elif what == "force_exception":
            outcome.force_exception(Boom(f"{tag} forced"))

    return {"plain": plain, "wrapper": wrapper, "old": old_style}[kind]


def _implementation(hook: str, kind: str, what: str, signature: str, tag: str, log: list[str]) -> Any:
    """A function named ``hook`` with the parameters ``signature``, marked as pluggy marks it."""
    if hook == "pref_after_score":
        signature = signature.replace("result", "posted")
    body = _behaviour(kind, what, tag, log)
    names = [p.split("=")[0].strip() for p in signature.split(",") if p.strip()]
    args = "{" + ", ".join(f"{n!r}: {n}" for n in names) + "}"
    source = (f"def {hook}({signature}):\n    return (yield from body({args}))\n" if kind != "plain" else
              f"def {hook}({signature}):\n    return body({args})\n")
    namespace: dict[str, Any] = {"body": body}
    exec(source, namespace)  # a real function: pluggy reads its signature
    return namespace[hook]


IMPL = st.tuples(st.sampled_from(["plain", "plain", "wrapper", "wrapper", "old"]), st.integers(0, 6),
                 # the spec's own parameters most often: the Rulebook's shortest paths take only those
                 st.sampled_from([*[SIGNATURES[0]] * 4, *SIGNATURES[1:]]),
                 st.sampled_from([None, "tryfirst", "trylast"]))


def _stack(hook: str, impls: list[tuple[str, int, str, str | None]], log: list[str]) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for i, (kind, which, signature, order) in enumerate(impls):
        choices = {"plain": PLAIN, "wrapper": WRAPPER, "old": OLD_STYLE}[kind]
        what = choices[which % len(choices)]
        fn = _implementation(hook, kind, what, signature, f"{kind}{i}:{what}", log)
        options: dict[str, bool] = {"wrapper": kind == "wrapper", "hookwrapper": kind == "old"}
        if order:
            options[order] = True
        plugin = type(f"Plugin{i}", (), {})()
        setattr(plugin, hook, hookimpl(**options)(fn))
        pm.register(plugin, name=f"plugin{i}")
    return pm


def _outcome(call: Callable[[], Any]) -> tuple[str, str]:
    try:
        return "answer", repr(call())
    except (Boom, RuntimeError, NoRuleError) as exc:
        return type(exc).__name__, str(exc)


def _pluggy(pm: pluggy.PluginManager, hook: str, args: tuple[Any, ...], rules: Any, first: bool) -> Any:
    params, _ = HOOKS[hook]
    result = getattr(pm.hook, hook)(**dict(zip(params, (*args, rules), strict=True)))
    if first and result is None:
        raise NoRuleError(hook)  # the Rulebook's word for a firstresult hook nobody answered
    return result


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
# an old-style hookwrapper whose call raises leaves pluggy's generator to the garbage collector (pluggy's own
# path, the same in both calls)
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@given(hook=st.sampled_from(sorted(HOOKS)), impls=st.lists(IMPL, max_size=6))
def test_the_compiled_caller_is_pluggys_call(hook: str, impls: list[tuple[str, int, str, str | None]]) -> None:
    params, first = HOOKS[hook]
    rules = "RULES"
    args = ("MATCH", "SECOND")
    log: list[str] = []
    pm = _stack(hook, impls, log)
    book = Rulebook(pm, rules)  # type: ignore[arg-type]
    fast = _outcome(lambda: book._caller(hook, params, first)(*args))
    fast_log = list(log)
    log.clear()
    slow = _outcome(lambda: _pluggy(pm, hook, args, rules, first))
    assert (fast, fast_log) == (slow, log)
    # the fast path is really taken unless an old-style hookwrapper sends the hook to pluggy
    uses_old_style = any(kind == "old" for kind, *_ in impls)
    assert (book.kinds[hook] == "pluggy") == uses_old_style


def test_the_pinned_cases_are_all_met() -> None:
    """Hand-picked stacks, each one of pluggy's rules, so a failure names the rule and not only a random case."""
    cases = {
        # firstresult: the last registered answers first; a deferral (None) asks the next
        "first answer": ("pref_next_dealer", [("plain", 1, SIGNATURES[0], None), ("plain", 0, SIGNATURES[0], None)]),
        # tryfirst before the others, trylast after them, whatever the registration order
        "tryfirst/trylast": ("pref_after_score", [("plain", 1, SIGNATURES[0], "tryfirst"),
                                                  ("plain", 1, SIGNATURES[1], None),
                                                  ("plain", 1, SIGNATURES[2], "trylast")]),
        # an exception below is thrown into the wrapper at its yield, which may answer instead: one wrapper with
        # the spec's parameters (the Rulebook's shortest path), and one taking others, among two
        "thrown into wrapper": ("pref_next_dealer", [("plain", 2, SIGNATURES[0], None),
                                                     ("wrapper", 2, SIGNATURES[0], None)]),
        "thrown into wrappers": ("pref_next_dealer", [("plain", 2, SIGNATURES[0], None),
                                                      ("wrapper", 2, SIGNATURES[3], None),
                                                      ("wrapper", 0, SIGNATURES[0], None)]),
        "passed through wrapper": ("pref_after_score", [("plain", 2, SIGNATURES[0], None),
                                                        ("wrapper", 4, SIGNATURES[0], None)]),
        # wrappers nest: the last registered is outermost, and refines what the inner one returned
        "nested wrappers": ("pref_after_score", [("plain", 1, SIGNATURES[0], None), ("wrapper", 1, SIGNATURES[4], None),
                                                 ("wrapper", 1, SIGNATURES[1], "trylast")]),
        # a wrapper that does not yield, or yields twice, is a RuntimeError
        "no yield": ("pref_next_dealer", [("plain", 1, SIGNATURES[0], None), ("wrapper", 5, SIGNATURES[0], None)]),
        "second yield": ("pref_next_dealer", [("plain", 1, SIGNATURES[0], None), ("wrapper", 6, SIGNATURES[0], None)]),
        # an old-style hookwrapper forces a result (the hook goes through pluggy itself)
        "old style": ("pref_next_dealer", [("plain", 1, SIGNATURES[0], None), ("old", 1, SIGNATURES[0], None)]),
    }
    for name, (hook, impls) in cases.items():
        params, first = HOOKS[hook]
        log: list[str] = []
        pm = _stack(hook, impls, log)  # type: ignore[arg-type]
        book = Rulebook(pm, "RULES")  # type: ignore[arg-type]
        fast = _outcome(lambda: book._caller(hook, params, first)(*("MATCH", "SECOND")))  # noqa: B023
        fast_log = list(log)
        log.clear()
        slow = _outcome(lambda: _pluggy(pm, hook, ("MATCH", "SECOND"), "RULES", first))  # noqa: B023
        assert (fast, fast_log) == (slow, log), name
        assert fast_log, name
