# variant: sochi
# area: visibility
# breaks: the talon of a misère is not shown to the table (only the declarer sees it when he takes it up)
"""Quiet misère: the misère declarer takes the talon up face down (RUS-MIS-06: it is shown to everybody)."""

from preferans.core.plugin import hookimpl


@hookimpl(wrapper=True)
def pref_register_contracts(contracts, rules):
    result = yield
    if "misere" in contracts:
        contracts.replace(contracts["misere"].with_(talon_shown=False))
    return result
