# variant: balkan
# area: auction
# breaks: igra may be called after a number bid (igra is a first call only: a player who bid 2 then says igra)
"""Late igra: a player who has already bid on the talon may still announce a game without it."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    if "igra" in legal or "pass" not in legal or any(c.startswith("igra") for _, c in view.calls):
        return legal
    if not view.calls_of(seat) or "pass" in view.calls_of(seat):
        return legal
    return [*legal, "igra"]
