"""``preferans conformance``: the conformance suite against installed variants."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import add_plugin_option, add_rule_option, local_plugins, seed_value, variant_id
from preferans.core.formats import render
from preferans.core.model.errors import BadInput
from preferans.core.rules.config import (
    load_variant,
    parse_variant_id,
    playable_variants,
)


def cmd_conformance(args: argparse.Namespace) -> int:
    if getattr(args, "self_test", False):
        return cmd_self_test(args)
    try:
        from preferans.core.testing.runner import run  # lazily: needs pytest (the [test] extra)
    except ImportError as exc:
        raise BadInput(f"conformance: needs pytest ({exc}); install preferans[test]") from None
    plugins = local_plugins(args)  # a missing file or one that does not import: one line, exit 2
    if args.rule:  # --rule KEY=VALUE: folded into every variant's ID (every playable one when none is named)
        args.variants = [variant_id(v, args.rule) for v in args.variants or playable_variants()]
    for ident in args.variants:  # a malformed ID, an unknown name or key is a one-line error, exit 2
        name, overrides = parse_variant_id(ident, "conformance")
        load_variant(name, overrides or None, plugins, source=f"conformance {ident}")
    paths = [p.path for p in plugins if p.path is not None]
    reports, errors = run(list(args.variants), args.deals, args.seed, verbose=args.verbose, plugins=paths)
    out = render.Printer(sys.stdout)
    if plugins:
        out.line(f"with the local plugin(s) {', '.join(p.name for p in plugins)}: every check but the golden "
                 "playthroughs (recorded without them)")
    rows = [[r.name, str(r.passed), str(r.failed), str(r.skipped), "ok" if r.ok else "FAILED"] for r in reports]
    out.line()
    out.table("" if not out.rich else "Conformance", ["variant", "passed", "failed", "skipped", "result"], rows,
              align="lrrrl")
    for r in reports:
        for check, why in r.failures.items():
            out.line(f"{r.name}: {check}: {why}")
    for err in errors:
        out.line(f"collection error: {err}")
    return 0 if reports and all(r.ok for r in reports) and not errors else 1


def add_parser(sub: Any) -> None:
    s = sub.add_parser("conformance", help="run the conformance suite against installed variants")
    s.add_argument("variants", nargs="*", metavar="VARIANT", help="default: every playable variant")
    s.add_argument("--deals", type=int, default=30, help="deals per random-simulation check (default 30)")
    s.add_argument("--seed", type=seed_value, default=0, help="seed of the random players (default 0)")
    s.add_argument("-v", "--verbose", action="store_true", help="show pytest's own report")
    add_plugin_option(s)
    add_rule_option(s)
    add_self_test_option(s)
    s.set_defaults(func=cmd_conformance)


# ---------------------------------------------------------------- --self-test (the mutation self-test)


SELF_TEST_DEALS = 6
"""Deals per random check for each mutation: the exact checks (perft, golden deals) catch most at once."""


def add_self_test_option(s: Any) -> None:
    s.add_argument("--self-test", action="store_true",
                   help="run the suite on deliberately broken plugins (the mutation self-test) and print "
                        "which check caught each, and the score caught/all")


def cmd_self_test(args: argparse.Namespace) -> int:
    try:
        from preferans.core.testing import mutation  # lazily: needs pytest (the [test] extra)
    except ImportError as exc:
        raise BadInput(f"conformance --self-test: needs pytest ({exc}); install preferans[test]") from None
    if args.variants or getattr(args, "plugin", None):
        raise BadInput("conformance --self-test: takes no VARIANT or --plugin (it mutates every built-in variant)")
    out = render.Printer(sys.stdout)
    outcomes = []
    rows = []
    for o in mutation.self_test(SELF_TEST_DEALS, args.seed):
        outcomes.append(o)
        rows.append([o.mutation.name, o.mutation.variant, o.mutation.what, o.caught_by or "NOT CAUGHT"])
        if args.verbose:
            out.line(f"{o.mutation.name}: {o.caught_by or 'NOT CAUGHT'} ({o.seconds:.1f} s): {o.why}")
    out.table("" if not out.rich else "Mutation self-test", ["mutation", "variant", "broken rule", "caught by"],
              rows, align="llll")
    caught = sum(o.caught for o in outcomes)
    out.line(f"mutation score: {caught}/{len(outcomes)} caught")
    return 0 if caught == len(outcomes) else 1
