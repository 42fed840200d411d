"""The ``[rules]`` sections only Classic has: dark calls (втёмную), bombs (бомба) and the dealing after a
raspasovka, and :class:`ClassicRules`, the Russian family's rules with them. Values come from ``preset.toml``,
never from here; docs/variants/classic.md cites the sources.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, ValidationInfo, field_validator

from preferans.core.plugin import RulesSection, bad
from preferans.variants.russian.rules import RussianRules


class DarkRules(RulesSection):
    """Втёмную (dark, blind): calls made as a seat's first call, before he looks at his cards (RUS-BID-04)."""

    calls: list[Literal["pass", "games", "misere"]] = Field(
        title="which calls may be made dark",
        description="which calls may be made dark: the pass, the games 6..10, misère (RUS-BID-04)")
    factor: int = Field(
        title="multiplier of a game or misère bid dark",
        ge=1, description="multiplier of a game or misère bid dark (GAP-RUS-12: the Code gives none, so 1)")


class BombRules(RulesSection):
    """Бомба (bomb): a multiplier for the next game, earned by a dark pass followed by a raspasovka
    (RUS-RASP-21, RUS-RASP-26; GAP-RUS-08)."""

    factor: int = Field(
        title="each bomb multiplies by this",
        ge=1, description="each bomb multiplies by this (GAP-RUS-08: 2, so k bombs give 2^k)")
    earned_by: Literal["each_dark_passer", "deal"] = Field(
        title="a raspasovka earns a bomb per dark passer, or one per deal",
        description="a raspasovka earns one bomb for each player who passed dark (GAP-RUS-08), or one bomb "
        "however many passed dark (ISS-18, the table-wide reading)")
    spend: Literal["all", "one"] = Field(
        title="the next game uses every bomb, or each game uses one",
        description="the next game uses every bomb, factor^k, and the count starts again (GAP-RUS-08); or each "
        "game uses one bomb, x factor, while any are left (Skuratov: 'any game was written double')")
    raspasovka: bool = Field(
        title="a raspasovka is multiplied by the bombs too",
        description="a raspasovka is multiplied by the bombs in hand too "
        "(docs/rules/russian.md#conventions: 'the mountain x bomb')")
    exit_counts: Literal["raspasovkas", "bombs"] = Field(
        title="the exit level counts raspasovkas or bombs",
        description="the exit level (raspasovka.exit_levels) counts the bombs the series of raspasovkas earned "
        "(a seven after a dark pass, RUS-RASP-22) or its raspasovkas (any raspasovka, RUS-RASP-24, ISS-08)")
    compulsory_rounds: int = Field(
        title="rounds of compulsory raspasovka at the start",
        ge=0, description="rounds of compulsory raspasovka opening the pulka, everybody deemed to pass dark "
        "(RUS-RASP-25); a round is one deal by each player")
    half_time_after: int = Field(
        title="deals before half-time (0: none)",
        ge=0, description="deals before half-time, when half_time_rounds compulsory rounds are played (the 1971 "
        "MSU rules measure half-time by the clock; here a number of deals agreed at the table); 0: none")
    half_time_rounds: int = Field(
        title="rounds of compulsory raspasovka at half-time",
        ge=0, description="rounds of compulsory raspasovka at half-time, everybody deemed to pass dark (1971 MSU "
        "rules, kzpn200: two laps); used only with half_time_after")

    @field_validator("half_time_rounds")
    @classmethod
    def _needs_a_half_time(cls, rounds: int, info: ValidationInfo) -> int:
        if rounds and not info.data.get("half_time_after"):
            raise bad("needs half_time_after > 0: the deal at which half-time comes")
        return rounds


class DealingRules(RulesSection):
    """Who deals after a raspasovka (RUS-RASP-20)."""

    repeat_after_raspasovka: bool = Field(
        title="after a raspasovka the same dealer deals again",
        description="after a raspasovka the same dealer deals again (RUS-RASP-20); false: the deal slides")
    repeat_limit: int = Field(
        title="at most this many raspasovkas in a row by one dealer (0: no limit)",
        ge=0, description="at most this many raspasovkas in a row by one dealer, then the deal moves on "
        "(1971 MSU rules: 3); 0: no limit")


class ClassicRules(RussianRules):
    """The ``[rules]`` of Classic: the Russian family's and its own sections (``pref_rules_sections`` answers
    its :meth:`sections`, the three below); Classic's hooks take ``rules`` typed as this class."""

    dark: DarkRules = Field(title="dark calls, made before looking at one's cards")
    bomb: BombRules = Field(title="bombs: multipliers earned by a dark pass and a raspasovka")
    dealing: DealingRules = Field(title="who deals after a raspasovka")
