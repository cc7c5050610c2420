"""Engine speed: legal-move generation and random-playout throughput, per game (CPython).

Prints, for each game, over positions reached by random play from many deals:
- generations/s: full legal-move lists generated from scratch per second (target for
  Whitehead: >= 100,000 on one core), and
- playout moves/s: moves generated + played + undone per second in random playouts.
Figures only; nothing is asserted (machines here are shared and noisy).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.state import Game


def positions(name: str, deals: int, rng: random.Random) -> list[Game]:
    out = []
    for deal in range(1, deals + 1):
        g = game.new_game(name, deal)
        for _ in range(rng.randrange(0, 80)):
            moves = g.plain_moves()
            if not moves:
                break
            g.apply(rng.choice(moves))
        out.append(g)
    return out


def generations_per_second(games: list[Game], seconds: float) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for g in games:
            g._cached = None  # measure generation, not the cache
            g.plain_moves()
        count += len(games)
    return count / (time.perf_counter() - start)


def playout_moves_per_second(name: str, deals: int, rng: random.Random, seconds: float) -> float:
    count, start, deal = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        deal = deal % deals + 1
        g = game.new_game(name, deal)
        depth = 0
        for _ in range(300):
            moves = g.plain_moves()
            if not moves:
                break
            g.apply(rng.choice(moves))
            depth += 1
        for _ in range(depth):
            g.retract()
        count += depth
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--deals", type=int, default=100)
    args = parser.parse_args()
    print(f"{'game':14} {'generations/s':>14} {'playout moves/s':>16}")
    for name in game.GAMES:
        rng = random.Random(1)
        gens = generations_per_second(positions(name, args.deals, rng), args.seconds)
        plays = playout_moves_per_second(name, args.deals, rng, args.seconds)
        print(f"{name:14} {gens:14,.0f} {plays:16,.0f}")


if __name__ == "__main__":
    main()
