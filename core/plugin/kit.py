"""A family's conformance kit (docs/conformance.md): the interface of its independent reference of the rules
(``Reference``, answering with ``Legal`` and ``Seen``, asked about a ``Moment``), the areas a deviation may name
(``AREAS``) and hand-worked ``GoldenDeal`` values, built on a variant's ``ContractTable``."""

from __future__ import annotations

from preferans.core.model.contracts import ContractTable
from preferans.core.model.kit import AREAS, GoldenDeal, Legal, Moment, Reference, Seen

__all__ = ["AREAS", "ContractTable", "GoldenDeal", "Legal", "Moment", "Reference", "Seen"]
