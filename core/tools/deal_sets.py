"""The arena's deal sets (``--deal-set``): all deals, or only those that become a raspasovka or a misère.

Raspasovka and misère are a few deals in a hundred (misère about one in two hundred in Sochi), so an
arena of all deals says little about how a bot plays them. A deal set keeps only such deals: deal ``i`` of
the set ``raspasovka`` is the ``i``-th deal of the run's seed stream (deal ``j`` of the stream shuffled from
``derive_seed(S, j)``, seat ``j % n`` dealing, exactly as the set ``all`` deals them) on which the reference
auction, the heuristic bot in every seat (deterministic), ends with everyone passing into raspasovka; of
the set ``misere``, the ``i``-th on which it ends in a contract that must take no trick (the Russian misère,
and a Balkan betl or an Austrian Bettel where the variant has one and the heuristic bot calls it), the
reference bidding misère a little more boldly there (:data:`MISERE_BREAKS`): the heuristic's own misères
cannot be caught, and a set of them measures nothing.

Every play of a set deal replays that auction as it was (:func:`script`: the calls, and for a misère the
declaration that names it), and the bots make every decision after it: the discard, the defence calls, the
play. The seats rotate as in every arena, so each bot plays the declarer's seat and the defenders' once.
Finding the deals costs only the heuristic auctions (about 0.5 ms a deal on one core, mostly making
the game, its plugin manager shared by the games of a work unit), cut into work units like the plays
(:func:`find_streams`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from preferans.core.ai.bots import HeuristicBot
from preferans.core.engine.game import Game, Phase
from preferans.core.model.errors import bad_input
from preferans.core.rules.config import Variant, config_from_dict
from preferans.core.rules.local import LocalPlugin
from preferans.core.tools.parallel import derive_seed, iter_units

ALL = "all"
RASPASOVKA = "raspasovka"
MISERE = "misere"
DEAL_SETS = (ALL, RASPASOVKA, MISERE)

MISERE_BREAKS = 1
"""The misère set's reference calls misère with at most this many breaks of the 7-9-J-K ladder
(:func:`~preferans.core.ai.bots.misere_risk`). The heuristic bot itself calls only hands with none, which
no play can catch, so a set of its misères cannot tell two bots apart; with one break the misère may be
caught or kept clean by the play (the declarer's discard, his play and the catchers')."""

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


def reference_bot(deal_set: str) -> HeuristicBot:
    """The bot whose auction decides whether a deal belongs to ``deal_set``: the heuristic bot
    (deterministic, microseconds a call), bolder at misère for the misère set."""
    bot = HeuristicBot()
    if deal_set == MISERE:
        bot.misere_breaks = MISERE_BREAKS
    return bot


def reference_auction(fresh: Game, deal_set: str = ALL) -> Game:
    """A copy of ``fresh`` played by the reference bot of ``deal_set`` until the contract is settled: the
    cards are about to be played, the defence is to speak, or the deal is over (a redeal, or the next deal
    began)."""
    game = fresh.clone()
    bot = reference_bot(deal_set)  # stateless and deterministic: one for every seat
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
    deal = game.deal
    if deal_set == RASPASOVKA:
        return deal.all_pass and game.phase is Phase.PLAY
    return not deal.all_pass and deal.contract is not None and deal.contract.goal == "none"


def script(fresh: Game, deal_set: str) -> tuple[Call, ...]:
    """What every play of a set deal replays: the reference auction's calls, and for a misère the declaration
    calls too (the discard before them is the bots'). Nothing for the set ``all``."""
    if deal_set == ALL:
        return ()
    game = reference_auction(fresh, deal_set)
    if not belongs(game, deal_set):
        raise RuntimeError(f"deal set {deal_set}: deal {fresh.seed} is not one of the set")
    calls = [Call(Phase.AUCTION, seat, action) for seat, action in game.deal.calls]
    if deal_set == MISERE:
        calls += [Call(Phase.DECLARE, seat, action) for seat, action in game.deal.declaration_calls]
    return tuple(calls)


OPTION = "--deal-set"
"""The option that names a deal set, as its errors name it."""


def check_deal_set(variant: Variant, deal_set: str) -> None:
    """:class:`BadInput` naming ``--deal-set`` when the variant has no deal of that kind: no raspasovka
    (everybody passing means a redeal), or no contract that takes no trick besides the raspasovka."""
    if deal_set not in DEAL_SETS:
        raise bad_input("{option}: {got} is not a deal set; allowed: {allowed}", option=OPTION, got=repr(deal_set),
                        allowed=", ".join(DEAL_SETS))
    if deal_set == ALL:
        return
    # ask the variant what happens when everybody passes: the first deal of a stream, all passing
    game = Game(variant, 0, 0)
    while game.phase is Phase.AUCTION and not game.results and "pass" in game.legal_actions():
        game.apply("pass")
    rasp = (game.deal.contract.name if not game.results and game.deal.all_pass and game.phase is Phase.PLAY
            and game.deal.contract is not None else None)
    no_trick = [row.name for row in game.contracts if row.goal == "none" and row.name != rasp]
    allowed = [ALL] + ([RASPASOVKA] if rasp else []) + ([MISERE] if no_trick else [])
    if deal_set == RASPASOVKA and not rasp:
        raise bad_input("{option} {deal_set}: {variant} has no raspasovka (when everybody passes the cards are dealt "
                        "again); allowed here: {allowed}", option=OPTION, deal_set=deal_set, variant=variant.name,
                        allowed=", ".join(allowed))
    if deal_set == MISERE and not no_trick:
        raise bad_input("{option} {deal_set}: {variant} has no contract that must take no trick (misère, betl, "
                        "Bettel); allowed here: {allowed}", option=OPTION, deal_set=deal_set, variant=variant.name,
                        allowed=", ".join(allowed))


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
