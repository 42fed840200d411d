"""What several subcommands share: the variant options, --plugin, JSON output, the bot list,
--jobs/--scheduler."""

from __future__ import annotations

import argparse
import json
from typing import Any

from preferans.core.ai.registry import make_bot
from preferans.core.formats.saves import HUMAN
from preferans.core.model.errors import BadInput, excerpt
from preferans.core.rules.config import (
    DEFAULT_VARIANT,
    Variant,
    load_config,
    load_variant,
)
from preferans.core.rules.local import LocalPlugin


def add_plugin_option(s: argparse.ArgumentParser) -> None:
    """``--plugin PATH`` (repeatable): a local house-rule file added to the variant's plugins."""
    s.add_argument("--plugin", action="append", default=[], metavar="PATH",
                   help="a local plugin file (house rule, .py) added after the variant's own plugins; repeatable. "
                        "Only ever loaded from here, never from a config or save file")


def local_plugins(args: argparse.Namespace) -> list[LocalPlugin]:
    """The files of ``--plugin``, read, imported and checked against the hook specs (a one-line error
    naming the file otherwise), each as its own new module."""
    plugins = [LocalPlugin.read(path, "--plugin") for path in getattr(args, "plugin", None) or []]
    for plugin in plugins:
        _ = plugin.module
    return plugins


def local_json(variant: Variant) -> dict[str, Any]:
    """``{"local_plugins": [file names]}`` for a variant with local plugins, else nothing (so the JSON of a
    plain variant is unchanged)."""
    return {"local_plugins": [p.name for p in variant.local_plugins]} if variant.local_plugins else {}


def variant_from(args: argparse.Namespace) -> Variant:
    plugins = local_plugins(args)
    if getattr(args, "config", None):
        return load_config(args.config, plugins)
    return load_variant(getattr(args, "variant", None) or DEFAULT_VARIANT, plugins=plugins, source="command line")


def dump_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def parse_bots(text: str | None, n: int, human: int | None) -> list[str]:
    """One bot name for every seat, or a comma list per seat (without the human's seat, or with it)."""
    given = [t.strip().lower() for t in (text or "heuristic").split(",")]
    others = [s for s in range(n) if s != human]
    if len(given) == 1:
        per_seat = {s: given[0] for s in others}
    elif len(given) == n:
        per_seat = {s: given[s] for s in others}
    elif human is not None and len(given) == len(others):
        per_seat = dict(zip(others, given, strict=True))
    else:
        want = f"1 or {n}" + (f" or {len(others)}" if human is not None else "")
        raise BadInput(f"--bots: expected {want} bot names separated by commas, got {len(given)} ({excerpt(text)})")
    for seat, name in per_seat.items():
        if len(name) > 200 or not name.isprintable():
            raise BadInput(f"--bots: {excerpt(name)} is not a bot name (preferans --help lists them)")
        make_bot(name, 0, seat, where="--bots")  # validates the name
    return [HUMAN if s == human else per_seat[s] for s in range(n)]


def add_scale_out(s: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--scheduler`` of simulate and arena (the same result for any of them)."""
    where = s.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, metavar="J",
                       help="local worker processes (default 1: this process); the result does not depend on it")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster at ADDRESS (needs the dask extra)")


def seed_value(text: str) -> int:
    """``--seed``: a whole number 0 or more in ASCII digits (``random`` plays ``-5`` as ``5``, so a negative
    seed is refused rather than silently the same game; docs/cli.md, "Limits")."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 40:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a seed (a whole number 0 or more, at most 40 "
                                         "digits)")
    return int(t)
