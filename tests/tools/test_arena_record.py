"""``preferans arena --record FILE``, ``--shard K/M`` and ``preferans arena report``: a long run resumed and
shared, with the same numbers as one unrecorded run of the same deals."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from preferans.core.cli import main
from preferans.core.rules.config import load_variant
from preferans.core.tools import arena_record

BOTS = ["--bots", "heuristic,random,random"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def arena_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "arena", *BOTS, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    data.pop("record", None)  # where the deals were kept: the only key an unrecorded run has not
    return data


def numbers(data: dict[str, Any]) -> tuple[Any, ...]:
    return data["deals"], data["plays"], data["entries"], data["by_bot"]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text("utf-8").splitlines()]


def one_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_a_run_resumed_equals_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    first = arena_json(capsys, "--deals", "4", "--seed", "9", "--record", str(record))
    assert first == arena_json(capsys, "--deals", "4", "--seed", "9")
    # the header, then one line per deal with each rotation's exact values
    head, *deals = lines(record)
    assert [head[k] for k in ("format", "version", "variant", "bots", "seed", "deal_set", "shard")] == \
        ["preferans-arena-record", 1, "sochi", ["heuristic", "random", "random"], 9, "all", "0/1"]
    assert head["config"] == {"variant": "sochi", "plugins": [], "rules": {}}
    assert len(head["fingerprint"]) == 64 and head["package"]
    assert sorted(d["deal"] for d in deals) == [0, 1, 2, 3]
    assert all(len(d["values"]) == 3 and sum(Fraction(v) for v in d["values"][0]) == 0 for d in deals)
    # go on to 11 deals: 7 more appended, and the numbers those of one run of 11
    again = arena_json(capsys, "--deals", "11", "--seed", "9", "--record", str(record))
    assert again == arena_json(capsys, "--deals", "11", "--seed", "9")
    assert sorted(d["deal"] for d in lines(record)[1:]) == list(range(11))
    code, out, err = run(capsys, "arena", "report", str(record), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert numbers(report) == numbers(again) and report["complete"] is True
    code, text, _ = run(capsys, "arena", "report", str(record))
    assert code == 0 and text.startswith("arena: Sochi, seed 9: 11 deals x 3 rotations (33 plays)")
    assert text == run(capsys, "arena", *BOTS, "--deals", "11", "--seed", "9")[1]  # the table, to the letter


def test_recorded_deals_are_not_played_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "1", "--record", str(record))
    head = record.read_text("utf-8").splitlines()[0]
    # deal 0 written by hand: entry 1 wins 3 in each rotation, entry 2 loses 3 (entry 1's total 9, by hand)
    record.write_text(head + "\n" + '{"deal":0,"values":[["3","-3","0"],["3","-3","0"],["3","-3","0"]]}\n', "utf-8")
    data = arena_json(capsys, "--deals", "1", "--record", str(record))
    assert [e["total"] for e in data["entries"]] == ["9", "-9", "0"]


def test_a_torn_last_line_is_written_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "3", "--record", str(record))
    with record.open("a", encoding="utf-8") as f:
        f.write('{"deal":3,"values":[["1')  # a crash in the middle of a line
    data = arena_json(capsys, "--deals", "5", "--record", str(record))
    assert data == arena_json(capsys, "--deals", "5")
    assert sorted(d["deal"] for d in lines(record)[1:]) == [0, 1, 2, 3, 4]  # every line whole again


@pytest.mark.parametrize(("change", "field"), [
    (["--bots", "heuristic,heuristic,random"], "bots"),
    (["--seed", "2"], "seed"),
    (["--rule", "whist.style=gentleman"], "config.rules.whist"),
    (["--deal-set", "raspasovka"], "deal_set"),
    (["--shard", "1/2"], "shard"),
])
def test_a_record_of_another_run_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: list[str],
                                            field: str) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "2", "--record", str(record))
    before = record.read_bytes()
    err = one_error(capsys, "arena", *BOTS, "--deals", "2", "--record", str(record), *change)
    assert f"{record}: the record's {field} is" in err
    assert record.read_bytes() == before  # nothing written


def test_a_record_of_other_code_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "2", "--record", str(record))
    head, *rest = record.read_text("utf-8").splitlines()
    other = json.loads(head) | {"fingerprint": "0" * 64}  # as if the bots' code had changed since
    record.write_text("\n".join([json.dumps(other), *rest]) + "\n", "utf-8")
    assert f"{record}: the record's fingerprint is" in one_error(capsys, "arena", *BOTS, "--deals", "3", "--record",
                                                                  str(record))


def test_the_fingerprint_covers_the_bots_the_solver_and_the_rules() -> None:
    ai = arena_record.folder_of(arena_record.ai_package.__file__)
    names = {f.name for f in arena_record._sources(ai)}
    assert {"bots.py", "pimc.py", "solver.py", "_dds.c"} <= names and not any(n.endswith(".so") for n in names)
    sochi, serbian = load_variant("sochi"), load_variant("serbian")
    files = {f.parent.name + "/" + f.name for m in sochi.stack for f in arena_record._module_sources(m)}
    # the variant's own folder and its family's, code and presets; not the records and catalogues inside
    assert {"sochi/preset.toml", "russian/scoring.py", "russian/preset.toml"} <= files
    assert not any(f.startswith("balkan/") for f in files)  # another family's files
    assert not any(f.endswith((".po", ".mo", ".ppn")) for f in files)
    assert arena_record.fingerprint(sochi) == arena_record.fingerprint(load_variant("sochi"))
    assert arena_record.fingerprint(sochi) != arena_record.fingerprint(serbian)


def test_shards_merge_into_the_whole_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    one = arena_json(capsys, "--deals", "7", "--seed", "5", "--shard", "0/2", "--record", str(a))
    assert (one["deals"], one["shard"]) == (4, "0/2")  # deals 0, 2, 4, 6
    two = arena_json(capsys, "--deals", "7", "--seed", "5", "--shard", "1/2", "--record", str(b))
    assert two["deals"] == 3  # deals 1, 3, 5
    assert sorted(d["deal"] for d in lines(b)[1:]) == [1, 3, 5]
    whole = arena_json(capsys, "--deals", "7", "--seed", "5")
    code, out, err = run(capsys, "arena", "report", str(b), str(a), "--json")
    assert code == 0, err
    merged = json.loads(out)
    assert numbers(merged) == numbers(whole) and "shard" not in merged
    # the entries' totals of the shards add up to the whole run's
    for e in range(3):
        assert Fraction(one["entries"][e]["total"]) + Fraction(two["entries"][e]["total"]) == \
            Fraction(whole["entries"][e]["total"])
    # one shard alone is reported as that shard, and not complete
    code, out, _ = run(capsys, "arena", "report", str(a), "--json")
    assert json.loads(out)["shard"] == "0/2" and json.loads(out)["complete"] is False
    # refused: the same record twice, a record of another run
    assert "deal 0 is also in" in one_error(capsys, "arena", "report", str(a), str(a))
    c = tmp_path / "c.jsonl"
    arena_json(capsys, "--deals", "2", "--seed", "6", "--shard", "1/2", "--record", str(c))
    err = one_error(capsys, "arena", "report", str(a), str(c))
    assert f"{c}: the record's seed is 6, {a}'s 5" in err


@pytest.mark.slow
def test_a_deal_set_record_keeps_the_stream(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "rasp.jsonl"
    argv = ["--seed", "1", "--deal-set", "raspasovka"]
    arena_json(capsys, "--deals", "2", *argv, "--record", str(record))
    data = arena_json(capsys, "--deals", "4", *argv, "--record", str(record))
    assert data == arena_json(capsys, "--deals", "4", *argv)
    # seed 1's first raspasovkas are stream deals 6, 14, 22 and 26: the stream deals where the heuristic bots'
    # auction, played by hand in test_deal_sets.auction_by_hand without the deal-set code, is three passes
    assert sorted((d["deal"], d["stream"]) for d in lines(record)[1:]) == [(0, 6), (1, 14), (2, 22), (3, 26)]


@pytest.mark.parametrize(("text", "needle"), [
    ('{"deal":0,"values":[["1","2"]]}', "line 2: values must be 3 rows"),
    ('{"deal":-1,"values":[]}', "line 2: deal must be a whole number from 0"),
    ('{"deal":0,"values":[["a","0","0"],["0","0","0"],["0","0","0"]]}', "line 2: values must be exact numbers"),
    ('not json', "line 2: not a JSON object"),
])
def test_a_damaged_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                                      needle: str) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "1", "--record", str(record))
    head = record.read_text("utf-8").splitlines()[0]
    record.write_text(f"{head}\n{text}\n", "utf-8")
    assert f"{record}: {needle}" in one_error(capsys, "arena", *BOTS, "--deals", "2", "--record", str(record))
    assert f"{record}: {needle}" in one_error(capsys, "arena", "report", str(record))


def test_bad_record_command_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "--shard: expected K/M" in one_error(capsys, "arena", *BOTS, "--deals", "2", "--shard", "2/2")
    assert "--bots: required" in one_error(capsys, "arena", "--deals", "2")
    assert "no such record" in one_error(capsys, "arena", "report", str(tmp_path / "missing.jsonl"))
    other = tmp_path / "game.json"
    other.write_text('{"variant": "sochi"}\n', "utf-8")
    assert "line 1: not an arena record" in one_error(capsys, "arena", "report", str(other))
    assert "not a regular file" in one_error(capsys, "arena", *BOTS, "--deals", "1", "--record", str(tmp_path))


def test_two_jobs_record_the_same_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 12 deals are 3 units of 5, 5 and 2, written as each finishes, in any order
    record = tmp_path / "run.jsonl"
    data = arena_json(capsys, "--deals", "12", "--seed", "3", "--jobs", "2", "--record", str(record))
    assert data == arena_json(capsys, "--deals", "12", "--seed", "3")
    assert sorted(d["deal"] for d in lines(record)[1:]) == list(range(12))


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_run_killed_goes_on_where_it_stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SIGKILL (no clean-up at all) in the middle of a long run: the deals synced so far stay, the next run
    plays the rest, and the numbers are those of one run."""
    import signal
    import subprocess
    import sys
    import time

    record = tmp_path / "run.jsonl"
    argv = [sys.executable, "-m", "preferans.core.cli", "arena", *BOTS, "--deals", "100000", "--seed", "8",
            "--record", str(record)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not record.exists() or record.read_text("utf-8").count("\n") < 8):
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    kept = [json.loads(x)["deal"] for x in record.read_text("utf-8").split("\n")[1:-1]]
    assert len(kept) >= 7 and sorted(kept) == list(range(len(kept)))  # one process: the deals in order
    total = len(kept) + 4
    data = arena_json(capsys, "--deals", str(total), "--seed", "8", "--record", str(record))
    assert data == arena_json(capsys, "--deals", str(total), "--seed", "8")


def test_two_runs_never_write_one_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import fcntl

    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "1", "--record", str(record))
    before = record.read_bytes()
    with record.open("rb") as other:  # another run, holding its lock
        fcntl.flock(other.fileno(), fcntl.LOCK_EX)
        err = one_error(capsys, "arena", *BOTS, "--deals", "3", "--record", str(record))
    assert f"{record}: --record: another arena run is writing this record" in err
    assert record.read_bytes() == before


@pytest.mark.parametrize(("label", "line", "needle"), [
    ("deep deal", "[" * 100_000 + "]" * 100_000, "line 2: not a JSON object: nested deeper than 100 levels"),
    ("deep values", '{"deal":0,"values":' + "[" * 5000 + "]" * 5000 + "}",
     "line 2: not a JSON object: nested deeper than 100 levels"),
    ("a key twice", '{"deal":0,"deal":1,"values":[["1","-1","0"],["1","-1","0"],["1","-1","0"]]}',
     "line 2: not a JSON object: the key 'deal' is given twice"),
    ("not zero-sum", '{"deal":0,"values":[["1","-1","0"],["1","-1","0"],["1","1","-1"]]}',
     "line 2: values[2] sums to 1, not 0 (a settlement sums to 0)"),
])
def test_a_hostile_deal_line_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], label: str, line: str,
                                         needle: str) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "1", "--record", str(record))
    head = record.read_text("utf-8").splitlines()[0]
    record.write_text(f"{head}\n{line}\n", "utf-8")
    assert f"{record}: {needle}" in one_error(capsys, "arena", "report", str(record))
    assert f"{record}: {needle}" in one_error(capsys, "arena", *BOTS, "--deals", "2", "--record", str(record))
    assert record.read_text("utf-8") == f"{head}\n{line}\n"  # refused, not written over


def test_a_pot_variants_record_need_not_sum_to_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Illustrated plays for a pot: a declarer who fails pays into the pot, so a deal's row sums to minus what
    # went into the pot (AUT-POT rules), not to 0. Its record says so and is read; a Sochi record is zero-sum
    pot, sochi = tmp_path / "pot.jsonl", tmp_path / "sochi.jsonl"
    arena_json(capsys, "--variant", "illustrated", "--deals", "4", "--seed", "3", "--record", str(pot))
    head, *deals = lines(pot)
    assert head["zero_sum"] is False and any(sum(Fraction(v) for v in row) != 0 for d in deals for row in d["values"])
    code, out, err = run(capsys, "arena", "report", str(pot))
    assert code == 0 and "heuristic" in out, err
    arena_json(capsys, "--deals", "1", "--record", str(sochi))
    assert lines(sochi)[0]["zero_sum"] is True
    # a flag changed by hand is refused: the pot's rows are then checked and do not sum to 0; a Sochi record
    # that claims a pot is refused against the variant loaded from its config
    for path, was, now, says in ((pot, "false", "true", "line 2: values[0] sums to"),
                                 (sochi, "true", "false", "line 1: zero_sum is false, but the variant's settlements "
                                                          "sum to 0")):
        text = path.read_text("utf-8").replace(f'"zero_sum":{was}', f'"zero_sum":{now}', 1)
        path.write_text(text, "utf-8")
        assert f"{path}: {says}" in one_error(capsys, "arena", "report", str(path))


def test_a_hostile_header_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    arena_json(capsys, "--deals", "1", "--record", str(record))
    head = record.read_text("utf-8").splitlines()[0]
    for text in ("[" * 100_000 + "]" * 100_000, head[:-1] + ',"seed":2}'):  # too deep; a key given twice
        record.write_text(text + "\n", "utf-8")
        assert f"{record}: line 1: not an arena record" in one_error(capsys, "arena", "report", str(record))
        assert f"{record}: line 1: not an arena record" in one_error(capsys, "arena", *BOTS, "--deals", "1",
                                                                      "--record", str(record))


def test_a_record_name_too_long_or_out_of_reach_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    long = tmp_path / ("n" * 300 + ".jsonl")
    err = one_error(capsys, "arena", "report", str(long))
    assert "cannot read: File name too long" in err and len(err) < 300
    err = one_error(capsys, "arena", *BOTS, "--deals", "1", "--record", str(long))
    assert "--record: cannot write: File name too long" in err and len(err) < 300
    # a folder the user cannot enter (root enters any: the refusal of the system is made here)
    shut = tmp_path / "shut" / "run.jsonl"

    stat = Path.stat

    def denied(self: Path, *args: Any, **kwargs: Any) -> Any:
        if shut.parent in self.parents or self == shut.parent:
            raise PermissionError(13, "Permission denied", str(self))
        return stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", denied)
    assert f"{shut}: cannot read: Permission denied" in one_error(capsys, "arena", "report", str(shut))
    assert f"{shut}: --record: cannot write: Permission denied" in one_error(
        capsys, "arena", *BOTS, "--deals", "1", "--record", str(shut))
