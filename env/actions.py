"""Fixed integer ids for every action of a variant: the 32 cards, then its calls.

A learning agent picks an integer; the engine takes a word (``"7S"``, ``"6H"``, ``"pass"``, ``"whist"``). The
ids are fixed for a variant, whatever the deal:

* ``0`` .. ``31`` are the cards in the engine's order (``7S`` .. ``AS``, ``7C`` .. ``AC``, ``7D`` .. ``AD``,
  ``7H`` .. ``AH``). In the discard phase a card id discards that card (one card per action, as the engine
  takes them); in play it plays it. These are the only phases that take cards (:data:`CARD_PHASES`).
* From ``32`` on, the calls: the variant's contract names in auction order (``6S`` ... ``10NT``, ``misere``;
  ``2`` ... ``7``, ``igra-betl``; ``1`` ... ``hearts-hand``), then the other calls its presets name
  (``calls``: ``pass``, ``whist``, ``half``, ``kontra`` ...; a key written ``word@phase`` is the word), then
  the core's own ``pass`` and ``defend`` if not named yet.
* A family of calls (a ``calls`` key ending in ``-``, such as the Balkan ``kontra-`` for ``kontra-5``,
  ``kontra-6`` ... without end) has one id, written ``kontra-*``: "the next call of the family", which is
  the one member the engine offers at that moment.

The engine checks every call a plugin answers against the same words (its contracts, its presets' calls
and the core's ``pass`` and ``defend``), so every action the engine offers has an id.

A Russian contract such as ``7S`` is spelt as a card: its word is the card's in the discard and in play,
the contract's in the auction, the declaration and the defence. Its id is the contract's (from ``32``) in
those phases, so the phase tells which: :meth:`ActionSpace.id_of`, :meth:`~ActionSpace.ids`,
:meth:`~ActionSpace.mask` and :meth:`~ActionSpace.action` take it (``phase``, the engine's
``game.phase.value``); without it, a list of words that are all cards' is taken for cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from preferans.core import IllegalActionError, Variant
from preferans.core.model.cards import CARD_INDEX, CARD_NAMES

CARDS = len(CARD_NAMES)
"""Ids ``0`` .. ``31`` are the cards."""

FAMILY = "*"
"""The mark of a family's one id: ``kontra-*``."""

CARD_PHASES = frozenset({"discard", "play"})
"""The phases whose actions are cards (ids ``0`` .. ``31``); every other phase's are calls."""


def call_words(variant: Variant) -> list[str]:
    """The variant's calls in id order (without the cards): contracts, the presets' calls, ``pass`` and
    ``defend``; a family as ``prefix*``."""
    words: list[str] = []
    for spec in variant.contracts:
        words.append(spec.name)
    for key in variant.calls:
        word = key.split("@", 1)[0]
        words.append(word + FAMILY if word.endswith("-") else word)
    words += ["pass", "defend"]
    return list(dict.fromkeys(words))


@dataclass(frozen=True)
class ActionSpace:
    """The fixed ids of one variant's actions. ``names[i]`` is id ``i``'s word (a family's as ``prefix*``)."""

    names: tuple[str, ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    """The calls' ids by word (ids from ``32``; the cards' are ``CARD_INDEX``)."""
    families: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.names) if i >= CARDS})
        object.__setattr__(self, "families", tuple((name[:-1], i) for i, name in enumerate(self.names)
                                                   if name.endswith("-" + FAMILY)))

    @classmethod
    def of(cls, variant: Variant) -> ActionSpace:
        return cls(tuple(CARD_NAMES) + tuple(call_words(variant)))

    def __len__(self) -> int:
        return len(self.names)

    @property
    def calls(self) -> tuple[str, ...]:
        """The call words, ids ``32`` on."""
        return self.names[CARDS:]

    @staticmethod
    def takes_cards(actions: Sequence[str], phase: str | None = None) -> bool:
        """Whether ``actions`` (the legal actions of ``phase``) are cards: by the phase if it is given, else
        if every word is a card's."""
        if phase:
            return phase in CARD_PHASES
        return bool(actions) and all(a in CARD_INDEX for a in actions)

    def id_of(self, action: str, phase: str | None = None) -> int:
        """The id of an engine action (a card, a call, a family's member) in ``phase`` (without it, a word
        spelt as a card is the card); ``KeyError`` for a word the variant does not know."""
        if action in CARD_INDEX and (phase in CARD_PHASES if phase else True):
            return CARD_INDEX[action]
        found = self.index.get(action)
        if found is not None:
            return found
        for prefix, i in self.families:
            if action.startswith(prefix):
                return i
        raise KeyError(action)

    def _phase(self, actions: Sequence[str], phase: str | None) -> str:
        return "play" if self.takes_cards(actions, phase) else "auction"

    def ids(self, actions: Iterable[str], phase: str | None = None) -> list[int]:
        """The ids of ``actions`` (the engine's legal actions in ``phase``), sorted, each once."""
        words = list(actions)
        kind = self._phase(words, phase)
        return sorted({self.id_of(a, kind) for a in words})

    def mask(self, actions: Iterable[str], phase: str | None = None) -> npt.NDArray[np.int8]:
        """A 0/1 vector of ``len(self)``: 1 where the id is one of ``actions`` (in ``phase``)."""
        out = np.zeros(len(self.names), dtype=np.int8)
        out[self.ids(actions, phase)] = 1
        return out

    def action(self, action_id: int, legal: Sequence[str], phase: str = "") -> str:
        """The engine's word for ``action_id`` among the ``legal`` actions (a family's id becomes the member
        on offer); :class:`~preferans.core.IllegalActionError` naming the id and the legal ids otherwise. A
        card's id is legal only in a phase of cards, a call's only in another."""
        kind = self._phase(legal, phase)
        if 0 <= action_id < len(self.names) and (action_id < CARDS) == (kind == "play"):
            name = self.names[action_id]
            if not name.endswith(FAMILY):
                if name in legal:
                    return name
            else:
                prefix = name[:-1]
                for a in legal:
                    if a.startswith(prefix) and a not in self.index:
                        return a
        raise IllegalActionError(action_id, phase, [f"{self.id_of(a, kind)} ({a})" for a in legal])
