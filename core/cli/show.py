"""``preferans show V``: the effective rules of a variant as TOML, each key and table with a comment saying
what it means, in the language of ``--lang`` or the environment (docs/i18n.md)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import VARIANT_HELP, add_lang_option, add_rule_option, translator_for, variant_named
from preferans.core.rules.commented import commented_toml


def cmd_show(args: argparse.Namespace) -> int:
    variant = variant_named(args.variant, args.rule)
    sys.stdout.write(commented_toml(variant, translator_for(args, variant)))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("show", help="print the effective rules of a variant as commented TOML")
    s.add_argument("variant", metavar="VARIANT", help=VARIANT_HELP)
    add_rule_option(s)
    add_lang_option(s)
    s.set_defaults(func=cmd_show)
