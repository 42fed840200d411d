# variant: illustrated
# area: kontra
# breaks: nothing (a plain defence hook that always defers to the variant with None)
"""A hook that is asked first and always says "not mine"."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_defence_legal(view, seat, rules):
    return None
