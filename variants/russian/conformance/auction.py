"""The auction and the declaration as the rules state them (docs/variants/sochi.md "Contracts and
auction" and "Talon, discard and declaration", RUS-BID-01..05, docs/variants/classic.md "Dark calls",
docs/variants/four-players.md, docs/variants/gusarik.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from preferans.core.plugin import AuctionView, DeclarationView
from preferans.core.plugin.kit import Legal
from preferans.variants.russian.rules import RussianRules

from .history import compulsory, exit_minimum
from .tables import DARK, GAMES, LADDER, MISERE, RANK, bidders, classic, is_dark, level_of, plain

if TYPE_CHECKING:  # Classic's keys, for the type checker only: the reference reads them by name
    from preferans.variants.classic.rules import ClassicRules

AUCTION = "sochi#contracts-and-auction"
DECLARE = "sochi#talon-discard-and-declaration"


def to_speak(order: Sequence[int], calls: Sequence[tuple[int, str]]) -> int | None:
    """Who speaks now: first hand first, then clockwise past every seat that passed, a pass being final
    (GEN-DECK-05, sochi#contracts-and-auction); a dark pass is a pass."""
    if not calls:
        return order[0] if order else None
    passed = {s for s, c in calls if plain(c) == "pass"}
    last = order.index(calls[-1][0])
    for step in range(1, len(order) + 1):
        seat = order[(last + step) % len(order)]
        if seat not in passed:
            return seat
    return None


def auction_legal(view: AuctionView, seat: int, rules: RussianRules) -> Legal:
    """The calls ``seat`` may make now."""
    n = view.match.n_players
    history = view.match.history
    if to_speak(bidders(view.dealer, n), view.calls) != seat:
        return Legal(frozenset(), "GEN-DECK-05")  # it is not this seat's turn: no call is his
    if classic(rules) and compulsory(len(history), n, rules):
        return Legal(frozenset({DARK + "pass"}), "RUS-RASP-25")  # everybody passes dark
    mine = [c for s, c in view.calls if s == seat]
    if any(plain(c) == MISERE for c in mine):
        return Legal(frozenset({"pass"}), "RUS-BID-01")  # misère is binding: he can only pass
    highest = max((RANK[plain(c)] for _, c in view.calls if plain(c) in RANK), default=-1)
    minimum, exit_rule = exit_minimum(history, n, rules)
    because: dict[str, str] = {}
    calls = {"pass"}
    for game in GAMES:
        if RANK[game] <= highest:
            because[game] = AUCTION  # a bid must be higher than the last
        elif level_of(game) < minimum:
            because[game] = exit_rule  # the exit from a raspasovka (RUS-BID-05)
        else:
            calls.add(game)
    if not mine and RANK[MISERE] > highest:
        calls.add(MISERE)  # a first call; only a nine outbids it (RUS-BID-02)
    because[MISERE] = "RUS-BID-02" if not mine else "RUS-BID-01"
    if classic(rules):
        calls = _dark(calls, mine, rules, because)
    return Legal(frozenset(calls), AUCTION, because)


def _dark(calls: set[str], mine: Sequence[str], rules: ClassicRules, because: dict[str, str]) -> set[str]:
    """Classic (RUS-BID-04): a first call may be made dark (``dark.calls``: pass, games, misère); a seat
    whose first call was dark has not seen his cards and makes his later bids dark; one who spoke openly
    makes no dark call (classic#dark-calls-втёмную)."""
    allowed = rules.dark.calls
    for call in LADDER + ("pass",):
        because.setdefault(DARK + call, "RUS-BID-04")
    if not mine:
        out = set(calls)
        if "pass" in allowed:
            out.add(DARK + "pass")
        out |= {DARK + c for c in calls if c in GAMES and "games" in allowed}
        if MISERE in calls and "misere" in allowed:
            out.add(DARK + MISERE)
        return out
    if is_dark(mine[0]):
        return {"pass"} | {DARK + c for c in calls if c != "pass"}
    return calls


def _shared_misere(view: DeclarationView, rules: RussianRules) -> bool:
    """Four players and ``misere.half_and_half``: a misère may be shared with the dealer (RUS-MIS-09)."""
    return (bool(rules.misere.half_and_half) and view.match.n_players == 4
            and plain(view.bid.name) == MISERE and view.dealer is not None and view.dealer != view.declarer)


def declaration_legal(view: DeclarationView, rules: RussianRules) -> Legal | None:
    """The naming of the contract after the talon and the discard: a game not below the bid, or the misère
    bid (sochi#talon-discard-and-declaration); with a shared misère, first the invitation and the dealer's
    answer (RUS-MIS-09). The discard is not a call: ``None`` there."""
    bid = view.bid.name
    if _shared_misere(view, rules) and not view.talon_taken:
        said = [c for _, c in view.calls]
        if not said:
            return Legal(frozenset({bid, "invite"}), "RUS-MIS-09")
        if said == ["invite"]:
            return Legal(frozenset({"agree", "refuse"}), "RUS-MIS-09")
        return None
    if view.talon_taken and not view.discarded_by:
        return None  # the discard
    if plain(bid) == MISERE:
        return Legal(frozenset({bid}), DECLARE, {g: "RUS-BID-01" for g in GAMES})
    floor = RANK[plain(bid)]
    names = {g for g in GAMES if RANK[g] >= floor}
    because = {g: DECLARE for g in GAMES if g not in names}
    because[MISERE] = "RUS-BID-01"
    return Legal(frozenset(names), DECLARE, because)
