"""Reading a Balkan scorecard deal (docs/scorecard.md, "Balkan family").

A deal is a contract (``declarer``, ``contract``, ``without_talon``, ``defence``, ``kontra``, ``tricks``) or
``all_pass = true``. The defence is replayed through the variant's own defence hooks, exactly as the engine
asks them, so a call the rules do not allow is rejected, and the resulting :class:`DealResult` carries the
same calls a played deal would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from preferans.core.plugin import ContractSpec, DealResult, Defended, RulesSection
from preferans.core.plugin.errors import BadInput, bad_input, in_family, nearest
from preferans.core.plugin.sheet import ScorecardReader
from preferans.variants.balkan.rules import BalkanRules

from . import calls

ALIASES = {
    "spades": "spades", "pik": "spades", "pika": "spades", "♠": "spades",
    "diamonds": "diamonds", "karo": "diamonds", "♦": "diamonds",
    "hearts": "hearts", "herc": "hearts", "♥": "hearts",
    "clubs": "clubs", "tref": "clubs", "♣": "clubs",
    "betl": "betl", "bettel": "betl", "berac": "betl",
    "sans": "sans", "sanac": "sans", "sans atout": "sans", "nt": "sans",
    **{str(number): name for name, number, _, _ in calls.LADDER},
}
"""Contract words a scorecard may use: the English names, the Balkan ones (pik karo herc tref, Berac,
Sanac, sans atout) and the numbers 2..7."""

DEFENCE_WORDS = {"follow": calls.FOLLOW, "whist": calls.FOLLOW, "pass": calls.PASS, "invite": calls.INVITE}


class KontraRecord(RulesSection, strict=True):
    """``kontra = { by = "A", level = "rekontra" }``: who started the chain and how far it went."""

    by: str = Field(description="the follower who said kontra")
    level: str | int = Field(default="kontra", description="kontra | rekontra | subkontra | mortkontra | "
                                                           "kontra-5 ... (or the level 1, 2, ...)")


class BalkanDeal(RulesSection, strict=True):
    """One ``[[deal]]`` of a Balkan scorecard."""

    declarer: str | None = Field(default=None, description="the player who won the auction")
    contract: str | int | None = Field(default=None, description="spades | diamonds | hearts | clubs | betl | "
                                                                 "sans; pik karo herc tref; 2..7")
    without_talon: bool = Field(default=False, description="igra: the contract was played without the talon")
    defence: dict[str, str] | None = Field(default=None, description='each defender: "follow" | "pass" | '
                                                                     '"invite" (a lone follower inviting)')
    kontra: KontraRecord | list[KontraRecord] | None = Field(
        default=None, description="the kontra chain, if any; with kontra.chains = \"each\" a list, one chain "
                                  "for each defender who said kontra")
    tricks: dict[str, int] | None = Field(default=None, description="tricks of each hand that played")
    all_pass: bool = Field(default=False, description="everybody passed: no play, a refe when allowed")


def read_deal(record: dict[str, Any], reader: ScorecardReader, index: int, dealer: int,
              rules: BalkanRules) -> DealResult:
    deal: BalkanDeal = reader.validate(BalkanDeal, record, index)
    where = f"deal[{index + 1}]"
    active = reader.active(dealer)
    if deal.all_pass:
        for name in ("declarer", "contract", "defence", "kontra", "tricks"):
            if getattr(deal, name) is not None:
                raise reader.fail(f"{where}.{name}", _ours(bad_input("an all-pass deal has no declarer, contract, "
                                                                     "defence, kontra or tricks")))
        if deal.without_talon:
            raise reader.fail(f"{where}.without_talon", _ours(bad_input("an all-pass deal has no contract")))
        return reader.all_pass(index, None, dealer, where)  # not played: a refe when one may be written
    declarer = reader.declarer(deal.declarer, deal.contract, where, active, "all_pass = true")
    assert deal.contract is not None
    spec = _contract(deal.contract, deal.without_talon, reader, f"{where}.contract")
    defenders = calls.defenders_of(declarer, active, reader.n)
    defence, defended = _defence(deal, reader, where, declarer, spec, defenders, rules)
    tricks = _tricks(deal.tricks, reader, where, declarer, spec, defended, rules)
    return DealResult(kind="contract", dealer=dealer, active=active, tricks=tricks, declarer=declarer,
                      contract=spec, bid=spec.name, defence=defence, defending=defended.defending,
                      played=defended.played, index_in_match=index)


def _contract(text: str | int, without_talon: bool, reader: ScorecardReader, where: str) -> ContractSpec:
    key = " ".join(str(text).lower().split())
    igra = without_talon
    if key.startswith(calls.IGRA_PREFIX):
        key, igra = key[len(calls.IGRA_PREFIX):], True
    name = ALIASES.get(key)
    if name is None:
        words = [n for n, _, _, _ in calls.LADDER]
        raise reader.fail(where, _ours(bad_input("unknown contract {text}{suggestion} (allowed: {allowed}; {words}; "
                                                 "{levels})", text=repr(text), suggestion=nearest(key, list(ALIASES)),
                                                 allowed=", ".join(words), words="pik karo herc tref", levels="2..7")))
    return reader.contracts[calls.igra_name(name) if igra else name]


def _level(record: KontraRecord, reader: ScorecardReader, where: str) -> int:
    level = record.level
    if isinstance(level, int):
        if level < 1:
            raise reader.fail(where, _ours(bad_input("{level} is not a kontra level (1 kontra, 2 rekontra, ...)",
                                                     level=level)))
        return level
    found = calls.kontra_level(level.strip().lower())
    if found is None:
        raise reader.fail(where, _ours(bad_input("unknown kontra level {level}{suggestion} (allowed: {allowed}, "
                                                 "{more} ..., or a number)", level=repr(level),
                                                 suggestion=nearest(level, list(calls.KONTRA_NAMES)),
                                                 allowed=", ".join(calls.KONTRA_NAMES), more="kontra-5")))
    return found


def _defence(deal: BalkanDeal, reader: ScorecardReader, where: str, declarer: int, spec: ContractSpec,
             defenders: tuple[int, ...], rules: BalkanRules) -> tuple[tuple[tuple[int, str], ...], Defended]:
    """Replay the defence through ``pref_defence_step`` / ``pref_defence_legal``, answering each question
    from the record: the follow round from ``defence``, the kontra round and the chain from ``kontra``."""
    dwhere = f"{where}.defence"
    wanted: dict[int, str] = {}
    for name, raw in (deal.defence or {}).items():
        seat = reader.seat(name, dwhere)
        if seat == declarer:
            raise reader.fail(f"{dwhere}.{name}", _ours(bad_input("{name} is the declarer; the defenders are "
                                                                  "{defenders}", name=name,
                                                                  defenders=reader.who(defenders))))
        if seat not in defenders:
            raise reader.fail(f"{dwhere}.{name}", _ours(bad_input("{name} dealt this deal and sat out; the defenders "
                                                                  "are {defenders}", name=name,
                                                                  defenders=reader.who(defenders))))
        word = DEFENCE_WORDS.get(raw.strip().lower())
        if word is None:
            raise reader.fail(f"{dwhere}.{name}", _ours(bad_input(
                "{call} is not a defence call{suggestion} (allowed: {allowed})", call=repr(raw),
                suggestion=nearest(raw, list(DEFENCE_WORDS)), allowed=_DEFENCE_CALLS)))
        wanted[seat] = word
    kwhere = f"{where}.kontra"
    targets = _kontras(deal, reader, kwhere, defenders, rules)  # each kontra-giver: the level his chain reached
    held = _held(reader, declarer)

    def answer(seat: int, legal: list[str], said: tuple[tuple[int, str], ...]) -> str:
        name = reader.names[seat]
        if calls.FOLLOW in legal:  # the follow round
            if seat not in wanted:
                raise reader.fail(dwhere, _ours(bad_input("no call for {name} (allowed: {allowed})", name=name,
                                                          allowed=_DEFENCE_CALLS)))
            call = calls.PASS if wanted[seat] == calls.PASS else calls.FOLLOW
            if call == calls.PASS and seat in targets:
                raise reader.fail(f"{kwhere}.by", _ours(bad_input("{name} passed; only a follower may say kontra",
                                                                  name=name)))
            return call
        if seat == declarer:  # a chain: the declarer answers the kontra-giver whose chain it is
            chain = calls.read_deal_defence(declarer, defenders, spec, said, held, rules).kontra_by
            nxt = calls.kontra_level(legal[-1]) or 0
            return legal[-1] if chain is not None and targets.get(chain, 0) >= nxt else calls.NO_KONTRA
        if calls.kontra_level(legal[1]) == 1:  # the kontra round
            if seat in targets:
                return legal[1]
            if wanted.get(seat) == calls.INVITE:
                if calls.INVITE not in legal:
                    raise reader.fail(f"{dwhere}.{name}", _why_no_invite(reader, spec, defenders, wanted, rules))
                return calls.INVITE
            return calls.NO_KONTRA
        # a chain: the kontra-giver's turn
        nxt = calls.kontra_level(legal[-1]) or 0
        return legal[-1] if targets.get(seat, 0) >= nxt else calls.NO_KONTRA

    said, defended = reader.replay_defence(declarer, spec, defenders, answer)
    dfn = calls.read_deal_defence(declarer, defenders, spec, said, held, rules)
    for seat, word in wanted.items():
        name = reader.names[seat]
        if word == calls.PASS and spec.kind == "betl" and rules.betl.all_follow:
            raise reader.fail(f"{dwhere}.{name}", _ours(bad_input(
                "both defenders defend a betl ({key}); write {follow} or leave {field} out", key="betl.all_follow",
                follow="follow", field="defence")))
        if word == calls.INVITE and dfn.inviter != seat and seat not in targets:
            raise reader.fail(f"{dwhere}.{name}", _why_no_invite(reader, spec, defenders, wanted, rules))
    missed = [k for k in targets if dfn.level_of(k) != targets[k]]
    if missed:
        first = dfn.kontra_by
        raise reader.fail(f"{kwhere}.by", _ours(
            bad_input("not possible: {name} said kontra first", name=reader.names[first]) if first is not None else
            bad_input("not possible: {name} did not follow", name=reader.names[missed[0]])))
    return said, defended


def _kontras(deal: BalkanDeal, reader: ScorecardReader, kwhere: str, defenders: tuple[int, ...],
             rules: BalkanRules) -> dict[int, int]:
    """``kontra`` read: each kontra-giver and the level his chain reached. A list (one record for each
    defender who said kontra) only with ``kontra.chains = "each"``."""
    records = deal.kontra if isinstance(deal.kontra, list) else [] if deal.kontra is None else [deal.kontra]
    several = isinstance(deal.kontra, list)
    if several and len(records) > 1 and rules.kontra.chains != "each":
        raise reader.fail(kwhere, _ours(bad_input("only the first kontra starts a chain here ({key} = {value}); "
                                                  "write one kontra", key="kontra.chains", value='"one"')))
    out: dict[int, int] = {}
    for i, record in enumerate(records):
        here = f"{kwhere}[{i + 1}]" if several else kwhere
        seat = reader.seat(record.by, f"{here}.by")
        if seat not in defenders:
            raise reader.fail(f"{here}.by", _ours(bad_input("{name} is not a defender; only a follower may say "
                                                            "kontra (defenders: {defenders})", name=record.by,
                                                            defenders=reader.who(defenders))))
        if seat in out:
            raise reader.fail(f"{here}.by", _ours(bad_input("{name} is listed twice; each defender has one chain",
                                                            name=record.by)))
        level = _level(record, reader, f"{here}.level")
        cap = rules.kontra.max_level
        if cap is not None and level > cap:
            raise reader.fail(f"{here}.level", _ours(bad_input(
                "{level} is beyond the highest level allowed, {cap} ({key} = {value})",
                level=calls.kontra_call(level), cap=calls.kontra_call(cap), key="kontra.max_level", value=cap)))
        out[seat] = level
    return out


def _held(reader: ScorecardReader, seat: int) -> int:
    return int(reader.view.ledger.get("refe", seat))


def _why_no_invite(reader: ScorecardReader, spec: ContractSpec, defenders: tuple[int, ...], wanted: dict[int, str],
                   rules: BalkanRules) -> BadInput:
    if not rules.defence.invitation:
        return _ours(bad_input("{invite} is not allowed here ({key} = {value})", invite="'invite'",
                               key="defence.invitation", value="false"))
    if spec.name == "spades" and rules.two.needs_kontra:
        return _ours(bad_input("{invite} is not allowed on the two: it is played only under kontra", invite="'invite'"))
    return _ours(bad_input("{invite} is only for a lone follower, when the other defender passed", invite="'invite'"))


def _tricks(given: dict[str, int] | None, reader: ScorecardReader, where: str, declarer: int, spec: ContractSpec,
            defended: Defended, rules: BalkanRules) -> tuple[int, ...]:
    twhere = f"{where}.tricks"
    n: int = reader.n
    if not defended.played:
        if given is not None:
            why = (bad_input("nobody followed: the declarer won without play") if not defended.defending
                   else bad_input("the two was not played without a kontra"))
            raise reader.fail(twhere, _ours(bad_input("nothing was played ({why}); remove {field}", why=_ours(why),
                                                             field="tricks")))
        return (0,) * n
    hands = (declarer, *defended.defending)
    if given is None:
        raise reader.fail(twhere, _ours(bad_input("missing: the cards were played, so write the tricks of {players}",
                                                  players=reader.who(hands))))
    counts = [0] * n
    for name, count in given.items():
        seat = reader.seat(name, twhere)
        if seat not in hands and count:  # a 0 for a player who did not play is what the paper shows
            raise reader.fail(f"{twhere}.{name}", _ours(bad_input(
                "{name} did not play, so he took no trick (playing: {players})", name=name,
                players=reader.who(hands))))
        if count < 0:
            raise reader.fail(f"{twhere}.{name}", _ours(bad_input("{count} is negative", count=count)))
        counts[seat] = count
    missing = [s for s in hands if reader.names[s] not in given]
    if missing:
        raise reader.fail(twhere, _ours(bad_input("no count for {players}", players=reader.who(missing))))
    mine = counts[declarer]
    theirs = sum(counts) - mine
    if spec.goal == "none":
        if mine > 1:
            raise reader.fail(twhere, _ours(bad_input(
                "the declarer took {mine} tricks, but a betl stops at his first trick", mine=mine)))
        if mine == 0 and theirs != 10:
            raise reader.fail(twhere, _ours(bad_input("tricks sum to {total}, expected 10 (the declarer took none)",
                                                      total=theirs)))
        if sum(counts) > 10:
            raise reader.fail(twhere, _ours(bad_input("tricks sum to {total}, at most 10", total=sum(counts))))
        return tuple(counts)
    stop = int(rules.defence.stop_at)
    if theirs > stop:
        raise reader.fail(twhere, _ours(bad_input(
            "the defence took {theirs} tricks, but play stops when it has {stop} ({key})",
            theirs=theirs, stop=stop, key="defence.stop_at")))
    if theirs < stop and mine + theirs != 10:
        raise reader.fail(twhere, _ours(bad_input(
            "tricks sum to {total}, expected 10 (play stops early only when the defence has {stop})",
            total=mine + theirs, stop=stop)))
    if mine + theirs > 10:
        raise reader.fail(twhere, _ours(bad_input("tricks sum to {total}, at most 10", total=mine + theirs)))
    return tuple(counts)


_DEFENCE_CALLS = "follow, pass, invite"
"""The defence calls a card writes, as typed (the English keys)."""

LOCALE = Path(__file__).parent / "locale"
"""The family's catalogues: its errors are in the domain ``preferans-balkan`` (docs/i18n.md, "Errors")."""


def _ours(error: BadInput) -> BadInput:
    """An error of this reader, said from the Balkan catalogues."""
    return in_family(error, LOCALE)
