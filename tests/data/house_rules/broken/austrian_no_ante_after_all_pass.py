# variant: austrian
# area: score-many-deals
# breaks: after a deal everybody passed, the next dealer puts no ante into the pot (GAP-AUT-03: he adds his 10)
"""The pot is full enough: a dealer after a thrown-in deal skips his ante."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_before_deal(match, dealer, rules):
    lists = yield
    if not match.history or match.history[-1].outcome != "thrown_in":
        return lists
    return [[e for e in entries or [] if e.note != "ante"] for entries in lists]
