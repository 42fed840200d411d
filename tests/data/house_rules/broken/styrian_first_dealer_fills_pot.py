# variant: styrian
# area: pot-premiums
# breaks: the first dealer fills the whole initial pot alone (STY-POT-01: everybody puts in the same share)
"""Host pays: the first dealer puts the whole starting pot in."""

from preferans.core.plugin import Entry, hookimpl


@hookimpl(wrapper=True)
def pref_before_deal(match, dealer, rules):
    lists = yield
    out = []
    for entries in lists:
        out.append([Entry(e.account, dealer, e.amount, e.other, e.note) if e.note == "initial pot" else e
                    for e in entries or []])
    return out
