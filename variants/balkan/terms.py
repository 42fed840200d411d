"""The Balkan family's own words, looked up by context when its sheet and its deals are shown in a language
(``locale/<lang>/LC_MESSAGES/preferans-balkan.po``; docs/i18n.md, docs/glossary/balkan.md).

The names here are the stable English keys the records keep (an account, a call, a contract); only what is
shown changes.
"""

from __future__ import annotations

from preferans.core.plugin.sheet import mark_term

TERMS = (
    mark_term("account", "bula"),  # bula: the score each player works down to zero
    mark_term("account", "juha"),  # juha (supa): written on an opponent for his tricks
    mark_term("account", "refe"),  # refe: a deal all passed, owed a double-value game
    mark_term("account", "refe_drawn"),  # every refe mark drawn
    mark_term("account", "hat"),  # šešir: the hat over a bula gone below zero
    mark_term("unit", "juha"),
    mark_term("call", "pass"),  # dalje
    mark_term("call", "follow"),  # dođem: I come along (defend)
    mark_term("call", "igra"),  # igra: a game without the talon
    mark_term("call", "mine"),  # moje: the earlier seat holds the later seat's bid at the same number
    mark_term("call", "invite"),  # zovem: call the other defender in
    mark_term("call", "kontra"),
    mark_term("call", "no-kontra"),
    mark_term("call", "rekontra"),
    mark_term("call", "subkontra"),
    mark_term("call", "mortkontra"),
    mark_term("contract", "spades"),  # pik
    mark_term("contract", "diamonds"),  # karo
    mark_term("contract", "hearts"),  # herc
    mark_term("contract", "clubs"),  # tref
    mark_term("contract", "betl"),  # betl: take no trick
    mark_term("contract", "sans"),  # sans: no trumps
    mark_term("contract", "igra-spades"),
    mark_term("contract", "igra-diamonds"),
    mark_term("contract", "igra-hearts"),
    mark_term("contract", "igra-clubs"),
    mark_term("contract", "igra-betl"),
    mark_term("contract", "igra-sans"),
)
"""Every word of the family that is shown translated: the accounts, the calls and the contracts."""

DESCRIPTIONS = (
    mark_term("description", "balkan"), mark_term("description", "serbian"), mark_term("description", "slovenian"),
)
"""The family's variants by name, whose one-line description ``preferans variants --lang`` shows from the
catalogue (the presets' ``description`` is the English)."""

NOTES = (
    mark_term("note", "start"),
    mark_term("note", "hat"),
    mark_term("note", "inverted hat"),
    mark_term("note", "refe (all passed)"),
    mark_term("note", "refe (the two without kontra)"),
    mark_term("note", "the two without kontra: won without play"),
    mark_term("note", "won without play"),
    mark_term("note", "refe played"),
    mark_term("note", "made"),
    mark_term("note", "failed"),
    mark_term("note", "made under {call}"),  # under kontra, rekontra, ...
    mark_term("note", "failed under {call}"),
    mark_term("note", "kontra-giver failed"),
    mark_term("note", "betl failed"),
    mark_term("note", "supe"),
    mark_term("note", "supe (inviter)"),
    mark_term("note", "defender failed"),
    mark_term("note", "inviter failed"),
    mark_term("note", "lone follower failed"),
    mark_term("note", "{note}, cut to end the game"),
    mark_term("note", "{note} (cut)"),
)
"""The notes of a deal's entries as the family's scoring writes them (``core/server/labels.py`` matches a
note to its entry, or to a template whose ``{placeholders}`` stand for the words in it, and the page shows
it translated; the records keep the English)."""

NAMES = (mark_term("variant", "balkan"), mark_term("variant", "serbian"), mark_term("variant", "slovenian"))
"""The family's variants by name, whose name as a person reads it (the first line of ``preferans play``, the
lobby of the browser page) the catalogue translates (the presets' ``title`` is the English)."""
