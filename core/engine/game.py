"""The game: a state machine over a fixed phase skeleton, with an OpenSpiel-like interface.

Phases of a deal: ``auction`` -> (all pass: the variant's ``pref_all_pass`` answer) | (``discard`` two
talon cards, ``declare`` the contract) -> ``defence`` -> ``play`` -> scoring -> next deal, until the variant
says the match is over (phase ``over``). Actions are strings: calls (``"pass"``, ``"7H"``, the names of the
variant's contracts), card names (``"AS"``, ``"10H"``) and defence calls (``"pass"`` and the variant's own).
The engine alone changes the state; it asks the hooks what is legal and what happens next.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from enum import StrEnum
from operator import itemgetter
from typing import Any, Literal

import pluggy

from preferans.core.engine import observation as seen
from preferans.core.engine.match import Match
from preferans.core.engine.play import TrickPlay
from preferans.core.engine.state import Deal as Deal
from preferans.core.engine.state import Phase as Phase
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, FULL_PACK, CardError, names_of, parse_card
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import (
    BadInput,
    IllegalActionError,
    NoRuleError,
    RecordError,
    bad_input,
    excerpt,
    framed,
)
from preferans.core.model.observed import Event, Observation, SeenCards
from preferans.core.model.parsing import loads_json
from preferans.core.model.table import HANDS_IN_PLAY, hand_slots, ownerless_hands
from preferans.core.model.views import (
    AllPassed,
    AuctionView,
    DealResult,
    DeclarationView,
    Declared,
    DefenceView,
    Defended,
    Discard,
    Entry,
    LedgerView,
    MatchView,
    Next,
    PickUp,
    PlayAllPass,
    PlayRules,
    PlayView,
    Settlement,
    TakeTalon,
    Won,
)
from preferans.core.rules.config import Variant, config_from_dict

SAVE_FORMAT = "preferans-game"
SAVE_VERSION = 1
SEAT_VIEW_FORMAT = "preferans-seat-view"
"""The format of a per-seat save (``Game.to_dict(seat=...)``): what one seat may see, not replayable."""


class _Whole(StrEnum):
    GAME = "game"


WHOLE = _Whole.GAME
"""``Game.to_dict(seat=WHOLE)`` (the default): the full replayable record, every card of it."""


# the phases as module constants: each read of ``Phase.PLAY`` is a lookup through the enum's class, several an action
_AUCTION, _DISCARD, _DECLARE, _DEFENCE = Phase.AUCTION, Phase.DISCARD, Phase.DECLARE, Phase.DEFENCE
_PLAY, _OVER = Phase.PLAY, Phase.OVER
_CARD = seen.CARD
_CARD_GET = CARD_INDEX.get
_BIT = tuple(1 << c for c in range(32))
_SUIT_NAMES = tuple(tuple(tuple(names_of(byte << (8 * s))) for byte in range(256)) for s in range(4))
"""Card names of each suit's byte of a mask: a hand's names are four lookups, not a loop over its cards."""


def _card_names(mask: int) -> list[str]:
    """``names_of(mask)`` in one expression (a discard's legal cards)."""
    s, c, d, h = _SUIT_NAMES
    return [*s[mask & 0xFF], *c[mask >> 8 & 0xFF], *d[mask >> 16 & 0xFF], *h[mask >> 24 & 0xFF]]


_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(31, 0, -1))
"""The steps of a shuffle of the 32 cards: the place filled, how many cards it is chosen among, how many random
bits a choice draws (worked out here, not at each of the 31 steps of every deal)."""


def _shuffle_as_random(rng: random.Random, pack: list[int]) -> None:
    """``random.Random.shuffle(rng, pack)`` for the 32 cards written out: the same draws of the generator give
    the same pack, without the call of ``Random._randbelow`` that it makes for each card (31 calls a deal)."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:  # as Random._randbelow_with_getrandbits: draw again until the number is below n
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


def _same_shuffle() -> bool:
    """Whether :func:`_shuffle_as_random` deals what this Python's ``random.Random.shuffle`` deals (asked once:
    a Python whose shuffle draws otherwise keeps its own, so that a seed deals the same packs either way)."""
    for seed in range(8):
        mine, theirs = list(range(32)), list(range(32))
        a, b = random.Random(seed), random.Random(seed)
        _shuffle_as_random(a, mine)
        b.shuffle(theirs)
        if mine != theirs or a.getstate() != b.getstate():
            return False
    return True


_FAST_SHUFFLE = _same_shuffle()


def shuffle_pack(rng: random.Random, pack: list[int]) -> None:
    """Shuffle ``pack`` in place exactly as ``rng.shuffle(pack)`` does, quicker for the 32 cards and a plain
    ``random.Random`` (a subclass, or the table's ``SystemRandom``, shuffles itself)."""
    if _FAST_SHUFFLE and type(rng) is random.Random and len(pack) == 32:
        _shuffle_as_random(rng, pack)
    else:
        rng.shuffle(pack)


def check_start(seed: object, first_dealer: object, n_players: int, deals: Sequence[Sequence[int]]) -> None:
    """What a game starts from: a seed 0 or more (``random.Random`` plays -5 as 5), a first dealer among the
    seats, and every fixed pack a permutation of the 32 cards. Raises :class:`BadInput` naming the key."""
    if type(seed) is not int or seed < 0:
        raise bad_input("{key}: expected a whole number {least} or more, got {got}", key="seed", least=0,
                        got=excerpt(seed))
    if type(first_dealer) is not int or not 0 <= first_dealer < n_players:
        raise bad_input("{key}: expected a seat {first}..{last}, got {got}", key="first_dealer", first=0,
                        last=n_players - 1, got=excerpt(first_dealer))
    for i, pack in enumerate(deals):
        if len(pack) != len(CARD_NAMES) or sorted(pack) != list(range(len(CARD_NAMES))):
            raise bad_input("{key}[{i}]: a pack is each of the {n} cards once (got {count} cards, {different} "
                            "different)", key="deals", i=i, n=len(CARD_NAMES), count=len(pack),
                            different=len(set(pack)))


class Game:
    """One match of a variant among ``rules.players`` seats.

    ``current_player``, ``legal_actions()``, ``apply(action)``, ``is_terminal``, ``clone()``,
    ``to_json()`` / ``from_json()`` and ``replay()`` follow OpenSpiel. The game owns its
    ``random.Random(seed)``; the same seed and actions give the same game. ``deals`` optionally fixes
    the packs of the first deals (each the 32 cards in dealing order, see ``Deal.pack``), for a game
    recorded elsewhere (PPN import); later deals are shuffled from the seed as usual. ``manager`` is a plugin
    manager of the variant (``variant.new_manager()``) to share, as ``clone()`` shares its own: building one
    is most of the cost of a new game, which counts for a program that starts thousands of games of one
    variant (the arena's search for its deal sets). ``shuffler`` replaces the seed's generator as the source
    of the packs: the online table passes ``random.SystemRandom()``, so that each deal is shuffled from the
    operating system's secret source at the moment it is dealt and nothing stored predicts the next one (the
    seed then only names the game; ``deals`` replays the packs dealt so far).
    """

    def __init__(self, variant: Variant, seed: int = 0, first_dealer: int = 0, *,
                 deals: Sequence[Sequence[int]] = (), manager: pluggy.PluginManager | None = None,
                 shuffler: random.Random | None = None) -> None:
        self.variant = variant
        self.rules = variant.rules
        self.n_players: int = variant.rules.players
        # places with a hand: the players', and with two players the third hand's, which no player holds
        self.n_hands: int = hand_slots(self.n_players)
        self.ownerless: tuple[int, ...] = ownerless_hands(self.n_players)
        # the seats dealt to, in speaking order, after each dealer: worked out once, asked twice a deal
        self._orders = tuple(self._speaking_order(dealer, self.n_hands) for dealer in range(self.n_hands))
        # ``[dealer][declarer]``: the defenders, the seats dealt to other than the declarer's, in speaking order
        # from the declarer's left: worked out once, not at each defence step
        self._defenders = tuple(
            tuple(tuple(s for s in self._orders[declarer] if s in active and s != declarer)
                  for declarer in range(self.n_hands))
            for active in self._orders)
        check_start(seed, first_dealer, self.n_players, deals)
        self.seed = seed
        self.first_dealer = first_dealer
        self.match = Match(variant, manager)
        self.book = self.match.book
        self.contracts = self.match.contracts
        self.rng = random.Random(seed) if shuffler is None else shuffler
        self.history: list[str] = []
        self._legal: list[str] | None = None
        # the view of the last step, reused for legality
        self._view: AuctionView | DeclarationView | DefenceView | None = None
        self._pending_entries: list[Entry] = []
        self.deals: tuple[tuple[int, ...], ...] = tuple(tuple(p) for p in deals)
        self._log: list[seen.LogEntry] = []
        """The event log, compact (``observation.LogEntry``; :attr:`events` makes them :class:`Event`)."""
        self._open_pending = False  # open hands to be shown once a card is played
        self._watch = False  # after each card, look for open hands to show or talon cards to turn
        self._tricks_logged = 0
        self._last_tricks: tuple[int, tuple[seen.Trick, ...]] | None = None
        self._sheet = seen.SheetCache()
        self._packs: list[tuple[int, ...]] = []
        """The packs of the deals before the one in play."""
        self.deal: Deal = self._new_deal(self.first_dealer)

    # ------------------------------------------------------------------ public interface

    @property
    def phase(self) -> Phase:
        return self.deal.phase

    @property
    def is_terminal(self) -> bool:
        return self.deal.phase is _OVER  # asked before every action of a loop: a module constant

    @property
    def current_player(self) -> int:
        """The seat that must act now (the controller of the hand to play), or -1 when the game is over."""
        return -1 if self.is_terminal else self.deal.to_act

    def legal_actions(self) -> list[str]:
        deal = self.deal
        if deal.phase is _PLAY:
            # a few lookups from the legal mask: a fresh list each time; the mask is kept for apply()
            play = deal.play
            mask = play.legal = play.legal_mask()  # type: ignore[union-attr]
            s, c, d, h = _SUIT_NAMES  # _card_names(mask), without the call
            return [*s[mask & 0xFF], *c[mask >> 8 & 0xFF], *d[mask >> 16 & 0xFF], *h[mask >> 24 & 0xFF]]
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def apply(self, action: str) -> None:
        """Apply ``action`` for the current player; raise :class:`IllegalActionError` (state unchanged)
        if it is not legal now."""
        deal = self.deal
        if deal.phase is _PLAY:
            # the card of play, the action of 30 of a deal's 38: its legality is one bit of the legal mask
            play = deal.play
            card = _CARD_GET(action) if action.__class__ is str else None
            legal = play.legal  # type: ignore[union-attr]
            if legal < 0:  # not handed out by legal_actions() since the last card
                legal = play.legal_mask()  # type: ignore[union-attr]
            if card is not None and legal >> card & 1:
                self.history.append(action)
                play.play(card)  # type: ignore[union-attr]
                # the event log: a marker, read back from the tricks (observation.events), and each closed
                # trick as the trick play keeps it: no new object on the hot path
                self._log.append(_CARD)
                if self._watch:
                    self._after_card()  # open hands to show or talon cards to turn yet
                elif not play.trick:  # type: ignore[union-attr]
                    self._log.append(play.completed[-1])  # type: ignore[union-attr]
                if play.finished:  # type: ignore[union-attr]
                    self._finish_deal(played=True)
                else:
                    deal.to_act = deal.controllers[play.to_play]  # type: ignore[union-attr]
                return
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            if deal.phase is not _PLAY:  # the cards of play are never cached (see legal_actions)
                self._legal = legal
        if action not in legal:
            action = self._canonical(action, legal)
        phase = deal.phase
        self._legal = None
        self.history.append(action)
        if phase is _PLAY:
            self._apply_play(action)
        elif phase is _AUCTION:
            self._log.append((deal.number, deal.to_act, "call", action, None, None, None))
            deal.calls.append((deal.to_act, action))
            self._step_auction()
        elif phase is _DISCARD:
            self._log.append((deal.number, deal.to_act, "discard", action, (deal.to_act,), None, None))
            card = CARD_INDEX[action]
            deal.hands[deal.to_act] &= ~(1 << card)
            deal.discard |= 1 << card
            deal.to_discard -= 1
            if not deal.to_discard:
                deal.discarded_by.append(deal.to_act)
                self._step_declaration()
        elif phase is _DECLARE:
            self._log.append((deal.number, deal.to_act, "declare", action, None, None, None))
            deal.declaration_calls.append((deal.to_act, action))
            self._step_declaration()
        elif phase is _DEFENCE:
            self._log.append((deal.number, deal.to_act, "defence", action, None, None, None))
            deal.defence_calls.append((deal.to_act, action))
            self._step_defence()

    def clone(self) -> Game:
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        if isinstance(self.rng, random.SystemRandom):  # no state to copy, none to share: the same source
            other.rng = self.rng
        else:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        other.history = self.history.copy()
        other._packs = self._packs.copy()
        other._log = self._log.copy()
        other._sheet = seen.SheetCache()
        other.match = self.match.copy()
        other.deal = self.deal.copy()
        return other

    def with_cards(self, hands: Sequence[int], talon: Sequence[int] = (), discard: int = 0,
                   seed: int = 0) -> Game:
        """A copy of this game before play with the cards laid out otherwise: ``hands`` (every hand), the
        ``talon`` cards in the order they lie (while it is not taken; else ``()``) and the ``discard``; its
        generator reseeded with ``seed``, so later deals are not this game's. For a bot that plays a
        decision out on a layout it imagines, scored by the variant itself (``core/ai/calls.py``). The cards
        must be the 32 once each (``ValueError`` otherwise), and the deal not in play yet."""
        deal = self.deal
        if deal.phase in (Phase.PLAY, Phase.OVER):
            raise ValueError("with_cards: only before the play of a deal")
        talon_cards = tuple(talon) if not deal.talon_taken else ()
        union, count = discard, discard.bit_count()
        for part in [*hands, *(1 << c for c in talon_cards)]:
            union |= part
            count += part.bit_count()
        if union != FULL_PACK or count != len(CARD_NAMES) or len(hands) != len(deal.hands):
            raise ValueError("with_cards: the hands, talon and discard must hold the 32 cards once each")
        other = self.clone()
        other.rng = random.Random(seed)
        new = other.deal
        new.hands = list(hands)
        if not deal.talon_taken:
            new.talon_cards = talon_cards
        new.discard = discard
        if deal.held:
            new.held = tuple(hands)  # declared: the hands are still those held at the declaration
        other._legal = None
        other._view = None
        return other

    def to_dict(self, seat: int | None | Literal[_Whole.GAME] = WHOLE) -> dict[str, Any]:
        """The game as a record. By default the full replayable save (the seed, every action, any fixed
        packs: every card of the match). With ``seat`` (a seat number, or ``None`` for a spectator) the
        per-seat save, format ``preferans-seat-view``: the config, the seat, its observation and its
        events, revealing nothing that seat may not see (no seed, no actions, no packs); it cannot be
        replayed."""
        if seat is not WHOLE:
            return self._seat_record(seat)
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "config": self.variant.config_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "actions": list(self.history),
        }
        # only a game with fixed packs has the key, so other saves are unchanged; a game shuffled from a
        # secret source keeps every pack it dealt (its seed does not replay them)
        packs = self.packs() if isinstance(self.rng, random.SystemRandom) else self.deals
        if packs:
            data["deals"] = [" ".join(CARD_NAMES[c] for c in pack) for pack in packs]
        return data

    def packs(self) -> list[tuple[int, ...]]:
        """The pack of every deal dealt so far, the one in play included (each the 32 cards in dealing
        order, ``Deal.pack``)."""
        return [*self._packs, self.deal.pack]

    def to_json(self, seat: int | None | Literal[_Whole.GAME] = WHOLE) -> str:
        return json.dumps(self.to_dict(seat), ensure_ascii=False)

    def _seat_record(self, seat: int | None) -> dict[str, Any]:
        self._check_seat(seat)
        return {
            "format": SEAT_VIEW_FORMAT,
            "version": SAVE_VERSION,
            "config": self.variant.config_dict(),
            "seat": seat,
            "observation": self.observation(seat).to_dict(),
            "events": self.events_for(seat),
        }

    def _check_seat(self, seat: object) -> None:
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.n_players):
            raise bad_input("{key}: expected a seat 0..{last} or {none} (a spectator), got {got}", key="seat",
                            last=self.n_players - 1, none="None", got=excerpt(seat))

    # ------------------------------------------------------------------ what a seat sees

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may see now (``None``: a spectator, who sees only what lies face up): frozen and
        JSON-serialisable (:meth:`Observation.to_dict`). Built on demand; see
        :mod:`preferans.core.engine.observation` for who may see what."""
        self._check_seat(seat)
        deal = self.deal
        legal = self.legal_actions() if seat is not None and seat == self.current_player else []
        settlement = list(self.settlement().rounded) if self.is_terminal else None
        return seen.observe(deal, self.match, seat, legal=legal, n_hands=self.n_hands,
                            last_tricks=self._last_tricks, event_count=len(self._log), sheet=self._sheet,
                            settlement=settlement)

    def seen_cards(self, seat: int | None) -> SeenCards:
        """The cards ``seat`` may see now, as masks: the card part of :meth:`observation` (the same rule),
        cheap enough for a bot to ask at every decision."""
        self._check_seat(seat)
        return seen.seen_cards(self.deal, seat)

    @property
    def events(self) -> list[Event]:
        """Every event of the match so far, numbered from 0: each action applied and what the engine did
        (dealt, showed, closed a trick, scored), each with the seats that may see it."""
        return seen.events(self._log, self.match, live=self._live_trick())

    @property
    def event_count(self) -> int:
        """How many events the match has had: the number the next one gets (:attr:`events`)."""
        return len(self._log)

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events numbered ``since`` and later as JSON, blanked (``action``, ``data`` null) where
        ``seat`` (``None``: a spectator) may not see them, such as another seat's discard."""
        self._check_seat(seat)
        return seen.events_json(self._log, self.match, seat, since, live=self._live_trick())

    def _live_trick(self) -> Sequence[tuple[int, int]]:
        play = self.deal.play
        return play.trick if play is not None and not play.finished else ()

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "saved game", plugins: Sequence[Any] = ()) -> Game:
        """The game of a record; ``plugins`` are the local plugins it was played with, given again by the
        caller (a record names them but never loads them: :func:`~preferans.core.rules.config.config_from_dict`)."""
        if isinstance(data, dict) and data.get("format") == SEAT_VIEW_FORMAT:
            raise bad_input("{source}: {key}: a {view} record holds one seat's view and cannot be replayed (a "
                            "{save} record can)", RecordError, source=source, key="format",
                            view=SEAT_VIEW_FORMAT, save=SAVE_FORMAT)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise bad_input("{source}: {key}: not a {save} record", RecordError, source=source,
                            key="format", save=SAVE_FORMAT)
        if type(data.get("version")) is not int or data.get("version") != SAVE_VERSION:  # not true, not 1.0
            raise bad_input("{source}: {key}: {version} is not supported (expected {expected})", RecordError,
                            source=source, key="version", version=excerpt(data.get("version")), expected=SAVE_VERSION)
        cfg = data.get("config")
        if not isinstance(cfg, dict):
            raise bad_input("{source}: {key}: expected a table with {variant} and {rules}", RecordError,
                            source=source, key="config", variant="'variant'", rules="'rules'")
        variant = config_from_dict(cfg, f"{source}: config", plugins)
        seed, first = data.get("seed", 0), data.get("first_dealer", 0)
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            raise bad_input("{source}: {key}: expected a list of actions, got {got}", RecordError, source=source,
                            key="actions", got=excerpt(actions))
        deals = _read_deals(data.get("deals", []), source)
        try:
            check_start(seed, first, variant.rules.players, deals)
        except BadInput as exc:
            error = RecordError(f"{source}: {exc}")
            framed(error, "{source}: {message}", exc, source=source)
            raise error from None
        return cls.replay(variant, seed, actions, first_dealer=first, source=source, deals=deals)

    @classmethod
    def from_json(cls, text: str, source: str = "saved game", plugins: Sequence[Any] = ()) -> Game:
        # a key given twice, too deep a nesting, a malformed text: one line naming the source
        return cls.from_dict(loads_json(text, source, RecordError), source, plugins)

    @classmethod
    def replay(cls, variant: Variant, seed: int, actions: list[str], first_dealer: int = 0,
               source: str = "replay", deals: Sequence[Sequence[int]] = ()) -> Game:
        game = cls(variant, seed, first_dealer, deals=deals)
        for i, action in enumerate(actions):
            if not isinstance(action, str):
                raise bad_input("{source}: {key}[{i}]: expected an action (text), got {got}", RecordError,
                                source=source, key="actions", i=i, got=excerpt(action))
            try:
                game.apply(action)
            except IllegalActionError as exc:
                error = RecordError(f"{source}: actions[{i}]: {exc}")
                framed(error, "{source}: actions[{i}]: {message}", exc, source=source, i=i)
                raise error from None
        return game

    # ------------------------------------------------------------------ views for hooks, UIs and bots

    @property
    def ledger(self) -> LedgerView:
        return self.match.ledger

    @property
    def results(self) -> list[DealResult]:
        return self.match.results

    @property
    def deal_entries(self) -> list[list[Entry]]:
        return self.match.deal_entries

    def match_view(self) -> MatchView:
        return self.match.view()

    def play_rules_for(self, contract: ContractSpec, declarer: int, *, dealer: int | None = None,
                       first_hand: int | None = None) -> PlayRules:
        """The variant's play rules (``pref_play_rules``) for ``contract`` by ``declarer`` in this deal, every
        defender defending and playing, as the engine would ask them when play starts: for the solver's users
        (``preferans solve``, the pimc bot) that value a contract before it is played. ``dealer`` and
        ``first_hand`` default to this deal's."""
        deal = self.deal
        defended = Defended(defending=tuple(s for s in deal.active if s != declarer), played=True)
        view = PlayView(self.match_view(), deal.dealer if dealer is None else dealer, deal.active, declarer,
                        contract, defended, deal.first_hand if first_hand is None else first_hand)
        rules: PlayRules = self.book.play_rules(view)
        return rules

    def settlement(self) -> Settlement:
        """The final settlement, or the settlement as if the match stopped now."""
        return self.match.settlement()

    def hand(self, seat: int) -> int:
        return self.deal.hands[seat]

    def cards_accounted(self) -> tuple[int, int]:
        """(union, total count) of the cards in hands, talon, discard and tricks: 32 cards each once."""
        deal = self.deal
        parts = [*deal.hands, deal.discard]
        if not deal.talon_taken:
            parts.append(deal.talon)
        if deal.play is not None:
            parts.append(deal.play.played)
        union = 0
        count = 0
        for p in parts:
            union |= p
            count += p.bit_count()
        return union, count

    def visible_hands(self, seat: int | None) -> dict[int, int]:
        """The hands ``seat`` may see, as masks: its own, those it plays for, and the open ones.
        Deprecated: ``seen_cards(seat).hands``, from the same rule as :meth:`observation`."""
        return seen.visible_masks(self.deal, seat)

    def may_record_layout(self, seat: int) -> bool:
        """Whether ``seat`` may write down the layout now: an observation flag from the deal's
        ``PlayRules.layout_notes``; nothing in the engine depends on it."""
        play = self.deal.play
        return play is not None and self.deal.phase is Phase.PLAY and seat in play.rules.layout_notes

    # ------------------------------------------------------------------ internals: legality

    def _compute_legal(self) -> list[str]:
        deal = self.deal
        phase = deal.phase
        if phase is _AUCTION:
            # the view the last auction step was computed from is still current
            auction = self._view if isinstance(self._view, AuctionView) else self._auction_view()
            return self.book.auction_legal(auction, deal.to_act)
        if phase is _PLAY:
            assert deal.play is not None
            return names_of(deal.play.legal_mask())
        if phase is _DISCARD:
            return _card_names(deal.hands[deal.to_act])
        if phase is _DECLARE:
            # the view the last declaration step was worked out from is current, unless that step passed the turn
            view = self._view
            if not isinstance(view, DeclarationView) or view.to_act != deal.to_act:
                view = self._declaration_view()
            return self.book.declaration_legal(view)
        if phase is _DEFENCE:
            defence = self._view if isinstance(self._view, DefenceView) else self._defence_view()
            return self.book.defence_legal(defence, deal.to_act)
        return []

    def _canonical(self, action: str, legal: list[str]) -> str:
        if not isinstance(action, str):  # an action is a string: the int 2 is not the Balkan bid "2"
            raise IllegalActionError(action, self.deal.phase.value, legal)
        text = action.strip()
        for candidate in (text, text.lower(), text.upper()):
            if candidate in legal:
                return candidate
        if self.deal.phase in (Phase.PLAY, Phase.DISCARD):
            try:
                name = CARD_NAMES[parse_card(text)]
            except CardError:
                name = ""
            if name in legal:
                return name
        raise IllegalActionError(action, self.deal.phase.value, legal)

    # ------------------------------------------------------------------ internals: deal lifecycle

    def _seats_from(self, dealer: int) -> tuple[int, ...]:
        return self._orders[dealer]

    @staticmethod
    def _speaking_order(dealer: int, n: int) -> tuple[int, ...]:
        # two players: the hand no player holds has the third place, after seat 1
        order = tuple((dealer + i) % n for i in range(1, n + 1))
        # three hands are dealt: with four players the dealer, last in the order, sits out ("on the talon")
        return order[:HANDS_IN_PLAY]

    def _new_deal(self, dealer: int) -> Deal:
        self._pending_entries = self.match.before_deal(dealer)
        active = self._seats_from(dealer)
        pack = list(range(32))
        shuffle_pack(self.rng, pack)  # shuffled even when the pack is fixed, so later deals stay the seed's
        fixed = len(self.match.results)
        if fixed < len(self.deals):
            pack = list(self.deals[fixed])
        hands = [0] * self.n_hands
        bits = itemgetter(*pack)(_BIT)  # the cards as bits in one call
        for i, seat in enumerate(active):
            hands[seat] = sum(bits[i * 10:i * 10 + 10])  # ten different bits: | is +
        talon = tuple(pack[30:32])
        deal = Deal(len(self.match.results), dealer, active, hands, talon, tuple(hands), pack=tuple(pack))
        self.deal = deal
        log = self._log
        log.append((deal.number, None, "deal_start", None, None, None, (dealer, active)))
        for seat in active:
            if seat not in self.ownerless:  # the cards as a mask: named only when the events are read
                log.append((deal.number, None, "hand_dealt", hands[seat], (seat,), seat, None))
        self._step_auction()
        return deal

    def _auction_view(self) -> AuctionView:
        deal = self.deal
        # a hand no player holds (two players) gets cards but never bids
        bidders = tuple(s for s in deal.active if s not in self.ownerless) if self.ownerless else deal.active
        return AuctionView(self.match.view(), deal.dealer, bidders, tuple(deal.calls), self.contracts)

    def _step_auction(self) -> None:
        deal = self.deal
        self._view = view = self._auction_view()
        step = self.book.auction_step(view)
        if isinstance(step, Next):
            deal.to_act = step.seat
        elif isinstance(step, Won):
            deal.declarer, deal.bid = step.seat, step.bid
            self._step_declaration()
        elif isinstance(step, AllPassed):
            deal.all_pass = True
            outcome = self.book.all_pass(view)
            if isinstance(outcome, PlayAllPass):
                deal.contract = self.contracts[outcome.contract]
                self._start_play(Defended(defending=(), played=True))
            else:
                self._finish_deal(played=False)
        else:  # pragma: no cover - guarded by the Rulebook
            raise TypeError(f"pref_auction_step returned {step!r}")

    def _declaration_view(self) -> DeclarationView:
        deal = self.deal
        assert deal.declarer is not None and deal.bid is not None
        return DeclarationView(self.match.view(), deal.declarer, self.contracts[deal.bid], self.contracts,
                               tuple(deal.declaration_calls), deal.talon_taken, tuple(deal.discarded_by),
                               tuple(deal.calls), deal.to_act, deal.dealer, tuple(deal.hands), deal.discard)

    def _step_declaration(self) -> None:
        """Ask the variant what happens next until a seat must act or the contract is declared."""
        deal = self.deal
        while True:
            self._view = view = self._declaration_view()
            step = self.book.declaration_step(view)
            if isinstance(step, TakeTalon):
                deal.hands[step.seat] |= deal.talon
                deal.talon_taken = True
                deal.talon_to = step.seat
                row = self.contracts.get(deal.bid) if deal.bid else None
                deal.talon_public = row is not None and row.talon_shown
                shown = " ".join(map(CARD_NAMES.__getitem__, deal.talon_cards))  # as they lay
                kind = "talon_shown" if deal.talon_public else "talon_taken"
                self._log.append((deal.number, step.seat, kind, shown,
                                  None if deal.talon_public else (step.seat,), None, None))
            elif isinstance(step, PickUp):
                self._log.append((deal.number, step.seat, "pick_up", deal.discard, (step.seat,), None, None))
                deal.hands[step.seat] |= deal.discard
                deal.discard = 0
            elif isinstance(step, Discard):
                deal.phase, deal.to_act, deal.to_discard = _DISCARD, step.seat, step.count
                return
            elif isinstance(step, Next):
                deal.phase, deal.to_act = _DECLARE, step.seat
                return
            elif isinstance(step, Declared):
                deal.declarer = step.seat
                deal.contract = self.contracts[step.contract]
                deal.held = tuple(deal.hands)
                self._start_defence()
                return
            else:  # pragma: no cover - guarded by the Rulebook
                raise TypeError(f"pref_declaration_step returned {step!r}")

    def _defence_view(self) -> DefenceView:
        deal = self.deal
        assert deal.declarer is not None and deal.contract is not None
        defenders = self._defenders[deal.dealer][deal.declarer]
        return DefenceView(self.match.view(), deal.declarer, deal.contract, defenders, tuple(deal.defence_calls))

    def _start_defence(self) -> None:
        self.deal.phase = _DEFENCE
        self._step_defence()

    def _step_defence(self) -> None:
        deal = self.deal
        self._view = view = self._defence_view()
        step = self.book.defence_step(view)
        if isinstance(step, Next):
            deal.to_act = step.seat
            return
        deal.defended = step
        if step.played:
            self._start_play(step)
        else:
            self._finish_deal(played=False)

    def _start_play(self, defended: Defended) -> None:
        deal = self.deal
        assert deal.contract is not None
        deal.defended = defended
        view = PlayView(self.match.view(), deal.dealer, deal.active, deal.declarer, deal.contract, defended,
                        deal.first_hand)
        rules = self.book.play_rules(view)
        if self.ownerless:  # every hand in play needs a player, the one no player holds too
            players = dict(rules.controllers)
            for hand in rules.hands:
                if players.get(hand, hand) in self.ownerless:
                    raise NoRuleError("pref_play_rules", f"hand {hand} is held by no player and the play rules "
                                                         f"name nobody to play it (controllers)")
        talon_cards = deal.talon_cards if (rules.talon_leads and not deal.talon_taken) else ()
        deal.play = play = TrickPlay.start(rules, deal.hands, talon_cards, self.n_hands)
        deal.hands = hands = play.hands  # one list: the trick play owns the hands now
        deal.phase = _PLAY
        self._view = None
        deal.controllers = controllers = list(range(self.n_hands))
        for hand, seat in rules.controllers:
            controllers[hand] = seat
        deal.to_act = controllers[play.to_play]
        log, number, leads = self._log, deal.number, leads_of(play)
        # the rules the events read, as ints and tuples of ints: kept for the whole match, such an entry is none of
        # the garbage collector's business, where the PlayRules would be one more object for it to visit
        log.append((number, None, "play_start", None, None, None,
                    (rules.leader, rules.hands, rules.controllers, leads, rules.open_hands)))
        for hand, seat in rules.controllers:
            if seat != hand:
                log.append((number, None, "hand_given", hands[hand], (seat,), hand, None))
        self._tricks_logged = 0
        if rules.open_hands:
            if seen.open_now(play):
                self._log_open_hands()
            else:
                self._open_pending = True
        if play.talon_cards and seen.turned_talon(play):
            log.append((number, None, "talon_card", CARD_NAMES[play.talon_cards[0]], None, None, None))
        # the hot path looks for these only while they may come (``_after_card``)
        self._watch = self._open_pending or leads > 1

    def _log_open_hands(self) -> None:
        deal = self.deal
        assert deal.play is not None
        self._open_pending = False
        for hand in deal.play.rules.open_hands:
            self._log.append((deal.number, None, "hand_opened", deal.hands[hand], None, hand, None))

    def _after_card(self) -> None:
        """The engine's events after a card: the open hands shown at the first card, a closed trick, the
        talon card turned to lead the next trick: after every card while ``_watch`` says something is still to
        be shown (open hands, talon cards to turn); once it is off, the hot path logs the closed tricks."""
        deal = self.deal
        play = deal.play
        assert play is not None
        if self._open_pending and play.played:
            self._log_open_hands()
        if len(play.completed) > self._tricks_logged:
            self._tricks_logged = done = len(play.completed)
            self._log.append(play.completed[-1])
            leads = min(play.rules.talon_leads, len(play.talon_cards))
            if not play.finished and done < leads:
                self._log.append((deal.number, None, "talon_card", CARD_NAMES[play.talon_cards[done]], None, None,
                                  None))
        self._watch = self._open_pending or (not play.finished and play.tricks_done + 1 < leads_of(play))

    def _apply_play(self, action: str) -> None:
        deal = self.deal
        play = deal.play
        assert play is not None
        play.play(CARD_INDEX[action])
        self._log.append(seen.CARD)
        if self._watch:
            self._after_card()
        elif not play.trick:
            self._log.append(play.completed[-1])
        if play.finished:
            self._finish_deal(played=True)
        else:
            deal.to_act = deal.controllers[play.to_play]

    def _finish_deal(self, played: bool) -> None:
        deal = self.deal
        tricks = tuple(deal.play.tricks_won) if (played and deal.play is not None) else (0,) * self.n_hands
        defended = deal.defended
        result = DealResult(
            kind="all_pass" if deal.all_pass else "contract",
            dealer=deal.dealer,
            active=deal.active,
            tricks=tricks,
            declarer=deal.declarer,
            contract=deal.contract,
            bid=deal.bid,
            defence=tuple(deal.defence_calls),
            defending=defended.defending if defended else (),
            played=played,
            index_in_match=deal.number,
            auction=tuple(deal.calls),
            declaration=tuple(deal.declaration_calls),
            held=deal.held,
            talon=deal.talon if deal.talon_taken else 0,
        )
        self.match.post(result, self._pending_entries)
        # the result and its sheet lines are the match's (results, deal_entries: the events read them there by
        # the deal's number): kept for the whole match, an entry of plain values is no work for the collector
        self._log.append((deal.number, None, "deal_end", None, None, None, None))
        self._open_pending = self._watch = False
        # the deal's tricks stay readable (``last_trick``) while the next deal is played
        self._last_tricks = (deal.number, tuple(deal.play.completed) if played and deal.play is not None else ())
        if self.match.is_over():
            deal.phase = _OVER
            deal.to_act = -1
            return
        self._packs.append(deal.pack)
        self._new_deal(self.match.next_dealer())

    def check_cards(self) -> None:
        """Raise AssertionError unless the 32 cards are all present exactly once."""
        union, count = self.cards_accounted()
        if union != FULL_PACK or count != 32:
            raise AssertionError(f"card conservation broken: {count} cards, mask {union:#x}")


def leads_of(play: TrickPlay) -> int:
    """How many tricks of this play the talon cards lead."""
    return min(play.rules.talon_leads, len(play.talon_cards))


def _read_deals(raw: object, source: str) -> list[tuple[int, ...]]:
    """The ``deals`` of a saved game: each a string of the 32 card names in dealing order."""
    if not isinstance(raw, list):
        raise bad_input("{source}: {key}: expected a list of packs (32 card names each)", RecordError,
                        source=source, key="deals")
    packs = []
    for i, text in enumerate(raw):
        try:
            if not isinstance(text, str):
                raise bad_input("expected a string of 32 card names, got {got}", CardError, got=excerpt(text))
            cards = [parse_card(name) for name in text.split()]
        except CardError as exc:
            error = RecordError(f"{source}: deals[{i}]: {exc}")
            framed(error, "{source}: {key}[{i}]: {message}", exc, source=source, key="deals", i=i)
            raise error from None
        if len(cards) != 32 or len(set(cards)) != 32:
            raise bad_input("{source}: {key}[{i}]: expected the 32 cards each once, got {names} names with "
                            "{cards} different cards", RecordError, source=source, key="deals", i=i, names=len(cards),
                            cards=len(set(cards)))
        packs.append(tuple(cards))
    return packs
