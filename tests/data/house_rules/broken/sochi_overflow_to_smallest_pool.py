# variant: sochi
# area: score-many-deals
# breaks: the overflow of a closed pool is given to the smallest unclosed pool instead of the largest one
"""Help the poor: a player whose pool runs over gives the points to the player furthest from closing."""

import dataclasses

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_after_score(match, posted, rules):
    lists = yield
    out = []
    for entries in lists:
        moved = []
        for e in entries or []:
            if e.account == "pool" and e.note.startswith("aid from seat"):
                helper = int(e.note.rsplit(" ", 1)[1])
                pools = match.ledger.column("pool")
                open_ = [s for s in range(match.n_players) if s != helper and pools[s] < rules.pool]
                target = min(open_, key=lambda s: (pools[s], s)) if open_ else e.seat
                moved.append(dataclasses.replace(e, seat=target))
                continue
            if e.account == "whists" and e.note == "aid" and moved and moved[-1].account == "pool":
                moved.append(dataclasses.replace(e, other=moved[-1].seat))
                continue
            moved.append(e)
        out.append(moved)
    return out
