"""A player's name is on the score sheet as soon as he sits, not only once the first deal ends: the sheet
names the players, and a `table` frame that says a name changed carries the sheet drawn anew."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")

from helpers.server_client import Seat, join, new_table  # noqa: E402


def test_a_new_name_reaches_the_sheet_before_the_first_deal_ends(client: Any) -> None:
    table_id = new_table(client, variant="sochi", names=["Anna", "Boris", "Vera"])
    watcher = Seat(client, table_id, None)
    sheet = watcher.snapshot["sheet"]["svg"]
    assert "Anna" in sheet and "Yuri" not in sheet  # drawn with the names the table was made with
    join(client, table_id, 0, "Yuri")
    frame = watcher.recv_type("table")
    while "sheet" not in frame:  # the notice of the watcher's own coming, before the join's
        frame = watcher.recv_type("table")
    assert frame["table"]["seats"][0]["name"] == "Yuri"
    # the pulka writes each player's name by his corner: Yuri's now, Anna's nowhere
    assert "Yuri" in frame["sheet"]["svg"] and "Anna" not in frame["sheet"]["svg"]
