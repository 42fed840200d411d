"""Contracts as data.

What a contract *is* (trump, how many tricks the declarer needs, whether it is bid, where it ranks in the
auction, whether the defenders lie open) is a :class:`ContractSpec` row. Variants register rows through
the ``pref_register_contracts`` hook; extra contracts such as Bettel or Durchmarsch are new rows, not new
hooks. The engine reads only these fields; prices live in the variant's rules.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from preferans.core.model.cards import NO_TRUMP, SUITS

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class ContractSpec:
    """One contract.

    ``goal`` says what the declarer must do: ``"tricks"`` (at least ``target`` tricks), ``"none"``
    (no trick: misère, Bettel) or ``"all"`` (all ten: Durchmarsch). ``rank`` orders the auction (higher
    beats lower); ``biddable=False`` rows (raspasovka) are never called. ``first_bid_only`` is the
    Russian "binding" misère (called only as a player's first bid); what may outbid it follows from ``rank``.
    """

    name: str
    kind: str
    label: str
    rank: int
    level: int = 0
    trump: int = NO_TRUMP
    goal: str = "tricks"
    target: int = 0
    biddable: bool = True
    first_bid_only: bool = False
    with_talon: bool = True
    talon_shown: bool = False
    defenders_open: bool = False
    must_trump: bool = True
    must_beat: bool = False
    must_overtrump: bool | None = None
    """Whether a player void in the suit led must over-trump a trump already in the trick; ``None``: as
    ``must_beat`` (the Austrian Stichzwang may or may not include it, docs/rules/austrian.md#open-point-8)."""
    has_defence: bool = True
    """Whether the defenders are asked their defence calls (whist or pass, follow, play ...); ``False``: the
    contract is played at once, the defenders open (the Russian misère, a checked ten)."""

    def with_(self, **changes: object) -> ContractSpec:
        return replace(self, **changes)  # type: ignore[arg-type]


class ContractRegistry:
    """Mutable during ``pref_register_contracts``; the engine freezes it into a :class:`ContractTable`."""

    def __init__(self) -> None:
        self._rows: dict[str, ContractSpec] = {}

    def add(self, spec: ContractSpec) -> None:
        if spec.name in self._rows:
            raise ValueError(f"contract {spec.name!r} registered twice; use replace()")
        self._rows[spec.name] = spec

    def replace(self, spec: ContractSpec) -> None:
        self._rows[spec.name] = spec

    def remove(self, name: str) -> None:
        self._rows.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._rows

    def __getitem__(self, name: str) -> ContractSpec:
        return self._rows[name]

    def freeze(self) -> ContractTable:
        return ContractTable(tuple(sorted(self._rows.values(), key=lambda s: (s.rank, s.name))))


@dataclass(frozen=True)
class ContractTable:
    """The frozen contract table of one game, in auction order."""

    rows: tuple[ContractSpec, ...]
    _by_name: dict[str, ContractSpec] = field(init=False, repr=False, compare=False)
    _biddable: tuple[ContractSpec, ...] = field(init=False, repr=False, compare=False)
    _biddable_ranks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _memo: dict[Hashable, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {r.name: r for r in self.rows})
        object.__setattr__(self, "_biddable", tuple(r for r in self.rows if r.biddable))
        object.__setattr__(self, "_biddable_ranks", tuple(r.rank for r in self._biddable))
        object.__setattr__(self, "_memo", {})
        # get() as the dict's own method: the auction hooks look every call up in the table, at every call
        object.__setattr__(self, "get", self._by_name.get)

    def __getitem__(self, name: str) -> ContractSpec:
        return self._by_name[name]

    def get(self, name: str) -> ContractSpec | None:
        return self._by_name.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[ContractSpec]:
        return iter(self.rows)

    def biddable(self) -> tuple[ContractSpec, ...]:
        return self._biddable

    def biddable_above(self, rank: int | None) -> tuple[ContractSpec, ...]:
        """Biddable rows ranked strictly above ``rank`` (all of them for ``None``), in auction order."""
        rows = self._biddable
        if rank is None:
            return rows
        return rows[bisect_right(self._biddable_ranks, rank):]

    def kinds(self) -> frozenset[str]:
        return frozenset(r.kind for r in self.rows)

    def memo(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, worked out once per table and ``key``: for a value derived from the table that is asked
        often, such as the calls above the highest bid, at every call of an auction. The table never changes,
        so ``key`` must name everything else ``make`` reads (begin it with the function that works the value
        out, so that no two callers' keys meet); the value is shared, so it must not be changed (a tuple)."""
        memo = self._memo
        if key in memo:
            value: _T = memo[key]
            return value
        value = memo[key] = make()
        return value


def trump_name(trump: int) -> str:
    return "NT" if trump == NO_TRUMP else SUITS[trump]
