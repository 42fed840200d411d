"""The words of the interactive table (``preferans play --human``): what a call means in this variant, which
step of the deal the player is at, and how a deal ended, said in words, in the table's language (docs/i18n.md:
each function takes the :class:`~preferans.core.model.i18n.Translator` of the table, English by default).

Nothing here knows a family: a contract's meaning is read from its row in the variant's contract table
(trump, goal, talon), any other call's from the ``[calls]`` table of the variant's presets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from preferans.core.engine.game import Game, Phase
from preferans.core.formats.render import HOLD, holds
from preferans.core.formats.report import seat_name
from preferans.core.model.cards import NO_TRUMP, RANKS, SUIT_SYMBOLS, SUITS
from preferans.core.model.contracts import ContractSpec, ContractTable
from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.model.views import DealResult

SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")
"""The suits in the order of :data:`~preferans.core.model.cards.SUITS` (S C D H)."""

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""How many tricks, in English words; the other languages write the digit (their number words decline with
the words around them: "без двух", "dva pada")."""


def _trumps_word(suit: int, tr: Translator) -> str:
    # the suits as a trump is named (context "trumps"), listed so that the extraction finds each
    words = (tr.pgettext("trumps", "spades"), tr.pgettext("trumps", "clubs"), tr.pgettext("trumps", "diamonds"),
             tr.pgettext("trumps", "hearts"))
    return words[suit]


def card_help(tr: Translator = ENGLISH) -> str:
    """How a card is typed: the letters the engine reads (J Q K A, S C D H), whatever the language, then the
    court cards' letters as this language shows them (``Ž = J, D = Q``), which may be typed too."""
    text = tr.gettext("a card: rank {ranks} (T = 10) and suit {suits} or {symbols}").format(
        ranks=" ".join(RANKS), suits="/".join(SUITS), symbols=" ".join(SUIT_SYMBOLS))
    shown = [f"{tr.pgettext('rank', rank)} = {rank}" for rank in RANKS if tr.pgettext("rank", rank) != rank]
    if shown:
        text += "; " + tr.gettext("as shown here: {letters}").format(letters=", ".join(shown))
    return text



def commands(tr: Translator = ENGLISH) -> tuple[tuple[str, str], ...]:
    """The table's commands (typed as written, in every language; only the "or" between two is said in the
    language) and what each does."""
    either = tr.gettext("{first} or {second}")
    return (
        (either.format(first="?", second="help"), tr.gettext("this help: what each choice means here")),
        (either.format(first="sheet", second="?s"), tr.gettext("the score sheet so far")),
        ("claim", tr.gettext("when every trick left is surely yours: take them all without playing them one "
                             "by one")),
        (either.format(first="q", second="quit"), tr.gettext("stop the game (asks first when the game is not saved)")),
    )



def _card(card: int, tr: Translator) -> str:
    return tr.card(RANKS[card & 7], SUIT_SYMBOLS[card >> 3])


def cards_text(mask: int, tr: Translator = ENGLISH) -> str:
    return " ".join(_card(c, tr) for c in range(32) if mask >> c & 1)


def label(row: ContractSpec, tr: Translator = ENGLISH) -> str:
    """A contract's name as shown: its label (``6♠``, ``misère``) in English, the catalogues' word else."""
    shown = tr.contract(row.name)
    return row.label if shown == row.name else shown


def contract_meaning(row: ContractSpec, tr: Translator = ENGLISH) -> str:
    """A contract row in words: ``spades trumps, take at least 6 tricks, with the talon``."""
    parts = []
    if row.kind not in ("suit", "notrump") and row.label == row.name != row.kind:  # a label names the kind
        parts.append(tr.contract(row.kind))
    if row.goal != "none":
        parts.append(tr.gettext("no trumps") if row.trump == NO_TRUMP else
                     tr.gettext("{suit} trumps").format(suit=_trumps_word(row.trump, tr)))
    if row.goal == "none":
        parts.append(tr.gettext("take no trick"))
    elif row.goal == "all":
        parts.append(tr.gettext("take all ten tricks"))
    else:
        parts.append(tr.ngettext("take at least {n} trick", "take at least {n} tricks", row.target).format(
            n=row.target))
    parts.append(tr.gettext("with the talon") if row.with_talon else tr.gettext("without the talon"))
    if row.defenders_open:
        parts.append(tr.gettext("the defenders' cards open"))
    text = ", ".join(parts)
    return f"{label(row, tr)}: {text}" if row.label != row.name else text


def _short(row: ContractSpec, tr: Translator) -> str:
    """A row in a word: its trump suit, or its kind (``betl``, ``sans``)."""
    if row.trump != NO_TRUMP and row.goal == "tricks":
        return _trumps_word(row.trump, tr)
    return tr.contract(row.kind)


def named_after(row: ContractSpec, contracts: ContractTable) -> list[ContractSpec]:
    """The games a number bid lets its winner name after the talon, when the number is only a bid: a row
    called in the auction yet never declared (``biddable=False``, the Austrian ``1``..``4``) names any game
    with the talon ranked above it (``1``: clubs or any higher suit). Empty for any other row."""
    if not (row.name.isdigit() and row.with_talon and not row.biddable):
        return []
    return [r for r in contracts if not r.name.isdigit() and r.with_talon and r.biddable and r.rank > row.rank]


def _context(action: str, calls: Mapping[str, str], phase: Phase | None, legal: Sequence[str],
             contracts: ContractTable) -> str | None:
    """The ``[calls]`` text of ``action`` in this step, when the presets word it by context: ``pass@naming``
    (an auction step where a game is named: a choice is a contract row never bid as such, the Balkan
    ``igra-spades``), else ``pass@auction``, ``pass@defence``, ``pass@declare`` by the phase."""
    if phase is None:
        return None
    naming = phase is Phase.AUCTION and any(a in contracts and not contracts[a].biddable for a in legal)
    for context in (("naming",) if naming else ()) + (str(phase),):
        text = calls.get(f"{action}@{context}")
        if text is not None:
            return text
    return None


def call_meaning(action: str, contracts: ContractTable, calls: Mapping[str, str],
                 tr: Translator = ENGLISH, phase: Phase | None = None, legal: Sequence[str] = ()) -> str:
    """What ``action`` means: the presets' ``[calls]`` entry, the entry of a family of calls (a key ending in
    ``-``: ``kontra-`` for ``kontra-6``, ``dark-`` for ``dark-6S``, followed by the meaning of the contract
    it names), or its contract row. A ``[calls]`` text is the presets' English, looked up in the catalogues
    under the context ``meaning`` with that text as its id: a text the presets change is shown in English
    until its catalogues follow. With the step's ``phase`` (and ``legal`` choices), a text worded for that
    context (``pass@defence``) comes first."""
    text = _context(action, calls, phase, legal, contracts)
    if text is not None:
        return tr.pgettext("meaning", text)
    if action in calls:
        return tr.pgettext("meaning", calls[action])
    for key, text in calls.items():
        if key.endswith("-") and action.startswith(key):
            rest = contracts.get(action[len(key):])
            return tr.pgettext("meaning", text) + (contract_meaning(rest, tr) if rest is not None else "")
    row = contracts.get(action)
    if row is None:
        return ""
    games = named_after(row, contracts)
    if games:
        return tr.gettext("a bid with the talon: after the talon you name your game, one of: {games}").format(
            games=", ".join(label(r, tr) for r in games))
    return contract_meaning(row, tr)


def _group_key(row: ContractSpec) -> tuple[object, ...] | None:
    """What a trump game shares with the others of its level (a row of a trump or no trumps, tricks to take)."""
    if row.kind not in ("suit", "notrump") or row.goal != "tricks" or named_after_rows(row):
        return None
    return (row.level, row.target, row.with_talon, row.defenders_open, row.label[:1])


def named_after_rows(row: ContractSpec) -> bool:
    return row.name.isdigit() and not row.biddable


def _groups(legal: Sequence[str], contracts: ContractTable) -> list[list[str]]:
    """The choices, the games of one level that differ only by their trumps (6♠ 6♣ 6♦ 6♥ 6NT) together."""
    out: list[list[str]] = []
    last: tuple[object, ...] | None = None
    for action in legal:
        row = contracts.get(action)
        key = _group_key(row) if row is not None else None
        if key is not None and key == last:
            out[-1].append(action)
        else:
            out.append([action])
        last = key
    return out


def _group_meaning(row: ContractSpec, tr: Translator) -> str:
    """The meaning of a group of games that differ only by their trumps: ``a game of 6 ...``."""
    parts = [tr.gettext("trumps as the call names them (NT: no trumps)"),
             tr.ngettext("take at least {n} trick", "take at least {n} tricks", row.target).format(n=row.target),
             tr.gettext("with the talon") if row.with_talon else tr.gettext("without the talon")]
    if row.defenders_open:
        parts.append(tr.gettext("the defenders' cards open"))
    return ", ".join(parts)


def call_help(game: Game, legal: Sequence[str], keys: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    """The help of one decision: each choice with its meaning in this variant, then how to answer."""
    name = game.variant.name
    out = [tr.gettext("what the choices mean in {variant}:").format(variant=name)]
    if game.phase in (Phase.PLAY, Phase.DISCARD):
        line = (tr.gettext("play one of your cards: type its key or {card}") if game.phase is Phase.PLAY else
                tr.gettext("discard one of your cards: type its key or {card}"))
        out.append("  " + line.format(card=card_help(tr)))
    else:
        groups = _groups(legal, game.contracts)
        held = holds(legal, game.current_player, game.deal.calls) if game.phase is Phase.AUCTION else set()
        shown = {a: tr.call(HOLD) if a in held else tr.call(a) for a in legal}
        width = max(len(" ".join(shown[a] for a in g)) for g in groups)
        key_of = dict(zip(legal, keys, strict=True))
        span = max(len(key_of[g[0]]) + (len(key_of[g[-1]]) + 1 if len(g) > 1 else 0) for g in groups)
        for group in groups:
            action = group[0]
            key = key_of[action] + (f"-{key_of[group[-1]]}" if len(group) > 1 else "")
            if len(group) > 1:
                meaning = _group_meaning(game.contracts[action], tr)
            else:
                meaning = call_meaning(HOLD if action in held else action, game.contracts, game.variant.calls,
                                       tr, game.phase, legal)
            words = " ".join(shown[a] for a in group)
            out.append(f"  {key:>{max(span, 2)}}) {words.ljust(width)}  {meaning}".rstrip())
    if keys and not keys[0].isdigit():
        numbers = [r for r in game.contracts if r.name.isdigit()]
        if numbers:
            out.append(tr.gettext("the numbers in {variant}: {numbers}").format(
                variant=name, numbers=", ".join(f"{r.name} {_short(r, tr)}" for r in numbers)))
        out.append(tr.gettext("the calls here are numbers, so the menu is lettered: type a letter, or the call "
                              "itself (a number typed is always that call)"))
    else:
        out.append(tr.gettext("type the number of a choice, or the choice itself"))
    out.append(tr.gettext("commands:"))
    listed = commands(tr)
    width = max(12, *(len(command) + 1 for command, _ in listed))
    out.extend(f"  {command:<{width}} {what}" for command, what in listed)
    return out


def step_lines(game: Game, seat: int, discard_total: int, tr: Translator = ENGLISH) -> list[str]:
    """What the step asks of ``seat`` (``discard 2 cards (1 of 2)``, ``name your contract: at least 6♠``)
    and what it discarded itself, which only its owner sees."""
    deal = game.deal
    out = []
    if deal.phase is Phase.DISCARD:
        k = discard_total - deal.to_discard + 1
        out.append(tr.ngettext("discard {n} card ({k} of {n})", "discard {n} cards ({k} of {n})",
                               discard_total).format(n=discard_total, k=k))
    if deal.discard and deal.discarded_by and set(deal.discarded_by) == {seat}:
        out.append(tr.gettext("your discard: {cards}").format(cards=cards_text(deal.discard, tr)))
    if deal.phase is Phase.DECLARE:
        rows = [game.contracts[a] for a in game.legal_actions() if a in game.contracts]
        if rows:
            lowest = label(min(rows, key=lambda r: r.rank), tr)
            row = game.contracts.get(deal.bid) if deal.bid is not None else None
            if row is not None:
                out.append(tr.gettext("name your contract (you won the auction with {bid}): at least {lowest}")
                           .format(bid=label(row, tr), lowest=lowest))
            else:
                out.append(tr.gettext("name your contract: at least {lowest}").format(lowest=lowest))
        else:  # the calls after the contract is named (the Austrian premiums): said with the contract
            named = [c for s, c in deal.declaration_calls if s == seat and c in game.contracts]
            contract = named[-1] if named else deal.bid
            if contract is not None and contract in game.contracts:
                out.append(tr.gettext("announce before the first lead, in your contract {contract}").format(
                    contract=label(game.contracts[contract], tr)))
    return out


def _count(n: int, tr: Translator) -> str:
    return NUMBER_WORDS[n] if tr.lang == "en" and 0 <= n < len(NUMBER_WORDS) else str(n)


def deal_words(r: DealResult, names: Sequence[str], tr: Translator = ENGLISH) -> str:
    """How a deal ended, in words: ``Boris 6♥: down one``, ``Vera misère: made``, ``raspasovka: Anna 3
    tricks, Boris 5, Vera 2``, ``all passed: thrown in``."""
    shown = [s for s in range(len(r.tricks)) if s in r.active or r.tricks[s]]
    tricks = ", ".join(f"{seat_name(names, s)} {r.tricks[s]}" for s in shown)
    if r.kind == "all_pass":
        if not r.played or r.contract is None:
            return tr.gettext("all passed: the cards are thrown in")
        return tr.gettext("{contract}: tricks {tricks}").format(contract=label(r.contract, tr), tricks=tricks)
    if r.declarer is None or r.contract is None:
        return r.kind
    who = f"{names[r.declarer]} {label(r.contract, tr)}"
    defence = ", ".join(f"{names[s]} {tr.term('call', c)}" for s, c in r.defence)
    if not r.played:  # what that scores is the family's: the sheet below shows it
        return tr.gettext("{who}: not played (the defence: {calls})").format(
            who=who, calls=defence or tr.gettext("none"))
    took = r.tricks[r.declarer]
    stopped = sum(r.tricks) < 10  # the play stopped once the deal was decided
    goal, need = r.contract.goal, r.contract.target
    if goal == "none":
        verdict = tr.gettext("made") if took == 0 else tr.ngettext(
            "down, {count} trick taken", "down, {count} tricks taken", took).format(count=_count(took, tr))
    elif goal == "all":
        verdict = tr.gettext("made") if took == 10 else tr.ngettext(
            "down, {count} trick taken", "down, {count} tricks taken", took).format(count=_count(took, tr))
    elif took > need:
        verdict = tr.gettext("made, {count} over").format(count=_count(took - need, tr))
    elif took == need:
        verdict = tr.gettext("made")
    elif stopped:
        verdict = tr.gettext("down ({took} of the {need} tricks needed when the play stopped)").format(
            took=took, need=need)
    else:
        verdict = tr.gettext("down {count}").format(count=_count(need - took, tr))
    calls = "; " + defence if defence else ""
    return tr.gettext("{who}: {verdict}{calls}; tricks {tricks}").format(
        who=who, verdict=verdict, calls=calls, tricks=tricks)
