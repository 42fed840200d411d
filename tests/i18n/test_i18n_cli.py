"""The terminal in the players' language (issue 14, docs/i18n.md): the interactive table (``preferans play
--human``: one Russian Sochi session, its help and its first prompts, the plural forms of its messages) and the
other commands that print game text (``score``, ``sheet``, ``simulate``, ``variants``), whose ``--json`` keeps
the English keys.

The expected Russian lines are the Russian catalogue's words (core/locale/ru, variants/russian/locale/ru)
put together by hand, and the Russian hand is the English hand of the same seed with the court cards written
as Russian players write them (J Q K A -> В Д К Т). Unchecked: written by the developers, not yet read by a
native speaker (as the catalogues' headers say).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.model.i18n import translator

SESSION = ["play", "--variant", "sochi", "--human", "0", "--seed", "1"]
"""Sochi, seed 1: Boris and Vera pass, so Anna (the dealer) is asked first with the whole bidding menu; a
pass of hers makes the deal a raspasovka, whose first trick opens with a card of the talon."""


def _run(*args: str, typed: str = "", env: dict[str, str] | None = None) -> list[str]:
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", *args], input=typed, capture_output=True,
                         text=True, encoding="utf-8", check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", **(env or {})})
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def _session(lang: str, typed: str) -> list[str]:
    return _run(*SESSION, "--lang", lang, typed=typed)


RUSSIAN_CARDS = str.maketrans({"J": "В", "Q": "Д", "K": "К", "A": "Т"})


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_russian_session_help_and_first_prompts() -> None:
    english = _session("en", "?\npass\nq\ny\n")
    ru = _session("ru", "?\nпас\nq\ny\n")  # the call typed as the menu shows it
    assert english[:5] == ["Sochi pulka, seed 1: Anna (human), Boris (heuristic), Vera (heuristic)",
                           "Boris: pass", "Vera: pass", "", "--- deal 1, dealer Anna; you are Anna ---"]
    assert ru[:6] == ["Сочи: пулька, сид 1: Anna (human), Boris (heuristic), Vera (heuristic)",
                      "Boris: пас", "Vera: пас", "", "--- сдача 1, сдаёт Anna; вы — Anna ---",
                      "торговля: Boris пас, Vera пас"]
    hand = english[6]
    assert hand.startswith("your hand: ")
    assert ru[6] == "ваши карты: " + hand.removeprefix("your hand: ").translate(RUSSIAN_CARDS)
    assert ru[7] == "ваши варианты:"
    # the menu in the words of the game: пас, the suits' symbols, БК (без козыря), мизер
    assert ru[8] == "   1) пас    2) 6♠    3) 6♣    4) 6♦    5) 6♥    6) 6БК    7) 7♠    8) 7♣"
    assert ru[10].startswith("  17) мизер   18) 9♠")
    prompt = "Anna, выберите 1-27 или наберите ход (? справка, sheet пулька, q выход): "
    assert ru[12] == prompt + "?"
    help_lines = ru[ru.index(prompt + "?") + 1:]
    assert "что значат варианты в sochi:" in help_lines
    # the choices as shown, a level's games on one line (issue 32), padded to the longest and two spaces
    assert ("    2-6) 6♠ 6♣ 6♦ 6♥ 6БК       козыри по названию заявки (БК: без козыря), взять не меньше 6 взяток, "
            "с прикупом") in help_lines
    assert "     17) мизер                 мизер: не взять ни одной взятки, с прикупом, карты вистующих открыты" \
        in help_lines
    # the meaning of a call: the presets' [calls] text, from the family's catalogue (context "meaning")
    assert "      1) пас                   в торговле: без заявки (пас окончателен); в защите: без виста" in help_lines
    assert "команды:" in help_lines
    assert "  q или quit    закончить игру (сначала спросит, если игра не сохранена)" in help_lines  # typed as is
    # "пас" typed made Anna's pass: the deal is a raspasovka, opened by the talon's card
    assert "торговля: Boris пас, Vera пас, Anna пас" in ru
    assert "контракт: распасы" in ru
    assert any(line.startswith("взятка 1: прикуп ") and line.endswith("; ваш ход") for line in ru)
    assert ru[-3:-1] == ["выйти без сохранения? [y/N] y", ""]  # the y/N answer is typed as written
    stopped = english[-1]
    assert stopped == "stopped at deal 1, after 5 actions; not saved (use --save FILE to keep a game)"
    # 5 moves: "после 5 ходов" (genitive plural after 5)
    assert ru[-1] == "остановлено: сдача 1, после 5 ходов; не сохранено (чтобы сохранить игру: --save FILE)"


def test_the_tables_plural_forms() -> None:
    ru, sl, de = translator("ru"), translator("sl"), translator("de")
    discard = "discard {n} card ({k} of {n})", "discard {n} cards ({k} of {n})"
    # снесите 1 карту / 2 карты / 5 карт (accusative: one, few, many)
    assert [ru.ngettext(*discard, n).format(n=n, k=1) for n in (1, 2, 5)] == [
        "снесите 1 карту (1 из 1)", "снесите 2 карты (1 из 2)", "снесите 5 карт (1 из 5)"]
    # Slovenian has a dual: odvrzite 2 karti; 3-4 karte; 5 kart
    assert [sl.ngettext(*discard, n).format(n=n, k=1) for n in (1, 2, 3, 5)] == [
        "odvrzite 1 karto (1 od 1)", "odvrzite 2 karti (1 od 2)", "odvrzite 3 karte (1 od 3)",
        "odvrzite 5 kart (1 od 5)"]
    take = "take at least {n} trick", "take at least {n} tricks"
    # не меньше 21 взятки (genitive singular after 21), 6 взяток (genitive plural)
    assert ru.ngettext(*take, 21).format(n=21) == "взять не меньше 21 взятки"
    assert ru.ngettext(*take, 6).format(n=6) == "взять не меньше 6 взяток"
    assert de.ngettext(*take, 1).format(n=1) == "mindestens 1 Stich machen"
    assert translator("en").ngettext(*take, 6).format(n=6) == "take at least 6 tricks"


SOCHI_CARD = str(paths.ROOT / "examples" / "sochi-scorecard.toml")
AUSTRIAN_CARD = str(paths.ROOT / "examples" / "austrian-scorecard.toml")


@pytest.mark.slow
@pytest.mark.subprocess
def test_score_and_sheet_in_russian() -> None:
    # the scorecard's first deal: Boris 6S, both whist, Boris takes 7 (examples/sochi-scorecard.toml); the
    # English line says "Boris 6♠ (Vera whist, Anna whist)" and "wrote Boris pool +2, ..."
    first = _run("score", SOCHI_CARD, "--lang", "ru")[0]
    assert first == ("сдача   1  сдаёт Anna: Boris 6♠ (Vera вист, Anna вист); взятки Anna 0, Boris 7, Vera 3; "
                     "записано: Boris пуля +2, Vera висты на Boris +6, Anna гора +2")
    sheet = _run("sheet", SOCHI_CARD, "--lang", "ru")
    assert "Счёт после 10 сдач (закончена)" in sheet  # 10 deals: genitive plural
    assert "Расчёт (висты)" in sheet


@pytest.mark.subprocess
def test_the_environment_chooses_for_score() -> None:
    # LANG alone (no --lang): German, with the Austrian family's words (Herz, gehe mit, Kassa)
    first = _run("score", AUSTRIAN_CARD, env={"LANG": "de_AT.UTF-8"})[0]
    assert first.startswith("Spiel   1  Geber A: B Herz (C gehe mit, A gehe mit); Stiche A 1, B 5, C 4;")
    assert "A Kassa +60" in first


@pytest.mark.slow
@pytest.mark.subprocess
def test_simulate_and_variants_in_a_language_json_stays_english() -> None:
    shown = _run("simulate", "--variant", "sochi", "--deals", "20", "--lang", "ru")
    assert shown[0].startswith("сыграно сдач: 20, Сочи (heuristic, heuristic, heuristic), сид 1;")
    assert "Распределение контрактов" in shown and shown[shown.index("Распределение контрактов") + 1].split() == [
        "контракт", "сдач", "доля"]
    assert any(line.startswith("распасы ") for line in shown)  # the raspasovka in the family's word
    report = json.loads("\n".join(_run("simulate", "--variant", "sochi", "--deals", "20", "--lang", "ru",
                                        "--json")))
    assert "raspasovka" in report["distribution"]  # the record's key, in English whatever the language
    listed = _run("variants", "--lang", "de")
    assert listed[0].split() == ["Variante", "Paket", "Beschreibung"]


def _svg_texts(*args: str, out: Path) -> list[str]:
    said = _run("sheet", *args, "--svg", str(out))
    assert len(said) == 1
    return [t.strip() for t in re.findall(r">([^<>]+)</(?:tspan|text)>", out.read_text(encoding="utf-8")) if t.strip()]


@pytest.mark.slow
@pytest.mark.subprocess
def test_svg_sheets_in_the_language(tmp_path: Path) -> None:
    # the pulka: its bands in the family's words (гора, пуля, висты на ...), the state and the settlement
    texts = _svg_texts(SOCHI_CARD, "--lang", "ru", out=tmp_path / "pulka.svg")
    assert {"гора", "пуля", "висты на Anna", "висты на Boris", "расчёт (висты)"} <= set(texts)
    assert "закончена, 10 сдач" in texts  # 10: genitive plural
    assert not {"gora", "pulka", "settlement (whists)"} & set(texts)
    english = _svg_texts(SOCHI_CARD, out=tmp_path / "pulka-en.svg")
    assert {"gora", "pulka", "whists on Anna", "settlement (whists)", "finished, 10 deals"} <= set(english)
    # the Austrian pot sheet: its header and its rows in German (Geld, Kassa, Summe), 5 Stiche
    pot = _svg_texts(AUSTRIAN_CARD, "--lang", "de", out=tmp_path / "pot.svg")
    assert {"Geld", "Spiel", "Ansage", "Kassa", "Summe", "B Herz: 5 Stiche"} <= set(pot)


@pytest.mark.slow
@pytest.mark.subprocess
def test_every_shipped_variant_is_described_in_every_language() -> None:
    from preferans.core.model.i18n import LANGUAGES
    from preferans.core.rules.config import locale_dirs_of, resolve_chain
    from preferans.core.rules.manager import installed_variants

    shipped = [name for name, inst in installed_variants().items() if inst.distribution == "preferans"]
    assert {"sochi", "serbian", "illustrated", "russian"} <= set(shipped)
    for lang in LANGUAGES[1:]:
        for name in shipped:
            chain = resolve_chain(name)
            shown = translator(lang, locale_dirs_of(level.module for level in reversed(chain))).pgettext(
                "description", name)
            assert shown != name, f"{lang}: {name} has no description"
    listed = _run("variants", "--lang", "ru")
    sochi = next(line for line in listed if line.startswith("sochi "))
    assert sochi.endswith("Преферанс, Сочи: жадный ответственный вист, распасы 1-2-3 с амнистией, пуля 20")


def _error(*args: str, env: dict[str, str] | None = None) -> str:
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", *args], capture_output=True, text=True,
                         encoding="utf-8", check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", **(env or {})})
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.splitlines()) == 1  # one line, no traceback, in any language
    return run.stderr.rstrip("\n")


@pytest.mark.slow
@pytest.mark.subprocess
def test_common_errors_in_the_language_with_options_and_names_as_typed() -> None:
    # the option (--human), the seat typed and the players' names stay as typed; the words are Russian
    assert _error("play", "--human", "7", "--lang", "ru") == (
        "preferans: --human: места 7 нет (места 0..2: Anna, Boris, Vera)")
    assert _error("play", "--names", "A,A,B", "--lang", "de") == "preferans: --names: 'A' steht zweimal da"
    # the suggestion too, the name it suggests as typed
    assert _error("play", "--human", "Bob", "--lang", "ru") == (
        "preferans: --human: нет игрока 'Bob'; может быть, 'Boris'? (место 0..2 или одно из имён: Anna, Boris, Vera)")
    # the environment chooses when --lang is not given
    assert _error("simulate", "--deals", "0", env={"LANG": "sr_RS.UTF-8"}) == (
        "preferans: --deals: мора бити најмање 1, дато је 0")  # sr_RS alone: Cyrillic, as glibc's locale
    assert _error("simulate", "--deals", "0") == "preferans: --deals: must be at least 1, got 0"
    # a message of another program stays English whatever the language (docs/i18n.md): pydantic's description of
    # a wrong type; an unknown bot is translated now (the domain preferans-errors, tests/i18n/test_i18n_errors_misc.py)
    assert _error("play", "--rule", 'pool="x"', "--lang", "ru") == (
        "preferans: --rule: rules.pool: Input should be a valid integer (got 'x')")
    assert _error("play", "--bots", "nosuch", "--lang", "ru").startswith(
        "preferans: --bots: неизвестный бот 'nosuch' (выберите из: ")
    assert _error("play", "--variant", "nosuch", "--lang", "ru").startswith(
        "preferans: command line: variant: неизвестный вариант 'nosuch'")


@pytest.mark.subprocess
def test_a_serbian_cyrillic_table_takes_the_calls_typed_in_its_letters() -> None:
    # Balkan, seed 68: Boris and Vera say dalje (pass); Anna types it in Cyrillic capitals, and it is her pass
    lines = _run("play", "--variant", "balkan", "--human", "0", "--seed", "68", "--lang", "sr-Cyrl",
                 typed="ДАЉЕ\nq\ny\n")
    assert lines[4:6] == ["--- дељење 1, дели Anna; ти си Anna ---", "лицитација: Boris даље, Vera даље"]
    assert lines[7:9] == ["твоји избори:", "   a) даље    b) 2    c) игра"]  # lettered: the calls are numbers
    # all three passed: the deal is thrown in (the Balkan family writes the bula and a refe for each)
    assert "исход дељења 1: сви су рекли даље: карте се бацају" in lines
