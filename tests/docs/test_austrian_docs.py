"""docs/variants/austrian.md and illustrated.md list every key of the presets with the value they give, so
the pages describe the code as it is (as tests/docs/test_docs.py does for Sochi)."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import paths
from helpers.docs_keys import check_row, flat_keys, key_rows, lookup
from preferans.core import load_variant

DOCS = paths.ROOT / "docs" / "variants"


AUSTRIAN = load_variant("austrian")
ILLUSTRATED = load_variant("illustrated")
PAGES = [("austrian.md", AUSTRIAN, flat_keys(AUSTRIAN.rules_model)),
         ("illustrated.md", ILLUSTRATED, [k for k in flat_keys(ILLUSTRATED.rules_model)
                                          if k.startswith(("illustrated.", "kontra."))])]


@pytest.mark.parametrize(("page", "variant", "key"), [(p, v, k) for p, v, keys in PAGES for k in keys],
                         ids=[f"{p}:{k}" for p, _, keys in PAGES for k in keys])
def test_page_gives_every_key_with_its_value(page: str, variant: Any, key: str) -> None:
    rows = key_rows((DOCS / page).read_text(encoding="utf-8"))
    check_row(f"docs/variants/{page}", rows, key, lookup(variant.rules.model_dump(mode="json"), key))


@pytest.mark.parametrize("name", ["austrian-unlimited", "austrian-limited", "styrian"])
def test_child_pages_name_their_method(name: str) -> None:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    method = load_variant(name).rules.pot.method
    assert f'pot.method = "{method}"' in text or f'`"{method}"`' in text
