"""A variant is named as its players say it wherever a person reads the name (docs/config.md, `title`): the
first lines of `play`, `simulate` and `arena`, the rows and lines of `conformance`, the drawn sheet's title
and the browser page's lobby (tests/server/browser/test_browser_i18n.py). The key (`sochi`, `austrian-limited`) stays in
`--json`, the records and wherever a key is typed.

The names expected are the presets' `title` (variants/*/preset.toml: Sochi, Leningrad, "Austrian Preference,
limited pot") and the entries of context `variant` of the family catalogues, copied here by hand:
variants/russian/locale/{ru,uk,de} (Сочи, Ленинградка, Ленінградка, Sotschi) and variants/austrian/locale/de
("Österreichische Préférence, begrenzte Kassa").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import main
from preferans.core.model.i18n import ENGLISH, translator
from preferans.core.rules.commented import name_in, names_of
from preferans.core.rules.config import load_variant

ROOT = paths.ROOT


def test_the_name_in_each_language_and_the_key_when_nothing_names_it() -> None:
    sochi = load_variant("sochi")
    assert name_in(sochi, ENGLISH) == "Sochi"  # the preset's title
    names = names_of(sochi)
    assert (names["en"], names["ru"], names["uk"], names["de"]) == ("Sochi", "Сочи", "Сочі", "Sotschi")
    assert names["sr-Cyrl"] == "Сочи"  # the Serbian Soči, letter by letter
    limited = load_variant("austrian-limited")
    assert name_in(limited, translator("de", limited.locale_dirs)) == "Österreichische Préférence, begrenzte Kassa"
    # a language without the variant's catalogues (the core's alone) says the preset's English title
    assert name_in(limited, translator("de")) == "Austrian Preference, limited pot"


def test_simulate_names_the_variant_and_its_json_keeps_the_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "leningrad", "--deals", "3", "--bots", "random", "--lang", "uk"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    # "simulated {deals} deals of {variant} ({bots}), seed {seed}: ..." in Ukrainian
    assert first.startswith("зіграно роздач: 3, Ленінградка (random, random, random), сід 1; ")
    assert main(["simulate", "--variant", "leningrad", "--deals", "3", "--bots", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "leningrad"


def test_the_drawn_sheet_is_titled_with_the_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pot.svg"
    card = ROOT / "tests" / "data" / "scorecards" / "austrian_limited.toml"  # players A, B, C
    assert main(["sheet", str(card), "--svg", str(out), "--lang", "de"]) == 0
    assert "<title>Österreichische Préférence, begrenzte Kassa: A, B, C</title>" in out.read_text(encoding="utf-8")


def test_arena_names_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--variant", "leningrad", "--deals", "1", "--bots", "random,random,random",
                 "--lang", "ru"]) == 0
    # "arena: {variant}, seed {seed}: ..." in Russian: the name, then the seed
    assert capsys.readouterr().out.startswith("арена: Ленинградка, сид 1: ")


def test_the_conformance_column_names_the_variant_with_its_overrides() -> None:
    from preferans.core.cli.conformance import _name

    # the variant's ID as checked: its name, its overrides as written
    assert _name("leningrad(players=4)", translator("ru")) == "Ленинградка(players=4)"
    assert _name("sochi", ENGLISH) == "Sochi"
    assert _name("no-such-variant", ENGLISH) == "no-such-variant"  # not installed: as given


def test_the_server_sends_the_names_and_keeps_the_keys(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from preferans.core.server.app import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        offered = {v["name"]: v for v in client.get("/api/variants?lang=ru").json()["variants"]}
        assert offered["sochi"]["title"] == "Сочи" and offered["sochi"]["titles"]["de"] == "Sotschi"
        assert offered["leningrad"]["titles"]["en"] == "Leningrad"
        made = client.post("/api/tables", json={"variant": "leningrad"}).json()
        assert made["table"]["variant"] == "leningrad"  # the key, for requests and records
        assert (made["table"]["title"], made["table"]["titles"]["uk"]) == ("Leningrad", "Ленінградка")
        listed = [t for t in client.get("/api/tables").json()["tables"] if t["id"] == made["id"]]
        assert listed[0]["variant"] == "leningrad" and listed[0]["titles"]["ru"] == "Ленинградка"
        schema = client.get("/api/variants/leningrad/schema?lang=ru").json()
        assert (schema["name"], schema["title"]) == ("leningrad", "Ленинградка")
