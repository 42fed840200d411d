# variant: rostov
# area: match-end
# breaks: the pulka ends as soon as one player closes his pool, not when every pool is closed
"""Quick pulka: the first closed pool ends the match."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_match_over(match, rules):
    if any(p >= rules.pool for p in match.ledger.column("pool")):
        return True
    return None
