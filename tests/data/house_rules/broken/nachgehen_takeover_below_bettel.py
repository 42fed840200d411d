# variant: nachgehen
# area: declaration
# breaks: a player who takes over the discards may name a suit game, below Bettel (NACH-03: at least Bettel)
"""Cheap take-over: picking up the winner's discards, a bidder may name any contract at all."""

from preferans.core.plugin import hookimpl

SUITS = ("clubs", "spades", "diamonds", "hearts")


@hookimpl(wrapper=True)
def pref_declaration_legal(view, rules):
    legal = yield
    takes = [s for s, c in view.calls if c == "take"]
    if not legal or not takes or not all(c in view.contracts for c in legal):
        return legal
    named = [c for _, c in view.calls if c in view.contracts]
    if named:
        return legal  # an overcall must still go higher
    extra = [c for c in SUITS if c in view.contracts and c not in legal]
    return extra + legal
