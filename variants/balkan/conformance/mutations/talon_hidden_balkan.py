# variant: balkan
# area: visibility
# breaks: the talon the declarer takes is not shown to the defenders, though the table plays it face up
"""Every row of the contract table taken up face down."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import ContractRegistry, hookimpl
from preferans.variants.balkan.rules import BalkanRules


@hookimpl(wrapper=True)
def pref_register_contracts(contracts: ContractRegistry, rules: BalkanRules) -> Generator[None, list[None], list[None]]:
    result = yield
    for spec in contracts.freeze():
        contracts.replace(spec.with_(talon_shown=False))
    return result
