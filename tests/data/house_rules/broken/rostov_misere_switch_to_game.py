# variant: rostov
# area: declaration
# breaks: a player who won the auction with misère may name a trick game instead once he has seen the talon
"""Escape from misère: the talon was bad for a misère, so the declarer plays a game instead (misère is
binding: RUS-BID-01, RUS-MIS-03)."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_declaration_legal(view, rules):
    legal = yield
    if view.bid.kind != "misere" or legal != [view.bid.name]:
        return legal
    games = sorted((r for r in view.contracts.biddable() if r.level >= 6), key=lambda r: r.rank)
    return legal + [r.name for r in games]
