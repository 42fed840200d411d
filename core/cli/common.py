"""What several subcommands share: the variant options (``--variant NAME(key=value, ...)``, ``--rule
KEY=VALUE``, ``--config``), --plugin, JSON output, the bot list, --jobs/--scheduler."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import tomli_w

from preferans.core.ai.pimc import PimcBot
from preferans.core.ai.registry import make_bot
from preferans.core.ai.solver import compiled_search
from preferans.core.formats.saves import HUMAN
from preferans.core.model.cards import SUIT_SYMBOLS, SUITS
from preferans.core.model.errors import BadInput, bad_input, excerpt
from preferans.core.model.i18n import LANGUAGES, Translator, from_environment, language, translator
from preferans.core.model.parsing import loads_toml
from preferans.core.rules.config import (
    DEFAULT_VARIANT,
    Variant,
    deep_merge,
    load_config,
    load_variant,
    parse_variant_id,
)
from preferans.core.rules.local import LocalPlugin, distinct


def add_lang_option(s: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of what the command prints (docs/i18n.md)."""
    s.add_argument("--lang", metavar="LANG", help=f"the language of the output: {', '.join(LANGUAGES)} (default: "
                                                  "from LC_ALL, LC_MESSAGES or LANG, else en); records, saves "
                                                  "and --json keep their English keys")


SHEET_LAYOUTS = ("auto", "wide", "compact")
"""``--sheet-layout``: the family's compact sheet when the full one is wider than the terminal (``auto``), always
the full one, or always the compact one (``render.fitted_sheet``, docs/sheet.md)."""


def add_sheet_layout_option(s: argparse.ArgumentParser) -> None:
    """``--sheet-layout auto|wide|compact``: the form of the score sheet the command prints (docs/sheet.md)."""
    s.add_argument("--sheet-layout", choices=SHEET_LAYOUTS, default="auto",
                   help="the score sheet: auto (default: a family's compact form, the Balkan one, when the full "
                        "table is wider than the terminal), wide (always the full table) or compact")


def language_of(args: argparse.Namespace) -> str:
    """The language of ``--lang``, or the environment's (docs/i18n.md)."""
    given = getattr(args, "lang", None)
    return language(given) if given is not None else from_environment()


def translator_for(args: argparse.Namespace, variant: Variant, stream: TextIO | None = None) -> Translator:
    """The translator of ``--lang`` (or the environment's language) with ``variant``'s own words first. With
    the ``stream`` a person reads (the table, the deal lines), the calls are shown with the suit symbols the
    hands use, or with letters where that stream cannot write them (:class:`ShownCalls`)."""
    tr = translator(language_of(args), variant.locale_dirs)
    return tr if stream is None else ShownCalls(tr, writes_suit_symbols(stream))


def writes_suit_symbols(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding can write ``♠ ♣ ♦ ♥`` (not with ``LANG=C``, ``PYTHONIOENCODING=ascii``,
    where the symbols of a hand come out as ``\\u2660`` escapes); a stream with no encoding (text in memory)
    can."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class ShownCalls(Translator):
    """``base``'s words, with the suit of a call (``6H``, ``7NT``) shown as the hands show suits: ``6♥`` in
    every language (English included, which has no catalogue to say so), or the letter (``6H``) when
    ``symbols`` is false (an output that cannot write them). Only what is shown changes: the actions typed,
    saved and recorded keep their keys (``6H``)."""

    def __init__(self, base: Translator, symbols: bool = True) -> None:
        super().__init__(base.lang)
        self.base = base
        self.symbols = symbols

    def gettext(self, message: str) -> str:
        return self.base.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.base.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        shown = self.base.pgettext(context, message)
        if context != "suit" or len(message) != 1 or message not in SUITS:  # NT stays the catalogue's
            return shown
        if not self.symbols:
            return message
        return SUIT_SYMBOLS[SUITS.index(message)] if shown == message else shown

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.base.npgettext(context, singular, plural, n)

    def ids(self, context: str) -> list[str]:
        return self.base.ids(context)


def add_plugin_option(s: argparse.ArgumentParser) -> None:
    """``--plugin PATH`` (repeatable): a local house-rule file added to the variant's plugins."""
    s.add_argument("--plugin", action="append", default=[], metavar="PATH",
                   help="a local plugin file (house rule, .py) added after the variant's own plugins; repeatable. "
                        "Only ever loaded from here, never from a config or save file")


def local_plugins(args: argparse.Namespace) -> list[LocalPlugin]:
    """The files of ``--plugin``, read, imported and checked against the hook specs (a one-line error
    naming the file otherwise), each as its own new module."""
    plugins = [LocalPlugin.read(path, "--plugin") for path in getattr(args, "plugin", None) or []]
    distinct(plugins)  # a file given twice would be applied twice: refused before any is executed
    for plugin in plugins:
        _ = plugin.module
    return plugins


def local_json(variant: Variant) -> dict[str, Any]:
    """``{"local_plugins": [file names]}`` for a variant with local plugins, else nothing (so the JSON of a
    plain variant is unchanged)."""
    return {"local_plugins": [p.name for p in variant.local_plugins]} if variant.local_plugins else {}


VARIANT_HELP = (f"NAME or NAME(key=value, ...) with [rules] overrides as TOML values, e.g. 'sochi(players=4)' "
                f"(default {DEFAULT_VARIANT})")
RULE_HELP = ("set one [rules] key for this run (repeatable, over --variant's and --config's values): "
             "--rule players=4, --rule whist.style=gentleman; the value is a TOML value, a bare word a string")
_BARE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_KEY = re.compile(r"[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*")


def add_variant_options(s: argparse.ArgumentParser, config: bool = True) -> None:
    """``--config FILE | --variant V`` (one or the other) and ``--rule KEY=VALUE`` (repeatable), the same on
    every subcommand that chooses a variant."""
    which = s.add_mutually_exclusive_group()
    if config:
        which.add_argument("--config", metavar="FILE", help="a game config (TOML, or JSON by extension; "
                                                            "preferans config init writes one)")
    which.add_argument("--variant", metavar="V", help=VARIANT_HELP)
    add_rule_option(s)


def add_rule_option(s: argparse.ArgumentParser) -> None:
    """``--rule KEY=VALUE`` alone, for a subcommand whose variant is a positional argument."""
    s.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help=RULE_HELP)


def rule_overrides(texts: list[str] | None) -> dict[str, Any]:
    """The ``--rule`` values as one nested ``[rules]`` table: each ``KEY=VALUE`` read as one line of TOML
    (dotted keys make nested tables), later ones over earlier ones; a malformed one is a one-line error
    naming it. Whether the key exists and the value fits is checked with the variant (:func:`variant_named`)."""
    out: dict[str, Any] = {}
    for text in texts or []:
        key, eq, value = text.partition("=")
        if not eq or not key.strip() or not value.strip() or "\n" in text:
            raise bad_input("{option} {text}: expected {form} with a {kind} value ({examples}; {command} lists the "
                            "keys)", option="--rule", text=excerpt(text), form="KEY=VALUE", kind="TOML",
                            examples="players=4, whist.style=gentleman", command="preferans schema VARIANT")
        if len(key) > 200 or not _KEY.fullmatch(key.strip()):
            raise bad_input("{option} {text}: {key} is not a rules key (words of letters, digits and _ joined by dots: "
                            "{examples}; {command} lists them)", option="--rule", text=excerpt(text),
                            key=excerpt(key.strip()), examples="pool, whist.style", command="preferans schema VARIANT")
        if _BARE_WORD.fullmatch(value.strip()) and value.strip() not in ("true", "false", "inf", "nan"):
            text = f"{key}={json.dumps(value.strip())}"  # a bare word is the string it spells
        try:
            table = loads_toml(text, f"--rule {excerpt(text)}", BadInput)
        except BadInput as exc:
            raise bad_input("{error} ({form} with a {kind} value: a number, {booleans}, or a string in quotes)",
                            error=exc, form="KEY=VALUE", kind="TOML", booleans="true/false") from None
        out = deep_merge(out, table)
    return out


def variant_named(ident: str | None, rules: list[str] | None = None, plugins: Any = (),
                  source: str = "command line") -> Variant:
    """The variant of ``--variant NAME(key=value, ...)`` (or a positional VARIANT) with ``--rule`` on top;
    an unknown key or a value the rules refuse is one line naming ``--rule`` or ``--variant`` and the key."""
    name, overrides = parse_variant_id(ident or DEFAULT_VARIANT, "--variant")
    extra = rule_overrides(rules)
    if extra:
        source = "--rule"
    elif overrides:
        source = f"--variant {excerpt(ident)}"
    merged = deep_merge(overrides, extra)
    return load_variant(name or DEFAULT_VARIANT, merged or None, plugins, source=source)


def variant_from(args: argparse.Namespace) -> Variant:
    """The variant of ``--config`` or ``--variant``, with ``--rule`` and ``--plugin`` added."""
    plugins = local_plugins(args)
    rules = getattr(args, "rule", None) or []
    if getattr(args, "config", None):
        base = load_config(args.config, plugins)
        if not rules:
            return base
        return load_variant(base.name, deep_merge(base.overrides, rule_overrides(rules)),
                            [*base.plugin_names, *plugins], source="--rule")
    return variant_named(getattr(args, "variant", None), rules, plugins)


def variant_id(ident: str, rules: list[str] | None) -> str:
    """``ident`` with the ``--rule`` values folded in, as a variant ID (``sochi(players=4, pool=10)``) for
    a command that passes IDs on (conformance). The keys are flattened to dotted ones."""
    extra = rule_overrides(rules)
    if not extra:
        return ident
    name, overrides = parse_variant_id(ident, "conformance")
    flat: list[str] = []

    def walk(prefix: str, table: dict[str, Any]) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(f"{prefix}{key}.", value)
            else:
                flat.append(f"{prefix}{key}={_inline(value)}")

    walk("", deep_merge(overrides, extra))
    return f"{name}({', '.join(flat)})"


def _inline(value: Any) -> str:
    """A TOML value on one line (tomli-w writes lists over several)."""
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + "}"
    return tomli_w.dumps({"v": value}).split("=", 1)[1].strip()


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
        raise bad_input("--bots: expected {want} bot names separated by commas, got {got} ({text})",
                        want=want, got=len(given), text=excerpt(text))
    for seat, name in per_seat.items():
        if len(name) > 200 or not name.isprintable():
            raise bad_input("--bots: {name} is not a bot name ({help} lists them)", name=excerpt(name),
                            help="preferans --help")
        make_bot(name, 0, seat, where="--bots")  # validates the name
    return [HUMAN if s == human else per_seat[s] for s in range(n)]


def note_slow_solver(bots: Sequence[str], tr: Translator) -> None:
    """One line on stderr when bots of ``bots`` search with the double-dummy solver (``normal``, ``hard``,
    ``pimc``) and the solver runs in pure Python: the fallback where no C compiler built the compiled one at
    install, or ``PREFERANS_SOLVER=python``. Their decisions then take up to about a second instead of a
    fraction of one and search less (docs/bots.md), which a newcomer would otherwise take for a hung game or a
    weak bot."""
    searching = sorted({b for b in bots if b != HUMAN and isinstance(make_bot(b, 0, 0), PimcBot)})
    if searching and compiled_search() is None:
        print(tr.gettext("note: the double-dummy solver runs in pure Python here (not built at install, or "
                         "{env}): bots {bots} search less and may take about a second per decision; "
                         "{doc} says how to build it").format(
            env="PREFERANS_SOLVER=python", bots=", ".join(searching), doc="docs/performance.md (Building)"),
              file=sys.stderr)


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


def deal_number(text: str) -> int:
    """``--deal N``: a deal counted from 1 as the deal lines count them, in ASCII digits."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 9 or int(t) < 1:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a deal number (deals are counted from 1)")
    return int(t)
