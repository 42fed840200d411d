# variant: balkan
# area: declaration
# breaks: a contract named lower than the bid: after winning 4 the declarer may play spades or diamonds
"""Every contract of the ladder offered after the talon, whatever the bid."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from preferans.core.plugin import DeclarationView, hookimpl
from preferans.variants.balkan import calls


@hookimpl(wrapper=True)
def pref_declaration_legal(view: DeclarationView, rules: Any) -> Generator[None, list[str], list[str]]:
    legal = yield
    ladder = [name for name, _, _, _ in calls.LADDER]
    return ladder if legal and set(legal) <= set(ladder) else legal
