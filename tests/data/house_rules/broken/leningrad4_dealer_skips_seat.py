# variant: leningrad(players=4)
# area: four-players
# breaks: the deal passes two seats on, so with four players two of them never deal (and never sit out)
"""Every other seat deals: the next dealer is the player two seats to the left."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_next_dealer(match, result, rules):
    return (result.dealer + 2) % match.n_players
