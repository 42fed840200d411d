"""docs/variants/austrian.md and illustrated.md list every key of the presets with the value they give, so
the pages describe the code as it is (as tests/test_docs.py does for Sochi)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from preferans.core import load_variant

DOCS = Path(__file__).resolve().parent.parent / "docs" / "variants"


def flat(model: type[BaseModel], prefix: str = "") -> list[str]:
    keys = []
    for key, info in model.model_fields.items():
        sub = info.annotation
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            keys.extend(flat(sub, f"{prefix}{key}."))
        else:
            keys.append(prefix + key)
    return keys


def lookup(data: dict[str, Any], dotted: str) -> Any:
    for part in dotted.split("."):
        data = data.get(part) if isinstance(data, dict) else None  # type: ignore[assignment]
    return data


AUSTRIAN = load_variant("austrian")
ILLUSTRATED = load_variant("illustrated")
PAGES = [("austrian.md", AUSTRIAN, flat(AUSTRIAN.rules_model)),
         ("illustrated.md", ILLUSTRATED, [k for k in flat(ILLUSTRATED.rules_model)
                                          if k.startswith(("illustrated.", "kontra."))])]


@pytest.mark.parametrize(("page", "variant", "key"), [(p, v, k) for p, v, keys in PAGES for k in keys],
                         ids=[f"{p}:{k}" for p, _, keys in PAGES for k in keys])
def test_page_gives_every_key_with_its_value(page: str, variant: Any, key: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    row = re.search(r"^\| `" + re.escape(key) + r"` \| ([^|]*) \|", text, re.MULTILINE)
    assert row, f"docs/variants/{page} has no table row for `{key}`"
    cell = row.group(1).strip()
    value = lookup(variant.rules.model_dump(mode="json"), key)
    if value is None:
        assert cell == "not set", f"{key}: unset in the presets, the page says {cell}"
        return
    assert cell.startswith("`") and cell.endswith("`"), f"{key}: value cell {cell!r} is not `toml`"
    assert tomllib.loads("v = " + cell.strip("`"))["v"] == value, f"{page}: {key} = {cell}, presets: {value!r}"


@pytest.mark.parametrize("name", ["austrian-unlimited", "austrian-limited", "styrian"])
def test_child_pages_name_their_method(name: str) -> None:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    method = load_variant(name).rules.pot.method
    assert f'pot.method = "{method}"' in text or f'`"{method}"`' in text
