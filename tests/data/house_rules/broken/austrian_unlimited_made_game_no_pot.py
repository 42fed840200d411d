# variant: austrian-unlimited
# area: pot-premiums
# breaks: a declarer who makes his game takes nothing from the pot (AUT-POT-04: he takes the pot)
"""Nothing from the pot for a made game: the declarer still pays the defenders for their tricks, but only a
failed declarer takes the pot out (and pays his penalty into it)."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_score_deal(result, match, rules):
    entries = yield
    if not entries or any(e.note == "declarer failed" for e in entries):
        return entries
    return [e for e in entries if e.note != "declarer takes from the pot"]
