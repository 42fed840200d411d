# variant: austrian(players=4)
# area: four-players
# breaks: with four players the dealer, who sits out, puts no ante into the pot (AUT-POT-03: every dealer antes)
"""A rest for the dealer: the player who sits out pays nothing that deal."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_before_deal(match, dealer, rules):
    lists = yield
    if match.n_players != 4:
        return lists
    return [[e for e in entries or [] if e.note != "ante"] for entries in lists]
