# variant: austrian
# area: pot
# breaks: a premium paid without the cards: "no aces" may be announced, and is paid, by a declarer who holds an ace
"""``no-aces`` offered at every announcement, whatever the declarer's twelve cards hold."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import DeclarationView, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_declaration_legal(view: DeclarationView, rules: AustrianRules) -> Generator[None, list[str], list[str]]:
    legal = yield
    if "quiet" in legal and "no-aces" not in legal and rules.premiums.no_aces == "announced":
        return [*legal, "no-aces"]
    return legal
