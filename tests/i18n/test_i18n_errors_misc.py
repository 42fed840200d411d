"""The rest of what a user reads, in the user's language (issue 14, docs/i18n.md "Errors"): a bot's options,
a local plugin, a PPN file (the Balkan family's catalogues), the tools' options, the arena's progress bar and
the conformance suite's failing checks.

Each error is still one line on stderr with exit code 2, and the names in it (the option, the file, the bot
and its option, the record's field, the values typed) stay as typed; the English line is the message as it
was before it was translatable, byte for byte. The translated lines are written by hand from the catalogue
entries (core/locale/<lang>/LC_MESSAGES/preferans-errors.po, preferans.po, preferans-conformance.po;
variants/balkan/locale/<lang>/LC_MESSAGES/preferans-balkan.po) with the values typed put in. Unchecked:
written by the developers, not yet read by a native speaker (as the catalogues' headers say).
"""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import paths
from preferans.core.model.i18n import translator

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]

ENV = {"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
DATA = paths.DATA


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "preferans.core.cli", *args], capture_output=True, text=True,
                          encoding="utf-8", check=False, cwd=cwd, env=ENV)


def _fails(*args: str, cwd: Path) -> str:
    """The one line a refused command prints (exit code 2, nothing else on stderr, no traceback)."""
    run = _run(*args, cwd=cwd)
    assert run.returncode == 2, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("preferans: ")
    return lines[0].removeprefix("preferans: ")


def test_a_bots_option_that_is_not_a_number(tmp_path: Path) -> None:
    # the option (--bots), the bot (pimc), its option (samples) and the value typed stay as typed
    args = ("play", "--variant", "sochi", "--bots", "pimc:samples=x")
    assert _fails(*args, "--lang", "en", cwd=tmp_path) == "--bots: pimc option samples: 'x' is not a number"
    assert _fails(*args, "--lang", "ru", cwd=tmp_path) == "--bots: параметр pimc samples: 'x' — не число"
    assert _fails(*args, "--lang", "de", cwd=tmp_path) == "--bots: pimc-Option samples: 'x' ist keine Zahl"


def test_a_bots_option_above_its_cap(tmp_path: Path) -> None:
    # pimc's cap of samples is 1000 (docs/bots.md, "Options and budget"): the document is named as written
    args = ("play", "--variant", "sochi", "--bots", "pimc:samples=5000")
    assert _fails(*args, "--lang", "en", cwd=tmp_path) == (
        "--bots: pimc option samples: 5000 is above the cap of 1000 (docs/bots.md, Options and budget)")
    assert _fails(*args, "--lang", "uk", cwd=tmp_path) == (
        "--bots: параметр pimc samples: 5000 більше за межу 1000 (docs/bots.md, Options and budget)")


def test_an_unknown_local_plugin(tmp_path: Path) -> None:
    # the option and the file name as typed; "--plugin nosuch.py" is the frame, the reason is German
    args = ("play", "--variant", "sochi", "--plugin", "nosuch.py")
    assert _fails(*args, "--lang", "en", cwd=tmp_path) == "--plugin nosuch.py: file not found"
    assert _fails(*args, "--lang", "de", cwd=tmp_path) == "--plugin nosuch.py: Datei nicht gefunden"
    args = ("play", "--variant", "sochi", "--plugin", "house.txt")
    assert _fails(*args, "--lang", "en", cwd=tmp_path) == (
        "--plugin house.txt: not a .py file (a local plugin is one Python file; installed plugins are named in a "
        "config's plugins list)")
    assert _fails(*args, "--lang", "de", cwd=tmp_path) == (
        "--plugin house.txt: keine .py-Datei (ein lokales Plugin ist eine Python-Datei; installierte Plugins stehen "
        "in der Liste plugins einer Konfiguration)")


def test_a_local_plugin_without_a_hook(tmp_path: Path) -> None:
    (tmp_path / "nothing.py").write_text("X = 1\n", encoding="utf-8")
    args = ("play", "--variant", "sochi", "--plugin", "nothing.py")
    assert _fails(*args, "--lang", "en", cwd=tmp_path) == (
        "--plugin nothing.py: defines no hook: a local plugin needs at least one @hookimpl def pref_...(...) "
        "(docs/hooks.md lists them)")
    assert _fails(*args, "--lang", "ru", cwd=tmp_path) == (
        "--plugin nothing.py: не задаёт ни одного хука: локальному плагину нужен хотя бы один "
        "@hookimpl def pref_...(...) (их перечисляет docs/hooks.md)")


def _ppn(tmp_path: Path, old: str, new: str) -> None:
    # the sample file of tests/data/ppn with one field of record 1 (line 13 of the file without its
    # comments) changed
    lines = [line for line in (DATA / "ppn" / "balkan_sample.ppn").read_text(encoding="utf-8").splitlines()
             if not line.startswith(";")]
    assert lines[12].startswith("[1 231 ")
    assert old in lines[12]
    lines[12] = lines[12].replace(old, new, 1)
    (tmp_path / "bad.ppn").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_broken_ppn_file_in_serbian(tmp_path: Path) -> None:
    # record 1's bids "P,2,P" made "P,X,2": the second bid is no bid; the record, the line, the field (bids)
    # and the codes of the allowed bids stay as typed, in Latin letters in the Cyrillic line too
    _ppn(tmp_path, " P,2,P ", " P,X,2 ")
    line = {lang: _fails("ppn", "import", "bad.ppn", "--lang", lang, cwd=tmp_path) for lang in ("en", "sr", "sr-Cyrl")}
    assert line["en"] == ("bad.ppn: record 1 (line 13): bids: 'X' (bid 2) is not a bid (allowed: P, 2..8, M3 for "
                          "'mine', G for igra, G4 for igra declared as 4)")
    assert line["sr"] == ("bad.ppn: zapis 1 (red 13): bids: 'X' (licitacija 2) nije licitacija (dozvoljeno: P, 2..8, "
                          "M3 za „moje”, G za igru, G4 za igru prijavljenu kao 4)")
    assert line["sr-Cyrl"] == ("bad.ppn: запис 1 (ред 13): bids: 'X' (лицитација 2) није лицитација (дозвољено: P, "
                               "2..8, M3 за „моје”, G за игру, G4 за игру пријављену као 4)")


def test_a_ppn_record_the_rules_score_otherwise(tmp_path: Path) -> None:
    # record 1: p3 declares 4 (hearts), whose value is 8 in the balkan presets (the file's comment: "declares 4
    # (hearts, V 8)"); a value of 9 is refused when the record is replayed, naming the variant as typed
    _ppn(tmp_path, " 0 0 0 8 0 0 ", " 0 0 0 9 0 0 ")
    assert _fails("ppn", "import", "bad.ppn", "--lang", "en", cwd=tmp_path) == (
        "bad.ppn: record 1 (line 13): value: 9, but the balkan rules give 8")
    assert _fails("ppn", "import", "bad.ppn", "--lang", "sr", cwd=tmp_path) == (
        "bad.ppn: zapis 1 (red 13): value: 9, ali po pravilima balkan izlazi 8")
    assert _fails("ppn", "import", "bad.ppn", "--lang", "hr", cwd=tmp_path) == (
        "bad.ppn: zapis 1 (redak 13): value: 9, ali po pravilima balkan izlazi 8")


DEAL = "AS KS QS JS 10S 9S 8S 7S AH KH|QH JH 10H 9H 8H 7H AD KD QD JD|10D 9D 8D 7D AC KC QC JC 10C 9C|8C 7C"
"""Ten cards to each hand and two to the talon, every card once."""


def test_a_bad_solve_option_in_ukrainian(tmp_path: Path) -> None:
    # the option, the seat typed and the seat words (typed as written in every language) stay as typed
    assert _fails("solve", DEAL, "--declarer", "fourth", "--lang", "en", cwd=tmp_path) == (
        "--declarer: no seat 'fourth' (0 or first, 1 or second, 2 or dealer)")
    assert _fails("solve", DEAL, "--declarer", "fourth", "--lang", "uk", cwd=tmp_path) == (
        "--declarer: немає місця 'fourth' (0 or first, 1 or second, 2 or dealer)")
    assert _fails("solve", DEAL, "--contract", "6S", "--lang", "uk", cwd=tmp_path) == (
        "--contract: потрібен --declarer SEAT (0 or first, 1 or second, 2 or dealer)")
    # the talon holds three cards (7C moved from the third hand): the part's English name as written
    three = DEAL.replace(" 9C|8C 7C", "|9C 8C 7C")
    assert _fails("solve", three, "--lang", "en", cwd=tmp_path) == "DEAL: dealer: 9 cards, expected 10"
    assert _fails("solve", three, "--lang", "uk", cwd=tmp_path) == "DEAL: dealer: карт 9, очікувалося 10"


def _stderr_on_a_terminal(*args: str, cwd: Path) -> str:
    """What the command writes to stderr when it is a terminal (a pseudo-terminal; stdout stays a pipe)."""
    import pty

    master, slave = pty.openpty()
    env = {**ENV, "TERM": "xterm", "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "preferans.core.cli", *args], stdout=subprocess.PIPE,
                            stderr=slave, cwd=cwd, env=env)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed its end
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    proc.communicate(timeout=60)
    assert proc.returncode == 0
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace"))


def test_the_arenas_progress_bar_speaks_the_language(tmp_path: Path) -> None:
    # the bar's label (context "progress"); the bar is drawn on stderr, the terminal, while stdout is a pipe
    args = ("arena", "--variant", "sochi", "--bots", "random,random,random", "--deals", "2")
    english = _stderr_on_a_terminal(*args, "--lang", "en", cwd=tmp_path)
    russian = _stderr_on_a_terminal(*args, "--lang", "ru", cwd=tmp_path)
    assert re.search(r"(?m)^arena \S* 2/2", english.replace("\r", "\n"))
    assert re.search(r"(?m)^арена \S* 2/2", russian.replace("\r", "\n"))
    assert translator("de").pgettext("progress", "arena") == "Arena"


BROKEN = '''"""A broken house rule: the first legal call is offered twice."""
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    return [*legal, legal[0]] if legal else legal
'''
LEGAL = ("['pass', '6S', '6C', '6D', '6H', '6NT', '7S', '7C', '7D', '7H', '7NT', '8S', '8C', '8D', '8H', '8NT', "
         "'misere', '9S', '9C', '9D', '9H', '9NT', '10S', '10C', '10D', '10H', '10NT', 'pass']")
"""Sochi's first call of a deal (pass, or a contract from 6 spades up, misère between 8NT and 9S) with the
broken plugin's second pass at the end."""
FAMILY = LEGAL.removesuffix(", 'pass']") + "]"
"""The same calls as the family's plugin stack offers them, without the broken plugin: no second pass."""


def test_a_failing_conformance_check_in_russian(tmp_path: Path) -> None:
    (tmp_path / "dup.py").write_text(BROKEN, encoding="utf-8")
    args = ("conformance", "sochi", "--plugin", "dup.py", "--deals", "1")
    run = _run(*args, "--lang", "ru", cwd=tmp_path)
    assert run.returncode == 1, run.stderr  # a failed check, not bad input
    lines = run.stdout.splitlines()
    # under --plugin every check runs, the golden games too (docs/conformance.md "Declaring a deviation")
    assert lines[0] == ("с локальными плагинами dup.py: все проверки, эталонные партии тоже (то, что плагин "
                        "объявляет отклонением, пропускается)")
    # 25 checks: the two below fail, the money-pot check is skipped (sochi is played for a pool)
    assert lines[3].split() == ["Сочи", "22", "2", "1", "ПРОВАЛ"]
    # the check's name, the actions, the hook, its area and the variant as written; the messages in Russian.
    # The plugin comparison fails at the first state of the walk, the auction's first call: with the plugin the
    # answer ends in a second pass, the family's stack (the plugin's hooks left out) does not
    assert [line for line in lines if line.startswith("Сочи: ПРОВАЛ ")] == [
        f"Сочи: ПРОВАЛ test_simulation_one_actor_with_legal_actions: повторяющиеся разрешённые ходы {LEGAL}",
        f"Сочи: ПРОВАЛ test_plugins_change_only_what_they_declare: pref_auction_legal (auction): с dup.py ответ "
        f"{LEGAL}, у семейства {FAMILY}; плагин, который намеренно меняет это, объявляет это как отклонение "
        "(docs/conformance.md)"]
    # the golden playthroughs are no longer skipped: a second pass offered changes no recorded game, so they
    # replay (neither failed nor skipped); the only skip is the money-pot check
    assert [line for line in lines if line.startswith("Сочи: пропущено ")] == [
        "Сочи: пропущено test_money_pot_balances_every_deal: вариант играется не на банк"]
    # --json keeps the English message, as pytest shows it
    data = json.loads(_run(*args, "--json", cwd=tmp_path).stdout)
    checks = data["variants"][0]["checks"]
    check = checks["test_simulation_one_actor_with_legal_actions"]
    assert check == {"outcome": "failed", "message": f"duplicate legal actions {LEGAL}", "rule": check["rule"]}
    assert checks["test_golden_playthroughs_replay"]["outcome"] == "passed"
    assert checks["test_plugins_change_only_what_they_declare"]["message"] == (
        f"pref_auction_legal (auction): with dup.py the answer is {LEGAL}, the family's is {FAMILY}; a plugin that "
        "changes this on purpose declares it (a deviation, docs/conformance.md)")


ENDLESS = '''"""A broken house rule: the match never ends."""
from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_match_over(match, rules):
    yield
    return False
'''
OVER = "sochi/playthroughs/pool-overflow-and-match-end.toml"
"""The one golden playthrough of sochi that plays its match to the end (``over = true``): the others record no
end, so a match that never ends changes nothing else in them."""


def test_a_house_rule_held_to_the_golden_games_in_russian_and_german(tmp_path: Path) -> None:
    # a house rule that declares no deviation is held to the family's golden games and reference; the failure
    # inside the frame (the playthrough's, the reference's) and the run it comes from are said in the language,
    # and the golden replay names the area to declare: the end of the match (match_end)
    (tmp_path / "endless.py").write_text(ENDLESS, encoding="utf-8")
    args = ("conformance", "sochi", "--plugin", "endless.py", "--deals", "1")
    run = _run(*args, "--lang", "ru", cwd=tmp_path)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    # failed: the match-end check (5000 deals without an end), the golden replay, the family's reference
    assert lines[3].split() == ["Сочи", "21", "3", "1", "ПРОВАЛ"]
    assert "Сочи: ПРОВАЛ test_simulation_match_ends: пуля не закончилась и после сдач: 5000" in lines
    assert (f"Сочи: ПРОВАЛ test_golden_playthroughs_replay: {OVER}: после записанных сдач пуля продолжается, а по "
            "файлу она окончена (с endless.py, где не объявлено ни одного отклонения: домашнее правило, которое "
            "намеренно меняет это, объявляет область match_end или изменённое правило в DEVIATIONS, "
            "docs/conformance.md)") in lines
    # the seed of the match, the deal and the rule ID depend on the walk and the family's reference: any; the
    # run (the walk, the targeted runs or a whole match) and the difference in Russian
    reference = [line for line in lines if line.startswith("Сочи: ПРОВАЛ test_rules_match_family_reference: ")]
    assert len(reference) == 1
    assert re.fullmatch(r"Сочи: ПРОВАЛ test_rules_match_family_reference: sochi, сид 0, (обход|серия «все пас» "
                        r"и азартные торги|целая пуля) \(сид пули \d+\), сдача \d+: область match_end расходится с "
                        r"правилами \([^()]+\): после этой сдачи движок продолжает пулю, а по правилам она закончена",
                        reference[0]), reference[0]
    german = _run(*args, "--lang", "de", cwd=tmp_path).stdout.splitlines()
    assert german[3].split() == ["Sotschi", "21", "3", "1", "FEHLGESCHLAGEN"]
    assert (f"Sotschi: FEHLGESCHLAGEN test_golden_playthroughs_replay: {OVER}: nach den aufgezeichneten Spielen "
            "geht die Partie weiter, laut Datei ist sie zu Ende (mit endless.py, das keine Abweichung erklärt: eine "
            "Hausregel, die dies absichtlich ändert, erklärt den Bereich match_end oder die geänderte Regel in "
            "DEVIATIONS, docs/conformance.md)") in german
    assert any(re.fullmatch(r"Sotschi: FEHLGESCHLAGEN test_rules_match_family_reference: sochi, Startwert 0, "
                            r"(der Durchlauf|die Serie „alle passen“ und die eifrigen Lizitationen|eine ganze Partie) "
                            r"\(Partie-Startwert "
                            r"\d+\), Spiel \d+: der Bereich match_end weicht von den Regeln ab \([^()]+\): nach "
                            r"diesem Spiel setzt die Engine die Partie fort, nach den Regeln ist sie zu Ende", line)
               for line in german), german
