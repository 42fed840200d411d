# variant: sochi
# area: defence
# breaks: the first defender may half-whist before anybody passed (half-whist is only for the second, after a pass)
"""Early half: the defender on the declarer's left may say half-whist straight away on a six or seven."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_defence_legal(view, seat, rules):
    legal = yield
    if (not view.calls and view.contract.level in (6, 7) and "whist" in legal and "half" not in legal
            and "pass" in legal):
        return [*legal, "half"]
    return legal
