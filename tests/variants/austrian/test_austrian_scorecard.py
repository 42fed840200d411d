"""Austrian scorecards: the seed's pot examples as records, ``score --json``, and bad input (issue 5, "What
must show it" items 1 and 4).

The two cards in tests/data/scorecards are worked by hand here, deal by deal (EX-03, EX-04). Seating
clockwise A, B, C; A deals first; a deal's dealer antes 10 before it; ``rules.pot.initial`` is put in by the
three players in equal shares (10 each) before the first deal.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from helpers import paths
from preferans.core.formats.report import match_report
from preferans.core.formats.scorecard import score_card, score_file
from preferans.core.model.errors import BadInput, ConfigError, RecordError

DATA = paths.DATA / "scorecards"
UNLIMITED = DATA / "austrian_unlimited.toml"
LIMITED = DATA / "austrian_limited.toml"
NAMES = ["A", "B", "C"]


def run_cli(argv: list[str]) -> int:
    from preferans.core.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    return 0 if code is None else int(code)


def money_after_each_deal(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    card = score_file(str(path))
    report = match_report(card.match, card.names, card.finished)
    return report["deals"], report


# ---------------------------------------------------------------- the seed's examples


def test_unlimited_pot_of_40_leaves_130_and_260_at_risk() -> None:
    deals, report = money_after_each_deal(UNLIMITED)
    # deal 1: initial 30 + A's ante 10 = 40 = V. B takes 40, pays 4 a trick (C 16, A 4), fails: 80 in;
    # A short (1 < 2): 40 in. 40 - 40 + 80 + 40 = 120 (EX-03). The four-aces claim is not paid: B failed.
    assert deals[0]["pot"] == 120
    # deal 2: B antes: 130 is played (AUT-POT-06); C fails and pays 2 x 130 = 260: 130 - 130 + 260
    assert deals[1]["pot"] == 260
    assert report["pot"] == 260
    # A: -10 - 10 + 4 - 40 + 39 = -17; B: -10 + 40 - 20 - 80 - 10 + 39 = -41; C: -10 + 16 + 130 - 78 - 260 = -202
    assert report["settlement"] == {"A": -17, "B": -41, "C": -202}
    assert sum(report["settlement"].values()) + report["pot"] == 0
    # deal 1 alone, the seed's net: declarer -60, L +16, R -36 (besides the initial shares and A's ante)
    net = {name: 0 for name in NAMES}
    for e in deals[0]["entries"]:
        if e["account"] == "money" and e.get("note") not in ("initial pot", "ante"):
            net[e["player"]] += e["amount"]
    assert net == {"B": -60, "C": 16, "A": -36}
    # the next deal's amount at stake, 130, and what a failure costs then, 260
    taken = [e["amount"] for e in deals[1]["entries"] if e.get("note") == "declarer takes from the pot"
             and e["account"] == "money"]
    failed = [e["amount"] for e in deals[1]["entries"] if e.get("note") == "declarer failed"
              and e["account"] == "pot"]
    assert taken == [130] and failed == [260]


def test_limited_pot_130_played_for_100_then_140_then_50() -> None:
    deals, report = money_after_each_deal(LIMITED)
    played = [[e["amount"] for e in d["entries"] if e.get("note") == "declarer takes from the pot"
               and e["account"] == "money"] for d in deals]
    # deal 1 as in the unlimited pot (40 <= 100): 120 left; deal 2: 130 in the pot, 100 played (EX-04)
    assert played == [[40], [100], [100], [50]]
    # deal 2: 130 - 100 + 100 (B short) = 130, +10 ante = 140; deal 3: 140 - 100 = 40; +10 = 50 (the seed's
    # "140-100+10=50"); deal 4: 50 - 50 + 100 (B fails) = 100
    assert [d["pot"] for d in deals] == [120, 130, 40, 100]
    # A: -56 + 30 + (100 - 40) + (-10 + 10) = 34; B: -70 + (-10 + 10 - 100) + 20 + (50 - 25 - 100) = -225;
    # C: 6 + (100 - 40) + (-10 + 20) + 15 = 91; 34 - 225 + 91 + 100 = 0
    assert report["settlement"] == {"A": 34, "B": -225, "C": 91} and report["pot"] == 100


def test_cli_score_json_reports_money_pot_and_settlement(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["score", str(LIMITED), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == "austrian-limited" and out["players"] == NAMES
    assert [d["pot"] for d in out["deals"]] == [120, 130, 40, 100]
    assert {name: out["sheet"][name]["money"] for name in NAMES} == {"A": 34, "B": -225, "C": 91}
    # the pot column: what each player put into the pot, net; together what the pot holds
    assert sum(out["sheet"][name]["pot"] for name in NAMES) == 100
    assert out["settlement"] == {"A": 34, "B": -225, "C": 91} and out["pot"] == 100
    assert run_cli(["score", str(LIMITED)]) == 0
    text = capsys.readouterr().out
    assert "left in the pot: 100" in text and "plus the pot sums to 0" in text and "ok" in text


def test_a_sochi_report_has_no_pot() -> None:
    card = score_file(str(DATA / "sochi_pulka.toml"))
    report = match_report(card.match, card.names, card.finished)
    assert "pot" not in report and all("pot" not in d for d in report["deals"])


# ---------------------------------------------------------------- other deals through the reader


def card(variant: str = "austrian", deals: list[dict[str, Any]] | None = None, **pot: Any) -> dict[str, Any]:
    return {"variant": variant, "players": NAMES, "rules": {"pot": {"initial": 0, **pot}}, "deal": deals or []}


def test_two_card_tricks_invitation_and_both_at_home() -> None:
    scored = score_card(card("austrian", [
        # A deals (10). B plays spades, C stays at home, A plays: C's cards are out (he may be left out or 0)
        {"declarer": "B", "contract": "spades", "defence": {"C": "pass", "A": "play"}, "tricks": {"B": 7, "A": 3}},
        # B deals. C plays clubs; A passes, B invites him: B collects for both, 2 + 1 = 3 < 4: B pays 10
        {"declarer": "C", "contract": "clubs", "defence": {"A": "pass", "B": "invite"},
         "tricks": {"C": 7, "A": 1, "B": 2}},
        # C deals. A plays hearts without the talon; both at home: 10 from the pot and 10 from each
        {"declarer": "A", "contract": "hearts", "without_talon": True, "defence": {"B": "pass", "C": "pass"}},
        {"all_pass": True},
    ]), "t.toml")
    report = match_report(scored.match, scored.names, scored.finished)
    # A: -10 + 3 + (10 + 20) - 10 = 13; B: 10 - 3 - 10 + 3 - 10 - 10 = -20; C: 10 - 3 - 10 - 10 = -13
    assert report["settlement"] == {"A": 13, "B": -20, "C": -13}
    assert [d["pot"] for d in report["deals"]] == [0, 10, 10, 20]


def test_extra_contracts_with_kontra_and_an_early_stop() -> None:
    scored = score_card(card("illustrated", [
        # Bettel made: C said kontra, B rekontra: C pays 10 x 4, A pays 10
        {"declarer": "B", "contract": "bettel", "kontra": {"C": "kontra"}, "rekontra": True,
         "tricks": {"B": 0, "C": 6, "A": 4}},
        # Durchmarsch without the talon (40) failed at the first trick: C pays A 40 and B 40
        {"declarer": "C", "contract": "durchmarsch", "without_talon": True, "tricks": {"C": 0, "A": 1, "B": 0}},
        # Plauderer failed: A took his first trick at trick 7 and play stopped there; he pays 30 to each
        # ("play" may be written for the defenders of an extra contract: both must play)
        {"declarer": "A", "contract": "plauderer", "defence": {"B": "play", "C": "play"},
         "tricks": {"A": 1, "B": 3, "C": 3}},
    ], cap_multiplier=10), "t.toml")
    report = match_report(scored.match, scored.names, scored.finished)
    # A deals deal 1, B deal 2, C deal 3, each antes 10; the extra contracts leave the pot alone (AUT-POT-09)
    # A: -10 - 10 + 40 - 60 = -40; B: 50 - 10 + 40 + 30 = 110; C: -40 - 80 - 10 + 30 = -100; pot 30
    assert report["settlement"] == {"A": -40, "B": 110, "C": -100} and report["pot"] == 30


# ---------------------------------------------------------------- bad input: exit 2, the place named


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("an extra contract under a preset without it",
     card("austrian-unlimited", [{"declarer": "B", "contract": "bettel", "tricks": {"B": 0, "C": 5, "A": 5}}]),
     "deal[1].contract: bettel is a contract of Illustrated Preference; austrian-unlimited does not have it"),
    ("kontra in a preset that has none",
     card("austrian-unlimited", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                                  "kontra": {"C": "kontra"}, "tricks": {"B": 6, "C": 2, "A": 2}}]),
     "deal[1].kontra: austrian-unlimited has no kontra"),
    ("kontra on a suit contract",
     card("illustrated", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                           "kontra": {"C": "kontra"}, "tricks": {"B": 6, "C": 2, "A": 2}}], cap_multiplier=10),
     "deal[1].kontra: there is no kontra on hearts"),
    ("rekontra without kontra",
     card("illustrated", [{"declarer": "B", "contract": "bettel", "rekontra": True,
                           "tricks": {"B": 0, "C": 5, "A": 5}}], cap_multiplier=10),
     "deal[1].rekontra: nobody said kontra"),
    ("a defender passes an extra contract",
     card("illustrated", [{"declarer": "B", "contract": "bettel", "defence": {"C": "pass", "A": "play"},
                           "tricks": {"B": 0, "C": 5, "A": 5}}], cap_multiplier=10),
     "deal[1].defence.C: 'pass': in bettel both defenders must play (AUT-DEF-04)"),
    ("four aces the cards do not hold",
     card("austrian", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                        "premiums": ["four-aces"], "tricks": {"B": 6, "C": 2, "A": 2},
                        "cards": ["AS", "AC", "AD", "KH", "QH", "JH", "10H", "9H", "8H", "7H"]}]),
     "deal[1].premiums: four-aces, but the declarer's cards lack AH"),
    ("no aces with an ace discarded",
     card("austrian", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                        "premiums": ["no-aces"], "tricks": {"B": 6, "C": 2, "A": 2}, "discard": ["AS", "7C"]}]),
     "deal[1].premiums: no-aces, but the declarer held AS (AUT-PREM-04: a discarded ace counts)"),
    ("both ace premiums",
     card("austrian", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                        "premiums": ["no-aces", "four-aces"], "tricks": {"B": 6, "C": 2, "A": 2}}]),
     "deal[1].premiums: four-aces and no-aces contradict each other"),
    ("a premium on an extra contract",
     card("illustrated", [{"declarer": "B", "contract": "bettel", "premiums": ["no-aces"],
                           "tricks": {"B": 0, "C": 5, "A": 5}}], cap_multiplier=10),
     "deal[1].premiums: bettel carries no ace premiums (AUT-PREM-06)"),
    ("an unknown premium",
     card("austrian", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                        "premiums": ["four-kings"], "tricks": {"B": 6, "C": 2, "A": 2}}]),
     "deal[1].premiums: unknown premium 'four-kings'"),
    ("a premium switched off",
     {**card("austrian", [{"declarer": "B", "contract": "hearts", "defence": {"C": "play", "A": "play"},
                           "premiums": ["no-aces"], "tricks": {"B": 6, "C": 2, "A": 2}}]),
      "rules": {"pot": {"initial": 0}, "premiums": {"no_aces": "off"}}},
     'deal[1].premiums: the no-aces premium is not played here (rules.premiums.no_aces = "off")'),
    ("tricks for a defender who stayed at home",
     card("austrian", [{"declarer": "B", "contract": "spades", "defence": {"C": "pass", "A": "play"},
                        "tricks": {"B": 6, "A": 3, "C": 1}}]),
     "deal[1].tricks.C: C stayed at home: his cards were out of play, so he took no trick"),
    ("tricks when both stayed at home",
     card("austrian", [{"declarer": "B", "contract": "spades", "defence": {"C": "pass", "A": "pass"},
                        "tricks": {"B": 6, "A": 4}}]),
     "deal[1].tricks: nothing was played"),
    ("tricks not summing to 10",
     card("austrian", [{"declarer": "B", "contract": "spades", "defence": {"C": "play", "A": "play"},
                        "tricks": {"B": 6, "C": 2, "A": 1}}]),
     "deal[1].tricks: tricks sum to 9, expected 10"),
    ("the first defender invites",
     card("austrian", [{"declarer": "B", "contract": "spades", "defence": {"C": "invite", "A": "play"},
                        "tricks": {"B": 6, "C": 2, "A": 2}}]),
     "deal[1].defence.C: 'invite' is not allowed for C here"),
    ("a hand game where there are none",
     {**card("austrian", [{"declarer": "B", "contract": "spades", "without_talon": True,
                           "defence": {"C": "play", "A": "play"}, "tricks": {"B": 6, "C": 2, "A": 2}}]),
      "rules": {"pot": {"initial": 0}, "game": {"hand_games": False}}},
     "deal[1].without_talon: austrian has no games without the talon"),
    ("an unknown key",
     card("austrian", [{"declarer": "B", "contract": "spades", "kontr": {"C": "kontra"}}]),
     "deal[1].kontr: unknown key 'kontr'; did you mean 'kontra'?"),
]


@pytest.mark.parametrize(("what", "data", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_record(what: str, data: dict[str, Any], message: str, tmp_path: Path,
                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RecordError) as info:
        score_card(copy.deepcopy(data), "game.toml")
    assert str(info.value).startswith(f"game.toml: {message}"), str(info.value)
    path = tmp_path / "game.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    assert run_cli(["score", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err and f"{path}: {message}" in err


@pytest.mark.parametrize(("data", "message"), [
    ({"variant": "austrian-unlimited", "players": NAMES, "deal": []},
     "rules.pot.initial: missing: a scorecard must state the pot before the first deal"),
    ({"variant": "austrian-limited", "players": NAMES, "rules": {"pot": {"initial": 0}}},
     "rules.pot.cap_multiplier: missing: a scorecard must state the cap"),
    ({"variant": "austrian-limited", "players": NAMES, "rules": {"pot": {"initial": 0, "cap_multiplier": 7}}},
     "rules.pot.cap_multiplier: Input should be 5, 10 or 20"),
    ({"variant": "austrian-unlimited", "players": NAMES, "rules": {"pot": {"initial": 0, "method": "limited"}}},
     "rules.pot: Value error, cap_multiplier: required by method 'limited'"),
])
def test_bad_pot_rules(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as info:
        score_card(data, "game.toml")
    assert str(info.value).startswith(f"game.toml: {message}"), str(info.value)
    assert isinstance(info.value, BadInput)
