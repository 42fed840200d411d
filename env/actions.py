"""Fixed integer ids for every action of a variant: the 32 cards, then its calls.

A learning agent picks an integer; the engine takes a word (``"7S"``, ``"6H"``, ``"pass"``, ``"whist"``). The
ids are fixed for a variant, whatever the deal:

* ``0`` .. ``31`` are the cards in the engine's order (``7S`` .. ``AS``, ``7C`` .. ``AC``, ``7D`` .. ``AD``,
  ``7H`` .. ``AH``). In the discard phase a card id discards that card (one card per action, as the engine
  takes them); in play it plays it.
* From ``32`` on, the calls: the variant's contract names in auction order (``6S`` ... ``10NT``, ``misere``;
  ``2`` ... ``7``, ``igra-betl``; ``1`` ... ``hearts-hand``), then the other calls its presets name
  (``calls``: ``pass``, ``whist``, ``half``, ``kontra`` ...; a key written ``word@phase`` is the word), then
  the core's own ``pass`` and ``defend`` if not named yet.
* A family of calls (a ``calls`` key ending in ``-``, such as the Balkan ``kontra-`` for ``kontra-5``,
  ``kontra-6`` ... without end) has one id, written ``kontra-*``: "the next call of the family", which is
  the one member the engine offers at that moment.

The engine checks every call a plugin answers against the same words (its contracts, its presets' calls
and the core's ``pass`` and ``defend``), so every action the engine offers has an id.
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
    return list(dict.fromkeys(w for w in words if w not in CARD_INDEX))


@dataclass(frozen=True)
class ActionSpace:
    """The fixed ids of one variant's actions. ``names[i]`` is id ``i``'s word (a family's as ``prefix*``)."""

    names: tuple[str, ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    families: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.names)})
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

    def id_of(self, action: str) -> int:
        """The id of an engine action (a card, a call, a family's member); ``KeyError`` for a word the
        variant does not know."""
        found = self.index.get(action)
        if found is not None:
            return found
        for prefix, i in self.families:
            if action.startswith(prefix):
                return i
        raise KeyError(action)

    def ids(self, actions: Iterable[str]) -> list[int]:
        """The ids of ``actions`` (the engine's legal actions), sorted, each once."""
        return sorted({self.id_of(a) for a in actions})

    def mask(self, actions: Iterable[str]) -> npt.NDArray[np.int8]:
        """A 0/1 vector of ``len(self)``: 1 where the id is one of ``actions``."""
        out = np.zeros(len(self.names), dtype=np.int8)
        for a in actions:
            out[self.id_of(a)] = 1
        return out

    def action(self, action_id: int, legal: Sequence[str], phase: str = "") -> str:
        """The engine's word for ``action_id`` among the ``legal`` actions (a family's id becomes the member
        on offer); :class:`~preferans.core.IllegalActionError` naming the id and the legal ids otherwise."""
        if 0 <= action_id < len(self.names):
            name = self.names[action_id]
            if not name.endswith(FAMILY):
                if name in legal:
                    return name
            else:
                prefix = name[:-1]
                for a in legal:
                    if a.startswith(prefix) and a not in self.index:
                        return a
        raise IllegalActionError(action_id, phase, [f"{self.id_of(a)} ({a})" for a in legal])
