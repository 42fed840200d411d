# variant: leningrad
# area: defence
# breaks: a defender who passed is asked again after his partner whisted, and may whist after all
"""Change of heart: when the first defender passed and the second whisted, the first may join in with a
whist of his own (a pass is final; only the half-whist may be returned, and Leningrad returns none)."""

from preferans.core.plugin import Defended, Next, hookimpl


def _reopened(view):
    calls = view.calls
    if not view.contract.has_defence or len(view.defenders) != 2 or len(calls) < 2:
        return None
    (first, c1), (second, c2) = calls[0], calls[1]
    if c1 == "pass" and c2 == "whist" and first == view.defenders[0]:
        return first, second
    return None


@hookimpl(wrapper=True)
def pref_defence_step(view, rules):
    step = yield
    seats = _reopened(view)
    if seats is None:
        return step
    first, _ = seats
    if len(view.calls) == 2:
        return Next(first)
    if view.calls[2] == (first, "whist"):
        return Defended(view.defenders, True)
    return step


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    seats = _reopened(view)
    if seats is not None and len(view.calls) == 2 and seat == seats[0]:
        return ["pass", "whist"]
    return legal
