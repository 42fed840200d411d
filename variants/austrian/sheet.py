"""What the Austrian pot family prints under the settlement: the pot (the family's ``pref_settlement_check``).

The players' net money plus what is left in the pot sums to 0, so the check says that, and the ``--json``
result object gets ``"pot"``: on every deal what the pot holds after it (the sum of the ``pot`` account, that
deal's ante included), and on the result the remainder the settlement leaves apart (``details["pot"]``). The
text sheet is the core's accounts table (``money`` and ``pot``); drawn (:func:`svg`, ``preferans sheet FILE
--svg OUT``) it is the pot sheet a table keeps: a row per deal with the game, each player's money so far and
what the pot holds after it.
"""

from __future__ import annotations

from fractions import Fraction

from preferans.core.plugin import Amount
from preferans.core.plugin.sheet import SettlementCheck, SheetView, amount_text, picture

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
    tr = view.tr
    verdict = tr.gettext("ok") if ok else tr.gettext("NOT ZERO: this is a bug")
    lines = (tr.gettext("left in the pot: {amount}").format(amount=amount_text(pot)),
             tr.gettext("check: the settlement plus the pot sums to {total} (exact {exact}): {verdict}").format(
                 total=amount_text(total + pot), exact=amount_text(exact + pot), verdict=verdict))
    running: Amount = 0
    deals = []
    for entries in view.entries:
        running += sum((e.amount for e in entries if e.account == POT), 0)
        deals.append({POT: running})
    return SettlementCheck(ok, lines, report={POT: raw}, deals=tuple(deals))


def svg(view: SheetView, rules: object) -> str:
    """The pot sheet drawn: a row per deal (the game and the declarer's tricks, each player's money after it
    where it changed, the pot after it), a total row, then what is left in the pot and the settlement."""
    names, tr = view.names, view.tr
    n = len(names)
    money: list[Amount] = [0] * n
    pot: Amount = 0
    rows = []
    for number, (result, entries) in enumerate(zip(view.match.history, view.entries, strict=False), 1):
        changed: set[int] = set()
        for e in entries:
            if e.account == POT:
                pot += e.amount
            elif e.account == "money" and e.amount:
                money[e.seat] += e.amount
                changed.add(e.seat)
        if result.declarer is not None and result.contract is not None:
            game = f"{names[result.declarer]} {tr.contract(result.contract.name)}"
            if result.played:
                took = result.tricks[result.declarer]
                game = tr.ngettext("{game}: {n} trick", "{game}: {n} tricks", took).format(game=game, n=took)
        else:
            game = tr.pgettext("sheet", "all pass") if result.kind == "all_pass" else result.kind.replace("_", " ")
        cells = [amount_text(money[s]) if s in changed else "" for s in range(n)]
        rows.append((str(number), game, *cells, amount_text(pot)))
    rows.append((tr.pgettext("sheet", "total"), "", *(amount_text(m) for m in money), amount_text(pot)))
    check = pot_check(view)
    notes = check.lines[:1] if check is not None else ()
    header = [tr.pgettext("sheet", "deal"), tr.pgettext("sheet", "game"), *names, tr.term("account", POT)]
    groups = [("", 2), (tr.term("account", "money"), n), ("", 1)]
    classes = ["deal", "game", *(["money"] * n), "pot"]
    return picture.ruled_sheet(view, header, rows, notes, groups, classes, view.tr.gettext("pot sheet"))
