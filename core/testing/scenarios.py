"""Targeted runs that make rare rules reachable in a short run, and the coverage check built on them.

The suite's walk (:func:`.checks.walk`, the reference policy exploring) reaches the common rules and tries
every new row and call once. Three kinds of targeted deals follow it, each recorded in the same coverage:

* **an all-pass series**: a fresh match in which every bidder passes whenever he may (``quiet``), for
  :data:`SERIES_DEALS` deals: raspasovka after raspasovka, or the deal thrown in again and again, with
  whatever the variant does about it (the Russian exit, Classic's bombs);
* **eager auctions**: deals in which nobody passes while anything else is legal (``eager``), every other one
  played by the table's weights, until every row of the table has been called or :data:`EAGER_DEALS` deals
  are played: the auction climbs to the top (the Balkan 6 and 7, reached only by holding and outbidding)
  and takes the rare calls (igra), and the deals between name the low contracts left;
* **dealt hands**: each scenario file of the variant (``variants/<name>/scenarios/*.toml``):
  a fixed pack (``Game(..., deals=[pack])``), the actions that lead to the rule, and what it must reach;
  the reference policy plays on to the end of the deal. With local plugins (a house rule) a scenario that no
longer plays as written is left out, not failed: the coverage still names any rule left unreached.

A scenario file::

    description = "a misère made: the declarer holds the lowest cards"
    first_dealer = 0
    players = 3                   # optional: the deal is written for this many players (else left out)
    pack = "7S 8S ..."            # the 32 cards in dealing order: ten to each bidder in turn, then the talon
    actions = ["misere", "pass", "pass"]
    reaches = ["row misere", "outcome played"]

``reaches`` names what the deal must show, each one of: ``row NAME`` (the deal's contract), ``call NAME``
(a call taken in the deal), ``outcome played|passed_out|thrown_in``, ``step NAME`` (a declaration step as
the coverage names it), ``declarer-tricks N`` (the declarer's tricks), ``early-stop`` (fewer than ten tricks
played). A scenario whose actions are no longer
legal, or that does not reach what it says, fails the coverage check with its file name.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Protocol

from preferans.core.engine.game import Game
from preferans.core.model.cards import CardError, parse_card
from preferans.core.model.errors import BadInput, IllegalActionError
from preferans.core.rules.config import Variant
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from .checks import walk
from .coverage import Coverage, step
from .policy import ReferencePolicy

SERIES_DEALS = 4
"""Deals of the all-pass series (a Russian series of three raspasovkas and the exit after it)."""
EAGER_DEALS = 40
"""At most this many eager deals, stopped as soon as every row is reached."""


@dataclass(frozen=True)
class Scenario:
    """One dealt hand: where it comes from, the pack, the actions that lead to the rule, what it reaches."""

    source: str
    description: str
    pack: tuple[int, ...]
    actions: tuple[str, ...]
    reaches: tuple[str, ...]
    first_dealer: int = 0
    players: int | None = None
    """The number of players the deal is written for (``None``: any); a variant played by another number
    leaves the scenario out (``sochi(players=2)`` deals and bids otherwise)."""

    def applies_to(self, variant: Variant) -> bool:
        return self.players is None or self.players == variant.rules.players


def scenario_files(variant: Variant) -> Iterator[tuple[str, Traversable]]:
    """The scenario files shipped beside the variant's own preset (a child's rules may make its parent's
    scripts illegal, so they are not inherited; the targeted runs serve every variant)."""
    own = variant.chain[-1]
    folder = files(own.module) / "scenarios"
    if folder.is_dir():
        for item in sorted(folder.iterdir(), key=lambda t: t.name):
            if item.name.endswith(".toml"):
                yield f"{own.name}/scenarios/{item.name}", item


def load_scenario(source: str, text: str) -> Scenario:
    """Read a scenario file; a malformed one raises ``AssertionError`` naming the file and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AssertionError(check_message("scenario {source}: malformed {kind}: {reason}", source=source, kind="TOML",
                                           reason=exc)) from None
    if not isinstance(data.get("pack"), str):
        raise AssertionError(check_message("scenario {source}: {key}: expected the 32 cards in dealing order, as one "
                                           "string", source=source, key="pack"))
    try:
        pack = tuple(parse_card(c) for c in data["pack"].split())
    except CardError as exc:
        raise AssertionError(check_message("scenario {source}: {key}: {reason}", source=source, key="pack",
                                           reason=exc)) from None
    if sorted(pack) != list(range(32)):
        raise AssertionError(check_message("scenario {source}: {key}: expected each of the 32 cards once, got {n} "
                                           "names with {different} different cards", source=source, key="pack",
                                           n=len(pack), different=len(set(pack))))
    actions, reaches = data.get("actions", []), data.get("reaches", [])
    for key, value in (("actions", actions), ("reaches", reaches)):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise AssertionError(check_message("scenario {source}: {key}: expected a list of strings", source=source,
                                               key=key))
    first = data.get("first_dealer", 0)
    if type(first) is not int:
        raise AssertionError(check_message("scenario {source}: {key}: expected a seat number", source=source,
                                           key="first_dealer"))
    players = data.get("players")
    if players is not None and (type(players) is not int or players < 2):
        raise AssertionError(check_message("scenario {source}: {key}: expected the number of players the deal is "
                                           "written for", source=source, key="players"))
    return Scenario(source, str(data.get("description", "")), pack, tuple(actions), tuple(reaches), first, players)


def _reached(game: Game, coverage: Coverage, taken: list[str], item: str) -> bool:
    result = game.results[-1]
    what, _, name = item.partition(" ")
    if what == "row":
        return result.contract is not None and result.contract.name == name
    if what == "call":
        return name in taken
    if what == "outcome":
        return result.outcome == name
    if what == "step":
        return coverage.steps.get(name, 0) > 0
    if what == "declarer-tricks":
        return result.declarer is not None and result.tricks[result.declarer] == int(name)
    if what == "early-stop":
        return result.played and sum(result.tricks) < 10
    raise AssertionError(check_message("unknown {key} item {item} ({allowed})", key="'reaches'", item=repr(item),
                                       allowed="row, call, outcome, step, declarer-tricks, early-stop"))


def play_scenario(variant: Variant, scenario: Scenario, seed: int, coverage: Coverage) -> None:
    """Play one scenario's deal into ``coverage``; raise ``AssertionError`` naming the file when its actions
    are illegal or it does not reach what it says."""
    try:
        game = Game(variant, seed=seed, first_dealer=scenario.first_dealer, deals=[scenario.pack])
    except BadInput as exc:
        raise AssertionError(check_message("scenario {source}: {reason}", source=scenario.source, reason=exc)) from None
    own = Coverage.of(variant.contracts)
    policy = ReferencePolicy(seed)
    for i, action in enumerate(scenario.actions):
        own.before(game, game.legal_actions())
        own.took(game.phase, action)
        deal, before = game.deal, len(game.results)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            key = "actions[" + str(i) + "]"
            raise AssertionError(check_message("scenario {source}: {key} {action}: {reason}", source=scenario.source,
                                               key=key, action=repr(action), reason=exc)) from None
        if len(game.results) > before:
            own.deal_ended(deal, game.results[-1])
    while not game.results and not game.is_terminal:
        step(game, policy, own)
    taken = list(game.history)
    missing = [item for item in scenario.reaches if not (game.results and _reached(game, own, taken, item))]
    if missing:
        raise AssertionError(check_message("scenario {source} ({description}) did not reach {missing}",
                                           source=scenario.source, description=scenario.description,
                                           missing=", ".join(missing)))
    coverage.merge(own)


class Watcher(Protocol):
    """What looks at a targeted run's games: before every action, and after each deal is scored."""

    def before(self, game: Game) -> None: ...

    def deal_scored(self, game: Game, index: int) -> None: ...


def _targeted(variant: Variant, seed: int, coverage: Coverage, modes: tuple[str, ...], deals: int,
              stop: bool, watch: Watcher | None = None) -> None:
    """``deals`` deals (new matches as needed) whose auctions take the ``modes`` in turn, exploring; with
    ``stop``, only until every row is reached. ``watch`` sees every state (the reference check)."""
    policy = ReferencePolicy(seed, explore=1.0, explore_calls=1.0, novel=coverage.novel, auction=modes[0])
    game = Game(variant, seed=seed)
    coverage.match_started()
    done = 0
    while done < deals and not (stop and not coverage.missed_rows()):
        if game.is_terminal:
            game = Game(variant, seed=seed + 1000 + done)
            coverage.match_started()
        if watch is not None:
            watch.before(game)
        if step(game, policy, coverage):
            done += 1
            policy.auction = modes[done % len(modes)]
            if watch is not None:
                watch.deal_scored(game, len(game.results) - 1)


def targeted_runs(variant: Variant, seed: int, coverage: Coverage, watch: Watcher | None = None) -> None:
    """The all-pass series and the eager auctions of :func:`reach`, with ``watch`` seeing every state."""
    _targeted(variant, seed + 1, coverage, ("quiet",), SERIES_DEALS, stop=False, watch=watch)
    _targeted(variant, seed + 2, coverage, ("eager", "table"), EAGER_DEALS, stop=True, watch=watch)


def reach(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None) -> Coverage:
    """The suite's walk of ``deals`` deals, then the all-pass series, the eager auctions and the variant's
    scenarios, all recorded in one coverage (returned)."""
    cov = coverage if coverage is not None else Coverage.of(variant.contracts)
    for _ in walk(variant, seed, deals, cov):
        pass
    targeted_runs(variant, seed, cov)
    for source, item in scenario_files(variant):
        scenario = load_scenario(source, item.read_text(encoding="utf-8"))
        if not scenario.applies_to(variant):
            continue
        try:
            play_scenario(variant, scenario, seed, cov)
        except AssertionError:
            if not variant.local_plugins:
                raise
            # a house rule may change what the script leads to; what it then misses is named by the coverage
    return cov


def check_coverage(variant: Variant, seed: int, deals: int, coverage: Coverage | None = None,
                   rows_may_die: bool = False) -> Coverage:
    """The suite reached every row of the variant's contract table and every call it offered (raises
    ``AssertionError`` naming what was missed); returns the coverage. With ``rows_may_die`` (the plugins
    declare deviations: a house rule may make a row unreachable on purpose) a row never reached is not a
    failure; a call offered and never taken still is."""
    cov = reach(variant, seed, deals, coverage)
    missed = cov.missed()
    if rows_may_die:
        missed = [m for m in missed if not m.startswith("contract table row(s)")]
    if missed:
        raise AssertionError(check_message("in {deals} deals and the targeted runs: {missed}", deals=deals,
                                           missed="; ".join(missed)))
    return cov
