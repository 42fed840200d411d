"""Where things are, for a test module wherever it sits under tests/: the repository's root and the data."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
"""The tests' folder."""
ROOT = TESTS.parent
"""The repository's root."""
DATA = TESTS / "data"
"""Data written for the tests: scorecards, PPN files, house rules, the golden files of the messages."""
SCORECARDS = DATA / "scorecards"
HOSTILE = TESTS / "hostile"
"""The hostile-input corpus (make_corpus.py) and its valid bases."""
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"
VARIANTS = ROOT / "variants"
