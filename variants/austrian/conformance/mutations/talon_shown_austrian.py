# variant: austrian
# area: visibility
# breaks: the talon shown to everybody, where only the declarer who takes it sees it
"""Every row of the contract table taken up face up."""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import ContractRegistry, hookimpl
from preferans.variants.austrian.rules import AustrianRules


@hookimpl(wrapper=True)
def pref_register_contracts(contracts: ContractRegistry,
                            rules: AustrianRules) -> Generator[None, list[None], list[None]]:
    result = yield
    for spec in contracts.freeze():
        if spec.with_talon:
            contracts.replace(spec.with_(talon_shown=True))
    return result
