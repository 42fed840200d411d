"""``preferans conformance``: the conformance suite against installed variants."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from preferans.core.cli.common import (
    add_lang_option,
    add_plugin_option,
    add_rule_option,
    dump_json,
    language_of,
    local_plugins,
    seed_value,
    variant_id,
)
from preferans.core.formats import render
from preferans.core.model.errors import BadInput, bad_input
from preferans.core.model.i18n import translator
from preferans.core.rules.commented import name_said
from preferans.core.rules.config import (
    load_variant,
    locale_dirs_of,
    parse_variant_id,
    playable_variants,
    resolve_chain,
)


def needs_pytest() -> BadInput:
    """``conformance: the suite runs on pytest, which is not installed: pip install 'preferans[conformance]'``."""
    return bad_input("{command}: the suite runs on {tool}, which is not installed: {fix}", command="conformance",
                     tool="pytest", fix="pip install 'preferans[conformance]'")


def cmd_conformance(args: argparse.Namespace) -> int:
    from preferans.core.testing.runner import pytest_available, run  # the runner imports pytest only to run

    if not pytest_available():  # the suite and the self-test both run on pytest
        raise needs_pytest()
    if getattr(args, "self_test", False):
        return cmd_self_test(args)
    plugins = local_plugins(args)  # a missing file or one that does not import: one line, exit 2
    if args.rule:  # --rule KEY=VALUE: folded into every variant's ID (every playable one when none is named)
        args.variants = [variant_id(v, args.rule) for v in args.variants or playable_variants()]
    from preferans.core.testing import checks_reference, deviations

    for ident in args.variants or playable_variants():  # a malformed ID, an unknown name or key: one line, exit 2
        name, overrides = parse_variant_id(ident, "conformance")
        variant = load_variant(name, overrides or None, plugins, source=f"conformance {ident}")
        deviations.check(variant, checks_reference.reference_of(variant))  # a misspelt deviation too
        if plugins:
            _try_plugins(variant, args.seed)
    paths = [p.path for p in plugins if p.path is not None]
    # ---------------------------------------------------------------- run, with a progress bar on a terminal
    label = translator(language_of(args)).pgettext("progress", "conformance")
    with _progress(sys.stdout.isatty() and not args.json and not args.verbose, label) as progress:
        reports, errors = run(list(args.variants), args.deals, args.seed, verbose=args.verbose, plugins=paths,
                              progress=progress)
    ok = bool(reports) and all(r.ok for r in reports) and not errors
    # ---------------------------------------------------------------- --json: the checks and the coverage
    if args.json:
        dump_json({"deals": args.deals, "seed": args.seed, "ok": ok, "local_plugins": [p.name for p in plugins],
                   "variants": [r.to_dict() for r in reports], "errors": errors})
        return 0 if ok else 1
    # ---------------------------------------------------------------- the tables
    # the headers, labels, summary lines and the checks' messages in the language; the checks' names and rules
    # as written
    out = render.Printer(sys.stdout, tr=translator(language_of(args)))
    tr = out.tr
    if plugins:
        names = ", ".join(p.name for p in plugins)
        out.line(tr.gettext("with the local plugin(s) {plugins}: every check, the golden games too (what a plugin "
                            "declares as a deviation is passed over)").format(plugins=names))
    verdict = {True: tr.pgettext("conformance", "ok"), False: tr.pgettext("conformance", "FAILED")}
    rows = [[_name(r.name, tr), str(r.passed), str(r.failed), str(r.skipped), verdict[r.ok]] for r in reports]
    out.line()
    out.table("" if not out.rich else tr.gettext("Conformance"),
              [tr.gettext("variant"), tr.pgettext("conformance", "passed"), tr.pgettext("conformance", "failed"),
               tr.pgettext("conformance", "skipped"), tr.pgettext("conformance", "result")], rows, align="lrrrl")
    _coverage_table(out, reports)
    for r in reports:
        for check, result in r.checks.items():
            if result.outcome == "failed":
                out.line(tr.gettext("{variant}: FAILED {check}: {message}").format(
                    variant=_name(r.name, tr), check=check, message=result.message_in(tr)))
                out.line(tr.gettext("    the rule: {rule}").format(rule=result.rule))
        for check, result in r.checks.items():
            if result.outcome == "skipped":
                out.line(tr.gettext("{variant}: skipped {check}: {message}").format(
                    variant=_name(r.name, tr), check=check, message=result.message_in(tr)))
    for err in errors:
        out.line(tr.gettext("collection error: {error}").format(error=err))
    return 0 if ok else 1


def _try_plugins(variant: Any, seed: int, deals: int = 3) -> None:
    """A few deals of ``variant`` with its local plugins, played by random bots before the suite runs: a hook
    whose answer the engine cannot take (a call the variant does not know, a float on the sheet) is then one
    line naming the file and the hook, exit 2, as ``play`` says it, not a suite of failed checks."""
    from preferans.core.ai.registry import make_bot
    from preferans.core.engine.game import Game

    game = Game(variant, seed=seed)
    bots = [make_bot("random", seed, seat) for seat in range(max(3, variant.rules.players))]
    while not game.is_terminal and len(game.results) < deals:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    game.settlement()


def _share(summary: dict[str, Any], key: str) -> str:
    part = summary[key]
    if not part["of"]:
        return "-"
    return f"{part['reached']}/{part['of']} {100 * part['reached'] // part['of']}%"


def _coverage_table(out: render.Printer, reports: list[Any]) -> None:
    """Per variant: the share of its contract table, of the defence calls and of the other calls offered, and
    of the all-pass outcomes (an all-pass deal, two in a row) the suite reached, the levels of the doubling
    chain taken (the Balkan kontra, rekontra ...); then what was missed."""
    rows = []
    for r in reports:
        if r.coverage is None:
            continue
        s = r.coverage.summary()
        rows.append([_name(r.name, out.tr), str(s["deals"]), _share(s, "contract_table"), _share(s, "defence_calls"),
                     _share(s, "other_calls"), _share(s, "all_pass"), str(len(s["doubling_levels"])) or "-",
                     ", ".join(_all_pass_outcome(o, r.name, out.tr) for o in s["all_pass_outcomes"]) or "-"])
    if not rows:
        return
    tr = out.tr
    out.line()
    out.table(tr.gettext("Coverage") if out.rich else tr.gettext("coverage (what the checks reached)"),
              [tr.gettext("variant"), tr.pgettext("conformance", "deals"), tr.gettext("contract table"),
               tr.gettext("defence calls"), tr.gettext("other calls"), tr.gettext("all-pass"),
               tr.gettext("kontra levels"), tr.gettext("all-pass outcomes")], rows, align="lrrrrrrl")
    for r in reports:  # what was missed is said as the coverage names it
        for missed in (r.coverage.missed() if r.coverage is not None else []):
            out.line(tr.gettext("{variant}: not reached: {missed}").format(variant=_name(r.name, tr), missed=missed))


def _name(ident: str, tr: Any) -> str:
    """A checked variant as a person reads it, its overrides as given: ``Ленинградка(players=4)`` for
    ``leningrad(players=4)`` (the name from the variant's catalogues, else its preset's ``title``); an ID of
    no installed variant as it is."""
    try:
        name, _ = parse_variant_id(ident, "conformance")
        chain = resolve_chain(name)
        words = translator(tr.lang, locale_dirs_of(level.module for level in reversed(chain)))
    except BadInput:
        return ident
    return name_said(name, chain[-1].preset.title, words) + ident.strip()[len(name):]


def _all_pass_outcome(outcome: str, variant: str, tr: Any) -> str:
    """An all-pass outcome of the coverage (``thrown in``, ``played as raspasovka``) in ``tr``'s language,
    the contract in the variant's own word (``распасы``)."""
    if outcome == "thrown in":
        return str(tr.gettext("thrown in"))
    contract = outcome.removeprefix("played as ")
    words = tr
    if tr.lang != "en":
        try:
            words = translator(tr.lang, locale_dirs_of(level.module for level in reversed(resolve_chain(variant))))
        except BadInput:  # not a variant of the catalogues: its key as recorded
            words = tr
    shown = words.contract(contract)
    if shown == contract:  # the Balkan refe is the family's account word, not a contract of its table
        shown = words.term("account", contract)
    return str(tr.gettext("played as {contract}").format(contract=shown))


@contextmanager
def _progress(show: bool, label: str = "conformance") -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar on a terminal (``show``), fed by the runner's ``progress(done, total)``."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def add_parser(sub: Any) -> None:
    s = sub.add_parser("conformance", help="run the conformance suite against installed variants",
                       description="Run the conformance suite (needs pytest: pip install 'preferans[conformance]') and "
                                   "print each variant's checks and the coverage of its rules.")
    s.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variants to check, with optional rule overrides: sochi, 'leningrad(players=4)' "
                        "(default: every playable variant)")
    s.add_argument("--deals", type=int, default=30, help="deals per random-simulation check (default 30)")
    s.add_argument("--seed", type=seed_value, default=0, help="seed of the reference players (default 0)")
    s.add_argument("-v", "--verbose", action="store_true", help="show pytest's own report")
    s.add_argument("--json", action="store_true",
                   help="print the result as JSON: every check's outcome, message and rule, and the coverage")
    add_plugin_option(s)
    add_rule_option(s)
    add_self_test_option(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_conformance)


# ---------------------------------------------------------------- --self-test (the mutation self-test)


SELF_TEST_DEALS = 6
"""Deals per random check for each mutation: the exact checks (perft, golden deals) catch most at once."""


def add_self_test_option(s: Any) -> None:
    s.add_argument("--self-test", action="store_true",
                   help="run the suite on deliberately broken plugins (the mutation self-test) and print "
                        "which check caught each, and the score caught/all")
    s.add_argument("--only", action="append", default=[], metavar="NAME",
                   help="with --self-test: only the mutation files whose name contains NAME (repeatable)")
    s.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="with --self-test: run the mutations in J processes (default 1), with the same outcomes")


def cmd_self_test(args: argparse.Namespace) -> int:
    try:
        from preferans.core.testing import mutation  # lazily: needs pytest (the [conformance] extra)
    except ImportError as exc:
        raise bad_input("{command}: needs {tool} ({reason}); install {extra}", command="conformance --self-test",
                        tool="pytest", reason=exc, extra="preferans[conformance]") from None
    if args.variants or getattr(args, "plugin", None):
        raise bad_input("{command}: takes no {arg} or {option} (it mutates every built-in variant)",
                        command="conformance --self-test", arg="VARIANT", option="--plugin")
    # the heads and the score line in the language; the mutations' files, the rules they break and the checks
    # as written (a mutation's area leads its broken rule: "score: the whist quota ...")
    out = render.Printer(sys.stdout, tr=translator(language_of(args)))
    tr = out.tr
    only = list(getattr(args, "only", None) or [])
    from preferans.core.tools.parallel import check_jobs

    check_jobs(args.jobs)  # below 1: the line simulate and arena give
    outcomes = []
    rows = []
    for o in mutation.self_test(SELF_TEST_DEALS, args.seed, only, jobs=args.jobs):
        outcomes.append(o)
        m = o.mutation
        caught_by = o.caught_by or tr.gettext("NOT CAUGHT")
        rows.append([m.label, m.variant, f"{m.area}: {m.what}" if m.area else m.what, caught_by])
        if args.verbose:
            out.line(tr.gettext("{mutation}: {caught_by} ({seconds} s): {why}").format(
                mutation=m.label, caught_by=caught_by, seconds=f"{o.seconds:.1f}", why=o.why))
    out.table("" if not out.rich else tr.gettext("Mutation self-test"),
              [tr.gettext("mutation"), tr.gettext("variant"), tr.gettext("broken rule"), tr.gettext("caught by")],
              rows, align="llll")
    caught = sum(o.caught for o in outcomes)
    out.line(tr.gettext("mutation score: {caught}/{total} caught").format(caught=caught, total=len(outcomes)))
    return 0 if caught == len(outcomes) else 1
