"""Winnable deals only: draw deal numbers until the solver proves one winnable.

The search runs in slices between frames like the advisor's. What the solver said of each
deal is cached in localStorage, so a deal is never solved twice on this device; the deal
number stays an ordinary, shareable one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from ..records import new_game
from ..solver import Portfolio
from . import params
from .dom import guarded

SLICE = 0.012
PER_DEAL = 4.0  # seconds of search before a deal is passed over as "unknown"
CACHE = "solitaire/solved"
MAX_CACHED = 5000


def _storage() -> Any:
    try:
        return js.window.localStorage
    except Exception:
        return None


def load_cache() -> dict[str, str]:
    storage = _storage()
    try:
        data = json.loads(storage.getItem(CACHE) or "{}") if storage else {}
    except Exception:
        data = {}
    return (
        {k: v for k, v in data.items() if v in ("won", "lost", "unknown")}
        if isinstance(data, dict)
        else {}
    )


def cache_key(name: str, rules: dict[str, bool], deal: int) -> str:
    return f"{name}|{','.join(sorted(k for k, v in rules.items() if v))}|{deal}"


class DealFinder:
    def __init__(
        self,
        name: str,
        rules: dict[str, bool],
        found: Callable[[int, list[str]], None],
        say: Callable[[str], None],
    ) -> None:
        self.name, self.rules, self.found, self.say = name, rules, found, say
        self.cache = load_cache()
        self.search: Portfolio | None = None
        self.deal = 0
        self.tried = 0
        self.cancelled = False
        self._tick = create_proxy(guarded(self.tick))

    def start(self) -> None:
        self.say("Finding a winnable deal…")
        self._next()

    def cancel(self) -> None:
        self.cancelled = True

    def _next(self) -> None:
        while True:
            self.deal = params.fresh_deal()
            known = self.cache.get(cache_key(self.name, self.rules, self.deal))
            if known is None:
                break
        self.search = Portfolio(new_game(self.name, self.deal, **self.rules))
        self.tried += 1
        js.setTimeout(self._tick, 0)

    def tick(self) -> None:
        if self.cancelled or self.search is None:
            return
        result = self.search.run(seconds=SLICE)
        if result is None and self.search.seconds < PER_DEAL:
            js.setTimeout(self._tick, 0)
            return
        verdict = result.result if result is not None else "unknown"
        self._remember(verdict)
        if verdict == "won" and result is not None:
            self.found(self.deal, result.moves)
            return
        self.say(f"Finding a winnable deal… ({self.tried} tried)")
        self._next()

    def _remember(self, verdict: str) -> None:
        self.cache[cache_key(self.name, self.rules, self.deal)] = verdict
        if len(self.cache) > MAX_CACHED:
            for k in list(self.cache)[: len(self.cache) - MAX_CACHED]:
                del self.cache[k]
        storage = _storage()
        try:
            if storage:
                storage.setItem(CACHE, json.dumps(self.cache))
        except Exception:  # full or forbidden: the cache is a nicety
            pass
