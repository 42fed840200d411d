"""``preferans solve``: a deal's double-dummy value, best discard, or the DD table of every contract."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from preferans.core.cli.common import (
    VARIANT_HELP,
    add_lang_option,
    add_rule_option,
    deal_number,
    translator_for,
    variant_named,
)
from preferans.core.model.cards import CARD_NAMES, format_cards
from preferans.core.model.contracts import ContractSpec
from preferans.core.model.errors import bad_input
from preferans.core.model.i18n import Translator
from preferans.core.tools.solve import (
    SEATS_TYPED,
    DealInput,
    Solved,
    Table,
    card_names,
    card_order,
    column_label,
    deal_of_game,
    lead_values,
    made,
    maximises,
    parse_deal,
    parse_seat,
    seat_label,
    solve_contract,
    tricks,
)


def _saved_game(text: str) -> bool:
    """Whether DEAL names a file that is a saved game or a game record (JSON that says so)."""
    try:
        path = Path(text)
        if len(text) >= 4096 or not path.is_file():
            return False
        with path.open("rb") as f:
            head = f.read(4096)
    except (OSError, ValueError):
        return False
    return head.lstrip().startswith(b"{") and (b'"preferans-save"' in head or b'"preferans-game"' in head)


def _check_named_file(text: str) -> None:
    """A DEAL that can only be a file name (no hands in it, a file's ending) and names no file: say so, rather
    than reading it as four hands."""
    if "|" not in text and len(text) < 4096 and Path(text).suffix.lower() in (".json", ".ppn", ".txt"):
        try:
            missing = not Path(text).exists()
        except (OSError, ValueError):  # a name too long for the file system, a NUL in it: read as hands
            return
        if missing:
            raise bad_input("{arg}: {text}: no such file ({arg} is a saved game, a game record, a {suffix} file, or "
                            "the four hands {form})", arg="DEAL", text=text, suffix=".ppn",
                            form="'first | second | dealer | talon'")


def cmd_solve(args: argparse.Namespace) -> int:
    if args.deal_number is not None or _saved_game(args.deal):
        from preferans.core.tools.analysis import load_log  # a save file, game record or PPN file

        game, _ = load_log(args.deal.strip())
        deal = deal_of_game(game, args.deal_number or 1)
        if args.variant is None and not args.rule:
            variant = game.variant  # the game's own rules, its overrides included
        else:
            variant = variant_named(args.variant or game.variant.name, args.rule)
    else:
        _check_named_file(args.deal)
        deal = parse_deal(args.deal)
        variant = variant_named(args.variant or deal.variant, args.rule)
    table = Table(variant)
    tr = translator_for(args, variant)
    declarer = None if args.declarer is None else parse_seat(args.declarer, "--declarer")
    leader = None if args.leader is None else parse_seat(args.leader, "--leader")
    if args.contract is not None:
        if declarer is None:
            raise bad_input("{option}: needs {needs} ({seats})", option="--contract", needs="--declarer SEAT",
                            seats=SEATS_TYPED)
        return _one_contract(table, deal, table.contract(args.contract), declarer, leader, args.json, tr)
    return _dd_table(table, deal, declarer, leader, args.json, tr)


def _deal_json(deal: DealInput) -> dict[str, Any]:
    return {"hands": [card_names(h) for h in deal.hands], "talon": card_names(deal.talon)}


def _print_deal(table: Table, deal: DealInput, tr: Translator) -> None:
    print(tr.gettext("{variant}: a deal of three hands").format(variant=table.variant.name))
    for seat, hand in enumerate(deal.hands):
        print(f"  {seat_label(seat, tr):<16} {format_cards(hand)}")
    print(f"  {tr.gettext('talon'):<16} {format_cards(deal.talon)}")


def _label(label: str, tr: Translator) -> str:
    """A column's label as the language writes it: a suit's letter (``NT`` too), else a contract's name."""
    return tr.pgettext("suit", label) if label in ("S", "C", "D", "H", "NT") else tr.contract(label)


def _one_contract(table: Table, deal: DealInput, spec: ContractSpec, declarer: int, leader: int | None,
                  as_json: bool, tr: Translator) -> int:
    solved = solve_contract(table, deal, spec, declarer, leader)
    leads = lead_values(solved)
    ok = made(spec, solved.tricks)
    first = solved.play.rules.leader
    if as_json:
        print(json.dumps({
            "variant": table.variant.name, "deal": _deal_json(deal), "contract": spec.name,
            "declarer": declarer, "leader": first, "goal": "max" if maximises(spec) else "min",
            "tricks": solved.tricks, "made": ok,
            "discard": card_names(solved.discard) if spec.with_talon else None,
            "leads": {CARD_NAMES[c]: v for c, v in sorted(leads.items(), key=lambda kv: card_order(kv[0]))},
        }, ensure_ascii=False, indent=2))
        return 0
    _print_deal(table, deal, tr)
    name = tr.contract(spec.name)
    print(tr.gettext("contract {contract} by seat {declarer}; seat {leader} leads").format(
        contract=name, declarer=seat_label(declarer, tr), leader=seat_label(first, tr)))
    if spec.with_talon:
        said = (tr.gettext("discard: {cards} (the declarer takes the talon; of the 66 discards this one gives the "
                           "most tricks)") if maximises(spec) else
                tr.gettext("discard: {cards} (the declarer takes the talon; of the 66 discards this one gives the "
                           "fewest tricks)"))
        print(said.format(cards=format_cards(solved.discard)))
    else:
        print(tr.gettext("discard: none (played without the talon)"))
    need = {"none": tr.gettext("no trick"), "all": tr.gettext("all ten")}.get(spec.goal, f"{spec.target}")
    said = (tr.gettext("double-dummy: {tricks} for the declarer; {contract} is made (needs {need})") if ok else
            tr.gettext("double-dummy: {tricks} for the declarer; {contract} is not made (needs {need})"))
    print(said.format(tricks=tricks(solved.tricks, tr), contract=name, need=need))
    text = ", ".join(f"{CARD_NAMES[c]} {v}" for c, v in sorted(leads.items(), key=lambda kv: card_order(kv[0])))
    print(tr.gettext("first card by seat {seat}, declarer's tricks after it: {leads}").format(seat=first, leads=text))
    return 0


def _dd_table(table: Table, deal: DealInput, only: int | None, leader: int | None, as_json: bool,
              tr: Translator) -> int:
    columns = table.columns()
    seats = [only] if only is not None else [0, 1, 2]
    cells: dict[int, list[Solved]] = {d: [solve_contract(table, deal, spec, d, leader) for spec in columns]
                                      for d in seats}
    if as_json:
        print(json.dumps({
            "variant": table.variant.name, "deal": _deal_json(deal), "leader": leader,
            "columns": [{"label": column_label(s), "contract": s.name,
                         "goal": "max" if maximises(s) else "min"} for s in columns],
            "rows": [{"declarer": d, "cells": [
                {"tricks": c.tricks, "discard": card_names(c.discard) if s.with_talon else None,
                 "leader": c.play.rules.leader}
                for s, c in zip(columns, cells[d], strict=True)]} for d in seats],
        }, ensure_ascii=False, indent=2))
        return 0
    _print_deal(table, deal, tr)
    labels = [_label(column_label(s), tr) for s in columns]
    rows = [[seat_label(d, tr), *(str(c.tricks) for c in cells[d])] for d in seats]
    lead = (tr.gettext("seat {seat} leads").format(seat=seat_label(leader, tr)) if leader is not None else
            tr.gettext("the variant's leader leads"))
    print("\n" + tr.gettext("double-dummy tricks of the declarer (games: his most; {nulls}: his fewest); best "
                            "discard; {lead}").format(nulls=", ".join(_none_labels(columns, tr)) or "-", lead=lead))
    _plain_table([tr.gettext("declarer"), *labels], rows)
    print("\n" + tr.gettext("best discards"))
    rows = [[seat_label(d, tr), *(" ".join(card_names(c.discard)) if s.with_talon else "-"
                             for s, c in zip(columns, cells[d], strict=True))] for d in seats]
    _plain_table([tr.gettext("declarer"), *labels], rows)
    return 0


def _none_labels(columns: list[ContractSpec], tr: Translator) -> list[str]:
    return [_label(column_label(s), tr) for s in columns if not maximises(s)]


def _plain_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        first = r[0].ljust(widths[0])
        rest = "  ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True))
        sys.stdout.write(f"{first}  {rest}\n".rstrip() + "\n")


def add_parser(sub: Any) -> None:
    s = sub.add_parser("solve", help="double-dummy tricks of a deal: one contract, or a table of every contract")
    s.add_argument("deal", metavar="DEAL", help="'first hand | second hand | dealer | talon', a .ppn file or record, "
                                                "or a game saved with play --save (or a game record)")
    s.add_argument("--deal", dest="deal_number", type=deal_number, metavar="N",
                   help="of a saved game or record: solve its deal N as dealt (counted from 1, as the deal lines "
                        "count; default 1)")
    s.add_argument("--variant", metavar="V", help=VARIANT_HELP + "; a PPN deal: its Variant tag, a saved game: "
                                                                 "its own rules")
    add_rule_option(s)
    s.add_argument("--contract", metavar="C", help="a contract of the variant's table (needs --declarer)")
    s.add_argument("--declarer", metavar="SEAT", help="0/first, 1/second, 2/dealer; without --contract: his row")
    s.add_argument("--leader", metavar="SEAT", help="who leads the first trick (default: the variant's rule)")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    add_lang_option(s)
    s.set_defaults(func=cmd_solve)
