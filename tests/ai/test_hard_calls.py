"""The hard bot's calls (core/ai/calls.py): every decision before the play that is not the discard, valued by
playing each layout out and scoring it with the variant. Seeing only the seat, and hand-worked cases where
the right call is clear. Small budgets: the strength is the arena's (docs/bots.md)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from helpers.deals import drive, rigged
from preferans.core import Game, Variant, load_variant
from preferans.core.ai import calls, levels
from preferans.core.ai.bots import HeuristicBot
from preferans.core.ai.calls import CALL_PHASES, choose_call, imagine, play_out, play_out_both
from preferans.core.ai.levels import HardBot
from preferans.core.ai.pimc import PimcBot, observe
from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Phase
from preferans.core.model.cards import parse_cards
from preferans.core.model.errors import BadInput
from preferans.core.rules.config import BotDefaults
from preferans.core.tools.arena import load_variant_id

HARD_SMALL = "hard:samples=4:nodes=100000000:min_samples=1"
"""Four layouts, no node cap: the choices do not depend on the machine (as tests/ai/test_levels.py)."""


def hard(seat: int) -> HardBot:
    bot = make_bot(HARD_SMALL, 7, seat, trusted=True)
    assert isinstance(bot, HardBot)
    return bot


def values(game: Game, seat: int) -> tuple[str, dict[str, float]]:
    """The hard bot's call and the mean settlement change of each candidate."""
    bot = hard(seat)
    found = choose_call(game, seat, game.legal_actions(), bot._layouts, bot.options, bot.heuristic)
    assert found is not None
    call, vals = found
    return call, {c: vals.mean(c) for c in vals.totals}


# ---------------------------------------------------------------- the engine's helper


def test_with_cards_lays_the_cards_out_otherwise_and_refuses_a_broken_pack(sochi: Variant) -> None:
    game = rigged(sochi, {1: "AS KS QS JS 10S AC KC AD KD 7H", 2: "9S 8S QC JC 10C AH KH QH 7D 8D",
                          0: "7S 9C 8C 7C QD JD 10D 9D JH 10H"}, "9H 8H")
    hands = list(game.deal.hands)
    hands[2], hands[0] = hands[0], hands[2]
    other = game.with_cards(hands, tuple(parse_cards(c).bit_length() - 1 for c in ("8H", "9H")))
    assert other.deal.hands == hands and other.deal.talon_cards == (parse_cards("8H").bit_length() - 1,
                                                                    parse_cards("9H").bit_length() - 1)
    assert game.deal.hands[2] == parse_cards("9S 8S QC JC 10C AH KH QH 7D 8D")  # the game itself unchanged
    other.check_cards()
    with pytest.raises(ValueError, match="32 cards once each"):
        game.with_cards(hands, ())  # the talon missing


def test_a_layout_played_out_is_scored_by_the_variant(sochi: Variant) -> None:
    # Six spades by seat 1, who discards 7H 8H and keeps AS KS QS JS 10S AC KC AD KD 9H; both defenders
    # whist. Double-dummy he takes 9 tricks: five trumps draw the three out (9S 8S, 7S), four minor winners,
    # and the 9H loses to a heart honour. Sochi writes 2 in his pool for a six made; the defenders, with one
    # trick of the four they owed, write whists for it and pay for the rest in the mountain: the settlement
    # moves toward seat 1 from 0, and stays zero-sum.
    hands = {1: "AS KS QS JS 10S AC KC AD KD 7H", 2: "9S 8S QC JC 10C AH KH QH 7D 8D",
             0: "7S 9C 8C 7C QD JD 10D 9D JH 10H"}
    game = drive(rigged(sochi, hands, "9H 8H"), ["6S", "pass", "pass", "7H", "8H", "6S", "whist", "whist"])
    assert game.settlement().exact == (0, 0, 0)
    g = game.clone()
    g, _ = play_out(g, 1, HeuristicBot())
    assert g.results[0].tricks[1] == 9
    assert any(e.account == "pool" and e.seat == 1 and e.amount == 2 for e in g.deal_entries[0])
    after = g.settlement().exact
    assert sum(after) == 0 and after[1] > 0


def test_a_play_out_with_the_defence_seen_whists_where_the_heuristic_passes(sochi: Variant) -> None:
    # 6NT by seat 2 (AS KS QS JS AC KC QC AD KD QD, the talon's 7C 7D dropped: no heart). Seat 1, first hand
    # and so on lead, holds KH QH JH 10H 9H 8H, seat 0 AH 7H. By the heuristic's count neither holds his
    # share of the defence (two tricks: seat 0 one ace, seat 1 half a trick for a king without its ace), so
    # both pass and the six is written as made: 2 in his pool, worth 2 * 10 * 2 / 3 = 40/3 whists to him on a
    # fresh sheet and -20/3 to each other seat. Played out on the cards, whisting pays: KH, seat 0 unblocks
    # with the AH and returns the 7H, and QH JH 10H 9H 8H run: six tricks to the defence (1 and 5), four to
    # the declarer, two down. Sochi: 2 * 2 = 4 in his mountain (80/3 whists, 40/3 to each whister), and each
    # whister writes 2 a trick taken plus 2 * 2 for the undertricks: seat 0 2 + 4 = 6, seat 1 10 + 4 = 14.
    hands = {2: "AS KS QS JS AC KC QC AD KD QD", 1: "KH QH JH 10H 9H 8H 10S 9S 8S 7S",
             0: "AH 7H JC 10C 9C 8C JD 10D 9D 8D"}
    game = drive(rigged(sochi, hands, "7C 7D"), ["pass", "6S", "pass", "7C", "7D", "6NT"])
    passed, _ = play_out(game.clone(), 1, HeuristicBot())
    assert passed.settlement().exact == (Fraction(-20, 3), Fraction(-20, 3), Fraction(40, 3))
    seen, plain, _ = play_out_both(game.clone(), 1, HeuristicBot(), {})
    assert seen.results[0].tricks == (1, 5, 4)
    assert seen.settlement().exact == (6 + Fraction(40, 3), 14 + Fraction(40, 3), -20 - Fraction(80, 3))
    # the branch of the heuristic's own calls is the plain play-out
    assert plain.settlement().exact == passed.settlement().exact and plain.results[0] == passed.results[0]
    assert game.phase is Phase.DEFENCE and not game.results  # the game itself untouched


@pytest.mark.parametrize("variant", ["sochi", "serbian", "illustrated"])
def test_the_heuristic_branch_of_the_seen_play_outs_is_the_plain_play_out(variant: str) -> None:
    # the blend of call_values takes the plain play-out's value from the seen tree (no second play-out):
    # at every defence call with a choice of ten deals, the two must finish the deal alike
    bot, checked = HeuristicBot(), 0
    for seed in range(10):
        g = Game(load_variant(variant), seed)
        while not g.results and not g.is_terminal:
            if g.phase is Phase.DEFENCE and len(g.legal_actions()) > 1:
                plain, _ = play_out(g.clone(), 1, bot)
                seen, branch, _ = play_out_both(g.clone(), 1, bot, {})
                assert branch.results[0] == plain.results[0]
                assert branch.settlement().exact == plain.settlement().exact
                checked += 1
            g.apply(bot.choose(g, g.current_player))
    assert checked >= 3


def test_a_kontra_chain_without_end_branches_only_so_deep(monkeypatch: pytest.MonkeyPatch) -> None:
    # Balkan's kontra chain has no top (BAL-KON-07, max_level unset): kontra, rekontra, subkontra ... each a
    # defence call with a choice. The seen play-out branched at every one of them and never came back (a
    # RecursionError in the hard bot's first Balkan declaration); it now branches at BRANCH_DEPTH of them
    bot = HeuristicBot()
    for seed in range(60):
        g = Game(load_variant("balkan"), seed)
        while not g.results and not (g.phase is Phase.DEFENCE and "kontra" in g.legal_actions()):
            g.apply(bot.choose(g, g.current_player))
        if not g.results:
            break
    else:
        pytest.fail("no kontra offered in 60 Balkan deals")
    seen, plain, _ = play_out_both(g.clone(), 1, bot, {})
    assert sum(seen.settlement().exact) == 0 and seen.results
    # no branching at all: the seen game is the heuristic's own
    monkeypatch.setattr(calls, "BRANCH_DEPTH", 0)
    flat, same, _ = play_out_both(g.clone(), 1, bot, {})
    assert flat is same and flat.results[0] == plain.results[0]


# ---------------------------------------------------------------- seeing only the seat


PREMIUMS = "premiums.no_aces='announced', premiums.four_aces='announced'"
"""Austrian premiums announced before the first lead (AUT-PREM-04/05): the declarer says quiet, no-aces or
four-aces, a call of the declaration."""


def _first(variant: str, want: Callable[[Game], bool], seeds: range = range(60)) -> Game:
    """The first position of deal 1, over the seeds, that ``want`` accepts (heuristic bots playing)."""
    v = load_variant_id(variant)
    bot = HeuristicBot()
    for seed in seeds:
        g = Game(v, seed)
        while not g.results and not g.is_terminal:
            if g.phase in CALL_PHASES and len(g.legal_actions()) > 1 and want(g):
                return g
            g.apply(bot.choose(g, g.current_player))
    raise AssertionError(f"no position found in {variant}")  # pragma: no cover - the seeds have them


def _swapped(game: Game, seat: int) -> Game | None:
    """The same game with two cards exchanged between the hands ``seat`` cannot see (each still where it was
    dealt), replayed from the same actions, and another seed, so that the later deals (as hidden as the cards)
    differ too: a game that looks the same from ``seat``; ``None`` if none."""
    seen = game.seen_cards(seat)
    hidden = [h for h in game.deal.active if h not in seen.hands]
    deal = game.deal
    if len(hidden) < 2:
        return None
    a, b = hidden[:2]
    pa = deal.hands[a] & deal.dealt[a]
    pb = deal.hands[b] & deal.dealt[b]
    if not pa or not pb:  # pragma: no cover
        return None
    ca, cb = (pa & -pa).bit_length() - 1, (pb & -pb).bit_length() - 1
    pack = list(deal.pack)
    i, j = pack.index(ca), pack.index(cb)
    pack[i], pack[j] = cb, ca
    other = Game(game.variant, game.seed + 1, game.first_dealer, deals=[pack])
    for action in game.history:
        other.apply(action)
    return other


OPEN_CHOICE = "whist.lone_whister_chooses=true"
RETURN = "whist.return_levels=[6, 7]"
CONCEDE = "declarer.concede_three=true"


KINDS: list[tuple[str, str, Callable[[Game], bool]]] = [
    ("sochi", "auction", lambda g: g.phase is Phase.AUCTION),
    ("sochi", "misere call", lambda g: g.phase is Phase.AUCTION and "misere" in g.legal_actions()),
    ("sochi", "declaration", lambda g: g.phase is Phase.DECLARE),
    ("sochi", "whist", lambda g: g.phase is Phase.DEFENCE and "whist" in g.legal_actions()),
    ("sochi", "half-whist", lambda g: g.phase is Phase.DEFENCE and "half" in g.legal_actions()),
    # the Russian options that add a defence call: the lone whister's open or closed play, the passer's
    # return of the whist (вернуть вист), the declarer's concession of three down (без трёх)
    (f"sochi({OPEN_CHOICE})", "open or closed", lambda g: g.phase is Phase.DEFENCE and "open" in g.legal_actions()),
    (f"sochi({RETURN})", "return", lambda g: g.phase is Phase.DEFENCE and "return" in g.legal_actions()),
    (f"sochi({CONCEDE})", "concede", lambda g: g.phase is Phase.DEFENCE and "concede" in g.legal_actions()),
    ("serbian", "igra", lambda g: g.phase is Phase.AUCTION and "igra" in g.legal_actions()),
    ("serbian", "declaration", lambda g: g.phase is Phase.DECLARE),
    ("serbian", "kontra", lambda g: g.phase is Phase.DEFENCE and "kontra" in g.legal_actions()),
    ("serbian", "follow", lambda g: g.phase is Phase.DEFENCE and "follow" in g.legal_actions()),
    ("illustrated", "hand game", lambda g: g.phase is Phase.AUCTION and "bettel-hand" in g.legal_actions()),
    ("illustrated", "declaration", lambda g: g.phase is Phase.DECLARE),
    ("illustrated", "play or invite", lambda g: g.phase is Phase.DEFENCE and "invite" in g.legal_actions()),
    (f"austrian({PREMIUMS})", "premium announcement",
     lambda g: g.phase is Phase.DECLARE and "quiet" in g.legal_actions()),
    ("nachgehen", "take over", lambda g: g.phase is Phase.DECLARE and "take" in g.legal_actions()),
]


def _nachgehen_take_over() -> Game:
    """tests/variants/austrian/test_nachgehen.py's seed example: A (seat 0) "one", B "two", C pass, A pass; B
    discards two and lies; A may take over (pass or take)."""
    g = Game(load_variant("nachgehen"), seed=2, first_dealer=2)
    drive(g, ["1", "2", "pass", "pass"])
    drive(g, g.legal_actions()[:2])
    drive(g, ["lie"])
    return g


@pytest.mark.parametrize(("variant", "kind", "want"), KINDS, ids=[f"{v}-{k}" for v, k, _ in KINDS])
def test_two_games_that_look_the_same_get_the_same_call(variant: str, kind: str,
                                                         want: Callable[[Game], bool]) -> None:
    if variant == "nachgehen":  # the heuristic bots never bid twice: the take-over is driven by hand
        a = _nachgehen_take_over()
        assert want(a)
    else:
        a = _first(variant, lambda g: want(g) and _swapped(g, g.current_player) is not None)
    seat = a.current_player
    b = _swapped(a, seat)
    assert b is not None and b.current_player == seat and b.phase == a.phase
    assert observe(a, seat) == observe(b, seat)
    assert any(a.hand(h) != b.hand(h) for h in a.deal.active if h != seat)  # they differ where it cannot look
    # the same call and the same value of every candidate, to the last bit
    assert values(a, seat) == values(b, seat)
    assert hard(seat).choose(a, seat) == hard(seat).choose(b, seat)


# ---------------------------------------------------------------- hand-worked calls


def test_ten_sure_tricks_declare_ten(sochi: Variant) -> None:
    # Seat 1 holds AS KS QS JS 10S 9S AC AD AH KH; the other two trumps (8S 7S) fall under AS KS, then the
    # trumps and the four red and club winners take every trick: 10 tricks in every layout, in spades and in
    # no-trump alike (the declarer, first hand, leads). Neither defender holds an ace or a guarded king and a
    # half (KC with seat 2, KD with seat 0), so neither whists whatever the level, and a ten made is worth 10
    # in the pool in Sochi against a nine's 8: the best declaration is a ten. The heuristic bot declares above
    # its bid only with a trick to spare: its count is 10, so it stops at nine.
    hands = {1: "AS KS QS JS 10S 9S AC AD AH KH", 2: "KC QC JC 10C 9C 8C 7C 8S QH JH",
             0: "KD QD JD 10D 9D 8D 7D 7S 10H 9H"}
    game = drive(rigged(sochi, hands, "8H 7H"), ["6S", "pass", "pass", "8H", "7H"])
    assert game.phase is Phase.DECLARE and game.current_player == 1
    assert sochi_level(game, HeuristicBot().choose(game, 1)) == 9
    call, vals = values(game, 1)
    # 25 declarations are legal; played out are the two strains taking the most double-dummy tricks (spades
    # and no-trump, 10 each in every layout), every level of each (none beyond the 10 tricks), and the
    # heuristic's 9S among them
    assert set(vals) == {f"{level}{strain}" for level in range(6, 11) for strain in ("S", "NT")}
    assert sochi_level(game, call) == 10
    assert vals[call] > max(v for c, v in vals.items() if sochi_level(game, c) == 9)
    assert sochi_level(game, hard(1).choose(game, 1)) == 10
    # with ``calls=0`` the hard bot leaves the declaration to the heuristic, as before the calls
    without = make_bot(HARD_SMALL + ":calls=0", 7, 1, trusted=True)
    assert sochi_level(game, without.choose(game, 1)) == 9


def sochi_level(game: Game, call: str) -> int:
    return game.contracts[call].level


def test_a_hand_that_cannot_take_a_trick_calls_misere_over_its_game(sochi: Variant) -> None:
    # Seat 1, first hand (who leads the first trick in Sochi), holds all eight spades and the sevens of clubs
    # and diamonds. In misère it leads the 7C or 7D: at least one other hand holds a higher club (seven of them
    # are out, at most two in the talon), and it never leads again; when a suit is led it follows with a seven
    # or throws a spade. No trick in any layout, whatever the talon (it discards the two talon cards again):
    # misère is worth 10 in the pool. Its best game is eight spades (eight trumps, the minors lost), worth 6,
    # and each whister writes whists for his two tricks. So misère beats every trick bid it could make.
    hands = {1: "AS KS QS JS 10S 9S 8S 7S 7C 7D", 2: "AC KC QC JC 10C AD KD QD JD 10D",
             0: "9C 8C 9D 8D AH KH QH JH 10H 9H"}
    game = rigged(sochi, hands, "8H 7H")
    assert game.current_player == 1 and "misere" in game.legal_actions()
    call, vals = values(game, 1)
    # of the 27 legal calls the candidates are pass, misère (the heuristic's call, and a call of another
    # kind) and the lowest trick bid, 6S, which stands for bidding on
    assert set(vals) == {"pass", "6S", "misere"}
    assert call == "misere"
    assert vals["misere"] > max(v for c, v in vals.items() if c != "misere")


def test_a_defender_with_no_trick_passes(sochi: Variant) -> None:
    # Seat 1 declares six spades holding AS KS QS JS 10S AC KC AD KD AH (the talon JH 10H discarded). Seat 2
    # holds no trump and the four lowest clubs, three lowest diamonds and three lowest hearts: whatever the
    # hidden hands, a card it plays is beaten by the card led in its suit (it holds the lowest ones), it cannot
    # ruff, and it never leads (the declarer, first hand, leads the first trick, and seat 2 wins none to lead
    # from): no trick in any layout. A whister answers for his share of the four tricks the pair owes on a six
    # and pays for each one missing; a pass costs nothing. So it passes, and the values say why.
    hands = {1: "AS KS QS JS 10S AC KC AD KD AH", 2: "7C 8C 9C 10C 7D 8D 9D 7H 8H 9H",
             0: "9S 8S 7S QC JC QD JD 10D KH QH"}
    game = drive(rigged(sochi, hands, "JH 10H"), ["6S", "pass", "pass", "JH", "10H", "6S"])
    assert game.phase is Phase.DEFENCE and game.current_player == 2
    call, vals = values(game, 2)
    assert call == "pass" and vals["whist"] < vals["pass"]
    assert hard(2).choose(game, 2) == "pass"


def test_imagined_layouts_keep_what_the_seat_sees(sochi: Variant) -> None:
    # a defender's imagined game keeps its own hand and gives the declarer's hand and discard 12 cards together
    hands = {1: "AS KS QS JS 10S AC KC AD KD AH", 2: "7C 8C 9C 10C 7D 8D 9D 7H 8H 9H",
             0: "9S 8S 7S QC JC QD JD 10D KH QH"}
    game = drive(rigged(sochi, hands, "JH 10H"), ["6S", "pass", "pass", "JH", "10H", "6S"])
    obs = observe(game, 2)
    for layout, _ in hard(2)._layouts(obs, 4):
        g = imagine(game, obs, layout)
        assert g.deal.hands[2] == game.deal.hands[2]
        assert (g.deal.hands[1] | g.deal.discard).bit_count() == 12 and g.deal.discard.bit_count() == 2
        g.check_cards()


def test_the_calls_played_out_are_the_options_else_the_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    # `hard:calls=C` says which phases' calls the bot plays out; without it the variant's `[bots] hard_calls`
    # (the Russian presets: the auction and the declaration, 1 + 2; the Balkan ones: only the declaration,
    # 2), and where no preset says, all (1 + 2 + 4); with the pure-Python solver none (the option still
    # says, there too)
    sochi, serbian = Game(load_variant("sochi"), 1, 0), Game(load_variant("serbian"), 1, 0)
    monkeypatch.setattr(levels, "compiled_search", lambda: object())  # the compiled solver, built or not
    assert hard(0).calls_for(sochi) == 3 and hard(0).calls_for(serbian) == 2
    with monkeypatch.context() as m:  # a variant whose presets say nothing of the bots
        m.setattr(Variant, "bot_defaults", property(lambda self: BotDefaults()))
        assert hard(0).calls_for(sochi) == 7
    assert make_bot(HARD_SMALL + ":calls=7", 7, 0, trusted=True).calls_for(serbian) == 7  # type: ignore[attr-defined]
    assert make_bot(HARD_SMALL + ":calls=0", 7, 0, trusted=True).calls_for(sochi) == 0  # type: ignore[attr-defined]
    with monkeypatch.context() as m:
        m.setattr(levels, "compiled_search", lambda: None)  # the pure-Python solver
        assert hard(0).calls_for(sochi) == 0 and hard(0).calls_for(serbian) == 0
        assert make_bot(HARD_SMALL + ":calls=7", 7, 0, trusted=True).calls_for(sochi) == 7  # type: ignore[attr-defined]
    # a Serbian or a Sochi defence call is then pimc's: nothing is played out for it

    def played_out(*args: object) -> None:
        raise AssertionError("a defence call played out where the variant says not to")

    monkeypatch.setattr(levels, "choose_call", played_out)
    for name in ("serbian", "sochi"):
        for seed in range(1, 40):  # the first deal the heuristic bots bid to a defence call with a choice
            game = Game(load_variant(name), seed, 0)
            while game.phase is not Phase.DEFENCE and not game.results:
                game.apply(HeuristicBot().choose(game, game.current_player))
            if game.phase is Phase.DEFENCE and len(game.legal_actions()) > 1:
                break
        assert game.phase is Phase.DEFENCE and len(game.legal_actions()) > 1, name
        seat = game.current_player
        # ... and plain pimc's, on uniform layouts: the same call as a pimc bot with the same options
        assert hard(seat).choose(game, seat) == PimcBot(hard(seat).options).choose(game, seat), name


def test_the_play_outs_defence_is_the_options_else_the_variants() -> None:
    # `hard:seen_defence=W` weighs the seen defence in the play-outs; without it the variant's
    # `[bots] hard_seen_defence` (the Russian and Balkan families: 0.5), and where no preset says (the
    # Austrian family), 0: the heuristic's
    sochi, serbian = Game(load_variant("sochi"), 1, 0), Game(load_variant("serbian"), 1, 0)
    assert hard(0).call_options(sochi).seen_defence == 0.5
    assert hard(0).call_options(Game(load_variant("leningrad"), 1, 0)).seen_defence == 0.5
    assert hard(0).call_options(serbian).seen_defence == 0.5
    assert hard(0).call_options(Game(load_variant("illustrated"), 1, 0)).seen_defence == 0.0
    bot = make_bot(HARD_SMALL + ":seen_defence=1", 7, 0, trusted=True)
    assert bot.call_options(serbian).seen_defence == 1.0  # type: ignore[attr-defined]
    bot = make_bot(HARD_SMALL + ":seen_defence=0", 7, 0, trusted=True)
    assert bot.call_options(serbian).seen_defence == 0.0  # type: ignore[attr-defined]  # an explicit 0 is kept


@pytest.mark.parametrize("value", ["1.5", "-0.5", "nan"])
def test_a_seen_defence_outside_0_to_1_is_refused(value: str) -> None:
    with pytest.raises(BadInput) as info:
        make_bot(f"hard:seen_defence={value}", 7, 0, trusted=True)
    assert "seen_defence" in str(info.value) and "\n" not in str(info.value)
