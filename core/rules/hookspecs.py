"""The hook specifications: every point where a variant decides something.

These docstrings are the reference documentation of the hooks (``docs/hooks.md`` expands each with an
example; a test checks that every hook has a section there).

Conventions, as in pytest:

* ``firstresult`` hooks stop at the first implementation that returns something other than ``None``.
  Plugins are called last-registered-first, so a child variant overrides its parent and the core
  defaults (registered first, ``trylast``) answer only when nobody else does. Return ``None`` to defer.
* Collecting hooks call every implementation and gather the results.
* Every hook, the registration hooks included, is called through pluggy (or the Rulebook's compiled copy of
  its call): an implementation may take fewer arguments than the spec, ``tryfirst``/``trylast`` order it,
  ``PREFERANS_TRACE_HOOKS=1`` traces it, and a wrapper (``@hookimpl(wrapper=True)``: ``result = yield``,
  then return the refined result) refines the answer of the plugins below it, the parent's or the core's.
* Hooks receive frozen views and return values; they never change the game. ``rules`` is the frozen,
  validated rules model of the game, built from every plugin's sections; a family's hooks type it with the
  family's rules class (``rules: RussianRules``), which it has every field of (the one cast of the plugin
  API: :mod:`preferans.core.rules.sections`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from pydantic import BaseModel

    from preferans.core.model.contracts import ContractRegistry
    from preferans.core.model.records import RecordedDeal
    from preferans.core.model.views import (
        AllPassOutcome,
        AuctionStep,
        AuctionView,
        DealResult,
        DeclarationStep,
        DeclarationView,
        DefenceStep,
        DefenceView,
        Entry,
        MatchView,
        PlayRules,
        PlayView,
        Settlement,
    )

PROJECT = "preferans"
HOOK_API = 2
"""Bumped when a hook changes incompatibly. 2: ``pref_register_contracts`` is called in pluggy's order (a
plugin that changes rows of the plugins below is a wrapper), and the built-in families refine the answer
below with wrappers, which refine a child's plain answer too."""

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def pref_rules_sections() -> dict[str, Any]:
    """Declare the keys this plugin owns in the ``[rules]`` table.

    Collecting, called through pluggy once per plugin stack. Return ``{name: annotation}`` (or ``{name:
    (annotation, default)}``); annotations are usually pydantic models with ``extra="forbid"``. The answers
    come in pluggy's call order (the last registered first) and are merged in the reverse order into one
    frozen ``Rules`` model: a later plugin's section replaces an earlier one of the same name, a
    ``tryfirst`` implementation's wins over all, and a wrapper may change or drop sections in the list it
    gets. An unknown key anywhere in a preset or user config is an error. The values themselves come from
    the preset TOML files, not from code. Core default: ``players`` and ``max_deals``.
    """


@hookspec
def pref_register_contracts(contracts: ContractRegistry, rules: BaseModel) -> None:
    """Add, replace or remove :class:`~preferans.core.model.contracts.ContractSpec` rows.

    Collecting, called through pluggy once per game (and once for ``Variant.contracts``), in pluggy's order
    like every hook. A plain implementation adds its own rows: adds of different names do not depend on
    their order. A plugin that reads, replaces or removes rows registered by the plugins below (its parent's)
    is a wrapper and does so after its ``yield``, which pluggy runs once they have all registered, a
    parent's wrapper before its child's. Extra contracts (Bettel, Durchmarsch ...) are rows added here. The
    return value is ignored. Core default: none.
    """


@hookspec
def pref_before_deal(match: MatchView, dealer: int, rules: BaseModel) -> list[Entry]:
    """Sheet entries written before the cards are dealt (a pot variant's ante).

    Collecting: every plugin's entries are written. Core default: none.
    """


@hookspec(firstresult=True)
def pref_auction_legal(view: AuctionView, seat: int, rules: BaseModel) -> list[str] | None:
    """The calls ``seat`` may make now: ``"pass"`` and contract names.

    Core default: pass, or any biddable contract ranked above the highest bid so far; a
    ``first_bid_only`` contract (binding misère) only as the seat's first call (what outbids it follows
    from the ranks: Russian misère ranks between 8NT and 9S); a seat that bid a binding contract may only
    pass.
    """


@hookspec(firstresult=True)
def pref_auction_step(view: AuctionView, rules: BaseModel) -> AuctionStep | None:
    """Who speaks next, or how the auction ended: ``Next(seat)``, ``Won(seat, bid)`` or ``AllPassed()``.

    Core default: clockwise from first hand, skipping seats that passed (a pass is final); won when one
    bidder is left who has bid, all passed when nobody bid.
    """


@hookspec(firstresult=True)
def pref_all_pass(view: AuctionView, rules: BaseModel) -> AllPassOutcome | None:
    """What an all-pass auction leads to: ``PlayAllPass(contract)`` (play it under that contract row, e.g.
    the Russian raspasovka) or ``Redeal()`` (the cards are thrown in).

    Core default: ``Redeal()``; the deal is then posted with ``outcome == "thrown_in"`` (nothing played),
    and every family's scoring decides what a thrown-in deal writes (the Russian family: nothing).
    """


@hookspec(firstresult=True)
def pref_declaration_step(view: DeclarationView, rules: BaseModel) -> DeclarationStep | None:
    """What happens next between the auction and the defence: ``TakeTalon(seat)``, ``Discard(seat,
    count)``, ``PickUp(seat)`` (take the last discards), ``Next(seat)`` (the seat chooses one of
    ``pref_declaration_legal``) or ``Declared(seat, contract)``.

    Called after the auction is won and again after every discard and declaration action. Core default: a
    bid played with the talon takes it and discards two, then the declarer names the contract; a bid
    without the talon goes straight to naming.
    """


@hookspec(firstresult=True)
def pref_declaration_legal(view: DeclarationView, rules: BaseModel) -> list[str] | None:
    """The declaration actions ``view.to_act`` may choose when ``pref_declaration_step`` asked him:
    usually contract names, or a variant's own words (Nachgehen's ``"lie"``, a premium announcement).

    Core default: the bid itself if it is a binding (``first_bid_only``) contract, else every biddable,
    non-binding contract ranked at or above the bid.
    """


@hookspec(firstresult=True)
def pref_defence_legal(view: DefenceView, seat: int, rules: BaseModel) -> list[str] | None:
    """The defence calls ``seat`` may make now: the families' own words (the Russian ``"whist"`` and
    ``"half"``, the Balkan ``"follow"`` and ``"kontra"``, the Austrian ``"play"``).

    Core default: ``["pass", "defend"]``.
    """


@hookspec(firstresult=True)
def pref_defence_step(view: DefenceView, rules: BaseModel) -> DefenceStep | None:
    """Who decides next, or the outcome: ``Next(seat)`` or ``Defended(defending, played, ...)``.

    Core default: each defender speaks once in order (a hand no player holds never speaks); the deal is
    played when someone defends (``"defend"``); nobody controls another's hand and nothing is open.
    """


@hookspec(firstresult=True)
def pref_play_rules(view: PlayView, rules: BaseModel) -> PlayRules | None:
    """How the cards are played this deal, as data: trump, leader, who plays which hand, must-trump,
    must-beat, talon-led tricks, early stop.

    Called once when play starts; the engine then checks every card with bit masks, so legality costs
    nothing per card beyond the masks. Core default: the contract's trump and ``must_trump``/``must_beat``
    fields, first hand leads, the defence's controllers and open hands.
    """


@hookspec(firstresult=True)
def pref_score_deal(result: DealResult, match: MatchView, rules: BaseModel) -> list[Entry] | None:
    """The sheet entries for one finished deal.

    A chain of responsibility: a plugin returns entries for the deal kinds it owns and ``None`` for the
    others. Core default: raises ``NoRuleError`` (a variant must score its deals).
    """


@hookspec
def pref_after_score(match: MatchView, posted: list[Entry], rules: BaseModel) -> list[Entry]:
    """Entries derived from the ones just posted (``match`` already includes them): the Russian pool
    overflow aid, a refe mark, a pot cap. Collecting; implementations must not depend on each other.
    Core default: none.
    """


@hookspec(firstresult=True)
def pref_scorecard_deal(record: dict[str, Any], reader: Any, index: int, dealer: int,
                        rules: BaseModel) -> DealResult | None:
    """Read one ``[[deal]]`` table of a scorecard (a paper record) into a :class:`DealResult`.

    ``reader`` is the :class:`~preferans.core.formats.scorecard.ScorecardReader` of the file: its ``validate``,
    ``seat``, ``contract``, ``defence`` and ``tricks`` methods check a field against the variant's own
    hooks and raise one-line errors naming the deal and the field. ``index`` counts deals from 0; ``dealer``
    is the seat that dealt. A family with deal fields of its own (Balkan ``kontra``, Austrian ``premiums``)
    implements this hook. Core default: :class:`~preferans.core.formats.scorecard.DealRecord` (``declarer``,
    ``contract``, ``defence``, ``tricks``, or ``all_pass = true``).
    """


@hookspec(firstresult=True)
def pref_next_dealer(match: MatchView, result: DealResult, rules: BaseModel) -> int | None:
    """The seat that deals after the deal ``result`` (already scored and included in ``match``).

    Core default: the next seat clockwise, ``(result.dealer + 1) % match.n_players`` (the deal passes on
    after every deal, raspasovka included: the sliding deal of RUS-RASP-19).
    """


@hookspec(firstresult=True)
def pref_match_over(match: MatchView, rules: BaseModel) -> bool | None:
    """Whether the match (pulka) is over after the deals in ``match``.

    Core default: true once ``rules.max_deals`` deals were played (if set), else false.
    """


@hookspec(firstresult=True)
def pref_settle(match: MatchView, rules: BaseModel) -> Settlement | None:
    """The final settlement of the match, exact and rounded, summing to 0 where the variant is zero-sum.

    Core default: raises ``NoRuleError``.
    """


# ---------------------------------------------------------------- a family's own commands and records
# Not a game's hooks: they are called on the manager of every installed variant module
# (:func:`preferans.core.rules.manager.family_manager`), never on a game's stack, and have no core default.


@hookspec
def pref_cli_commands(subparsers: Any) -> None:
    """Add the family's own subcommands to the ``preferans`` command line (the Balkan family: ``ppn``).

    ``subparsers`` is the ``argparse`` subparsers action of ``preferans``: call ``subparsers.add_parser(name,
    help=...)`` and ``set_defaults(func=...)`` on each command, where ``func(args)`` returns the exit code (a
    :class:`~preferans.core.model.errors.BadInput` it raises is one line on stderr and exit code 2, as for every
    command). Collecting; the return value is ignored. Called once when the command line is built, with every
    installed variant module registered once, so a family base adds its commands once however many children
    extend it. Core default: none (the core's own commands are not added through the hook).
    """


@hookspec
def pref_read_game(text: str, source: str) -> tuple[Any, list[str]] | None:
    """Read a game record of the family's own format: ``(game, names)``, the replayed
    :class:`~preferans.core.engine.game.Game` and the players' names in seat order; ``None`` when ``text`` is not
    in the family's format. Errors are one-line :class:`~preferans.core.model.errors.RecordError` naming ``source``.

    ``preferans analyse`` asks it for a file that is neither a save file nor a game record. Collecting: the
    families are asked in name order and the first answer that is not ``None`` is used; an error of one family
    is raised only when no other reads the text (:func:`~preferans.core.rules.manager.family_reading`). Core
    default: none (the core reads only its own formats).
    """


@hookspec
def pref_read_deal(text: str, source: str) -> RecordedDeal | None:
    """Read the first deal of a game record of the family's own format as a
    :class:`~preferans.core.model.records.RecordedDeal` (three hands, the talon, the record's variant); ``None``
    when ``text`` is not the family's.

    ``preferans solve`` asks it first with the ``DEAL`` argument itself (``source`` is ``"DEAL"``), then, if no
    family answers and the argument is a file, with the file's text (``source`` its path). Errors are one-line
    :class:`~preferans.core.model.errors.BadInput` naming ``source``. Collecting, read as ``pref_read_game``:
    the first answer in name order, an error only when no family reads the text. Core default: none (the core
    reads only ``"first hand | second hand | dealer | talon"``).
    """


# ---------------------------------------------------------------- the paper side: sheets and scorecards

if TYPE_CHECKING:
    from preferans.core.model.paper import RequiredKey, SettlementCheck, SheetText, SheetView


@hookspec(firstresult=True)
def pref_render_sheet(view: SheetView, form: str, rules: BaseModel) -> SheetText | str | None:
    """The family's sheet, drawn from ``view`` (a :class:`~preferans.core.model.paper.SheetView`: the frozen
    match, the entries of each deal, the names, the settlement) in the ``form`` asked for.

    ``form`` is ``"text"`` (``play``, ``score`` and ``sheet`` print it): return a
    :class:`~preferans.core.model.paper.SheetText`, a table with notes and, for ``preferans sheet``, the
    running records above it; ``"compact"`` (asked when that table is wider than the terminal, or by
    ``--sheet-layout compact``): the same sheet as a narrower ``SheetText``, the ``"text"`` one printed when
    nobody draws it; or ``"svg"`` (``preferans sheet --svg``): return the whole SVG document as a
    string. Return ``None`` for a form the family does not draw. Core default: for ``"text"`` the accounts
    table (one row per player, one column per account, and per other player for accounts written on
    someone); for ``"compact"`` and ``"svg"`` nothing, so ``sheet --svg`` is refused.
    """


@hookspec(firstresult=True)
def pref_settlement_check(view: SheetView, rules: BaseModel) -> SettlementCheck | None:
    """The lines printed under the settlement and whether the check they state holds (a
    :class:`~preferans.core.model.paper.SettlementCheck`; a failed check makes the command exit 1), with
    the keys a family adds to the ``--json`` result object and to each of its deals.

    Core default: ``check: the settlement sums to 0 (exact 0): ok`` (a zero-sum game), and nothing added
    to the result object.
    """


@hookspec
def pref_scorecard_required(rules: BaseModel) -> list[RequiredKey]:
    """The ``[rules]`` keys a scorecard must state (what the table agreed), since a preset's value is only
    a default: :class:`~preferans.core.model.paper.RequiredKey` rows (dotted key, what it is, the preset's
    value). Collecting; ``preferans score`` rejects a card that leaves one out, naming the first.

    Core default: every rules key marked ``Field(json_schema_extra={"scorecard": "required"})``.
    """
