"""Golden playthroughs: recorded deals that every build must replay to the same tricks, sheet and settlement.

A playthrough is a TOML file in ``variants/<name>/playthroughs/``::

    variant = "sochi"
    description = "6S made, both defenders whist"
    seed = 1
    first_dealer = 0
    actions = ["6S", "pass", "pass", "7C", "8C", "6S", "whist", "whist", "AS", ...]
    [rules]                      # optional overrides
    [[deal]]                     # one table per deal the actions complete
    kind = "contract"            # contract | all_pass
    contract = "6S"
    declarer = 1
    tricks = [2, 6, 2]
    entries = [["pool", 1, 2], ["whists", 0, 4, 1]]   # account, seat, amount[, other]
    [settlement]
    exact = ["-40/3", "80/3", "-40/3"]
    rounded = [-14, 27, -13]

Record one with ``preferans playthrough record VARIANT --seed S --calls 6S,pass,pass --defence whist,whist -o
FILE`` (``python -m preferans.core.testing.playthrough record ...`` is the same, kept for old scripts), and
replay files with ``preferans playthrough check FILE...``; the recorder plays the listed auction and defence
calls and then the lowest legal card each time. Check the recorded numbers by hand against the rules before
committing the file: the recorder writes what the code does, and only your arithmetic makes it a golden value.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from collections.abc import Iterator, Sequence
from fractions import Fraction
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import tomli_w

from preferans.core.engine.game import Game, Phase
from preferans.core.formats.atomic import write_atomic
from preferans.core.model.errors import RecordError
from preferans.core.model.views import Amount, DealResult, Entry
from preferans.core.rules.config import load_variant
from preferans.core.rules.local import LocalPlugin
from preferans.core.rules.manager import VARIANT_GROUP, load_module
from preferans.core.testing.messages import check_message


def _amount(text: str | int) -> Fraction:
    return Fraction(text)


def _show(x: Amount) -> int | str:
    return int(x) if Fraction(x).denominator == 1 else str(Fraction(x))


def entry_row(e: Entry) -> list[Any]:
    row: list[Any] = [e.account, e.seat, _show(e.amount)]
    if e.other is not None:
        row.append(e.other)
    return row


def deal_table(r: DealResult, entries: list[Entry]) -> dict[str, Any]:
    table: dict[str, Any] = {"kind": r.kind}
    if r.contract is not None:
        table["contract"] = r.contract.name
    if r.declarer is not None:
        table["declarer"] = r.declarer
    table["tricks"] = list(r.tricks)
    table["entries"] = [entry_row(e) for e in entries]
    return table


def playthrough_files(variant_name: str) -> Iterator[tuple[str, Traversable]]:
    """The playthrough files shipped beside the variant's preset."""
    module = load_module(VARIANT_GROUP, variant_name, "conformance", "variant")
    folder = files(module) / "playthroughs"
    if not folder.is_dir():
        return
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.endswith(".toml"):
            yield f"{variant_name}/playthroughs/{item.name}", item


def replay(data: dict[str, Any], plugins: Sequence[LocalPlugin] = (), source: str = "replay") -> Game:
    """Replay a playthrough's actions, with ``plugins`` (a house rule's files) added to its variant."""
    variant = load_variant(data["variant"], data.get("rules") or None, list(plugins))
    return Game.replay(variant, int(data["seed"]), list(data["actions"]), int(data.get("first_dealer", 0)),
                       source=source)


class GoldenDifference(AssertionError):
    """A golden game that no longer replays as recorded; ``area`` says where it differs (an area of
    :data:`preferans.core.model.kit.AREAS`), so that a house rule's declarations can be matched with it."""

    def __init__(self, area: str, message: str) -> None:
        super().__init__(message)
        self.area = area


PHASE_AREAS = {"auction": "auction", "discard": "declaration", "declare": "declaration", "defence": "defence",
               "play": "play"}
"""The area of a recorded action that is no longer legal, by the phase it was refused in."""

_PHASE = re.compile(r" in phase (\w+)")


def _differs(ok: bool, area: str, message: str) -> None:
    if not ok:
        raise GoldenDifference(area, message)


def check(data: dict[str, Any], source: str, plugins: Sequence[LocalPlugin] = ()) -> None:
    """Replay a playthrough and compare every recorded deal and the settlement (with ``plugins`` added: a
    house rule held to its family's golden games). An action the game no longer allows fails, naming it.
    A difference raises :class:`GoldenDifference`, with the area it is in."""
    try:
        game = replay(data, plugins, source)
    except RecordError as exc:  # an action no longer legal: the plugin changed what may be called or played
        phase = _PHASE.search(str(exc))
        raise GoldenDifference(PHASE_AREAS.get(phase.group(1) if phase else "", "auction"), str(exc)) from None
    expected = data.get("deal", [])
    _differs(len(game.results) == len(expected), "match_end" if game.is_terminal else "play", check_message(
        "{source}: the actions complete {n} deal(s), the file records {want}", source=source, n=len(game.results),
        want=len(expected)))
    for i, (r, entries, want) in enumerate(zip(game.results, game.deal_entries, expected, strict=True), 1):
        got = deal_table(r, entries)
        for key in ("kind", "contract", "declarer", "tricks"):
            _differs(got.get(key) == want.get(key), "play" if key == "tricks" else "auction", check_message(
                "{source}: deal {i} {key}: got {got}, want {want}", source=source, i=i, key=key,
                got=repr(got.get(key)), want=repr(want.get(key))))
        norm = sorted([*row[:2], _amount(row[2]), *row[3:]] for row in want["entries"])
        have = sorted([*row[:2], _amount(row[2]), *row[3:]] for row in got["entries"])
        _differs(have == norm, "score", check_message("{source}: deal {i} ({deal}) entries: {diff}", source=source,
                                                      i=i, deal=_deal_words(r), diff=_entry_diff(r, have, norm)))
    if "over" in data:  # the end of the match: a game that stops too early, or never, differs here
        _differs(game.is_terminal == bool(data["over"]), "match_end", (
            check_message("{source}: after the recorded deals the match is over, the file says it goes on",
                          source=source) if game.is_terminal else
            check_message("{source}: after the recorded deals the match goes on, the file says it is over",
                          source=source)))
    if "settlement" in data:
        s = game.settlement()
        want_exact = [Fraction(x) for x in data["settlement"]["exact"]]
        _differs(list(s.exact) == want_exact, "score", check_message(
            "{source}: settlement {got}, want {want}", source=source, got=list(map(str, s.exact)), want=want_exact))
        _differs(list(s.rounded) == list(data["settlement"]["rounded"]), "score", check_message(
            "{source}: rounded settlement {got}, want {want}", source=source, got=list(s.rounded),
            want=data["settlement"]["rounded"]))


def seat_words(r: DealResult, seat: int) -> str:
    """``seat 1 (declarer)``, ``seat 0 (defender)`` (a defender who plays for score: the Russian whister),
    ``seat 2 (passer)`` (a defender who passed): a seat with its part in the deal."""
    if r.declarer is None:
        return f"seat {seat}"
    role = "declarer" if seat == r.declarer else "defender" if seat in r.defending else (
        "passer" if seat in r.active else "out of the deal")
    return f"seat {seat} ({role})"


def _deal_words(r: DealResult) -> str:
    if r.contract is None or r.declarer is None:
        return "all pass" if r.kind == "all_pass" else r.kind
    return f"{r.contract.name} by seat {r.declarer}"


def _entry_words(r: DealResult, row: list[Any]) -> str:
    account, seat, amount, *other = row
    on = f" on {seat_words(r, other[0])}" if other else ""
    return f"{account} {_show(amount)} for {seat_words(r, seat)}{on}"


def _entry_diff(r: DealResult, have: list[list[Any]], want: list[list[Any]]) -> str:
    """What the sheet wrote and the file did not expect, and the reverse, in words."""
    extra = [_entry_words(r, x) for x in have if x not in want]
    missing = [_entry_words(r, x) for x in want if x not in have]
    parts = [f"written but not expected: {'; '.join(extra)}"] if extra else []
    parts += [f"expected but not written: {'; '.join(missing)}"] if missing else []
    return ", ".join(parts) or "the same entries a different number of times"


def contract_kinds(data: dict[str, Any]) -> set[str]:
    """The contract kinds a playthrough covers (``all_pass`` deals count as their contract's kind)."""
    game = replay(data)
    return {r.contract.kind if r.contract is not None else r.kind for r in game.results}


def load(item: Traversable) -> dict[str, Any]:
    return tomllib.loads(item.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- recording


def record(variant_name: str, seed: int, calls: list[str], defence: list[str], description: str,
           first_dealer: int = 0, plugins: Sequence[LocalPlugin] = ()) -> dict[str, Any]:
    """Play one deal: the given auction calls, the lowest cards as discards, the bid as contract, the given
    defence calls, then the lowest legal card each time (with ``plugins``: a house rule's own golden game)."""
    variant = load_variant(variant_name, None, list(plugins))
    game = Game(variant, seed=seed, first_dealer=first_dealer)
    calls, defence = list(calls), list(defence)
    while not game.results:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            action = calls.pop(0) if calls else "pass"
        elif game.phase is Phase.DEFENCE:
            action = defence.pop(0) if defence else legal[0]
        elif game.phase is Phase.DECLARE:
            action = game.deal.bid if game.deal.bid in legal else legal[0]
        else:
            action = legal[0]
        game.apply(action)
    s = game.settlement()
    return {
        "variant": variant_name,
        "description": description,
        "seed": seed,
        "first_dealer": first_dealer,
        "actions": list(game.history),
        "over": game.is_terminal,
        "deal": [deal_table(r, e) for r, e in zip(game.results, game.deal_entries, strict=True)],
        "settlement": {"exact": [str(x) for x in s.exact], "rounded": list(s.rounded)},
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m preferans.core.testing.playthrough")
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="record one scripted deal")
    rec.add_argument("variant")
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--first-dealer", type=int, default=0)
    rec.add_argument("--calls", default="", help="auction calls, comma separated")
    rec.add_argument("--defence", default="", help="defence calls, comma separated")
    rec.add_argument("--description", default="")
    rec.add_argument("-o", "--output", required=True)
    args = ap.parse_args(argv)
    data = record(args.variant, args.seed, [c for c in args.calls.split(",") if c],
                  [c for c in args.defence.split(",") if c], args.description, args.first_dealer)
    write_atomic(Path(args.output), tomli_w.dumps(data))
    print(f"wrote {args.output}: check every number by hand before committing it")


if __name__ == "__main__":
    main()
