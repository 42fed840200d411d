"""``preferans analyse``: each card of a saved game valued against double-dummy play."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from preferans.core.ai.pimc import CAPS
from preferans.core.formats.report import seat_name
from preferans.core.model.cards import CARD_NAMES
from preferans.core.model.errors import BadInput
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


def _expected_line(e: Expected, names: Sequence[str]) -> str:
    best = " ".join(CARD_NAMES[b] for b in e.best)
    where = "" if e.hand == e.seat else f" from {seat_name(names, e.hand)}'s hand"
    return (f"trick {e.trick}: {seat_name(names, e.seat)} played {CARD_NAMES[e.card]}{where}, expected loss "
            f"{e.loss:.2f} tricks over {e.layouts} layout{'s' if e.layouts != 1 else ''} (best: {best})")


def _deal_lines(a: DealAnalysis, names: Sequence[str]) -> list[str]:
    head = f"deal {a.number} (dealer {seat_name(names, a.dealer)}): "
    if a.kind == "not played":
        what = f"{a.contract} by {seat_name(names, a.declarer)}" if a.declarer is not None else "all passed"
        return [head + f"{what}, no cards played"]
    if a.kind == "raspasovka":
        dd = ", ".join(f"{seat_name(names, h)} {v}" for h, v in zip(a.hands, a.dd_start, strict=True))
        act = ", ".join(f"{seat_name(names, h)} {v}" for h, v in zip(a.hands, a.actual, strict=True))
        lines = [head + f"raspasovka; double-dummy tricks at the first card (each avoiding tricks against the "
                        f"others): {dd}; taken: {act}"]
    else:
        assert a.declarer is not None
        lines = [head + f"{a.contract} by {seat_name(names, a.declarer)}; double-dummy at the first card: "
                        f"{tricks(a.dd_start[0])}; taken: {a.actual[0]}"]
    if not a.costly:
        lines.append("  no costly card: every card kept its side's double-dummy tricks")
    for c in a.costly:
        best = " ".join(CARD_NAMES[b] for b in c.best)
        lines.append(f"  trick {c.trick}: {seat_name(names, c.hand)} played {CARD_NAMES[c.card]}, "
                     f"lost {c.lost} trick{'s' if c.lost > 1 else ''} (best: {best})")
    for e in a.expected:
        lines.append("  " + _expected_line(e, names))
    return lines


def cmd_analyse(args: argparse.Namespace) -> int:
    if args.deals is not None and args.deals < 1:
        raise BadInput(f"--deals: expected a positive number of deals, got {args.deals}")
    if args.samples is not None and not args.expected:
        raise BadInput("--samples: the layouts of --expected: use it with --expected")
    samples = 24 if args.samples is None else args.samples
    if not 1 <= samples <= CAPS["samples"]:
        raise BadInput(f"--samples: expected 1 to {CAPS['samples']:g} layouts, got {samples}")
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
    print(f"{args.log}: {game.variant.name}, {len(result)} deals analysed")
    for a in result:
        for line in _deal_lines(a, names):
            print(line)
    if args.expected:
        print("largest mistakes by expected loss:" if mistakes else "no card with an expected loss")
        for seat, rows in mistakes.items():
            print(f"  {seat_name(names, seat)}:")
            for n, e in rows:
                print(f"    deal {n}, " + _expected_line(e, names))
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
    s.set_defaults(func=cmd_analyse)
