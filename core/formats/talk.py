"""The words of the interactive table (``preferans play --human``): what a call means in this variant, which
step of the deal the player is at, and how a deal ended, said in words.

Nothing here knows a family: a contract's meaning is read from its row in the variant's contract table
(trump, goal, talon), any other call's from the ``[calls]`` table of the variant's presets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from preferans.core.engine.game import Game, Phase
from preferans.core.formats.report import seat_name
from preferans.core.model.cards import NO_TRUMP, RANKS, SUIT_SYMBOLS, SUITS
from preferans.core.model.contracts import ContractSpec, ContractTable
from preferans.core.model.views import DealResult

SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")
"""The suits in the order of :data:`~preferans.core.model.cards.SUITS` (S C D H)."""

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

CARD_HELP = f"a card: rank 7 8 9 10 J Q K A (T = 10) and suit {'/'.join(SUITS)} or {' '.join(SUIT_SYMBOLS)}"

COMMANDS = (
    ("? or help", "this help: what each choice means here"),
    ("sheet or ?s", "the score sheet so far"),
    ("claim", "when every trick left is surely yours: take them all without playing them one by one"),
    ("q or quit", "stop the game (asks first when the game is not saved)"),
)


def _card(card: int) -> str:
    return RANKS[card & 7] + SUIT_SYMBOLS[card >> 3]


def cards_text(mask: int) -> str:
    return " ".join(_card(c) for c in range(32) if mask >> c & 1)


def contract_meaning(row: ContractSpec) -> str:
    """A contract row in words: ``spades trumps, take at least 6 tricks, with the talon``."""
    parts = []
    if row.kind not in ("suit", "notrump") and row.label == row.name != row.kind:  # a label names the kind
        parts.append(row.kind)
    if row.goal != "none":
        parts.append("no trumps" if row.trump == NO_TRUMP else f"{SUIT_WORDS[row.trump]} trumps")
    if row.goal == "none":
        parts.append("take no trick")
    elif row.goal == "all":
        parts.append("take all ten tricks")
    else:
        parts.append(f"take at least {row.target} tricks")
    parts.append("with the talon" if row.with_talon else "without the talon")
    if row.defenders_open:
        parts.append("the defenders' cards open")
    text = ", ".join(parts)
    return f"{row.label}: {text}" if row.label != row.name else text


def _short(row: ContractSpec) -> str:
    """A row in a word: its trump suit, or its kind (``betl``, ``sans``)."""
    if row.trump != NO_TRUMP and row.goal == "tricks":
        return SUIT_WORDS[row.trump]
    return row.kind


def call_meaning(action: str, contracts: ContractTable, calls: Mapping[str, str]) -> str:
    """What ``action`` means: the presets' ``[calls]`` entry, the entry of a family of calls (a key ending in
    ``-``: ``kontra-`` for ``kontra-6``, ``dark-`` for ``dark-6S``, followed by the meaning of the contract
    it names), or its contract row."""
    if action in calls:
        return calls[action]
    for key, text in calls.items():
        if key.endswith("-") and action.startswith(key):
            rest = contracts.get(action[len(key):])
            return text + (contract_meaning(rest) if rest is not None else "")
    row = contracts.get(action)
    return contract_meaning(row) if row is not None else ""


def call_help(game: Game, legal: Sequence[str], keys: Sequence[str]) -> list[str]:
    """The help of one decision: each choice with its meaning in this variant, then how to answer."""
    out = [f"what the choices mean in {game.variant.name}:"]
    if game.phase in (Phase.PLAY, Phase.DISCARD):
        verb = "play" if game.phase is Phase.PLAY else "discard"
        out.append(f"  {verb} one of your cards: type its key or {CARD_HELP}")
    else:
        width = max(len(a) for a in legal)
        for key, action in zip(keys, legal, strict=True):
            meaning = call_meaning(action, game.contracts, game.variant.calls)
            out.append(f"  {key:>2}) {action.ljust(width)}  {meaning}".rstrip())
    if keys and not keys[0].isdigit():
        numbers = [r for r in game.contracts if r.name.isdigit()]
        if numbers:
            out.append(f"the numbers in {game.variant.name}: " + ", ".join(f"{r.name} {_short(r)}" for r in numbers))
        out.append("the calls here are numbers, so the menu is lettered: type a letter, or the call itself "
                   "(a number typed is always that call)")
    else:
        out.append("type the number of a choice, or the choice itself")
    out.append("commands:")
    out.extend(f"  {name:<12} {what}" for name, what in COMMANDS)
    return out


def step_lines(game: Game, seat: int, discard_total: int) -> list[str]:
    """What the step asks of ``seat`` (``discard 2 cards (1 of 2)``, ``name your contract: at least 6♠``)
    and what it discarded itself, which only its owner sees."""
    deal = game.deal
    out = []
    if deal.phase is Phase.DISCARD:
        k = discard_total - deal.to_discard + 1
        out.append(f"discard {discard_total} card{'s' if discard_total != 1 else ''} ({k} of {discard_total})")
    if deal.discard and deal.discarded_by and set(deal.discarded_by) == {seat}:
        out.append(f"your discard: {cards_text(deal.discard)}")
    if deal.phase is Phase.DECLARE:
        rows = [game.contracts[a] for a in game.legal_actions() if a in game.contracts]
        if rows:
            lowest = min(rows, key=lambda r: r.rank)
            row = game.contracts.get(deal.bid) if deal.bid is not None else None
            bid = f" (you won the auction with {row.label})" if row is not None else ""
            out.append(f"name your contract{bid}: at least {lowest.label}")
    return out


def _count(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def deal_words(r: DealResult, names: Sequence[str]) -> str:
    """How a deal ended, in words: ``Boris 6♥: down one``, ``Vera misère: made``, ``raspasovka: Anna 3
    tricks, Boris 5, Vera 2``, ``all passed: thrown in``."""
    shown = [s for s in range(len(r.tricks)) if s in r.active or r.tricks[s]]
    tricks = ", ".join(f"{seat_name(names, s)} {r.tricks[s]}" for s in shown)
    if r.kind == "all_pass":
        if not r.played or r.contract is None:
            return "all passed: the cards are thrown in"
        return f"{r.contract.label}: tricks {tricks}"
    if r.declarer is None or r.contract is None:
        return r.kind
    who = f"{names[r.declarer]} {r.contract.label}"
    calls = "; " + ", ".join(f"{names[s]} {c}" for s, c in r.defence) if r.defence else ""
    if not r.played:  # what that scores is the family's: the sheet below shows it
        return f"{who}: not played (the defence: {calls[2:] or 'none'})"
    took = r.tricks[r.declarer]
    stopped = sum(r.tricks) < 10  # the play stopped once the deal was decided
    goal, need = r.contract.goal, r.contract.target
    if goal == "none":
        verdict = "made" if took == 0 else f"down, {_count(took)} trick{'s' if took != 1 else ''} taken"
    elif goal == "all":
        verdict = "made" if took == 10 else f"down, {_count(took)} tricks taken"
    elif took >= need:
        verdict = "made" + (f", {_count(took - need)} over" if took > need else "")
    elif stopped:
        verdict = f"down ({took} of the {need} tricks needed when the play stopped)"
    else:
        verdict = f"down {_count(need - took)}"
    return f"{who}: {verdict}{calls}; tricks {tricks}"
