"""The Austrian family's own words, looked up by context when its sheet and its deals are shown in a language
(``locale/<lang>/LC_MESSAGES/preferans-austrian.po``; docs/i18n.md, docs/glossary/austrian.md).

The names here are the stable English keys the records keep (an account, a call, a contract); only what is
shown changes.
"""

from __future__ import annotations

from preferans.core.plugin.sheet import mark_term

TERMS = (
    mark_term("account", "money"),  # Geld: each player's money
    mark_term("account", "pot"),  # Pott (Kassa): what the pot holds
    mark_term("unit", "stakes"),  # the settlement is in stakes
    mark_term("call", "pass"),  # passe / weiter
    mark_term("call", "play"),  # mitgehen: defend
    mark_term("call", "quiet"),  # zu Hause bleiben: stay out
    mark_term("call", "invite"),  # rufen: call the passer in
    mark_term("call", "mein"),  # mein: I hold it too (the earlier speaker keeps the bid)
    mark_term("call", "kontra"),
    mark_term("call", "rekontra"),
    mark_term("call", "four-aces"),
    mark_term("call", "no-aces"),
    mark_term("call", "take"),
    mark_term("call", "lie"),
    mark_term("contract", "spades"),  # Pik
    mark_term("contract", "diamonds"),  # Karo
    mark_term("contract", "hearts"),  # Herz
    mark_term("contract", "clubs"),  # Treff
    mark_term("contract", "spades-hand"),  # Pik aus der Hand
    mark_term("contract", "diamonds-hand"),
    mark_term("contract", "hearts-hand"),  # Préférence
    mark_term("contract", "clubs-hand"),
    mark_term("contract", "bettel"),  # Bettel: take no trick
    mark_term("contract", "durchmarsch"),  # Durchmarsch: take all ten
    mark_term("contract", "plauderer"),  # Plauderer: Bettel ouvert
    mark_term("contract", "offener-durchmarsch"),
    mark_term("contract", "bettel-hand"),
    mark_term("contract", "durchmarsch-hand"),
    mark_term("contract", "plauderer-hand"),
    mark_term("contract", "offener-durchmarsch-hand"),
)
"""Every word of the family that is shown translated: the accounts, the calls and the contracts."""

DESCRIPTIONS = (
    mark_term("description", "austrian"), mark_term("description", "austrian-limited"),
    mark_term("description", "austrian-unlimited"), mark_term("description", "styrian"),
    mark_term("description", "illustrated"), mark_term("description", "nachgehen"),
)
"""The family's variants by name, whose one-line description ``preferans variants --lang`` shows from the
catalogue (the presets' ``description`` is the English)."""

NAMES = (
    mark_term("variant", "austrian"), mark_term("variant", "austrian-limited"),
    mark_term("variant", "austrian-unlimited"), mark_term("variant", "styrian"),
    mark_term("variant", "illustrated"), mark_term("variant", "nachgehen"),
)
"""The family's variants by name, whose name as a person reads it (the first line of ``preferans play``, the
lobby of the browser page) the catalogue translates (the presets' ``title`` is the English)."""

NOTES = (
    mark_term("note", "initial pot"),
    mark_term("note", "pot refilled"),
    mark_term("note", "ante"),
    mark_term("note", "declarer takes from the pot"),
    mark_term("note", "per trick"),
    mark_term("note", "per trick (inviter)"),
    mark_term("note", "declarer failed"),
    mark_term("note", "inviter short"),
    mark_term("note", "defender short"),
    mark_term("note", "premium: {what}"),
    mark_term("note", "premium: {what} (failed)"),
    mark_term("note", "hand game"),  # the premiums' names, said inside the two notes above
    mark_term("note", "four aces"),
    mark_term("note", "no aces"),
    mark_term("note", "{label} made"),  # illustrated's Bettel and Durchmarsch
    mark_term("note", "{label} failed"),
    mark_term("note", "Bettel"),  # the labels of illustrated's contracts, said inside the two notes above
    mark_term("note", "Durchmarsch"),
    mark_term("note", "Plauderer"),
    mark_term("note", "Offener Durchmarsch"),
    mark_term("note", "{label} without the talon"),
)
"""The notes of a deal's entries as the family's scoring writes them (``core/server/labels.py`` matches a
note to its entry, or to a template whose ``{placeholders}`` stand for the words in it, and the page shows
it translated; the records keep the English)."""
