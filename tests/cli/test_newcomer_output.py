"""What ``preferans play`` prints agrees with the sheet and names things as the players of each family do: the
match's word in the title, the sheet's opening apart from deal 1, what one player wrote for another, no key
shown as a word, the sheet after deal N holding deals 1 to N."""

from __future__ import annotations

import io

import pytest

from preferans.core import Game, load_variant
from preferans.core.ai.bots import HeuristicBot
from preferans.core.cli import main
from preferans.core.formats import render
from preferans.core.model.i18n import translator
from preferans.core.model.views import Entry

NAMES = ("Anna", "Boris", "Vera")


def _play(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("variant", "lang", "title"), [
    # the variant by the name its players say (the preset's title, the family catalogue's context "variant"),
    # never its key (sochi, austrian-limited), which only the records and the options keep
    ("sochi", "en", "Sochi pulka, seed 1: "),  # the Russian family's match is a pulka
    ("serbian", "en", "Serbian Preferans game, seed 1: "),  # the Balkan and Austrian families' is a game
    ("austrian", "en", "Austrian Preference game, seed 1: "),
    ("austrian", "de", "Österreichische Préférence: Partie, Startwert 1: "),
    ("austrian-limited", "hr", "Austrijski preferans, ograničena blagajna: partija, "),
    ("sochi", "ru", "Сочи: пулька, сид 1: "),
    ("leningrad", "uk", "Ленінградка: пулька, сід 1: "),
])
def test_the_title_says_the_familys_word_for_a_match(capsys: pytest.CaptureFixture[str], variant: str, lang: str,
                                                     title: str) -> None:
    assert _play(capsys, "--variant", variant, "--lang", lang, "--seed", "1")[0].startswith(title)


def test_the_balkan_starting_bula_is_not_deal_ones(capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(capsys, "--variant", "balkan", "--seed", "1")
    # BAL-SCORE-02: the sheet opens with bula 30 each; deal 1, Anna's hearts made (a game of 4 ... the bula
    # goes down by 8) and Vera's supe on her 4 tricks, 4 x 8 = 32, are all that deal 1 wrote
    assert out[1] == "the sheet opens with Anna bula +30, Boris bula +30, Vera bula +30"
    assert out[2].startswith("deal   1  dealer Anna: Anna hearts ")
    assert out[2].endswith("; wrote Anna bula -8, Vera juha on Anna +32")
    # deal 4, the first all passed: a refe for everybody (BAL-REFE-01) and its mark drawn, no key shown as it
    # is stored
    assert out[5].startswith("deal   4  dealer Anna: all passed, redeal; not played; ")
    assert out[5].endswith("wrote Anna refe +1, Anna refe drawn +1, Boris refe +1, Boris refe drawn +1, "
                           "Vera refe +1, Vera refe drawn +1")


def test_sochi_overflow_aid_says_whose_it_is() -> None:
    # deal 46 of Sochi seed 1: Vera's 6H stands unplayed with Boris's half-whist; her pool is full, so the 2
    # overflow into Boris's pool as her aid (10 whists a point: 20 on him), as the scoring writes it
    entries = [Entry("pool", 2, 2, note="game, not played"), Entry("whists", 1, 4, 2, note="half-whist"),
               Entry("pool", 2, -2, note="overflow"), Entry("pool", 1, 2, note="aid from seat 2"),
               Entry("whists", 2, 20, 1, note="aid")]
    assert render.written(entries, NAMES) == ("Boris whists on Vera +4, Boris pool +2 (aid from Vera), "
                                              "Vera whists on Boris +20")
    ru = translator("ru", load_variant("sochi").locale_dirs)
    assert render.written(entries[3:4], NAMES, ru) == "Boris пуля +2 (помощь от Vera)"


def test_sochi_aid_in_the_deal_lines(capsys: pytest.CaptureFixture[str]) -> None:
    out = _play(capsys, "--seed", "1")
    # deal 34: Vera makes 7NT (price 4) with 2 to go in her pool: 2 into it, the other 2 overflow into Anna's
    # pool as Vera's aid (RUS-POOL aid, 10 whists a point: 20 on her); Anna whisted and took 2 tricks (2 x 4)
    assert out[34].endswith("wrote Vera pool +2, Anna whists on Vera +8, Anna pool +2 (aid from Vera), "
                            "Vera whists on Anna +20")


def test_the_sheet_after_deal_n_holds_deals_one_to_n() -> None:
    game = Game(load_variant("austrian"), seed=1)
    bot = HeuristicBot()
    while not game.results:
        game.apply(bot.choose(game, game.current_player))
    # deal 1: Anna's ante, 10 into the pot; she plays hearts and takes the pot back (10), then pays Vera 4 for
    # her 4 tricks; deal 2 has begun and Boris's ante (10) is already in the match's totals
    assert game.match.totals[("pot", 1, None)] == 10
    posted = game.match.posted()
    assert {k: v for k, v in posted.totals.items() if v} == {("money", 0, None): -4, ("money", 2, None): 4}
    assert game.match.posted() is not game.match and len(posted.results) == 1


def test_a_sitting_out_dealer_is_told(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\ny\n"))
    assert main(["play", "--variant", "sochi(players=4)", "--seed", "1", "--human", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    # four players: Anna deals deal 1 and sits out (RUS-RASP-15), so the three others play it without her
    assert out[1] == "deal 1: you deal and sit out; the other three play it"
    assert "deal 2: you deal and sit out; the other three play it" not in out  # Boris deals deal 2


def test_a_hand_is_sorted_in_the_variants_suit_order() -> None:
    hand = (1 << 0) | (1 << 8) | (1 << 16) | (1 << 24)  # the 7 of each suit: spades, clubs, diamonds, hearts
    # the Russian auction ranks ♠ ♣ ♦ ♥, the Balkan ♠ ♦ ♥ ♣ (pik, karo, herc, tref), the Austrian ♣ ♠ ♦ ♥
    assert render.suit_order(load_variant("sochi").contracts) == (0, 1, 2, 3)
    assert render.suit_order(load_variant("balkan").contracts) == (0, 2, 3, 1)
    assert render.suit_order(load_variant("austrian").contracts) == (1, 0, 2, 3)
    assert render.hand_text(hand, suits=(0, 2, 3, 1)) == "♠ 7   ♦ 7   ♥ 7   ♣ 7"
    game = Game(load_variant("balkan"), seed=1)
    mine = [line for line in render.situation(game, game.current_player, NAMES) if line.startswith("your hand")]
    assert mine == ["your hand: ♠ A Q J 8   ♦ 8 7   ♥ J 9   ♣ 10 9"]


def test_red_suits_are_red_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    tty = io.StringIO()
    render.Printer(tty, use_rich=True).line("your hand: ♠ A   ♥ K   ♦ 7")
    assert tty.getvalue() == "your hand: ♠ A   \x1b[31m♥\x1b[39m K   \x1b[31m♦\x1b[39m 7\n"
    plain = io.StringIO()
    render.Printer(plain, use_rich=False).line("♥ K")
    assert plain.getvalue() == "♥ K\n"  # a pipe or a file: no escape codes
    monkeypatch.setenv("NO_COLOR", "1")
    quiet = io.StringIO()
    render.Printer(quiet, use_rich=True).line("♥ K")
    assert quiet.getvalue() == "♥ K\n"
