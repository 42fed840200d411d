"""CPU time of one duplicate arena deal (every rotation of the seats), the unit of the long runs of docs/bots.md.

Plays deals ``--start`` .. ``--start + --deals - 1`` of the arena's stream for ``--seed`` with ``--bots`` (as
``preferans arena`` deals them) in this process, and prints the CPU seconds per deal and a digest of the
deals' values: two checkouts whose digests agree played those deals alike, so one is a pure speed change
of the other (the long runs' records bind their bots by a fingerprint of the sources, docs/bots.md).

    python bench/bench_arena.py --variant sochi --deals 3 --start 5010
    python bench/bench_arena.py --smoke        # one Sochi deal, for CI

Figures go to docs/performance.md with the command, the commit and the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import time

from preferans.core.tools.arena import load_variant_id, parse_bots, play_deal


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="sochi")
    ap.add_argument("--bots", default="hard,pimc,pimc")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--start", type=int, default=5010, help="the first deal (beyond the long runs' 5,000)")
    ap.add_argument("--smoke", action="store_true", help="one deal")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    deals = 1 if args.smoke else args.deals
    variant = load_variant_id(args.variant)
    bots = parse_bots(args.bots, variant.rules.players)
    digest = hashlib.sha256()
    cpu = time.process_time()
    for i in range(args.start, args.start + deals):
        values = play_deal(variant, bots, args.seed, i).values
        digest.update(repr([[str(x) for x in row] for row in values]).encode())
    per_deal = (time.process_time() - cpu) / deals
    out = {"variant": args.variant, "bots": args.bots, "seed": args.seed, "deals": deals, "start": args.start,
           "cpu_s_per_deal": round(per_deal, 3), "values_sha256": digest.hexdigest()[:16],
           "python": platform.python_version()}
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.variant} {args.bots}: {per_deal:.2f} s CPU per deal ({deals} deals from {args.start}, "
              f"seed {args.seed}), values {out['values_sha256']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
