"""The arena's deal sets (``--deal-set``): all deals, or only those played under one contract or kind.

Some contracts are a few deals in a hundred (the Russian raspasovka one in five, misère about one in two
hundred in Sochi), so an arena of all deals says little about how a bot plays them. A deal set keeps only
such deals. Its name is ``all`` or a name or a kind of a contract of the variant (``raspasovka``,
``misere``, ``betl``, ``bettel``, ``6S``, ``suit`` ...): deal ``i`` of the set is the ``i``-th deal of the
run's seed stream (deal ``j`` of the stream shuffled from ``derive_seed(S, j)``, seat ``j % n`` dealing,
exactly as the set ``all`` deals them) on which the reference auction, the heuristic bot in every seat
(deterministic), ends in a contract of that name or kind (the cards about to be played, or the defence to
speak): ``raspasovka`` the deals where everyone passes into the Russian raspasovka, ``misere`` those where
somebody calls misère. Where the set's contracts take no trick and are bid (misère, betl, Bettel) the
reference bids them a little more boldly (:data:`NO_TRICK_BREAKS`): the heuristic's own no-trick bids cannot
be caught, and a set of them measures nothing.

Every play of a set deal replays that auction as it was (:func:`script`: the calls, and the declaration
that names the contract), and the bots make every decision after it: the discard, the defence calls, the
play. The seats rotate as in every arena, so each bot plays the declarer's seat and the defenders' once.
Finding the deals costs only the heuristic auctions (about 0.5 ms a deal on one core, mostly making
the game, its plugin manager shared by the games of a work unit), cut into work units like the plays
(:func:`find_streams`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from preferans.core.ai.bots import HeuristicBot
from preferans.core.engine.game import Game, Phase
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import bad_input
from preferans.core.rules.config import Variant, config_from_dict
from preferans.core.rules.local import LocalPlugin
from preferans.core.tools.parallel import derive_seed, iter_units

ALL = "all"
"""The deal set of every deal."""

NO_TRICK_BREAKS = 1
"""The reference of a set of no-trick contracts that are bid (misère) calls one with at most this many breaks
of the 7-9-J-K ladder (:func:`~preferans.core.ai.bots.no_trick_risk`). The heuristic bot itself calls only
hands with none, which no play can catch, so a set of its misères cannot tell two bots apart; with one break
the misère may be caught or kept clean by the play (the declarer's discard, his play and the catchers')."""

SCAN = 400
"""Stream deals per work unit of the search (about 0.2 s of one core)."""

MAX_GAP = 20_000
"""The search gives up when this many stream deals in a row bring no deal of the set (about 10 s of one
core): the heuristic bot may never call a variant's no-trick contract (it bids only the Russian misère)."""

_BEFORE_PLAY = (Phase.AUCTION, Phase.DISCARD, Phase.DECLARE)


@dataclass(frozen=True)
class Call:
    """A call of the reference auction to replay: ``action`` by ``seat`` in ``phase``."""

    phase: Phase
    seat: int
    action: str

    def action_for(self, game: Game) -> str:
        """The action, checked: the same seat must be to act and the call legal (else the deal was not the
        one the set found, an internal error)."""
        if game.current_player != self.seat or self.action not in game.legal_actions():
            raise RuntimeError(f"deal set: cannot replay {self.action!r} by seat {self.seat} in {game.phase}")
        return self.action


def stream_game(variant: Variant, seed: int, stream: int, manager: pluggy.PluginManager | None = None) -> Game:
    """Deal ``stream`` of the seed stream of a run with seed ``seed``: its cards and its dealer (``manager``
    shared, see :class:`Game`)."""
    return Game(variant, derive_seed(seed, stream), stream % variant.rules.players, manager=manager)


def in_set(spec: ContractSpec, deal_set: str) -> bool:
    """Whether a deal played under the contract ``spec`` belongs to ``deal_set``: its name or its kind."""
    return deal_set in (spec.name, spec.kind)


def bids_no_trick(table: Iterable[ContractSpec], deal_set: str) -> bool:
    """Whether the set's contracts include one that takes no trick and is bid (misère, betl, Bettel; not the
    all-pass contract, which nobody bids)."""
    return any(in_set(spec, deal_set) and spec.goal == "none" and spec.biddable for spec in table)


def reference_bot(deal_set: str, table: Iterable[ContractSpec] = ()) -> HeuristicBot:
    """The bot whose auction decides whether a deal belongs to ``deal_set`` (of the contract table
    ``table``): the heuristic bot (deterministic, microseconds a call), bolder at a bid that takes no trick
    for a set of them (:data:`NO_TRICK_BREAKS`)."""
    bot = HeuristicBot()
    if deal_set != ALL and bids_no_trick(table, deal_set):
        bot.no_trick_breaks = NO_TRICK_BREAKS
    return bot


def reference_auction(fresh: Game, deal_set: str = ALL) -> Game:
    """A copy of ``fresh`` played by the reference bot of ``deal_set`` until the contract is settled: the
    cards are about to be played, the defence is to speak, or the deal is over (a redeal, or the next deal
    began)."""
    game = fresh.clone()
    bot = reference_bot(deal_set, game.contracts)  # stateless and deterministic: one for every seat
    bots = [bot] * game.n_players
    while not game.results and game.phase in _BEFORE_PLAY:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    return game


def belongs(game: Game, deal_set: str) -> bool:
    """Whether the deal of ``game`` (after :func:`reference_auction`) is a deal of ``deal_set``."""
    if deal_set == ALL:
        return True
    if game.results:  # not played (everybody passed into a redeal)
        return False
    contract = game.deal.contract
    return contract is not None and in_set(contract, deal_set)


def script(fresh: Game, deal_set: str) -> tuple[Call, ...]:
    """What every play of a set deal replays: the reference auction's calls and the declaration calls that
    name the contract (the discard before them is the bots'). Nothing for the set ``all``."""
    if deal_set == ALL:
        return ()
    game = reference_auction(fresh, deal_set)
    if not belongs(game, deal_set):
        raise RuntimeError(f"deal set {deal_set}: deal {fresh.seed} is not one of the set")
    calls = [Call(Phase.AUCTION, seat, action) for seat, action in game.deal.calls]
    calls += [Call(Phase.DECLARE, seat, action) for seat, action in game.deal.declaration_calls]
    return tuple(calls)


OPTION = "--deal-set"
"""The option that names a deal set, as its errors name it."""


def all_pass_contract(variant: Variant) -> str | None:
    """The contract a deal is played under when everybody passes (the variant's ``pref_all_pass``: the
    Russian raspasovka), or ``None`` when the cards are thrown in and dealt again. Asked of the variant: the
    first deal of a stream, everybody passing."""
    game = Game(variant, 0, 0)
    while game.phase is Phase.AUCTION and not game.results and "pass" in game.legal_actions():
        game.apply("pass")
    deal = game.deal
    if game.results or not deal.all_pass or game.phase is not Phase.PLAY or deal.contract is None:
        return None
    return deal.contract.name


def deal_sets(variant: Variant) -> list[str]:
    """The deal sets of ``variant``: ``all``, the kinds of its contracts, then their names, each once, in the
    order of the contract table."""
    table = list(variant.contracts)
    return list(dict.fromkeys([ALL, *(spec.kind for spec in table), *(spec.name for spec in table)]))


def check_deal_set(variant: Variant, deal_set: str) -> None:
    """:class:`BadInput` naming ``--deal-set`` when ``deal_set`` is neither ``all`` nor a name or a kind of a
    contract of the variant (:func:`deal_sets`), listing those."""
    allowed = deal_sets(variant)
    if deal_set not in allowed:
        raise bad_input("{option} {deal_set}: {variant} has no contract of that name or kind; allowed here: "
                        "{allowed}", option=OPTION, deal_set=deal_set, variant=variant.name, allowed=", ".join(allowed))


@dataclass(frozen=True)
class ScanUnit:
    """A work unit of the search: stream deals ``start .. stop - 1`` (picklable, as the arena's blocks)."""

    config: dict[str, Any]
    seed: int
    deal_set: str
    start: int
    stop: int
    local: tuple[LocalPlugin, ...] = ()


def scan_unit(unit: ScanUnit) -> tuple[int, ...]:
    """The stream deals of the unit that belong to its set, in order."""
    variant = config_from_dict(unit.config, "arena", unit.local)
    manager = variant.new_manager()  # one for the unit's games: a fifth of the cost of a manager per game
    return tuple(j for j in range(unit.start, unit.stop)
                 if belongs(reference_auction(stream_game(variant, unit.seed, j, manager), unit.deal_set),
                            unit.deal_set))


def find_streams(variant: Variant, seed: int, deal_set: str, wanted: Sequence[int],
                 known: Mapping[int, int] | None = None, *, jobs: int = 1, scheduler: str | None = None,
                 progress: Callable[[int], object] | None = None) -> dict[int, int]:
    """``{i: j}``: deal ``i`` of the set is stream deal ``j``, for each ``i`` of ``wanted``. ``known`` are
    deals of the set already found (a record's), so the search starts after the last of them below the
    first wanted deal, and checks those it passes. ``progress(k)``: ``k`` more deals of the set found."""
    check_deal_set(variant, deal_set)
    known = dict(known or {})
    if not wanted:
        return {}
    if deal_set == ALL:
        return {i: i for i in wanted}
    need = set(wanted)
    below = [i for i in known if i < min(need)]
    count = max(below, default=-1)
    after = known[count] if below else -1
    if below and not belongs(reference_auction(stream_game(variant, seed, after), deal_set), deal_set):
        raise bad_input("{option} {deal_set}: deal {count} of the set is recorded as stream deal {after}, which is "
                        "not a {deal_set} deal of seed {seed}", option=OPTION, deal_set=deal_set, count=count,
                        after=after, seed=seed)
    last_stream, target = after, max(need)
    config, local = variant.config_dict(), variant.local_plugins
    units = (ScanUnit(config, seed, deal_set, a, a + SCAN, local) for a in itertools.count(after + 1, SCAN))
    found: dict[int, int] = {}
    results = iter_units(scan_unit, units, jobs=jobs, scheduler=scheduler)
    stop = after + 1
    try:
        for streams in results:
            stop += SCAN
            for j in streams:
                count += 1
                last_stream = j
                if count in known and known[count] != j:
                    raise bad_input("{option} {deal_set}: deal {count} of the set is stream deal {stream}, not "
                                    "{recorded} as recorded", option=OPTION, deal_set=deal_set, count=count,
                                    stream=j, recorded=known[count])
                if count in need:
                    found[count] = j
                    if progress is not None:
                        progress(1)
                if count >= target:
                    return found
            if stop - 1 - last_stream >= MAX_GAP:
                raise bad_input("{option} {deal_set}: none of stream deals {first}..{last} of seed {seed} is a "
                                "{deal_set} deal under the heuristic auction (it may never call {variant}'s contract "
                                "of that kind)", option=OPTION, deal_set=deal_set, first=last_stream + 1,
                                last=stop - 1, seed=seed, variant=variant.name)
    finally:
        results.close()  # type: ignore[attr-defined]
    raise AssertionError("unreachable: the stream is endless")  # pragma: no cover
