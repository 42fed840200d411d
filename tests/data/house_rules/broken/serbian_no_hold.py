# variant: serbian
# area: auction
# breaks: the right to hold is removed: an earlier seat may not say "mine" at the same number, he must go one higher
"""No holding: every bid must be one higher than the last, whoever speaks."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    numbers = [int(c) for _, c in view.calls if c.isdigit()]
    if not numbers:
        return legal
    level = max(numbers)
    if str(level) not in legal:
        return legal
    out = [c for c in legal if c != str(level)]
    if level < 7:
        out.insert(1, str(level + 1))
    return out
