# variant: austrian
# area: pot-premiums
# breaks: nothing (a collecting hook that adds no entry after any deal)
"""A pot cap that never bites: the after-score hook answers an empty list every time."""

from preferans.core.plugin import hookimpl


@hookimpl
def pref_after_score(match, posted, rules):
    return []
