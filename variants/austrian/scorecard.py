"""Reading one ``[[deal]]`` of an Austrian scorecard (docs/scorecard.md, "The Austrian pot family").

The fields: ``declarer``, ``contract`` (clubs, spades, diamonds, hearts; with Illustrated also bettel,
durchmarsch, plauderer, offener-durchmarsch), ``without_talon``, ``defence`` (play / pass / invite),
``kontra`` (per defender) and ``rekontra``, ``premiums`` (four-aces, no-aces), ``tricks``, optionally the
declarer's ``cards`` and ``discard`` (to check the premiums), or ``all_pass = true``. The calls are replayed
through the variant's own defence hooks, as the engine asks them, so a call the rules do not allow is
rejected with the deal and the field named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from preferans.core.plugin import ContractSpec, DealResult, Defended, RulesSection
from preferans.core.plugin.cards import CARD_NAMES, CardError, parse_card
from preferans.core.plugin.errors import BadInput, bad_input, in_family, nearest
from preferans.core.plugin.sheet import RequiredKey, ScorecardReader
from preferans.variants.austrian.rules import AustrianRules

from .rules import EXTRA_CONTRACTS

ACE_MASK = sum(1 << (suit * 8 + 7) for suit in range(4))
PREMIUMS = ("four-aces", "no-aces")
_ALIASES = {"préférence": "hearts", "preference": "hearts", "bettel-ouvert": "plauderer",
            "offener-bettel": "plauderer", "offener-durchmarsch": "offener-durchmarsch"}


class AustrianDeal(RulesSection, strict=True):
    """One ``[[deal]]`` of the Austrian pot family."""

    declarer: str | None = Field(default=None, description="the player who won the auction")
    contract: str | None = Field(default=None, description="clubs | spades | diamonds | hearts; Illustrated: "
                                 "bettel | durchmarsch | plauderer | offener-durchmarsch")
    without_talon: bool = Field(default=False, description="played without the talon (a hand game)")
    defence: dict[str, str] | None = Field(default=None, description='each opponent: "play" | "pass" | "invite"')
    kontra: dict[str, str] | None = Field(default=None, description='Illustrated: a defender who said "kontra"')
    rekontra: bool = Field(default=False, description="Illustrated: the declarer said rekontra")
    premiums: list[str] = Field(default_factory=list, description="claimed premiums: four-aces, no-aces")
    tricks: dict[str, int] | None = Field(default=None, description="tricks won by each hand that played")
    cards: list[str] | None = Field(default=None, description="the declarer's ten cards as played (optional)")
    discard: list[str] | None = Field(default=None, description="the declarer's two discarded cards (optional)")
    all_pass: bool = Field(default=False, description="everybody passed: the cards are thrown in")


def read_deal(record: dict[str, Any], reader: ScorecardReader, index: int, dealer: int,
              rules: AustrianRules) -> DealResult:
    deal: AustrianDeal = reader.validate(AustrianDeal, record, index)
    where = f"deal[{index + 1}]"
    active = reader.active(dealer)
    if deal.all_pass:
        for key in ("declarer", "contract", "defence", "kontra", "tricks", "cards", "discard"):
            if getattr(deal, key) is not None:
                raise reader.fail(f"{where}.{key}", _ours(bad_input("everybody passed: the deal has no declarer, "
                                                                    "contract, defence or tricks")))
        if deal.premiums or deal.rekontra or deal.without_talon:
            raise reader.fail(where, _ours(bad_input("everybody passed: the deal has no premiums, rekontra or hand "
                                                     "game")))
        return reader.all_pass(index, None, dealer, where)  # thrown in: not played
    declarer = reader.declarer(deal.declarer, deal.contract, where, active, "all_pass = true")
    assert deal.contract is not None
    spec = contract_of(deal, reader, where, rules)
    defenders = reader.defenders(declarer, active)
    calls, defended = defence_of(deal, reader, where, declarer, spec, defenders, rules)
    tricks = tricks_of(deal, reader, where, dealer, active, declarer, spec, defended)
    check_premiums(deal, reader, where, spec, rules)
    return DealResult(kind="contract", dealer=dealer, active=active, tricks=tricks, declarer=declarer,
                      contract=spec, bid=spec.name, defence=calls, defending=defended.defending,
                      played=defended.played, index_in_match=index,
                      declaration=tuple((declarer, p) for p in deal.premiums))


# ---------------------------------------------------------------- contract


def contract_of(deal: AustrianDeal, reader: ScorecardReader, where: str, rules: AustrianRules) -> ContractSpec:
    table = reader.contracts
    declared = [r.name for r in table if r.biddable and r.with_talon]
    assert deal.contract is not None
    base = "-".join(deal.contract.strip().lower().split())
    base = _ALIASES.get(base, base)
    variant = reader.variant
    if base not in declared:
        if base in EXTRA_CONTRACTS:
            raise reader.fail(f"{where}.contract", _ours(bad_input(
                "{name} is a contract of Illustrated Preference; {variant} does not have it (contracts: {contracts})",
                name=base, variant=variant, contracts=", ".join(declared))))
        raise reader.fail(f"{where}.contract", _ours(bad_input(
            "unknown contract {text}{suggestion} (contracts: {contracts})", text=repr(deal.contract),
            suggestion=nearest(base, declared), contracts=", ".join(declared))))
    if not deal.without_talon:
        return table[base]
    name = base + "-hand"
    if name not in table:
        raise reader.fail(f"{where}.without_talon", _ours(bad_input(
            "{variant} has no games without the talon ({key} = {value})", variant=variant,
            key="rules.game.hand_games", value="false")))
    return table[name]


# ---------------------------------------------------------------- defence, kontra, rekontra


def defence_of(deal: AustrianDeal, reader: ScorecardReader, where: str, declarer: int, spec: ContractSpec,
               defenders: tuple[int, ...], rules: AustrianRules) -> tuple[tuple[tuple[int, str], ...], Defended]:
    """Replay the calls through ``pref_defence_step`` and ``pref_defence_legal``, as the engine asks them."""
    names = reader.names
    variant = reader.variant
    has_kontra = "kontra" in type(rules).model_fields
    if (deal.kontra is not None or deal.rekontra) and not has_kontra:
        key = "kontra" if deal.kontra is not None else "rekontra"
        raise reader.fail(f"{where}.{key}", _ours(bad_input(
            "{variant} has no kontra: kontra and rekontra exist only in Illustrated Preference, against its extra "
            "contracts ({rule})", variant=variant, rule="ILL-KON-01")))
    wanted = _calls_by_seat(deal.defence, reader, f"{where}.defence", declarer, defenders)
    kontra = _calls_by_seat(deal.kontra, reader, f"{where}.kontra", declarer, defenders)
    for seat, call in kontra.items():
        if call != "kontra":
            raise reader.fail(f"{where}.kontra.{names[seat]}", _ours(bad_input(
                "{call}: write {kontra} for a defender who said it, and leave out one who did not", call=repr(call),
                kontra='"kontra"')))
    kontra_round = False

    def answer(seat: int, legal: list[str], calls: tuple[tuple[int, str], ...]) -> str:
        nonlocal kontra_round
        if seat == declarer:
            call, field = ("rekontra" if deal.rekontra else "pass"), f"{where}.rekontra"
        elif "kontra" in legal:
            kontra_round = True
            call, field = ("kontra" if seat in kontra else "pass"), f"{where}.kontra.{names[seat]}"
        else:
            if seat not in wanted:
                raise reader.fail(f"{where}.defence", _ours(bad_input("no call for {name} (allowed: {allowed})",
                                                                      name=names[seat], allowed=", ".join(legal))))
            call, field = wanted[seat], f"{where}.defence.{names[seat]}"
        if any(s == seat for s, _ in calls):
            raise reader.fail(where, _ours(bad_input("{name} must call again, but a scorecard records one call per "
                                                     "player", name=names[seat])))
        if call not in legal:
            raise reader.fail(field, _ours(bad_input("{call} is not allowed for {name} here{suggestion} (allowed: "
                                                     "{allowed})", call=repr(call), name=names[seat],
                                                     suggestion=nearest(call, legal), allowed=", ".join(legal))))
        return call

    calls, defended = reader.replay_defence(declarer, spec, defenders, answer)
    if deal.kontra is not None and not kontra_round:
        raise reader.fail(f"{where}.kontra", _ours(bad_input(
            "there is no kontra on {contract}: kontra exists only against the extra contracts, {first} to {last} "
            "({rule})", contract=spec.name, first="bettel", last="offener-durchmarsch", rule="ILL-KON-01")))
    if deal.rekontra and not any(c == "rekontra" for _, c in calls):
        raise reader.fail(f"{where}.rekontra", _ours(bad_input(
            "nobody said kontra, so there is nothing to answer with rekontra ({rule})", rule="ILL-KON-03")))
    if spec.kind != "suit":
        # the extra contracts: both defenders must play (AUT-DEF-04); "play" may be written, nothing else
        for seat, call in wanted.items():
            if call != "play":
                raise reader.fail(f"{where}.defence.{names[seat]}", _ours(bad_input(
                    "{call}: in {contract} both defenders must play ({rule})", call=repr(call), contract=spec.name,
                    rule="AUT-DEF-04")))
    else:
        spoken = {s for s, _ in calls}
        extra = [s for s in wanted if s not in spoken]
        if extra:
            raise reader.fail(f"{where}.defence.{names[extra[0]]}", _ours(bad_input(
                "not asked: the defence was settled by {calls}", calls=", ".join(f"{names[s]} {c}" for s, c in calls))))
    return calls, defended


def _calls_by_seat(given: dict[str, str] | None, reader: ScorecardReader, where: str, declarer: int,
                   defenders: tuple[int, ...]) -> dict[int, str]:
    out: dict[int, str] = {}
    for name, call in (given or {}).items():
        seat = reader.seat(name, where)
        if seat == declarer:
            raise reader.fail(f"{where}.{name}", _ours(bad_input("{name} is the declarer; the defenders are "
                                                                 "{defenders}", name=name,
                                                                 defenders=reader.who(defenders))))
        if seat not in defenders:
            raise reader.fail(f"{where}.{name}", _ours(bad_input("{name} dealt this deal and sat out; the defenders "
                                                                 "are {defenders}", name=name,
                                                                 defenders=reader.who(defenders))))
        out[seat] = call.strip().lower()
    return out


# ---------------------------------------------------------------- tricks


def tricks_of(deal: AustrianDeal, reader: ScorecardReader, where: str, dealer: int, active: tuple[int, ...],
              declarer: int,
              spec: ContractSpec, defended: Defended) -> tuple[int, ...]:
    """The tricks of the hands that played: ten in all, or fewer when play stopped as soon as the result
    was decided (the extra contracts, ILL-EXT-08). A passer's cards stayed out: he has no tricks."""
    where = f"{where}.tricks"
    names = reader.names
    if not defended.played:
        if deal.tricks is not None:
            said = ", ".join(f"{names[s]} pass" for s in active if s != declarer)
            raise reader.fail(where, _ours(bad_input(
                "nothing was played ({said}: the declarer is paid without play); remove {field}", said=said,
                field="tricks")))
        return (0,) * int(reader.n)
    play = reader.play_rules(dealer, active, declarer, spec, defended)
    hands = play.hands
    if deal.tricks is None:
        raise reader.fail(where, _ours(bad_input("missing: the cards were played, so write the tricks of {players}",
                                                 players=reader.who(hands))))
    counts = [0] * reader.n
    for name, count in deal.tricks.items():
        seat = reader.seat(name, where)
        if count < 0:
            raise reader.fail(f"{where}.{name}", _ours(bad_input("{count} is negative", count=count)))
        if seat not in hands and count:
            raise reader.fail(f"{where}.{name}", _ours(
                bad_input("{name} dealt this deal and sat out, so he took no trick", name=name) if seat not in active
                else bad_input("{name} stayed at home: his cards were out of play, so he took no trick", name=name)))
        counts[seat] = count
    missing = [s for s in hands if names[s] not in deal.tricks]
    if missing:
        raise reader.fail(where, _ours(bad_input("no count for {players}", players=reader.who(missing))))
    total = sum(counts)
    mine = counts[declarer]
    stopped = (play.stop_declarer_at is not None and mine == play.stop_declarer_at) or (
        play.stop_defence_at is not None and total - mine == play.stop_defence_at)
    if total != 10 and not (stopped and total < 10):
        may_stop = play.stop_declarer_at is not None or play.stop_defence_at is not None
        raise reader.fail(where, _ours(bad_input(
            "tricks sum to {total}, expected 10 (or fewer when play stopped as soon as the result was decided)",
            total=total) if may_stop else bad_input("tricks sum to {total}, expected 10", total=total)))
    return tuple(counts)


# ---------------------------------------------------------------- premiums


def _cards(given: list[str], count: int, reader: ScorecardReader, where: str) -> int:
    mask = 0
    for text in given:
        try:
            card = parse_card(text)
        except CardError as exc:
            raise reader.fail(where, exc) from None
        if mask >> card & 1:
            raise reader.fail(where, _ours(bad_input("{card} is listed twice", card=CARD_NAMES[card])))
        mask |= 1 << card
    if len(given) != count:
        raise reader.fail(where, _ours(bad_input("{count} cards; expected {expected}", count=len(given),
                                                 expected=count)))
    return mask


def check_premiums(deal: AustrianDeal, reader: ScorecardReader, where: str, spec: ContractSpec,
                   rules: AustrianRules) -> None:
    """Claimed premiums: known, allowed by the rules and the contract, and not contradicted by the cards."""
    field = f"{where}.premiums"
    cards = _cards(deal.cards, 10, reader, f"{where}.cards") if deal.cards is not None else None
    discard = _cards(deal.discard, 2, reader, f"{where}.discard") if deal.discard is not None else 0
    if cards is not None and cards & discard:
        raise reader.fail(f"{where}.discard", _ours(bad_input("a discarded card is also among the cards played")))
    seen: set[str] = set()
    pr = rules.premiums
    for claim in deal.premiums:
        if claim not in PREMIUMS:
            raise reader.fail(field, _ours(bad_input(
                "unknown premium {claim}{suggestion} (claimed premiums: {premiums}; the hearts premium needs no "
                "claim)", claim=repr(claim), suggestion=nearest(claim, list(PREMIUMS)), premiums=", ".join(PREMIUMS))))
        if claim in seen:
            raise reader.fail(field, _ours(bad_input("{claim} is claimed twice", claim=claim)))
        seen.add(claim)
        if spec.kind != "suit":
            raise reader.fail(field, _ours(bad_input("{contract} carries no ace premiums ({rule})", contract=spec.name,
                                                     rule="AUT-PREM-06")))
        mode = pr.four_aces if claim == "four-aces" else pr.no_aces
        if mode == "off" or not pr.amount:
            key = "four_aces" if claim == "four-aces" else "no_aces"
            raise reader.fail(field, _ours(bad_input("the {claim} premium is not played here ({key} = {value})",
                                                     claim=claim, key=f"rules.premiums.{key}", value='"off"')))
        if pr.aces_hand_only and spec.with_talon:
            raise reader.fail(field, _ours(bad_input("ace premiums are paid only in games without the talon ({key})",
                                                     key="rules.premiums.aces_hand_only")))
    if seen == set(PREMIUMS):
        raise reader.fail(field, _ours(bad_input("{first} and {second} contradict each other", first=PREMIUMS[0],
                                                 second=PREMIUMS[1])))
    if cards is not None and "four-aces" in seen and cards & ACE_MASK != ACE_MASK:
        absent = [CARD_NAMES[c] for c in range(32) if ACE_MASK >> c & 1 and not cards >> c & 1]
        raise reader.fail(field, _ours(bad_input("{claim}, but the declarer's cards lack {cards} ({rule}: the ten "
                                                 "cards he played)", claim="four-aces", cards=", ".join(absent),
                                                 rule="GAP-AUT-08")))
    if "no-aces" in seen and (cards is not None or discard):
        held = [CARD_NAMES[c] for c in range(32) if ACE_MASK >> c & 1 and ((cards or 0) | discard) >> c & 1]
        if held:
            raise reader.fail(field, _ours(bad_input("{claim}, but the declarer held {cards} ({rule}: a discarded "
                                                     "ace counts)", claim="no-aces", cards=", ".join(held),
                                                     rule="AUT-PREM-04")))


# ---------------------------------------------------------------- the [rules] a card must state


def required_keys(rules: AustrianRules) -> list[RequiredKey]:
    """The pot keys the record must state, since the preset's values are only defaults: what was in the pot
    before the first deal (``rules.pot.initial``) and whatever else the pot section names in
    ``scorecard_keys`` (the limited pot: its cap)."""
    pot = rules.pot
    return [RequiredKey(f"pot.{key}", what, str(getattr(pot, key, None))) for key, what in pot.scorecard_keys.items()]


LOCALE = Path(__file__).parent / "locale"
"""The family's catalogues: its reader's errors are in the domain ``preferans-austrian`` (docs/i18n.md)."""


def _ours(error: BadInput) -> BadInput:
    """An error of this reader, said from the Austrian catalogues."""
    return in_family(error, LOCALE)
