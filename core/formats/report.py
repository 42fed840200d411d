"""The result object of a match, as printed by ``preferans play --json`` and ``preferans score --json``.

Shape: ``{"variant", "players", "finished", "deals": [...], "sheet": {player: {account: n or
{other: n}}}, "settlement": {player: int}, "settlement_exact": {player: "p/q" or "n"}}``. Amounts are
integers, or strings ``"p/q"`` for fractions; never floats. A variant played for a pot (its settlement's
``details`` has ``"pot"``) adds ``"pot"`` to every deal (the pot after it) and to the report (the remainder).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.model.views import Amount, DealResult, Entry


def seat_name(names: Sequence[str], seat: int) -> str:
    """A hand's name: the player's, or ``"dummy"`` for seat 2 of a two-player game (гусарик, болван)."""
    return names[seat] if 0 <= seat < len(names) else "dummy"


def amount_json(x: Amount) -> int | str:
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return int(x)


def exact_json(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def entry_json(e: Entry, names: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"account": e.account, "player": names[e.seat], "amount": amount_json(e.amount)}
    if e.other is not None:
        out["on"] = names[e.other]
    if e.note:
        out["note"] = e.note
    return out


def deal_json(number: int, r: DealResult, entries: Sequence[Entry], names: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"number": number, "dealer": names[r.dealer], "kind": r.kind}
    if r.declarer is not None:
        out["declarer"] = names[r.declarer]
    if r.contract is not None and r.kind == "contract":
        out["contract"] = r.contract.name
    if r.defence:
        out["defence"] = {names[s]: c for s, c in r.defence}
    if r.played:
        out["tricks"] = {seat_name(names, s): r.tricks[s] for s in range(len(r.tricks))
                         if s in r.active or r.tricks[s]}
    out["entries"] = [entry_json(e, names) for e in entries]
    return out


def sheet_json(match: Match, names: Sequence[str]) -> dict[str, dict[str, Any]]:
    sheet: dict[str, dict[str, Any]] = {name: {} for name in names}
    def order(key: tuple[str, int, int | None]) -> tuple[str, int, int]:
        return key[0], key[1], -1 if key[2] is None else key[2]

    for (account, seat, other), amount in sorted(match.totals.items(), key=lambda kv: order(kv[0])):
        row = sheet[names[seat]]
        if other is None:
            row[account] = amount_json(amount)
        else:
            row.setdefault(account, {})[names[other]] = amount_json(amount)
    return sheet


def match_report(match: Match, names: Sequence[str], finished: bool) -> dict[str, Any]:
    settlement = match.settlement()
    report = {
        "variant": match.variant.name,
        "players": list(names),
        "finished": finished,
        "deals": [deal_json(i + 1, r, e, names) for i, (r, e) in enumerate(zip(match.results, match.deal_entries,
                                                                                 strict=True))],
        "sheet": sheet_json(match, names),
        "settlement": {names[s]: v for s, v in enumerate(settlement.rounded)},
        "settlement_exact": {names[s]: exact_json(v) for s, v in enumerate(settlement.exact)},
    }
    if POT in settlement.details:
        add_pot(report, match, settlement.details[POT])
    return report


POT = "pot"
"""The account of a variant played for a pot (the Austrian family); its settlement reports the pot apart."""


def add_pot(report: dict[str, Any], match: Match, remainder: Any) -> None:
    """A pot variant: each deal gets ``"pot"``, what the pot holds after it (the sum of the ``pot`` account,
    the deal's ante included), and the report gets ``"pot"``, the remainder the settlement leaves apart
    (the players' net money plus it sums to 0)."""
    running: Amount = 0
    for deal, entries in zip(report["deals"], match.deal_entries, strict=True):
        running += sum((e.amount for e in entries if e.account == POT), 0)
        deal[POT] = amount_json(running)
    report[POT] = amount_json(remainder)
