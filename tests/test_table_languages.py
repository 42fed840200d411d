"""The interactive table (``preferans play --human``) in the players' language (issue 14, docs/i18n.md): one
Russian Sochi session, its help and its first prompts, and the plural forms of the table's own messages.

The expected Russian lines are the Russian catalogue's words (core/locale/ru, variants/russian/locale/ru)
put together by hand, and the Russian hand is the English hand of the same seed with the court cards written
as Russian players write them (J Q K A -> В Д К Т). Unchecked: written by the developers, not yet read by a
native speaker (as the catalogues' headers say).
"""

from __future__ import annotations

import subprocess
import sys

from preferans.core.model.i18n import translator

SESSION = ["play", "--variant", "sochi", "--human", "0", "--seed", "3"]
"""Sochi, seed 3: Boris and Vera pass, so Anna (the dealer) is asked first with the whole bidding menu; a
pass of hers makes the deal a raspasovka, whose first trick opens with a card of the talon."""


def _session(lang: str, typed: str) -> list[str]:
    run = subprocess.run([sys.executable, "-m", "preferans.core.cli", *SESSION, "--lang", lang], input=typed,
                         capture_output=True, text=True, encoding="utf-8", check=False,
                         env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"})
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


RUSSIAN_CARDS = str.maketrans({"J": "В", "Q": "Д", "K": "К", "A": "Т"})


def test_a_russian_session_help_and_first_prompts() -> None:
    english = _session("en", "?\npass\nq\ny\n")
    ru = _session("ru", "?\nпас\nq\ny\n")  # the call typed as the menu shows it
    assert english[:5] == ["sochi pulka, seed 3: Anna (human), Boris (heuristic), Vera (heuristic)",
                           "Boris: pass", "Vera: pass", "", "--- deal 1, dealer Anna; you are Anna ---"]
    assert ru[:6] == ["sochi: пулька, зерно 3: Anna (human), Boris (heuristic), Vera (heuristic)",
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
    # the choices as shown, padded to the longest (мизер, 5 letters) and two spaces
    assert "   2) 6♠     6♠: козыри пики, взять не меньше 6 взяток, с прикупом" in help_lines
    assert "   6) 6БК    без козыря, взять не меньше 6 взяток, с прикупом" in help_lines
    assert "  17) мизер  мизер: не взять ни одной взятки, с прикупом, карты вистующих открыты" in help_lines
    assert "команды:" in help_lines
    assert "  q or quit    закончить игру (сначала спросит, если игра не сохранена)" in help_lines  # typed as is
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
