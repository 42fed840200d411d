"""The Russian family's own words, looked up by context when its sheet and its deals are shown in a language
(``locale/<lang>/LC_MESSAGES/preferans-russian.po``; docs/i18n.md, docs/glossary/russian.md).

The names here are the stable English keys the records keep (an account, a call, a contract); only what is
shown changes. A contract written as a level and a suit (``6H``) needs no entry: the core writes its level
and the suit as the language does (``6♥``).
"""

from __future__ import annotations

from preferans.core.plugin.sheet import mark_term

TERMS = (
    mark_term("match", "pulka"),  # пулька: a match, played until the pools are closed
    mark_term("account", "pool"),  # пуля: the points towards closing the pulka
    mark_term("account", "gora"),  # гора: the mountain, penalty points
    mark_term("account", "whists"),  # висты: written on another player
    mark_term("unit", "whists"),  # the settlement is in whists
    mark_term("call", "pass"),  # пас
    mark_term("call", "whist"),  # вист
    mark_term("call", "half"),  # полвиста: half a whist
    mark_term("call", "open"),  # открыто: whisting with the cards open
    mark_term("call", "closed"),  # закрыто
    mark_term("call", "return"),  # вернуть вист
    mark_term("call", "play"),
    mark_term("call", "invite"),
    mark_term("call", "agree"),
    mark_term("call", "refuse"),
    mark_term("call", "concede"),
    mark_term("contract", "misere"),  # мизер: take no trick
    mark_term("contract", "raspasovka"),  # распасовка: everyone passed, each plays for himself
)
"""Every word of the family that is shown translated: the accounts, the calls and the contracts with names."""

DESCRIPTIONS = (
    mark_term("description", "sochi"), mark_term("description", "leningrad"), mark_term("description", "rostov"),
    mark_term("description", "classic"), mark_term("description", "russian"),
)
"""The family's variants by name, whose one-line description ``preferans variants --lang`` shows from the
catalogue (the presets' ``description`` is the English)."""

NAMES = (
    mark_term("variant", "sochi"), mark_term("variant", "leningrad"), mark_term("variant", "rostov"),
    mark_term("variant", "classic"), mark_term("variant", "russian"),
)
"""The family's variants by name, whose name as a person reads it (the first line of ``preferans play``, the
lobby of the browser page) the catalogue translates (the presets' ``title`` is the English)."""

NOTES = (
    mark_term("note", "game made"),
    mark_term("note", "game, not played"),  # the whisters passed: the game is written without play
    mark_term("note", "half-whist"),
    mark_term("note", "set by {tricks}"),  # the declarer's undertricks
    mark_term("note", "consolation"),  # the whisters' consolation for the declarer's undertricks
    mark_term("note", "whists"),
    mark_term("note", "whists (shared)"),
    mark_term("note", "whister short by {tricks}"),
    mark_term("note", "misère made"),
    mark_term("note", "misère, {tricks} trick(s)"),
    mark_term("note", "raspasovka {tricks} trick(s), amnesty {amnesty}"),
    mark_term("note", "raspasovka, no trick"),
    mark_term("note", "raspasovka, {tricks} trick(s) of the other"),
    mark_term("note", "raspasovka, the dealer sat out"),
    mark_term("note", "overflow"),  # points past the pool's end, handed on
    mark_term("note", "aid from seat {seat}"),
    mark_term("note", "aid"),
    mark_term("note", "overflow, half written off the mountain"),
    mark_term("note", "overflow written off the mountain"),
    mark_term("note", "{note} (half)"),  # the half-and-half misère with the dealer
    mark_term("note", "{note} (half, partner)"),
    mark_term("note", "без трёх: set by 3 without play"),
    mark_term("note", "consolation (без трёх)"),
    mark_term("note", "whists (без трёх)"),
    mark_term("note", "whists (без трёх, shared)"),
    mark_term("note", "paid talon"),
    mark_term("note", "{note} x{factor}"),  # classic's doubled deals after a raspasovka
)
"""The notes of a deal's entries as the family's scoring writes them (``core/server/labels.py`` matches a
note to its entry, or to a template whose ``{placeholders}`` stand for the numbers in it, and the page shows
it translated; the records keep the English)."""
