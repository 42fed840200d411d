"""The Python examples of docs/env.md run as written, and its layout table is Sochi's encoder's."""

from __future__ import annotations

import re

import pytest

from helpers import paths
from preferans.env import Encoder, Table

PAGE = paths.ROOT / "docs" / "env.md"


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples() -> None:
    assert len(examples()) == 4  # PettingZoo, Gymnasium, VectorTables, OpenSpiel


@pytest.mark.slow
@pytest.mark.parametrize("index", range(4))
def test_each_example_runs(index: int) -> None:
    code = examples()[index]
    if "pyspiel" in code:
        pytest.importorskip("pyspiel")
    exec(compile(code, f"docs/env.md example {index + 1}", "exec"), {})


def test_the_layout_table_is_the_encoders() -> None:
    table = Table("sochi")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| (.*) \|$", PAGE.read_text(encoding="utf-8"), re.M)
    described = [(name, str(start), str(size), meaning) for name, start, size, meaning in
                 Encoder(table.variant, table.space).describe()]
    assert rows == described
    # the total worked by hand from the blocks: 5 + 3·32 + 3 + 32 + 2 + 32 + 1 + 2·(3·32) + 3 + 3 + 2·(3·39)
    # + 3·39 + 5·3 + 3·3·4 (three accounts, three seats, no other seat or one of three) + 3 + 4 capabilities
    assert 5 + 96 + 3 + 32 + 2 + 32 + 1 + 192 + 3 + 3 + 234 + 117 + 15 + 36 + 3 + 4 == 778
    assert int(rows[-1][1]) + int(rows[-1][2]) == 778


@pytest.mark.slow
def test_the_readmes_environment_example_runs() -> None:
    readme = (paths.ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "preferans.env" in b]
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md environment example", "exec"), {})
