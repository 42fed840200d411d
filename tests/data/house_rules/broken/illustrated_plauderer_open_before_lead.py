# variant: illustrated
# area: visibility
# breaks: in Plauderer and Offener Durchmarsch the declarer's hand is laid open before his first lead, not after it
"""Open at once: the open contracts show the declarer's cards as soon as play starts."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if base.open_after_first_lead and base.open_hands:
        return dataclasses.replace(base, open_after_first_lead=False)
    return base
