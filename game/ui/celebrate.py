"""A win's celebration: the foundations' cards bounce off the screen (the classic cascade,
flights in ``cascade.py``), then the end-of-game dialog.

The cards that fly are copies, in a layer of their own over the page, outside the table:
the table, its markup kept for the next first paint and the keyboard's place on it stay as
they are. The layer is aria-hidden, holds nothing focusable, never takes focus, and goes
when the cascade ends, when it is skipped (a tap, a click or a key anywhere) and when the
game goes away (another deal, another tab taking the game); then the dialog opens, and
takes focus as always. The browser plays each card's keyframes: no Python runs per frame.
Animation off or reduced motion (Settings, or the system's): no celebration, the dialog at
once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from ..notation import F0, T0
from .cascade import cascade
from .dom import guarded
from .skipping import KeySkip
from .table import Table

# A click this soon after the win is the second of the double click that won (app.py's
# DOUBLE_TAP_MS), not a skip.
GRACE_MS = 400


class Celebration(KeySkip):
    def __init__(self) -> None:
        self.layer: Any = None
        self.then: Callable[[], None] | None = None
        self.table: Table | None = None
        self.timer: Any = None
        self.skip_key: str | None = None  # the key that skipped: its keyup is swallowed too
        self.since = 0.0  # when it started (performance.now(), as event.timeStamp)
        self._fly = create_proxy(guarded(self._launch))
        self._end = create_proxy(guarded(self.finish))
        self._click = create_proxy(guarded(self._clicked))
        self._press = create_proxy(guarded(lambda e: e.preventDefault()))  # focus stays put
        js.window.addEventListener("keydown", create_proxy(guarded(self._key)), True)
        js.window.addEventListener("keyup", create_proxy(guarded(self._key_up)), True)

    @property
    def running(self) -> bool:
        return self.layer is not None

    def play(self, table: Table, then: Callable[[], None]) -> None:
        """Celebrate the win shown on ``table``, then ``then()`` (at once without motion)."""
        self.stop()
        if not table.motion:
            then()
            return
        layer = js.document.createElement("div")
        layer.className = " ".join(c for c in str(table.root.className).split() if c != "table")
        layer.classList.add("celebration")
        layer.setAttribute("aria-hidden", "true")
        layer.addEventListener("click", self._click)
        layer.addEventListener("mousedown", self._press)
        js.document.body.appendChild(layer)
        self.layer, self.then, self.table = layer, then, table
        self.since = float(js.performance.now())
        # The last card is still gliding home: the cards take off once it has landed.
        self.timer = js.setTimeout(self._fly, table.glide_ms + 40)

    def _launch(self) -> None:
        layer, table = self.layer, self.table
        if layer is None or table is None:
            return
        order = _launch_order(table)
        if not order:
            self.finish()
            return
        width, height = float(js.window.innerWidth), float(js.window.innerHeight)
        first = order[0][0].getBoundingClientRect()  # a foundation: one card's size
        w, h = float(first.width), float(first.height)
        starts = []
        for i, (pile, card) in enumerate(order):
            spot = pile.getBoundingClientRect()  # cards lie square on their foundation
            x, y = float(spot.left), float(spot.top)
            starts.append((x, y))
            copy = card.cloneNode(True)
            for name in ("id", "tabindex", "role", "aria-label", "style"):
                copy.removeAttribute(name)
            copy.className = "card"
            copy.style.cssText = (
                f"left:{x:.1f}px;top:{y:.1f}px;--w:{float(spot.width):.2f}px;"
                f"z-index:{len(order) - i}"
            )
            layer.appendChild(copy)
        flights = cascade(starts, (w, h), (width, height), random.Random())
        for copy, flight in zip(layer.children, flights, strict=True):
            timing = {"duration": flight.duration_ms, "delay": flight.delay_ms, "fill": "both"}
            drift = [{"translate": "0px 0px"}, {"translate": f"{flight.dx:.1f}px 0px"}]
            fall = [
                {"transform": f"translateY({k.dy:.1f}px)", "offset": k.offset, "easing": k.easing}
                for k in flight.keys
            ]
            copy.animate(_js(drift), _js(timing))
            copy.animate(_js(fall), _js(timing))
        js.document.body.dataset.celebrating = "yes"  # the foundations look empty meanwhile
        end = max(f.delay_ms + f.duration_ms for f in flights)
        self.timer = js.setTimeout(self._end, end)

    def finish(self) -> None:
        """The cascade is over (or skipped): the layer goes, the dialog comes."""
        then = self.then
        self.stop()
        if then is not None:
            then()

    def stop(self) -> None:
        """Nothing of the cascade is left, and nothing follows it."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
        if self.layer is not None:
            self.layer.remove()
        js.document.body.removeAttribute("data-celebrating")
        self.layer = self.then = self.table = self.timer = None

    def _clicked(self, event: Any) -> None:
        if float(event.timeStamp) - self.since >= GRACE_MS:
            self.finish()

    def _skipped(self) -> None:
        self.finish()


def _launch_order(table: Table) -> list[tuple[Any, Any]]:
    """(foundation, card) pairs, top cards first, taking turns between the foundations."""
    piles = [(table.pile_el[p], table.cards[p]) for p in sorted(table.pile_el) if F0 <= p < T0]
    deepest = max((len(cards) for _, cards in piles), default=0)
    return [
        (pile, cards[-1 - depth])
        for depth in range(deepest)
        for pile, cards in piles
        if depth < len(cards)
    ]


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)
