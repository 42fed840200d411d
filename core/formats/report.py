"""The result object of a match, as printed by ``preferans play --json`` and ``preferans score --json``.

Shape: ``{"variant", "players", "finished", "deals": [...], "sheet": {player: {account: n or
{other: n}}}, "settlement": {player: int}, "settlement_exact": {player: "p/q" or "n"}}``. Amounts are
integers, or strings ``"p/q"`` for fractions; never floats. A family may add keys to the object and to
each deal through ``pref_settlement_check`` (the Austrian pot family: what the pot holds after each deal, and
the remainder).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.formats.sheet import sheet_view
from preferans.core.model.paper import SettlementCheck
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
    view = sheet_view(match, names, finished)
    settlement = view.settlement
    report: dict[str, Any] = {
        "variant": match.variant.name,
        "players": list(names),
        "finished": finished,
        "deals": [deal_json(i + 1, r, e, names) for i, (r, e) in enumerate(zip(match.results, match.deal_entries,
                                                                                 strict=True))],
        "sheet": sheet_json(match, names),
        "settlement": {names[s]: v for s, v in enumerate(settlement.rounded)},
        "settlement_exact": {names[s]: exact_json(v) for s, v in enumerate(settlement.exact)},
    }
    check: SettlementCheck = match.book.settlement_check(view)
    for deal, extra in zip(report["deals"], check.deals, strict=False):
        deal.update({key: amount_json(value) for key, value in extra.items()})
    report.update({key: amount_json(value) for key, value in check.report.items()})
    return report
