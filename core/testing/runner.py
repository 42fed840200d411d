"""Run the conformance suite in-process and collect one row of results per variant.

Used by ``preferans conformance``; the suite itself is the ordinary pytest module ``conformance``. Each
row holds every check's outcome (with the whole skip reason or failure message and the rule the check
guarantees) and the coverage the variant's walking checks recorded.
"""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from preferans.core.model.i18n import Translator
from preferans.core.testing.messages import say, template_of

from .coverage import COVERAGE_PROPERTY, Coverage


@dataclass
class CheckResult:
    """One check of one variant: ``outcome`` is ``passed``, ``failed`` or ``skipped``; ``message`` the skip
    reason or the failure's message, whole (English); ``rule`` what the check guarantees (its docstring);
    ``said`` the message's catalogue template and values when the check wrote it with ``check_message``, so
    that the command can say it in the user's language (docs/i18n.md; ``--json`` keeps the English)."""

    outcome: str
    message: str = ""
    rule: str = ""
    said: tuple[str, dict[str, Any]] | None = None

    def message_in(self, tr: Translator) -> str:
        """The message in ``tr``'s language; as written when it has no template."""
        if self.said is None:
            return self.message
        template, values = self.said
        return say(template, values, tr)


@dataclass
class VariantReport:
    """Outcome of the suite for one variant: counts, each check's result, the coverage reached."""

    name: str
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: dict[str, str] = field(default_factory=dict)
    checks: dict[str, CheckResult] = field(default_factory=dict)
    coverage: Coverage | None = None

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.passed > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.name, "ok": self.ok, "passed": self.passed, "failed": self.failed,
            "skipped": self.skipped,
            "checks": {k: {"outcome": c.outcome, "message": c.message, "rule": c.rule} for k, c in self.checks.items()},
            "coverage": self.coverage.summary() if self.coverage is not None else None,
        }


def rule_of(check: str) -> str:
    """What a check guarantees: the first paragraph of its test's docstring, on one line."""
    from . import conformance

    doc = getattr(getattr(conformance, check, None), "__doc__", None) or ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def _message(report: Any) -> str:
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")  # the reason, whole
    crash = getattr(longrepr, "reprcrash", None)
    text = str(crash.message) if crash is not None else str(longrepr)
    text = text.split("\nassert ")[0]  # the check's own message, without pytest's explanation of the assert
    text = _OWN_ERROR.sub("", text.strip())  # the suite's own AssertionError kinds (perft's Unreachable)
    return text.removeprefix("AssertionError: ").removeprefix("Failed: ") or "failed"


_OWN_ERROR = re.compile(r"^(?:preferans\.)?core\.testing\.[\w.]+: ")


class _Collector:
    """A pytest plugin object that records each test's outcome and coverage under its variant."""

    def __init__(self, progress: Callable[[int, int], None] | None = None) -> None:
        self.reports: dict[str, VariantReport] = {}
        self.errors: list[str] = []
        self.progress = progress
        self.total = 0
        self.done = 0

    def _report_for(self, nodeid: str) -> VariantReport:
        variant = nodeid.split("[", 1)[-1][:-1] if nodeid.endswith("]") else "?"
        return self.reports.setdefault(variant, VariantReport(variant))

    def pytest_collection_finish(self, session: Any) -> None:
        self.total = len(session.items)
        if self.progress is not None:
            self.progress(0, self.total)

    def pytest_runtest_logreport(self, report: Any) -> None:
        check = report.nodeid.split("::")[-1].split("[")[0]
        row = self._report_for(report.nodeid)
        for name, value in getattr(report, "user_properties", ()):
            if name == COVERAGE_PROPERTY and hasattr(value, "to_dict"):
                # through its dict: pytest may have imported the suite under a second module name (rootdir)
                cov = Coverage.from_dict(value.to_dict())
                row.coverage = cov if row.coverage is None else row.coverage.merge(cov)
        if report.when == "call" or (report.when == "setup" and not report.passed):
            if report.passed:
                row.passed += 1
                row.checks[check] = CheckResult("passed", rule=rule_of(check))
            elif report.skipped:
                row.skipped += 1
                message = _message(report)
                row.checks[check] = CheckResult("skipped", message, rule_of(check), template_of(message))
            else:
                row.failed += 1
                message = _message(report)
                row.failures[check] = message
                row.checks[check] = CheckResult("failed", message, rule_of(check), template_of(message))
        if report.when == "teardown":
            self.done += 1
            if self.progress is not None:
                self.progress(self.done, self.total)

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.errors.append(str(report.longrepr).strip().splitlines()[-1])


def pytest_available() -> bool:
    """Whether pytest can be imported (the ``[test]`` extra); the suite is a pytest module."""
    try:
        import pytest  # noqa: F401
    except ImportError:
        return False
    return True


def _stoppable(call: Callable[[], Any]) -> Any:
    """``call()`` (a pytest session) that SIGTERM stops at once. pytest takes an exception raised in a test for
    the test's failure and goes on with the next one, except ``KeyboardInterrupt``, which ends the session: so
    while it runs, SIGTERM raises that; once the session has ended, the signal is raised again for the handler
    that was there before (the command line's: exit 143; the default: the process ends), so no verdict of a
    suite that did not finish is ever given."""
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
        return call()  # a handler can be set only in the main thread; an ignored SIGTERM stays ignored
    stopped: list[int] = []

    def stop(signum: int, frame: object) -> None:
        stopped.append(signum)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        return call()
    finally:
        signal.signal(signal.SIGTERM, previous)
        if stopped:
            signal.raise_signal(signal.SIGTERM)


def run(variants: list[str], deals: int, seed: int, verbose: bool = False,
        plugins: Sequence[str | Path] = (),
        progress: Callable[[int, int], None] | None = None) -> tuple[list[VariantReport], list[str]]:
    """Run the suite for ``variants`` (all playable ones when empty), each with the local plugin files
    ``plugins`` added (``--preferans-plugin``, as absolute paths: pytest may change the folder);
    ``progress(done, total)`` is called as the tests finish."""
    import pytest

    # -o addopts= : the suite is self-contained; options of the project in the current folder do not apply
    args = ["--pyargs", "preferans.core.testing.conformance", "-p", "no:cacheprovider", "-o", "addopts=",
            f"--preferans-deals={deals}", f"--preferans-seed={seed}"]
    args += ["-p", "no:terminal"] if not verbose else ["-v"]
    for name in variants:
        args.append(f"--preferans-variant={name}")
    for path in plugins:
        args.append(f"--preferans-plugin={Path(path).resolve()}")
    collector = _Collector(progress)
    code = _stoppable(lambda: pytest.main(args, plugins=[collector]))
    if code == pytest.ExitCode.INTERRUPTED:  # Ctrl-C: pytest stopped the session; no partial verdict
        raise KeyboardInterrupt
    order = variants or sorted(collector.reports)
    return [collector.reports.get(n, VariantReport(n)) for n in order], collector.errors
