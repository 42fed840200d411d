"""Run the conformance suite on every house rule of tests/data/house_rules and tally what it caught.

    python tests/testing/house_rules_tally.py                   # every file, one at a time
    python tests/testing/house_rules_tally.py --jobs 2          # two suites in parallel
    python tests/testing/house_rules_tally.py --only sochi_notrump_spades_trump balkan_score_logger

For each file it runs ``preferans conformance VARIANT --plugin FILE`` (VARIANT from the file's ``# variant:``
header), with a timeout, and prints one row per file: the file, the variant, the area, passed or failed, the
first failed check and the rule that check names. At the end: the share of broken files the suite failed, and
whether every harmless file passed. It is a measurement, not a test: it always exits 0. See
tests/data/house_rules/README.md.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "data" / "house_rules"
KINDS = ("broken", "harmless")
HEADER = re.compile(r"^#\s*(variant|area|breaks):\s*(.*?)\s*$")
FAILED_LINE = re.compile(r"^(?P<variant>.+?): FAILED (?P<check>\S+): (?P<message>.*)$")
RULE_LINE = re.compile(r"^\s+the rule: (?P<rule>.*)$")
TABLE_ROW = re.compile(
    r"^(?P<variant>\S.*?)\s+(?P<passed>\d+)\s+(?P<failed>\d+)\s+(?P<skipped>\d+)\s+(?P<result>\S+)\s*$")


@dataclass
class HouseRule:
    path: Path
    kind: str  # "broken" or "harmless"
    variant: str
    area: str
    breaks: str

    @property
    def name(self) -> str:
        return self.path.name


@dataclass
class Outcome:
    rule: HouseRule
    status: str  # "failed", "passed", "error" (the suite did not run), "timeout"
    check: str = ""
    message: str = ""
    rule_text: str = ""
    counts: str = ""
    seconds: float = 0.0
    detail: str = ""


def read_header(path: Path, kind: str) -> HouseRule:
    fields: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        m = HEADER.match(line)
        if m:
            fields[m.group(1)] = m.group(2)
    return HouseRule(path, kind, fields.get("variant", "?"), fields.get("area", "?"), fields.get("breaks", ""))


def collect(only: list[str]) -> list[HouseRule]:
    rules = [read_header(p, kind) for kind in KINDS for p in sorted((ROOT / kind).glob("*.py"))]
    if not only:
        return rules
    wanted = {n.removesuffix(".py") for n in only}
    chosen = [r for r in rules if r.path.stem in wanted]
    missing = wanted - {r.path.stem for r in chosen}
    for name in sorted(missing):
        print(f"house_rules_tally: no house rule named {name!r} in {ROOT}", file=sys.stderr)
    return chosen


def command(rule: HouseRule) -> list[str]:
    # the same interpreter as this script: `preferans conformance VARIANT --plugin FILE`
    return [sys.executable, "-m", "preferans.core.cli", "conformance", rule.variant, "--plugin", str(rule.path),
            "--lang", "en"]


def as_package(rule: HouseRule, where: Path) -> tuple[str, Path]:
    """The house rule made the code of a variant package, as a plugin author would: ``preferans new-variant
    NAME --extends VARIANT`` (the parent's playthroughs copied), the file as the package's module, the ID's
    rule overrides in its preset. Instead of ``pip install -e`` (slow, and one environment for all), the
    distribution's entry point is written beside it (a ``.dist-info`` folder that ``importlib.metadata`` finds
    on ``PYTHONPATH``). Returns the variant's name and the folder to put on ``PYTHONPATH``."""
    import tomllib

    from preferans.core.rules.config import parse_variant_id

    parent, overrides = parse_variant_id(rule.variant, "variant")
    name = "hr" + re.sub(r"[^a-z0-9]", "", rule.path.stem.lower())[:40]
    subprocess.run([sys.executable, "-m", "preferans.core.cli", "new-variant", name, "--extends", parent, "-o",
                    str(where)], check=True, capture_output=True, text=True)
    root = where / name
    module = root / f"preferans_{name}"
    (module / "__init__.py").write_text(rule.path.read_text(encoding="utf-8"), encoding="utf-8")
    if overrides:
        preset = module / "preset.toml"
        lines = [f"{k} = {_toml_value(v)}" for k, v in _flat(overrides)]
        text = preset.read_text(encoding="utf-8").replace("[rules]\n", "[rules]\n" + "\n".join(lines) + "\n", 1)
        tomllib.loads(text)  # still TOML
        preset.write_text(text, encoding="utf-8")
    info = root / f"preferans_{name}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: preferans-{name}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[preferans.variants]\n{name} = preferans_{name}\n")
    return name, root


def _flat(values: dict[str, object], prefix: str = "") -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for k, v in values.items():
        if isinstance(v, dict):
            out += _flat(v, f"{prefix}{k}.")
        else:
            out.append((prefix + k, v))
    return out


def _toml_value(v: object) -> str:
    import tomli_w

    return tomli_w.dumps({"x": v}).split("=", 1)[1].strip()


def parse(rule: HouseRule, rc: int, out: str, err: str, seconds: float) -> Outcome:
    lines = out.splitlines()
    counts = ""
    for line in lines:
        m = TABLE_ROW.match(line)
        if m:  # the one variant run, by the name it is shown with (Sochi for sochi)
            counts = f"{m.group('passed')}/{m.group('failed')}/{m.group('skipped')}"
            break
    for i, line in enumerate(lines):
        m = FAILED_LINE.match(line)
        if m:
            text = ""
            if i + 1 < len(lines):
                r = RULE_LINE.match(lines[i + 1])
                text = r.group("rule") if r else ""
            return Outcome(rule, "failed", m.group("check"), m.group("message"), text, counts, seconds)
    if rc == 0:
        return Outcome(rule, "passed", counts=counts, seconds=seconds)
    if rc == 1:
        # failed without a FAILED line (an internal error, a sum that is not zero ...)
        tail = (err.strip() or out.strip()).splitlines()[-1:] or [""]
        return Outcome(rule, "failed", "(exit 1)", tail[0], "", counts, seconds)
    tail = (err.strip() or out.strip()).splitlines()[-1:] or [""]
    return Outcome(rule, "error", seconds=seconds, detail=f"exit {rc}: {tail[0]}")


def run(rule: HouseRule, timeout: float, package: bool = False) -> Outcome:
    import tempfile

    start = time.monotonic()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with tempfile.TemporaryDirectory(prefix="house-rule-") as tmp:
        cmd = command(rule)
        if package:
            name, root = as_package(rule, Path(tmp))
            env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
            cmd = [sys.executable, "-m", "preferans.core.cli", "conformance", name, "--lang", "en"]
            rule = HouseRule(rule.path, rule.kind, name, rule.area, rule.breaks)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return Outcome(rule, "timeout", seconds=time.monotonic() - start, detail=f"no result in {timeout:.0f} s")
    return parse(rule, proc.returncode, proc.stdout, proc.stderr, time.monotonic() - start)


def cut(text: str, width: int) -> str:
    if width <= 0 or len(text) <= width:
        return text
    return text[: width - 1] + "…"


def table(outcomes: list[Outcome], width: int) -> str:
    head = ("file", "variant", "area", "kind", "result", "first failed check", "its message (with the rule)")
    rows = []
    for o in outcomes:
        if o.status == "failed":
            check, rule = o.check, o.message or o.rule_text
        elif o.status in ("error", "timeout"):
            check, rule = "-", o.detail
        else:
            check, rule = "-", ""
        rows.append((o.rule.name, o.rule.variant, o.rule.area, o.rule.kind, o.status, check, cut(rule, width)))
    widths = [max(len(str(r[i])) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(head, widths, strict=True)).rstrip()]
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return "\n".join(lines)


def totals(outcomes: list[Outcome]) -> list[str]:
    broken = [o for o in outcomes if o.rule.kind == "broken"]
    harmless = [o for o in outcomes if o.rule.kind == "harmless"]
    out = []
    if broken:
        caught = sum(o.status == "failed" for o in broken)
        out.append(f"broken files the suite failed: {caught}/{len(broken)} ({100 * caught / len(broken):.1f}%)")
        missed = [o.rule.name for o in broken if o.status == "passed"]
        if missed:
            out.append("  passed although broken: " + ", ".join(missed))
    if harmless:
        ok = sum(o.status == "passed" for o in harmless)
        verdict = "yes" if ok == len(harmless) else "no"
        out.append(f"every harmless file passed: {verdict} ({ok}/{len(harmless)})")
        wrong = [o.rule.name for o in harmless if o.status != "passed"]
        if wrong:
            out.append("  not passed although harmless: " + ", ".join(wrong))
    other = [o for o in outcomes if o.status in ("error", "timeout")]
    if other:
        out.append("did not finish: " + ", ".join(f"{o.rule.name} ({o.status})" for o in other))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Run the conformance suite on every house rule of "
                                 "tests/data/house_rules and tally what it caught (always exits 0).")
    ap.add_argument("--jobs", type=int, default=1, metavar="N", help="suites run in parallel (default 1)")
    ap.add_argument("--only", nargs="+", default=[], metavar="NAME",
                    help="only these files (names, with or without .py)")
    ap.add_argument("--timeout", type=float, default=300.0, metavar="S",
                    help="seconds allowed to one file's suite (default 300)")
    ap.add_argument("--width", type=int, default=90, metavar="W",
                    help="cut the message column to W characters (0: whole)")
    ap.add_argument("--as-package", action="store_true",
                    help="run each file as the code of a variant package made by `preferans new-variant NAME "
                         "--extends VARIANT`, not as --plugin")
    args = ap.parse_args(argv)
    rules = collect(args.only)
    if not rules:
        print("house_rules_tally: no house rule to run")
        return 0
    done: dict[Path, Outcome] = {}
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run, r, args.timeout, args.as_package): r for r in rules}
        for i, fut in enumerate(as_completed(futures), 1):
            o = fut.result()
            done[o.rule.path] = o
            print(f"[{i}/{len(rules)}] {o.rule.name}: {o.status} ({o.seconds:.0f} s)", file=sys.stderr, flush=True)
    outcomes = [done[r.path] for r in rules]
    print(table(outcomes, args.width))
    print()
    for line in totals(outcomes):
        print(line)
    return 0


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
    sys.exit(0)
