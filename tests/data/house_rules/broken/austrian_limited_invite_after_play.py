# variant: austrian-limited
# area: defence
# breaks: the second defender may "invite" although the first already said he plays (an invitation only follows a pass)
"""Invite anyway: the second opponent may always invite, whatever the first said."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    if view.calls and seat != view.calls[0][0] and "invite" not in legal and "play" in legal:
        return [*legal, "invite"]
    return legal
