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
    # the total worked by hand from Sochi's table: 3 hands, 3 seats, 39 calls (71 ids less the 32 cards),
    # 3 accounts, 4 capabilities: 5 phases + 3·32 hands + 3 counts + 32 talon + 2 + 32 discard + 1
    # + 2·(3·32) played and trick + 3 leader + 3 tricks + 2·(3·39) auction and defence + 3·39 bid, declaration
    # and contract + 5·3 seats + 3·3·(1 + 3) sheet + 3 settlement + 4 capabilities = 778
    assert Encoder(table.variant, table.space).size == 778
    assert int(rows[-1][1]) + int(rows[-1][2]) == 778


@pytest.mark.slow
def test_the_readmes_environment_example_runs() -> None:
    readme = (paths.ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "preferans.env" in b]
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md environment example", "exec"), {})
