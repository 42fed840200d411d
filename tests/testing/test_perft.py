"""Perft: the golden counts of the families' ``<package>/conformance/perft.toml`` hold for the reference and
for the engine; what each seat sees before and after the first card is what the data says; a position a
variant cannot reach although it has the position's rules fails the check.

The reference enumerates play with plain lists from the position's rule facts; the engine through
``Game.legal_actions``/``Game.apply``. Both must give the golden numbers; the first three of one position of
each family are counted by hand here as well (and in the data file's comment).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from helpers import paths
from preferans.core import load_variant
from preferans.core.plugin import PlayRules, hookimpl
from preferans.core.testing import perft

ROOT = paths.ROOT
POSITIONS = {p.name: p for p in perft.load_positions()}
FAMILIES = ("russian", "balkan", "austrian", "illustrated")
_COUNT = itertools.count(1)


def test_every_family_ships_its_positions_in_its_kit() -> None:
    # core/testing names no family: the positions are the families' data, beside their code
    assert not (ROOT / "core/testing/perft.toml").exists()
    for family in (*FAMILIES, "nachgehen"):
        assert (ROOT / "variants" / family / "conformance" / "perft.toml").is_file()
    source = (ROOT / "core/testing/perft.py").read_text(encoding="utf-8").lower()
    for name in ("russian", "sochi", "leningrad", "classic", "balkan", "serbian", "austrian", "illustrated",
                 "nachgehen", "rus-", "bal-", "aut-", "ill-"):
        assert name not in source, name


def test_at_least_seven_positions_per_family() -> None:
    by_family: dict[str, list[str]] = {}
    for p in POSITIONS.values():
        by_family.setdefault(p.family, []).append(p.name)
    assert all(len(by_family[f]) >= 7 for f in FAMILIES), by_family
    # four players, in every family
    assert all(any(POSITIONS[n].players == 4 for n in by_family[f]) for f in FAMILIES)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_reference_gives_the_golden_counts(name: str) -> None:
    p = POSITIONS[name]
    assert perft.reference_perft(p, len(p.counts)) == (list(p.counts), list(p.tricks))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_engine_gives_the_golden_counts(name: str) -> None:
    p = POSITIONS[name]
    game = perft.set_up(perft.own_variant(p.variant, p.players), p)
    assert perft.engine_perft(perft.play_prefix(game, p), len(p.counts)) == (list(p.counts), list(p.tricks))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_position_passes_in_its_own_variant(name: str) -> None:
    # the leader, what each seat sees before and after the first card, the talon, the counts
    p = POSITIONS[name]
    perft.check_position(perft.own_variant(p.variant, p.players), p)


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    ids = set(re.findall(r'<a id="([^"]+)"', text))
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        ids.add(re.sub(r"[^a-z0-9 -]", "", heading.lower()).strip().replace(" ", "-"))
    return ids


def test_every_position_says_what_each_seat_sees_and_why() -> None:
    rule_ids = set().union(*(_anchors(f) for f in (ROOT / "docs/rules").glob("*.md")))
    for p in POSITIONS.values():
        assert len(p.visible_before) == len(p.visible) == len(p.talon_before) == p.players, p.name
        assert p.tricks, p.name
        for key in ("leader", "visible_before", "visible", "talon"):
            rule = p.why.get(key)
            assert rule, f"{p.name}: no rule ID for {key}"
            if "#" in rule:  # a section of a variant's or a family's page
                page, anchor = rule.split("#")
                pages = [ROOT / "docs/variants" / f"{page}.md", ROOT / "docs/rules" / f"{page}.md"]
                assert any(f.is_file() and anchor in _anchors(f) for f in pages), f"{p.name}: {rule}"
            else:
                assert rule in rule_ids, f"{p.name}: {rule} is not in docs/rules"


# ---------------------------------------------------------------- counted by hand


def test_hand_count_of_the_first_three_cards() -> None:
    p = POSITIONS["sochi-6H-two-whisters"]
    # the leader (seat 1) may lead any of his 10 cards; seat 2 (spades 4, clubs 3, diamonds 2, hearts 1)
    # follows the leader's 2 spades, 3 clubs, 2 diamonds, 3 hearts; seat 0 after the talon holds spades 1,
    # clubs 2, diamonds 3, hearts 4
    two = 2 * 4 + 3 * 3 + 2 * 2 + 3 * 1
    three = 2 * 4 * 1 + 3 * 3 * 2 + 2 * 2 * 3 + 3 * 1 * 4
    assert p.counts[:3] == (10, 24, 50) == (10, two, three)


def test_hand_count_four_players_raspasovka() -> None:
    # the dealer's talon card AD leads; seats 1, 2, 3 hold two diamonds each and must follow
    assert POSITIONS["leningrad-four-raspasovka"].counts[:3] == (2, 2 * 2, 2 * 2 * 2)


def test_hand_count_four_players_balkan() -> None:
    # clubs trump; every hand holds every suit, so each follows: as sochi-6H-two-whisters, seat 3 for seat 0
    two = 2 * 4 + 3 * 3 + 2 * 2 + 3 * 1
    three = 2 * 4 * 1 + 3 * 3 * 2 + 2 * 2 * 3 + 3 * 1 * 4
    assert POSITIONS["balkan-four-clubs"].counts[:3] == (10, two, three)


def test_hand_count_four_players_austrian() -> None:
    # seat 2 leads (8S 10S QS KS | QC AC | 7D 10D AD | QH); seat 3 (AS | 10C KC | JD KD | 8H 9H KH AH) and
    # then seat 1 (9S JS | 8C 9C JC | 9D QD | 7H 10H JH) must follow and head the trick when they can
    two = 4 * 1 + 1 + 2 + 2 * 2 + 2 + 2
    three = 4 * 1 * 2 + 1 * 3 + 2 * 3 + (1 + 2 + 1 + 2) + 2 * 2 + 2 * 3
    assert POSITIONS["austrian-four-spades"].counts[:3] == (10, two, three) == (10, 15, 33)


def test_hand_count_plauderer() -> None:
    # the declarer leads any of 10; seat 2 must beat: 9S (3) JS (2), three clubs (2 each), 7D (2) 9D (1),
    # three hearts (QH); seat 0 then beats the best card when he can
    two = 3 + 2 + 3 * 2 + 2 + 1 + 3 * 1
    three = 5 * 1 + 3 * (1 + 2) + 3 * 2 + 3 * 2
    assert POSITIONS["illustrated-plauderer-rekontra"].counts[:3] == (10, two, three) == (10, 17, 26)


# ---------------------------------------------------------------- which variants check which positions


@pytest.mark.slow
def test_every_variant_of_a_family_matches_or_says_why_not() -> None:
    # Rostov's raspasovka is played without the talon (raspasovka.record = "whists"): those positions are skipped
    rostov = perft.check_play_perft_matches_family(load_variant("rostov"))
    assert "sochi-raspasovka" not in rostov and "sochi-6H-two-whisters" in rostov
    assert "raspasovka.record" in " ".join(perft.skipped(load_variant("rostov"))["sochi-raspasovka"])
    # Serbian leads sans from before the declarer: each sans position assumes one reading
    serbian = perft.check_play_perft_matches_family(load_variant("serbian"))
    assert "balkan-sans" not in serbian and "serbian-sans" in serbian
    assert "serbian-sans" in perft.check_play_perft_matches_family(load_variant("slovenian"))
    # the dark first lead: Leningrad's position holds for Classic too, Sochi's open play for neither
    classic = perft.check_play_perft_matches_family(load_variant("classic"))
    assert {"leningrad-6NT-dark-first-lead", "classic-dark-misere", "sochi-6H-two-whisters"} <= set(classic)
    assert "sochi-6C-lone-whister-open" not in classic
    # a variant finds the positions of every family in its chain: Nachgehen the Austrian, Illustrated and its own
    nachgehen = perft.check_play_perft_matches_family(load_variant("nachgehen"))
    assert {"austrian-hearts-hand", "illustrated-plauderer-rekontra", "nachgehen-take-over-bettel"} <= set(nachgehen)
    assert "nachgehen-take-over-bettel" not in perft.check_play_perft_matches_family(load_variant("illustrated"))


@pytest.mark.slow
def test_four_players_check_the_four_player_positions() -> None:
    checked = perft.check_play_perft_matches_family(load_variant("leningrad", {"players": 4}))
    assert checked == ["leningrad-four-raspasovka"]
    assert perft.skipped(load_variant("leningrad", {"players": 4}))["sochi-misere"] == [
        "players = 4 (the position assumes 3)"]
    assert perft.check_play_perft_matches_family(load_variant("balkan", {"players": 4})) == ["balkan-four-clubs"]
    assert "illustrated-four-bettel" in perft.check_play_perft_matches_family(load_variant("illustrated",
                                                                                             {"players": 4}))


def test_a_variant_with_other_rules_skips_the_position() -> None:
    # a lone whister who is asked open or closed makes one call more: the position does not apply, and says why
    asks = load_variant("sochi", {"whist": {"lone_whister_chooses": True}})
    assert "sochi-6C-lone-whister-open" not in perft.check_play_perft_matches_family(asks)
    assert "whist.lone_whister_chooses" in " ".join(perft.skipped(asks)["sochi-6C-lone-whister-open"])


# ---------------------------------------------------------------- the check fails


HOUSE_RULE = '''
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    """No misère at this table."""
    legal = yield
    return [c for c in legal if c != "misere"]
'''


def test_a_house_rule_that_makes_a_position_unreachable_fails(tmp_path: Path) -> None:
    house = tmp_path / "no_misere.py"
    house.write_text(HOUSE_RULE, encoding="utf-8")
    variant = load_variant("sochi", plugins=[house])
    assert not perft.differing(variant, POSITIONS["sochi-misere"])  # the rules values are Sochi's
    with pytest.raises(AssertionError, match=r"perft position sochi-misere \(russian/conformance/perft.toml\): "
                                             r"call 1 of 6, misere, is not legal in sochi \(legal: pass, 6S, "):
        perft.check_play_perft_matches_family(variant)


def _play_rules_changed(name: str, change: Callable[[PlayRules], PlayRules]) -> Any:
    """``name`` with a plugin that changes the family's play rules (as a house rule would)."""
    module = ModuleType(f"_perft_test_{next(_COUNT)}")

    @hookimpl(wrapper=True)
    def pref_play_rules(view: Any, rules: Any) -> Generator[None, PlayRules, PlayRules]:
        base = yield
        return change(base)

    module.pref_play_rules = pref_play_rules  # type: ignore[attr-defined]
    return load_variant(name, plugins=[module])


def test_the_suite_check_fails_a_position_played_otherwise() -> None:
    """perft holds a variant to its family: with heading the trick switched on, Sochi's counts change."""
    variant = _play_rules_changed("sochi", lambda r: dataclasses.replace(r, must_beat=True))
    with pytest.raises(AssertionError, match=r"perft position sochi-6H-two-whisters: the engine counts"):
        perft.check_play_perft_matches_family(variant)


@pytest.mark.slow
def test_the_suite_check_fails_a_hand_shown_before_the_first_card() -> None:
    # the declarer's hand laid open from the start instead of after his first card (Plauderer)
    variant = _play_rules_changed("illustrated", lambda r: dataclasses.replace(r, open_after_first_lead=False))
    with pytest.raises(AssertionError, match=r"perft position illustrated-offener-durchmarsch: before the first "
                                             r"card seat 0 sees the hands \[0, 1\], the rules \(GAP-ILL-06\) show "
                                             r"it \[0\]"):
        perft.check_play_perft_matches_family(variant)


# ---------------------------------------------------------------- the reference and the data files


def test_reference_trick_winner_by_the_rules() -> None:
    # a trump takes the trick whatever was led; else the highest card of the suit led; a card of another
    # suit never wins; a talon card (seat None) only names the suit, unless it plays for its owner
    assert perft._winner([(1, "AS"), (2, "7H"), (0, "KS")], "H") == 2
    assert perft._winner([(1, "9S"), (2, "AD"), (0, "10S")], "H") == 0
    assert perft._winner([(1, "9S"), (2, "AD"), (0, "10S")], None) == 0
    assert perft._winner([(None, "AD"), (1, "7D"), (2, "8D"), (0, "JS")], None) == 2
    assert perft._winner([(None, "AD"), (1, "7S"), (2, "8C")], None) is None  # nobody could follow
    assert perft._winner([(None, "AD"), (1, "7D"), (2, "8D"), (3, "KD")], None, talon_owner=0) == 0
    assert perft._winner([(None, "7D"), (1, "9D"), (2, "8C"), (3, "KS")], None, talon_owner=0) == 1


def test_a_prefix_the_rules_forbid_is_refused() -> None:
    p = POSITIONS["balkan-hearts-fifth-defence-trick"]
    wrong = dataclasses.replace(p, prefix=("9S", "7C"))  # seat 2 holds spades: he must follow
    with pytest.raises(ValueError, match="the prefix card 7C may not be played"):
        perft.reference_perft(wrong, 1)


def test_a_malformed_position_is_refused() -> None:
    text = ('[position.x]\nvariant = "sochi"\npack = "7S 8S"\nactions = []\nleader = 1\nhands = [0, 1, 2]\n'
            'counts = [1]\n')
    with pytest.raises(ValueError, match="perft position x: pack is not the 32 cards"):
        perft.read_positions(text, "russian", "x.toml")
    with pytest.raises(ValueError, match="missing or malformed key 'variant'"):
        perft.read_positions('[position.y]\npack = "7S"\n', "russian", "y.toml")


def test_a_third_party_family_ships_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the kit is found by path from the package of each preset level, whatever its name
    package = tmp_path / "house_family"
    (package / "conformance").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    sochi = (ROOT / "variants/russian/conformance/perft.toml").read_text(encoding="utf-8")
    own = sochi.split("[position.sochi-misere]")[0].replace("[position.sochi-6H-two-whisters]",
                                                           "[position.house-6H]")
    (package / "conformance" / "perft.toml").write_text(own, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    module: ModuleType = importlib.import_module("house_family")
    chain: Any = SimpleNamespace(name="house", chain=[SimpleNamespace(name="house", module=module),
                                                      SimpleNamespace(name="single", module=sys)])
    found = perft.positions_of(chain)
    assert [p.name for p in found] == ["house-6H"] and found[0].family == "house"
    assert found[0].source == "house/conformance/perft.toml"
