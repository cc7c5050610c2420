"""Winnable deals only: draw deal numbers until the solver proves one winnable.

Each deal is searched on the solver's own thread where it is up (helper.py, a "deal"
request); until then, or where none can run, on the page in slices of at most SLICE
between frames, handed over whole when the worker becomes ready and taken back whole if
it fails. What the solver said of each deal is cached in localStorage, so a deal is never
solved twice on this device; the deal number stays an ordinary, shareable one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from ..i18n import _, ngettext, number
from ..records import new_game
from ..solver import Portfolio
from . import params
from .advisor import page_search
from .dom import guarded
from .helper import Helper, shared

SLICE = 0.008
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
        helper: Helper | None = None,
    ) -> None:
        self.name, self.rules, self.found, self.say = name, rules, found, say
        self.cache = load_cache()
        self.search: Portfolio | None = None  # the deal's search on the page
        self.remote: int | None = None  # or its request to the worker
        self.helper = helper or shared()
        self.deal = 0
        self.tried = 0
        self.cancelled = False
        self._tick = create_proxy(guarded(self.tick))
        self.helper.when_ready(self._hand_over)

    def start(self) -> None:
        self.say(_("Finding a winnable deal…"))
        self._next()

    def cancel(self) -> None:
        self.cancelled = True
        self.search = None
        self.helper.stop(self.remote)
        self.remote = None

    def _next(self) -> None:
        while True:
            self.deal = params.fresh_deal()
            known = self.cache.get(cache_key(self.name, self.rules, self.deal))
            if known is None:
                break
        self.tried += 1
        if not self._send():
            self._on_page()

    def _send(self) -> bool:
        """Ask the worker to search the deal, if it is ready; whether it was."""
        self.remote = self.helper.ask(
            "deal",
            self._answered,
            self._lost,
            game=self.name,
            deal=self.deal,
            rules=self.rules,
            seconds=PER_DEAL,
        )
        return self.remote is not None

    def _on_page(self) -> None:
        self.search = page_search(new_game(self.name, self.deal, **self.rules))
        js.setTimeout(self._tick, 0)

    def _hand_over(self) -> None:
        """The worker became ready: the deal searched on the page goes to it, whole."""
        if not self.cancelled and self.search is not None and self._send():
            self.search = None

    def _lost(self) -> None:
        """The worker stopped for good: the deal it searched is searched here, whole."""
        if not self.cancelled and self.remote is not None:
            self.remote = None
            self._on_page()

    def tick(self) -> None:
        if self.cancelled or self.search is None:
            return
        result = self.search.run(seconds=SLICE)
        if result is None and self.search.seconds < PER_DEAL:
            js.setTimeout(self._tick, 0)
            return
        self.search = None
        verdict = result.result if result is not None else "unknown"
        self._decided(verdict, result.moves if result is not None else [])

    def _answered(self, answer: dict[str, Any]) -> None:
        if self.cancelled or self.remote is None:
            return
        self.remote = None
        verdict, moves = answer.get("result"), answer.get("moves")
        line = [str(m) for m in moves] if isinstance(moves, list) else []
        self._decided(verdict if verdict in ("won", "lost") else "unknown", line)

    def _decided(self, verdict: str, line: list[str]) -> None:
        self._remember(verdict)
        if verdict == "won":
            self.found(self.deal, line)
            return
        tried = ngettext(
            "Finding a winnable deal… ({n} tried)",
            "Finding a winnable deal… ({n} tried)",
            self.tried,
        )
        self.say(tried.format(n=number(self.tried)))
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
