# variant: austrian
# area: auction
# breaks: a later seat may say "mein" and hold an earlier seat's bid (only a seat earlier in the order may hold)
"""Anybody holds: every player may take over the standing bid at the same number with "mein"."""

from preferans.core.plugin import hookimpl


def _holder(view):
    best = None
    for seat, call in view.calls:
        if call == "mein" and best is not None:
            best = seat
        elif call in view.contracts:
            best = seat
    return best


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    holder = _holder(view)
    if holder is None or holder == seat or "mein" in legal or "pass" not in legal:
        return legal
    return ["pass", "mein", *(c for c in legal if c != "pass")]
