"""Work that waits for the frame: what a move needs besides its pixels runs after them.

The input task plays the move and draws the piles that changed; saving, the first-paint
markup, embed events, statistics, the advisor, the keyboard cursor and sound are jobs
given to :class:`Later`. They run once the frame showing the move has painted
(requestAnimationFrame twice, then a MessageChannel message: the task after the paint), each
in a task of its own so that input waiting between them goes first. A job is named: asked
again before it ran, it runs once, with the newest function, in its first place (moves
made quickly save once). A hidden tab paints no frames, so a timer runs them too, FALLBACK
after they were asked. Nothing waits past the page's life: a hidden, frozen or closed page
runs every job at once (visibilitychange, freeze, pagehide).

``<html data-later>`` says "busy" while jobs wait and "done" when none do (the tests'
and benchmarks' sign that a move has settled). A job that runs over SLOW leaves a
performance measure ("solitaire: later <name>"), for bench/firstvisit.py and the profiles.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from .dom import guarded, listen

FALLBACK = 100  # ms: jobs run by then even where no frame paints (a hidden tab)
SLOW = 16.0  # ms: a job this long is measured


class Later:
    def __init__(self) -> None:
        self.jobs: dict[str, Callable[[], object]] = {}
        self.armed = False  # jobs wait: a frame, a message or the timer is on its way
        self.running = False  # the jobs' tasks have begun (by the frame or by the timer)
        self.generation = 0  # which arming the frame and the timer belong to
        self._channel = js.MessageChannel.new()
        self._channel.port1.onmessage = create_proxy(guarded(lambda e: self._next()))
        self._frame = create_proxy(guarded(lambda t: self._painted()))
        self._next_frame = create_proxy(guarded(lambda t: self._begin()))
        self._timer = create_proxy(guarded(self._late))
        self._mark("done")

    def after_paint(self, name: str, job: Callable[[], object]) -> None:
        """Run ``job`` once the next frame has painted (once, if asked again before)."""
        self.jobs[name] = job
        if not self.armed:
            self.armed = True
            self.generation += 1
            self._mark("busy")
            js.requestAnimationFrame(self._frame)
            js.setTimeout(self._timer, FALLBACK, self.generation)

    def pending(self, name: str) -> bool:
        return name in self.jobs

    def flush(self, *names: str) -> None:
        """Run the named jobs now (every job, if none is named): something needs what they
        do before the frame would have run them (a hint needs the advisor)."""
        for name in names or list(self.jobs):
            job = self.jobs.pop(name, None)
            if job is not None:
                guarded(job)()
        if not self.jobs:
            self._done()

    def drop(self, name: str) -> None:
        """Forget a job: what it would do is done another way, or moot."""
        self.jobs.pop(name, None)
        if not self.jobs:
            self._done()

    def flush_on_leave(self) -> None:
        """Every job runs before the page is hidden, frozen or closed: a save is written."""

        def leave(event: Any) -> None:
            if event.type == "visibilitychange" and js.document.visibilityState != "hidden":
                return
            self.flush()

        listen(js.document, "visibilitychange", leave)
        listen(js.document, "freeze", leave)
        listen(js.window, "pagehide", leave)

    # -- running ----------------------------------------------------------------------------

    def _painted(self) -> None:
        """In the move's frame (requestAnimationFrame): its pixels are drawn after this,
        off the main thread. The jobs wait for the next frame's, which Chromium starts once
        the move's frame is rastered: jobs and raster do not share the cores."""
        if self.armed and not self.running:
            js.requestAnimationFrame(self._next_frame)

    def _late(self, generation: int) -> None:
        if generation == self.generation:
            self._begin()

    def _begin(self) -> None:
        if self.armed and not self.running:
            self.running = True
            self._channel.port2.postMessage(None)

    def _next(self) -> None:
        """One job, then the next in a task of its own."""
        if not self.jobs:
            self._done()
            return
        name = next(iter(self.jobs))
        job = self.jobs.pop(name)
        began = time.perf_counter()
        try:
            guarded(job)()
        finally:
            took = (time.perf_counter() - began) * 1000
            if took > SLOW:
                end = js.performance.now()
                span = to_js(
                    {"start": end - took, "end": end}, dict_converter=js.Object.fromEntries
                )
                js.performance.measure(f"solitaire: later {name}", span)
            if self.jobs:
                self._channel.port2.postMessage(None)
            else:
                self._done()

    def _done(self) -> None:
        self.armed = self.running = False
        self._mark("done")

    @staticmethod
    def _mark(state: str) -> None:
        js.document.documentElement.dataset.later = state
