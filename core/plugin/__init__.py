"""The import point for plugin authors: what a game hook needs, and nothing that loads the bots or the solver.

A plugin module imports from here and the small modules beside it, and nowhere else in ``preferans.core``
(an import-linter contract checks this for the built-in variants)::

    from preferans.core.plugin import AuctionView, Redeal, hookimpl

    @hookimpl
    def pref_all_pass(view: AuctionView, rules):
        return Redeal()          # all pass: throw the cards in and deal again

Here, by kind:

* the marker :data:`hookimpl` (with ``wrapper=True`` to refine the answer of the plugins below; every hook is
  specified in ``core/rules/hookspecs.py``);
* the frozen views hooks receive (``AuctionView``, ``DeclarationView``, ``DefenceView``, ``PlayView``,
  ``MatchView``) and the step values they answer (``Next``, ``Won``, ``AllPassed``, ``PlayAllPass``,
  ``Redeal``, ``TakeTalon``, ``PickUp``, ``Discard``, ``Declared``, ``Defended``; ``AuctionStep``,
  ``DeclarationStep`` and ``DefenceStep`` are their unions); a deal's ``DealResult``, the ``Entry`` rows it
  writes (an ``Amount`` is an ``int`` or a ``Fraction``; ``int_if_whole`` keeps a whole one an ``int``), the
  ``PlayRules`` of its play and the final ``Settlement``;
* contract rows (``ContractSpec``; a plugin adds its rows to a ``ContractRegistry``, and a view's
  ``contracts`` is the frozen table of them);
* the ``[rules]`` tables: ``RulesSection``, the base of every section; ``CoreRules``, the keys every game has,
  which a family's rules class extends (``MyRules.sections()`` is its ``pref_rules_sections`` answer); and
  ``bad(message)``, the error a section's validator raises (:mod:`preferans.core.rules.sections` says how a
  hook's ``rules: MyRules`` is typed).

Beside it, in the same package, each imported only by the plugins that need it:

* :mod:`preferans.core.plugin.cards`: cards as ints and masks (``parse_card``, ``SUITS``, ``NO_TRUMP`` ...) and
  the seats around the table (``next_speaker``);
* :mod:`preferans.core.plugin.errors`: the errors a plugin raises (``ConfigError``, ``RecordError``,
  ``bad_input`` ...) and what an error line may quote of its input (``excerpt``, ``nearest`` ...);
* :mod:`preferans.core.plugin.sheet`: the paper side, for ``pref_render_sheet``, ``pref_settlement_check``,
  ``pref_scorecard_deal`` and ``pref_scorecard_required``;
* :mod:`preferans.core.plugin.cli`: a family's own records and commands (``pref_cli_commands``,
  ``pref_read_game``, ``pref_read_deal``): the engine, variants, save files, bot names, languages;
* :mod:`preferans.core.plugin.kit`: a family's conformance kit (docs/conformance.md).

Importing this module does not import the bots (``preferans.core.ai``), the tools (``preferans.core.tools``)
or the compiled solver; ``tests/rules/test_plugin_api.py`` checks it, and that ``__all__`` stays at most 30 names.
"""

from __future__ import annotations

from preferans.core.model.contracts import ContractRegistry, ContractSpec
from preferans.core.model.views import (
    AllPassed,
    Amount,
    AuctionStep,
    AuctionView,
    DealResult,
    DeclarationStep,
    DeclarationView,
    Declared,
    DefenceStep,
    DefenceView,
    Defended,
    Discard,
    Entry,
    MatchView,
    Next,
    PickUp,
    PlayAllPass,
    PlayRules,
    PlayView,
    Redeal,
    Settlement,
    TakeTalon,
    Won,
    int_if_whole,
)
from preferans.core.rules.hookspecs import hookimpl
from preferans.core.rules.sections import CoreRules, RulesSection, bad

__all__ = [
    "hookimpl",
    # the frozen views a hook is given
    "AuctionView", "DeclarationView", "DefenceView", "MatchView", "PlayView",
    # what the hooks answer
    "AllPassed", "Declared", "Defended", "Discard", "Next", "PickUp", "PlayAllPass", "Redeal", "TakeTalon", "Won",
    "AuctionStep", "DeclarationStep", "DefenceStep",
    "Amount", "DealResult", "Entry", "PlayRules", "Settlement", "int_if_whole",
    # contract rows
    "ContractRegistry", "ContractSpec",
    # the [rules] tables
    "CoreRules", "RulesSection", "bad",
]
