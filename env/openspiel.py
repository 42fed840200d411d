"""Every installed variant as an OpenSpiel game: ``python_preferans_<name>``, one game being ONE deal.

``import preferans.env.openspiel`` registers a game for each playable variant (:func:`register_games`, which
may be called again at no cost): ``python_preferans_sochi``, ``python_preferans_austrian_unlimited`` ... (the
variant's name with ``-`` written ``_``). Then::

    import pyspiel
    game = pyspiel.load_game("python_preferans_sochi", {"players": 4})

The parameters: ``players`` (the variant's own number by default; 2 or 4 where the variant allows it),
``dealer`` (the seat that deals, 0) and ``max_chain`` (see below).

**The game.** Sequential, chance explicit: the deal is 32 chance nodes, each drawing one card uniformly from
the cards not drawn yet (the outcome is the card's id ``0`` .. ``31``, :mod:`preferans.env.actions`); the 32
cards in the order drawn are the pack, dealt as the engine deals one: ten cards to each hand in speaking
order, then the two of the talon. The engine's ``Game(variant, seed=0, first_dealer=dealer, deals=[pack])``
then plays the deal and the players' actions are the :class:`~preferans.env.actions.ActionSpace` ids. The
game ends with the deal; the returns are each seat's settlement after it, in the variant's unit (whists,
points, stakes): for a pot variant (the Austrian family) the stakes paid into the pot for this deal count,
and the pot itself stays where it lies, so the returns of a pot variant sum to minus what the pot holds
(utility ``GENERAL_SUM``); the others are ``ZERO_SUM``.

**Bounds.** ``max_chain`` caps a family of calls without end (the Balkan kontra chain goes on past
mortkontra as ``kontra-5``, ``kontra-6`` ... when the rules set no highest level): once a deal has had that
many of the family's calls, the family's id is no longer offered (the call that ends the chain is). With it
every deal is finite: ``max_game_length`` is 30 cards of play, two calls of each call id (a call other
than a pass outranks the standing bid or holds it, once), four actions a seat (the passes, the discard) and
the chain's ``max_chain``: well beyond the longest deal met in random and greedy play of every variant (57
actions of 106 in the Balkan game with the chain at its cap, 43 of 124 in Sochi), and the state raises
``RuntimeError`` should a deal ever run longer. ``min_utility`` and ``max_utility``
are generous bounds, not proven ones: the variant's own scoring is asked for every split of the ten tricks
after each of :data:`PROBE_DEALS` sampled auctions and defences (random, bold, the chain to its cap), and
the extremes found are doubled (:func:`utility_bounds`).

**What a player knows.** The information state string is the seat's own record of the deal: the engine's
events as that seat may see them (``Game.events_for``), which is perfect recall; the tensor is the
:class:`~preferans.env.encoding.Encoder`'s vector followed by every action of the deal so far as the seat
saw it (one row each: the actor counted from the seat and the action's id, blank where it may not see which,
such as another seat's discard). The observation is the Encoder's vector and, as a string,
:func:`~preferans.env.encoding.render`. A public observer (``private_info`` NONE) sees what a spectator sees.
While the cards are dealt a seat sees only the cards dealt to itself so far; once the deal is over, the deal
as it ended (phase ``over``, the settlement).

**Resampling.** ``state.resample_from_infostate(player, sampler)`` deals the cards hidden from ``player``
again, exactly uniformly among the layouts consistent with what it saw (each hand's count, the voids and
other refusals that play revealed, a taken talon in the taker's hand or discard; see :func:`_draw_layout`),
rebuilds the pack and replays the same actions, another seat's hidden discard from the new cards; a
candidate is kept only if the player's information state string is unchanged, which makes the result
uniform over the histories consistent with it (chance alone is weighed, not the other players' policies).
"""

from __future__ import annotations

import functools
import json
import math
import random
import warnings
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from preferans.core import DealResult, Game, Observation, Phase, PreferansError, Variant
from preferans.core.ai.pimc import Knowledge, layout_slots
from preferans.core.ai.pimc import observe as knowledge_of
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, cards_of
from preferans.core.rules.config import playable_variants
from preferans.env.actions import CARDS, ActionSpace
from preferans.env.encoding import Encoder, render
from preferans.env.table import variant_of

PREFIX = "python_preferans_"
"""Every game's name starts so; the variant's name follows, ``-`` written ``_``."""

MAX_CHAIN = 4
"""The default ``max_chain``: at most four calls of a family without end in a deal (the Balkan chain to
``kontra-8``)."""

PROBE_DEALS = 24
"""Deals whose auctions :func:`utility_bounds` scores with every split of the tricks."""

RESAMPLE_TRIES = 64
"""Candidates :meth:`PreferansState.resample_from_infostate` draws before it gives up (a warning, and the
state itself returned: consistent, but not a new sample)."""

ACTION_EVENTS = frozenset({"call", "discard", "declare", "defence", "card"})
"""The engine's events that are a player's action (one row each in the information state tensor)."""

_PHASE_OF = {"call": "auction", "declare": "declare", "defence": "defence", "discard": "discard", "card": "play"}
"""The phase of each kind of action event (a card's id or a call's: ``ActionSpace.id_of``)."""


def game_name(variant: str) -> str:
    """The OpenSpiel name of a variant's game: ``austrian-unlimited`` -> ``python_preferans_austrian_unlimited``."""
    return PREFIX + variant.replace("-", "_")


# ---------------------------------------------------------------------------------------------- the spec


class _Spec:
    """What every state of one game shares: the variant, its ids, its encoder, one plugin manager. Copied as
    itself and pickled by its key (the variant's name and the game's parameters)."""

    def __init__(self, name: str, players: int, dealer: int, max_chain: int) -> None:
        self.key = (name, players, dealer, max_chain)
        self.name = name
        default = variant_of(name)
        self.variant: Variant = default if players == default.rules.players else variant_of(
            f"{name}(players={players})")
        self.players = players
        if not 0 <= dealer < players:
            raise ValueError(f"dealer: expected a seat 0..{players - 1}, got {dealer}")
        if max_chain < 0:
            raise ValueError(f"max_chain: expected 0 or more, got {max_chain}")
        self.dealer = dealer
        self.max_chain = max_chain
        self.space = ActionSpace.of(self.variant)
        self.encoder = Encoder(self.variant, self.space)
        self.manager = self.variant.new_manager()
        probe = Game(self.variant, seed=0, first_dealer=dealer, manager=self.manager)
        self.n_hands: int = probe.n_hands
        self.active: tuple[int, ...] = tuple(probe.deal.active)
        """The hands dealt, in the order the pack deals them (ten cards each), the talon after them."""
        self.families = frozenset(i for _, i in self.space.families)
        self.contract_ids = frozenset(self.space.index[c.name] for c in self.variant.contracts)
        self.zero_sum = "pot" not in self.variant.capabilities
        self.max_length = 30 + 2 * len(self.space.calls) + 4 * players + max_chain
        self.row = players + len(self.space)
        """One row of the action history: the actor (counted from the seat), then the action's id."""
        self.slots: tuple[int, ...] = tuple(
            next((hand for i, hand in enumerate(self.active) if i * 10 <= place < (i + 1) * 10), -1)
            for place in range(CARDS))
        """The hand each place of the pack goes to (the talon's two: -1)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Callable[..., _Spec], tuple[str, int, int, int]]:
        return spec_of, self.key

    def new_game(self, pack: Sequence[int]) -> Game:
        return Game(self.variant, seed=0, first_dealer=self.dealer, deals=[pack], manager=self.manager)



@functools.cache
def spec_of(name: str, players: int, dealer: int, max_chain: int) -> _Spec:
    """The shared spec of a variant's game with these parameters (built once)."""
    return _Spec(name, players, dealer, max_chain)


# ---------------------------------------------------------------------------------------------- a deal


class _Deal:
    """The engine's game of one deal, with what the OpenSpiel state adds: the family calls made (for
    ``max_chain``), every player action as ``(seat, phase, id)`` and, once over, the returns. A copy clones
    the engine's game (``Game.clone``); a pickle is the pack and the ids, replayed."""

    __slots__ = ("spec", "game", "chain", "trail", "returns")

    def __init__(self, spec: _Spec, pack: Sequence[int]) -> None:
        self.spec = spec
        self.game = spec.new_game(pack)
        self.chain = 0
        self.trail: list[tuple[int, str, int]] = []
        self.returns: tuple[float, ...] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        other = _Deal.__new__(_Deal)
        other.spec = self.spec
        # over, the game is never changed again: shared
        other.game = self.game if self.returns is not None else self.game.clone()
        other.chain = self.chain
        other.trail = self.trail.copy()
        other.returns = self.returns
        return other

    def __reduce__(self) -> tuple[Callable[..., _Deal], tuple[_Spec, tuple[int, ...], tuple[int, ...]]]:
        return _replayed, (self.spec, self.game.deals[0], tuple(i for _, _, i in self.trail))

    def legal_ids(self) -> list[int]:
        if self.returns is not None:
            return []
        game = self.game
        phase = game.phase.value
        ids = self.spec.space.ids(game.legal_actions(), phase)
        if self.chain >= self.spec.max_chain and self.spec.families:
            capped = [i for i in ids if i not in self.spec.families]
            if capped:
                return capped
        return ids

    def apply_id(self, action_id: int) -> None:
        if self.returns is not None:
            raise ValueError("the deal is over")
        game = self.game
        phase = game.phase.value
        if action_id in self.spec.families and self.chain >= self.spec.max_chain and action_id not in self.legal_ids():
            raise pyspiel.SpielError(f"id {action_id} ({self.spec.space.names[action_id]}): the chain has had "
                                     f"max_chain={self.spec.max_chain} calls")
        word = self.spec.space.action(int(action_id), game.legal_actions(), phase)
        if len(self.trail) >= self.spec.max_length:
            raise RuntimeError(f"{self.spec.name}: a deal longer than max_game_length={self.spec.max_length}")
        seat = game.current_player
        deal = game.deal
        game.apply(word)
        self.trail.append((seat, phase, int(action_id)))
        if action_id in self.spec.families:
            self.chain += 1
        if game.results:
            self._close(deal)

    def _close(self, deal: Any) -> None:
        """The deal is over: keep the game as it stood at its end (the engine has dealt the next deal
        already, and a pot variant has written the next deal's stakes): its deal, marked over, and the match
        as the deals posted wrote it."""
        game = self.game
        if not game.is_terminal:
            end = game.clone()
            deal.phase = Phase.OVER
            deal.to_act = -1
            end.deal = deal
            end.match = game.match.posted()
            game = self.game = end
        self.returns = tuple(float(x) for x in game.settlement().exact)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        """The events of this deal as ``seat`` may see them (``None``: a spectator)."""
        return [e for e in self.game.events_for(seat) if e.get("deal") == 0]

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` sees (``None``: a spectator); over, the deal as it ended (phase ``over``)."""
        return self.game.observation(seat)

    def settlement(self) -> Sequence[Fraction]:
        return self.game.settlement().exact


def _replayed(spec: _Spec, pack: Sequence[int], ids: Sequence[int]) -> _Deal:
    deal = _Deal(spec, pack)
    for i in ids:
        deal.apply_id(i)
    return deal


# ---------------------------------------------------------------------------------------------- bounds


@functools.cache
def utility_bounds(name: str, players: int, max_chain: int) -> tuple[float, float]:
    """Generous bounds of one deal's returns, found with the variant's own scoring: :data:`PROBE_DEALS` deals
    (a fixed seed) are called to the start of play, a third with random calls, a third boldly (the highest
    contract offered, else the highest id: whist, follow, kontra to the chain's cap ...), a third with
    random bids and bold calls after them; each one that is played is then scored with every split of the
    ten tricks among the hands that play (and each one not played as it ends). The lowest and highest
    settlement met, doubled away from zero, are the bounds: wide enough for every deal of the checks
    (tests/env/test_openspiel.py), but found, not proven. The dealer is seat 0: another dealer's deals are
    the same turned round the table, with the same bounds."""
    spec = spec_of(name, players, 0, max_chain)
    rng = random.Random(7)
    lo, hi = 0.0, 0.0
    for i in range(PROBE_DEALS):
        pack = list(range(CARDS))
        rng.shuffle(pack)
        deal = _Deal(spec, pack)
        style = i % 3
        while deal.returns is None and deal.game.phase is not Phase.PLAY:
            ids = deal.legal_ids()
            auction = deal.game.phase is Phase.AUCTION
            if style == 1 or (style == 2 and not auction):
                bids = [i for i in ids if i in spec.contract_ids]
                deal.apply_id(max(bids or ids))
            else:
                deal.apply_id(rng.choice(ids))
        if deal.returns is not None:
            lo, hi = min(lo, *deal.returns), max(hi, *deal.returns)
            continue
        for amounts in _scored_splits(deal.game):
            lo, hi = min(lo, *amounts), max(hi, *amounts)
    low, high = math.floor(2 * lo), math.ceil(2 * hi)
    if high <= low:  # pragma: no cover - every variant scores something
        high = low + 1
    return float(low), float(high)


def _scored_splits(game: Game) -> list[list[float]]:
    """The settlement after the deal in play (at the start of its play) for every split of the ten tricks
    among the hands that play: the result the engine would post (as ``Game._finish_deal`` builds it)."""
    deal = game.deal
    play = deal.play
    assert play is not None
    out = []
    for split in _splits(10, len(play.order)):
        tricks = [0] * game.n_hands
        for hand, won in zip(play.order, split, strict=True):
            tricks[hand] = won
        defended = deal.defended
        result = DealResult(
            kind="all_pass" if deal.all_pass else "contract", dealer=deal.dealer, active=deal.active,
            tricks=tuple(tricks), declarer=deal.declarer, contract=deal.contract, bid=deal.bid,
            defence=tuple(deal.defence_calls), defending=defended.defending if defended else (), played=True,
            index_in_match=deal.number, auction=tuple(deal.calls), declaration=tuple(deal.declaration_calls),
            held=deal.held, talon=deal.talon if deal.talon_taken else 0)
        match = game.match.copy()
        match.post(result)
        out.append([float(x) for x in match.settlement().exact])
    return out


def _splits(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _splits(total - first, parts - 1)]


# ---------------------------------------------------------------------------------------------- the game


class PreferansGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types: its classes are Any
    """One deal of a variant as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, name: str, game_type: Any, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        default = variant_of(name).rules.players
        players = int(params.get("players", default))
        dealer = int(params.get("dealer", 0))
        max_chain = int(params.get("max_chain", MAX_CHAIN))
        self.spec = spec_of(name, players, dealer, max_chain)
        low, high = utility_bounds(name, players, max_chain)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.spec.space), max_chance_outcomes=CARDS, num_players=players,
            min_utility=low, max_utility=high, utility_sum=0.0 if self.spec.zero_sum else None,
            max_game_length=self.spec.max_length)
        super().__init__(game_type, info, {"players": players, "dealer": dealer, "max_chain": max_chain})

    def new_initial_state(self) -> PreferansState:
        return PreferansState(self)

    def max_chance_nodes_in_history(self) -> int:
        return CARDS

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        return Observer(self.spec, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class PreferansState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types: its classes are Any
    """A state of one deal: the cards drawn so far, then the engine's game (see the module's docstring).
    OpenSpiel copies a Python state attribute by attribute (``copy.deepcopy``); the engine's game is cloned
    (``Game.clone``), the shared parts are not copied."""

    def __init__(self, game: PreferansGame) -> None:
        super().__init__(game)
        self._spec: _Spec = game.spec
        self._cards: list[int] = []
        self._deal: _Deal | None = None
        self._to_act = int(pyspiel.PlayerId.CHANCE)
        """The player to act (OpenSpiel asks it many times a step: kept, not worked out each time)."""

    # ----------------------------------------------------------------- the OpenSpiel API

    def current_player(self) -> int:
        return self._to_act

    def _legal_actions(self, player: int) -> list[int]:
        if self._deal is None or player != self.current_player():
            return []
        return self._deal.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(CARDS)) - set(self._cards))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self._deal is None:
            card = int(action)
            if not 0 <= card < CARDS or card in self._cards:
                raise pyspiel.SpielError(f"chance outcome {action}: not a card left to draw")
            self._cards.append(card)
            if len(self._cards) == CARDS:
                self._deal = _Deal(self._spec, self._cards)
                self._to_act = self._deal.game.current_player
            return
        self._deal.apply_id(int(action))
        self._to_act = (int(pyspiel.PlayerId.TERMINAL) if self._deal.returns is not None
                        else self._deal.game.current_player)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARD_NAMES[action]}"
        return self._spec.space.names[action]

    def is_terminal(self) -> bool:
        return self._deal is not None and self._deal.returns is not None

    def returns(self) -> list[float]:
        if self._deal is None or self._deal.returns is None:
            return [0.0] * self._spec.players
        return list(self._deal.returns)

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        names = " ".join(CARD_NAMES[c] for c in self._cards)
        if self._deal is None:
            return f"dealer {self._spec.dealer}, dealt {len(self._cards)}: {names}"
        words = " ".join(f"{s}:{self._spec.space.names[i]}" for s, _, i in self._deal.trail)
        game = self._deal.game
        return (f"dealer {self._spec.dealer}, pack {names}\nactions {words}\nphase {game.phase.value}, to act "
                f"{self.current_player()}, hands " + " | ".join(
                    " ".join(CARD_NAMES[c] for c in cards_of(game.deal.hands[h])) for h in range(game.n_hands)))

    # ----------------------------------------------------------------- helpers for observers and resampling

    @property
    def deal(self) -> _Deal | None:
        """The engine's side once the cards are dealt (``None`` while they are drawn)."""
        return self._deal

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards drawn so far, in order: the pack once all 32 are."""
        return tuple(self._cards)

    def dealt_to(self, seat: int) -> list[int]:
        """The cards drawn so far for ``seat``'s hand (what it has seen of the deal while it is dealt)."""
        slots = self._spec.slots
        return sorted(c for i, c in enumerate(self._cards) if slots[i] == seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PreferansState:
        """A state with the same information state for ``player_id``: the cards it cannot see dealt again,
        uniformly among the layouts consistent with what it saw, and the same actions replayed (see the
        module's docstring). ``probability_sampler`` (a uniform draw in [0, 1), as OpenSpiel passes) seeds the
        draw."""
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        if self._deal is None:
            return self._redeal_dealing(player_id, rng)
        want = self.information_state_string(player_id)
        own_turn = self.current_player() == player_id
        for _ in range(RESAMPLE_TRIES):
            candidate = self._candidate(player_id, rng)
            if candidate is None or candidate.information_state_string(player_id) != want:
                continue
            if own_turn and candidate.legal_actions() != self.legal_actions():  # pragma: no cover - the same info
                continue
            return candidate
        warnings.warn(f"{self._spec.name}: no consistent layout in {RESAMPLE_TRIES} tries; the state itself is "
                      f"returned", RuntimeWarning, stacklevel=2)
        result: PreferansState = self.clone()
        return result

    def _redeal_dealing(self, player: int, rng: random.Random) -> PreferansState:
        slots = self._spec.slots
        own = {i: c for i, c in enumerate(self._cards) if slots[i] == player}
        others = [c for c in range(CARDS) if c not in own.values()]
        rng.shuffle(others)
        state = self.get_game().new_initial_state()
        for i in range(len(self._cards)):
            state.apply_action(own[i] if i in own else others.pop())
        result: PreferansState = state
        return result

    def _candidate(self, player: int, rng: random.Random) -> PreferansState | None:
        """One state dealt anew for ``player`` and replayed, or ``None`` if the cards drawn make no pack or the
        actions cannot be replayed on it.

        The hands as they are now (the layout drawn) and the cards each hand has played give each hand's
        cards but for the talon: taken up, the taker held the talon and discarded the cards lying out (the
        player's own discard, or the cards it cannot place); a talon the player did not see is any two of
        the taker's cards and discard; a talon not taken is its cards turned so far, then those lying out."""
        deal = self._deal
        assert deal is not None
        game = deal.game
        hands, lying = _draw_layout(knowledge_of(game, player), rng)
        dealt = list(hands)
        taker: int | None = None
        own_discard = 0
        for e in deal.events(player):
            kind = e["kind"]
            if kind == "card":
                dealt[e["hand"]] |= 1 << CARD_INDEX[e["action"]]
            elif kind in ("talon_taken", "talon_shown"):
                taker = e["seat"]
            elif kind == "discard" and e["seat"] == player and e["action"]:
                own_discard |= 1 << CARD_INDEX[e["action"]]
        obs = game.observation(player)
        hidden_discard: list[int] = []
        if obs.talon_taken:
            if taker is None:
                return None
            hidden_discard = lying
            discard = own_discard
            for c in lying:
                discard |= 1 << c
            if obs.talon:
                talon = [CARD_INDEX[n] for n in obs.talon]
            else:
                pool = list(cards_of(dealt[taker] | discard))
                if len(pool) < 2:
                    return None
                talon = rng.sample(pool, 2)
            dealt[taker] = (dealt[taker] | discard) & ~(1 << talon[0] | 1 << talon[-1])
        else:
            talon = [CARD_INDEX[n] for n in obs.talon or ()] + lying
        pack: list[int] = []
        for hand in self._spec.active:
            cards = list(cards_of(dealt[hand]))
            if len(cards) != 10:
                return None
            rng.shuffle(cards)
            pack += cards
        pack += talon
        if sorted(pack) != list(range(CARDS)):
            return None
        state: PreferansState = self.get_game().new_initial_state()
        for c in pack:
            state.apply_action(c)
        try:
            for seat, phase, action_id in deal.trail:
                if phase == "discard" and seat != player:
                    if not hidden_discard:
                        return None
                    action_id = hidden_discard.pop()
                state.apply_action(action_id)
        except (PreferansError, pyspiel.SpielError, ValueError):  # not replayable: not consistent
            return None
        return state




def _draw_layout(know: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """The cards ``know``'s seat cannot see, dealt exactly uniformly among the layouts consistent with it:
    every hidden hand gets its count, none a card it is known not to hold (``Knowledge.forbidden``), a seen
    talon card not in sight goes to the declarer's hand or lies out, and the rest lie out (the talon, or a
    discard). Each card in turn goes to a place with a chance in proportion to the number of ways the other
    cards can then be placed (counted once), so every consistent layout is equally likely. Returns every
    hand's cards (the seen ones as seen) and the cards lying out, in a random order."""
    hidden = know.hidden
    caps, cards = layout_slots(know)
    n = len(caps)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(i: int, room: tuple[int, ...]) -> int:
        if i == len(cards):
            return 1
        key = (i, room)
        found = memo.get(key)
        if found is None:
            allowed = cards[i][1]
            found = 0
            for s in range(n):
                if allowed >> s & 1 and room[s]:
                    found += ways(i + 1, room[:s] + (room[s] - 1,) + room[s + 1:])
            memo[key] = found
        return found

    room = tuple(caps)
    if not ways(0, room):
        raise ValueError("no layout is consistent with what the seat knows")
    slots = [0] * n
    for i, (card, allowed) in enumerate(cards):
        options = [(s, ways(i + 1, room[:s] + (room[s] - 1,) + room[s + 1:]))
                   for s in range(n) if allowed >> s & 1 and room[s]]
        x = rng.randrange(sum(w for _, w in options))
        k = 0
        while x >= options[k][1]:
            x -= options[k][1]
            k += 1
        chosen = options[k][0]
        slots[chosen] |= 1 << card
        room = room[:chosen] + (room[chosen] - 1,) + room[chosen + 1:]
    hands = [know.known.get(h, 0) for h in range(know.n_hands)]
    for i, h in enumerate(hidden):
        hands[h] = slots[i]
    rest = list(cards_of(slots[n - 1]))  # the last slot: the cards lying out
    rng.shuffle(rest)
    return hands, rest


# ---------------------------------------------------------------------------------------------- observer


class Observer:
    """OpenSpiel's Python observer: ``tensor`` and its named parts ``dict``, filled by ``set_from``, and
    ``string_from``. Perfect recall (the information state): the seat's events as a string; the Encoder's
    vector and the action history as a tensor. Otherwise (the observation): :func:`render` and the vector."""

    def __init__(self, spec: _Spec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private cards is not supported")
        self.spec = spec
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = spec.encoder.size
        rows = spec.max_length if self.perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(size + rows * spec.row, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[:size]}
        if rows:
            self.dict["history"] = self.tensor[size:].reshape(rows, spec.row)

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: PreferansState, player: int) -> None:
        self.tensor.fill(0)
        deal = state.deal
        seat = self._seat(player)
        if deal is None:
            if seat is not None:
                hands = next(b for b in self.spec.encoder.blocks if b.name == "hands")
                for c in state.dealt_to(seat):
                    self.tensor[hands.start + c] = 1
            return
        obs = deal.observation(seat)
        settlement = deal.settlement()
        self.dict["observation"][:] = self.spec.encoder.encode(obs, settlement)
        if self.perfect_recall:
            history = self.dict["history"]
            spec = self.spec
            me = player if seat is None else seat
            for row, e in enumerate(x for x in deal.events(seat) if x["kind"] in ACTION_EVENTS):
                actor = e.get("seat")
                if isinstance(actor, int) and 0 <= actor < spec.players:
                    history[row, (actor - me) % spec.players] = 1
                word = e.get("action")
                if isinstance(word, str):
                    history[row, spec.players + spec.space.id_of(word, _PHASE_OF[e["kind"]])] = 1

    def string_from(self, state: PreferansState, player: int) -> str:
        deal = state.deal
        seat = self._seat(player)
        who = "spectator" if seat is None else f"seat {seat}"
        if deal is None:
            own = "" if seat is None else " ".join(CARD_NAMES[c] for c in state.dealt_to(seat))
            return f"{who}: dealing, {len(state.cards)} of {CARDS} cards drawn; own: {own}"
        if self.perfect_recall:
            return f"{who}: " + json.dumps(deal.events(seat), ensure_ascii=False, separators=(",", ":"))
        text = render(deal.observation(seat))
        if deal.returns is not None:
            text += "\nover: " + " ".join(f"{x:g}" for x in deal.returns)
        return text


# ---------------------------------------------------------------------------------------------- registry


def _game_type(name: str) -> Any:
    variant = variant_of(name)
    counts = []
    for players in (2, 3, 4):
        try:
            variant_of(f"{name}(players={players})")
        except Exception:  # noqa: BLE001 - the variant refuses that many players
            continue
        counts.append(players)
    counts = counts or [variant.rules.players]
    zero_sum = "pot" not in variant.capabilities
    Utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=game_name(name),
        long_name=f"Preferans: {variant.display_name} (one deal)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=Utility.ZERO_SUM if zero_sum else Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": variant.rules.players, "dealer": 0, "max_chain": MAX_CHAIN},
    )


def register_games() -> list[str]:
    """Register a game for every playable variant not registered yet; the names of all of them."""
    names = []
    registered = set(pyspiel.registered_names())
    for name in playable_variants():
        short = game_name(name)
        names.append(short)
        if short in registered:
            continue
        game_type = _game_type(name)
        pyspiel.register_game(game_type, _creator(name, game_type))
    return names


def _creator(name: str, game_type: Any) -> type[PreferansGame]:
    """The class OpenSpiel calls with a game's parameters: a subclass of :class:`PreferansGame` for the
    variant (a class, as OpenSpiel's own Python games register, lives until the interpreter's very end,
    where OpenSpiel's registry lets go of it)."""

    def __init__(self: PreferansGame, params: dict[str, Any] | None = None) -> None:
        PreferansGame.__init__(self, name, game_type, params)

    return type(f"PreferansGame_{name.replace('-', '_')}", (PreferansGame,), {"__init__": __init__})


GAMES = register_games()
"""The names of the registered games."""
