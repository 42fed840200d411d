# variant: classic(players=4)
# area: four-players
# breaks: the sitting-out dealer writes no consolation on a set declarer (Classic: the dealer writes it too)
"""The dealer keeps out of it: consolation comes from the defenders only."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or result.dealer in result.active:
        return entries
    return [e for e in entries if not (e.seat == result.dealer and "consolation" in e.note)]
