"""The game API under hostile input: a hypothesis fuzz of every variant with 2, 3 and 4 seats (issue 17, item 3).

Each example loads a variant with a player count, random valid house rules (rules overrides drawn from
values that validate: each leaf of the variant's own rules varied within what its rules model accepts, see
:func:`candidates`) and, sometimes, a house-rule plugin module (all pass -> ``Redeal()``); then it plays a
random game in which every few steps a hostile action is tried first: a legal action of another phase, a
near miss (case, spaces, a NUL, a suffix), ``None``, ints, floats, bytes, lists, tuples, dicts, very long
strings, lone surrogates. It asserts:

- a rejected action raises :class:`IllegalActionError` (never another exception, whatever the input type)
  and leaves the state unchanged (the conformance fingerprint: ``to_json()``, phase, hands, tricks, totals,
  the random generator's state ...); an accepted one was legal (its canonical form is recorded), and an
  input that is not a string is never accepted;
- the 32 cards are conserved (``check_cards()``) at every step;
- after every deal the settlement is exact (ints and Fractions, never a float, rounded ints) and zero-sum,
  or for a variant played for a pot (capability ``pot``) every deal balances and the players' money plus the
  pot is 0;
- ``clone()`` and ``to_json()``/``from_json()`` reproduce the state and continue identically.

Profiles: the default (CI) one is small and derandomized, so a failure reproduces; ``PREFERANS_FUZZ=long``
runs many more examples with a random seed (``PREFERANS_FUZZ_EXAMPLES`` sets how many per case,
``PREFERANS_FUZZ_STATS=FILE`` writes the counts as JSON). docs/reliability.md gives the command and the
last long run.
"""

from __future__ import annotations

import json
import os
import random
import time
import types
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from preferans.core import Game, Variant, load_variant
from preferans.core.model.cards import CARD_NAMES
from preferans.core.model.errors import ConfigError, IllegalActionError
from preferans.core.plugin import AuctionView, Redeal, hookimpl
from preferans.core.rules.config import playable_variants
from preferans.core.testing.checks import fingerprint

# ---------------------------------------------------------------- profiles

LONG = os.environ.get("PREFERANS_FUZZ", "") == "long"
EXAMPLES = int(os.environ.get("PREFERANS_FUZZ_EXAMPLES", "60" if LONG else "10"))
STEPS = 400 if LONG else 120
"""Actions per example at most (a deal is about 40)."""

settings.register_profile("fuzz-ci", max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("fuzz-long", max_examples=EXAMPLES, deadline=None, derandomize=False, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
PROFILE = settings.get_profile("fuzz-long" if LONG else "fuzz-ci")

STATS: Counter[str] = Counter()
"""What the fuzz did, for the long run's figures (docs/reliability.md)."""

# ---------------------------------------------------------------- the house-rule plugin


@hookimpl
def _redeal_when_all_pass(view: AuctionView, rules: Any) -> Redeal:
    return Redeal()


REDEAL = types.ModuleType("fuzz_house_redeal", "House rule: all pass -> Redeal() (the cards are thrown in).")
REDEAL.pref_all_pass = _redeal_when_all_pass  # type: ignore[attr-defined]

# ---------------------------------------------------------------- valid house rules


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while True:
        if "$ref" in node:
            node = schema["$defs"][node["$ref"].split("/")[-1]]
        elif len(node.get("allOf", ())) == 1:
            node = node["allOf"][0]
        else:
            return node


def _leaves(schema: dict[str, Any], node: dict[str, Any], value: Any,
            path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], dict[str, Any], Any]]:
    node = _resolve(schema, node)
    if isinstance(value, dict) and "properties" in node:
        for key, sub_value in value.items():
            sub = node["properties"].get(key)
            if sub is not None:
                yield from _leaves(schema, sub, sub_value, (*path, key))
        return
    yield path, node, value


def _alternatives(node: dict[str, Any], value: Any) -> list[Any]:
    """Other values of one rules leaf: the other boolean, the other choices of an enum, an int moved within
    the bounds its model states (tables and lists are left at the preset's values)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        lo, hi = node.get("minimum", 0), node.get("maximum", value + 10)
        return sorted({x for x in (value - 1, value + 1, value * 2, lo) if lo <= x <= hi and x != value})
    if isinstance(value, str) and "enum" in node:
        return [e for e in node["enum"] if e != value]
    return []


def _nested(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: Any = value
    for key in reversed(path):
        out = {key: out}
    return dict(out)


def _merge(into: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(into))
    node = out
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value
    return dict(out)


@cache
def candidates(name: str) -> tuple[tuple[tuple[str, ...], Any], ...]:
    """Single rules overrides of ``name`` that validate on their own: ``(path, value)``."""
    variant = load_variant(name)
    schema = variant.json_schema()
    found = []
    for path, node, value in _leaves(schema, schema, variant.dump_rules(), ()):
        if path == ("players",):
            continue
        for alt in _alternatives(node, value):
            try:
                load_variant(name, _nested(path, alt))
            except ConfigError:
                continue
            found.append((path, alt))
    return tuple(found)


@cache
def _variant(name: str, players: int, overrides_json: str, plugin: bool) -> tuple[Variant, str]:
    """The variant with as many of the drawn overrides as validate together (added in order, a key that
    makes the whole fail left out), with the plugin if drawn. Returns it and its overrides as JSON."""
    kept: dict[str, Any] = {"players": players}
    for path, value in json.loads(overrides_json):
        trial = _merge(kept, tuple(path), value)
        try:
            load_variant(name, trial)
        except ConfigError:
            continue
        kept = trial
    return load_variant(name, kept, plugins=[REDEAL] if plugin else []), json.dumps(kept, sort_keys=True)


# ---------------------------------------------------------------- hostile inputs


class _Str(str):
    """A str subclass: an action given as a subclass instance of a string."""


LONG_TEXT = "A" * 100_000
_JUNK: list[Any] = [
    None, 0, 1, -1, 7, 2**70, 1.5, float("nan"), float("inf"), True, False, b"", b"AS", b"pass", bytearray(b"7S"),
    [], ["pass"], ("pass",), {"action": "pass"}, {"pass"}, frozenset(), object(), Fraction(1, 2), 1j, ...,
    "", " ", "\x00", "pass\x00", "\x00pass", "p\x00ass", "AS\x00", LONG_TEXT, "pass" * 25_000, "\ud800", "💣",
    "6\u2660", "ＡＳ", "7S 8S", "pass pass", "None", "null", "[]", "-1", "10", "11S", "1S", "6X", "XS",
    "\n", "\t\r", "pass\n", _Str("pass"), _Str("not-an-action"),
]
_WORDS = ["pass", "whist", "half", "open", "closed", "misere", "kontra", "refe", "invite", "agree", "concede",
          "play", "lie", *CARD_NAMES, *(f"{lv}{s}" for lv in range(6, 11) for s in ("S", "C", "D", "H", "NT"))]

hostile = st.one_of(
    st.sampled_from(_JUNK),
    st.sampled_from(_WORDS),
    st.none(), st.integers(), st.floats(), st.binary(max_size=40), st.booleans(),
    st.lists(st.sampled_from(_WORDS), max_size=3),
    st.text(max_size=30),
    st.text(alphabet="\x00 \n\tASKQJ0123456789pashNTCDH", min_size=1, max_size=12),
    st.tuples(st.sampled_from(_WORDS), st.sampled_from(["\x00", " ", "\n", "x", "!", "\u200b"])).map("".join),
)


def _variants(name: str, seed: int) -> list[Any]:
    """Near misses of a legal action: what a typo or a broken client sends."""
    rng = random.Random(seed)
    return [name.lower(), name.upper(), f" {name} ", name + "\x00", "\x00" + name, name + name, name[:-1],
            name + "x", name.encode(), [name], (name,), {name: 1}, name * rng.randrange(2, 2000)]


# ---------------------------------------------------------------- the checks


def _exact(x: object) -> bool:
    return isinstance(x, int | Fraction) and not isinstance(x, bool)


def _check_money(game: Game, pot: bool) -> None:
    entries = game.deal_entries[-1]
    for e in entries:
        assert _exact(e.amount), f"entry {e} is not an exact amount (int or Fraction)"
    s = game.settlement()
    assert all(_exact(x) for x in s.exact), f"settlement {s.exact} is not exact"
    assert all(isinstance(x, int) and not isinstance(x, bool) for x in s.rounded), f"rounded {s.rounded} not ints"
    if pot:
        assert sum((e.amount for e in entries), Fraction(0)) == 0, "a deal's entries (players and pot) do not sum to 0"
        left = s.details.get("pot")
        assert _exact(left), f"the pot {left!r} is not reported as an exact amount"
        assert sum(s.exact, Fraction(0)) + Fraction(left) == 0, "the players' money plus the pot is not 0"  # type: ignore[arg-type]
    else:
        assert sum(s.exact) == 0, f"exact settlement {s.exact} does not sum to 0"
        assert sum(s.rounded) == 0, f"rounded settlement {s.rounded} does not sum to 0"


def _try_hostile(game: Game, action: Any) -> None:
    legal = game.legal_actions()
    before = fingerprint(game)
    STATS["illegal attempts"] += 1
    try:
        game.apply(action)
    except IllegalActionError:
        STATS["rejected"] += 1
        assert fingerprint(game) == before, f"the rejected action {action!r:.80} changed the state"
        return
    except Exception as exc:  # noqa: BLE001 - the point: any other exception is the failure
        raise AssertionError(f"apply({action!r:.80}) raised {type(exc).__name__}: {exc!s:.200}, "
                             "not IllegalActionError") from exc
    # accepted: only a string whose canonical form was legal (" pass", "as" for "AS"), recorded canonically
    STATS["accepted near misses"] += 1
    assert game.history[-1] in legal, f"{action!r:.80} was accepted and recorded as {game.history[-1]!r}"
    assert game.history[-1].__class__ is str or game.history[-1] is action, "the record is not the action given"
    assert isinstance(action, str), f"a {type(action).__name__} {action!r:.80} was accepted as an action"


def _check_copies(game: Game, variant: Variant, rng: random.Random) -> None:
    STATS["round trips"] += 1
    original = fingerprint(game)
    copies = {"clone": game.clone(), "from_json": Game.from_json(game.to_json(), plugins=variant.local_plugins)}
    for how, other in copies.items():
        assert fingerprint(other) == original, f"{how} does not reproduce the state"
    ahead = game.clone()
    actions = []
    for _ in range(rng.randrange(1, 12)):
        if ahead.is_terminal:
            break
        legal = ahead.legal_actions()
        actions.append(legal[rng.randrange(len(legal))])
        ahead.apply(actions[-1])
    for how, other in copies.items():
        for action in actions:
            other.apply(action)
        assert fingerprint(other) == fingerprint(ahead), f"{how} diverges after the same {len(actions)} actions"
    assert fingerprint(game) == original, "copying and playing the copies on changed the original"


# ---------------------------------------------------------------- the test

CASES = [(name, players) for name in playable_variants() for players in (2, 3, 4)]


@cache
def _allowed(name: str, players: int) -> str | None:
    try:
        load_variant(name, {"players": players})
    except ConfigError as exc:
        return str(exc)
    return None


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_api_fuzz(name: str, players: int) -> None:
    reason = _allowed(name, players)
    if reason is not None:
        pytest.skip(f"{name} is not played by {players}: {reason}")
    pool = candidates(name)
    started = time.perf_counter()

    @PROFILE
    @given(
        overrides=st.lists(st.sampled_from(pool), max_size=4, unique_by=lambda c: c[0]) if pool else st.just([]),
        plugin=st.booleans(),
        seed=st.integers(0, 2**32 - 1),
        junk=st.lists(hostile, min_size=1, max_size=12),
        hostile_every=st.integers(1, 6),
        copy_every=st.integers(15, 60),
    )
    def run(overrides: list[Any], plugin: bool, seed: int, junk: list[Any], hostile_every: int,
            copy_every: int) -> None:
        variant, kept = _variant(name, players, json.dumps(overrides), plugin)
        pot = "pot" in variant.capabilities
        rng = random.Random(seed)
        game = Game(variant, seed=seed, first_dealer=rng.randrange(players))
        STATS["examples"] += 1
        game.check_cards()
        for step in range(STEPS):
            if game.is_terminal:
                STATS["matches ended"] += 1
                break
            done, moves = len(game.results), len(game.history)
            if step % hostile_every == 0:
                _try_hostile(game, junk[step % len(junk)])
                if len(game.history) == moves:
                    # a legal action of another phase, or a near miss of a legal one
                    legal = game.legal_actions()
                    near = _variants(legal[rng.randrange(len(legal))], rng.randrange(1 << 30))
                    _try_hostile(game, rng.choice([rng.choice(_WORDS), *near]))
            if len(game.history) == moves:  # no near miss was accepted as this step's move
                if step % copy_every == copy_every - 1:
                    _check_copies(game, variant, rng)
                legal = game.legal_actions()
                assert legal, f"no legal action in phase {game.phase} ({kept})"
                game.apply(legal[rng.randrange(len(legal))])
            STATS["actions"] += 1
            game.check_cards()
            if len(game.results) > done:
                STATS["deals"] += 1
                _check_money(game, pot)
        _check_copies(game, variant, rng)

    run()
    STATS["seconds"] += round(time.perf_counter() - started, 3)
    STATS["cases"] += 1
    target = os.environ.get("PREFERANS_FUZZ_STATS")
    if target:  # after every case, so an interrupted long run still leaves its counts
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(dict(STATS), fh, indent=1)


class _Says:
    """Not a string, but its str() is the bid "2"."""

    def __str__(self) -> str:
        return "2"


# found by this fuzz: apply() used to coerce with str(), so the int 2 was the Balkan bid "2"
@pytest.mark.parametrize("action", [2, _Says()], ids=["int", "object-with-str"])
def test_non_string_is_never_an_action(action: object) -> None:
    game = Game(load_variant("balkan"), seed=0)
    assert "2" in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply(action)  # type: ignore[arg-type]
