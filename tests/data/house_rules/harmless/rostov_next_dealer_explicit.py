# variant: rostov
# area: match-end
# breaks: nothing (the next dealer is answered explicitly as the next seat clockwise: Rostov's sliding deal)
"""The sliding deal written out: after every deal, raspasovka included, the deal passes to the left."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_next_dealer(match, result, rules):
    return (result.dealer + 1) % match.n_players
