"""Every built-in preset states only its differences from its parent (docs/config.md, "Preset files").

- No key of a preset's own ``[rules]`` table gives the value the preset would inherit anyway from its
  ``extends`` chain (the parent's rules merged root first with the project's own ``resolve_chain`` and
  ``deep_merge``; tables are compared key by key).
- A value that every playable variant of a family base (an ``abstract`` preset such as ``russian``) has is
  set in that base, not restated by each child.
- A preset does not restate most of the values of a variant outside its chain: it extends what it
  resembles (Rostov and Classic extend Sochi). "Most" is more than half of its own ``[rules]`` keys.
- A variant page with a "set in" column names, for each key, the preset that now gives its value.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import preferans.variants
from helpers import paths
from preferans.core.rules.config import PresetLevel, deep_merge, resolve_chain

VARIANTS_DIR = Path(preferans.variants.__file__).parent
BUILT_IN = sorted(tomllib.loads(p.read_text(encoding="utf-8"))["name"] for p in VARIANTS_DIR.glob("*/preset.toml"))

Leaf = tuple[str, ...]


@cache
def chain(name: str) -> tuple[PresetLevel, ...]:
    return tuple(resolve_chain(name))


def merged(levels: tuple[PresetLevel, ...]) -> dict[str, Any]:
    """The ``[rules]`` tables of ``levels`` merged root first, as ``load_variant`` merges them."""
    out: dict[str, Any] = {}
    for level in levels:
        out = deep_merge(out, level.preset.rules)
    return out


def own(name: str) -> dict[str, Any]:
    return chain(name)[-1].preset.rules


def leaves(table: Mapping[str, Any], prefix: Leaf = ()) -> Iterator[tuple[Leaf, Any]]:
    """``(path, value)`` of every scalar or list in ``table``, descending into tables."""
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from leaves(value, (*prefix, key))
        else:
            yield (*prefix, key), value


_MISSING = object()


def at(table: Mapping[str, Any], path: Leaf) -> Any:
    """The value at ``path``, or a marker no preset value equals when a table on the way lacks it."""
    for part in path:
        if not isinstance(table, Mapping) or part not in table:
            return _MISSING
        table = table[part]
    return table


def dotted(paths: list[Leaf]) -> str:
    return ", ".join(".".join(p) for p in paths)


def playable_members(base: str) -> list[str]:
    """The playable built-in variants whose chain passes through ``base``."""
    return [n for n in BUILT_IN if not chain(n)[-1].preset.abstract and base in (lv.name for lv in chain(n))]


@pytest.mark.parametrize("name", BUILT_IN)
def test_no_key_repeats_the_value_it_inherits(name: str) -> None:
    inherited = merged(chain(name)[:-1])
    repeated = [path for path, value in leaves(own(name)) if at(inherited, path) == value]
    parent = chain(name)[-1].preset.extends
    assert not repeated, f"{name}/preset.toml restates what it inherits from {parent}: {dotted(repeated)}"


FAMILY_MEMBERS = [n for n in BUILT_IN
                  if any(lv.preset.abstract for lv in chain(n)[:-1]) and not chain(n)[-1].preset.abstract]


@pytest.mark.parametrize("name", FAMILY_MEMBERS)
def test_values_the_whole_family_shares_are_in_the_family_base(name: str) -> None:
    base = next(lv.name for lv in chain(name) if lv.preset.abstract)
    family = playable_members(base)
    tables = [merged(chain(n)) for n in family]
    shared = [path for path, value in leaves(own(name)) if all(at(t, path) == value for t in tables)]
    assert not shared, (f"{name}/preset.toml sets what every {base} variant ({', '.join(family)}) has: "
                        f"{dotted(shared)}; set it in {base}/preset.toml")


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_preset_extends_the_variant_it_resembles(name: str) -> None:
    mine = dict(leaves(own(name)))
    restated: dict[str, int] = {}
    for other in BUILT_IN:
        related = name in (lv.name for lv in chain(other)) or other in (lv.name for lv in chain(name))
        if related or chain(other)[-1].preset.abstract:
            continue  # the preset itself, an ancestor, a descendant or a family base
        theirs = merged(chain(other))
        restated[other] = sum(at(theirs, path) == value for path, value in mine.items())
    closest = max(restated, key=lambda o: restated[o], default=None)
    assert closest is None or 2 * restated[closest] <= len(mine), (
        f"{name}/preset.toml restates {restated[closest]} of its {len(mine)} keys as {closest} has them: "
        f"one of the two should extend the other and state only its differences")


def test_every_built_in_preset_is_checked() -> None:
    assert len(BUILT_IN) == 14 and {"russian", "sochi", "rostov", "classic", "balkan", "austrian"} <= set(BUILT_IN)


SET_IN_ROW = re.compile(r"^\| `([\w.]+)` \| [^|]* \| ([\w-]+) \|", re.MULTILINE)
DOCS = paths.ROOT / "docs" / "variants"
SET_IN_PAGES = sorted(p.stem for p in DOCS.glob("*.md")
                      if p.stem in BUILT_IN and "| set in |" in p.read_text(encoding="utf-8"))


def setter(name: str, key: str) -> str:
    """The preset of ``name``'s chain that gives ``key`` its value (the last one setting it), else ``core``."""
    found = "core"
    for level in chain(name):
        if at(level.preset.rules, tuple(key.split("."))) is not _MISSING:
            found = level.name
    return found


@pytest.mark.parametrize("name", SET_IN_PAGES)
def test_the_page_names_the_preset_that_sets_each_key(name: str) -> None:
    """A page's "set in" column follows the keys when they move between presets."""
    rows = SET_IN_ROW.findall((DOCS / f"{name}.md").read_text(encoding="utf-8"))
    assert rows, f"docs/variants/{name}.md has a 'set in' column but no rows"
    wrong = [f"{key}: {cell}, not {setter(name, key)}" for key, cell in rows if cell != setter(name, key)]
    assert not wrong, f"docs/variants/{name}.md names the wrong preset: {'; '.join(wrong)}"
