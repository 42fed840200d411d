# variant: sochi
# area: determinism
# breaks: the defence calls ordered by hash(): with another hash seed the same seed plays another game
"""The defence calls sorted by ``hash``, which ``PYTHONHASHSEED`` changes from one interpreter to the next."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.russian.rules import RussianRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: RussianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return sorted(legal, key=hash)
