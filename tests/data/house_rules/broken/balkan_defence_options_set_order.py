# variant: balkan
# area: determinism
# breaks: the defence options come out of a set in string-hash order: the same seed plays differently per process
"""De-duplicated options: the defence calls pass through a set (whose order Python salts per process), so the
first option, which a player who only confirms takes, changes from run to run."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    return list(set(legal))
