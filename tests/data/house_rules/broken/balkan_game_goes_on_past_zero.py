# variant: balkan
# area: match-end
# breaks: the game does not end when the bule sum to zero; it goes on to the deal limit (BAL-SCORE-11)
"""Play to the end of the evening: the game stops only at the agreed number of deals."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_match_over(match, rules):
    limit = rules.max_deals
    return limit is not None and len(match.history) >= limit
