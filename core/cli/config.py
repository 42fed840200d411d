"""``preferans config init|check``: write a commented starting config, or validate one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from preferans.core.cli.common import (
    VARIANT_HELP,
    add_lang_option,
    add_rule_option,
    dump_json,
    translator_for,
    variant_named,
)
from preferans.core.formats.atomic import check_writable, write_atomic
from preferans.core.model.errors import bad_input
from preferans.core.model.i18n import Translator
from preferans.core.rules.commented import description_in, starter_toml
from preferans.core.rules.config import (
    Variant,
    load_config,
)


def head_comments(variant: Variant, tr: Translator) -> tuple[str, str]:
    """The two comment lines at the top of the starter config, in the translator's language: the variant's
    description from its catalogues (the preset's English when they have none), the command as typed."""
    return (tr.gettext("preferans game config. Variant: {name} - {description}").format(
                name=variant.name, description=description_in(variant, tr)),
            tr.gettext("Uncomment and change any rule; unknown keys are rejected. `{command}` prints these "
                       "values.").format(command=f"preferans show {variant.name}"))


def cmd_config_init(args: argparse.Namespace) -> int:
    variant = variant_named(args.variant, args.rule)
    tr = translator_for(args, variant)
    text = starter_toml(variant, tr, head_comments(variant, tr))
    if not args.output or args.output == "-":
        sys.stdout.write(text)
        return 0
    path = Path(args.output)
    check_writable(path)  # a folder, a FIFO, a path under a file: one line before "file exists"
    if path.exists() and not args.force:
        raise bad_input("{path}: file exists; use --force to overwrite it", path=path)
    write_atomic(path, text)
    print(tr.gettext("wrote {path} (variant {variant})").format(path=path, variant=args.variant))
    return 0


def cmd_config_check(args: argparse.Namespace) -> int:
    variant = load_config(args.file)
    if args.json:  # an error is still one line on stderr, exit 2
        dump_json({"file": args.file, "ok": True, "variant": variant.name, "overrides": variant.overrides,
                   "rules": variant.dump_rules()})
        return 0
    tr = translator_for(args, variant)
    print(tr.gettext("{file}: ok (variant {variant})").format(file=args.file, variant=variant.name))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("config", help="write or check a game config file")
    csub = s.add_subparsers(dest="config_command", required=True, metavar="init|check")
    c = csub.add_parser("init", help="write a commented starting config")
    c.add_argument("variant", metavar="VARIANT", help=VARIANT_HELP)
    add_rule_option(c)
    c.add_argument("-o", "--output", metavar="FILE", help="file to write (default: print it)")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_lang_option(c)
    c.set_defaults(func=cmd_config_init)
    c = csub.add_parser("check", help="validate a config file")
    c.add_argument("file", metavar="FILE", help="the game config to check (TOML, or JSON by extension)")
    c.add_argument("--json", action="store_true",
                   help="print {file, ok, variant, overrides, rules: the effective rules} as JSON")
    add_lang_option(c)
    c.set_defaults(func=cmd_config_check)
