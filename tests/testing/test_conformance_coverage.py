"""The reference policy plays like a table, the coverage names what a run missed, and a third-party
variant that breaks the play of six-level contracts fails the suite.

The six-level variant is the case of issue 13: under the old uniformly random player the bids ran to the
top (most legal calls are high ones), so a six-level contract was almost never played and the variant
passed every check even at 300 deals. ``test_play_rules_match_reference`` compares the engine's legal cards
with the independent reference (``reference.py``) only in the play phase of the contracts the walk reaches;
with the reference policy most contracts are six-level ones, so the check sees the revoke.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from helpers.conformance import HEADER, SIX_LEVEL_REVOKE, make_dist, run_suite
from preferans.core import Game, hookimpl, load_variant
from preferans.core.engine.game import Phase
from preferans.core.model.cards import CARD_NAMES
from preferans.core.model.contracts import ContractSpec
from preferans.core.rules.local import LocalPlugin
from preferans.core.testing import checks, scenarios
from preferans.core.testing.coverage import Coverage
from preferans.core.testing.policy import ReferencePolicy, Weights, play


@pytest.mark.slow
@pytest.mark.subprocess
def test_six_level_play_rule_change_fails_the_suite(tmp_path: Path) -> None:
    path = make_dist(tmp_path, "six_free", HEADER + textwrap.dedent(SIX_LEVEL_REVOKE), what="no must-follow at 6",
                     playthroughs=True)
    proc = run_suite(path, "six_free", "--preferans-deals=30")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out[-3000:]
    failed = re.findall(r"FAILED \S*conformance\.py::(\w+)\[six_free\]", out)
    assert "test_play_rules_match_reference" in failed, out[-3000:]
    # the message names the contract, the hand and what the rules allow
    assert re.search(r"6[SCDH]|6NT", out) and "the rules allow" in out


def test_the_walk_plays_six_level_contracts() -> None:
    """Over the default 30 deals of Sochi, most card-play states are in six-level contracts (the uniform
    player reached none: its auctions ended at ten)."""
    variant = load_variant("sochi")
    levels: Counter[int] = Counter()
    for game in checks.walk(variant, 0, 30):
        if game.phase is Phase.PLAY and game.deal.contract is not None and game.deal.contract.kind != "raspasovka":
            levels[game.deal.contract.level] += 1
    assert levels[6] > sum(levels.values()) / 2, levels


# ---------------------------------------------------------------- the policy's frequencies


def _results(name: str, deals: int, seed: int = 1) -> list[object]:
    variant = load_variant(name)
    policy = ReferencePolicy(seed)
    out: list[object] = []
    game_seed = seed
    while len(out) < deals:
        game = play(Game(variant, seed=game_seed), policy, deals - len(out))
        out += game.results
        game_seed += 1
    return out


def test_policy_frequencies_sochi() -> None:
    """Bounds from the policy's design (docs/conformance.md). A seat's first call passes with 0.55 while
    nobody has bid, else with 0.75: the first speaker 0.55; the second 0.55*0.55 + 0.45*0.75 = 0.640; the
    third 0.3025*0.55 + 0.6975*0.75 = 0.690; on average 0.627, so over ~900 first calls (sd 0.016) within
    0.627 +- 0.06. Three passes (0.55**3 = 0.166) make a raspasovka: between 8% and 26% of 300 deals. Misère
    weighs 0.06 against 1 for the plain bids: rare but present (1..8%). Most contracts are six-level; a whist
    is more frequent than a pass, a half-whist rarer."""
    results = _results("sochi", 300)
    first = Counter()
    for r in results:
        seen: set[int] = set()
        for seat, call in r.auction:  # type: ignore[attr-defined]
            if seat not in seen:
                seen.add(seat)
                first[call == "pass"] += 1
    share = first[True] / (first[True] + first[False])
    assert 0.567 < share < 0.687, share
    kinds = Counter(r.contract.kind for r in results if r.contract is not None)  # type: ignore[attr-defined]
    assert 0.08 * 300 < kinds["raspasovka"] < 0.26 * 300, kinds
    assert 3 <= kinds["misere"] <= 24, kinds
    contracts = [r for r in results if r.kind == "contract"]  # type: ignore[attr-defined]
    six = sum(1 for r in contracts if r.contract.level == 6)  # type: ignore[attr-defined]
    assert six > 0.6 * len(contracts), (six, len(contracts))
    defence = Counter(c for r in results for _, c in r.defence)  # type: ignore[attr-defined]
    assert defence["whist"] > defence["pass"] > 0 and defence["half"] < defence["pass"], defence


def test_policy_tries_kontra_and_extra_contracts_sometimes() -> None:
    """Illustrated: each extra contract (Bettel, Durchmarsch ...) and kontra appears in 400 deals, but as
    the exception: extra contracts under a quarter of the deals, kontra under a fifth of the defences."""
    results = _results("illustrated", 400)
    kinds = Counter(r.contract.kind for r in results if r.contract is not None)  # type: ignore[attr-defined]
    assert kinds["bettel"] and kinds["durchmarsch"], kinds
    assert kinds["bettel"] + kinds["durchmarsch"] < 0.25 * 400, kinds
    calls = Counter(c for r in results for _, c in r.defence)  # type: ignore[attr-defined]
    assert 0 < calls["kontra"] < 0.2 * sum(calls.values()), calls


def test_policy_is_seeded_and_general() -> None:
    """The same seed gives the same games; an unknown call gets the ``unknown`` weight."""
    variant = load_variant("balkan")
    a = play(Game(variant, seed=3), ReferencePolicy(5), 20).history
    b = play(Game(variant, seed=3), ReferencePolicy(5), 20).history
    assert a == b
    policy = ReferencePolicy(0, Weights(unknown=0.25))
    game = Game(variant, seed=3)
    assert policy.call_weight("zz-house-call", game) == 0.25
    # the Balkan presets weigh kontra-5 and above by their key "kontra-" ([conformance.weights]: 0.45)
    assert policy.call_weight("kontra-7", game) == 0.45
    assert policy.call_weight("kontra-7") == 0.25  # without a game: no variant's weights, only the policy's own
    own = ReferencePolicy(0, Weights(calls={"kontra-": 0.9, "house": 2.0}))
    assert own.call_weight("kontra-7", game) == 0.9 and own.call_weight("house", game) == 2.0  # over the variant's
    assert own.call_weight("follow", game) == 1.4  # the rest are the variant's


# ---------------------------------------------------------------- coverage


def _plugin(name: str, source: str) -> LocalPlugin:
    module = ModuleType(name)
    module.__dict__.update({"hookimpl": hookimpl, "ContractSpec": ContractSpec})
    exec(textwrap.dedent(source), module.__dict__)  # noqa: S102 - the test's own plugin source
    return LocalPlugin.of_module(module)


UNREACHABLE_ROW = """
    @hookimpl(wrapper=True)
    def pref_register_contracts(contracts, rules):
        yield
        # a row the auction never offers: not biddable, and no hook names it
        contracts.add(ContractSpec(name="11NT", kind="notrump", label="eleven", rank=110, level=11, biddable=False))
"""


def test_coverage_fails_a_row_the_auction_never_offers() -> None:
    variant = load_variant("sochi", plugins=[_plugin("unreachable_row", UNREACHABLE_ROW)])
    with pytest.raises(AssertionError, match=r"row\(s\) never called nor played: 11NT$"):
        scenarios.check_coverage(variant, 0, 30)


def test_coverage_of_every_built_in_variant_is_complete_at_the_default_budget() -> None:
    for name in ("sochi", "classic", "balkan", "slovenian", "austrian", "nachgehen"):
        cov = scenarios.check_coverage(load_variant(name), 0, 30)
        summary = cov.summary()
        assert summary["contract_table"]["reached"] == summary["contract_table"]["of"] == len(cov.rows)
        assert summary["all_pass"]["reached"] == 2, (name, summary["all_pass"])


def test_coverage_records_doubling_levels_steps_and_early_stops() -> None:
    """Slovenian, like the Balkan base, puts no cap on the kontra chain: the walk follows it past the four
    named levels to ``kontra-12`` in one deal (12 new calls a deal at most); Serbian stops at mortkontra
    (``max_level = 4``). Nachgehen's take-over is a second discard; Bettel ends at the declarer's first
    trick (an early stop)."""
    slo = scenarios.reach(load_variant("slovenian"), 0, 30)
    named = ["kontra", "rekontra", "subkontra", "mortkontra"]
    assert slo.doubling_levels()[:12] == named + [f"kontra-{n}" for n in range(5, 13)]
    assert scenarios.reach(load_variant("serbian"), 0, 30).doubling_levels() == named
    nach = scenarios.reach(load_variant("nachgehen"), 0, 30)
    assert nach.steps["take-over (a second discard)"] > 0 and {"lie", "take"} <= nach.taken["declare"]
    assert nach.early_stops["bettel"] > 0


def test_coverage_roundtrips_and_merges() -> None:
    a = scenarios.reach(load_variant("sochi"), 0, 5)
    b = Coverage.from_dict(a.to_dict())
    assert b.to_dict() == a.to_dict()
    c = Coverage.of(load_variant("sochi").contracts)
    assert c.merge(b).reached == a.reached


# ---------------------------------------------------------------- scenarios (dealt hands)


def test_a_scenario_with_an_illegal_action_fails_naming_its_file() -> None:
    variant = load_variant("sochi")
    pack = " ".join(["7S 8S 9S 10S JS QS KS AS 7C 8C", "9C 10C JC QC KC AC 7D 8D 9D 10D",
                     "JD QD KD AD 7H 8H 9H 10H JH QH", "KH AH"])
    bad = scenarios.load_scenario("mine.toml", f'pack = "{pack}"\nactions = ["6S", "5S"]\n')
    with pytest.raises(AssertionError, match=r"scenario mine.toml: actions\[1\] '5S'"):
        scenarios.play_scenario(variant, bad, 0, Coverage.of(variant.contracts))
    unmet = scenarios.load_scenario("mine.toml", f'pack = "{pack}"\nactions = ["6S", "pass", "pass"]\n'
                                    'reaches = ["row misere"]\n')
    with pytest.raises(AssertionError, match=r"did not reach row misere"):
        scenarios.play_scenario(variant, unmet, 0, Coverage.of(variant.contracts))


def test_the_walk_is_the_same_with_or_without_a_coverage() -> None:
    """Every check walks the same games: recording what they reach changes nothing in them."""
    variant = load_variant("balkan")
    plain = [tuple(g.history) for g in checks.walk(variant, 4, 6)][-1]
    cov = Coverage.of(variant.contracts)
    recorded = [tuple(g.history) for g in checks.walk(variant, 4, 6, cov)][-1]
    assert plain == recorded and cov.deals == 6


@pytest.mark.parametrize("name", ["sochi", "illustrated", "nachgehen"])
def test_each_shipped_scenario_reaches_what_it_says(name: str) -> None:
    variant = load_variant(name)
    files = list(scenarios.scenario_files(variant))
    assert files, f"{name} ships no scenario"
    for source, item in files:
        cov = Coverage.of(variant.contracts)
        scenarios.play_scenario(variant, scenarios.load_scenario(source, item.read_text(encoding="utf-8")), 0, cov)
        assert cov.deals == 1


def test_a_scenario_written_for_three_players_is_left_out_with_two() -> None:
    # Sochi's clean misère is dealt to three bidders (ten cards each in turn) and bid misère, pass, pass; with
    # two players the second pass would be the discard's card: the scenario says players = 3 and the two-player
    # variant leaves it out instead of failing on it
    three, two = load_variant("sochi"), load_variant("sochi", {"players": 2})
    [(source, item)] = list(scenarios.scenario_files(two))
    scenario = scenarios.load_scenario(source, item.read_text(encoding="utf-8"))
    assert scenario.players == 3 and scenario.applies_to(three) and not scenario.applies_to(two)
    with pytest.raises(AssertionError, match=r"actions\[2\] 'pass': illegal action"):
        scenarios.play_scenario(two, scenario, 0, Coverage.of(two.contracts))
    cov = scenarios.reach(two, 0, 6)  # the scenario left out: no failure
    assert cov.deals > 6


@pytest.mark.parametrize(("text", "says"), [
    ("pack = [", "malformed TOML"),
    ("actions = []", "pack: expected the 32 cards"),
    ('pack = "7S 8S"', "pack: expected each of the 32 cards once, got 2 names"),
    ('pack = "7S XX"', "pack: "),
    (f'pack = "{" ".join(["7S"] * 32)}"', "got 32 names with 1 different cards"),
    (f'pack = "{" ".join(CARD_NAMES)}"\nplayers = "three"', "players: expected the number of players"),
])
def test_a_malformed_scenario_is_one_line_naming_the_file(text: str, says: str) -> None:
    with pytest.raises(AssertionError, match=r"^scenario bad.toml: .*" + re.escape(says)) as info:
        scenarios.load_scenario("bad.toml", text)
    assert "\n" not in str(info.value)
