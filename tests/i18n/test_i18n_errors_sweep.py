"""Errors found by the guard of tests/i18n/test_i18n_plain_errors.py, in the user's language (docs/i18n.md "Errors"):
the arena's (a record of another run, a deal set the variant has none of, a bad ``--shard``, a missing
``--bots``, a missing record) and its deal-set bar, and classic's ``dark`` field of a scorecard.

Each is one line with exit code 2; the file, the option, the field (``seed``), the deal sets (``all``,
``suit``), the variant and the values stay as typed. The English lines are the messages as they were before
the errors were translatable, byte for byte (the deal set's, written since the sets became the variant's
contracts, aside). The Russian, Ukrainian, German and Serbian lines are copied by
hand from ``preferans-errors.po`` and ``preferans.po`` of core/locale/<lang>/LC_MESSAGES, put together with
the values typed. Unchecked: written by the developers, not yet read by a native speaker.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.cli import _said, main
from preferans.core.cli.arena import set_label
from preferans.core.formats.scorecard import score_card
from preferans.core.model.errors import RecordError
from preferans.core.model.i18n import translator
from preferans.core.rules.config import load_variant

BOTS = ["--bots", "heuristic,random,random"]


def one_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    _, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("preferans: ")
    return err.strip().removeprefix("preferans: ")


def test_a_record_of_another_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    assert main(["arena", *BOTS, "--deals", "1", "--record", str(record), "--json"]) == 0  # seed 1, the default
    capsys.readouterr()
    line = {lang: one_error(capsys, "arena", *BOTS, "--deals", "1", "--record", str(record), "--seed", "7",
                            "--lang", lang) for lang in ("en", "ru")}
    assert line["en"] == f"{record}: the record's seed is 1, this run's 7: a record holds one run (start another file)"
    assert line["ru"] == (f"{record}: в записи seed = 1, у этого запуска 7: запись хранит один запуск "
                          "(начните другой файл)")


def test_a_deal_set_the_variant_has_none_of(capsys: pytest.CaptureFixture[str]) -> None:
    # in the Balkan family everybody passing means a redeal (a refe), so no contract is named raspasovka; the
    # sets allowed are all, the kinds of Serbian's contracts (suit, betl, sans), then their names
    argv = ["arena", "--variant", "serbian", *BOTS, "--deals", "1", "--deal-set", "raspasovka", "--lang"]
    line = {lang: one_error(capsys, *argv, lang) for lang in ("en", "sr", "sr-Cyrl")}
    allowed = ("all, suit, betl, sans, 2, spades, igra-spades, 3, diamonds, igra-diamonds, 4, hearts, igra-hearts, "
               "5, clubs, igra-clubs, 6, igra-betl, 7, igra-sans")
    assert line["en"] == f"--deal-set raspasovka: serbian has no contract of that name or kind; allowed here: {allowed}"
    assert line["sr"] == (f"--deal-set raspasovka: u serbian nema igre tog imena ni te vrste; ovde je dozvoljeno: "
                          f"{allowed}")
    # the option, the variant and the deal sets stay in Latin letters in the Cyrillic script
    assert line["sr-Cyrl"] == (f"--deal-set raspasovka: у serbian нема игре тог имена ни те врсте; овде је "
                               f"дозвољено: {allowed}")


def test_a_bad_shard_and_a_missing_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shard = ["arena", *BOTS, "--deals", "2", "--shard", "2/2", "--lang"]
    assert one_error(capsys, *shard, "en") == \
        "--shard: expected K/M with 0 <= K < M (e.g. 0/2 and 1/2 for two machines), got '2/2'"
    assert one_error(capsys, *shard, "de") == \
        "--shard: erwartet K/M mit 0 <= K < M (z. B. 0/2 und 1/2 für zwei Rechner), erhalten '2/2'"
    assert one_error(capsys, "arena", "--deals", "2", "--lang", "uk") == \
        "--bots: обов'язковий для арени (див. 'preferans arena --help')"
    missing = tmp_path / "missing.jsonl"
    assert one_error(capsys, "arena", "report", str(missing), "--lang", "ru") == f"{missing}: такой записи нет"
    other = tmp_path / "game.json"
    other.write_text('{"variant": "sochi"}\n', "utf-8")
    assert one_error(capsys, "arena", "report", str(other), "--lang", "de") == \
        f"{other}: Zeile 1: keine Arena-Aufzeichnung (erwartet: der Kopf von preferans-arena-record)"


def test_the_deal_set_bar_is_labelled_in_the_language() -> None:
    # the set's contract as the family's catalogue names it (context contract of preferans-russian.po and
    # preferans-balkan.po); a kind that is no contract's name stays as typed
    russian, balkan = load_variant("sochi").locale_dirs, load_variant("balkan").locale_dirs
    assert set_label(translator("ru", russian), "raspasovka") == "распасы"
    assert set_label(translator("de", russian), "misere") == "Misère"
    assert set_label(translator("en", russian), "misere") == "misere"
    assert set_label(translator("ru", balkan), "betl") == "бетл"
    assert set_label(translator("ru", russian), "suit") == "suit"


CLASSIC = paths.DATA / "scorecards" / "classic_pulka.toml"


def test_a_dark_field_of_classic_in_the_family_catalogue() -> None:
    # "expected {true}, {false} or a list of the players who passed dark (got {got})" of the Russian family's
    # catalogue, in the frame "{source}: {where}: {message}"; true, false, the field and the value as typed
    data = tomllib.loads(CLASSIC.read_text(encoding="utf-8"))
    data["deal"][0]["dark"] = "yes"
    with pytest.raises(RecordError) as caught:
        score_card(data, "classic.toml")
    assert str(caught.value) == ("classic.toml: deal[1].dark: expected true, false or a list of the players who "
                                 "passed dark (got 'yes')")
    assert _said(caught.value, translator("ru")) == ("classic.toml: deal[1].dark: ожидалось true, false или список "
                                                     "игроков, пасовавших втёмную (получено: 'yes')")
    assert _said(caught.value, translator("de")) == ("classic.toml: deal[1].dark: erwartet true, false oder eine "
                                                     "Liste der Spieler, die blind gepasst haben (erhalten 'yes')")


def test_a_damaged_deal_line_names_its_place_in_the_language(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # the place "{path}: line {number}" is a phrase, said inside "{where}: {key} must be a whole number from 0,
    # got {got}": ru "строка", sr-Cyrl "ред"; the field deal and the value as written
    record = tmp_path / "run.jsonl"
    assert main(["arena", *BOTS, "--deals", "1", "--record", str(record), "--json"]) == 0
    capsys.readouterr()
    head = record.read_text("utf-8").splitlines()[0]
    record.write_text(head + '\n{"deal": -1, "values": []}\n', "utf-8")
    line = {lang: one_error(capsys, "arena", "report", str(record), "--lang", lang) for lang in ("en", "ru", "sr-Cyrl")}
    assert line["en"] == f"{record}: line 2: deal must be a whole number from 0, got -1"
    assert line["ru"] == f"{record}: строка 2: deal должно быть целым числом от 0, получено: -1"
    assert line["sr-Cyrl"] == f"{record}: ред 2: deal мора бити цео број од 0, добијено -1"


def test_serve_db_that_is_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")  # serve has no --lang: the environment chooses
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert one_error(capsys, "serve", "--db", str(tmp_path)) == f"--db {tmp_path}: не обычный файл"
