"""The ``[rules]`` keys of the Russian family. Values come from the preset files, never from here.

Each choice that the sources dispute (docs/rules/russian.md#where-the-sources-disagree) is a key; the presets
say which value a variant uses and docs/variants/<name>.md cites the source.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator

from preferans.core.plugin import CoreRules, RulesSection, bad

RESPONSIBILITY_RATE = {"full": Fraction(1), "half": Fraction(1, 2), "none": Fraction(0)}

LEVELS = (6, 7, 8, 9, 10)
"""The contract levels of the Russian game (RUS-BID: six to ten tricks of ten)."""

Level = Annotated[int, Field(ge=6, le=10)]
"""A contract level, 6..10."""
Tricks = Annotated[int, Field(ge=0, le=10)]
"""A number of tricks of a deal's ten."""


def _every_level(what: str) -> Callable[[dict[int, int]], dict[int, int]]:
    """A table by level must give every level 6..10: the scoring looks each one up."""
    def check(table: dict[int, int]) -> dict[int, int]:
        missing = [lv for lv in LEVELS if lv not in table]
        if missing:
            raise bad(f"no {what} for level {missing[0]} (one for each of 6..10)")
        return table
    return check


def _ascending(levels: list[int]) -> list[int]:
    if any(b <= a for a, b in pairwise(levels)):
        raise bad("levels must be ascending, each once")
    return levels


def _rising(levels: list[int]) -> list[int]:
    if not levels:
        raise bad("at least one level (the last one repeats)")
    if any(b < a for a, b in pairwise(levels)):
        raise bad("levels must not fall from one raspasovka to the next")
    return levels


def _falling(table: dict[int, int]) -> dict[int, int]:
    # a higher contract leaves the defence fewer tricks, so its obligation is never larger (Кодекс 3.8.2)
    values = [table[lv] for lv in LEVELS]
    if any(b > a for a, b in pairwise(values)):
        raise bad("the obligation must not rise with the level")
    return table


def _prices_rising(table: dict[int, int]) -> dict[int, int]:
    # a higher game is worth at least as much as a lower one, or nobody would bid it (price = 2 (level - 5))
    values = [table[lv] for lv in LEVELS]
    if any(b < a for a, b in pairwise(values)):
        raise bad("a game's price must not fall with the level")
    return table


Obligation = Annotated[dict[Level, Tricks], AfterValidator(_every_level("obligation")), AfterValidator(_falling)]
"""Tricks by level, one for each level 6..10, never rising with the level."""
Levels = Annotated[list[Level], AfterValidator(_ascending)]
"""Contract levels, ascending, each once."""


class WhistRules(RulesSection):
    """Вист (whist): the defenders' obligations and what they write."""

    obligation: Obligation = Field(
        title="tricks the defence must take, by level",
        description="tricks the defending pair must take, by contract level")
    rate: int = Field(
        title="whists per defence trick, times the contract price",
        ge=1, description="whists per defence trick, as a multiple of the contract price")
    style: Literal["greedy", "gentleman"] = Field(
        title="greedy or gentleman whist",
        description="lone whister and passer: greedy (жлобский, the whister writes all defence tricks) or "
        "gentleman (джентльменский, they share when the declarer is set)")
    responsibility: Literal["full", "half", "none"] = Field(
        title="what a whister pays per missing trick: full, half or none",
        description="whister's penalty per missing trick: the price (full), half of it, or nothing")
    two_whisters_cap: bool = Field(
        title="two whisters on 6 or 7: a short whister pays at most the pair's deficit",
        description="two whisters on 6/7: a whister short of his quota pays at most the pair's deficit")
    high_liability: Literal["second", "both"] = Field(
        title="two whisters on 8 or 9 who take nothing: who pays",
        description="two whisters on 8/9 who take nothing: who pays (the second to whist, or both)")
    half_whist_levels: Levels = Field(
        title="levels on which the second defender may half-whist",
        description="levels on which the second defender may half-whist")
    lone_whister_open: bool = Field(
        title="a lone whister plays both defending hands face up",
        description="a lone whister plays both defending hands, face up")
    first_lead_dark: bool = Field(
        title="open play: the declarer leads before the hands are laid open",
        description="open play with the declarer on lead: he leads before the defenders' hands are laid open "
        "(Jura's Leningrad: 'играющий делает первый ход втёмную'); false: they are open from the start")
    stalingrad: bool = Field(
        title="6 spades must be whisted (Stalingrad)",
        description="6 spades must be whisted (Сталинград)")
    return_levels: Levels = Field(
        title="levels on which a defender who passed may return the whist",
        description="levels on which the first defender, who passed, may take the whist back after the second "
        "half-whisted (вернуть вист, a defence call 'return'); the half-whister then counts as the passer")
    lone_whister_chooses: bool = Field(
        title="a lone whister chooses open or closed play",
        description="a lone whister chooses open or closed play (a defence call 'open' or 'closed'); "
        "lone_whister_open is then only the default offered first")
    responsibility_base: Literal["price", "whist"] = Field(
        title="what the responsibility is a share of: the price or the whist",
        description="what the responsibility fraction applies to: the contract price (Sochi, Rostov: half = P/2) "
        "or the whists one defence trick is worth, price x rate (Leningrad: half of a doubled whist = P)")

    @field_validator("return_levels")
    @classmethod
    def _return_after_half_whist(cls, levels: list[int], info: ValidationInfo) -> list[int]:
        # the whist is taken back only after the second defender half-whisted (вернуть вист)
        half = info.data.get("half_whist_levels", [])
        extra = [lv for lv in levels if lv not in half]
        if extra:
            raise bad(f"level {extra[0]} is not in half_whist_levels {half} (a whist is returned only after a "
                      "half-whist)")
        return levels


class DeclarerRules(RulesSection):
    """What a set declarer (ремиз) pays."""

    undertrick_rate: int = Field(
        title="mountain points per undertrick, times the price",
        ge=1, description="mountain points per undertrick, as a multiple of the price")
    consolation_rate: int = Field(
        title="consolation whists per undertrick, times the price",
        ge=0, description="whists per undertrick each other player writes (консоляция)")
    consolation_by: Literal["all", "defenders"] = Field(
        title="who writes consolation: all the others or the defenders",
        description="who writes consolation: every other player (incl. a sitting-out dealer) or the defenders")
    consolation_flat: int = Field(
        title="consolation whists per undertrick whatever the contract (0: by the price)",
        ge=0, description="if above 0, consolation is this many whists per undertrick whatever the contract "
        "(Rostov's 'консоляция 10', docs/rules/russian.md#dispute-6); 0: consolation_rate x price")
    concede_three: bool = Field(
        title="a whisted declarer may concede three undertricks without play",
        description="once whisted, the declarer may concede three undertricks without play (без трёх, a defence "
        "call 'concede'; 'play' plays on)")
    concede_three_whists: Literal["none", "as_played"] = Field(
        title="what the whisters write when three undertricks are conceded",
        description="what the whisters write after 'без трёх': nothing (без вистов), or the whists of the "
        "13 - level defence tricks as if the deal had been played so")


class MisereRules(RulesSection):
    """Мизер (misère): the declarer takes no trick."""

    price: int = Field(title="pool points for a made misère", ge=1, description="pool points for a made misère")
    penalty_per_trick: int = Field(
        title="mountain points per trick the misère declarer takes",
        ge=1, description="mountain points per trick the declarer takes")
    consolation: bool = Field(
        title="the others write consolation per trick taken",
        description="the others write consolation per trick taken (docs/rules/russian.md#dispute-7)")
    half_and_half: bool = Field(
        title="four players: the misère may be shared with the dealer",
        description="four players: the misère declarer may invite the sitting-out dealer to share it "
        "(мизер пополам, RUS-MIS-09: declaration calls 'invite', then 'agree' or 'refuse'); results are halved")


class RaspasovkaRules(RulesSection):
    """Распасовка (all-pass play): every trick costs mountain points, or (Rostov) whists."""

    record: Literal["gora", "whists"] = Field(
        title="where raspasovka tricks are written: mountain or whists",
        description="where tricks are written: each player's mountain (RUS-RASP-03), or whists written by the "
        "player(s) with the fewest tricks on the others (Rostov, RUS-RASP-05; the talon takes no part)")
    trick_price: int = Field(
        title="mountain points per trick at the first raspasovka",
        ge=0, description="mountain points per trick at the first raspasovka")
    progression: Literal["none", "arithmetic", "geometric"] = Field(
        title="how the price rises in a row of raspasovkas: none, arithmetic or geometric")
    progression_step: int = Field(
        title="arithmetic: added to the price at each raspasovka in a row",
        ge=0, description="arithmetic: added to the price at each raspasovka in a row")
    progression_factor: int = Field(
        title="geometric: the price is multiplied by this",
        ge=1, description="geometric: the price is multiplied by this")
    progression_cap: int = Field(
        title="the price stops rising after this many steps (0: no cap)",
        ge=0, description="the price stops rising after this many steps (0: no cap)")
    amnesty: bool = Field(
        title="subtract the smallest trick count from everybody (amnesty)",
        description="subtract the smallest trick count from everybody (амнистия)")
    zero_tricks_to_pool: bool = Field(
        title="a player with no trick writes the price in his pool",
        description="a player with no trick writes the current price in his pool")
    exit_levels: Annotated[list[Level], AfterValidator(_rising)] = Field(
        title="the lowest game level after 1, 2, ... raspasovkas in a row",
        description="minimum game level after 1, 2, ... raspasovkas in a row (the last value repeats)")
    exit_by: Literal["any_deal", "played", "whisted_game"] = Field(
        title="what ends a series of raspasovkas",
        description="what ends a series of raspasovkas (progression and exit level start again): any deal "
        "with a contract; a contract played out, misère included, not one both defenders passed (GAP-RUS-03); "
        "or only a game that was whisted, played and made (Jura)")
    whists_per_trick: int = Field(
        title="whists per trick when raspasovka is written in whists",
        ge=0, description="record = whists: whists per trick at the base price (RUS-RASP-05: usually 5)")
    zero_tricks_write_off: bool = Field(
        title="a player with no trick takes the price off his mountain",
        description="a player with no trick takes the price off his mountain instead of writing it in his "
        "pool (Jura's Leningrad, docs/rules/russian.md#dispute-4); only with zero_tricks_to_pool")

    @field_validator("zero_tricks_write_off")
    @classmethod
    def _write_off_needs_pool(cls, write_off: bool, info: ValidationInfo) -> bool:
        if write_off and not info.data.get("zero_tricks_to_pool", True):
            raise bad("true only with zero_tricks_to_pool = true (it replaces writing the price in the pool)")
        return write_off


class TalonRules(RulesSection):
    """Платный прикуп (the paid talon, Кодекс 3.4.11): with four players the dealer, who sits out, writes
    whists on the declarer of a trick game for what the talon brought him, units x the whist of one trick."""

    paid: bool = Field(
        title="the dealer who sat out writes whists for the talon's aces and marriage",
        description="the dealer who sat out writes whists on the declarer for the talon's aces "
                                   "and marriage (Кодекс 3.4.11; an option)")
    two_aces: int = Field(
        title="units for two aces in the talon",
        ge=0, description="units for two aces in the talon (gchet: 3)")
    ace_king: int = Field(
        title="units for an ace with its king",
        ge=0, description="units for an ace with the king of its suit (gchet: 2)")
    ace: int = Field(title="units for one ace", ge=0, description="units for one ace otherwise (gchet: 1)")
    marriage: int = Field(
        title="units for a king and queen of one suit",
        ge=0, description="units for a king and queen of one suit, марьяж (gchet: 1)")


class OverflowRules(RulesSection):
    """A pool that would pass the target (закрытая пуля)."""

    mode: Literal["aid", "write_off", "none"] = Field(
        title="the excess: aid to another pool, off one's own mountain, or kept",
        description="aid: the excess goes to the largest unclosed pool (10 whists a point), then off one's own "
        "mountain; write_off: straight off one's own mountain; none: the pool keeps it")
    whists_per_point: int = Field(
        title="whists the helper writes per point of aid",
        ge=0, description="whists the helper writes on the helped player per point")
    aid_to: Literal["largest", "each_unclosed"] = Field(
        title="aid to the largest unclosed pool only, or to each in turn",
        description="aid goes only to the largest unclosed pool (then one's own mountain), or on to the next "
        "largest unclosed pools in turn before the mountain")


class GusarikRules(RulesSection):
    """Two players (гусарик): the dummy third hand (болван). Read only when ``players = 2``."""

    raspasovka_dummy: Literal["dealer", "non_dealer"] = Field(
        title="who plays the dummy's hand in a raspasovka",
        description="who plays the dummy's hand, face up, in a raspasovka (its tricks count for nobody)")
    indivisible_mountain: bool = Field(
        title="indivisible mountain: only half the overflow is written off",
        description="неделимая гора: only half of the overflow points are written off the mountain "
        "(Кодекс 4.1.1, note on the two-player game)")


class SettlementRules(RulesSection):
    """Final settlement in whists: R_i = sum_j (W_ij - W_ji) + Kp (P_i - mean P) - Kg (G_i - mean G)."""

    pool_point: int = Field(title="whists per pool point", ge=0, description="Kp: whists per pool point")
    gora_point: int = Field(title="whists per mountain point", ge=0, description="Kg: whists per mountain point")


class RussianRules(CoreRules):
    """The ``[rules]`` of the Russian family (``pref_rules_sections`` answers its :meth:`sections`); its hooks take
    ``rules`` typed as this class, and a child's (Classic's) extends it."""

    players: int = Field(
        title="players at the table (2: with a dummy hand)",
        ge=2, le=4, description="players at the table: 3, 4 (the dealer sits out) or 2 (gusarik: a dummy third "
        "hand)")
    pool: int = Field(
        title="the pool target: the match ends when every pool reaches it",
        ge=1, description="pool target (пуля): the match ends when every pool reaches it")
    game_price: Annotated[dict[Level, Annotated[int, Field(ge=1)]], AfterValidator(_every_level("price")),
                          AfterValidator(_prices_rising)] = Field(
        title="pool points of a made game, by level",
        description="pool points of a made game, by level")
    ten: Literal["checked", "whisted"] = Field(
        title="a ten is checked (played without whists) or whisted",
        description="a ten is checked (played, no whists) or whisted")
    whist: WhistRules = Field(title="whist: what the defenders must take and write")
    declarer: DeclarerRules = Field(title="what a set declarer pays")
    misere: MisereRules = Field(title="misère: the declarer takes no trick")
    raspasovka: RaspasovkaRules = Field(title="raspasovka: the deal everybody passed")
    overflow: OverflowRules = Field(title="a pool that would pass the target")
    talon: TalonRules = Field(title="the paid talon: the dealer's whists for what the talon brought")
    gusarik: GusarikRules = Field(title="two players (gusarik): the dummy hand")
    settlement: SettlementRules = Field(title="the final settlement in whists")
