"""Where a bot's decisions gain or lose against pimc's, by the phase where they first differ.

Each deal of the seed's stream (as the arena deals them) is played once by three plain pimc bots and, for
each seat, once with the bot under test in that seat and pimc in the others. Both games start alike and
differ from the first decision where the bot chooses otherwise than pimc (or than the ``--base`` bot, which
then takes that seat in the first game: two settings of one bot compared); the seat's settlement difference
between the two games is put down to the phase of that decision (the auction, the discard, the declaration,
the defence calls, the card play). The sum over the deals and seats is the bot's duplicate gain on them,
split by where it came from: which calls of the hard bot to play out in a family was chosen this way
(docs/bots.md, "The calls by family").

    python bench/call_ablation.py --variant serbian --bot hard:calls=2 --seed 5151 --deals 40
    python bench/call_ablation.py --variant serbian --bot hard:seen_defence=0.5 --base hard:seen_defence=0
    python bench/call_ablation.py --variant sochi --bot hard:calls=7 --seed 7474 --deals 240 --log  # each play

The differences are paired (the same deal, seat and pimc opponents), so they are far less noisy than two
arenas' totals; the seeds of such tuning runs stay below 10 000, which the long arenas of docs/bots.md do not use.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from fractions import Fraction

from preferans.core.ai.registry import make_bot
from preferans.core.engine.game import Game
from preferans.core.tools.arena import load_variant_id
from preferans.core.tools.parallel import derive_seed

Log = list[tuple[int, str, str]]


def play(fresh: Game, names: list[str]) -> tuple[Log, list[Fraction]]:
    """The deal played by ``names`` (one per seat): each decision ``(seat, phase, action)``, and each seat's
    settlement of the single-deal match."""
    game = fresh.clone()
    bots = [make_bot(name, fresh.seed, seat) for seat, name in enumerate(names)]
    log: Log = []
    while not game.results:
        seat = game.current_player
        action = bots[seat].choose(game, seat)
        log.append((seat, game.phase.value, action))
        game.apply(action)
    match = fresh.match.copy()
    match.post(game.results[0])
    return log, [Fraction(x) for x in match.settlement().exact]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--bot", default="hard", help="the bot under test (pimc in the other seats)")
    ap.add_argument("--base", default="pimc", help="the bot it is compared with in its seat (default: pimc)")
    ap.add_argument("--seed", type=int, default=5151)
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--start", type=int, default=0, help="the first deal of the stream")
    ap.add_argument("--log", action="store_true",
                    help="print each play that differs: deal, seat, phase, the two decisions, the seat's gain")
    args = ap.parse_args()
    variant = load_variant_id(args.variant)
    n = variant.rules.players
    gain: dict[str, Fraction] = defaultdict(Fraction)
    count: dict[str, int] = defaultdict(int)
    for j in range(args.start, args.start + args.deals):
        fresh = Game(variant, derive_seed(args.seed, j), j % n)
        every = play(fresh, ["pimc"] * n) if args.base == "pimc" else None
        for seat in range(n):
            base_log, base = every or play(fresh, [args.base if s == seat else "pimc" for s in range(n)])
            log, values = play(fresh, [args.bot if s == seat else "pimc" for s in range(n)])
            pair = next(((a, b) for a, b in zip(log, base_log, strict=False) if a != b), None)
            if pair is None:
                continue
            first = pair[0]
            if args.log:
                print(f"deal {j} seat {seat} {first[1]}: {args.bot} {first[2]}, {args.base} {pair[1][2]}: "
                      f"{float(values[seat] - base[seat]):+.1f}", flush=True)
            gain[first[1]] += values[seat] - base[seat]
            count[first[1]] += 1
    total = sum(gain.values(), Fraction(0))
    last = args.start + args.deals - 1
    print(f"{args.bot} against {args.base}, {args.variant}, seed {args.seed}, deals {args.start}..{last}: "
          f"{float(total):+.1f} in all ({float(total) * 100 / args.deals:+.1f} per 100 deals)")
    for phase in sorted(gain, key=lambda p: gain[p]):
        print(f"  first differs in {phase}: {count[phase]} plays, {float(gain[phase]):+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
