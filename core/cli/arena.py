"""``preferans arena``: bots compared in duplicate format (docs/bots.md)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any

from preferans.core.ai.registry import BOTS
from preferans.core.cli.common import (
    add_lang_option,
    add_plugin_option,
    add_scale_out,
    add_variant_options,
    language_of,
    local_json,
    note_slow_solver,
    seed_value,
    translator_for,
    variant_from,
)
from preferans.core.formats.render import Printer
from preferans.core.model.errors import BadInput, bad_input
from preferans.core.model.i18n import ENGLISH, Translator, translator
from preferans.core.rules.commented import name_in
from preferans.core.rules.config import Variant, config_from_dict
from preferans.core.tools.arena import (
    ArenaResult,
    arena,
    number_text,
    parse_bots,
    parse_shard,
    result_json,
    summarize,
)
from preferans.core.tools.arena_record import ArenaRecord, header, merge, zero_sum
from preferans.core.tools.deal_sets import ALL, check_deal_set
from preferans.core.tools.parallel import check_jobs, progress_bars


def print_result(result: ArenaResult, out: Printer, title: str | None = None) -> None:
    tr = out.tr
    out.line(tr.gettext("arena: {variant}, seed {seed}: {deals} deals x {rotations} rotations ({plays} plays) "
                        "among {bots}").format(variant=title or result.variant, seed=result.seed,
                                               deals=result.deals, rotations=result.rotations,
                                               plays=result.deals * result.rotations, bots=", ".join(result.bots)))
    # tools.arena.TABLE_HEADER, shown; "total" in a context of its own, the Balkan family has its own "total"
    header = [tr.gettext("entry"), tr.gettext("bot"), tr.gettext("plays"), tr.pgettext("arena", "total"),
              tr.gettext("per 100 deals"), tr.gettext("95% CI")]
    out.table(tr.gettext("Settlement per 100 deals ({unit}), duplicate").format(unit=tr.term("unit", result.unit)),
              header, table_rows(result, tr), align="llrrrr")
    # the formula is a placeholder: written the same in every language (and script)
    out.line(tr.gettext("per 100 deals: the mean per play of a deal; 95% CI: mean +- {formula} over the "
                        "{n} = {deals} deals").format(formula="1.96 * sd / sqrt(N)", n="N", deals=result.deals))


def title_of(result: ArenaResult, title: str) -> str:
    """The variant's title, with the deal set and the shard as they were given (option values, not words)."""
    given = ([f"--deal-set {result.deal_set}"] if result.deal_set != ALL else []) + \
        ([f"--shard {result.shard}"] if result.shard else [])
    return f"{title} [{', '.join(given)}]" if given else title


def table_rows(result: ArenaResult, tr: Translator = ENGLISH) -> list[list[str]]:
    rows = []
    for line in result.entries:
        est = line.per_100
        ci = tr.gettext("n/a") if est.low is None else f"{number_text(est.low)} .. {number_text(est.high)}"
        rows.append([str(line.entry), line.bot, str(line.plays), f"{float(line.total):+.2f}",
                     number_text(est.mean), ci])
    if len(result.by_bot) < len(result.entries):  # a name appears more than once: its aggregate, per copy
        for line in result.by_bot:
            est = line.per_100
            ci = tr.gettext("n/a") if est.low is None else f"{number_text(est.low)} .. {number_text(est.high)}"
            label = (tr.gettext("{bot} (all {copies})").format(bot=line.bot, copies=line.copies)
                     if line.copies > 1 else line.bot)
            rows.append([tr.gettext("all"), label, str(line.plays), f"{float(line.total):+.2f}",
                         number_text(est.mean), ci])
    if result.lead is not None:  # "hard - pimc": the first bot's lead over the other, per copy, deal by deal
        est = result.lead.per_100
        ci = tr.gettext("n/a") if est.low is None else f"{number_text(est.low)} .. {number_text(est.high)}"
        rows.append(["", result.lead.bot, str(result.lead.plays), f"{float(result.lead.total):+.2f}",
                     number_text(est.mean), ci])
    return rows


def set_label(tr: Translator, deal_set: str) -> str:
    """The label of the bar of the search for the deals of ``deal_set``: the contract's name or kind as the
    variant's catalogues write it (``tr`` with the variant's words: ``raspasovka`` -> ``распасы``)."""
    return tr.contract(deal_set)


def cmd_arena(args: argparse.Namespace) -> int:
    """``preferans arena``: the options are checked first (one-line errors), then the deals are played."""
    for option, value in (("--bots", args.bots), ("--deals", args.deals)):
        if value is None:  # not required by argparse: ``arena report FILE`` takes neither
            raise bad_input("{option}: required to play an arena (see {help})", option=option,
                            help="'preferans arena --help'")
    variant = variant_from(args)
    if args.deals < 1:
        raise bad_input("{option}: must be at least 1, got {deals}", option="--deals", deals=args.deals)
    check_jobs(args.jobs)
    bots = parse_bots(args.bots, variant.rules.players)
    shard = parse_shard(args.shard)
    check_deal_set(variant, args.deal_set)
    tr = translator_for(args, variant)
    note_slow_solver(bots, tr)
    start = time.perf_counter()
    wanted = sum(1 for i in range(args.deals) if shard.has(i))
    with ExitStack() as stack:
        record = None
        if args.record is not None:
            head = header(variant, bots, args.seed, args.deal_set, shard)
            record = stack.enter_context(ArenaRecord(Path(args.record), head))
        # the search for the deals of the set first (none for the set all), then the plays
        bars = ([(set_label(tr, args.deal_set), wanted)] if args.deal_set != ALL else [])
        bars.append((tr.pgettext("progress", "arena"), wanted))
        *search, advance = stack.enter_context(progress_bars(bars))
        found = search[0] if search else None
        result = arena(variant, bots, args.deals, args.seed, jobs=args.jobs, scheduler=args.scheduler,
                       progress=advance, deal_set=args.deal_set, shard=shard, record=record, search_progress=found)
    seconds = time.perf_counter() - start
    if args.json:
        data = result_json(result)
        data = {"variant": data.pop("variant"), **local_json(variant), **data}
        if record is not None:
            data["record"] = {"file": args.record, "resumed": record.resumed}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print_result(result, Printer(sys.stdout, tr=tr), title_of(result, name_in(variant, tr)))
    # the time goes to stderr: stdout is the same for any --jobs or --scheduler
    where = (tr.gettext("scheduler {address}").format(address=args.scheduler) if args.scheduler else
             tr.ngettext("{n} job", "{n} jobs", args.jobs).format(n=args.jobs))
    print(tr.gettext("arena: {plays} plays in {seconds} s ({where})").format(
        plays=result.deals * result.rotations, seconds=f"{seconds:.1f}", where=where), file=sys.stderr)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """``preferans arena report FILE [FILE ...]``: the records of one run together, as ``arena`` prints them."""
    paths = [Path(p) for p in args.records]
    head, deals, shards = merge(paths)
    if not deals:
        raise bad_input("{path}: the record has no finished deal yet", path=str(paths[0]))
    unit = head.get("unit")
    result = summarize(str(head.get("variant")), [str(b) for b in head["bots"]], int(head.get("seed", 0)), deals,
                       unit if isinstance(unit, str) else "points")
    one = set(shards)
    shard = one.pop() if len(one) == 1 and shards[0] != "0/1" else None
    result = replace(result, deal_set=str(head.get("deal_set", ALL)), shard=shard)
    variant: Variant | None = None
    try:  # the variant's own words (its unit, its title) when it can be loaded: not with local plugins
        variant = config_from_dict(head["config"], str(paths[0]))
        tr = translator_for(args, variant)
        title = name_in(variant, tr)
    except (BadInput, KeyError, TypeError):
        title, tr = result.variant, translator(language_of(args))
    if variant is not None and zero_sum(variant) != head["zero_sum"]:  # a header changed by hand: rows unchecked
        if head["zero_sum"]:
            raise bad_input("{path}: line 1: {key} is true, but the variant's settlements do not sum to 0",
                            path=str(paths[0]), key="zero_sum")
        raise bad_input("{path}: line 1: {key} is false, but the variant's settlements sum to 0", path=str(paths[0]),
                        key="zero_sum")
    if args.json:
        data = result_json(result)
        data["records"] = [str(p) for p in paths]
        data["complete"] = [d.index for d in deals] == list(range(len(deals)))  # deals 0 .. N-1, none missing
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print_result(result, Printer(sys.stdout, tr=tr), title_of(result, title))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("arena", help="compare bots in duplicate format: the same deals with the seats rotated")
    add_variant_options(s)
    s.add_argument("--bots", metavar="B1,B2,B3",
                   help=f"one bot per seat ({', '.join(BOTS)}); a name may repeat (required)")
    s.add_argument("--deals", type=int, metavar="N", help="deals, each played once per rotation (required)")
    s.add_argument("--seed", type=seed_value, default=1, help="run seed (default 1)")
    s.add_argument("--deal-set", default=ALL, metavar="SET",
                   help="all deals (default), or only those the heuristic auction leads to a contract of this name "
                        "or kind (raspasovka, misere, betl ...)")
    s.add_argument("--shard", default="0/1", metavar="K/M",
                   help="play only the deals whose index is K modulo M (default 0/1: all)")
    s.add_argument("--record", metavar="FILE.jsonl",
                   help="keep every finished deal in FILE; run again with it to go on where it stopped")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    add_lang_option(s)
    add_plugin_option(s)
    add_scale_out(s)
    s.set_defaults(func=cmd_arena)
    reports = s.add_subparsers(dest="arena_command", metavar="report", title="instead of playing")
    r = reports.add_parser("report", help="the records of one run (--record, each --shard's) in one table")
    r.add_argument("records", nargs="+", metavar="FILE", help="records of the same run")
    r.add_argument("--json", action="store_true", help="print a JSON object")
    add_lang_option(r)
    r.set_defaults(func=cmd_report)
