"""The page's own words (``static/index.html`` and the scripts ``static/*.js``): every label, heading and status line
the page shows, under the message context ``page``. The catalogues are
``core/locale/<lang>/LC_MESSAGES/preferans-page.po``; the server serves them to the page as JSON
(``GET /i18n/<lang>.json``, docs/i18n.md). The page writes each message with ``t("...")`` (``data-i18n`` in the
HTML) exactly as it is written here, and fills its ``{placeholders}`` itself; ``tests/i18n/test_i18n.py`` checks
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
    mark_term("page", "Bots wait (seconds)"),
    mark_term("page", "A bot takes a dropped seat after (seconds; empty: wait)"),
    mark_term("page", "Create table"),
    mark_term("page", "a person"),
    mark_term("page", "bot: {name}"),
    mark_term("page", "Seat {n}"),
    mark_term("page", "seat {n} name"),  # the name field and the player menu, as a screen reader reads them
    mark_term("page", "seat {n} player"),
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
    mark_term("page", "card table"),  # the felt, as a screen reader names it
    mark_term("page", "the deal and the match"),  # the side panel: sheet, auction, last deal, chat
    mark_term("page", "dealer"),
    mark_term("page", "sits out"),  # the dealer of a four-player table
    mark_term("page", "defender"),  # a seat that defends against the declarer (the Russian whister)
    mark_term("page", "{name} takes the trick"),  # the finished trick, kept on the table a moment
    mark_term("page", "Last trick"),
    mark_term("page", "trick pause (seconds)"),  # how long a finished trick stays on the table
    mark_term("page", "bidding box"),
    mark_term("page", "choose two cards to discard"),
    mark_term("page", "choose {n} cards to discard"),
    mark_term("page", "Discard these two"),
    mark_term("page", "Discard these cards"),
    mark_term("page", "discarding..."),
    mark_term("page", "{name} played {contract} and made it: {n} tricks"),  # the deal's result, said when it ends
    mark_term("page", "{name} played {contract} and was set by {set}: {n} tricks"),
    mark_term("page", "{name} played {contract}: {n} tricks"),
    mark_term("page", "{name}'s {contract} stands without play"),
    mark_term("page", "all passed: {contract}"),
    mark_term("page", "all passed: the cards are thrown in"),
    mark_term("page", "Tricks: {list}"),  # names and numbers: Anna 3, Boris 4
    mark_term("page", "Claim"),  # a claim of the tricks left, docs/protocol.md
    mark_term("page", "tricks to claim"),
    mark_term("page", "all the rest"),
    mark_term("page", "claim"),
    mark_term("page", "{name} claims all {left} tricks left"),
    mark_term("page", "{name} claims {n} of the {left} tricks left"),
    mark_term("page", "waiting"),  # a seat's answer to a claim
    mark_term("page", "accepted"),
    mark_term("page", "refused"),
    mark_term("page", "Accept"),
    mark_term("page", "Refuse"),
    mark_term("page", "the claim was accepted"),
    mark_term("page", "the claim was refused: play on"),
    mark_term("page", "the claim was withdrawn"),
    mark_term("page", "no play of the cards gives that claim: play on"),
    mark_term("page", "Close"),
    mark_term("page", "Enlarge"),  # the score sheet, over the page
    mark_term("page", "Chat"),
    mark_term("page", "chat lines"),
    mark_term("page", "Message"),  # the chat's input
    mark_term("page", "Send"),
    # the lobby: the list of tables, the rules form, the replay
    mark_term("page", "Open tables"),
    mark_term("page", "No open tables yet: make one below."),
    mark_term("page", "the list of tables is not available now ({error})"),
    mark_term("page", "table {id}"),
    mark_term("page", "free seat"),  # a seat of the list nobody holds yet
    mark_term("page", "{name} (bot)"),
    mark_term("page", "players"),  # the list of a table's seats, as a screen reader reads it
    mark_term("page", "free seats: {n}"),
    mark_term("page", "no free seat"),
    mark_term("page", "watchers: {n}"),
    mark_term("page", "deal {n}"),
    mark_term("page", "finished"),
    mark_term("page", "Your seat"),  # back to the seat this browser holds at a table of the list
    mark_term("page", "Sit"),
    mark_term("page", "Sit at table {id}"),
    mark_term("page", "Watch table {id}"),
    mark_term("page", "Replay"),
    mark_term("page", "Replay of table {id}"),
    mark_term("page", "Finished tables ({n})"),  # their replays
    mark_term("page", "loading…"),  # the variant menu until the server answers
    mark_term("page", "You sit at seat 1 when it is a person; the others come by the invite link."),
    mark_term("page", "Rules"),
    mark_term("page", "Rules ({n} changed)"),
    mark_term("page", "What every rule means"),
    mark_term("page", "Reset the rules"),
    mark_term("page", "preset: {value}"),  # a rule's value in the variant as it is played
    mark_term("page", "yes"),
    mark_term("page", "no"),
    mark_term("page", "none"),
    # the seating's invite link
    mark_term("page", "Copy"),
    mark_term("page", "copied"),
    mark_term("page", "selected: copy it with Ctrl+C"),
    mark_term("page", "Replay of the deals"),
    # a variant's rules page
    mark_term("page", "Rules of {variant}"),
    mark_term("page", "players: {n}"),
    mark_term("page", "Make a table of this variant"),
    mark_term("page", "one of: {values}"),
    mark_term("page", "at least {n}"),
    mark_term("page", "at most {n}"),
    # the replay
    mark_term("page", "Replay of table {id} ({variant})"),
    mark_term("page", "Back to the table"),
    mark_term("page", "Back to the lobby"),
    mark_term("page", "You see every hand: the match is over."),
    mark_term("page", "You see what {name} saw."),
    mark_term("page", "You see what a spectator saw: the cards that lay face up."),
    mark_term("page", "This deal is being played: it is shown up to now."),
    mark_term("page", "Previous deal"),
    mark_term("page", "Next deal"),
    mark_term("page", "Deal {n} of {total}"),
    mark_term("page", "Previous trick"),
    mark_term("page", "Previous step"),
    mark_term("page", "Next step"),
    mark_term("page", "Next trick"),
    mark_term("page", "Step"),  # the slider
    mark_term("page", "Step {n} of {total}"),
    mark_term("page", "The deal as dealt."),
    mark_term("page", "{name} plays:"),  # a card follows
    mark_term("page", "{name} calls:"),  # a call follows (pass, 6♠, whist, ...)
    mark_term("page", "Dealer"),
    mark_term("page", "Declarer"),
    mark_term("page", "Defender"),
    mark_term("page", "tricks won: {n}"),
    mark_term("page", "to act"),
    mark_term("page", "{n} cards, face down"),
    mark_term("page", "Hand {n}"),
    mark_term("page", "The table"),  # the middle of the table, as a screen reader reads it
    mark_term("page", "Trick"),
    mark_term("page", "Last trick, taken by {name}"),
    mark_term("page", "Talon"),
    mark_term("page", "Talon: {n} cards face down"),
    mark_term("page", "Discard"),
    mark_term("page", "Bidding"),
    mark_term("page", "Declared"),
    mark_term("page", "Defence calls"),  # the replay's heading of the defenders' calls
    mark_term("page", "Contract"),
    mark_term("page", "{contract} by {name}"),
    mark_term("page", "Result of deal {n}"),
    mark_term("page", "Everyone passed."),
    mark_term("page", "Player"),  # the columns of the deal's entries
    mark_term("page", "Account"),
    mark_term("page", "Amount"),
    mark_term("page", "Note"),
    mark_term("page", "Keys: ← and → step, Shift+← and Shift+→ a trick, Page Up and Page Down a deal."),
)
"""Every message of the page, in the order the page shows them."""

LANGUAGE_NAMES = {
    "en": "English", "ru": "Русский", "uk": "Українська", "sr": "Srpski (latinica)", "sr-Cyrl": "Српски (ћирилица)",
    "hr": "Hrvatski", "sl": "Slovenščina", "de": "Deutsch",
}
"""Each language of :data:`~preferans.core.model.i18n.LANGUAGES` by its own name, for the page's menu."""
