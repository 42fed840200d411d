# variant: balkan
# area: score-one-deal
# breaks: a declarer who plays on his refe is scored at the single value; the refe is crossed out but doubles nothing
"""The refe is only a mark: it is spent, but the deal counts single (BAL-REFE-02: everything doubles)."""

from fractions import Fraction

from preferans.core.plugin import Entry, hookimpl, int_if_whole


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or not any(e.note == "refe played" for e in entries):
        return entries
    f = Fraction(1, int(rules.refe.factor))
    return [e if e.note == "refe played" else Entry(e.account, e.seat, int_if_whole(e.amount * f), e.other, e.note)
            for e in entries]
