"""The solver's second thread, seen from the page: a Web Worker (static/solver-worker.mjs)
that runs a position's lead search (game/solver/remote.py) while the advisor runs the rest.

The advisor starts it the first time a search runs long (advisor.HELPER_AFTER), never
during the page's own start, and only on a device with a core and the memory to spare.
Until it is ready, or if it cannot start or fails (no Workers, no memory, a Python error),
the advisor runs every search itself, as it always could: the helper only ever makes
answers come sooner. ``#advice[data-helper]`` says how it stands: "starting", "ready", or
"off: <why>".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js

from .dom import by_id, guarded

if TYPE_CHECKING:
    from ..state import Game

SCRIPT = "static/solver-worker.mjs"


class Helper:
    """``ask`` sends a position; ``answer(id, data)`` is called with the worker's answer to
    the last one asked (data: "result", "moves", "nodes", "seconds"). ``lost()`` is called
    when a helper that was ready stops for good, so that whatever it was searching is
    searched again on the page."""

    def __init__(self, answer: Callable[[int, dict[str, Any]], None], lost: Callable[[], None]):
        self.answer, self.lost = answer, lost
        self.ready = False
        self.asked = 0  # the id of the last position sent
        self.worker: Any = None  # False: not on this device
        self.on_ready: Callable[[], None] | None = None
        self._proxies: list[Any] = []
        self.scheduled = False

    def start_soon(self) -> None:
        """Start the worker once the task under way (the table's first showing) is done."""
        if not self.scheduled:
            self.scheduled = True
            proxy = create_proxy(guarded(self.start))
            self._proxies.append(proxy)
            js.setTimeout(proxy, 0)

    def start(self) -> None:
        """Start the worker (once)."""
        if self.worker is not None:
            return
        nav = js.navigator
        cores, memory = getattr(nav, "hardwareConcurrency", 2), getattr(nav, "deviceMemory", 4)
        if (cores or 2) < 2 or (memory or 4) < 2:  # (deviceMemory: GB, Chromium's)
            self.worker = False
            self._mark("off: a single core or under 2 GB of memory")
            return
        try:
            url = js.URL.new(SCRIPT, js.document.baseURI)
            options = to_js({"type": "module"}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(url, options)
        except Exception as e:  # no Workers here, or the page's policy forbids them
            self._off(f"cannot start ({type(e).__name__})")
            return
        message = create_proxy(guarded(self._message))
        error = create_proxy(guarded(lambda event: self._off("it failed")))
        self._proxies += [message, error]
        self.worker.onmessage = message
        self.worker.onerror = error
        self._mark("starting")

    def ask(self, game: Game) -> int | None:
        """Send this position; its id, or None when the helper is not ready."""
        if not self.ready:
            return None
        self.asked += 1
        record = json.dumps(game.record())
        data = to_js({"id": self.asked, "record": record}, dict_converter=js.Object.fromEntries)
        self.worker.postMessage(data)
        return self.asked

    def stop(self) -> None:
        """Drop the position sent last (the page has its answer, or moved on)."""
        if self.ready:
            self.asked += 1
            self.worker.postMessage(to_js({"id": None}, dict_converter=js.Object.fromEntries))

    def _message(self, event: Any) -> None:
        data = event.data.to_py() if hasattr(event.data, "to_py") else {}
        if data.get("ready"):
            self.ready = True
            self._mark("ready")
            if self.on_ready is not None:
                self.on_ready()
        elif "error" in data:
            self._off(str(data["error"])[:200])
        elif data.get("id") == self.asked:
            self.answer(self.asked, json.loads(str(data["answer"])))

    def _off(self, why: str) -> None:
        was = self.ready
        self.ready = False
        if self.worker:
            self.worker.terminate()
        js.console.warn(f"solitaire: the solver's second thread is off ({why})")
        self._mark(f"off: {why}")
        if was:
            self.lost()

    def _mark(self, how: str) -> None:
        by_id("advice").dataset.helper = how
