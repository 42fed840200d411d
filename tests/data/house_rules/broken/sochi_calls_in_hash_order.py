# variant: sochi
# area: determinism
# breaks: the legal auction calls come in string-hash order: the same seed plays a different game per process
"""Tidy the calls: duplicates removed through a set and the list ordered by hash (which Python salts per
process), so a replay with the same seed and the same players bids differently."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_auction_legal(view, seat, rules):
    legal = yield
    return sorted(set(legal), key=hash)
