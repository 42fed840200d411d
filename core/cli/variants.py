"""``preferans variants``: the installed variants, their distribution and description."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from preferans.core.cli.common import add_lang_option, dump_json, language_of
from preferans.core.formats import render
from preferans.core.model.errors import BadInput
from preferans.core.model.i18n import translator
from preferans.core.rules.config import PresetLevel, locale_dirs_of, resolve_chain
from preferans.core.rules.manager import installed_variants


def _description(name: str, chain: list[PresetLevel], lang: str) -> str:
    """The description in ``lang``: the catalogues' ``description`` entry of the variant (its own package's,
    then its parents', as for its words in a game), else the preset's English text. A family base, which
    is never loaded as a variant, is read from its chain of presets alike."""
    english = chain[-1].preset.description
    if lang == "en":
        return english
    dirs = locale_dirs_of(level.module for level in reversed(chain))
    shown = translator(lang, dirs).pgettext("description", name)
    return english if shown == name else shown


def cmd_variants(args: argparse.Namespace) -> int:
    lang = language_of(args)
    tr = translator(lang)  # the core's words: the table's head
    found = []
    for name, inst in installed_variants().items():
        item: dict[str, Any] = {"name": name, "distribution": inst.distribution, "module": inst.module}
        try:
            chain = resolve_chain(name, "installed variants", name)
            preset = chain[-1].preset
            description = preset.description if args.json else _description(name, chain, lang)
            item.update(description=description, abstract=preset.abstract, extends=preset.extends)
        except BadInput as exc:  # a broken third-party variant must not hide the others
            item.update(description=tr.gettext("(cannot be loaded: {error})").format(error=exc), abstract=False,
                        extends=None)
        found.append(item)
    if args.json:
        dump_json(found)
        return 0
    base = tr.gettext("(family base) ")
    rows = [[v["name"], v["distribution"], (base if v["abstract"] else "") + v["description"]] for v in found]
    out = render.Printer(sys.stdout, tr=tr)
    out.table("" if not out.rich else tr.gettext("Installed variants"),
              [tr.gettext("variant"), tr.gettext("distribution"), tr.gettext("description")], rows, align="lll")
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("variants", help="list the installed variants")
    s.add_argument("--json", action="store_true", help="print a JSON list")
    add_lang_option(s)
    s.set_defaults(func=cmd_variants)
