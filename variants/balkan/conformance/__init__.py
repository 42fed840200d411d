"""The Balkan family's conformance kit: its independent reference of the rules (``reference.py``)."""

from .reference import REFERENCE, BalkanReference

__all__ = ["REFERENCE", "BalkanReference"]
