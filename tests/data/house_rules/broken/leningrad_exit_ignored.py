# variant: leningrad
# area: auction
# breaks: the hard exit after raspasovkas (6-7-8) is ignored: after two raspasovkas in a row a six may still be bid
"""Easy way out: after any number of raspasovkas in a row the auction opens at six again. The table's
exit levels stay written in the rules; the hook simply puts the lower games back."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    if not view.match.trailing_all_passes() or len(legal) <= 1:
        return legal
    best = view.highest()
    floor = best[1].rank if best is not None else -1
    games = {r.name for r in view.contracts.biddable() if r.level >= 6 and r.rank > floor}
    calls = {c for c in legal if c != "pass"} | games
    return ["pass", *sorted(calls, key=lambda c: view.contracts[c].rank)]
