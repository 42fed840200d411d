"""The words of the human's table (core/formats/talk.py), the lettered menu, and the claim
(core/tools/table.py): a claim is offered only when the claimer takes every trick left whatever the
others hold and however they play."""

from __future__ import annotations

import io
import json
import random
import re
import shlex
import sys
from pathlib import Path

import pytest

from helpers import paths
from preferans.core import Game, Variant, load_variant
from preferans.core.ai.registry import make_bot
from preferans.core.cli import main
from preferans.core.engine.game import Phase
from preferans.core.formats import render, talk
from preferans.core.model.cards import CARD_NAMES
from preferans.core.model.i18n import translator
from preferans.core.model.views import DealResult
from preferans.core.tools.table import can_claim, claim_lead, claim_tricks

NAMES = ["Anna", "Boris", "Vera"]


# ---------------------------------------------------------------- the menu


def test_menu_is_lettered_when_a_call_is_a_number() -> None:
    # Balkan: "3" is a bid, so "3" typed must never mean the third line of the menu (issue 16 item 2)
    assert render.menu_keys(["pass", "3", "igra"]) == ["a", "b", "c"]
    assert render.choices(["pass", "3", "igra"], Phase.AUCTION) == ["   a) pass    b) 3    c) igra"]
    # no call is a number (Sochi): the menu stays numbered from 1
    assert render.menu_keys(["pass", "6S", "misere"]) == ["1", "2", "3"]
    # 28 choices run past z: aa, ab
    assert render.menu_keys(["1", *(f"x{i}" for i in range(27))])[25:] == ["z", "aa", "ab"]


# ---------------------------------------------------------------- what a call means


def test_call_help_reads_the_contract_table_and_the_presets() -> None:
    game = Game(load_variant("balkan"), 0)
    keys = render.menu_keys(["pass", "3", "igra"])
    lines = talk.call_help(game, ["pass", "3", "igra"], keys)
    text = "\n".join(lines)
    # a Balkan number is a bid for the talon, not a trump (docs/variants/balkan.md "Actions", pk 7): who wins
    # with 3 takes the talon and then names diamonds or any higher game, so the help never says "3 = diamonds
    # trumps"; the ladder that says which game each number stands for follows below
    assert ("b) 3     a bid for the talon at this number, not a trump suit: win the auction with it and you take "
            "the talon, then name a game of this number or higher (the numbers below)") in text
    assert "trumps, take at least" not in text
    assert "c) igra  a game without the talon" in text  # the preset's [calls] wording
    assert "the menu is lettered" in text
    # the whole Balkan ladder, BAL-VAL-04: 2 spades < 3 diamonds < 4 hearts < 5 clubs < 6 betl < 7 sans
    assert "the numbers in balkan: 2 spades, 3 diamonds, 4 hearts, 5 clubs, 6 betl, 7 sans" in text
    contracts, calls = game.contracts, game.variant.calls
    # in the auction 6 is a bid (the [calls] text "6@auction"); betl, the game named after it, takes no trick
    assert talk.call_meaning("6", contracts, calls, phase=Phase.AUCTION).startswith("a bid for the talon at this")
    assert talk.call_meaning("betl", contracts, calls) == "take no trick, with the talon"
    # 7 is sans, and igra is a game without the talon (BAL-BID-02)
    assert talk.call_meaning("igra-sans", contracts, calls) == "igra sans: no trumps, take at least 6 tricks, " \
                                                                "without the talon"
    assert talk.call_meaning("kontra-6", contracts, calls).startswith("double once more")  # the kontra- family
    sochi = Game(load_variant("sochi"), 0)
    assert talk.call_meaning("7NT", sochi.contracts, sochi.variant.calls) == "no trumps, take at least 7 tricks, " \
                                                                             "with the talon"
    # misère: the defenders lie open (RUS-MIS-06)
    assert talk.call_meaning("misere", sochi.contracts, sochi.variant.calls) == "misère: take no trick, with the " \
                                                                                "talon, the defenders' cards open"
    assert "whist" in sochi.variant.calls and "igra" not in sochi.variant.calls
    classic = load_variant("classic")
    assert talk.call_meaning("dark-6S", classic.contracts, classic.calls).endswith("6♠: spades trumps, take at "
                                                                                   "least 6 tricks, with the talon")


def test_a_child_preset_inherits_and_rewords_calls() -> None:
    # serbian extends balkan and says nothing of its calls: it has the family's words
    assert load_variant("serbian").calls == load_variant("balkan").calls
    # illustrated adds kontra to the Austrian words and keeps the rest
    ill, aut = load_variant("illustrated").calls, load_variant("austrian").calls
    assert "kontra" in ill and "kontra" not in aut and ill["mein"] == aut["mein"]


# ---------------------------------------------------------------- the deal in words


def result(variant: Variant, contract: str, tricks: tuple[int, ...], declarer: int | None = 1,
           kind: str = "contract", played: bool = True) -> DealResult:
    return DealResult(kind=kind, dealer=0, active=(1, 2, 0), tricks=tricks, declarer=declarer,  # type: ignore[arg-type]
                      contract=variant.contracts[contract] if contract else None, played=played)


def test_deal_words(sochi: Variant) -> None:
    # 6H needs 6 tricks: 5 is down one; 8 is made with two over
    assert talk.deal_words(result(sochi, "6H", (2, 5, 3)), NAMES).startswith("Boris 6♥: down one; tricks")
    assert talk.deal_words(result(sochi, "6H", (1, 8, 1)), NAMES).startswith("Boris 6♥: made, two over;")
    assert talk.deal_words(result(sochi, "7S", (3, 7, 0)), NAMES).startswith("Boris 7♠: made; tricks")
    # misère: made when the declarer takes no trick
    assert talk.deal_words(result(sochi, "misere", (5, 0, 5)), NAMES).startswith("Boris misère: made;")
    assert talk.deal_words(result(sochi, "misere", (4, 2, 4)), NAMES).startswith("Boris misère: down, two tricks")
    unplayed = DealResult(kind="contract", dealer=0, active=(1, 2, 0), tricks=(0, 0, 0), declarer=0,
                          contract=sochi.contracts["6D"], defence=((1, "pass"), (2, "half")), played=False)
    assert talk.deal_words(unplayed, NAMES) == "Anna 6♦: not played (the defence: Boris pass, Vera half)"
    rasp = result(sochi, "raspasovka", (3, 5, 2), declarer=None, kind="all_pass")
    assert talk.deal_words(rasp, NAMES) == "raspasovka: tricks Anna 3, Boris 5, Vera 2"
    thrown = result(sochi, "", (0, 0, 0), declarer=None, kind="all_pass", played=False)
    assert talk.deal_words(thrown, NAMES) == "all passed: the cards are thrown in"
    # a Balkan play that stops at the defence's fifth trick (BAL-DEF-03): 3 of 6 taken when it stopped
    balkan = load_variant("balkan")
    assert talk.deal_words(result(balkan, "hearts", (0, 3, 5)), NAMES).startswith(
        "Boris hearts: down (3 of the 6 tricks needed when the play stopped)")


# ---------------------------------------------------------------- the claim


def pack(text: str) -> list[int]:
    return [CARD_NAMES.index(c) for c in text.split()]


# Boris (first hand, seat 1) gets the first ten cards, Vera the next ten, Anna ten, then the talon
LAYOUT = pack("7H 8H 9H 10H JH QH KH AH AS KS") + pack("QS JS 10S 9S 8S 7S AC KC QC JC") \
    + pack("10C 9C 8C 7C AD KD QD JD 10D 9D") + pack("8D 7D")


def boris_declares(sochi: Variant, contract: str) -> Game:
    game = Game(sochi, 0, deals=[LAYOUT])
    for action in ("6S", "pass", "pass", "8D", "7D", contract):
        game.apply(action)
    while game.phase is Phase.DEFENCE:
        game.apply("whist" if "whist" in game.legal_actions() else game.legal_actions()[0])
    assert game.phase is Phase.PLAY and game.deal.play is not None and game.deal.play.to_play == 1
    return game


def test_claim_of_all_masters_with_no_trump_out(sochi: Variant) -> None:
    # 6H: Boris holds all eight hearts (trumps) and A K of spades: nothing can beat or ruff them
    game = boris_declares(sochi, "6H")
    assert can_claim(game) and claim_tricks(game) == 10
    assert claim_lead(game) == "AH"  # trumps first, the highest


def test_no_claim_when_an_outstanding_trump_can_ruff(sochi: Variant) -> None:
    # 6S: the same cards, but Vera holds six spades (trumps) and no heart: she ruffs the first heart, so
    # Boris's masters are not sure tricks (two trumps of his against six out)
    game = boris_declares(sochi, "6S")
    assert not can_claim(game)


# Boris: all eight hearts and A Q of clubs; Vera the singleton K of clubs; the talon 8 7 of clubs
OPEN_LAYOUT = pack("7H 8H 9H 10H JH QH KH AH AC QC") + pack("KC AS KS QS JS 10S 9S 8S 7S AD") \
    + pack("KD QD JD 10D 9D 8D 7D JC 10C 9C") + pack("8C 7C")


@pytest.mark.slow
@pytest.mark.parametrize("anna", ["pass", "whist"])
def test_a_claim_on_the_solver_needs_the_layout_open(sochi: Variant, anna: str) -> None:
    """6H, every trump Boris's. His Q of clubs is not the highest club left (Vera's K is out), so the sure
    winners do not cover it; but Vera's K is single: A of clubs first drops it, and all ten are his. He
    may claim that only when he sees it: against a lone whister the defenders lie open (Sochi,
    whist.lone_whister_open); when both whist they play closed and no claim is offered."""
    game = Game(sochi, 0, deals=[OPEN_LAYOUT])
    for action in ("6S", "pass", "pass", "8C", "7C", "6H", "whist", anna):
        game.apply(action)
    assert game.phase is Phase.PLAY and game.deal.play is not None and game.deal.play.to_play == 1
    if anna == "pass":
        assert can_claim(game) and claim_tricks(game) == 10
        assert claim_lead(game) in ("AC", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H")  # not the Q of clubs
        assert wins_every_trick(game, 1, [20000])
    else:
        assert not can_claim(game)


def redistributed(game: Game, seat_hand: int, rng: random.Random) -> Game:
    """The same position with the other hands in play dealt again from their cards (the sizes kept)."""
    g = game.clone()
    play = g.deal.play
    assert play is not None
    others = [h for h in play.order if h != seat_hand]
    cards = [c for h in others for c in range(32) if play.hands[h] >> c & 1]
    rng.shuffle(cards)
    for h in others:
        n = play.hands[h].bit_count()
        play.hands[h] = sum(1 << c for c in cards[:n])
        cards = cards[n:]
    return g


def wins_every_trick(game: Game, hand: int, budget: list[int]) -> bool:
    """Every play of the others (all legal cards, exhaustively) against claim_lead: the claimer wins each
    trick. ``budget`` bounds the nodes visited; running out counts as a pass (the caller checks coverage)."""
    play = game.deal.play
    assert play is not None
    number = game.deal.number
    if budget[0] <= 0:
        return True
    budget[0] -= 1
    if play.to_play == hand and not play.trick:
        options = [claim_lead(game)]
    else:
        options = game.legal_actions()
    for card in options:
        g = game.clone()
        g.apply(card)
        tp = g.deal.play if g.deal.number == number and not g.is_terminal else None
        done = tp.completed if tp is not None else None
        if done is not None and len(done) > len(play.completed) and done[-1][0] != hand:
            return False
        if tp is None:  # the deal is over: every trick since this node is the claimer's
            last = g.results[-1]
            if last.tricks[hand] - play.tricks_won[hand] != sum(last.tricks) - play.tricks_done:
                return False
            continue
        if not wins_every_trick(g, hand, budget):
            return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sochi", "balkan", "austrian"])
def test_a_claim_is_sure_whatever_the_others_hold(name: str) -> None:
    """Random games; wherever a claim is offered, the claimer, leading as claim_lead says, wins every trick
    against every play of the others, with their hands as dealt and dealt again at random from their
    cards. The claimed count is the tricks the claimer then takes."""
    variant = load_variant(name)
    rng = random.Random(16)
    checked = 0
    for seed in range(40):
        game = Game(variant, seed)
        bots = [make_bot("random", seed, s) for s in range(variant.rules.players)]
        while not game.is_terminal and len(game.results) < 3:
            play = game.deal.play
            if game.phase is Phase.PLAY and play is not None and can_claim(game) and play.tricks_done <= 8:
                hand = play.to_play
                n = claim_tricks(game)
                assert 1 <= n <= 10 - play.tricks_done
                # a layout the claimer sees whole is claimed on the solver's exact value: that layout only;
                # otherwise the claim must hold for the others' cards dealt any way
                seen = game.visible_hands(game.current_player)
                again = 0 if all(h in seen for h in play.order) else 2
                for layout in [game, *(redistributed(game, hand, rng) for _ in range(again))]:
                    assert wins_every_trick(layout, hand, [3000]), (name, seed, game.history)
                checked += 1
            seat = game.current_player
            game.apply(bots[seat].choose(game, seat))
    assert checked >= 5, checked  # the property was tried on real positions


# ---------------------------------------------------------------- the transcript in the docs


def test_the_session_in_the_docs_is_what_its_command_prints(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/play-session.md: its command, run, prints its transcript. The score sheet's rows are left out of
    the comparison (the sheet's layout has tests of its own); everything the table says is compared."""
    doc = (paths.ROOT / "docs" / "play-session.md").read_text(encoding="utf-8")
    command = re.search(r"^    printf '([^']*)' \| preferans (.*)$", doc, re.M)
    assert command, "docs/play-session.md has no printf ... | preferans command"
    transcript = doc.split("```text\n", 1)[1].split("```", 1)[0]
    monkeypatch.setattr(sys, "stdin", io.StringIO(command[1].replace("\\n", "\n")))
    assert main(shlex.split(command[2])) == 0
    printed = capsys.readouterr().out

    def talk_lines(text: str) -> list[str]:
        out, in_sheet = [], False
        for line in text.splitlines():
            if line.startswith("Score sheet after"):
                in_sheet = True
            elif line.startswith("marks:") or not line.strip():
                in_sheet = False
            elif in_sheet:
                continue
            out.append(line)
        return out

    assert talk_lines(printed) == talk_lines(transcript)
    # and it shows what the page says it shows
    for needle in ("a) pass    b) 2    c) igra", "discard 2 cards (1 of 2)", "your discard: 10♠ Q♣",
                   "name your contract (you won the auction with 2): at least spades", "you play A♠ (forced)",
                   "claim the rest (4 tricks)? [y/N] y", "deal 1 result: Anna diamonds: made, two over",
                   "quit without saving? [y/N] y"):
        assert needle in transcript, needle


# ---------------------------------------------------------------- issue 32: the Austrian steps, the help by step


def test_an_only_call_is_made_for_the_human(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Austrian, seed 1: Anna bids 1, discards, names hearts; holding aces she has no premium to announce, so
    # "quiet" is her only call: it is made for her, as a forced card is, and she is not asked
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n9S\n10S\nhearts\nq\ny\n"))
    assert main(["play", "--variant", "austrian", "--human", "0", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("you call quiet (forced: your only choice)")
    assert lines[at - 1].endswith("(? help, sheet, q quit): hearts")
    assert "   1) quiet" not in lines


def test_the_premium_step_is_named_and_the_numbers_mean_what_they_name() -> None:
    game = Game(load_variant("austrian"), 336)
    for action in ["1", "pass", "pass", "7S", "10S", "diamonds"]:  # Boris bids 1, names diamonds, holds no ace
        game.apply(action)
    legal = game.legal_actions()
    assert legal == ["quiet", "no-aces"]
    assert talk.step_lines(game, 1, 0)[-1] == "announce before the first lead, in your contract diamonds ♦"
    contracts, calls = game.contracts, game.variant.calls
    # 1 is a bid: its winner names any suit after the talon; 3 only diamonds or hearts (AUT-BID-03)
    assert talk.call_meaning("1", contracts, calls) == ("a bid with the talon: after the talon you name your "
                                                        "game, one of: clubs ♣, spades ♠, diamonds ♦, hearts ♥")
    assert talk.call_meaning("3", contracts, calls).endswith("one of: diamonds ♦, hearts ♥")
    assert talk.call_meaning("hearts-hand", contracts, calls) == ("Préférence: hearts trumps, take at least 6 "
                                                                  "tricks, without the talon")
    # the same words in Russian
    ru = translator("ru", game.variant.locale_dirs)
    assert talk.call_meaning("1", contracts, calls, ru).startswith("заявка с прикупом: после прикупа")


def test_the_sochi_auction_help_groups_a_level_on_one_line() -> None:
    game = Game(load_variant("sochi"), 3)
    legal = game.legal_actions()
    assert len(legal) == 27
    lines = talk.call_help(game, legal, render.menu_keys(legal))
    assert len(lines) <= 16  # was 27 choice lines alone
    assert lines[1] == ("      1) pass                  in the auction: no bid (a pass is final); in the defence: "
                        "no whist")
    assert lines[2] == ("    2-6) 6S 6C 6D 6H 6NT       trumps as the call names them (NT: no trumps), take at least "
                        "6 tricks, with the talon")
    assert lines[5] == "     17) misere                misère: take no trick, with the talon, the defenders' cards open"
    assert lines[7].startswith("  23-27) 10S 10C 10D 10H 10NT  ")


def test_the_balkan_pass_is_explained_for_its_step_only() -> None:
    variant = load_variant("balkan")
    calls, contracts = variant.calls, variant.contracts
    assert talk.call_meaning("pass", contracts, calls, phase=Phase.AUCTION,
                             legal=["pass", "3", "igra"]) == "no bid, final (dalje)"
    assert talk.call_meaning("pass", contracts, calls, phase=Phase.DEFENCE,
                             legal=["pass", "follow"]) == "do not follow: stay out of the defence"
    naming = ["pass", "igra-hearts", "igra-clubs"]  # an igra already named: pass keeps it
    assert talk.call_meaning("pass", contracts, calls, phase=Phase.AUCTION, legal=naming) == (
        "name no game: the igra already named is better than yours")
    game = Game(variant, 68)
    game.apply("pass")
    game.apply("pass")
    help_lines = talk.call_help(game, game.legal_actions(), render.menu_keys(game.legal_actions()))
    assert help_lines[1] == "   a) pass  no bid, final (dalje)"
    assert not any("in the defence" in line for line in help_lines)
    # the context keys are words of the help, never calls a plugin may answer with
    assert "pass@defence" in calls and all("@" not in c for c in game.legal_actions())


# ---------------------------------------------------------------- the Balkan words a club player reads


def _held(variant: str = "balkan") -> Game:
    """Seat 0 deals, so Boris (1) is first hand: Boris 2, Vera 3, Anna passes. Boris speaks before Vera, so
    he may hold her 3 by saying 3 again (docs/variants/balkan.md "Actions": "mine", moje)."""
    game = Game(load_variant(variant), 0)
    for action in ("2", "3", "pass"):
        game.apply(action)
    return game


def test_a_hold_is_told_by_its_word_not_as_a_bare_number() -> None:
    # pk 7 example 3: the repeated 3 is Boris keeping Vera's bid; the record keeps "3", the table says "mine"
    calls = [(1, "2"), (2, "3"), (0, "pass")]
    assert render.is_hold("3", 1, calls)
    assert not render.is_hold("4", 2, [*calls, (1, "3")])  # Vera raises: a new bid, no hold
    assert not render.is_hold("3", 2, [(2, "3")])          # his own bid is no hold (it cannot be called again)
    assert not render.is_hold("igra", 2, [(1, "igra")])    # two igra callers: a word said by many, no bid
    game = _held()
    legal = game.legal_actions()
    assert game.current_player == 1 and legal == ["pass", "3"]
    held = render.holds(legal, 1, game.deal.calls)
    assert held == {"3"}
    words = {"en": ("pass", "mine"), "sr": ("dalje", "moje"), "sr-Cyrl": ("даље", "моје"), "hr": ("dalje", "moje"),
             "sl": ("naprej", "moje")}
    for lang, (passed, hold) in words.items():
        tr = translator(lang, game.variant.locale_dirs)
        # the menu and what may be typed: the word read, or the number itself (the number stays the call)
        assert render.choices(legal, Phase.AUCTION, keys=["a", "b"], tr=tr, held=held) == [
            f"   a) {passed}    b) {hold}"]
        assert render.typed_words(legal, Phase.AUCTION, tr, held)[hold] == "3"
        # the help line of the hold says what it does, in the language (the [calls] text "mine")
        help_line = talk.call_help(game, legal, ["a", "b"], tr)[2]
        assert help_line.startswith(f"   b) {hold}  ")
        assert "(moje)" in help_line or "(моје)" in help_line
        # a bot's hold as the table tells it, and the auction line of the next step
        assert render.narrate(Phase.AUCTION, "Boris", "3", tr, hold=True) == f"Boris: {hold}"
        after = [*game.deal.calls, (1, "3"), (2, "4"), (1, "4")]  # Vera raises to 4, Boris holds 4 too
        assert render.auction_text(after, NAMES, tr) == (
            f"Boris 2, Vera 3, Anna {passed}, Boris {hold}, Vera 4, Boris {hold}")
    # the situation the human reads, in Serbian
    game.apply("3")
    game.apply("4")
    sr = translator("sr", game.variant.locale_dirs)
    assert "licitacija: Boris 2, Vera 3, Anna dalje, Boris moje, Vera 4" in render.situation(game, 1, NAMES, sr)


def test_a_hold_in_the_replay_and_at_the_human_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from preferans.core.plugin.cli import SAVE_FORMAT, SAVE_VERSION

    def saved(game: Game, name: str, human: int | None) -> Path:
        path = tmp_path / name
        path.write_text(json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.to_dict(),
                                    "names": NAMES, "bots": ["heuristic"] * 3, "human": human}), encoding="utf-8")
        return path

    # Boris at the table (seat 1, the human of the saved game) after Boris 2, Vera 3, Anna pass: his menu
    # offers the hold by its word, "moje" typed makes that call, and the auction then says it so
    monkeypatch.setattr(sys, "stdin", io.StringIO("moje\nq\ny\n"))
    assert main(["play", "--resume", str(saved(_held("serbian"), "pending.json", 1)), "--lang", "sr"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "licitacija: Boris 2, Vera 3, Anna dalje" in out
    assert "   a) dalje    b) moje" in out
    assert any(line.startswith("licitacija: Boris 2, Vera 3, Anna dalje, Boris moje, Vera ") for line in out)
    # the replay of the deal says the hold as well
    game = _held("serbian")
    game.apply("3")  # Boris holds Vera's 3
    assert main(["replay", str(saved(game, "held.json", None)), "--deal", "0", "--lang", "sr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-4:] == ["  Boris: 2", "  Vera: 3", "  Anna: dalje", "  Boris: moje"]


def test_a_balkan_number_is_a_bid_in_every_language() -> None:
    # "2" is the bid for the talon at 2: its winner may then name spades or any higher game (pk 7), so its
    # help is the [calls] text of the number, translated, and never the trumps of the row "2 spades"
    game = Game(load_variant("serbian"), 0)
    legal = game.legal_actions()
    assert legal == ["pass", "2", "igra"]
    text = game.variant.calls["2@auction"]
    assert all(game.variant.calls[f"{n}@auction"] == text for n in range(2, 8))
    for lang in ("en", "ru", "uk", "sr", "sr-Cyrl", "hr", "sl", "de"):
        tr = translator(lang, game.variant.locale_dirs)
        meaning = tr.pgettext("meaning", text)
        assert lang == "en" or meaning != text, f"{lang}: not translated"
        lines = talk.call_help(game, legal, ["a", "b", "c"], tr)
        assert lines[2].endswith(meaning), lines[2]
        trumps = tr.gettext("{suit} trumps").format(suit=tr.pgettext("trumps", "spades"))
        assert trumps not in lines[2], lines[2]


def test_the_serbian_follow_is_one_word_in_the_menu_and_its_help() -> None:
    # Boris (first hand) wins with 2, discards and names diamonds; Vera, on his left, is asked to follow. The
    # menu says "dođem" (docs/glossary/sr.md) and so does the help, in both scripts and in English
    game = Game(load_variant("serbian"), 0)
    for action in ("2", "pass", "pass"):
        game.apply(action)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    game.apply("diamonds")
    legal = game.legal_actions()
    assert game.phase is Phase.DEFENCE and game.current_player == 2 and legal == ["pass", "follow"]
    for lang, word in (("sr", "dođem"), ("sr-Cyrl", "дођем"), ("en", "follow")):
        tr = translator(lang, game.variant.locale_dirs)
        lines = talk.call_help(game, legal, ["1", "2"], tr)
        assert lines[2].startswith(f"   2) {word}"), lines[2]
        assert "(dođem)" in lines[2] or "(дођем)" in lines[2], lines[2]
        assert "prat" not in lines[2] and "прат" not in lines[2]


def test_croatian_cards_name_the_jack_decko_and_type_unambiguously() -> None:
    # Croatian players call the jack "dečko" and write it J, the letter French packs print (Ilić-Dreven's
    # Croatian card book: «dečko (J)», docs/glossary/hr.md); the queen is D (dama), so J never clashes with it
    hr = translator("hr")
    assert [hr.card(rank, "♠") for rank in ("J", "Q", "K", "A")] == ["J♠", "D♠", "K♠", "A♠"]
    assert render.hand_text(0xFF, hr) == "♠ A K D J 10 9 8 7"
    assert talk.card_help(hr).endswith("(T = 10, J = dečko) i boja S/C/D/H ili ♠ ♣ ♦ ♥; "
                                       "kako je ovdje prikazano: D = Q")
    typed = render.typed_words(["JD", "QD", "QS"], Phase.PLAY, hr)
    assert (typed["jd"], typed["j♦"], typed["dd"], typed["d♦"], typed["ds"]) == ("JD", "JD", "QD", "QD", "QS")
    # in every language the court cards have four different letters, and a letter shown is never the engine's
    # letter of another rank (J Q K A, T for 10), so a card typed as shown is never another card
    for lang in ("ru", "uk", "sr", "sr-Cyrl", "hr", "sl", "de"):
        tr = translator(lang)
        shown = {rank: tr.pgettext("rank", rank) for rank in ("J", "Q", "K", "A")}
        assert len(set(shown.values())) == 4, (lang, shown)
        assert all(letter not in {"J", "Q", "K", "A", "T"} - {rank} for rank, letter in shown.items()), (lang, shown)
