"""``preferans arena``: duplicate seating, per-deal settlement, the statistics and the command line."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from preferans.core.cli import main
from preferans.core.rules.config import load_variant
from preferans.core.tools.arena import DealPlays, estimate, play_deal, seating, split_bots, summarize

F = Fraction


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- seating


def test_every_entry_sits_in_every_seat_once() -> None:
    # rotation r puts entry e in seat (e + r) % 3; seat -> entry is the inverse, (seat - r) % 3
    assert seating(3, 0) == [0, 1, 2]
    assert seating(3, 1) == [2, 0, 1]  # entry 0 in seat 1, entry 1 in seat 2, entry 2 in seat 0
    assert seating(3, 2) == [1, 2, 0]
    for seat in range(3):
        assert sorted(seating(3, r)[seat] for r in range(3)) == [0, 1, 2]
    assert seating(4, 3) == [1, 2, 3, 0]


def test_bot_list_keeps_commas_inside_parentheses() -> None:
    assert split_bots("heuristic, random,random") == ["heuristic", "random", "random"]
    assert split_bots("pimc:samples=40,heuristic,heuristic") == ["pimc:samples=40", "heuristic", "heuristic"]
    assert split_bots("x(a=1, b=[2, 3]),heuristic") == ["x(a=1, b=[2, 3])", "heuristic"]


# ---------------------------------------------------------------- statistics worked by hand


def test_estimate_by_hand() -> None:
    # samples 1, 2, 3, 6: mean 3; squared deviations 4 + 1 + 0 + 9 = 14; sample variance 14/3 (divisor n-1);
    # sd = sqrt(14/3) = 2.160247; half width = 1.96 * 2.160247 / sqrt(4) = 2.117042
    est = estimate([F(1), F(2), F(3), F(6)])
    assert est.n == 4
    assert est.mean == 300.0  # per 100 deals
    assert est.sd == pytest.approx(2.160247, abs=1e-6)
    assert est.low == pytest.approx(100 * (3 - 2.117042), abs=1e-4)  # 88.2958
    assert est.high == pytest.approx(100 * (3 + 2.117042), abs=1e-4)  # 511.7042


def test_estimate_of_thirds_and_of_one_sample() -> None:
    # +1/3 and -1/3: mean 0; variance (1/9 + 1/9) / 1 = 2/9, sd 0.471405; half 1.96 * 0.471405 / sqrt(2) = 0.653333
    est = estimate([F(1, 3), F(-1, 3)], scale=1)
    assert est.mean == 0.0
    assert est.low == pytest.approx(-0.653333, abs=1e-6) and est.high == pytest.approx(0.653333, abs=1e-6)
    one = estimate([F(5)])  # one deal: a mean, no spread, no interval
    assert (one.mean, one.sd, one.low, one.high) == (500.0, None, None, None)
    # all samples equal: sd 0, the interval is the point
    flat = estimate([F(2)] * 5)
    assert (flat.sd, flat.low, flat.high) == (0.0, 200.0, 200.0)


def test_summary_from_given_plays() -> None:
    # bots a, b, b over two deals; values[r][e] = entry e's settlement in rotation r, each row sums to 0
    deals = [
        DealPlays(0, ((F(6), F(-3), F(-3)), (F(3), F(0), F(-3)), (F(0), F(3), F(-3)))),
        DealPlays(1, ((F(-3), F(3), F(0)), (F(0), F(0), F(0)), (F(-6), F(3), F(3)))),
    ]
    # entry totals over the rotations: deal 0: a 9, b 0, b -9; deal 1: a -9, b 6, b 3
    assert deals[0].totals() == (9, 0, -9) and deals[1].totals() == (-9, 6, 3)
    result = summarize("sochi", ["a", "b", "b"], 7, deals)
    a, b1, b2 = result.entries
    # samples are the totals / 3 rotations. a: 3, -3 -> mean 0, variance 18, sd 4.242641,
    # half 1.96 * 4.242641 / sqrt(2) = 5.88 -> per 100: 0 +- 588
    assert (a.entry, a.bot, a.plays, a.total) == (1, "a", 6, 0)
    assert a.per_100.mean == 0.0
    assert a.per_100.low == pytest.approx(-588.0) and a.per_100.high == pytest.approx(588.0)
    # b (entry 2): 0, 2 -> mean 1, variance 2, half 1.96 * sqrt(2) / sqrt(2) = 1.96 -> 100 +- 196
    assert (b1.entry, b1.total) == (2, 6)
    assert b1.per_100.mean == pytest.approx(100.0)
    assert b1.per_100.low == pytest.approx(-96.0) and b1.per_100.high == pytest.approx(296.0)
    # b (entry 3): -3, 1 -> mean -1, variance 8, half 1.96 * sqrt(8) / sqrt(2) = 3.92 -> -100 +- 392
    assert (b2.entry, b2.total) == (3, -6)
    assert b2.per_100.low == pytest.approx(-492.0) and b2.per_100.high == pytest.approx(292.0)
    # the name b, per copy: (0 - 9) / 6 = -1.5 and (6 + 3) / 6 = 1.5 -> mean 0, variance 4.5,
    # half 1.96 * sqrt(4.5) / sqrt(2) = 2.94 -> 0 +- 294; 2 copies x 3 rotations x 2 deals = 12 plays
    agg_a, agg_b = result.by_bot
    assert (agg_a.bot, agg_a.copies, agg_a.total) == ("a", 1, 0)
    assert (agg_b.bot, agg_b.copies, agg_b.plays, agg_b.total) == ("b", 2, 12, 0)
    assert agg_b.per_100.mean == 0.0
    assert agg_b.per_100.high == pytest.approx(294.0)
    assert (result.deals, result.rotations) == (2, 3)
    # a's lead over b, per copy and play, deal by deal: deal 0: 9 / 3 - (0 - 9) / 6 = 3 + 1.5 = 4.5; deal 1:
    # -9 / 3 - (6 + 3) / 6 = -3 - 1.5 = -4.5 -> mean 0, variance 40.5, half 1.96 * sqrt(40.5) / sqrt(2) = 8.82
    # (zero-sum: a's samples 3, -3 times n / (n - copies of a) = 3 / 2)
    lead = result.lead
    assert lead is not None and lead.bot == "a - b" and lead.plays == 6
    assert lead.per_100.mean == 0.0 and lead.per_100.high == pytest.approx(882.0)


def test_the_lead_is_the_measure_of_a_pot_variant() -> None:
    # a pot variant: what goes into the pot belongs to no seat, so the entries need not sum to 0. Bots a, b, b;
    # one deal: a -6 over its 3 plays, b -3 and -3: per copy and play a -2, b -1: a is 1 behind per play
    deal = DealPlays(0, ((F(-2), F(-1), F(-1)), (F(-2), F(-1), F(-1)), (F(-2), F(-1), F(-1))))
    result = summarize("illustrated", ["a", "b", "b"], 7, [deal])
    assert result.lead is not None and result.lead.per_100.mean == pytest.approx(-100.0)
    assert result.entries[0].per_100.mean == pytest.approx(-200.0)  # a alone: -2 per play, behind only by 1
    assert summarize("sochi", ["a", "b", "c"], 7, [deal]).lead is None  # three names: no one "other"


# ---------------------------------------------------------------- real deals


def test_every_play_is_zero_sum_and_exact() -> None:
    variant = load_variant("sochi")
    for index in range(4):
        plays = play_deal(variant, ["heuristic", "random", "random"], 11, index)
        assert len(plays.values) == 3  # one play per rotation
        for row in plays.values:
            assert all(isinstance(v, Fraction) for v in row)
            assert sum(row) == 0  # a single-deal Sochi match settles to 0 over the seats, exactly


def test_copies_of_one_bot_cancel_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    # three copies: in every rotation the bot in seat s is made the same way (make_bot(name, deal seed, s)),
    # whichever entry sits there, so the three plays of a deal are the same game. An entry's total is then
    # the sum of that game's settlement over the seats, 0; each entry is reported on its own line.
    for bot in ("heuristic", "random"):
        code, out, err = run(capsys, "arena", "--bots", f"{bot},{bot},{bot}", "--deals", "6", "--json")
        assert code == 0, err
        data = json.loads(out)
        assert [e["entry"] for e in data["entries"]] == [1, 2, 3]
        assert all(e["total"] == "0" and e["ci95"] == [0.0, 0.0] for e in data["entries"])
        assert data["by_bot"] == [{"bot": bot, "copies": 3, "plays": 54, "total": "0", "mean_per_100": 0.0,
                                   "ci95": [0.0, 0.0], "sd": 0.0}]


def test_arena_json_totals_sum_to_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--variant", "sochi", "--bots", "heuristic,random,random",
                         "--deals", "7", "--seed", "3", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["deals"], data["rotations"], data["plays"], data["unit"]) == (7, 3, 21, "whists")
    totals = [Fraction(e["total"]) for e in data["entries"]]
    assert sum(totals) == 0
    assert [e["plays"] for e in data["entries"]] == [21, 21, 21]  # 7 deals x 3 rotations each
    # the aggregate of random is its two entries together; heuristic's equals its only entry
    assert Fraction(data["by_bot"][1]["total"]) == totals[1] + totals[2]
    assert data["by_bot"][0]["mean_per_100"] == data["entries"][0]["mean_per_100"]
    # heuristic + 2 copies of random, per copy, balance: mean_h + 2 * mean_r = 0 (up to the printed rounding)
    assert math.isclose(data["by_bot"][0]["mean_per_100"] + 2 * data["by_bot"][1]["mean_per_100"], 0, abs_tol=0.01)
    assert "plays in" in err  # the time goes to stderr


def test_arena_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--bots", "heuristic,random,random", "--deals", "3")
    assert code == 0
    assert out.startswith("arena: Sochi, seed 1: 3 deals x 3 rotations (9 plays) among heuristic, random, random")
    rows = [line.split()[:2] for line in out.splitlines()]
    assert ["1", "heuristic"] in rows and ["2", "random"] in rows and ["3", "random"] in rows
    assert ["all", "random"] in rows  # the name that appears twice gets an aggregate row


def test_four_players_rotate_over_four_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "--variant", "sochi(players=4)", "--bots",
                         "heuristic,random,heuristic,random", "--deals", "2", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["rotations"], data["plays"]) == (4, 8)
    assert sum(Fraction(e["total"]) for e in data["entries"]) == 0


def test_jobs_do_not_change_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    # 12 deals are 3 work units (5, 5, 2): two processes finish them in any order
    argv = ["arena", "--bots", "heuristic,random,random", "--deals", "12", "--seed", "5"]
    code, one, _ = run(capsys, *argv, "--jobs", "1")
    assert code == 0
    code, two, _ = run(capsys, *argv, "--jobs", "2")
    assert code == 0
    assert one == two


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("argv", "needles"), [
    (["--bots", "heuristik,random,random", "--deals", "5"], ["--bots", "'heuristik'", "did you mean 'heuristic'"]),
    (["--bots", "heuristic,random", "--deals", "5"], ["--bots", "expected 3 bot names"]),
    (["--bots", "heuristic,random,random", "--deals", "0"], ["--deals", "at least 1"]),
    (["--bots", "heuristic,random,random", "--deals", "x"], ["--deals", "invalid int"]),
    (["--bots", "heuristic,random,random", "--deals", "5", "--jobs", "0"], ["--jobs", "at least 1"]),
    (["--bots", "heuristic,random,random", "--deals", "5", "--variant", "sochi(players="], ["--variant"]),
    (["--bots", "heuristic,random,random", "--deals", "5", "--variant", "sochy"], ["did you mean 'sochi'"]),
    (["--bots", "heuristic,random,random", "--deals", "5", "--jobs", "2", "--scheduler", "tcp://h:1"],
     ["--scheduler", "not allowed with argument --jobs"]),
])
def test_bad_arena_command_lines(capsys: pytest.CaptureFixture[str], argv: list[str], needles: list[str]) -> None:
    code, out, err = run(capsys, "arena", *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0]
