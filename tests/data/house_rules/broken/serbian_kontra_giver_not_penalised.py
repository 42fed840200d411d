# variant: serbian
# area: kontra
# breaks: a defender who said kontra is not penalised when the defence takes four tricks or fewer (BAL-KON-05)
"""Free kontra: saying kontra costs nothing when the declarer makes his game."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries:
        return entries
    return [e for e in entries if e.note != "kontra-giver failed"]
