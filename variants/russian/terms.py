"""The Russian family's own words, looked up by context when its sheet and its deals are shown in a language
(``locale/<lang>/LC_MESSAGES/preferans-russian.po``; docs/i18n.md, docs/glossary/russian.md).

The names here are the stable English keys the records keep (an account, a call, a contract); only what is
shown changes. A contract written as a level and a suit (``6H``) needs no entry: the core writes its level
and the suit as the language does (``6♥``).
"""

from __future__ import annotations

from preferans.core.plugin import mark_term

TERMS = (
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
