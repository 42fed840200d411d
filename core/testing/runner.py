"""Run the conformance suite in-process and collect one row of results per variant.

Used by ``preferans conformance``; the suite itself is the ordinary pytest module ``conformance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class VariantReport:
    """Outcome of the suite for one variant: counts and, for each failed check, its first line."""

    name: str
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.passed > 0


class _Collector:
    """A pytest plugin object that records each test's outcome under its variant."""

    def __init__(self) -> None:
        self.reports: dict[str, VariantReport] = {}
        self.errors: list[str] = []

    def _report_for(self, nodeid: str) -> VariantReport:
        variant = nodeid.split("[", 1)[-1][:-1] if nodeid.endswith("]") else "?"
        return self.reports.setdefault(variant, VariantReport(variant))

    def pytest_runtest_logreport(self, report: Any) -> None:
        check = report.nodeid.split("::")[-1].split("[")[0]
        row = self._report_for(report.nodeid)
        if report.when == "call" or (report.when == "setup" and not report.passed):
            if report.passed:
                row.passed += 1
            elif report.skipped:
                row.skipped += 1
            else:
                row.failed += 1
                text = str(report.longrepr.reprcrash.message) if hasattr(report.longrepr, "reprcrash") else str(
                    report.longrepr)
                row.failures[check] = text.strip().splitlines()[0] if text.strip() else "failed"

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.errors.append(str(report.longrepr).strip().splitlines()[-1])


def run(variants: list[str], deals: int, seed: int, verbose: bool = False,
        plugins: Sequence[str | Path] = ()) -> tuple[list[VariantReport], list[str]]:
    """Run the suite for ``variants`` (all playable ones when empty), each with the local plugin files
    ``plugins`` added (``--preferans-plugin``, as absolute paths: pytest may change the folder)."""
    import pytest

    # -o addopts= : the suite is self-contained; options of the project in the current folder do not apply
    args = ["--pyargs", "preferans.core.testing.conformance", "-p", "no:cacheprovider", "-o", "addopts=",
            f"--preferans-deals={deals}", f"--preferans-seed={seed}"]
    args += ["-p", "no:terminal"] if not verbose else ["-v"]
    for name in variants:
        args.append(f"--preferans-variant={name}")
    for path in plugins:
        args.append(f"--preferans-plugin={Path(path).resolve()}")
    collector = _Collector()
    pytest.main(args, plugins=[collector])
    order = variants or sorted(collector.reports)
    return [collector.reports.get(n, VariantReport(n)) for n in order], collector.errors
