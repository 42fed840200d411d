"""The conformance kit of Nachgehen: Illustrated Preference's reference plus the take-over after "I lie"."""

from __future__ import annotations

from .reference import NACHGEHEN_IDS, REFERENCE, NachgehenReference

__all__ = ["NACHGEHEN_IDS", "REFERENCE", "NachgehenReference"]
