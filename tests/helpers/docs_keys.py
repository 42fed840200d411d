"""Shared checks for the variant pages' key tables: ``| `key` | `value` | ...`` rows that must give every key
of a variant's effective rules with the value its presets give (tests/docs/test_docs.py, test_austrian_docs.py)."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from pydantic import BaseModel


def flat_keys(model: type[BaseModel], prefix: str = "") -> list[str]:
    """Dotted keys of a rules model, descending into sections (sub-models), not into plain tables."""
    keys = []
    for key, info in model.model_fields.items():
        sub = info.annotation
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            keys.extend(flat_keys(sub, f"{prefix}{key}."))
        else:
            keys.append(prefix + key)
    return keys


def lookup(data: dict[str, Any], dotted: str) -> Any:
    """The value at a dotted key of a ``model_dump``; ``None`` when a section on the way is unset."""
    for part in dotted.split("."):
        data = data.get(part) if isinstance(data, dict) else None  # type: ignore[assignment]
    return data


def key_rows(text: str) -> dict[str, str]:
    """``{key: value cell}`` of every ``| `key` | cell |`` table row in ``text`` (the first row of a key wins)."""
    rows: dict[str, str] = {}
    for m in re.finditer(r"^\| `([\w.]+)` \| ([^|]*) \|", text, re.MULTILINE):
        rows.setdefault(m.group(1), m.group(2).strip())
    return rows


def check_row(page: str, rows: dict[str, str], key: str, value: Any) -> None:
    """The page has a row for ``key`` whose cell is ``not set`` (value None) or the value as TOML in backticks."""
    assert key in rows, f"{page} has no table row for `{key}`"
    cell = rows[key]
    if value is None:
        assert cell == "not set", f"{page}: {key} is unset in the presets, the page says {cell}"
        return
    assert cell.startswith("`") and cell.endswith("`"), f"{page}: {key}: value cell {cell!r} is not `toml`"
    documented = tomllib.loads("v = " + cell.strip("`"))["v"]
    assert documented == value, f"{page} says {key} = {cell}, the presets give {value!r}"
