# variant: balkan
# area: score
# breaks: the settlement not zero-sum: the first seat gets one unit out of nothing
"""The family's settlement with one more unit for seat 0."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator

from preferans.core.plugin import MatchView, Settlement, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_settle(match: MatchView, rules: BalkanRules) -> Generator[None, Settlement, Settlement]:
    s = yield
    return dataclasses.replace(s, exact=(s.exact[0] + 1, *s.exact[1:]), rounded=(s.rounded[0] + 1, *s.rounded[1:]))
