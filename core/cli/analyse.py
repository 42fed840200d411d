"""``preferans analyse``: each card of a saved game valued against double-dummy play."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from preferans.core.ai.pimc import CAPS
from preferans.core.cli.common import add_lang_option, translator_for
from preferans.core.formats.report import seat_name
from preferans.core.model.cards import CARD_NAMES
from preferans.core.model.errors import bad_input
from preferans.core.model.i18n import ENGLISH, Translator
from preferans.core.tools.analysis import DealAnalysis, Expected, analyse, largest_mistakes, load_log
from preferans.core.tools.solve import tricks


def _deal_json(a: DealAnalysis, names: Sequence[str]) -> dict[str, Any]:
    return {
        "deal": a.number, "dealer": a.dealer, "kind": a.kind, "contract": a.contract, "declarer": a.declarer,
        "hands": list(a.hands), "dd_start": list(a.dd_start), "actual": list(a.actual),
        "costly": [{"trick": c.trick, "hand": c.hand, "player": seat_name(names, c.hand),
                    "card": CARD_NAMES[c.card], "lost": c.lost, "best": [CARD_NAMES[b] for b in c.best]}
                   for c in a.costly],
        "expected": [_expected_json(e, names) for e in a.expected],
    }


def _expected_json(e: Expected, names: Sequence[str]) -> dict[str, Any]:
    return {"trick": e.trick, "hand": e.hand, "seat": e.seat, "player": seat_name(names, e.seat),
            "card": CARD_NAMES[e.card], "loss": round(e.loss, 2), "best": [CARD_NAMES[b] for b in e.best],
            "layouts": e.layouts}


def _expected_line(e: Expected, names: Sequence[str], tr: Translator = ENGLISH) -> str:
    best = " ".join(CARD_NAMES[b] for b in e.best)
    where = "" if e.hand == e.seat else tr.gettext(" from {player}'s hand").format(player=seat_name(names, e.hand))
    return tr.ngettext("trick {trick}: {player} played {card}{where}, expected loss {loss} tricks over {n} layout "
                       "(best: {best})",
                       "trick {trick}: {player} played {card}{where}, expected loss {loss} tricks over {n} layouts "
                       "(best: {best})", e.layouts).format(
        trick=e.trick, player=seat_name(names, e.seat), card=CARD_NAMES[e.card], where=where, loss=f"{e.loss:.2f}",
        n=e.layouts, best=best)


def _deal_lines(a: DealAnalysis, names: Sequence[str], tr: Translator = ENGLISH) -> list[str]:
    head = tr.gettext("deal {number} (dealer {player}): ").format(number=a.number, player=seat_name(names, a.dealer))
    contract = tr.contract(a.contract) if a.contract is not None else ""
    if a.kind == "not played":
        what = (tr.gettext("{contract} by {player}").format(contract=contract, player=seat_name(names, a.declarer))
                if a.declarer is not None else tr.gettext("all passed"))
        return [head + tr.gettext("{what}, no cards played").format(what=what)]
    if a.kind == "all_pass":
        dd = ", ".join(f"{seat_name(names, h)} {v}" for h, v in zip(a.hands, a.dd_start, strict=True))
        act = ", ".join(f"{seat_name(names, h)} {v}" for h, v in zip(a.hands, a.actual, strict=True))
        lines = [head + tr.gettext("raspasovka; double-dummy tricks at the first card (each avoiding tricks against "
                                   "the others): {dd}; taken: {taken}").format(dd=dd, taken=act)]
    else:
        assert a.declarer is not None
        lines = [head + tr.gettext("{contract} by {player}; double-dummy at the first card: {tricks}; taken: "
                                   "{taken}").format(contract=contract, player=seat_name(names, a.declarer),
                                                     tricks=tricks(a.dd_start[0], tr), taken=a.actual[0])]
    if not a.costly:
        lines.append("  " + tr.gettext("no costly card: every card kept its side's double-dummy tricks"))
    for c in a.costly:
        best = " ".join(CARD_NAMES[b] for b in c.best)
        lines.append("  " + tr.ngettext("trick {trick}: {player} played {card}, lost {n} trick (best: {best})",
                                        "trick {trick}: {player} played {card}, lost {n} tricks (best: {best})",
                                        c.lost).format(trick=c.trick, player=seat_name(names, c.hand),
                                                       card=CARD_NAMES[c.card], n=c.lost, best=best))
    for e in a.expected:
        lines.append("  " + _expected_line(e, names, tr))
    return lines


def cmd_analyse(args: argparse.Namespace) -> int:
    if args.deals is not None and args.deals < 1:
        raise bad_input("{option}: expected a positive number of deals, got {deals}", option="--deals",
                        deals=args.deals)
    if args.samples is not None and not args.expected:
        raise bad_input("{option}: the layouts of {needs}: use it with {needs}", option="--samples", needs="--expected")
    samples = 24 if args.samples is None else args.samples
    if not 1 <= samples <= CAPS["samples"]:
        raise bad_input("{option}: expected 1 to {cap} layouts, got {samples}", option="--samples",
                        cap=format(CAPS["samples"], "g"), samples=samples)
    game, names = load_log(args.log)
    result = analyse(game.variant, game.seed, game.history, game.first_dealer, game.deals, args.deals,
                     samples if args.expected else None)
    mistakes = largest_mistakes(result)
    if args.json:
        data: dict[str, Any] = {"log": args.log, "variant": game.variant.name, "players": names,
                                "deals": [_deal_json(a, names) for a in result]}
        if args.expected:
            data["mistakes"] = {seat_name(names, seat): [{"deal": n, **_expected_json(e, names)} for n, e in rows]
                                for seat, rows in mistakes.items()}
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    tr = translator_for(args, game.variant)
    print(tr.gettext("{log}: {variant}, {n} deals analysed").format(log=args.log, variant=game.variant.name,
                                                                     n=len(result)))
    for a in result:
        for line in _deal_lines(a, names, tr):
            print(line)
    if args.expected:
        print(tr.gettext("largest mistakes by expected loss:") if mistakes else
              tr.gettext("no card with an expected loss"))
        for seat, rows in mistakes.items():
            print(f"  {seat_name(names, seat)}:")
            for n, e in rows:
                print("    " + tr.gettext("deal {number}, ").format(number=n) + _expected_line(e, names, tr))
    return 0


def add_parser(sub: Any) -> None:
    s = sub.add_parser("analyse", help="mark each card of a saved game that cost tricks against double-dummy play")
    s.add_argument("log", metavar="LOG", help="a game saved with play --save (or ppn import), or a PPN file")
    s.add_argument("--deals", type=int, metavar="N", help="analyse only the first N deals")
    s.add_argument("--expected", action="store_true",
                   help="also each card's expected loss over the layouts its player could not tell apart, and "
                        "each player's largest mistakes")
    s.add_argument("--samples", type=int, metavar="N", help="layouts per card for --expected (default 24)")
    s.add_argument("--json", action="store_true", help="print a JSON object")
    add_lang_option(s)
    s.set_defaults(func=cmd_analyse)
