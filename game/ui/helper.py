"""The solver's own thread, seen from the page: a Web Worker (static/solver-worker.mjs) that
runs every search the page asks for (game/solver/remote.py: a position's whole portfolio,
a deal the winnable-deals finder tries, a daily pick), so that the page's thread is left to
the player.

``start_idle`` starts it once the table is shown, in idle time (requestIdleCallback, or a
timer where there is none), and only on a device with a core and the memory to spare.
Until it is ready, or if it cannot start or fails (no Workers, no memory, a Python error),
each caller searches on the page itself in short slices, as it always could; one that
fails mid-search hands every request back (``lost``), to be searched again on the page.
``#advice[data-helper]`` says how it stands: "starting", "ready", or "off: <why>";
``data-helper-ms`` how long it took to be ready, ``data-helper-python`` how its Python
started ("snapshot", "ordinary", "fallback: <why>": solver-worker.mjs), and
``data-helper-asked`` the requests sent by kind ("position:3 daily:1"). There is one per
page: ``shared()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from ..solver.remote import read_answer, request
from .dom import by_id, guarded

SCRIPT = "static/solver-worker.mjs"
IDLE_WAIT = 2.0  # seconds at most to wait for idle time before starting it anyway

Answer = Callable[[dict[str, Any]], None]


class Helper:
    """``ask`` sends a request and calls ``answer(data)`` with its answer, or ``lost()``
    when the worker stops for good before answering. ``when_ready`` callbacks are called
    once, when it is up."""

    def __init__(self) -> None:
        self.ready = False
        self.worker: Any = None  # False: not on this device, or off for good
        self.asked = 0  # the id of the last request sent
        self.pending: dict[int, tuple[Answer, Callable[[], None]]] = {}
        self.kinds: dict[str, int] = {}  # requests sent, by kind
        self._readied: list[Callable[[], None]] = []
        self._proxies: list[Any] = []
        self._scheduled = False
        self._began = 0.0
        switching = create_proxy(guarded(lambda *_: self.stop_for_good()))
        self._proxies.append(switching)
        js.window.addEventListener("solitaire:switching", switching)  # static/pwa.js

    @property
    def up(self) -> bool:
        """Could a request go to the worker, now or once it is ready? (False: the page
        searches itself, for good.)"""
        return self.worker is not False

    def start_idle(self) -> None:
        """Start the worker in the page's next idle time (once the table is shown)."""
        if self._scheduled:
            return
        self._scheduled = True
        proxy = create_proxy(guarded(lambda *_: self.start()))
        self._proxies.append(proxy)
        if hasattr(js.window, "requestIdleCallback"):
            wait = to_js({"timeout": IDLE_WAIT * 1000}, dict_converter=js.Object.fromEntries)
            js.window.requestIdleCallback(proxy, wait)
        else:
            js.setTimeout(proxy, 50)

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
        # A page the service worker controls: the worker may start from the memory snapshot
        # in its cache (solver-worker.mjs), as the page does (static/start.mjs).
        controlled = getattr(getattr(nav, "serviceWorker", None), "controller", None)
        name = "solver sw" if controlled else "solver"
        try:
            url = js.URL.new(SCRIPT, js.document.baseURI)
            options = to_js({"type": "module", "name": name}, dict_converter=js.Object.fromEntries)
            self.worker = js.Worker.new(url, options)
        except Exception as e:  # no Workers here, or the page's policy forbids them
            self.worker = None
            self._off(f"cannot start ({type(e).__name__})")
            return
        message = create_proxy(guarded(self._message))
        error = create_proxy(guarded(lambda event: self._off("it failed")))
        self._proxies += [message, error]
        self.worker.onmessage = message
        self.worker.onerror = error
        self._began = js.performance.now()
        self._mark("starting")

    def when_ready(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the worker is ready (never, if it is ready or off already)."""
        if not self.ready and self.up:
            self._readied.append(then)

    def ask(
        self, kind: str, answer: Answer, lost: Callable[[], None], **fields: object
    ) -> int | None:
        """Send a request (game/solver/remote.py); its id, or None when the worker is not
        ready (the caller searches on the page)."""
        if not self.ready:
            return None
        self.asked += 1
        self.pending[self.asked] = (answer, lost)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1  # for the tests: what went there
        by_id("advice").dataset.helperAsked = " ".join(f"{k}:{n}" for k, n in self.kinds.items())
        self.worker.postMessage(request(self.asked, kind, **fields))
        return self.asked

    def stop(self, ident: int | None) -> None:
        """Drop a request (its answer is no longer wanted)."""
        if ident is not None and self.pending.pop(ident, None) is not None and self.ready:
            self.worker.postMessage(request(ident, "stop"))

    def _message(self, event: Any) -> None:
        data = read_answer(event.data if isinstance(event.data, str) else "")
        if data.get("ready"):
            self.ready = True
            self._mark("ready")
            advice = by_id("advice")
            advice.dataset.helperMs = str(round(js.performance.now() - self._began))
            advice.dataset.helperPython = str(data.get("python", ""))[:200]
            readied, self._readied = self._readied, []
            for then in readied:
                then()
        elif "id" not in data:  # Python failed, or not this worker's message
            self._off(str(data["error"])[:200])
        elif data["id"] in self.pending:
            answer, lost = self.pending.pop(data["id"])
            if "error" in data:  # a request it refused: never the page's own (a bug)
                js.console.warn(f"solitaire: the solver's worker refused a search: {data['error']}")
                lost()
            else:
                answer(data["answer"])

    def stop_for_good(self) -> None:
        """The page switches to a new version (static/pwa.js): the worker stops, and starts
        no more, so that none of its fetches keeps the old service worker busy."""
        if self.worker is not False:
            self._stop("off: switching to a new version")

    def _off(self, why: str) -> None:
        js.console.warn(f"solitaire: the solver's second thread is off ({why})")
        self._stop(f"off: {why}")

    def _stop(self, how: str) -> None:
        """Stop for good; whatever the worker was asked is searched again on the page."""
        if self.worker:
            self.worker.terminate()
        self.worker, self.ready, self._readied = False, False, []
        self._mark(how)
        pending, self.pending = self.pending, {}
        for _, lost in pending.values():
            lost()

    def _mark(self, how: str) -> None:
        by_id("advice").dataset.helper = how


_shared: Helper | None = None


def shared() -> Helper:
    """The page's one worker, for the advisor, the deal finder and the daily pick alike."""
    global _shared  # one worker a page, made when first asked for
    if _shared is None:
        _shared = Helper()
    return _shared
