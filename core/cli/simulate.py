"""``preferans simulate``: many deals bot against bot; deals per second, contract distribution."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from preferans.core.cli.common import (
    add_lang_option,
    add_plugin_option,
    add_scale_out,
    add_variant_options,
    dump_json,
    local_json,
    note_slow_solver,
    parse_bots,
    seed_value,
    translator_for,
    variant_from,
)
from preferans.core.formats import render
from preferans.core.model.errors import bad_input
from preferans.core.rules.commented import name_in
from preferans.core.tools.deal_sets import all_pass_contract
from preferans.core.tools.parallel import check_jobs, progress_bar
from preferans.core.tools.simulate import ALL_PASS, NOT_PLAYED, simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    if args.deals < 1:
        raise bad_input("--deals: must be at least 1, got {deals}", deals=args.deals)
    check_jobs(args.jobs)
    bots = parse_bots(args.bots, variant.rules.players, None)
    tr = translator_for(args, variant)
    note_slow_solver(bots, tr)
    label = tr.pgettext("progress", "simulating")
    start = time.perf_counter()
    with progress_bar(label, args.deals) as advance:  # on stderr, so it never mixes with --json
        tally, matches, finished = simulate(variant, args.deals, args.seed, bots, advance, jobs=args.jobs,
                                            scheduler=args.scheduler)
    seconds = time.perf_counter() - start
    per_second = tally.deals / seconds if seconds > 0 else 0.0
    # the contracts bid, the all-pass deals (by the contract they were played under), the deals not played
    order = [s.name for s in variant.contracts if s.biddable] + [all_pass_contract(variant) or ALL_PASS, NOT_PLAYED]
    keys = sorted(tally.distribution, key=lambda k: (order.index(k) if k in order else len(order), k))
    rate = tally.made / tally.played if tally.played else None
    if args.json:
        dump_json({
            "variant": variant.name, **local_json(variant), "bots": bots, "seed": args.seed, "deals": tally.deals,
            "matches": matches, "finished_matches": finished, "seconds": round(seconds, 3),
            "deals_per_second": round(per_second, 1),
            "distribution": {k: tally.distribution[k] for k in keys},
            "declared": {k: tally.declared[k] for k in order if tally.declared[k]},
            "declarer": {"played": tally.played, "made": tally.made,
                         "success_rate": None if rate is None else round(rate, 4)},
        })
        return 0
    out = render.Printer(sys.stdout, tr=tr)
    out.line(tr.gettext("simulated {deals} deals of {variant} ({bots}), seed {seed}: {matches} matches, "
                        "{finished} finished").format(deals=tally.deals, variant=name_in(variant, tr),
                                                      bots=", ".join(bots), seed=args.seed, matches=matches,
                                                      finished=finished))
    out.line(tr.gettext("speed: {rate} deals/s ({seconds} s)").format(rate=f"{per_second:.1f}",
                                                                     seconds=f"{seconds:.2f}"))
    dist = tally.distribution
    shown = {NOT_PLAYED: tr.gettext("not played")}  # the tally's key for a deal thrown in
    rows = [[shown.get(k) or tr.contract(k), str(dist[k]), f"{100 * dist[k] / tally.deals:.1f}%"] for k in keys]
    out.table(tr.gettext("Contract distribution"), [tr.gettext("contract"), tr.gettext("deals"),
                                                    tr.gettext("share")], rows)
    if rate is None:
        out.line(tr.gettext("declarer success: no contract was played"))
    else:
        out.line(tr.gettext("declarer success: {made} of {played} played contracts made ({rate}%)").format(
            made=tally.made, played=tally.played, rate=f"{100 * rate:.1f}"))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("simulate", help="play many deals bot against bot and print statistics")
    add_variant_options(s)
    s.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals to play in all")
    s.add_argument("--seed", type=seed_value, default=1, metavar="S",
                   help="run seed (default 1); each match's seed is derived from it")
    s.add_argument("--bots", metavar="NAMES", help="as for play (default heuristic)")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    add_plugin_option(s)
    add_scale_out(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_simulate)
