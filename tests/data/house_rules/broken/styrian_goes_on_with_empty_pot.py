# variant: styrian
# area: match-end
# breaks: the session does not stop when the pot is empty; games go on for nothing (STY-POT-01: refill or stop)
"""Play on: the empty pot neither ends the session nor is refilled; only the deal limit ends it."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_match_over(match, rules):
    limit = rules.max_deals
    return limit is not None and len(match.history) >= limit
