# variant: sochi
# area: auction
# breaks: misère may be called after a game bid (a player would notice: he bid 6S, was outbid, then called misère)
"""Second thoughts: a player who bid a game may still fall back on misère later in the auction, as long as
nobody has bid above it. (RUS-BID-01: misère is a first and only call.)"""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    mine = view.calls_of(seat)
    if "misere" in legal or "misere" not in view.contracts or not mine or "misere" in mine:
        return legal
    if len(legal) == 1:  # only "pass" (a binding bid stands)
        return legal
    misere = view.contracts["misere"]
    best = view.highest()
    if best is not None and best[1].rank >= misere.rank:
        return legal
    out = [c for c in legal if c == "pass" or view.contracts[c].rank < misere.rank]
    return out + ["misere"] + [c for c in legal if c != "pass" and view.contracts[c].rank > misere.rank]
