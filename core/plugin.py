"""The one import point for plugin authors: everything a variant or a house rule needs.

A plugin module imports from here and nowhere else in ``preferans.core`` (an import-linter contract
checks this for the built-in variants)::

    from preferans.core.plugin import AuctionView, Redeal, hookimpl

    @hookimpl
    def pref_all_pass(view: AuctionView, rules):
        return Redeal()          # all pass: throw the cards in and deal again

What is here, by kind:

* the markers: :data:`hookimpl` (with ``wrapper=True`` to refine the answer of the plugins below) and
  :data:`hookspec`, the marker of the core's specifications (a family cannot declare hooks of its own yet:
  every hook is in ``core/rules/hookspecs.py``);
* the frozen views hooks receive (``AuctionView``, ``DeclarationView``, ``DefenceView``, ``PlayView``,
  ``MatchView``, ``LedgerView``) and the values they return (``Next``, ``Won``, ``AllPassed``,
  ``PlayAllPass``, ``Redeal``, ``TakeTalon``, ``PickUp``, ``Discard``, ``Declared``, ``Defended``,
  ``PlayRules``, ``Entry``, ``DealResult``, ``Settlement``);
* contract rows (``ContractSpec``, ``ContractRegistry``, ``ContractTable``);
* a family's conformance kit (docs/conformance.md): the interface of its independent reference of the rules
  (``Reference``, answering with ``Legal`` and ``Seen``, asked about a ``Moment``), the areas a deviation may
  name (``AREAS``) and hand-worked ``GoldenDeal`` values;
* cards as ints and masks (``parse_card``, ``CARD_NAMES``, ``SUITS`` ...);
* the errors a plugin raises (``ConfigError``, ``RecordError``, ``NoRuleError``), ``nearest`` for
  "did you mean" hints, and for a reader of files ``read_text``, ``loads_json`` (every failure one line),
  ``excerpt`` and ``shown_path`` (what an error line may quote of its input) and ``check_names``;
* for a family that reads and writes a game record of its own and adds commands for it (the Balkan family's
  PPN: ``pref_cli_commands``, ``pref_read_game``, ``pref_read_deal``): ``Game``, ``Deal`` and ``Phase`` of the
  engine, ``Variant`` and ``load_variant``, ``RecordedDeal``, the save file of ``play --save``
  (``SAVE_FORMAT``, ``SAVE_VERSION``, ``DEFAULT_NAMES``, ``Session``, ``load_session`` with the bots checked,
  ``write_atomic``, and ``check_output`` for an output file given on the command line), ``check_bot(name,
  where)`` for a bot name a record gives and ``named_plugins`` for the plugin names a record gives (it
  refuses a file path: local plugins come only from ``--plugin``);
* the paper side: the frozen :class:`SheetView` a family draws its sheet from and the values it returns
  (``SheetText``, ``SettlementCheck``, ``RequiredKey``), with ``account_table``, ``running_records`` and
  ``amount_text``; the frozen ``ScorecardReader`` a family reads its scorecard deals with, the deal fields
  every reading shares (``DealFields``; ``DealRecord`` is the core's reading) and ``canonical_contract``.
"""

from __future__ import annotations

from preferans.core.ai.registry import check_bot
from preferans.core.engine.game import Deal, Game, Phase
from preferans.core.formats.atomic import check_output, write_atomic
from preferans.core.formats.saves import DEFAULT_NAMES, SAVE_FORMAT, SAVE_VERSION, Session
from preferans.core.formats.scorecard import DealFields, DealRecord, ScorecardReader, canonical_contract
from preferans.core.model import picture
from preferans.core.model.cards import (
    CARD_INDEX,
    CARD_NAMES,
    FULL_PACK,
    NO_TRUMP,
    RANKS,
    SUIT_MASK,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    bit,
    card_name,
    cards_of,
    format_cards,
    names_of,
    parse_card,
    parse_cards,
    pretty,
    rank_of,
    suit_of,
)
from preferans.core.model.contracts import ContractRegistry, ContractSpec, ContractTable, trump_name
from preferans.core.model.errors import (
    BadInput,
    ConfigError,
    IllegalActionError,
    NoRuleError,
    PreferansError,
    RecordError,
    bad_input,
    check_names,
    excerpt,
    framed,
    in_family,
    nearest,
    phrase,
    shown_path,
)
from preferans.core.model.i18n import LANGUAGES, Translator, from_environment, language, mark_term, translator
from preferans.core.model.kit import AREAS, GoldenDeal, Legal, Moment, Reference, Seen
from preferans.core.model.paper import (
    RequiredKey,
    SettlementCheck,
    SheetText,
    SheetView,
    account_table,
    amount_text,
    running_records,
)
from preferans.core.model.parsing import loads_json, read_text, strict_json
from preferans.core.model.records import RecordedDeal
from preferans.core.model.table import hand_slots, next_speaker, ownerless_hands
from preferans.core.model.views import (
    AllPassed,
    AllPassOutcome,
    Amount,
    AuctionStep,
    AuctionView,
    DealOutcome,
    DealResult,
    DeclarationStep,
    DeclarationView,
    Declared,
    DefenceStep,
    DefenceView,
    Defended,
    Discard,
    Entry,
    LedgerView,
    MatchView,
    Next,
    PickUp,
    PlayAllPass,
    PlayRules,
    PlayView,
    Redeal,
    Seat,
    Settlement,
    TakeTalon,
    Won,
    int_if_whole,
)
from preferans.core.rules.config import Variant, load_variant, named_plugins
from preferans.core.rules.hookspecs import HOOK_API, hookimpl, hookspec
from preferans.core.tools.table import load_session

__all__ = [
    "CARD_INDEX", "CARD_NAMES", "FULL_PACK", "HOOK_API", "NO_TRUMP", "RANKS", "SUITS", "SUIT_MASK", "SUIT_SYMBOLS",
    "AllPassOutcome", "AllPassed", "Amount", "AuctionStep", "AuctionView", "BadInput", "CardError", "ConfigError",
    "ContractRegistry", "ContractSpec", "ContractTable", "DealResult", "DeclarationStep", "DeclarationView",
    "Declared", "DefenceStep", "DefenceView", "Defended", "Discard", "Entry", "IllegalActionError", "LedgerView",
    "MatchView", "Next", "NoRuleError", "PickUp", "PlayAllPass", "PlayRules", "PlayView", "PreferansError",
    "RecordError", "Redeal", "Seat", "Settlement", "TakeTalon", "Won", "bit", "card_name", "cards_of",
    "format_cards", "hookimpl", "hookspec", "names_of", "nearest", "parse_card", "parse_cards",
    "pretty", "rank_of", "suit_of", "trump_name",
    "DealOutcome", "hand_slots", "int_if_whole", "next_speaker", "ownerless_hands",
    # a family's own records and commands (Balkan: PPN): the engine, variants, save files, the bot names
    "DEFAULT_NAMES", "SAVE_FORMAT", "SAVE_VERSION", "Deal", "Game", "Phase", "RecordedDeal", "Session", "Variant",
    "check_bot", "check_output", "load_session", "load_variant", "named_plugins", "write_atomic",
]
__all__ += [  # the paper side: a family's sheet (pref_render_sheet, pref_settlement_check) and scorecard
    "DealFields", "DealRecord", "RequiredKey", "ScorecardReader", "SettlementCheck", "SheetText", "SheetView",
    "account_table", "amount_text", "canonical_contract", "picture", "running_records",
    "Translator",  # the language a view is shown in (view.tr; docs/i18n.md)
    "mark_term",  # a family word under its context, for the catalogues (terms.py; docs/i18n.md)
    # a family's own command in the language (--lang, else the environment): LANGUAGES, language(text) checks
    # a --lang, from_environment() reads LC_ALL/LC_MESSAGES/LANG, translator(lang, variant.locale_dirs)
    "LANGUAGES", "from_environment", "language", "translator",
]
__all__ += [  # reading hostile input (issue 17): one line for any file, short quotations, names checked once
    "check_names", "excerpt", "loads_json", "read_text", "shown_path", "strict_json",
]
__all__ += [  # a family reader's error in the user's language (docs/i18n.md, "Errors")
    "bad_input", "in_family",
]
__all__ += [  # the parts of a family reader's error line said in the user's language (a place, a field)
    "framed", "phrase",
]
__all__ += [  # a family's conformance kit: its independent reference of the rules (docs/conformance.md)
    "AREAS", "GoldenDeal", "Legal", "Moment", "Reference", "Seen",
]
