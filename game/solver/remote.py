"""The lead search on its own thread: what the page's Web Worker (static/solver-worker.mjs)
runs, while the page runs the portfolio's other searches (Portfolio.without_lead).

Pyodide runs the solver about twice as slowly as CPython, and the page's search shares the
main thread with play. In a worker the lead search (depth-first; Linus: the dives) gets a
core of its own, and the others get the page's share that it used to take.

The worker speaks JSON text only, so nothing here touches the browser.
"""

from __future__ import annotations

import json

from ..records import replay
from .search import Portfolio, Search

BUDGET = 30.0  # seconds of search for one position, as the page's own (advisor.BUDGET)


class Remote:
    """One position's lead search; ``run`` it in slices until it gives an answer."""

    def __init__(self, record: str) -> None:
        self.search: Search = Portfolio(replay(record)).lead()

    def run(self, seconds: float) -> str | None:
        """Search for up to ``seconds``; then the answer as JSON text ({"result", "moves",
        "nodes", "seconds"}), or None while there is none yet. "unknown" (out of memory or
        of budget) says only that this search has nothing to tell."""
        search = self.search
        result = search.run(nodes=10**12, seconds=seconds)
        if result is None and search.seconds < BUDGET:
            return None
        answer = {
            "result": "unknown" if result is None else result.result,
            "moves": [] if result is None else result.moves,
            "nodes": search.nodes,
            "seconds": round(search.seconds, 3),
        }
        return json.dumps(answer)
