# variant: sochi
# area: score-many-deals
# breaks: the raspasovka price does not rise in a series: the second and third raspasovka in a row still cost 1 a trick
"""No progression: every raspasovka is written at the first price, however many came before it."""

from fractions import Fraction

from preferans.core.plugin import Entry, hookimpl, int_if_whole


def _streak(match):
    count = 0
    for r in reversed(match.history):
        if r.kind != "all_pass":
            break
        count += r.outcome == "played"
    return count


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or result.kind != "all_pass" or result.outcome != "played":
        return entries
    rr = rules.raspasovka
    steps = _streak(match)
    if rr.progression_cap:
        steps = min(steps, rr.progression_cap - 1)
    price = rr.trick_price + rr.progression_step * steps
    if price == rr.trick_price:
        return entries
    factor = Fraction(rr.trick_price, price)
    return [Entry(e.account, e.seat, int_if_whole(e.amount * factor), e.other, e.note) for e in entries]
