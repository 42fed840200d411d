# variant: sochi
# area: defence
# breaks: whist allowed after a pass: after the other's half-whist a defender who passed may come back and whist alone
"""The family's defence called with ``whist.return_levels`` 6 and 7 (вернуть вист), which Sochi does not play."""

from __future__ import annotations

from typing import Any

from preferans.core.plugin import DefenceStep, DefenceView, hookimpl
from preferans.variants import russian
from preferans.variants.russian.rules import RussianRules


def returning(rules: RussianRules) -> Any:
    return rules.model_copy(update={"whist": rules.whist.model_copy(update={"return_levels": [6, 7]})})


@hookimpl(tryfirst=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> list[str]:
    return russian.pref_defence_legal(view, seat, returning(rules))


@hookimpl(tryfirst=True)
def pref_defence_step(view: DefenceView, rules: RussianRules) -> DefenceStep:
    return russian.pref_defence_step(view, returning(rules))
