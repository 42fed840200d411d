# variant: balkan
# area: determinism
# breaks: the defence calls ordered by the objects' addresses (id()): two runs of the same seed play differently
"""The defence calls sorted by ``id()``, which differs from one interpreter to the next."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DefenceView, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: BalkanRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    return sorted(legal, key=lambda call: id(call) % 101)
