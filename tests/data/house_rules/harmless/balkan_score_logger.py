# variant: balkan
# area: score-one-deal
# breaks: nothing (the entries of every deal are logged to a list and returned unchanged)
"""A club secretary's log: every deal's entries are copied to a list kept by this module; nothing changes."""

from preferans.core.plugin import hookimpl

LOG: list = []


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    LOG.append((result.index_in_match, result.kind, tuple(entries or ())))
    return entries
