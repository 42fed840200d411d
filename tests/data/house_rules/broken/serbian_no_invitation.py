# variant: serbian
# area: defence
# breaks: a lone follower may not invite the defender who passed (the invitation is never offered)
"""No invitations: a lone follower defends alone or says kontra; "invite" is gone."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    return [c for c in legal if c != "invite"]
