"""Restarts: short depth-first dives in score order with random tie-breaks, begun again and
again on budgets that follow the Luby sequence (Linus, Whitehead).

How long a depth-first search takes to find a win depends wildly on its move order: Linus
deal 14 takes 398,633 nodes in pile order and 696 in score order, and deal 64 the other way
round. Such heavy tails are what randomised restarts are for (Gomes, Selman & Kautz,
"Boosting combinatorial search through randomization", 1998; Luby, Sinclair & Zuckerman's
universal schedule, 1993): many short dives, each in a slightly different order, find the
lucky orders that a single long search never reaches. On Linus deals 1-200, 35 of the 39
deals the portfolio left undecided at 10 s were won by dives of 5,000 nodes within 330,000.

Each dive is a whole depth-first search (search.py, every rule there) with a fresh table,
so a dive that ends inside its budget has visited every position it can reach: its "lost"
is as much a proof as Search's. A dive cut short by its budget proves nothing; the next one
begins afresh. Order only decides how soon a win is found, never whether (search.py).
"""

from __future__ import annotations

import random

from ..state import Game
from .best import score
from .search import MAX_POSITIONS, Result, Search, Step

BASE = 1_000  # nodes of the shortest dive: the Luby sequence's unit
NOISE = 13  # tie-breaks: up to three cards' depth in best.py's score (DEPTH = 4)


def luby(i: int) -> int:
    """The i-th term (from 1) of 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class Restarts(Search):
    """Dives seeded 0, 1, 2, ...: the same game always gives the same dives and line."""

    CHECK = 64  # a scored node costs several plain ones: look at the clock more often

    def __init__(
        self,
        game: Game,
        max_positions: int = MAX_POSITIONS // 4,
        base: int = BASE,
        scored: bool = True,
    ) -> None:
        # scored=False: search.py's moves in random order, no score (twice the nodes a
        # second); Whitehead's long lines want longer dives (base)
        self.base, self.scored = base, scored
        self.dive = 1
        self.rng = random.Random(self.dive)
        self.dive_end = base * luby(self.dive)
        super().__init__(game, max_positions)

    def _moves(self) -> list[Step]:
        """search.py's moves (or its one forced move), sorted by the score of the position
        each leads to (best.py; lower first) plus a random tie-break; or shuffled."""
        moves = super()._moves()
        if len(moves) < 2:
            return moves
        if not self.scored:
            self.rng.shuffle(moves)
            return moves
        rank = []
        for step in moves:
            self._play(step)
            rank.append(score(self) + self.rng.randrange(NOISE))
            self._unplay(step)
        return [moves[i] for i in sorted(range(len(moves)), key=rank.__getitem__)]

    def _search(self, budget: int, deadline: float) -> Result | None:
        while True:
            result = super()._search(min(budget, self.dive_end), deadline)
            if result is not None and result.result != "unknown":
                return result  # won, or lost by a dive that saw everything
            if result is None and self.nodes < self.dive_end:
                return None  # the caller's budget or time ran out first: go on later
            # this dive's budget is spent (or its table is full): the next one
            self.dive += 1
            self.rng = random.Random(self.dive)
            self.dive_end = self.nodes + self.base * luby(self.dive)
            self._begin()
            if self.result is not None:
                return self.result


__all__ = ["Restarts", "luby"]
