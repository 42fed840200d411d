# variant: nachgehen
# area: kontra
# breaks: a defender who passed may still say kontra after the other defender said it (ILL-KON-04: one round)
"""Second chance: when the second defender says kontra, the first, who passed, is asked again."""

from preferans.core.plugin import Next, hookimpl

EXTRA = ("bettel", "durchmarsch", "plauderer", "offener-durchmarsch")


def _reopened(view):
    if view.contract.name.removesuffix("-hand") not in EXTRA or len(view.calls) != 2:
        return None
    (first, c1), (second, c2) = view.calls
    if first in view.defenders and second in view.defenders and c1 == "pass" and c2 == "kontra":
        return first
    return None


@hookimpl(wrapper=True)
def pref_defence_step(view, rules):
    step = yield
    first = _reopened(view)
    return Next(first) if first is not None else step


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    if _reopened(view) == seat:
        return ["pass", "kontra"]
    return legal
