"""Slovenian Preferans (the Balkan chapter's "Варианты"): the Balkan game with the Slovenian differences.

Betl is called Berac and no-trump sans atout (SLO-01, GAP-SLO-02), the refe radlc (SLO-04): the rows keep
their names (``betl``, ``sans``, account ``refe``) and take the Slovenian labels. Sans is led under the
declarer and a two that nobody kontras writes nothing (SLO-02/03) are values in ``preset.toml``.
"""

from __future__ import annotations

from collections.abc import Generator

from preferans.core.plugin import ContractRegistry, hookimpl
from preferans.variants.balkan.rules import BalkanRules

LABELS = {"betl": "Berac", "igra-betl": "igra Berac", "sans": "sans atout", "igra-sans": "igra sans atout"}


@hookimpl(wrapper=True)
def pref_register_contracts(contracts: ContractRegistry, rules: BalkanRules) -> Generator[None, list[None], list[None]]:
    result = yield  # the Balkan rows are registered by then
    for name, label in LABELS.items():
        contracts.replace(contracts[name].with_(label=label))
    return result
