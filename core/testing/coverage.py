"""What a run of the suite reached: the rows of the contract table, the calls, the all-pass outcomes.

A :class:`Coverage` watches the games of a walk (:meth:`Coverage.before` and :meth:`Coverage.took` at every
action, :meth:`Coverage.deal_ended` after each deal; :func:`step` does all three) and records:

* **rows**: each row of the variant's own contract table that was called (in the auction or the
  declaration) or was the contract of a deal (the raspasovka row is reached by an all-pass deal played);
* **calls**: every call that is neither a row nor a card, per phase, as *offered* (seen legal) and *taken*;
  the defence calls are the whist, the pass, the half-whist, the invitation and every kontra level; the
  levels of the variant's doubling chain (``[conformance] doubling`` of its presets: the Balkan kontra,
  rekontra ...) are counted apart;
* **all-pass outcomes**: how the all-pass deals ended (``played as raspasovka``, ``thrown in``), and the
  longest run of all-pass deals in a row (a raspasovka series);
* **declaration steps**: the talon taken, a discard, a hand game (no talon), a take-over (a second discard
  by another seat, Nachgehen);
* **early stops**: played deals that ended before the tenth trick, by contract kind.

:meth:`Coverage.missed` names what the suite requires and was not reached: a row of the table, a call
offered but never taken, or no all-pass deal at all when every bidder could pass. A variant whose table has a
row its auction never offers fails there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from preferans.core.engine.game import Deal, Game, Phase
from preferans.core.model.contracts import ContractTable
from preferans.core.model.views import DealResult

from .policy import ReferencePolicy

COVERAGE_PROPERTY = "preferans_coverage"
"""The ``user_properties`` key under which each walking test of the suite records its :class:`Coverage`."""

CALL_PHASES = (Phase.AUCTION.value, Phase.DECLARE.value, Phase.DEFENCE.value)


@dataclass
class Coverage:
    """The rules one variant's games reached (mergeable: :meth:`merge`; serialisable: :meth:`to_dict`)."""

    rows: tuple[str, ...] = ()
    """The contract table's row names, in auction order: what must be reached."""
    reached: set[str] = field(default_factory=set)
    offered: dict[str, set[str]] = field(default_factory=lambda: {p: set() for p in CALL_PHASES})
    taken: dict[str, set[str]] = field(default_factory=lambda: {p: set() for p in CALL_PHASES})
    all_pass: Counter[str] = field(default_factory=Counter)
    longest_series: int = 0
    steps: Counter[str] = field(default_factory=Counter)
    early_stops: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    deals: int = 0
    all_pass_possible: bool = False
    """Whether every bidder of some deal could have passed (pass legal at each of their calls)."""
    doubling: tuple[str, ...] = ()
    """The calls of the variant's doubling chain, lowest first (``[conformance] doubling`` of its presets; a call
    ending in ``-`` stands for the numbered levels above): read from the first game recorded."""
    _series: int = field(default=0, init=False, repr=False, compare=False)
    _deal: Deal | None = field(default=None, init=False, repr=False, compare=False)
    _could_pass: bool = field(default=True, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, table: ContractTable) -> Coverage:
        """An empty coverage of a variant whose contract table is ``table``."""
        return cls(rows=tuple(r.name for r in table))

    # ---------------------------------------------------------------- recording

    def novel(self, phase: Phase, action: str) -> bool:
        """Whether ``action`` was never taken: a row never reached, or a call never taken in ``phase``."""
        if action in self.rows:
            return action not in self.reached
        taken = self.taken.get(phase.value)
        return taken is not None and action not in taken

    def before(self, game: Game, legal: list[str], counted: bool = True) -> None:
        """Record what is offered in the state ``game`` is in (called before each action); with ``counted``
        false (the walk stopped exploring this deal: a chain without end) its new calls are not required."""
        phase = game.phase
        if not self.doubling:
            self.doubling = tuple(game.variant.conformance_defaults.doubling or ())
        if phase is Phase.PLAY or phase is Phase.DISCARD:
            return
        if phase is Phase.AUCTION:
            if self._deal is not game.deal:
                self._deal, self._could_pass = game.deal, True
            if "pass" not in legal:
                self._could_pass = False
        offered = self.offered.get(phase.value)
        if offered is not None and counted:
            offered.update(a for a in legal if a not in self.rows)

    def took(self, phase: Phase, action: str) -> None:
        """Record the action taken in ``phase`` (before it is applied)."""
        if phase is Phase.PLAY or phase is Phase.DISCARD:
            return
        if action in self.rows:
            self.reached.add(action)
        elif phase.value in self.taken:
            self.taken[phase.value].add(action)

    def deal_ended(self, deal: Deal, result: DealResult) -> None:
        """Record a finished deal: ``deal`` is its state as the engine left it, ``result`` its record."""
        self.deals += 1
        self.outcomes[result.outcome] += 1
        if result.contract is not None:
            self.reached.add(result.contract.name)
        if result.kind == "all_pass":
            self.all_pass["thrown in" if not result.played else
                          f"played as {result.contract.name if result.contract else '?'}"] += 1
            self._series += 1
            self.longest_series = max(self.longest_series, self._series)
        else:
            self._series = 0
        self.all_pass_possible |= self._could_pass
        self._deal = None
        if result.kind == "contract":
            if deal.talon_taken:
                self.steps["talon taken"] += 1
            elif result.contract is not None:
                self.steps["hand game (no talon)"] += 1
            if deal.discarded_by:
                self.steps["discard"] += 1
            if len(set(deal.discarded_by)) > 1:
                self.steps["take-over (a second discard)"] += 1
        play = deal.play
        if result.played and play is not None and play.tricks_done < 10:
            kind = result.contract.kind if result.contract is not None else "?"
            self.early_stops[kind] += 1

    def match_started(self) -> None:
        """A new match: an all-pass series does not run across matches."""
        self._series = 0

    # ---------------------------------------------------------------- reading

    def missed_rows(self) -> list[str]:
        return [r for r in self.rows if r not in self.reached]

    def missed_calls(self) -> dict[str, list[str]]:
        return {p: sorted(self.offered[p] - self.taken[p]) for p in CALL_PHASES if self.offered[p] - self.taken[p]}

    def missed(self) -> list[str]:
        """What the suite requires and this run did not reach, each named (empty: all reached)."""
        out = []
        rows = self.missed_rows()
        if rows:
            out.append(f"contract table row(s) never called nor played: {', '.join(rows)}")
        for phase, calls in self.missed_calls().items():
            out.append(f"{phase} call(s) offered but never taken: {', '.join(calls)}")
        if self.all_pass_possible and not sum(self.all_pass.values()):
            out.append("no all-pass deal, though every bidder could pass")
        return out

    def share(self, part: str) -> tuple[int, int]:
        """``(reached, of)`` for ``"rows"``, ``"defence"`` (the defence calls), ``"calls"`` (the auction and
        declaration calls that are not rows) or ``"all_pass"`` (an all-pass deal; two in a row)."""
        if part == "rows":
            return len(self.rows) - len(self.missed_rows()), len(self.rows)
        if part == "defence":
            d = Phase.DEFENCE.value
            return len(self.taken[d] & self.offered[d]), len(self.offered[d])
        if part == "calls":
            phases = (Phase.AUCTION.value, Phase.DECLARE.value)
            return (sum(len(self.taken[p] & self.offered[p]) for p in phases),
                    sum(len(self.offered[p]) for p in phases))
        if part == "all_pass":
            if not self.all_pass_possible and not self.all_pass:
                return 0, 0
            return int(bool(self.all_pass)) + int(self.longest_series >= 2), 2
        raise ValueError(part)

    def doubling_levels(self) -> list[str]:
        """The levels of the doubling chain taken in the defence (the Balkan ``kontra``, ``rekontra`` ...
        ``kontra-10``), lowest first: a call of :attr:`doubling`, or one a key of it ending in ``-`` begins,
        numbered (its number orders it after the named levels)."""
        named = {c: i + 1 for i, c in enumerate(self.doubling) if not c.endswith("-")}
        prefixes = tuple(c for c in self.doubling if c.endswith("-"))
        levels = [c for c in self.taken[Phase.DEFENCE.value] if c in named or (prefixes and c.startswith(prefixes))]
        return sorted(levels, key=lambda c: (named.get(c) or _number(c), c))

    def merge(self, other: Coverage) -> Coverage:
        """The union of two runs of the same variant (``self`` is changed and returned); ``deals`` is the longer
        run's, since the checks of one variant all walk the same games."""
        self.rows = self.rows or other.rows
        self.reached |= other.reached
        for p in CALL_PHASES:
            self.offered[p] |= other.offered.get(p, set())
            self.taken[p] |= other.taken.get(p, set())
        self.all_pass.update(other.all_pass)
        self.longest_series = max(self.longest_series, other.longest_series)
        self.steps.update(other.steps)
        self.early_stops.update(other.early_stops)
        self.outcomes.update(other.outcomes)
        self.deals = max(self.deals, other.deals)  # the checks of one variant walk the same deals
        self.all_pass_possible = self.all_pass_possible or other.all_pass_possible
        self.doubling = self.doubling or other.doubling
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "rows": list(self.rows), "reached": sorted(self.reached),
            "offered": {p: sorted(v) for p, v in self.offered.items()},
            "taken": {p: sorted(v) for p, v in self.taken.items()},
            "all_pass": dict(self.all_pass), "longest_series": self.longest_series,
            "steps": dict(self.steps), "early_stops": dict(self.early_stops), "outcomes": dict(self.outcomes),
            "deals": self.deals, "all_pass_possible": self.all_pass_possible, "doubling": list(self.doubling),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Coverage:
        return cls(
            rows=tuple(data["rows"]), reached=set(data["reached"]),
            offered={p: set(data["offered"].get(p, ())) for p in CALL_PHASES},
            taken={p: set(data["taken"].get(p, ())) for p in CALL_PHASES},
            all_pass=Counter(data["all_pass"]), longest_series=data["longest_series"],
            steps=Counter(data["steps"]), early_stops=Counter(data["early_stops"]),
            outcomes=Counter(data["outcomes"]), deals=data["deals"],
            all_pass_possible=data["all_pass_possible"], doubling=tuple(data.get("doubling", ())),
        )

    def summary(self) -> dict[str, Any]:
        """The coverage in a few numbers and lists, for the JSON report and the table."""
        shares = {k: self.share(k) for k in ("rows", "defence", "calls", "all_pass")}
        return {
            "deals": self.deals,
            "contract_table": _pct(shares["rows"]), "defence_calls": _pct(shares["defence"]),
            "other_calls": _pct(shares["calls"]), "all_pass": _pct(shares["all_pass"]),
            "missed": self.missed(),
            "defence_taken": sorted(self.taken[Phase.DEFENCE.value]),
            "doubling_levels": self.doubling_levels(),
            "all_pass_outcomes": dict(self.all_pass), "longest_all_pass_series": self.longest_series,
            "declaration_steps": dict(self.steps), "early_stops": dict(self.early_stops),
        }


def step(game: Game, policy: ReferencePolicy, coverage: Coverage) -> bool:
    """Let ``policy`` take one action in ``game``, recorded in ``coverage``; whether a deal ended."""
    legal = game.legal_actions()
    phase = game.phase
    if phase is not Phase.PLAY:
        coverage.before(game, legal, policy.may_explore_calls(game))
    action = policy.choose(game, legal)
    coverage.took(phase, action)
    deal, before = game.deal, len(game.results)
    game.apply(action)
    if len(game.results) > before:
        coverage.deal_ended(deal, game.results[-1])
        return True
    return False


def _number(call: str) -> int:
    tail = call.rpartition("-")[2]
    return int(tail) if tail.isdigit() else 99


def _pct(share: tuple[int, int]) -> dict[str, int]:
    return {"reached": share[0], "of": share[1]}


def merged(items: Iterable[Coverage]) -> Coverage:
    total = Coverage()
    for c in items:
        total.merge(c)
    return total
