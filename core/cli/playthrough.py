"""``preferans playthrough record|check``: write a golden playthrough, or replay files against the code."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any, NoReturn

import tomli_w

from preferans.core.cli.common import add_lang_option, add_plugin_option, language_of, local_plugins, seed_value
from preferans.core.formats.atomic import check_writable, write_atomic
from preferans.core.model.errors import BadInput, ConfigError, bad_input, excerpt, shown_path
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


KEYS = ("variant", "description", "seed", "first_dealer", "actions", "rules", "over", "deal", "settlement")
"""The keys of a playthrough file (core/testing/playthrough.py); any other is refused, not ignored."""
DEAL_KEYS = ("kind", "contract", "declarer", "tricks", "entries")
SETTLEMENT_KEYS = ("exact", "rounded")
_AMOUNT = re.compile(r"-?[0-9]{1,18}(/[1-9][0-9]{0,17})?")


def _fail(name: str, message: BadInput) -> NoReturn:
    raise ConfigError(name, "", message)


def _keys(table: dict[str, Any], allowed: tuple[str, ...], where: str, name: str) -> None:
    for key in table:
        if key not in allowed:
            field = f"{where}.{key}" if where else key
            _fail(name, bad_input("{key}: unknown key {name} (allowed: {allowed})", key=shown_path(field),
                                  name=excerpt(key), allowed=", ".join(allowed)))


def _want(value: object, kind: str, field: str, name: str) -> None:
    """``value`` at ``field`` is of ``kind``: text, int (a whole number), bool, table or list."""
    ok = {"text": isinstance(value, str), "int": type(value) is int, "bool": isinstance(value, bool),
          "table": isinstance(value, dict), "list": isinstance(value, list)}[kind]
    if ok:
        return
    got = excerpt(value)
    _fail(name, bad_input("{field}: expected text, got {got}", field=field, got=got) if kind == "text" else
          bad_input("{field}: expected a whole number, got {got}", field=field, got=got) if kind == "int" else
          bad_input("{field}: expected true or false, got {got}", field=field, got=got) if kind == "bool" else
          bad_input("{key}: expected a table, got {got}", key=field, got=got) if kind == "table" else
          bad_input("{field}: expected a list, got {got}", field=field, got=got))


TEXT_LIMIT = 200
"""The longest text a playthrough holds in one value (its description; an action, a kind, an account are short)."""


def _text(value: object, field: str, name: str) -> None:
    _want(value, "text", field, name)
    assert isinstance(value, str)
    if len(value) > TEXT_LIMIT or not value.isprintable():
        _fail(name, bad_input("{field}: expected one line of at most {limit} printable characters, got {got}",
                              field=field, limit=TEXT_LIMIT, got=excerpt(value)))


def _amount(value: object, field: str, name: str, whole: bool = True) -> None:
    """An amount: a fraction as text (``"-40/3"``), or with ``whole`` a whole number too."""
    if (whole and type(value) is int) or (isinstance(value, str) and _AMOUNT.fullmatch(value)):
        return
    _fail(name, bad_input("{field}: expected an amount (a whole number, or a fraction as text: {examples}), got "
                          "{got}", field=field, examples='"-40/3"', got=excerpt(value)) if whole else
          bad_input("{field}: expected an amount as text ({examples}), got {got}", field=field, examples='"-40/3"',
                    got=excerpt(value)))


def check_shape(data: dict[str, Any], name: str) -> None:
    """Every key of a playthrough known and of its type (the replay then compares the values): one line
    naming the file and the key, never an internal error on a file someone edited."""
    _keys(data, KEYS, "", name)
    missing = [key for key in ("variant", "seed", "actions") if key not in data]
    if missing:
        raise bad_input("{name}: {key}: required key is missing (a playthrough has {keys} and {last})", name=name,
                        key=missing[0], keys="variant, seed, actions, [[deal]]", last="[settlement]")
    for key, kind in (("variant", "text"), ("description", "text"), ("seed", "int"), ("first_dealer", "int"),
                      ("actions", "list"), ("rules", "table"), ("over", "bool"), ("deal", "list"),
                      ("settlement", "table")):
        if key in data:
            if kind == "text":
                _text(data[key], key, name)
            else:
                _want(data[key], kind, key, name)
    for i, action in enumerate(data["actions"]):
        _text(action, f"actions[{i + 1}]", name)
    for i, deal in enumerate(data.get("deal", []), 1):
        where = f"deal[{i}]"
        _want(deal, "table", where, name)
        _keys(deal, DEAL_KEYS, where, name)
        for key, kind in (("kind", "text"), ("contract", "text"), ("declarer", "int"), ("tricks", "list"),
                          ("entries", "list")):
            if key in deal:
                field = f"{where}.{key}"
                if kind == "text":
                    _text(deal[key], field, name)
                else:
                    _want(deal[key], kind, field, name)
        for j, tricks in enumerate(deal.get("tricks", []), 1):
            _want(tricks, "int", f"{where}.tricks[{j}]", name)
        for j, row in enumerate(deal.get("entries", []), 1):
            field = f"{where}.entries[{j}]"
            if not (isinstance(row, list) and len(row) in (3, 4)):
                _fail(name, bad_input("{field}: expected [account, seat, amount] or [account, seat, amount, other "
                                      "seat], got {got}", field=field, got=excerpt(row)))
            _text(row[0], f"{field}[1]", name)
            _want(row[1], "int", f"{field}[2]", name)
            _amount(row[2], f"{field}[3]", name)
            if len(row) == 4:
                _want(row[3], "int", f"{field}[4]", name)
    settlement = data.get("settlement", {})
    _keys(settlement, SETTLEMENT_KEYS, "settlement", name)
    for key in SETTLEMENT_KEYS:
        if key in settlement:
            _want(settlement[key], "list", f"settlement.{key}", name)
    for j, x in enumerate(settlement.get("exact", []), 1):
        _amount(x, f"settlement.exact[{j}]", name, whole=False)
    for j, x in enumerate(settlement.get("rounded", []), 1):
        _want(x, "int", f"settlement.rounded[{j}]", name)


def cmd_check(args: argparse.Namespace) -> int:
    from preferans.core.testing.messages import said_in
    from preferans.core.testing.playthrough import check

    tr = translator(language_of(args))  # the lines in the language; the replay's own messages as written
    plugins = local_plugins(args)
    failed = 0
    for name in args.files:
        data = loads_toml(read_text(Path(name), name, ConfigError, CONFIG_LIMIT, "a playthrough"), name)
        check_shape(data, name)
        try:
            check(data, name, plugins)
        except AssertionError as exc:  # the replay differs from the file: a failed check, not bad input
            failed += 1
            print(tr.gettext("{name}: FAILED: {error}").format(name=name, error=said_in(str(exc), tr)))
            continue
        except BadInput as exc:  # the variant, its rules or the start of the game: named with the file
            if str(exc).startswith(f"{name}: ") or str(exc).startswith(f"{shown_path(name)}: "):
                raise
            raise ConfigError(name, "", exc) from None
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
