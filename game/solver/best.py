"""Best-first search: expand the most promising position first (Linus, Unlimited).

Depth-first search sinks into one deep subtree; where wins are rare and positions many,
trying the position with the most cards home and the fewest buried first finds wins far
sooner. It keeps the same transposition table, forced moves and dead-position cuts as the
depth-first search (search.py), so exhausting the open list is the same proof of "lost".
Positions wait in the open list as tuples of their piles (shared between positions,
since a move replaces only two), and each seen key keeps its parent's key, so the winning
line is read back at the end.
"""

from __future__ import annotations

import heapq
import time

from ..cards import DOWN
from ..notation import STOCK
from .reserve import reach_heights
from .search import MAX_POSITIONS, Result, Search

DEPTH, HOME, EMPTY = 4, 10, 2  # weights of the score (lower is better)
# Unlimited: cards home count double, and each face-down card counts against. At 15,000
# nodes a deal it wins 35 of 57 Unlimited deals (1-70 less 13 lost ones) against 34 with
# the weights above, 7 of them different: the portfolio runs both (search.py).
RESERVE_HOME, RESERVE_DOWN = 20, 6


def score(search: Search) -> int:
    """Lower is better: how deep each foundation's next card lies (the cards that must move
    before it can go home; the shallower copy in two decks, 0 in the stock), against cards
    already home and empty piles. Measured on equal node budgets it wins 5 of Linus deals
    1-16 where counting cards buried under lower ones of their suit won 2.
    """
    board = search.board
    piles = board.piles
    heights: list[list[int]] = [[], [], [], []]
    home_weight, down_weight = HOME, 0
    if search.reserve:  # reserve cards go home only in chains: count what could go up
        heights = reach_heights(board, list(piles[STOCK]))
        home_weight, down_weight = getattr(search, "weights", (RESERVE_HOME, RESERVE_DOWN))
    else:
        for f in board.found:
            p = piles[f]
            if p:
                heights[p[-1] & 3].append(len(p))
    home = sum(map(sum, heights))
    depth: dict[int, int] = {}
    empty = down = 0
    for t in board.tab:
        p = piles[t]
        if not p:
            empty += 1
            continue
        top = len(p) - 1
        for i, c in enumerate(p):
            if c >= DOWN:
                down += 1
                c &= 63
            if depth.get(c, 99) > top - i:
                depth[c] = top - i
    decks = board.rules.decks
    total = 0
    for suit in range(4):
        for h in heights[suit] + [0] * (decks - len(heights[suit])):
            if h < 13:
                total += depth.get(h * 4 + suit, 0)
    return total * DEPTH - home * home_weight - empty * EMPTY + down * down_weight


class BestFirst(Search):
    def __init__(
        self, game: object, max_positions: int = MAX_POSITIONS // 3, plain: bool = False
    ) -> None:
        # plain: Unlimited scored with the other games' weights (the portfolio runs both)
        self.weights = (HOME, 0) if plain else (RESERVE_HOME, RESERVE_DOWN)
        super().__init__(game, max_positions)  # type: ignore[arg-type]
        # Each seen position's key -> its parent's key (the root's is itself): the seen set
        # and the way back in one dict of ints, ~100 bytes a position, not ~300 with a set
        # beside a dict of (parent, move); the moves of the line are found again at the end.
        self.parents: dict[int, int] = {}
        self.open: list[tuple[int, int, tuple[object, ...], int]] = []
        self.count = 0
        self.root = self._key()
        self.parents[self.root] = self.root
        self.seen = set()
        self.top = self._pack()
        if self.result is None:
            self.open.append((score(self), 0, self.top, self.root))
        self.frames = []

    def _pack(self) -> tuple[object, ...]:
        """The position as a tuple of its (immutable, shared) pile tuples: cheap to keep."""
        return (*self.board.piles, self.board.redeals_left)

    def _unpack(self, data: tuple[object, ...]) -> None:
        board = self.board
        board.piles[:] = data[:-1]  # type: ignore[assignment]
        board.redeals_left = data[-1]  # type: ignore[assignment]
        board._history.clear()
        board._cached = None

    def _search(self, budget: int, deadline: float) -> Result | None:
        """Best-first until a result, or None once ``budget`` nodes or ``deadline`` pass."""
        parents, heap = self.parents, self.open
        while heap:
            _, _, data, key = heapq.heappop(heap)
            self._unpack(data)
            for step in self._moves():
                self.nodes += 1
                child = self._enter(key, step, parents)
                if child is None:
                    continue
                parents[child] = key
                if self._won():
                    return Result("won", self._line_to(child), self.nodes)
                self.count += 1
                heapq.heappush(heap, (score(self), self.count, self._pack(), child))
                self._unplay(step)
            if len(parents) >= self.max_positions:
                return Result("unknown", [], self.nodes, reason="memory")
            if self.nodes >= budget or time.perf_counter() >= deadline:
                return None
        return Result("lost", [], self.nodes)

    def _line_to(self, key: int) -> list[str]:
        """The line to ``key``: its keys back to the root, then from the root the move to
        each next key (moves depend only on the position, so it is among them)."""
        keys = [key]
        while key != self.root:
            key = self.parents[key]
            keys.append(key)
        self._unpack(self.top)
        self.path = []
        for want in reversed(keys[:-1]):
            for step in self._moves():
                self._play(step)
                if self._key() == want:
                    self.path.append(step)
                    break
                self._unplay(step)
            else:
                raise AssertionError("a position's parent no longer leads to it")
        return self._line()


__all__ = ["BestFirst", "score"]
