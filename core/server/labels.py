"""What the page shows in a language: its own messages (:mod:`~preferans.core.server.words`), the
variant's words for the action strings, accounts and deal notes in a seat's state, and the server's errors.
The protocol's action strings stay the stable English keys (``pass``, ``6S``); a label is only what a button
or a line shows (``пас``, ``6♠``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from typing import Any

from preferans.core.formats.render import HOLD, is_hold
from preferans.core.model.error_texts import mark_error
from preferans.core.model.errors import BadInput, Suggestion, bad_input, excerpt
from preferans.core.model.i18n import LANGUAGES, Translator, language, translator
from preferans.core.server.words import LANGUAGE_NAMES, PAGE

RANKS = ("J", "Q", "K", "A")
"""The court cards, whose letters a language writes its own way (``J`` -> ``В`` in Russian)."""


def check_lang(text: object, key: str = "lang") -> str:
    """``text`` as one of :data:`LANGUAGES` (a locale name such as ``ru_RU`` is taken too); anything else is a
    :class:`~preferans.core.model.errors.BadInput` naming ``key`` and the languages allowed."""
    shown = text if isinstance(text, str) else repr(text)
    try:
        return language(shown, key)
    except BadInput:
        raise bad_input(mark_error("{key}: {value} is not a language of preferans (one of: {languages})"),
                        key=key, value=excerpt(shown), languages=", ".join(LANGUAGES)) from None


def accepted(header: str) -> str | None:
    """The first language of an HTTP ``Accept-Language`` header (``ru-RU,ru;q=0.9,en;q=0.8``, by its ``q``
    weights, the order given among equals) that preferans speaks; ``None`` when it names none."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        m = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and m is None:
            continue  # a malformed weight: the tag is skipped, as a browser's typo should not choose
        if m is not None:
            weight = float(m.group(1))
        if tag and tag != "*" and weight > 0:
            ranked.append((-weight, i, tag))
    for _w, _i, tag in sorted(ranked):
        try:
            return language(tag[:40], "Accept-Language")
        except BadInput:
            continue
    return None


def said(exc: BadInput, tr: Translator) -> str:
    """The error ``exc`` in ``tr``'s language when it was made from a catalogue message (``bad_input``, a
    refusal of the server), its values as they are (a value that is itself such an error is said too, a
    ``did you mean`` suggestion as well); any other error as it was raised (English)."""
    if exc.template is None:
        return str(exc)
    if exc.catalogues:  # a family's error: its catalogues first
        tr = translator(tr.lang, exc.catalogues)
    values = {key: tr.gettext("; did you mean {choice}?").format(choice=repr(value.choice))
              if isinstance(value, Suggestion) else " ".join(said(value, tr).split())
              if isinstance(value, BadInput) else value for key, value in exc.values.items()}
    return tr.gettext(exc.template).format(**values)


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


TEXT_VALUES = ("note", "call", "what", "label")
"""The placeholders of a note template that stand for words (a note inside a note, a call, a premium, a
contract's label); every other placeholder stands for a number (``{tricks}``, ``{seat}``, ``{factor}``)."""


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """A note template (``set by {tricks}``) as a pattern matching the notes written from it (``set by 2``)."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" if p in TEXT_VALUES
                              else f"(?P<{p}>-?[0-9]+(?:[./][0-9]+)?)" for i, p in enumerate(parts)))


def note_label(tr: Translator, note: str) -> str:
    """A deal entry's note (the family's English, as the records keep it) in ``tr``'s language: the family's
    ``note`` entry of that text (``game made``), else the first of its ``note`` templates that the text
    fits (``set by {tricks}`` for ``set by 2``; the most specific first), its values said in turn (a note
    inside a note, ``{note} (half)``; a call, ``under {call}``; a number stays); else the English."""
    shown = tr.pgettext("note", note)
    if shown != note or not note:
        return shown
    for template in _templates(tr):
        m = _pattern(template).fullmatch(note)
        if m is not None:
            values = {k: _value(tr, v) for k, v in m.groupdict().items()}
            return tr.pgettext("note", template).format(**values)
    return note


@functools.cache
def _templates(tr: Translator) -> tuple[str, ...]:
    """The note templates of ``tr``'s catalogues, the most literal text first (translators are cached, one per
    language and variant, so this is read once each)."""
    return tuple(sorted((t for t in tr.ids("note") if "{" in t), key=lambda t: -len(re.sub(r"\{\w+\}", "", t))))


def _value(tr: Translator, text: str) -> str:
    shown = note_label(tr, text)
    return shown if shown != text else action_label(tr, text)


def _notes(state: dict[str, Any]) -> Iterable[str]:
    result = state.get("last_result") or {}
    return [e["note"] for e in result.get("entries") or () if isinstance(e.get("note"), str)]


def _accounts(state: dict[str, Any]) -> Iterable[str]:
    result = state.get("last_result") or {}
    return [e["account"] for e in result.get("entries") or () if isinstance(e.get("account"), str)]


def labels(tr: Translator, state: dict[str, Any]) -> dict[str, Any]:
    """The labels of a seat's state (``Observation.to_dict()``): ``actions`` for every action string in it
    (the legal ones, the calls made, the bid, the contract, the last deal's contract) and ``accounts`` for the
    accounts and the notes of the last deal's entries (``gora`` -> ``гора``, ``game made`` -> ``игра
    сыграна``); ``calls``, the auction's calls in words (:func:`call_labels`), and ``holds``, the legal
    actions that would hold another seat's bid (:func:`hold_labels`)."""
    return {"actions": {a: action_label(tr, a) for a in _actions(state)},
            "accounts": {a: tr.term("account", a) for a in _accounts(state)},
            "notes": {n: note_label(tr, n) for n in _notes(state)},
            "calls": call_labels(tr, state.get("calls") or ()), "holds": hold_labels(tr, state)}


def call_labels(tr: Translator, calls: Iterable[Iterable[Any]]) -> list[str]:
    """The auction's calls (``[[seat, call], ...]``) as the terminal says them, one word each in order: a
    call by its label (:func:`action_label`), a hold (a number another seat called before it, the Balkan
    ``moje``: :func:`~preferans.core.formats.render.is_hold`) by the word of a hold. A call's word depends
    only on the calls before it, so the words of an auction serve every part of it that has been said."""
    said: list[tuple[int, str]] = [(int(seat), str(call)) for seat, call in calls]
    return [action_label(tr, HOLD) if is_hold(call, seat, said[:i]) else action_label(tr, call)
            for i, (seat, call) in enumerate(said)]


def hold_labels(tr: Translator, state: dict[str, Any]) -> dict[str, str]:
    """The legal actions of an auction that would hold another seat's bid, each by the word of a hold
    (``{"3": "moje"}``); empty in any other phase and when no legal action holds."""
    seat = state.get("to_act")
    if state.get("phase") != "auction" or not isinstance(seat, int):
        return {}
    said = [(int(s), str(c)) for s, c in state.get("calls") or ()]
    return {a: action_label(tr, HOLD) for a in state.get("legal") or () if is_hold(a, seat, said)}


def replay_labels(tr: Translator, steps: Iterable[dict[str, Any]], deal: int) -> dict[str, Any]:
    """The labels of a replay of deal ``deal`` (its ``steps``, each with a ``state``): the ``actions``,
    ``accounts`` and ``notes`` of every step's state, and ``calls``, the words of the deal's auction (the
    scored deal's ``auction`` once it ends, else the calls said so far)."""
    out: dict[str, Any] = {"actions": {}, "accounts": {}, "notes": {}, "calls": []}
    auction: Iterable[Iterable[Any]] = ()
    for step in steps:
        state = step["state"]
        shown = labels(tr, state)
        for key in ("actions", "accounts", "notes"):
            out[key].update(shown[key])
        result = state.get("last_result") or {}
        if result.get("deal") == deal:  # the step that scores the deal
            auction = result.get("auction") or ()
        elif state.get("deal") == deal:
            auction = state.get("calls") or ()
    out["calls"] = call_labels(tr, auction)
    return out
