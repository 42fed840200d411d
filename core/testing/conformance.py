"""The conformance suite: one named test per check, run for every installed variant.

Run it with ``preferans conformance [VARIANT ...]``, or ``pytest --pyargs
preferans.core.testing.conformance --preferans-variant NAME``, or from your own test file::

    from preferans.core.testing.conformance import *  # noqa: F403

The fixtures come from the ``preferans`` pytest plugin, which pytest loads automatically. Checks that
apply only to some variants skip themselves by capability (what the resolved variant has), not by name.
With local plugins (``--preferans-plugin house.py``) every check runs on the variant plus them, except the
golden playthroughs, which were recorded without them and are skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from preferans.core.model.kit import AREAS
from preferans.core.testing.messages import (
    check_message,  # absolute: one note book, whatever name pytest imports this module by
)

from . import checks, playthrough, scenarios
from .coverage import COVERAGE_PROPERTY, Coverage


def _covered(record_property: Any, variant: Any) -> Coverage:
    """A coverage for one test's walk, recorded with the test's report when the test ends."""
    cov = Coverage.of(variant.contracts)
    record_property(COVERAGE_PROPERTY, cov)
    return cov

__all__ = [
    "test_loading_preset_resolves",
    "test_loading_hooks_match_specs",
    "test_loading_rules_roundtrip_toml",
    "test_simulation_one_actor_with_legal_actions",
    "test_simulation_every_legal_action_applies",
    "test_simulation_illegal_action_rejected_state_unchanged",
    "test_simulation_cards_conserved",
    "test_simulation_tricks_per_deal",
    "test_simulation_match_ends",
    "test_play_rules_match_reference",
    "test_money_settlement_exact_and_zero_sum",
    "test_money_pot_balances_every_deal",
    "test_determinism_same_seed_same_game",
    "test_determinism_clone_json_replay",
    "test_golden_playthroughs_replay",
    "test_golden_playthroughs_cover_contract_kinds",
    "test_hooks_leave_arguments_unchanged",
    "test_inheritance_matches_parent",
    "test_coverage_reaches_every_rule",
]


def test_loading_preset_resolves(preferans_variant_name: str) -> None:
    """The preset chain resolves (extends, no cycle) and the variant registers biddable contracts."""
    checks.check_preset_resolves(preferans_variant_name)


def test_loading_hooks_match_specs(preferans_loaded: Any) -> None:
    """Every pref_* function of the variant's modules is a known hook, marked @hookimpl, with the spec's
    argument names; every firstresult hook has exactly one core default."""
    checks.check_hookimpls_match_specs(preferans_loaded)


def test_loading_rules_roundtrip_toml(preferans_loaded: Any) -> None:
    """The effective rules dump to TOML and load back to an equal model; the JSON schema exports."""
    checks.check_rules_roundtrip(preferans_loaded)


def test_simulation_one_actor_with_legal_actions(preferans_loaded: Any, preferans_seed: int,
                                                 preferans_deals: int, record_property: Any) -> None:
    """At every step exactly one seat acts, with a non-empty set of distinct legal actions; in play it is the
    controller of the hand to play."""
    checks.check_one_actor_with_legal_actions(preferans_loaded, preferans_seed, preferans_deals,
                                              _covered(record_property, preferans_loaded))


def test_simulation_every_legal_action_applies(preferans_loaded: Any, preferans_seed: int,
                                               preferans_deals: int, record_property: Any) -> None:
    """Each legal action can be applied."""
    checks.check_every_legal_action_applies(preferans_loaded, preferans_seed, preferans_deals,
                                            _covered(record_property, preferans_loaded))


def test_simulation_illegal_action_rejected_state_unchanged(preferans_loaded: Any, preferans_seed: int,
                                                            preferans_deals: int, record_property: Any) -> None:
    """An action outside the legal set raises IllegalActionError and leaves the state exactly as it was."""
    checks.check_illegal_action_rejected(preferans_loaded, preferans_seed, preferans_deals,
                                         _covered(record_property, preferans_loaded))


def test_simulation_cards_conserved(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                    record_property: Any) -> None:
    """Hands, talon, discard and the cards in tricks always hold the 32 cards once each."""
    checks.check_cards_conserved(preferans_loaded, preferans_seed, preferans_deals,
                                 _covered(record_property, preferans_loaded))


def test_simulation_tricks_per_deal(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                    record_property: Any) -> None:
    """A played deal has 10 tricks, or fewer only under an early-stop rule of its play rules."""
    checks.check_tricks_per_deal(preferans_loaded, preferans_seed, preferans_deals,
                                 _covered(record_property, preferans_loaded))


def test_simulation_match_ends(preferans_loaded: Any, preferans_seed: int) -> None:
    """A match among reference players ends (within 5000 deals)."""
    checks.check_match_ends(preferans_loaded, preferans_seed)


def test_play_rules_match_reference(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                    record_property: Any) -> None:
    """The legal cards are those of the contract by the independent reference: follow suit, trump when void
    where the contract says so, head the trick where it demands it, no trumps in misère and raspasovka."""
    checks.check_play_matches_reference(preferans_loaded, preferans_seed, preferans_deals,
                                        _covered(record_property, preferans_loaded))


def test_money_settlement_exact_and_zero_sum(preferans_loaded: Any, preferans_seed: int,
                                             preferans_deals: int, record_property: Any) -> None:
    """Every sheet entry is an int or a Fraction; after every deal the settlement is exact and, for a zero-sum
    variant, sums to 0."""
    zero_sum = "zero_sum_settlement" in checks.capabilities(preferans_loaded)
    checks.check_settlement_exact_and_zero_sum(preferans_loaded, preferans_seed, preferans_deals, zero_sum,
                                               _covered(record_property, preferans_loaded))


def test_money_pot_balances_every_deal(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                       record_property: Any) -> None:
    """Played for a pot: every deal's entries (players and pot) sum to 0, the pot never holds less than nothing,
    the settlement plus the pot is 0."""
    if "pot" not in checks.capabilities(preferans_loaded):
        pytest.skip(check_message("the variant is not played for a pot"))
    checks.check_pot_balances(preferans_loaded, preferans_seed, preferans_deals,
                              _covered(record_property, preferans_loaded))


def test_determinism_same_seed_same_game(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                         record_property: Any) -> None:
    """The same seed gives the same game, even when the global random is reseeded between steps."""
    checks.check_same_seed_same_game(preferans_loaded, preferans_seed, preferans_deals,
                                     _covered(record_property, preferans_loaded))


def test_determinism_clone_json_replay(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                       record_property: Any) -> None:
    """clone(), to_json()/from_json() and replay from the history reproduce the state and continue identically."""
    checks.check_clone_json_replay(preferans_loaded, preferans_seed, preferans_deals,
                                   _covered(record_property, preferans_loaded))


def _golden(variant: Any, replay: Callable[[], None]) -> None:
    """Run a golden replay. Under local plugins a difference fails unless the plugins declare it: its area
    (:class:`.playthrough.GoldenDifference`; a golden deal's is the score) or a rule ID (the family's reference
    then holds them rule by rule); declared, their own golden games (``<stem>.playthroughs``) are replayed
    instead. The failure names the area it lacks."""
    try:
        replay()
    except AssertionError as exc:
        if not variant.local_plugins:
            raise
        area = getattr(exc, "area", "score")
        found = deviations.declared(variant)
        rule_ids = found.keys - set(AREAS)
        if found.covers(area) or rule_ids:
            pass  # declared: the plugin's own golden games below are the expectation
        elif not found:
            raise AssertionError(check_message(
                "{message} (with {files}, which declares no deviation: a house rule that changes this on purpose "
                "declares the area {area} or the rule it changes in {attribute}, {doc})", message=str(exc),
                files=_files(variant), area=area, attribute=deviations.ATTRIBUTE, doc="docs/conformance.md")) from None
        else:
            raise AssertionError(check_message(
                "{message} (with {files}, whose deviations do not cover the area {area}: declare it, or the rule it "
                "changes, in {attribute}, {doc})", message=str(exc), files=_files(variant), area=area,
                attribute=deviations.ATTRIBUTE, doc="docs/conformance.md")) from None
    for label, folder in deviations.own_golden_folders(variant):
        for item in sorted(folder.glob("*.toml")):
            playthrough.check(playthrough.load(item), f"{label}: {item.name}", plugins=variant.local_plugins)


def _files(variant: Any) -> str:
    return ", ".join(p.name for p in variant.local_plugins)


def test_golden_playthroughs_replay(preferans_variant_name: str, preferans_loaded: Any) -> None:
    """The recorded games replay to the recorded tricks, sheet entries and settlement; with local plugins
    too, unless they declare the deviation (then their own golden games are replayed instead)."""
    name = preferans_variant_name
    files = list(playthrough.playthrough_files(name))
    if not files:
        pytest.fail(check_message("{name} ships no playthroughs ({files})", name=name,
                                  files="variants/" + name + "/playthroughs/*.toml"))

    def replay() -> None:
        for source, item in files:
            playthrough.check(playthrough.load(item), source, plugins=preferans_loaded.local_plugins)

    _golden(preferans_loaded, replay)


def test_golden_playthroughs_cover_contract_kinds(preferans_variant_name: str, preferans_loaded: Any) -> None:
    """Every contract kind the variant registers has a golden playthrough."""
    covered: set[str] = set()
    for _, item in playthrough.playthrough_files(preferans_variant_name):
        covered |= playthrough.contract_kinds(playthrough.load(item))
    missing = preferans_loaded.contracts.kinds() - covered
    if missing and preferans_loaded.local_plugins and deviations.declared(preferans_loaded):
        return  # a declared house rule may add or remove a contract; its own golden games say what it does
    assert not missing, check_message("no golden playthrough covers the contract kind(s) {kinds}",
                                      kinds=sorted(missing))


def test_hooks_leave_arguments_unchanged(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                         record_property: Any) -> None:
    """Calling the decision hooks changes neither the views they get nor the rules."""
    checks.check_hooks_leave_arguments_unchanged(preferans_loaded, preferans_seed, preferans_deals,
                                                 _covered(record_property, preferans_loaded))


def test_inheritance_matches_parent(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                    record_property: Any) -> None:
    """For each hook the child's own module does not implement, the parent's plugin stack answers the same on
    the same states."""
    if len(preferans_loaded.chain) < 2:
        pytest.skip(check_message("the variant extends no parent"))
    checks.check_inherits_parent(preferans_loaded, preferans_seed, preferans_deals,
                                 _covered(record_property, preferans_loaded))


def test_coverage_reaches_every_rule(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                     record_property: Any) -> None:
    """Every row of the variant's contract table and every call it offers is reached by the walk and the
    targeted runs (an all-pass series, eager auctions, the variant's dealt scenarios)."""
    cov = _covered(record_property, preferans_loaded)
    scenarios.check_coverage(preferans_loaded, preferans_seed, preferans_deals, cov,
                             rows_may_die=bool(deviations.declared(preferans_loaded)))


# ---------------------------------------------------------------- conf-b: exact counts and golden scores
# (new checks of their own modules: perft.py, checks_scoring.py; kept apart here to ease merging)

from . import checks_scoring, perft  # noqa: E402

__all__ += ["test_play_perft_matches_family", "test_scoring_matches_golden_deals"]


def test_play_perft_matches_family(preferans_loaded: Any) -> None:
    """The exact number of play sequences from the dealt positions of the families in the variant's chain
    (``<package>/conformance/perft.toml``), and what each seat sees before and after the first card. A
    position whose rules the variant has must be reachable: a call it cannot make fails, naming the
    position, the call and what was legal (unless a plugin declares a deviation: a house rule may make a
    position unreachable on purpose; it may change the counts or what is seen if it declares the play or
    the visibility)."""
    found = deviations.declared(preferans_loaded)
    checked = []
    for p in perft.applicable(preferans_loaded):
        try:
            perft.check_position(preferans_loaded, p)
        except perft.Unreachable:
            if not found:
                raise
            continue
        except AssertionError:
            if not (found.covers("play") or found.covers("visibility")):
                raise
        checked.append(p.name)
    if not checked:
        pytest.skip(check_message("no perft position of the variant's families applies to its rules"))


def test_scoring_matches_golden_deals(preferans_loaded: Any) -> None:
    """Deals scored by hand from the family's rules (``checks_scoring.py``) are scored the same; with local
    plugins too, unless they declare the deviation."""
    checked: list[str] = []

    def replay() -> None:
        checked.extend(checks_scoring.check_scoring_matches_golden(preferans_loaded))

    _golden(preferans_loaded, replay)
    if not checked and not deviations.declared(preferans_loaded):
        pytest.skip(check_message("no golden deal of the variant's families applies to its rules"))


# ---------------------------------------------------------------- the family's reference, declared deviations,
# determinism across processes

from . import checks_reference, deviations  # noqa: E402

__all__ += ["test_loading_deviations_declared", "test_rules_match_family_reference",
            "test_plugins_change_only_what_they_declare", "test_determinism_across_processes"]


def test_loading_deviations_declared(preferans_loaded: Any) -> None:
    """Every deviation the variant's presets or local plugins declare is an area or a rule ID of the family's
    reference (a typo would hide a deviation)."""
    from preferans.core.model.errors import ConfigError

    try:
        deviations.check(preferans_loaded, checks_reference.reference_of(preferans_loaded))
    except ConfigError as exc:
        raise AssertionError(str(exc)) from None


def test_rules_match_family_reference(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                      record_property: Any) -> None:
    """At every step of the walk the engine does what the family's independent reference derives from the
    variant's rule values: the legal calls of the auction, the declaration and the defence (kontra too), the
    dealer and who sits out, which hands and talon each seat sees, every sheet entry of every deal given the
    deals before it, and the end of the match. A difference names the rule ID, the deal and the step."""
    ref = checks_reference.reference_of(preferans_loaded)
    if ref is None:
        pytest.skip(check_message("no family in the variant's chain ships a reference ({module})",
                                  module="<package>.conformance.REFERENCE"))
    declared = deviations.check(preferans_loaded, ref)
    checks_reference.check_matches_reference(preferans_loaded, preferans_seed, preferans_deals,
                                             _covered(record_property, preferans_loaded), declared.keys)


def test_plugins_change_only_what_they_declare(preferans_loaded: Any, preferans_seed: int, preferans_deals: int,
                                               record_property: Any) -> None:
    """A house rule or a variant package changes the family's answers only in the areas it declares: without
    its hooks, the family's plugin stack answers every hook (auction, declaration, defence, play rules, the
    score, the dealer, the end) the same on the same states."""
    ref = checks_reference.reference_of(preferans_loaded)
    found = deviations.check(preferans_loaded, ref)
    kit = None
    for module in checks_reference.kit_modules(preferans_loaded):
        if getattr(module, "REFERENCE", None) is ref:
            kit = module.__name__.split(".")[0]
    if ref is not None and not checks.plugin_modules(preferans_loaded, kit):
        pytest.skip(check_message("the variant adds no hooks to those its family's reference states"))
    areas = found.keys & set(AREAS)
    if found.keys - areas:  # a rule ID: the reference check holds the plugin to it, rule by rule
        pytest.skip(check_message("the plugins declare rule IDs ({rules}): the family's reference holds them to the "
                                  "rest", rules=", ".join(sorted(found.keys - areas))))
    checks.check_plugins_change_only_declared(preferans_loaded, preferans_seed, preferans_deals, kit,
                                              frozenset(areas), _covered(record_property, preferans_loaded))


def test_determinism_across_processes(preferans_variant: str, preferans_plugins: list[str], preferans_seed: int,
                                      preferans_deals: int) -> None:
    """Two new interpreters with different hash seeds (``PYTHONHASHSEED``) play the same game from the same seed:
    the same actions, sheet and settlement, so nothing depends on the order of a set or a dict of strings."""
    why = checks.check_same_game_across_processes(preferans_variant, preferans_plugins, preferans_seed,
                                                  min(preferans_deals, 10))
    if why is not None:
        pytest.skip(check_message("a new interpreter cannot load the variant (registered in this process only?): "
                                  "{error}", error=why))
