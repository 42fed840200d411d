# variant: balkan
# area: kontra
# breaks: the declarer may not answer a kontra with rekontra (the chain stops at the first kontra)
"""Kontra is the last word: the declarer can only accept it."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    if seat == view.declarer and "no-kontra" in legal:
        return ["no-kontra"]
    return legal
