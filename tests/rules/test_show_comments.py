"""``preferans show VARIANT``: the effective rules as TOML with a comment above every key and table, said in
the language of ``--lang`` or the environment (issue 14, docs/i18n.md).

The output must read as the same TOML as the rules without comments (``Variant.to_toml``, what ``show`` printed
before). The expected lines in Russian, Serbian and German are copied by hand from the entries of context
``rule`` in the catalogues (core/locale and variants/<family>/locale), not from the output of the code under
test. Unchecked: written by the developers, not yet read by a native speaker (as the catalogues' headers say).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel

from preferans.core.cli import main
from preferans.core.model.i18n import translator
from preferans.core.rules.commented import commented_toml
from preferans.core.rules.config import load_variant

CASES = [("sochi", "ru"), ("serbian", "sr"), ("illustrated", "de"), ("classic", "uk"), ("nachgehen", "sl"),
         ("slovenian", "hr"), ("leningrad", "sr-Cyrl"), ("sochi", "en")]


def show(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["show", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def above(lines: list[str], line: str) -> str:
    """The line just above ``line`` (which must occur once)."""
    assert lines.count(line) == 1, line
    return lines[lines.index(line) - 1]


@pytest.mark.parametrize(("variant", "lang"), CASES)
def test_the_same_toml_with_a_comment_above_every_key(capsys: pytest.CaptureFixture[str], variant: str,
                                                      lang: str) -> None:
    lines = show(capsys, variant, "--lang", lang)
    # the same keys and values as the plain TOML of the effective rules
    assert tomllib.loads("\n".join(lines)) == tomllib.loads(load_variant(variant).to_toml())
    assert lines[0].startswith(f"# {variant} - ")  # the variant's description
    keys = 0
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):  # a key (one line each) or a table's header
            assert lines[i - 1].startswith("# ") and len(lines[i - 1]) > 3, f"no comment above {line!r}"
            keys += 1
    # one key line per value: every key of every table was written out, each once
    doc = tomllib.loads("\n".join(lines))
    # variant = ..., [rules], then the rules' keys and tables
    assert keys == 2 + _count(load_variant(variant).rules_model, doc["rules"])


def _count(model: type[BaseModel], table: dict[str, object]) -> int:
    """The keys and tables of the rules: a section of the model is its header and its keys; any other value,
    a table by level or by contract (``game_price``) included, is one key."""
    n = 0
    for key, value in table.items():
        sub = model.model_fields[key].annotation
        n += 1 + (_count(sub, value) if isinstance(sub, type) and issubclass(sub, BaseModel) and
                  isinstance(value, dict) else 0)
    return n


def test_sochi_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    lines = show(capsys, "sochi", "--lang", "ru")
    # the preset's description as the Russian family's catalogue says it
    assert lines[0] == ("# sochi - Преферанс, Сочи: жадный ответственный вист, распасы 1-2-3 с амнистией, "
                        "пуля 20")
    assert above(lines, 'variant = "sochi"') == "# вариант этих правил"  # the core's
    assert above(lines, "[rules]") == "# правила игры"
    assert above(lines, "players = 3") == "# число игроков за столом (2: с болваном)"  # the family's players
    assert above(lines, "pool = 20") == "# размер пули: игра кончается, когда все пули закрыты"
    assert above(lines, 'style = "greedy"') == "# жлобский или джентльменский вист"
    assert above(lines, "[rules.raspasovka]") == "# распасы: сдача, в которой все спасовали"
    assert above(lines, "amnesty = true") == "# вычесть у всех наименьшее число взяток (амнистия)"
    assert above(lines, "obligation = { 6 = 4, 7 = 2, 8 = 1, 9 = 1, 10 = 1 }") == (
        "# сколько взяток должны взять вистующие, по уровням")


def test_serbian_in_serbian(capsys: pytest.CaptureFixture[str]) -> None:
    lines = show(capsys, "serbian", "--lang", "sr")
    assert above(lines, "players = 3") == "# broj igrača za stolom"  # the core's, the family has the same title
    assert above(lines, "bula = 30") == "# bula sa kojom svaki igrač počinje"
    assert above(lines, "[rules.kontra]") == "# kontra: svaki nivo množi igru"
    assert above(lines, "refe_limit = 1") == "# koliko refea se može upisati u igri"
    assert above(lines, "juha = 60") == "# supe koje svaki pratilac piše kad betl padne"
    cyrillic = show(capsys, "serbian", "--lang", "sr-Cyrl")
    assert above(cyrillic, "bula = 30") == "# була са којом сваки играч почиње"  # keys stay as TOML spells them


def test_illustrated_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    lines = show(capsys, "illustrated", "--lang", "de")
    assert lines[0].startswith("# illustrated - Illustrierte Préférence: Bettel, Durchmarsch, Plauderer")
    assert above(lines, "players = 3") == "# Zahl der Spieler am Tisch"
    assert above(lines, "[rules.kontra]") == "# Kontra und Rekontra bei den Sonderspielen"  # Illustrated's kontra
    assert above(lines, "durchmarsch_must_beat = true") == "# der Stichzwang gilt auch beim Durchmarsch"
    assert above(lines, "[rules.pot]") == "# die Kassa: was hineinkommt, was der Alleinspieler nimmt"
    assert above(lines, 'open = ["plauderer", "offener-durchmarsch"]') == (
        "# Spiele, in denen der Alleinspieler offen spielt")


def test_english_and_the_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    english = show(capsys, "sochi")
    assert above(english, "pool = 20") == "# the pool target: the match ends when every pool reaches it"
    assert above(english, "[rules.whist]") == "# whist: what the defenders must take and write"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert above(show(capsys, "sochi"), "pool = 20") == "# размер пули: игра кончается, когда все пули закрыты"
    # --lang wins over the environment
    assert above(show(capsys, "sochi", "--lang", "en"), "pool = 20") == english[english.index("pool = 20") - 1]


def test_rules_given_on_the_command_line_are_shown_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    lines = show(capsys, "sochi(players=4)", "--rule", "pool=10", "--lang", "ru")
    assert above(lines, "pool = 10") == "# размер пули: игра кончается, когда все пули закрыты"
    assert tomllib.loads("\n".join(lines))["rules"]["players"] == 4


def test_an_unknown_language_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "sochi", "--lang", "fr"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--lang: 'fr' is not a language of preferans" in err


def test_a_field_without_a_title_is_commented_by_its_description(tmp_path: Path) -> None:
    # a third-party plugin's field: no title, so its description's first line, in English, is the comment
    house = tmp_path / "house.py"
    house.write_text(
        "from pydantic import Field\nfrom preferans.core.plugin import hookimpl\n\n\n@hookimpl\n"
        "def pref_rules_sections():\n"
        "    return {'house_bonus': (int, Field(default=3, description='the house bonus\\nin whists'))}\n",
        encoding="utf-8")
    variant = load_variant("sochi", plugins=[house])
    lines = commented_toml(variant, translator("ru", variant.locale_dirs)).splitlines()
    assert above(lines, "house_bonus = 3") == "# the house bonus"
    assert tomllib.loads("\n".join(lines)) == tomllib.loads(variant.to_toml())
