"""What the Austrian pot family prints under the settlement: the pot (the family's ``pref_settlement_check``).

The players' net money plus what is left in the pot sums to 0, so the check says that, and the ``--json``
result object gets ``"pot"``: on every deal what the pot holds after it (the sum of the ``pot`` account, that
deal's ante included), and on the result the remainder the settlement leaves apart (``details["pot"]``). The
sheet itself is the core's accounts table (``money`` and ``pot``).
"""

from __future__ import annotations

from fractions import Fraction

from preferans.core.plugin import Amount, SettlementCheck, SheetView, amount_text

POT = "pot"
"""The pot's account; the settlement reports the remainder apart under the same name."""


def pot_check(view: SheetView) -> SettlementCheck | None:
    """``left in the pot: N`` and the check that the settlement plus the pot sums to 0; ``None`` when the
    settlement reports no pot."""
    settlement = view.settlement
    if POT not in settlement.details:
        return None
    raw = settlement.details[POT]
    assert isinstance(raw, int | Fraction), f"the pot is not an exact amount: {raw!r}"
    pot = Fraction(raw)
    total, exact = sum(settlement.rounded), sum(settlement.exact, Fraction(0))
    ok = exact + pot == 0 and (pot.denominator != 1 or total + pot == 0)
    verdict = "ok" if ok else "NOT ZERO: this is a bug"
    lines = (f"left in the pot: {amount_text(pot)}",
             f"check: the settlement plus the pot sums to {amount_text(total + pot)} "
             f"(exact {amount_text(exact + pot)}): {verdict}")
    running: Amount = 0
    deals = []
    for entries in view.entries:
        running += sum((e.amount for e in entries if e.account == POT), 0)
        deals.append({POT: running})
    return SettlementCheck(ok, lines, report={POT: raw}, deals=tuple(deals))
