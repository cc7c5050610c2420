"""Daily deal benchmark: how long picking a day's deal takes natively (game/daily.py).

    python bench/daily.py                                 # 60 days from 2026-12-01
    python bench/daily.py --game linus --days 200 --from 2027-01-01
    python bench/daily.py --game unlimited --search dives --nodes 3000   # try another plan

For each game (or --game), picks the deal of each of --days days from --from, afresh (not
from the session's memory), and prints the median, p90 and max seconds of a pick, the most
candidates one day took and how many days needed a larger budget (step 4 of the daily
deal), and the share of candidates won ("won": the chance that a day needs more than
TRIES candidates is (1 - won) ** TRIES). The page runs Python about twice as slowly as CPython: aim for a median well under
0.5 s here. --search and --nodes replace the game's plan, to compare plans.
Figures only, nothing is asserted: this 2-core machine is shared and its timings are noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.daily import PLANS, TRIES, Plan, pick
from game.solver import BestFirst, Restarts, Search

SEARCHES = {"depth-first": Search, "best-first": BestFirst, "dives": Restarts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=list(PLANS))
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--from", dest="start", type=date.fromisoformat, default="2026-12-01")
    parser.add_argument("--search", choices=list(SEARCHES))
    parser.add_argument("--nodes", type=int)
    args = parser.parse_args()
    print(
        f"{'game':<13} {'days':>4} {'median s':>9} {'p90 s':>7} {'max s':>7} {'tries':>5} {'won':>5} grew"
    )
    for name in [args.game] if args.game else list(PLANS):
        plan = PLANS[name]
        if args.search or args.nodes:
            plan = Plan(
                SEARCHES[args.search] if args.search else plan.search, args.nodes or plan.nodes
            )
        times, tries = [], []
        for i in range(args.days):
            began = time.perf_counter()
            found = pick(name, args.start + timedelta(days=i), plan)
            times.append(time.perf_counter() - began)
            tries.append(found.tried)
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0]
        grew = sum(t > TRIES for t in tries)
        print(
            f"{name:<13} {len(times):>4} {statistics.median(times):>9.3f} {p90:>7.3f}"
            f" {max(times):>7.3f} {max(tries):>5} {len(tries) / sum(tries):>5.0%} {grew}",
            flush=True,
        )


if __name__ == "__main__":
    main()
