# variant: leningrad
# area: score-one-deal
# breaks: gentleman's whist not shared: the declarer set, the lone whister keeps every whist, the passer none
"""Greedy after all: whatever the defence earns goes to the whister alone, the declarer set or not."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or len(result.defending) != 1:
        return entries
    whister = result.defending[0]
    out = []
    for e in entries:
        if e.account == "whists" and "shared" in e.note:
            if e.seat == whister:
                out.append(dataclasses.replace(e, amount=e.amount * 2, note="whists"))
            continue
        out.append(e)
    return out
