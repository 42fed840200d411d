"""Illustrated Preference (Illustrierte Préférence): the pot game with four extra contracts.

The auction goes on past four: 5 Bettel (no trick), 6 Durchmarsch (all ten), 7 Plauderer (Bettel with the
declarer's cards open after the first lead) and 8 Offener Durchmarsch (all ten, open), each also without the
talon for double money (ILL-BID-01, ILL-EXT-01..07). They are contract rows registered here; the engine plays
them from their fields and from ``PlayRules`` (no trumps, must beat, early stop, an open hand). In them both
defenders must play, each may say kontra in turn and the declarer may answer with rekontra (ILL-KON), and
the declarer settles directly with each defender, outside the pot (AUT-POT-09). The suit contracts stay the
pot game of the preset this one extends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from preferans.core.plugin import (
    ContractRegistry,
    ContractSpec,
    DealResult,
    DefenceStep,
    DefenceView,
    Defended,
    Entry,
    MatchView,
    Next,
    PlayRules,
    PlayView,
    RulesSection,
    bad,
    hookimpl,
)
from preferans.core.plugin.cards import NO_TRUMP
from preferans.variants.austrian import HAND, add_contract, leader_of
from preferans.variants.austrian.rules import EXTRA_CONTRACTS, AustrianRules
from preferans.variants.austrian.scoring import pay

LABELS = {"bettel": "Bettel", "durchmarsch": "Durchmarsch", "plauderer": "Plauderer",
          "offener-durchmarsch": "Offener Durchmarsch"}


Money = Annotated[int, Field(ge=0)]


class IllustratedRules(RulesSection):
    """The extra contracts (ILL-EXT)."""

    values: dict[str, Money] = Field(
        title="what each extra contract is worth with the talon",
        description="what each extra contract is worth with the talon, paid to or by "
                                   "each defender (ILL-EXT-01..04: 10, 20, 30; offener-durchmarsch 40 is "
                                   "inferred, GAP-ILL-01)")
    goals: dict[str, Literal["none", "all"]] = Field(
        title="what the declarer must do: no trick or all ten",
        description="what the declarer must do: take no trick (Bettel, Plauderer) or all ten (Durchmarsch)")
    hand_factor: int = Field(
        title="the values are multiplied by this without the talon",
        ge=1, description="the values are multiplied by this without the talon (ILL-EXT-07)")
    open: list[str] = Field(
        title="contracts in which the declarer plays face up",
        description="contracts in which the declarer lays his cards face up after the first "
                            "lead (ILL-PLAY-02/03)")
    durchmarsch_must_beat: bool = Field(
        title="the duty to beat the trick holds in Durchmarsch too",
        description="the duty to beat the trick holds in Durchmarsch too (GAP-ILL-04); it always holds in "
        "Bettel and Plauderer (ILL-EXT-01, ILL-PLAY-02)")
    opening_lead: Literal["declarer", "first_hand"] = Field(
        title="who leads to the first trick of an extra contract",
        description="who leads to the first trick of an extra contract (docs/rules/austrian.md#open-point-3)")
    early_stop: bool = Field(
        title="play stops as soon as the result is decided",
        description="play stops as soon as the result is decided (ILL-EXT-08; open point 3)")

    @model_validator(mode="after")
    def _every_contract(self) -> IllustratedRules:
        for key, table in (("values", self.values), ("goals", self.goals)):
            unknown = [k for k in table if k not in EXTRA_CONTRACTS]
            missing = [k for k in EXTRA_CONTRACTS if k not in table]
            if unknown or missing:
                raise ValueError(f"{key}: one entry for each of {', '.join(EXTRA_CONTRACTS)}"
                                 + (f" (unknown: {unknown[0]})" if unknown else f" (missing: {missing[0]})"))
        unknown = [k for k in self.open if k not in EXTRA_CONTRACTS]
        if unknown:
            raise ValueError(f"open: unknown contract {unknown[0]!r} (allowed: {', '.join(EXTRA_CONTRACTS)})")
        return self


class KontraRules(RulesSection):
    """Kontra and rekontra on the extra contracts (ILL-KON)."""

    allowed: bool = Field(
        title="each defender may say Kontra against an extra contract",
        description="each defender in turn may say kontra against an extra contract (ILL-KON-01)")
    rekontra: bool = Field(
        title="the declarer may answer with Rekontra",
        description="after both defenders spoke, the declarer may say rekontra (ILL-KON-03)")
    factor: int = Field(
        title="Kontra multiplies the settlement by this",
        ge=1, description="kontra multiplies the settlement with that defender by this "
                        "(ILL-KON-02: 2)")
    rekontra_factor: int = Field(
        title="Rekontra multiplies it by this instead",
        ge=1, description="rekontra: the settlement with each defender who said kontra "
                                 "is multiplied by this instead (ILL-KON-03: 4)")

    @field_validator("rekontra_factor")
    @classmethod
    def _rekontra_raises(cls, factor: int, info: ValidationInfo) -> int:
        # rekontra answers a kontra and doubles it again (ILL-KON-03): never less than the kontra
        kontra = info.data.get("factor", 1)
        if factor < kontra:
            raise bad(f"less than factor = {kontra} (ILL-KON-03: rekontra raises the kontra)")
        return factor


class IllustratedVariantRules(AustrianRules):
    """The ``[rules]`` of Illustrated Preference: the Austrian family's and its two sections (``pref_rules_sections``
    answers its :meth:`sections`); the hooks of Illustrated and of Nachgehen take ``rules`` typed as this class."""

    illustrated: IllustratedRules = Field(title="the extra contracts: Bettel, Durchmarsch, Plauderer")
    kontra: KontraRules = Field(title="Kontra and Rekontra on the extra contracts")


@hookimpl
def pref_rules_sections() -> dict[str, Any]:
    return IllustratedVariantRules.sections()


def is_extra(spec: ContractSpec) -> bool:
    return spec.name.removesuffix(HAND) in EXTRA_CONTRACTS


@hookimpl
def pref_register_contracts(contracts: ContractRegistry, rules: IllustratedVariantRules) -> None:
    ill = rules.illustrated
    for name in EXTRA_CONTRACTS:
        if name not in rules.game.numbers:
            continue
        goal = ill.goals[name]
        # no trumps (ILL-EXT-01..04); Bettel and Plauderer: no trick, everybody must beat the trick; the
        # Durchmarsches: all ten tricks
        spec = ContractSpec(name=name, kind="bettel" if goal == "none" else "durchmarsch", label=LABELS[name],
                            rank=0, level=0 if goal == "none" else 10, trump=NO_TRUMP, goal=goal,
                            target=0 if goal == "none" else 10, must_trump=False,
                            must_beat=goal == "none" or ill.durchmarsch_must_beat)
        add_contract(contracts, spec, rules.game.numbers[name], rules)


# ---------------------------------------------------------------- defence: kontra and rekontra


@hookimpl
def pref_defence_legal(view: DefenceView, seat: int, rules: IllustratedVariantRules) -> list[str] | None:
    if not is_extra(view.contract):
        return None
    return ["pass", "rekontra"] if seat == view.declarer else ["pass", "kontra"]


@hookimpl
def pref_defence_step(view: DefenceView, rules: IllustratedVariantRules) -> DefenceStep | None:
    if not is_extra(view.contract):
        return None
    defenders = view.defenders
    if rules.kontra.allowed:
        # one round from the declarer's left: once the first passed, the second's kontra comes too late
        # for him (ILL-KON-04); then the declarer answers (ILL-KON-03)
        spoken = [s for s, _ in view.calls]
        if len(spoken) < len(defenders):
            return Next(defenders[len(spoken)])
        kontra = any(c == "kontra" for _, c in view.calls)
        if kontra and rules.kontra.rekontra and view.declarer not in spoken:
            return Next(view.declarer)
    return Defended(defenders, True)  # both defenders must play (AUT-DEF-04)


# ---------------------------------------------------------------- play


@hookimpl(wrapper=True)
def pref_play_rules(view: PlayView, rules: IllustratedVariantRules) -> Generator[None, PlayRules, PlayRules]:
    """The Austrian play rules (the answer below: the hands that play, the leader), refined for the extra
    contracts: no trumps, early stop, the declarer's hand open after the first lead."""
    base = yield
    spec = view.contract
    if not is_extra(spec):
        return base
    ill = rules.illustrated
    hands = tuple(view.active)
    stop_declarer = stop_defence = None
    if ill.early_stop:
        # the result is decided by the declarer's first trick (no-trick goal) or the defence's (all ten)
        if spec.goal == "none":
            stop_declarer = 1
        else:
            stop_defence = 1
    opened = spec.name.removesuffix(HAND) in ill.open
    open_hands = (view.declarer,) if opened and view.declarer is not None else base.open_hands
    return dataclasses.replace(
        base, hands=hands, leader=leader_of(view, hands, ill.opening_lead),
        stop_declarer_at=stop_declarer, stop_defence_at=stop_defence,
        open_hands=open_hands, open_after_first_lead=opened)


# ---------------------------------------------------------------- money


def multiplier(r: DealResult, seat: int, rules: IllustratedVariantRules) -> int:
    """The kontra factor with one defender: his kontra doubles it, the declarer's rekontra makes it four."""
    said = {(s, c) for s, c in r.defence}
    if (seat, "kontra") not in said:
        return 1
    if (r.declarer, "rekontra") in said:
        return int(rules.kontra.rekontra_factor)
    return int(rules.kontra.factor)


def made(r: DealResult) -> bool:
    assert r.declarer is not None and r.contract is not None
    taken = r.tricks[r.declarer]
    return taken == 0 if r.contract.goal == "none" else taken == 10


@hookimpl
def pref_score_deal(result: DealResult, match: MatchView, rules: IllustratedVariantRules) -> list[Entry] | None:
    spec = result.contract
    if result.kind != "contract" or spec is None or not is_extra(spec):
        return None
    assert result.declarer is not None
    d, ill = result.declarer, rules.illustrated
    value = ill.values[spec.name.removesuffix(HAND)] * (1 if spec.with_talon else ill.hand_factor)
    ok = made(result)
    out: list[Entry] = []
    # settled directly between the declarer and each defender, never through the pot (AUT-POT-09, ILL-EXT-06)
    for s in result.active:
        if s == d:
            continue
        amount = value * multiplier(result, s, rules)
        out += pay(s, d, amount, f"{spec.label} made") if ok else pay(d, s, amount, f"{spec.label} failed")
    return out
