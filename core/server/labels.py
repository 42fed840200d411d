"""What the page shows in a language: its own messages (:mod:`~preferans.core.server.words`) and the
variant's words for the action strings and accounts in a seat's state. The protocol's action strings stay
the stable English keys (``pass``, ``6S``); a label is only what a button or a line shows (``пас``, ``6♠``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from preferans.core.model.i18n import LANGUAGES, Translator, language
from preferans.core.server.words import LANGUAGE_NAMES, PAGE

RANKS = ("J", "Q", "K", "A")
"""The court cards, whose letters a language writes its own way (``J`` -> ``В`` in Russian)."""


def check_lang(text: object, key: str = "lang") -> str:
    """``text`` as one of :data:`LANGUAGES` (a locale name such as ``ru_RU`` is taken too); anything else is a
    :class:`~preferans.core.model.errors.BadInput` naming ``key`` and the languages allowed."""
    return language(text if isinstance(text, str) else repr(text), key)


def page_catalogue(tr: Translator) -> dict[str, Any]:
    """The page's messages in ``tr``'s language (``{english: shown}``), the court cards' letters and the menu
    of languages: the body of ``GET /i18n/<lang>.json``."""
    return {
        "lang": tr.lang,
        "messages": {msgid: tr.pgettext(context, msgid) for context, msgid in PAGE},
        "ranks": {rank: tr.pgettext("rank", rank) for rank in RANKS},
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
    }


def action_label(tr: Translator, action: str) -> str:
    """An action string as the variant's players say it: a call (``pass`` -> ``пас``, ``dalje``), a named
    contract (``misere`` -> ``мизер``), a level and suit (``6H`` -> ``6♥``); a prefixed call (``kontra-6``)
    keeps its number after the call's word; a bid that is a number (``2``) or a card stays as it is."""
    shown = tr.pgettext("call", action)
    if shown != action:
        return shown
    shown = tr.contract(action)
    if shown != action:
        return shown
    head, sep, rest = action.rpartition("-")
    if sep and head and rest.isdigit():
        return f"{action_label(tr, head)}-{rest}"
    return action


def _actions(state: dict[str, Any]) -> Iterator[str]:
    yield from state.get("legal") or ()
    for key in ("calls", "declaration_calls", "defence_calls"):
        for _hand, call in state.get(key) or ():
            yield call
    for key in ("bid", "contract"):
        if isinstance(state.get(key), str):
            yield state[key]
    result = state.get("last_result") or {}
    if isinstance(result.get("contract"), str):
        yield result["contract"]


def _accounts(state: dict[str, Any]) -> Iterable[str]:
    result = state.get("last_result") or {}
    return [e["account"] for e in result.get("entries") or () if isinstance(e.get("account"), str)]


def labels(tr: Translator, state: dict[str, Any]) -> dict[str, dict[str, str]]:
    """The labels of a seat's state (``Observation.to_dict()``): ``actions`` for every action string in it
    (the legal ones, the calls made, the bid, the contract, the last deal's contract) and ``accounts`` for the
    accounts of the last deal's entries (``gora`` -> ``гора``)."""
    return {"actions": {a: action_label(tr, a) for a in _actions(state)},
            "accounts": {a: tr.term("account", a) for a in _accounts(state)}}
