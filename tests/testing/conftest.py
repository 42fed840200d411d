"""Marks for the conformance suite's own checks, which test_conformance.py imports from the package (a mark
put on the package's functions would travel with them into every run of the suite): the sweeps over every
built-in variant that take seconds are ``slow``, and the check that replays a game in fresh interpreters starts
processes (``subprocess``)."""

from __future__ import annotations

import pytest

SLOW = {"test_play_perft_matches_family", "test_rules_match_family_reference", "test_determinism_across_processes",
        "test_determinism_clone_json_replay"}
"""The suite's checks whose cases over the built-in variants take more than 3 s together (CONTRIBUTING.md, "Tests")."""
SUBPROCESS = {"test_determinism_across_processes"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name != "test_conformance.py" or not isinstance(item, pytest.Function):
            continue
        if item.originalname in SLOW:
            item.add_marker(pytest.mark.slow)
        if item.originalname in SUBPROCESS:
            item.add_marker(pytest.mark.subprocess)
