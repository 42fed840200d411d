# variant: sochi
# area: auction
# breaks: nothing (a wrapper that passes the auction calls of the plugins below on unchanged)
"""A wrapper that looks at the legal calls and hands them on as they are."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    return legal
