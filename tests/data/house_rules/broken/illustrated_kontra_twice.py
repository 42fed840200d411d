# variant: illustrated
# area: kontra
# breaks: after the declarer's rekontra the defender who said kontra may say kontra again (ILL-KON-05: no subkontra)
"""Kontra back: the kontra-giver answers a rekontra with a second kontra."""

from preferans.core.plugin import Next, hookimpl

EXTRA = ("bettel", "durchmarsch", "plauderer", "offener-durchmarsch")


def _after_rekontra(view):
    if view.contract.name.removesuffix("-hand") not in EXTRA or not view.calls:
        return None
    if view.calls[-1] != (view.declarer, "rekontra"):
        return None
    givers = [s for s, c in view.calls if c == "kontra"]
    return givers[0] if givers else None


@hookimpl(wrapper=True)
def pref_defence_step(view, rules):
    step = yield
    giver = _after_rekontra(view)
    return Next(giver) if giver is not None else step


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    if _after_rekontra(view) == seat:
        return ["pass", "kontra"]
    return legal
