"""The ``[rules]`` keys of the Balkan family. Values come from the preset files, never from here.

Every point where the sources disagree (docs/rules/balkan.md#where-the-sources-disagree) is a key;
``balkan/preset.toml`` gives the Balkan chapter's reading, the child presets (``serbian``, ``slovenian``)
theirs, and docs/variants/<name>.md cites each source.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator
from pydantic.config import JsonDict

from preferans.core.plugin import CoreRules, RulesSection, bad

SCORECARD_REQUIRED: JsonDict = {"scorecard": "required"}
"""Marks a key a scorecard must state in its ``[rules]`` (what was agreed at the table)."""


CONTRACTS = ("spades", "diamonds", "hearts", "clubs", "betl", "sans")
"""The contracts in bidding order, 2 spades .. 7 sans (BAL-VAL-04); ``value`` and ``igra_value`` give each one."""


def _value_table(table: dict[str, int]) -> dict[str, int]:
    # one V for each contract, rising with the bid: V = 2 x number (BAL-VAL-01), 2 x (number + 1) (BAL-VAL-02)
    unknown = [k for k in table if k not in CONTRACTS]
    if unknown:
        raise bad(f"unknown contract {unknown[0]!r} (allowed: {', '.join(CONTRACTS)})")
    missing = [k for k in CONTRACTS if k not in table]
    if missing:
        raise bad(f"no value for {missing[0]} (one for each of {', '.join(CONTRACTS)})")
    if any(table[b] <= table[a] for a, b in pairwise(CONTRACTS)):
        raise bad(f"values must rise with the bid, {' < '.join(CONTRACTS)}")
    return table


ValueTable = Annotated[dict[str, Annotated[int, Field(ge=1)]], AfterValidator(_value_table)]


class DefenceRules(RulesSection):
    """Who defends and what the defenders must take (BAL-DEF)."""

    lone_quota: int = Field(
        title="tricks a lone follower must take",
        ge=0, le=10, description="tricks a lone follower must take (BAL-DEF-08)")
    pair_quota: int = Field(
        title="tricks two followers must take together",
        ge=0, le=10, description="tricks two followers must take together; below it each "
                                                     "one short of each_quota is penalised (BAL-DEF-01/02)")
    each_quota: int = Field(
        title="a follower's own quota when the pair is short",
        ge=0, le=10, description="a follower's own quota when the pair is short")
    each_always: bool = Field(
        title="a follower below his own quota fails even when the pair made theirs",
        description="two followers: each one below each_quota fails even when the pair took pair_quota or the "
        "declarer failed (pajcho, antonijek); false: only when the pair is short (the Balkan chapter, pk)")
    invite_quota: int = Field(
        title="tricks an inviter's team must take",
        ge=0, le=10, description="tricks an inviter's team must take (BAL-DEF-09)")
    invitation: bool = Field(
        title="a lone follower may invite the passer",
        description="a lone follower may invite the passer (zvanje, BAL-DEF-06)")
    stop_at: int = Field(
        title="play stops when the followers have this many tricks",
        ge=1, le=10, description="play stops when the defence takes this many tricks, and "
                                                  "the defence never writes more (BAL-DEF-03)")

    @field_validator("each_quota")
    @classmethod
    def _share_of_pair(cls, each: int, info: ValidationInfo) -> int:
        # a follower's own quota is his share of the pair's (BAL-DEF-02)
        pair = info.data.get("pair_quota", each)
        if each > pair:
            raise bad(f"more than pair_quota = {pair} (BAL-DEF-02: each one's share of the pair's)")
        return each

    @field_validator("stop_at")
    @classmethod
    def _quotas_reachable(cls, stop_at: int, info: ValidationInfo) -> int:
        # play stops at stop_at defence tricks (BAL-DEF-03), so a larger quota could never be met
        for key in ("lone_quota", "pair_quota", "each_quota", "invite_quota"):
            quota = info.data.get(key, 0)
            if quota > stop_at:
                raise bad(f"below {key} = {quota}: play would stop before the defence could take it (BAL-DEF-03)")
        return stop_at


class KontraRules(RulesSection):
    """The kontra chain (BAL-KON): kontra x2, rekontra x4, subkontra x8, mortkontra x16 ..."""

    factor: int = Field(
        title="the multiplier of each kontra level",
        ge=1, description="the multiplier of each kontra level")
    max_level: int | None = Field(
        title="the highest kontra level (not set: no limit)",
        default=None, ge=1, description="the highest level allowed (4 = mortkontra); "
                                                                  "not set: no limit (BAL-KON-07)")
    quota: int = Field(
        title="tricks the kontra-giver's team must take",
        ge=0, le=10, description="tricks the kontra-giver's team must take (BAL-KON-05)")
    other_defender: Literal["normal", "nothing"] = Field(
        title="the follower who did not say kontra: scores normally or writes nothing",
        description="the defender who did not say kontra: scores normally and undoubled (the Balkan chapter, "
        "BAL-KON-02), or writes nothing while the kontra-giver writes the team's tricks (pk 10)")
    chains: Literal["one", "each"] = Field(
        title="one kontra chain, or one for each follower",
        description="who may say kontra: the first follower who says it, one chain (pk, PPN, pajcho); or each "
        "follower, a chain of his own that the declarer answers in turn, the declarer's own entry at the "
        "highest level ('the defender or defenders who said kontra', BAL-KON-06, GAP-BAL-09)")

    @field_validator("chains")
    @classmethod
    def _each_needs_normal(cls, chains: str, info: ValidationInfo) -> str:
        # under other_defender = "nothing" the kontra-giver writes the team's tricks: a second chain would
        # write them twice (pk 10 knows one kontra-giver)
        if chains == "each" and info.data.get("other_defender") == "nothing":
            raise bad('"each" only with other_defender = "normal" (pk 10: one kontra-giver writes the team\'s tricks)')
        return chains


class TwoRules(RulesSection):
    """The "two" (pik with the talon) needs a kontra to be played (BAL-KON-08)."""

    needs_kontra: bool = Field(
        title="the two is played only under kontra",
        description="the two with the talon is played only under kontra")
    unless_refe: bool = Field(
        title="except when the declarer holds an unplayed refe",
        description="not when the declarer holds an unplayed refe (the Balkan chapter: 'без рефета')")
    without_kontra: Literal["declarer_wins", "refe_else_declarer_wins", "refe_else_nothing"] = Field(
        title="the two without kontra: who wins, or a refe",
        description="no kontra: the declarer wins without play (the Balkan chapter); a refe for everybody if one "
        "may be written, else the declarer wins (pk 10/11); a refe if one may be written, else nothing "
        "(Slovenian, SLO-02)")


class BetlRules(RulesSection):
    """Betl (misère, BAL-BET)."""

    all_follow: bool = Field(
        title="both defenders always follow a betl",
        description="both defenders always defend a betl (pk 9; GAP-BAL-12)")
    juha: int = Field(
        title="supe each follower writes on a failed betl",
        ge=0, description="supe each defender writes on a failed betl with the talon (BAL-BET-02)")
    igra_juha: int = Field(
        title="supe each follower writes on a failed igra betl",
        ge=0, description="supe each defender writes on a failed igra betl (BAL-BET-03)")


class PlayRulesSection(RulesSection):
    """Who leads (BAL-PLAY)."""

    sans_lead: Literal["skip_declarer", "before_declarer"] = Field(
        title="who leads in sans",
        description="sans: the lead passes on clockwise past the declarer (BAL-PLAY-04), or goes to the defender "
        "who plays just before him ('kroz vodioca' pk 12, 'под разыгрывающего' SLO-03)")


class RefeRules(RulesSection):
    """Refe (refa, radlc): the all-pass mark that doubles its holder's next contract (BAL-REFE)."""

    factor: int = Field(
        title="the multiplier of a game played on refe",
        ge=1, description="the multiplier of a deal played on refe")
    hat_at_zero: bool = Field(
        title="a bula of exactly 0 counts as under the hat",
        description="a bula of exactly 0 counts as under the hat (GAP-BAL-15)")


class SettlementRules(RulesSection):
    """Final settlement: R_i = bula_point (sum B / n - B_i) + sum_j (W_ij - W_ji) (BAL-SCORE-14/15)."""

    bula_point: int = Field(title="supe per bula point", ge=0, description="juha points per bula point (BAL-SCORE-03)")
    write_off: Literal["exact", "highest_first"] = Field(
        title="an unfinished game: the bule written off exactly or from the highest",
        description="an unfinished game: the bule are written off equally, exactly (the Balkan chapter, "
        "BAL-SCORE-15), or in integers with the remainder from the highest bule (pk 13 examples 14-16)")


class BalkanRules(CoreRules):
    """The ``[rules]`` of the Balkan family (``pref_rules_sections`` answers its :meth:`sections`); its hooks take
    ``rules`` typed as this class."""

    # three players, or four with the dealer sitting out; no two-player (dummy) game in this family
    players: int = Field(
        title="players at the table",
        ge=3, le=4, description="players at the table: 3, or 4 (the dealer sits out)")
    bula: int = Field(
        title="the bula every player starts with",
        ge=1, description="starting bula of every player (BAL-SCORE-02)", json_schema_extra=SCORECARD_REQUIRED)
    refe_limit: int = Field(
        title="how many refe may be written in a game",
        ge=0, description="refe-granting deals allowed in the game (BAL-REFE-04)",
        json_schema_extra=SCORECARD_REQUIRED)
    talon_shown: bool = Field(
        title="the talon is shown to everybody when taken",
        description="the talon is shown to everybody when taken (GEN-DECK-07)")
    value: ValueTable = Field(
        title="the value of each contract with the talon",
        description="V of each contract with the talon (BAL-VAL-01)")
    igra_value: ValueTable = Field(
        title="the value of each contract in igra, without the talon",
        description="V of each contract played without the talon, igra (BAL-VAL-02)")
    defence: DefenceRules = Field(title="who follows and what the followers must take")
    kontra: KontraRules = Field(title="kontra: each level multiplies the game")
    two: TwoRules = Field(title="the two: spades with the talon")
    betl: BetlRules = Field(title="betl: the declarer takes no trick")
    play: PlayRulesSection = Field(title="who leads")
    refe: RefeRules = Field(title="refe: the all-pass mark that doubles the next game")
    settlement: SettlementRules = Field(title="the final settlement")
