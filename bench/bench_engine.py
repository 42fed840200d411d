"""Engine benchmarks: full random-bot deals per second and play-phase random rollouts per second, each
measured against a bare Python loop in the same run.

Run by hand (``python bench/bench_engine.py``) or as a CI smoke run (``--smoke``). Figures go to
docs/performance.md with the command and the machine.

The yardstick is :func:`bare_deals`: the simplest honest pure-Python Preferans deal, written plainly with
ints and lists and no engine: shuffle the 32 cards, deal ten to each of three hands and two to the talon,
pick a random trump or no trump, play ten tricks of random legal cards (follow suit, else trump if any, else
anything) and count the tricks. It is what a person writing a learning agent would otherwise write by hand,
so its rate says what the engine's rules, hooks, scoring and bookkeeping cost over the bare game, and the
ratios ``deals_ratio`` (engine deals / bare deals) and ``rollouts_ratio`` (engine play-outs / bare deals)
hardly depend on the machine or on its load: the runs are interleaved (bare, engine deals, engine rollouts,
bare, ...) and each figure is the best of ``--repeat`` runs, the run least disturbed by whatever else the
machine was doing, so a busy spell hits all three alike.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable

from preferans.core import Game, Variant, load_variant
from preferans.core.engine.game import Phase
from preferans.core.engine.play import TrickPlay

clock = time.perf_counter
"""The clock of every figure: wall-clock time, or the process's CPU time with ``--clock cpu`` (steadier on a
machine shared with other work, as no waiting for a core counts)."""


def bare_deals(n: int, seed: int) -> list[int]:
    """Play ``n`` bare deals (the module's yardstick) and return the tricks each of the three hands took
    over all of them. Cards are ints 0..31, the suit ``card // 8`` and the rank the rest, so a higher card of
    a suit is a higher int; suit 4 is no trump. The random choices use ``rng.random()`` as the engine loop
    does, so both loops pay the same for their randomness."""
    rng = random.Random(seed)
    rand = rng.random
    taken = [0, 0, 0]
    for _ in range(n):
        pack = list(range(32))
        rng.shuffle(pack)
        hands = [pack[0:10], pack[10:20], pack[20:30]]  # pack[30:32] is the talon, out of play
        trump = int(rand() * 5)  # 0..3 a suit, 4 no trump
        leader = int(rand() * 3)
        bare_play_out(hands, trump, leader, rand, taken)
    return taken


def bare_play_out(hands: list[list[int]], trump: int, leader: int, rand: Callable[[], float],
                  taken: list[int]) -> None:
    """Ten tricks of random legal cards from ``hands`` (emptied), the tricks counted into ``taken``."""
    for _trick in range(10):
        led = -1
        winner = best = -1
        best_is_trump = False
        seat = leader
        for _card in range(3):
            hand = hands[seat]
            if led < 0:
                legal = hand
            else:
                legal = [c for c in hand if c // 8 == led]
                if not legal:
                    legal = [c for c in hand if c // 8 == trump] or hand
            card = legal[int(rand() * len(legal))]
            hand.remove(card)
            suit = card // 8
            if led < 0:
                led, winner, best, best_is_trump = suit, seat, card, suit == trump
            elif suit == trump:
                if not best_is_trump or card > best:
                    winner, best, best_is_trump = seat, card, True
            elif suit == led and not best_is_trump and card > best:
                winner, best = seat, card
            seat = (seat + 1) % 3
        taken[winner] += 1
        leader = winner


def bare_playout_rate(seconds: float, seed: int) -> float:
    """Play-outs per second of the bare loop alone, without the shuffle and the deal: 200 positions dealt
    beforehand, each play-out a copy of one played to the end (the stricter yardstick: it leaves out the
    shuffle, which a full deal of the engine pays too)."""
    rng = random.Random(seed)
    rand = rng.random
    positions = []
    for _ in range(200):
        pack = list(range(32))
        rng.shuffle(pack)
        positions.append(([pack[0:10], pack[10:20], pack[20:30]], int(rand() * 5), int(rand() * 3)))
    taken = [0, 0, 0]
    n = 0
    start = clock()
    while clock() - start < seconds:
        for hands, trump, leader in positions:
            bare_play_out([h.copy() for h in hands], trump, leader, rand, taken)
        n += len(positions)
    return n / (clock() - start)


def bare_rate(seconds: float, seed: int) -> float:
    """Deals per second of :func:`bare_deals`, in batches of 100 for ``seconds`` (as long as a rollout run:
    a short run more often falls in a quiet spell of the machine, which would flatter the yardstick)."""
    n = 0
    start = clock()
    while clock() - start < seconds:
        bare_deals(100, seed + n)
        n += 100
    return n / (clock() - start)


def random_deals(variant: Variant, deals: int, seed: int) -> None:
    """Play ``deals`` deals with uniformly random legal actions through the public API (``legal_actions()``
    and ``apply()``), matches restarted as they end, scoring included: what a random bot does, without the
    bot object around it. The loop keeps its own work small (bound methods, the results list read once per
    match, the end of a match seen as an empty list of legal actions) so the figure is the engine's. The matches
    share one plugin manager, as ``Game`` advises a program that starts many games, and as the learning
    environments do (it matters for a variant whose matches are short: Illustrated's last 24 random deals)."""
    rng = random.Random(seed)
    rand = rng.random
    manager = variant.new_manager()
    game = Game(variant, seed=seed, manager=manager)
    done = 0
    while True:
        results = game.results  # the match's own list, appended to as deals are scored
        legal_actions, apply = game.legal_actions, game.apply
        left = deals - done
        while len(results) < left:
            legal = legal_actions()
            if not legal:  # the match is over (is_terminal): no action is legal
                break
            apply(legal[int(rand() * len(legal))])
        done += len(results)
        if done >= deals:
            return
        game = Game(variant, seed=rng.getrandbits(32), manager=manager)


def full_deals(variant_name: str, deals: int, seed: int) -> float:
    """Deals per second of :func:`random_deals`."""
    variant = load_variant(variant_name)
    start = clock()
    random_deals(variant, deals, seed)
    return deals / (clock() - start)


def play_starts(variant_name: str, count: int, seed: int) -> list[TrickPlay]:
    """``count`` positions at the first card of a deal's play phase, reached by random bidding."""
    variant = load_variant(variant_name)
    rng = random.Random(seed)
    starts: list[TrickPlay] = []
    while len(starts) < count:
        game = Game(variant, seed=rng.getrandbits(32))
        while game.phase is not Phase.PLAY and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        if game.deal.play is not None:
            starts.append(game.deal.play)
    return starts


def rollouts(starts: list[TrickPlay], seconds: float, seed: int) -> float:
    """Rollouts per second: copy a start position and play random legal cards to the end of the deal."""
    rng = random.Random(seed)
    n = 0
    start = clock()
    while clock() - start < seconds:
        for position in starts:
            position.copy().random_playout(rng)
        n += len(starts)
    return n / (clock() - start)


HOOK_METHODS = ("auction_legal", "auction_step", "all_pass", "declaration_step", "declaration_legal",
                "defence_legal", "defence_step", "play_rules", "score_deal", "after_score", "before_deal",
                "next_dealer", "match_over")
"""The ``Rulebook`` methods through which the engine asks the variant's hooks during a deal."""


def hook_cost(variant_name: str, deals: int, seed: int, repeat: int) -> dict[str, float]:
    """What the variant's own rules cost a random deal: every hook call of ``deals`` random deals recorded
    with its arguments (the views as the engine built them), then replayed alone, best of ``repeat``. The
    figure leaves out building the views and everything else the engine does, so it is a floor under the
    time of a full deal that no change to the engine can go below while the hooks are asked as they are."""
    game = Game(load_variant(variant_name), seed=seed)
    rng = random.Random(seed)

    def play(n: int) -> None:
        target = len(game.results) + n
        while len(game.results) < target and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])

    play(20)  # the rulebook compiles each hook's caller at its first call: these are compiled now
    calls: list[tuple[Callable[..., object], tuple[object, ...]]] = []
    book = game.book

    def recorder(method: Callable[..., object]) -> Callable[..., object]:
        def record(*args: object) -> object:
            calls.append((method, args))
            return method(*args)
        return record

    for name in HOOK_METHODS:
        setattr(book, name, recorder(getattr(book, name)))
    start = len(game.results)
    play(deals)
    played = len(game.results) - start
    best = float("inf")
    for _ in range(repeat):
        begin = clock()
        for method, args in calls:
            method(*args)
        best = min(best, clock() - begin)
    return {"deals": played, "hook_calls_per_deal": round(len(calls) / played, 1),
            "hooks_us_per_deal": round(best / played * 1e6, 1)}


def profile(variant_name: str, deals: int, seed: int, top: int) -> None:
    """Where the time of :func:`random_deals` goes: the ``top`` functions by their own time (cProfile adds
    its own cost to every call, so read the shares, not the absolute times)."""
    import cProfile
    import pstats

    variant = load_variant(variant_name)
    profiler = cProfile.Profile()
    profiler.runcall(random_deals, variant, deals, seed)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one bare run and of one rollout run")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="tiny run for CI: checks the benchmark works")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="time the runs by the wall clock or by the process's CPU time")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--hooks", action="store_true",
                    help="instead of the figures: the hook calls of --deals random deals, replayed alone (us a deal)")
    ap.add_argument("--profile", type=int, nargs="?", const=30, metavar="TOP",
                    help="instead of the figures: cProfile of --deals random deals, the TOP functions by own time")
    args = ap.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.profile:
        profile(args.variant, args.deals, args.seed, args.profile)
        return
    if args.hooks:
        figures = hook_cost(args.variant, 100 if args.smoke else args.deals, args.seed, args.repeat)
        print(json.dumps(figures) if args.json else "\n".join(f"{k:22} {v}" for k, v in figures.items()))
        return
    if args.smoke:
        args.deals, args.seconds, args.repeat = 100, 0.2, 1
    starts = play_starts(args.variant, 200, args.seed)
    bare_runs: list[float] = []
    deal_runs: list[float] = []
    roll_runs: list[float] = []
    playout_runs: list[float] = []
    for i in range(args.repeat):  # interleaved, so that the machine's load hits them alike
        bare_runs.append(bare_rate(args.seconds, args.seed + i))
        playout_runs.append(bare_playout_rate(args.seconds, args.seed + i))
        deal_runs.append(full_deals(args.variant, args.deals, args.seed + i))
        roll_runs.append(rollouts(starts, args.seconds, args.seed + i))
    bare, deals, rolls, playouts = max(bare_runs), max(deal_runs), max(roll_runs), max(playout_runs)
    result = {
        "variant": args.variant,
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "clock": args.clock,
        "bare_per_s": round(bare),
        "deals_per_s": round(deals),
        "rollouts_per_s": round(rolls),
        "deals_ratio": round(deals / bare, 3),
        "rollouts_ratio": round(rolls / bare, 3),
        "bare_playouts_per_s": round(playouts),
        "deals_vs_bare_playouts": round(deals / playouts, 3),
        "bare_per_s_runs": [round(x) for x in bare_runs],
        "deals_per_s_runs": [round(x) for x in deal_runs],
        "rollouts_per_s_runs": [round(x) for x in roll_runs],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:22} {value}")

if __name__ == "__main__":
    main()
