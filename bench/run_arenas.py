"""The long duplicate arenas of docs/bots.md, played a round at a time into resumable records.

The plan is ``bench/arenas.toml``: a seed, a size (``deals``), a step and the runs (variant, bots, deal set,
and a seed or a size of their own where it differs).
Each round adds ``step`` deals to every run that is not complete, through ``preferans arena --record``, so a
run stopped anywhere (the end of a session, Ctrl-C, a crash) goes on where it stopped, and all runs advance
together: after any number of rounds every run has about the same number of deals.

    python bench/run_arenas.py --records DIR [--jobs 2] [--only NAME ...] [--rounds K]
    python bench/run_arenas.py --records DIR --report      # each run's table so far (arena report)
    python bench/run_arenas.py --records DIR --check 30    # do this checkout's bots play 30 of its deals alike?
    python bench/run_arenas.py --records DIR --table       # the rows of docs/bots.md's table of the runs
    python bench/run_arenas.py --records DIR --alike OLD   # the deals in both DIR's and OLD's records alike?

The records are not kept in the repository: the plan plays them again (docs/how-to/run-an-arena.md). A
record's header holds a fingerprint of the code that decides the play (docs/bots.md, "Long runs"), so a run
must stay on one version of the bots: play it from a checkout of its own while the code moves on. Where later
code means to leave a family's bots as they were, ``--check K`` replays K of each record's deals (spread over
the record) with this checkout's code and says whether every value is the same: a record then measures the
bots of both versions.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

PLAN = Path(__file__).with_name("arenas.toml")
PREFERANS = str(Path(sys.executable).with_name("preferans"))
"""The command line of the environment this runs in (the worktree's venv)."""


def command(run: dict[str, Any], plan: dict[str, Any], deals: int, record: Path, jobs: int) -> list[str]:
    return [PREFERANS, "arena", "--variant", run["variant"], "--bots", run["bots"],
            "--deals", str(deals), "--seed", str(run.get("seed", plan["seed"])),
            "--deal-set", run.get("deal_set", "all"),
            "--record", str(record), "--jobs", str(jobs), "--json"]


def size(run: dict[str, Any], plan: dict[str, Any]) -> int:
    """The deals ``run`` is to reach: its own ``deals``, else the plan's."""
    return int(run.get("deals", plan["deals"]))


def done(record: Path) -> int:
    """Deals finished in ``record`` (its lines after the header; a torn last line does not count)."""
    if not record.exists():
        return 0
    lines = record.read_bytes().split(b"\n")
    return max(0, sum(1 for line in lines[1:] if line.strip().endswith(b"}")))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=Path, required=True, help="the folder of the records (one per run)")
    ap.add_argument("--plan", type=Path, default=PLAN)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=None, metavar="NAME", help="only these runs")
    ap.add_argument("--rounds", type=int, default=None, help="stop after K rounds (default: until complete)")
    ap.add_argument("--report", action="store_true", help="print each run's table so far")
    ap.add_argument("--table", action="store_true", help="print the runs so far as rows of a Markdown table")
    ap.add_argument("--alike", type=Path, default=None, metavar="OLD",
                    help="compare each run's deals with those of the same run's record in folder OLD")
    ap.add_argument("--check", type=int, default=None, metavar="K",
                    help="replay K deals of each record with this checkout's code and compare")
    args = ap.parse_args()
    plan = tomllib.loads(args.plan.read_text(encoding="utf-8"))
    runs = [r for r in plan["run"] if args.only is None or r["name"] in args.only]
    args.records.mkdir(parents=True, exist_ok=True)
    if args.report:
        for run in runs:
            record = args.records / f"{run['name']}.jsonl"
            if done(record):
                print(f"## {run['name']} ({done(record)} deals)", flush=True)
                subprocess.run([PREFERANS, "arena", "report", str(record)], check=False)
        return 0
    if args.table:
        return table(runs, plan, args.records)
    if args.alike is not None:
        return alike(runs, args.records, args.alike)
    if args.check is not None:
        return check(runs, args.records, args.check)
    rounds = 0
    while args.rounds is None or rounds < args.rounds:
        pending = [r for r in runs if done(args.records / f"{r['name']}.jsonl") < size(r, plan)]
        if not pending:
            break
        for run in pending:
            record = args.records / f"{run['name']}.jsonl"
            target = min(size(run, plan), done(record) + plan["step"])
            out = subprocess.run(command(run, plan, target, record, args.jobs), capture_output=True, text=True)
            if out.returncode != 0:
                print(f"{run['name']}: {out.stderr.strip()}", file=sys.stderr)
                return out.returncode
            result = json.loads(out.stdout)
            hard, lead = result["entries"][0], result.get("lead") or {}
            print(f"{run['name']}: {target} deals, {hard['bot']} {hard['mean_per_100']:+.1f} per 100 "
                  f"{hard['ci95']}, lead {lead.get('mean_per_100', 0):+.1f} {lead.get('ci95')}", flush=True)
        rounds += 1
    return 0


HEADER = ("| run | seed | deals so far (of) | hard, per 100 deals | 95% CI | the other bot, per copy "
          "| lead: hard - other | 95% CI of the lead | the lead's interval |\n|" + "---|" * 9)


def table(runs: list[dict[str, Any]], plan: dict[str, Any], records: Path) -> int:
    """The runs with a record in ``records``, one Markdown row each, from ``preferans arena report --json``."""
    print(HEADER)
    for run in runs:
        record = records / f"{run['name']}.jsonl"
        if not done(record):
            continue
        out = subprocess.run([PREFERANS, "arena", "report", str(record), "--json"], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"{record}: {out.stderr.strip()}", file=sys.stderr)
            return out.returncode
        r = json.loads(out.stdout)
        hard, other, lead = r["entries"][0], r["by_bot"][1], r["lead"]
        low, high = lead["ci95"]
        verdict = "above zero" if low > 0 else "below zero" if high < 0 else "zero inside"
        print(f"| {run['name']} | {r['seed']} | {r['deals']} ({size(run, plan)}) "
              f"| {hard['mean_per_100']:+.1f} {r['unit']} | {span(hard['ci95'])} | {other['mean_per_100']:+.1f} "
              f"| **{lead['mean_per_100']:+.1f}** | {span(lead['ci95'])} | {verdict} |")
    return 0


def span(ci: list[float]) -> str:
    return f"{ci[0]:+.1f} .. {ci[1]:+.1f}"


def alike(runs: list[dict[str, Any]], records: Path, old: Path) -> int:
    """For each run recorded in both folders (the same variant, bots, seed and deal set), how many of the
    deals both hold have the same values: a later commit that plays as an earlier one replays its deals
    exactly. 1 if any differ."""
    from preferans.core.tools.arena_record import read_record

    differ = 0
    for run in runs:
        new_path, old_path = records / f"{run['name']}.jsonl", old / f"{run['name']}.jsonl"
        if not (done(new_path) and done(old_path)):
            continue
        (new_head, new, _), (old_head, before, _) = read_record(new_path), read_record(old_path)
        assert new_head is not None and old_head is not None
        keys = ("variant", "bots", "seed", "deal_set")
        if any(new_head[k] != old_head[k] for k in keys):
            print(f"{run['name']}: not the same run ({', '.join(k for k in keys if new_head[k] != old_head[k])})")
            continue
        common = sorted(set(new) & set(before))
        same = sum(new[i].values == before[i].values for i in common)
        differ += same != len(common)
        print(f"{run['name']}: {same} of {len(common)} common deals alike", flush=True)
    return 1 if differ else 0


def check(runs: list[dict[str, Any]], records: Path, k: int) -> int:
    """Replay ``k`` deals of each run's record (evenly spread) with the code installed here; 1 if any differ."""
    from preferans.core.tools.arena import load_variant_id, parse_bots, play_deal
    from preferans.core.tools.arena_record import read_record

    differ = 0
    for run in runs:
        path = records / f"{run['name']}.jsonl"
        if not done(path):
            continue
        head, deals, _ = read_record(path)
        assert head is not None
        variant = load_variant_id(head["variant"])
        bots = parse_bots(",".join(head["bots"]), variant.rules.players)
        indices = sorted(deals)
        picked = [indices[i * len(indices) // k] for i in range(min(k, len(indices)))]
        same = [play_deal(variant, bots, head["seed"], i, deals[i].stream, head["deal_set"]).values == deals[i].values
                for i in picked]
        differ += not all(same)
        print(f"{run['name']}: {sum(same)} of {len(same)} deals replayed alike"
              + ("" if all(same) else f" (first differing: deal {picked[same.index(False)]})"), flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
