# variant: balkan
# area: score-many-deals
# breaks: the refe limit is ignored: every all-pass deal gives all a refe, also after the game's one refe deal
"""Refes for ever: every deal everybody passes draws a refe for all, however many refe deals there were."""

from preferans.core.plugin import Entry, hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if entries or result.outcome != "thrown_in" or any(match.ledger.column("hat")):
        return entries
    return [Entry(account, s, 1, note="refe (all passed)")
            for s in range(match.n_players) for account in ("refe", "refe_drawn")]
