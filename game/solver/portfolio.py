"""The solver's portfolio: several complete searches taking turns in short slices, the
first to decide answering for all, and ``solve``, a portfolio run within a budget."""

from __future__ import annotations

import time

from ..state import Game
from .best import BestFirst
from .restarts import Restarts
from .search import MAX_POSITIONS, Result, Search


class Portfolio:
    """Searches taking turns in short slices; the first to decide wins (each is a complete
    search, or a run of complete dives, so any one's "lost" is a proof).

    Depth-first wins Whitehead and Blind Alleys in milliseconds and proves their losses;
    best-first finds the rarer wins of Unlimited, and restarted dives (restarts.py) those
    of Linus. Same interface as Search.
    """

    SLICE = 0.1  # seconds a share

    def __init__(self, game: Game) -> None:
        half = MAX_POSITIONS // 2
        passes = game.rules.passes
        self.searches: list[Search] = [Search(game, half)]
        if passes is None:
            # Unlimited: best-first's turns go half to each of two scores, which win
            # different deals (best.py); at 15,000 nodes in all, 37 of 57 deals against 35.
            self.searches += [BestFirst(game, half // 4), BestFirst(game, half // 4, plain=True)]
            self.shares: tuple[float, ...] = (2, 1, 1)
        elif passes == 0:
            # Linus: dives get three turns in four. On deals 1-200 at 10 s, depth-first and
            # best-first at even turns decided 80.5%; the dives alone won 35 of the 39
            # deals left (bench/solver.py; restarts.py).
            self.searches.append(Restarts(game, half // 2))
            self.shares = (1, 3)
        else:
            # A finite stock (Whitehead, Blind Alleys): depth-first gets three turns in four
            # (on deals 1-30 at 10 s, Whitehead 93.3% -> 96.7% decided against even turns;
            # its losses take up to 6.4 s of it), best-first most of the rest, and dives in
            # random order a sixteenth: Whitehead deal 18 is won by them in 29,000 nodes,
            # by neither of the others in millions.
            self.searches += [BestFirst(game, half // 2), Restarts(game, half // 8, 20_000, False)]
            self.shares = (3, 0.75, 0.25)
        self.result: Result | None = None
        self.turn = 0  # whose turn it is, and the seconds of it used so far
        self.used = 0.0

    def lead(self) -> Search:
        """The search with the largest share: the one a second thread runs alone (the
        page's Web Worker, static/solver-worker.mjs)."""
        return self.searches[self.shares.index(max(self.shares))]

    def without_lead(self) -> None:
        """Leave the lead to another thread: the others take turns as before, their shares
        unchanged between them. Its "lost" is as much a proof as theirs."""
        i = self.shares.index(max(self.shares))
        self.searches = self.searches[:i] + self.searches[i + 1 :]
        self.shares = self.shares[:i] + self.shares[i + 1 :]
        self.turn, self.used = 0, 0.0

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.searches)

    @property
    def seconds(self) -> float:
        return sum(s.seconds for s in self.searches)

    def run(self, nodes: int = 10_000_000, seconds: float = 10.0) -> Result | None:
        """Turns go round the searches, each ``SLICE`` seconds a share. A turn carries over
        from call to call, so a page calling with slices of a few milliseconds still gives
        every search its share (not the first one every time)."""
        if self.result is not None:
            return self.result
        deadline = time.perf_counter() + seconds
        budget = self.nodes + nodes
        searches = self.searches
        while True:
            if all(s.result is not None and s.result.result == "unknown" for s in searches):
                self.result = Result("unknown", [], self.nodes, self.seconds, reason="memory")
                return self.result
            left = deadline - time.perf_counter()
            if left <= 0 or self.nodes >= budget:
                return None
            search = searches[self.turn]
            turn = self.SLICE * self.shares[self.turn]
            if search.result is None or search.result.result != "unknown":  # (out of memory)
                was = search.seconds
                result = search.run(nodes=budget - self.nodes, seconds=min(turn - self.used, left))
                self.used += search.seconds - was
                if result is not None and result.result != "unknown":
                    result.nodes, result.seconds = self.nodes, self.seconds
                    self.result = result
                    return result
                if self.used < turn and search.result is None:
                    continue  # the deadline or the node budget came first: the turn goes on
            self.turn = (self.turn + 1) % len(searches)
            self.used = 0.0


def solve(game: Game, seconds: float = 10.0, nodes: int = 10_000_000) -> Result:
    """Solve from ``game``'s position within a budget: won (with the line), lost or unknown."""
    search = Portfolio(game)
    result = search.run(nodes=nodes, seconds=seconds)
    if result is None:
        reason = "nodes" if search.nodes >= nodes else "time"
        result = Result("unknown", [], search.nodes, search.seconds, reason)
    return result
