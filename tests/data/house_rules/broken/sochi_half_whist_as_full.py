# variant: sochi
# area: score-one-deal
# breaks: a half-whist is written as a full whist (4 tricks' whists on a six instead of 2)
"""Generous half: the half-whister writes the whists of the whole obligation, not half of it."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if entries is None:
        return entries
    return [dataclasses.replace(e, amount=e.amount * 2) if e.account == "whists" and "half-whist" in e.note
            else e for e in entries]
