"""The conformance kit of Illustrated Preference: the Austrian reference plus the extra contracts and kontra."""

from __future__ import annotations

from .reference import EXTRAS, ILLUSTRATED_IDS, REFERENCE, IllustratedReference

__all__ = ["EXTRAS", "ILLUSTRATED_IDS", "REFERENCE", "IllustratedReference"]
