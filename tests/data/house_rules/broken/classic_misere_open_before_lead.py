# variant: classic
# area: visibility
# breaks: in a misère the defenders' hands are shown before the declarer's first lead, so he leads seeing them
"""Open from the start: the defenders of a misère lie open at once, even when the declarer is on lead
(RUS-MIS-06: they open after his first lead)."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_play_rules(view, rules):
    base = yield
    if view.contract.kind == "misere":
        return dataclasses.replace(base, open_after_declarer_leads=False)
    return base
