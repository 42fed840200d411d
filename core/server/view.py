"""What one seat is shown: its observation and the events of the match, as JSON-safe dicts.

The engine's observation (``Game.observation``) is not in this tree yet; until it is, this module builds the
same dict from the engine's own per-seat answer, ``Game.visible_hands(seat)``, and from the public parts of
the deal (calls, tricks). It shows no talon before it is taken and no discard but to the discarder, so it errs
on the side of hiding. ``seat`` ``None`` is a spectator: no hand but the open ones.
"""

from __future__ import annotations

from typing import Any

from preferans.core.engine.game import Deal, Game, Phase
from preferans.core.model.cards import CARD_NAMES, NO_TRUMP, SUITS, names_of

Dict = dict[str, Any]


def suit_order(game: Game) -> list[str]:
    """The variant's suits from lowest to highest, as its suit contracts rank in the auction (Russian
    spades, clubs, diamonds, hearts; Balkan spades, diamonds, hearts, clubs): the order a hand is sorted in."""
    seen: list[str] = []
    rows = sorted((row for row in game.contracts if row.trump != NO_TRUMP and 0 <= row.trump < 4),
                  key=lambda row: (row.level, row.rank))
    for row in rows:
        suit = SUITS[row.trump]
        if suit not in seen:
            seen.append(suit)
    return seen + [s for s in SUITS if s not in seen]


def _calls(calls: list[tuple[int, str]]) -> list[list[Any]]:
    return [[s, c] for s, c in calls]


def _trick(cards: Any) -> list[list[Any]]:
    return [[h, CARD_NAMES[c]] for h, c in cards]


def visible(game: Game, deal: Deal, seat: int | None) -> dict[int, int]:
    """The hands ``seat`` may see in ``deal`` (the engine's answer; a spectator sees the open hands only)."""
    if seat is not None:
        return game.visible_hands(seat) if deal is game.deal else {}
    if deal.play is None or deal is not game.deal:
        return {}
    others = game.visible_hands(deal.active[0])
    out: dict[int, int] = {}
    for hand in deal.play.rules.open_hands:
        if hand in others and all(hand in game.visible_hands(s) for s in deal.active):
            out[hand] = others[hand]
    return out


def observation(game: Game, seat: int | None, finished: Deal | None = None) -> Dict:
    """What ``seat`` sees now, as the contract's ``Observation.to_dict()``; ``finished`` is the deal that
    ended last (its closing trick and result stay shown after the next deal starts)."""
    deal = game.deal
    to_act = game.current_player
    hands = {str(h): names_of(m) for h, m in sorted(visible(game, deal, seat).items())}
    shown_row = deal.contract or (game.contracts.get(deal.bid) if deal.bid else None)
    talon_shown = deal.talon_taken and shown_row is not None and shown_row.talon_shown
    tp = deal.play
    data: Dict = {
        "seat": seat,
        "phase": deal.phase.value,
        "deal": deal.number,
        "dealer": deal.dealer,
        "active": list(deal.active),
        "to_act": to_act,
        "legal": game.legal_actions() if seat is not None and seat == to_act else [],
        "hands": hands,
        "hand_counts": {str(h): deal.hands[h].bit_count() for h in deal.active},
        "talon": [CARD_NAMES[c] for c in deal.talon_cards] if talon_shown else [],
        "discard": names_of(deal.discard) if seat is not None and seat in deal.discarded_by else [],
        "calls": _calls(deal.calls),
        "declaration_calls": _calls(deal.declaration_calls),
        "defence_calls": _calls(deal.defence_calls),
        "declarer": deal.declarer,
        "bid": deal.bid,
        "contract": deal.contract.name if deal.contract is not None else None,
        "trick": _trick(tp.trick) if tp is not None and deal.phase is Phase.PLAY else [],
        "tricks": len(tp.completed) if tp is not None else 0,
        "tricks_won": list(tp.tricks_won) if tp is not None else [],
        "last_trick": _last_trick(deal) or (_last_trick(finished) if finished is not None else None),
        "last_result": _result(game),
        "suit_order": suit_order(game),
        "players": game.n_players,
        "over": game.is_terminal,
    }
    return data


def _last_trick(deal: Deal | None) -> Dict | None:
    if deal is None or deal.play is None or not deal.play.completed:
        return None
    winner, cards = deal.play.completed[-1]
    return {"winner": winner, "cards": _trick(cards), "deal": deal.number}


def _result(game: Game) -> Dict | None:
    if not game.results:
        return None
    r = game.results[-1]
    entries = game.deal_entries[-1]
    return {
        "deal": r.index_in_match,
        "declarer": r.declarer,
        "contract": r.contract.name if r.contract is not None else None,
        "tricks": list(r.tricks),
        "entries": [{"account": e.account, "seat": e.seat, "amount": str(e.amount),
                     "other": e.other, "note": e.note} for e in entries],
    }


def event_for(event: Dict, seat: int | None) -> Dict:
    """An event as ``seat`` may see it: a discarded card is shown to the discarder only."""
    if event["phase"] == Phase.DISCARD.value and event["seat"] != seat:
        return {**event, "action": None}
    return event
