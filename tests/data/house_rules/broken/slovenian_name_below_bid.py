# variant: slovenian
# area: declaration
# breaks: after the talon the declarer may name a contract below his bid (he bid 4, plays spades, the 2)
"""Any suit after the talon: the winner names whatever contract he likes, whatever he bid."""

from preferans.core.plugin import hookimpl

LADDER = ["spades", "diamonds", "hearts", "clubs", "betl", "sans"]


@hookimpl(wrapper=True)
def pref_declaration_legal(view, rules):
    legal = yield
    if not view.bid.name.isdigit() or not legal or not set(legal) <= set(LADDER):
        return legal
    return [name for name in LADDER if name in view.contracts]
