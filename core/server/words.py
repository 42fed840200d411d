"""The page's own words (``static/index.html`` and the scripts ``static/*.js``): every label, heading and status line
the page shows, under the message context ``page``. The catalogues are
``core/locale/<lang>/LC_MESSAGES/preferans-page.po``; the server serves them to the page as JSON
(``GET /i18n/<lang>.json``, docs/i18n.md). The page writes each message with ``t("...")`` (``data-i18n`` in the
HTML) exactly as it is written here, and fills its ``{placeholders}`` itself; ``tests/test_i18n.py`` checks
that this list and the page's own calls agree.
"""

from __future__ import annotations

from preferans.core.model.i18n import mark_term

PAGE = (
    # the header and the lobby
    mark_term("page", "Language"),
    mark_term("page", "four colours"),
    mark_term("page", "New table"),
    mark_term("page", "Variant"),
    mark_term("page", "Table language"),
    mark_term("page", "Rules overrides (JSON)"),
    mark_term("page", "Bots wait (seconds)"),
    mark_term("page", "A bot takes a dropped seat after (seconds; empty: wait)"),
    mark_term("page", "Create table"),
    mark_term("page", "a person"),
    mark_term("page", "bot: {name}"),
    mark_term("page", "Seat {n}"),
    mark_term("page", "seat {n} name"),  # the name field and the player menu, as a screen reader reads them
    mark_term("page", "seat {n} player"),
    mark_term("page", "rules: not JSON ({error})"),
    # the seating
    mark_term("page", "Join table"),
    mark_term("page", "Invite link:"),
    mark_term("page", "Your name"),
    mark_term("page", "Watch"),
    mark_term("page", "Sit at seat {n} ({name})"),
    mark_term("page", "dealt from a chosen seed: its creator can know every hand"),  # the seating and the table
    mark_term("page", "Seat {n}: {who}"),
    mark_term("page", "bot {name}"),
    # the table
    mark_term("page", "connection lost; reconnecting..."),
    mark_term("page", "{variant} · table {id}"),
    mark_term("page", "talon"),
    mark_term("page", "hand {n}"),
    mark_term("page", "the match is over"),
    mark_term("page", "your turn"),
    mark_term("page", "{name} to act"),
    mark_term("page", "Deal {deal} · dealer {dealer} · {phase}"),
    mark_term("page", "auction"),  # the phases, as the status line names them
    mark_term("page", "discard"),
    mark_term("page", "declare"),
    mark_term("page", "defence"),
    mark_term("page", "play"),
    mark_term("page", "over"),
    mark_term("page", "(you)"),
    mark_term("page", "cards: {n}"),
    mark_term("page", "tricks: {n}"),
    mark_term("page", "declarer"),
    mark_term("page", "declarer: {contract}"),
    mark_term("page", "away"),
    mark_term("page", "trick on the table"),
    mark_term("page", "talon: {n} face down"),
    mark_term("page", "last trick → {name}:"),
    mark_term("page", "your hand"),
    mark_term("page", "{name}'s hand"),
    mark_term("page", "your discard"),
    mark_term("page", "{rank} of spades"),  # a card, as a screen reader says it (the rank as the language writes it)
    mark_term("page", "{rank} of clubs"),
    mark_term("page", "{rank} of diamonds"),
    mark_term("page", "{rank} of hearts"),
    mark_term("page", "Auction and contract"),
    mark_term("page", "Auction"),
    mark_term("page", "Declaration"),
    mark_term("page", "Defence"),
    mark_term("page", "Contract: {contract}"),
    mark_term("page", "{name} won the auction with {bid}"),
    mark_term("page", "Last deal"),
    mark_term("page", "no deal scored yet"),
    mark_term("page", "Deal {n}: {contract}"),
    mark_term("page", "Deal {n}: {contract} by {name}"),
    mark_term("page", "all passed"),
    mark_term("page", "Score sheet"),
    mark_term("page", "score sheet"),  # the picture's alternative text
    mark_term("page", "Hint"),  # the hint of the seat to act: the hard bot's best moves
    mark_term("page", "working out a hint..."),
    mark_term("page", "Hint: the tricks your side is expected to end the deal with (more is better)"),
    mark_term("page", "Hint: the tricks your side is expected to end the deal with (fewer is better)"),
    mark_term("page", "Hint: the hard bot's choice"),
    mark_term("page", "Hint: the expected change of your settlement in the deal, in {unit} (more is better)"),
    mark_term("page", "{key} asks for a hint."),
    mark_term("page", "Keys: 1-9 and 0 choose the 1st-10th action or playable card; {key} passes."),
    mark_term("page", "Invite others:"),
    # the table: seats around it, the trick kept, the bidding box, claims, chat
    # the lobby: the list of tables, the rules form, the replay
)
"""Every message of the page, in the order the page shows them."""

LANGUAGE_NAMES = {
    "en": "English", "ru": "Русский", "uk": "Українська", "sr": "Srpski (latinica)", "sr-Cyrl": "Српски (ћирилица)",
    "hr": "Hrvatski", "sl": "Slovenščina", "de": "Deutsch",
}
"""Each language of :data:`~preferans.core.model.i18n.LANGUAGES` by its own name, for the page's menu."""
