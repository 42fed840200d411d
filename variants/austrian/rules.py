"""The ``[rules]`` keys of the Austrian pot family. Values come from the preset files, never from here.

Every open point of the pagat page (docs/rules/austrian.md#open-points) and every value the public pages
dispute is a key; the presets say which value a variant uses and docs/variants/austrian.md gives the source and the
reason for each default.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, ValidationInfo, field_validator, model_validator

from preferans.core.plugin import CoreRules, RulesSection, bad

SUIT_CONTRACTS = ("clubs", "spades", "diamonds", "hearts")
"""The four suit contracts, by name (PAGAT: acorns/clubs 1, leaves/spades 2, bells/diamonds 3, hearts 4)."""

EXTRA_CONTRACTS = ("bettel", "durchmarsch", "plauderer", "offener-durchmarsch")
"""Illustrated Preference's extra contracts (ILL-BID-01, ILL-EXT-01..04); registered only by ``illustrated``."""

TRUMP_INDEX = {"spades": 0, "clubs": 1, "diamonds": 2, "hearts": 3}
"""Suit contract name -> the engine's suit index (``core.cards.SUITS`` = "SCDH")."""


def _suits_only(table: dict[str, int] | None) -> dict[str, int] | None:
    unknown = [k for k in table or {} if k not in SUIT_CONTRACTS]
    if unknown:
        raise bad(f"unknown suit contract {unknown[0]!r} (allowed: {', '.join(SUIT_CONTRACTS)})")
    return table


Money = Annotated[int, Field(ge=0)]
"""An amount of money (the pot's units): never below nothing."""


class GameRules(RulesSection):
    """The contracts: their numbers in the auction, the declarer's target, hand games."""

    numbers: dict[str, int] = Field(
        title="the number each contract is bid with",
        description="the number each contract is bid with (clubs 1 < spades 2 < diamonds 3 < hearts 4; "
        "Illustrated adds bettel 5 .. offener-durchmarsch 8); the declarer names a contract whose number is "
        "at least his bid (AUT-BID-03, GAP-AUT-02)")
    target: int = Field(
        title="tricks the declarer needs in a suit contract",
        ge=1, le=10, description="tricks the declarer needs in a suit contract (6, PAGAT)")
    hand_games: bool = Field(
        title="each contract may also be played without the talon",
        description="each contract may also be bid and played without the talon (WIKI14)")
    hand_rank: Literal["above_talon", "by_number"] = Field(
        title="where the hand bids rank",
        description="where hand bids rank: above every bid with the talon (WIKI14; docs/rules/austrian.md#illustrated) "
        "or, at equal number, just above the talon bid of that number (GAP-ILL-03)")

    @model_validator(mode="after")
    def _known_numbers(self) -> GameRules:
        known = (*SUIT_CONTRACTS, *EXTRA_CONTRACTS)
        unknown = [k for k in self.numbers if k not in known]
        if unknown:
            raise ValueError(f"numbers: unknown contract {unknown[0]!r} (allowed: {', '.join(known)})")
        missing = [s for s in SUIT_CONTRACTS if s not in self.numbers]
        if missing:
            raise ValueError(f"numbers: no number for {', '.join(missing)}")
        values = list(self.numbers.values())
        if len(set(values)) != len(values) or min(values) < 1:
            raise ValueError("numbers: each contract needs its own number, 1 or more")
        return self


class AuctionRules(RulesSection):
    """The bidding (AUT-BID)."""

    jumps: bool = Field(
        title="a bid may skip numbers",
        description="a bid may skip numbers (KNET: 'at least one higher'); false: exactly one higher (CSWB)")
    hold: bool = Field(
        title="an earlier player may hold a later player's bid (mein)",
        description="a player earlier in the bidding order may hold a later player's bid with 'mein' "
        "(WSUM, WIKI14: forehand > middlehand > rearhand)")


class DefenceRules(RulesSection):
    """The defenders' decisions (AUT-DEF): play or stay at home, and the invitation."""

    quota: int = Field(
        title="tricks each playing defender needs",
        ge=0, le=10, description="tricks each playing defender needs on his own (AUT-DEF-01)")
    invitation: bool = Field(
        title="the second defender may invite the first",
        description="the second defender may invite the first after he passed (SCRIBD; AUT-DEF-02)")
    inviter_quota: int = Field(
        title="tricks both defenders need when one invited the other",
        ge=0, le=10, description="tricks the inviter answers for, both defenders "
                               "together (AUT-DEF-02)")

    @field_validator("inviter_quota")
    @classmethod
    def _both_at_least_one(cls, quota: int, info: ValidationInfo) -> int:
        # the two defenders together answer for at least what one playing defender needs alone (AUT-DEF-01/02)
        own = info.data.get("quota", 0)
        if quota < own:
            raise bad(f"less than quota = {own}: both defenders together need at least one's own quota "
                      "(AUT-DEF-01, AUT-DEF-02)")
        return quota
    invited_tricks: Literal["inviter", "own"] = Field(
        title="who collects the money for the invited defender's tricks",
        description="who collects the per-trick money for the invited defender's tricks: the inviter "
        "(GAP-AUT-10) or the invited defender himself (docs/rules/austrian.md#open-point-1)")


class PlayRules(RulesSection):
    """The card play of the suit contracts (AUT-PLAY-01)."""

    opening_lead: Literal["declarer", "first_hand"] = Field(
        title="who leads to the first trick",
        description="who leads to the first trick: the declarer (KNET, PIERER, SCRIBD) or first hand")
    must_beat: bool = Field(
        title="head the trick when you can",
        description="head the trick when you can, over-trumping included "
                            "(Stichzwang: ALLE, AUT-PLAY-01); false: follow suit only (PIERER, the Balkan chapter)")
    must_trump: bool = Field(
        title="a player void in the suit led must trump",
        description="a player void in the suit led must trump if he can (KNET/R)")
    must_overtrump: bool = Field(
        title="a void player must over-trump",
        description="a void player must over-trump a trump already in the trick (AUT-PLAY-01 [D]); false: "
        "heading the trick stops at following suit (docs/rules/austrian.md#open-point-8)")


class PotRules(RulesSection):
    """The pot (котёл): what goes in, what the declarer takes (AUT-POT, STY-POT)."""

    method: Literal["fixed", "unlimited", "limited", "styrian"] = Field(
        title="how much the declarer plays for",
        description="fixed: the declarer takes `stake` (basic game, docs/rules/austrian.md#payoff); unlimited: the "
        "whole pot (AUT-POT-04); limited: at most cap_multiplier x ante (AUT-POT-07); styrian: the value of the trump "
        "suit in `values` (STY-POT-02)")
    initial: int = Field(
        title="the pot before the first deal",
        ge=0, description="the pot before the first deal, put in by all players in equal "
                         "shares (STY-POT-01; 0: it starts empty, AUT-POT-03)")
    ante: int = Field(
        title="what the dealer puts in before every deal",
        ge=0, description="what the dealer puts in before every deal (AUT-POT-03; Styrian 0)")
    stake: int = Field(
        title="the fixed pot: the amount played in every deal",
        ge=0, description="the fixed pot: the amount played in every deal (docs/rules/austrian.md#payoff)")
    cap_multiplier: Literal[5, 10, 20] | None = Field(
        title="the limited pot: at most this many antes are played",
        default=None, description="read by method limited only: the amount played is at most this many antes "
        "(AUT-POT-07)")
    values: Annotated[dict[str, Money] | None, AfterValidator(_suits_only)] = Field(
        title="the Styrian pot: the amount played by the trump suit",
        default=None, description="read by method styrian only: the amount played by trump suit (STY-VAL-01)")
    trick_divisor: int = Field(
        title="the declarer pays the amount divided by this per defender's trick",
        ge=1, description="the declarer pays amount/trick_divisor per defender's trick "
                               "(AUT-POT-04: one tenth)")
    declarer_fail: int = Field(
        title="a failing declarer pays this many times the amount",
        ge=0, description="a failing declarer pays this many times the amount into the "
                               "pot (AUT-POT-05: double)")
    defender_fail: int = Field(
        title="a defender short of his quota pays this many times the amount",
        ge=0, description="a defender short of his quota pays this many times the amount "
                               "(AUT-DEF-03: single)")
    inviter_fail: int = Field(
        title="an inviter whose side is short pays this many times the amount",
        ge=0, description="an inviter whose side is short pays this many times the amount "
                              "(AUT-DEF-02)")
    shortfall: Literal["pot", "value"] = Field(
        title="a pot holding less than the amount: play for the pot or the full value",
        description="when the pot holds less than the amount: play for what is in it (GAP-AUT-06), or pay and "
        "charge the full value while the declarer takes only what is there")
    when_empty: Literal["continue", "refill", "end"] = Field(
        title="after a deal that empties the pot: play on, refill or end",
        description="after a deal that empties the pot: play on (the next ante refills it), refill it with "
        "`initial` in equal shares, or end the session (STY-POT-01)")
    at_end: Literal["keep", "share"] = Field(
        title="money left in the pot at the end: kept or shared",
        description="money left in the pot when the session ends: kept for the next session and reported apart, "
        "or shared equally among the players (docs/rules/austrian.md#open-point-4)")

    @model_validator(mode="after")
    def _method_keys(self) -> PotRules:
        # cap_multiplier and values are read only by their method; a child preset inherits them and TOML
        # cannot unset a key, so Illustrated (on the limited pot) can still be switched to method "unlimited"
        if self.method == "limited" and self.cap_multiplier is None:
            raise ValueError("cap_multiplier: required by method 'limited' (5, 10 or 20, AUT-POT-07)")
        if self.method == "styrian":
            missing = [s for s in SUIT_CONTRACTS if s not in (self.values or {})]
            if missing:
                raise ValueError(f"values: method 'styrian' needs a value for {', '.join(missing)}")
        return self

    @property
    def scorecard_keys(self) -> dict[str, str]:
        """The keys a scorecard must state, since the preset's values are only defaults: the pot before the
        first deal, and the cap when the method has one (read by ``scorecard.required_keys``)."""
        keys = {"initial": "the pot before the first deal"}
        if self.method == "limited":
            keys["cap_multiplier"] = "the cap on the amount played (5, 10 or 20 antes)"
        return keys


class PremiumRules(RulesSection):
    """Premiums (AUT-PREM), settled directly between the declarer and each opponent, outside the pot."""

    amount: int = Field(
        title="each premium",
        ge=0, description="each premium, paid to or by each opponent (AUT-PREM-02..04: 10)")
    hearts: Literal["hand", "always", "off"] = Field(
        title="hearts premium: in hand games, always, or off",
        description="hearts premium: only for hearts without the talon (ISS-15, GAP-AUT-07), for every hearts "
        "contract, or none")
    other_hand_games: bool = Field(
        title="a hand game in another suit pays the premium too",
        description="a hand game in clubs, spades or diamonds pays the same premium "
        "(docs/rules/austrian.md#open-point-6)")
    four_aces: Literal["shown", "announced", "off"] = Field(
        title="four aces premium: shown, announced or off",
        description="four aces: shown at the end of play (AUT-PREM-03), announced before the first lead "
        "(AUT-PREM-05 c), or no such premium")
    no_aces: Literal["announced", "off"] = Field(
        title="no aces premium: announced or off",
        description="no aces, announced before the first lead (AUT-PREM-04), or no such premium (AUT-PREM-05 d)")
    aces_hand_only: bool = Field(
        title="the ace premiums only in hand games",
        description="the ace premiums only in games without the talon (AUT-PREM-05 b)")
    on_failure: Literal["seed", "forfeit", "reverse"] = Field(
        title="the ace premiums when the contract fails",
        description="ace premiums when the contract fails: four aces unpaid and no aces paid back (the pagat page), "
        "neither paid nor paid back, or both paid back by the declarer (AUT-PREM-05 e)")
    payers: Literal["opponents", "defenders"] = Field(
        title="who pays a premium: both opponents or the defenders",
        description="who pays a premium to the declarer: both opponents (AUT-PREM-02..04) or only those who "
        "played (ISS-01); the declarer always pays each opponent")
    without_play: bool = Field(
        title="premiums are due when both opponents stay at home",
        description="premiums are due when both opponents stay at home "
        "(GAP-AUT-04; docs/rules/austrian.md#open-point-7)")


class AustrianRules(CoreRules):
    """The ``[rules]`` of the Austrian pot family (``pref_rules_sections`` answers its :meth:`sections`); its
    hooks take ``rules`` typed as this class, and Illustrated's extends it."""

    # the Austrian game is for three active players; four with the dealer sitting out (PAGAT, PARLETT)
    players: int = Field(
        title="players at the table",
        ge=3, le=4, description="players at the table: 3, or 4 (the dealer sits out)")
    game: GameRules = Field(title="the contracts: numbers, target, hand games")
    auction: AuctionRules = Field(title="the bidding")
    defence: DefenceRules = Field(title="the defenders: play or stay at home, and the invitation")
    play: PlayRules = Field(title="the card play")
    pot: PotRules = Field(title="the pot: what goes in, what the declarer takes")
    premiums: PremiumRules = Field(title="premiums, paid directly outside the pot")
