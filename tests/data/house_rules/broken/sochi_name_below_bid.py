# variant: sochi
# area: declaration
# breaks: after the talon the declarer may name a game below the bid that won the auction (he bid 7H, plays 6S)
"""Cheap landing: once he has seen the talon, the declarer may name any game, even one below his bid."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_declaration_legal(view, rules):
    legal = yield
    if view.bid.first_bid_only or not legal or any(c not in view.contracts for c in legal):
        return legal  # misère and the half-and-half words stay as they are
    games = [r for r in view.contracts.biddable() if r.level >= 6 and not r.first_bid_only]
    return [r.name for r in sorted(games, key=lambda r: r.rank)]
