"""A family draws its own sheet and reads its own scorecard through hooks, as a third-party plugin would
(docs/sheet.md, docs/scorecard.md, docs/hooks.md: ``pref_render_sheet``, ``pref_settlement_check``,
``pref_scorecard_required``, ``pref_scorecard_deal``).

The plugin here is a house-rule file added on top of Sochi by the caller, as ``score_card(..., plugins=[path])``
and ``score --plugin`` take it; it imports only ``preferans.core.plugin``. ``sheet`` reads only what the card
names, so for it the card names the plugin, installed in memory as a ``preferans.plugins`` entry point
(conftest's ``installed_plugin``).
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
import types
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.engine.match import Match
from preferans.core.formats import sheet
from preferans.core.formats.scorecard import score_card
from preferans.core.model.errors import ConfigError, RecordError
from preferans.core.plugin import MatchView, hookimpl
from preferans.core.plugin.sheet import ScorecardReader
from preferans.core.rules.local import LocalPlugin

SOCHI = paths.DATA / "scorecards" / "sochi_pulka.toml"

# a house plugin: its own text sheet and picture, its own line under the settlement, a rules key the card
# must state, and a scorecard reading that only looks at the reader (kept in ``seen``) and leaves the deal
# to Sochi
HOUSE_SHEET = '''
from typing import Any

from preferans.core.plugin import hookimpl
from preferans.core.plugin.sheet import (
    RequiredKey,
    ScorecardReader,
    SettlementCheck,
    SheetText,
    SheetView,
    account_table,
    amount_text,
    running_records,
)

seen: list[ScorecardReader] = []


@hookimpl
def pref_render_sheet(view: SheetView, form: str, rules: Any) -> SheetText | str | None:
    if form == "svg":
        return (f'<svg xmlns="http://www.w3.org/2000/svg"><title>{view.title}</title>'
                f"<text>house: {len(view.match.history)} deals</text></svg>\\n")
    table = account_table(view)
    pools = running_records(view.entries)
    records = tuple(f"house {n}: " + "/".join(amount_text(v) for v in pools.get(("pool", s, None), []))
                    for s, n in enumerate(view.names))
    return SheetText(("who", *table.header[1:]), table.rows, notes=("house notes",), records=records)


@hookimpl
def pref_settlement_check(view: SheetView, rules: Any) -> SettlementCheck:
    return SettlementCheck(True, (f"house check: {len(view.entries)} deals",), report={"house": len(view.entries)},
                           deals=tuple({"house_deal": i} for i in range(len(view.entries))))


@hookimpl
def pref_scorecard_required(rules: Any) -> list[RequiredKey]:
    return [RequiredKey("max_deals", "how many deals the house plays", repr(rules.max_deals))]


@hookimpl
def pref_scorecard_deal(record: dict[str, Any], reader: ScorecardReader, index: int, dealer: int,
                        rules: Any) -> None:
    seen.append(reader)
    return None  # the Russian family reads the deal
'''

House = tuple[Callable[..., Path], Path]
"""The fixture: ``card(**rules)`` writes the Sochi pulka for the plugin; the plugin's file."""


def pulka(folder: Path, plugins: list[str], **rules: Any) -> Path:
    """The Sochi pulka as a JSON card naming ``plugins``, with ``max_deals`` 50 unless given."""
    data = tomllib.loads(SOCHI.read_text(encoding="utf-8"))
    data["plugins"] = plugins
    data["rules"].update({"max_deals": 50, **rules})
    path = folder / "house.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def house(tmp_path: Path) -> House:
    """The house plugin written to ``house_sheet.py``; ``card(**rules)`` writes the Sochi pulka, naming no
    plugin: the caller adds the file."""
    plugin = tmp_path / "house_sheet.py"
    plugin.write_text(HOUSE_SHEET.lstrip(), encoding="utf-8")
    return lambda **rules: pulka(tmp_path, [], **rules), plugin


@pytest.fixture
def named_house(house: House, tmp_path: Path, installed_plugin: Callable[[str, types.ModuleType], None]
                ) -> Callable[..., Path]:
    """The house plugin installed as ``house-sheet``; ``card(**rules)`` writes the Sochi pulka naming it."""
    installed_plugin("house-sheet", LocalPlugin.read(house[1]).module)
    return lambda **rules: pulka(tmp_path, ["house-sheet"], **rules)


def test_sheet_prints_the_family_sheet(named_house: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    card = named_house
    assert main(["sheet", str(card())]) == 0
    out = capsys.readouterr().out.splitlines()
    # the records above the table (Anna's pool 2.6.10 as the house writes it), then the house table
    assert out[:3] == ["house Anna: 2/6/10", "house Boris: 2/4/10", "house Vera: 2/10"]
    assert out[3] == "" and out[4] == "Score sheet after 10 deals (finished)"
    assert out[5].split()[:4] == ["who", "gora", "pool", "whists"]  # the core's table, accounts by name
    assert "house notes" in out and out[-1] == "house check: 10 deals"
    assert "pool target" not in "\n".join(out)  # the pulka's records are not printed


def test_sheet_svg_is_the_family_picture(named_house: Callable[..., Path], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    card = named_house
    out = tmp_path / "house.svg"
    assert main(["sheet", str(card()), "--svg", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == ('<svg xmlns="http://www.w3.org/2000/svg"><title>Sochi: Anna, Boris, '
                                               'Vera</title><text>house: 10 deals</text></svg>\n')
    assert capsys.readouterr().out.startswith(f"wrote {out}:")


def test_the_api_and_score_use_the_family_hooks(house: House, capsys: pytest.CaptureFixture[str]) -> None:
    card, plugin = house
    path = card()
    scored = score_card(json.loads(path.read_text(encoding="utf-8")), str(path), plugins=[plugin])
    drawn = sheet.svg(scored.match, scored.names, scored.finished, "t")
    assert drawn.startswith("<svg") and "house: 10 deals" in drawn
    view = sheet.sheet_view(scored.match, scored.names, scored.finished)
    assert sheet.sheet_text(scored.match, view).notes == ("house notes",)
    assert main(["score", str(path), "--plugin", str(plugin)]) == 0
    text = capsys.readouterr().out
    assert "house notes" in text and "house check: 10 deals" in text and "check: the settlement sums" not in text
    assert main(["score", "--json", str(path), "--plugin", str(plugin)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["house"] == 10 and [d["house_deal"] for d in report["deals"]] == list(range(10))


def test_without_the_plugin_sochi_draws_its_pulka(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(SOCHI)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pool target 10\nAnna:\n  pool    2.6.10\n") and "house" not in out


def test_a_key_the_family_requires_must_be_stated(house: House) -> None:
    card, plugin = house
    data = json.loads(card().read_text(encoding="utf-8"))
    del data["rules"]["max_deals"]
    with pytest.raises(ConfigError) as info:
        score_card(data, "game.toml", plugins=[plugin])
    assert str(info.value) == ("game.toml: rules.max_deals: missing: a scorecard must state how many deals the house "
                               "plays (the sochi preset's default is None)")


def test_the_reader_is_frozen_and_holds_no_live_match(house: House) -> None:
    card, path_of_plugin = house
    plugin = LocalPlugin.read(path_of_plugin)  # one module, whose ``seen`` this test reads
    path = card()
    scored = score_card(json.loads(path.read_text(encoding="utf-8")), str(path), plugins=[plugin])
    seen: list[ScorecardReader] = plugin.module.seen
    assert len(seen) == 10
    for index, reader in enumerate(seen):
        assert isinstance(reader, ScorecardReader)
        assert not hasattr(reader, "match") and not hasattr(reader, "book")
        with pytest.raises(dataclasses.FrozenInstanceError):
            reader.view = scored.match.view()  # type: ignore[misc]
        # the match as it was before this deal, frozen: nothing in the reader is the live match
        assert isinstance(reader.view, MatchView) and len(reader.view.history) == index
        assert not any(isinstance(getattr(reader, f.name), Match) for f in dataclasses.fields(reader))
        assert reader.names == ("Anna", "Boris", "Vera") and reader.variant == "sochi"
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen[0].view.history = ()  # type: ignore[misc]


def core_reading() -> types.ModuleType:
    """A plugin whose scorecard deals are read by the core's reading (``DealRecord``), not the family's."""
    module = types.ModuleType(f"core_reading_{uuid.uuid4().hex[:8]}")

    @hookimpl
    def pref_scorecard_deal(record: dict[str, Any], reader: ScorecardReader, index: int, dealer: int,
                            rules: Any) -> Any:
        return reader.read_default(record, index, dealer)

    module.pref_scorecard_deal = pref_scorecard_deal  # type: ignore[attr-defined]
    return module


def core_deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A Russian deal in the core's words: ``all_pass`` for ``raspasovka``, no misère alias."""
    out = dict(deal)
    if out.pop("raspasovka", False):
        out["all_pass"] = True
    if "contract" in out:
        out["contract"] = out["contract"].replace("misère", "misere")
    return out


def test_the_core_reading_serves_a_family_without_its_own() -> None:
    # the core reads declarer, contract, defence, tricks or all_pass = true; an all-pass deal is played
    # under the row the variant's pref_all_pass names (Sochi: raspasovka), so the sheet is the same
    plugins = [core_reading()]
    data = tomllib.loads(SOCHI.read_text(encoding="utf-8"))
    family = score_card(data, "sochi.toml")
    deals = [core_deal(d) for d in data["deal"]]
    core = score_card({**data, "deal": deals}, "core.toml", plugins)
    assert core.match.deal_entries == family.match.deal_entries and core.finished
    assert [r.contract.name if r.contract else None for r in core.match.results] == \
        [r.contract.name if r.contract else None for r in family.match.results]
    with pytest.raises(RecordError, match=r"^core\.toml: deal\[4\]\.raspasovka: unknown key 'raspasovka'"):
        score_card(data, "core.toml", plugins)  # a Russian field the core does not know
    bad = [dict(d) for d in deals]
    bad[0]["contract"] = "raspasovka"
    with pytest.raises(RecordError, match=r"'raspasovka' is not a contract a player declares \(write all_pass "):
        score_card({**data, "deal": bad}, "core.toml", plugins)
