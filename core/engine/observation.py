"""Who may see what: the one place that decides it, for the game's per-seat view, its event log and its
per-seat save (``Game.observation``, ``Game.events_for``, ``Game.to_dict(seat=...)``), and so for the
terminal renderer and the bots, which read these.

A seat sees its own hand; the hands it plays for (``PlayRules.controllers``: a lone whister playing his
partner's hand open or closed, a player of the two-player dummy); the hands lying face up
(``PlayRules.open_hands``, shown from the start of play, or only once the first card is played when
``open_after_first_lead`` says so, or once the declarer has led when ``open_after_declarer_leads`` says so and
he has the lead); the talon once it took it up itself, or when the contract shows the talon to all as it is
taken (the row's ``talon_shown``), and each talon card turned to lead a trick (raspasovka); its own discard;
and everything public: the calls, the cards played, the tricks and the sheet. A spectator sees only the
public part. Built on demand from the engine's state, never on ``apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from preferans.core.engine.match import Match
from preferans.core.engine.play import TrickPlay
from preferans.core.engine.state import Deal, Phase
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES, names_of
from preferans.core.model.observed import Event, Observation, SeenCards, amount_json, entry_dict
from preferans.core.model.views import DealResult, Entry

Trick = tuple[int, tuple[tuple[int, int], ...]]
"""A finished trick as the trick play keeps it: ``(winner, ((hand, card), ...))``."""

Logged = tuple[int, int | None, str, str | int | None, tuple[int, ...] | None, int | None, Any]
"""An event as the game logs it: ``(deal, seat, kind, action, visible_to, hand, data)``, with the cards of
an engine event as a mask (``action``) and its data as the engine's own values (a trick; the play rules'
leader, hands, controllers, talon leads and open hands; none for a deal's end, whose result and sheet lines the
match keeps): turned into names and JSON only when the events are read."""

CARD = "card"
"""The log's entry for a card of play: a marker only. Which card, from which hand, is read back from the
deal's tricks (each closed trick is logged as the trick play keeps it, :data:`Trick`) and the trick on the
table, so ``apply`` adds one reference to the log a card and creates nothing."""

LogEntry = Logged | Trick | str
"""One entry of the game's log: a :data:`Logged` event, a closed :data:`Trick`, or :data:`CARD`."""


def open_now(play: TrickPlay) -> bool:
    """Whether the play rules' open hands lie face up yet (see the module docstring)."""
    rules = play.rules
    if play.played:
        return True
    if rules.open_after_first_lead:
        return False
    return not (rules.open_after_declarer_leads and rules.leader == rules.declarer)


def visible_masks(deal: Deal, seat: int | None) -> dict[int, int]:
    """The hands ``seat`` may see now, as masks: its own, those it plays for, the open ones."""
    hands = deal.hands
    out = {seat: hands[seat]} if seat is not None and 0 <= seat < len(hands) else {}
    play = deal.play
    if play is not None:
        rules = play.rules
        if seat is not None:
            for hand, controller in rules.controllers:
                if controller == seat:
                    out[hand] = hands[hand]
        if rules.open_hands and open_now(play):
            for hand in rules.open_hands:
                out[hand] = hands[hand]
    return out


def turned_talon(play: TrickPlay) -> int:
    """How many talon cards have been turned to lead tricks so far."""
    leads = min(play.rules.talon_leads, len(play.talon_cards))
    turned = min(play.tricks_done, leads)
    if not play.finished and play.tricks_done < leads:
        turned += 1  # the trick on the table is led by the next one
    return turned


def talon_seen(deal: Deal, seat: int | None) -> tuple[list[str] | None, int]:
    """The talon cards ``seat`` may see (``None``: none) and how many talon cards lie face down."""
    if deal.talon_taken:
        if deal.talon_public or (seat is not None and seat == deal.talon_to):
            return [CARD_NAMES[c] for c in deal.talon_cards], 0
        return None, 0
    play = deal.play
    if play is not None and play.talon_cards:
        turned = turned_talon(play)
        return ([CARD_NAMES[c] for c in play.talon_cards[:turned]] if turned else None,
                len(deal.talon_cards) - turned)
    return None, len(deal.talon_cards)


def discard_owner(deal: Deal) -> int | None:
    """The seat whose discard lies out now (the one discarding, or the last to discard), if any."""
    if not deal.discard:
        return None
    if deal.phase is Phase.DISCARD:
        return deal.to_act
    return deal.discarded_by[-1] if deal.discarded_by else None


def seen_cards(deal: Deal, seat: int | None) -> SeenCards:
    """The cards ``seat`` may see now, as masks (the card part of :func:`observe`, from the same rules)."""
    talon, _ = talon_seen(deal, seat)
    m = 0
    for name in talon or ():
        m |= 1 << CARD_INDEX[name]
    own = seat is not None and seat == discard_owner(deal)
    return SeenCards(visible_masks(deal, seat), m, deal.discard if own else 0)


def trick_json(cards: Sequence[tuple[int, int]]) -> list[tuple[int, str]]:
    return [(h, CARD_NAMES[c]) for h, c in cards]


def finished_trick(trick: Trick) -> dict[str, Any]:
    winner, cards = trick
    return {"cards": [[h, CARD_NAMES[c]] for h, c in cards], "winner": winner}


def result_dict(r: DealResult, entries: Sequence[Entry]) -> dict[str, Any]:
    """The public summary of a scored deal: what everybody at the table knows once it is over (the calls,
    the contract, the tricks, the sheet lines), without the cards held (``DealResult.held``)."""
    return {
        "deal": r.index_in_match, "kind": r.kind, "outcome": r.outcome, "dealer": r.dealer,
        "active": list(r.active), "declarer": r.declarer, "bid": r.bid,
        "contract": r.contract.name if r.contract is not None else None,
        "auction": [[s, c] for s, c in r.auction], "declaration": [[s, c] for s, c in r.declaration],
        "defence": [[s, c] for s, c in r.defence], "defending": list(r.defending), "played": r.played,
        "tricks": list(r.tricks), "entries": [entry_dict(e) for e in entries],
    }


class SheetCache:
    """The public record of the scored deals as JSON (the sheet's running totals, each deal's lines, the
    last result), converted once per scored deal: observations are asked for at every decision. Each
    observation gets its own outer lists; the rows inside are shared and must be read only."""

    def __init__(self) -> None:
        self.deals: list[list[dict[str, Any]]] = []
        self.key: tuple[int, int] = (-1, -1)
        self.totals: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.trick_deal = -1
        self.trick_rows: list[dict[str, Any]] = []

    def tricks(self, deal: int, completed: Sequence[Trick]) -> list[dict[str, Any]]:
        """The deal's finished tricks as JSON, each converted once."""
        rows = self.trick_rows
        if deal != self.trick_deal or len(rows) > len(completed):
            rows = self.trick_rows = []
            self.trick_deal = deal
        for trick in completed[len(rows):]:
            rows.append(finished_trick(trick))
        return list(rows)

    def get(self, match: Match) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]], dict[str, Any] | None]:
        """``(totals, sheet, last_result)`` of ``match`` now."""
        key = (len(match.deal_entries), len(match.totals))
        if key != self.key:
            done = self.deals
            if len(done) > key[0]:  # pragma: no cover - a cache is never shared between clones
                done = self.deals = []
            for entries in match.deal_entries[len(done):]:
                done.append([entry_dict(e) for e in entries])
            self.totals = totals_json(match)
            self.last = result_dict(match.results[-1], match.deal_entries[-1]) if match.results else None
            self.key = key
        return list(self.totals), list(self.deals), self.last


def totals_json(match: Match) -> list[dict[str, Any]]:
    def key(item: tuple[tuple[str, int, int | None], Any]) -> tuple[str, int, int]:
        (account, seat, other), _ = item
        return account, seat, -1 if other is None else other

    return [{"account": a, "seat": s, "other": o, "amount": amount_json(x)}
            for (a, s, o), x in sorted(match.totals.items(), key=key)]


def observe(deal: Deal, match: Match, seat: int | None, *, legal: list[str], n_hands: int,
            last_tricks: tuple[int, tuple[Trick, ...]] | None, event_count: int, sheet: SheetCache,
            settlement: list[int] | None) -> Observation:
    """The :class:`Observation` of ``seat`` (``None``: a spectator) for the deal in progress."""
    play = deal.play
    talon, face_down = talon_seen(deal, seat)
    owner = discard_owner(deal)
    in_play = play is not None and deal.phase is Phase.PLAY
    last_trick = None
    if last_tricks is not None and last_tricks[1]:
        last_trick = {"deal": last_tricks[0], **finished_trick(last_tricks[1][-1])}
    totals, lines, last_result = sheet.get(match)
    return Observation.build(dict(
        seat=seat, phase=deal.phase.value, deal=deal.number, dealer=deal.dealer, active=list(deal.active),
        n_players=match.n_players, n_hands=n_hands, to_act=deal.to_act if deal.phase is not Phase.OVER else -1,
        legal=legal,
        hands={h: names_of(m) for h, m in sorted(visible_masks(deal, seat).items())},
        hand_counts={h: deal.hands[h].bit_count() for h in range(n_hands)},
        talon=talon, talon_count=face_down, talon_taken=deal.talon_taken,
        discard=names_of(deal.discard) if seat is not None and seat == owner else None,
        discard_count=deal.discard.bit_count(),
        calls=list(deal.calls), bid=deal.bid, declaration_calls=list(deal.declaration_calls),
        defence_calls=list(deal.defence_calls), declarer=deal.declarer,
        contract=deal.contract.name if deal.contract is not None else None,
        defending=list(deal.defended.defending) if deal.defended is not None else [],
        to_play=play.to_play if in_play and play is not None else None,
        trick=trick_json(play.trick) if play is not None else [],
        tricks=sheet.tricks(deal.number, play.completed) if play is not None else [],
        tricks_won={h: play.tricks_won[h] for h in play.order} if play is not None else {},
        may_record_layout=in_play and play is not None and seat in play.rules.layout_notes,
        last_trick=last_trick, last_result=last_result,
        totals=totals, sheet=lines, event_count=event_count,
        over=deal.phase is Phase.OVER, settlement=settlement, extra={},
    ))


def _data(kind: str, raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return None
    if kind == "deal_start":
        dealer, active = raw
        return {"dealer": dealer, "active": list(active)}
    if kind == "play_start":
        leader, hands, controllers, leads, open_hands = raw
        return {"leader": leader, "hands": list(hands), "controllers": [[h, s] for h, s in controllers],
                "talon_leads": leads, "open_hands": list(open_hands)}
    return dict(raw)  # pragma: no cover - every kind with data is named above


def _deal_start(log: Sequence[LogEntry], at: int) -> int:
    """The position of the ``deal_start`` entry of the deal that holds entry ``at``."""
    while at > 0:
        entry = log[at]
        if type(entry) is tuple and len(entry) == 7 and entry[2] == "deal_start":
            return at
        at -= 1
    return 0


def events(log: Sequence[LogEntry], match: Match, since: int = 0, live: Sequence[tuple[int, int]] = ()) -> list[Event]:
    """The log's events numbered ``since`` and later; ``live`` is the trick on the table (the cards of play
    not yet in a closed trick). A deal's end has its result and sheet lines in ``match``, where its number
    finds them (``results``, ``deal_entries``)."""
    start = max(since, 0)
    if start >= len(log):
        return []
    out: list[Event | None] = []
    first = _deal_start(log, start)
    deal = 0
    players: dict[int, int] = {}
    leads = 0
    tricks = 0
    waiting: list[int] = []  # the places in ``out`` of card markers not yet matched with their trick

    def fill(cards: Sequence[tuple[int, int]]) -> None:
        for place, (hand, card) in zip(waiting, cards, strict=True):
            out[place] = Event(first + place, deal, players.get(hand, hand), "card", CARD_NAMES[card], None, hand)
        del waiting[:len(cards)]

    for i, entry in enumerate(log[first:], first):
        if isinstance(entry, str):  # CARD
            waiting.append(len(out))
            out.append(None)
            continue
        if len(entry) == 2:  # a closed trick
            trick: Trick = entry
            fill(trick[1][1:] if tricks < leads else trick[1])  # a talon card leads the first tricks
            tricks += 1
            out.append(Event(i, deal, None, "trick", None, None, None, finished_trick(trick)))
            continue
        deal, seat, kind, action, visible_to, hand, raw = entry
        if kind == "play_start":
            _, _, controllers, leads, _ = raw
            players, tricks = dict(controllers), 0
        named = " ".join(names_of(action)) if isinstance(action, int) else action
        data = result_dict(match.results[deal], match.deal_entries[deal]) if kind == "deal_end" else _data(kind, raw)
        out.append(Event(i, deal, seat, kind, named, visible_to, hand, data))
    if waiting:
        fill(live[1:] if tricks < leads else live)
    return [e for e in out[start - first:] if e is not None]


def events_json(log: Sequence[LogEntry], match: Match, seat: int | None, since: int = 0,
                live: Sequence[tuple[int, int]] = ()) -> list[dict[str, Any]]:
    """The events numbered ``since`` and later as JSON, blanked where ``seat`` may not see them."""
    return [e.to_dict(seat) for e in events(log, match, since, live)]
