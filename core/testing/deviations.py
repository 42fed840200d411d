"""Declared deviations: what a house rule or a variant package says it changes on purpose.

A plugin that changes a rule of its family on purpose says so, and the suite then holds it to its own golden
games instead of its family's for that rule, and passes over the reference's differences there:

* a house rule (one ``.py`` file, ``--plugin``): a module-level ``DEVIATIONS`` dict, each key a rule ID of
  the family's reference or an area (:data:`preferans.core.model.kit.AREAS`), each value why;
* a variant package: a ``[deviations]`` table in its ``preset.toml``, the same keys and values.

A key that is neither is refused in one line naming the file and the key (a typo would otherwise hide a
deviation nobody declared). A house rule's own golden games are the playthrough files in the folder
``<stem>.playthroughs`` beside it; a package's are its ``playthroughs`` folder, as always.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from preferans.core.model.errors import ConfigError, bad_input, nearest, phrase
from preferans.core.model.kit import AREAS, Reference
from preferans.core.rules.config import Variant

ATTRIBUTE = "DEVIATIONS"
"""The module-level name a house-rule file declares its deviations under."""


@dataclass(frozen=True)
class Declared:
    """The deviations a variant's plugins declare: key (rule ID or area) -> (why, where it is declared)."""

    items: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def covers(self, area: str, rule: str = "") -> bool:
        """Whether a difference in ``area`` (under ``rule``, when known) is declared."""
        return area in self.items or (bool(rule) and rule in self.items)

    def where(self) -> list[str]:
        return sorted({w for _, w in self.items.values()})


def _read(raw: object, source: str, key: str) -> dict[str, str]:
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise ConfigError(source, key, bad_input("expected a table of rule IDs or areas, each with why it differs "
                                                 "(a string)"))
    return dict(raw)


def declared(variant: Variant) -> Declared:
    """The deviations declared by the variant's presets and local plugins (not checked: :func:`check`)."""
    items: dict[str, tuple[str, str]] = {}
    for level in variant.chain:
        for k, why in _read(level.preset.deviations, level.source, "deviations").items():
            items[k] = (why, level.source)
    for plugin in variant.local_plugins:
        raw = getattr(plugin.module, ATTRIBUTE, None)
        if raw is None:
            continue
        for k, why in _read(raw, plugin.label, ATTRIBUTE).items():
            items[k] = (why, plugin.label)
    return Declared(items)


def check(variant: Variant, ref: Reference | None) -> Declared:
    """The declared deviations, each key an area or a rule ID the family's reference knows; otherwise a
    :class:`ConfigError` naming the file, the key and what is allowed."""
    found = declared(variant)
    known = [*AREAS, *(ref.rule_ids if ref is not None else {})]
    for key, (_, where) in found.items.items():
        if key in AREAS or (ref is not None and key in ref.rule_ids):
            continue
        hint = nearest(key, known)
        areas = ", ".join(AREAS)
        allowed = (phrase("an area ({areas})", areas=areas) if ref is None else
                   phrase("an area ({areas}) or a rule ID of the {family} reference", areas=areas, family=ref.family))
        raise ConfigError(where, f"{ATTRIBUTE}[{key!r}]" if where.endswith(".py") else f"deviations.{key}",
                          bad_input("not a rule that can be declared: expected {allowed}{hint}", allowed=allowed,
                                    hint=hint))
    return found


def own_golden_folders(variant: Variant) -> list[tuple[str, Path]]:
    """The folders of the house rules' own golden games: ``<stem>.playthroughs`` beside each local file."""
    out = []
    for plugin in variant.local_plugins:
        if plugin.path is None:
            continue
        folder = Path(plugin.path).with_suffix(".playthroughs")
        if folder.is_dir():
            out.append((plugin.label, folder))
    return out
