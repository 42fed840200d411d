"""The Russian family's conformance kit: its independent reference of the rules (docs/conformance.md)."""

from .reference import REFERENCE, RussianReference

__all__ = ["REFERENCE", "RussianReference"]
