"""The conformance kit of the Austrian pot family: its independent reference of the rules (``REFERENCE``)."""

from __future__ import annotations

from .reference import REFERENCE, RULE_IDS, AustrianReference

__all__ = ["REFERENCE", "RULE_IDS", "AustrianReference"]
