"""``preferans playthrough record|check``: write a golden playthrough, or replay files against the code."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import tomli_w

from preferans.core.cli.common import add_lang_option, add_plugin_option, language_of, local_plugins, seed_value
from preferans.core.formats.atomic import check_writable, write_atomic
from preferans.core.model.errors import ConfigError, bad_input
from preferans.core.model.files import CONFIG_LIMIT
from preferans.core.model.i18n import translator
from preferans.core.model.parsing import loads_toml, read_text


def _calls(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def cmd_record(args: argparse.Namespace) -> int:
    from preferans.core.testing.playthrough import record  # lazily: only this command plays scripted deals

    path = Path(args.output)
    check_writable(path)
    if path.exists() and not args.force:
        raise bad_input("{path}: file exists; use --force to overwrite it", path=path)
    data = record(args.variant, args.seed, _calls(args.calls), _calls(args.defence), args.description,
                  args.first_dealer, local_plugins(args))
    write_atomic(path, tomli_w.dumps(data))
    print(translator(language_of(args)).gettext(
        "wrote {path}: check every number by hand against the rules before committing it").format(path=path))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from preferans.core.testing.messages import said_in
    from preferans.core.testing.playthrough import check

    tr = translator(language_of(args))  # the lines in the language; the replay's own messages as written
    plugins = local_plugins(args)
    failed = 0
    for name in args.files:
        data = loads_toml(read_text(Path(name), name, ConfigError, CONFIG_LIMIT, "a playthrough"), name)
        missing = [key for key in ("variant", "seed", "actions") if key not in data]
        if missing:
            raise bad_input("{name}: {key}: required key is missing (a playthrough has {keys} and {last})", name=name,
                            key=missing[0], keys="variant, seed, actions, [[deal]]", last="[settlement]")
        try:
            check(data, name, plugins)
        except AssertionError as exc:  # the replay differs from the file: a failed check, not bad input
            failed += 1
            print(tr.gettext("{name}: FAILED: {error}").format(name=name, error=said_in(str(exc), tr)))
            continue
        except (KeyError, TypeError, ValueError) as exc:
            error = f"{type(exc).__name__}: {exc}"
            raise bad_input("{name}: not a playthrough: {error}", name=name, error=error) from None
        deals = len(data.get("deal", []))  # English says "deal(s)" whatever the number, as it always has
        print(tr.ngettext("{name}: ok ({n} deal(s) and the settlement replay as recorded)",
                          "{name}: ok ({n} deal(s) and the settlement replay as recorded)", deals).format(
            name=name, n=deals))
    return 1 if failed else 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("playthrough", help="record a golden playthrough, or check files against the code "
                                           "(docs/conformance.md)")
    psub = s.add_subparsers(dest="playthrough_command", required=True, metavar="record|check")
    r = psub.add_parser("record", help="play one scripted deal and write it as a playthrough file")
    r.add_argument("variant", metavar="VARIANT", help="an installed variant")
    r.add_argument("--seed", type=seed_value, default=1, help="seed of the deal (default 1)")
    r.add_argument("--first-dealer", type=int, default=0, metavar="SEAT", help="who deals (default seat 0)")
    r.add_argument("--calls", default="", metavar="CALLS",
                   help="auction calls in order, comma separated (6S,pass,pass); after them everyone passes")
    r.add_argument("--defence", default="", metavar="CALLS",
                   help="defence calls in order, comma separated (whist,pass); after them the first legal one")
    r.add_argument("--description", default="", help="one line saying what the deal shows")
    r.add_argument("-o", "--output", required=True, metavar="FILE", help="the playthrough file to write")
    r.add_argument("--force", action="store_true", help="overwrite an existing file")
    add_plugin_option(r)
    add_lang_option(r)
    r.set_defaults(func=cmd_record)
    c = psub.add_parser("check", help="replay playthrough files and compare every deal and the settlement")
    c.add_argument("files", nargs="+", metavar="FILE", help="playthrough files (TOML)")
    add_plugin_option(c)
    add_lang_option(c)
    c.set_defaults(func=cmd_check)
