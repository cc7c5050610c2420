"""What a hint shows on the table: the cards it moves lifted, and a ghost where they go.

The cards of the move rise (``.hint``: raised, a shadow, an outline) and a ghost, a
translucent copy of them, glides from them to the exact spot they would take on the pile
they go to, and rests there outlined; the pile is ringed (``.hint-target``). A deal lifts
the stock, rings the waste, and a face-down ghost glides there; turning the waste over
lifts the stock (its ↻ says the rest); a Linus redeal lights the Redeal button. Under reduced motion
(or animation off in Settings) the ghost does not glide: it is simply there.

The ghost lives outside the table (a fixed layer on the body), so the table's markup kept
for the next visit's first paint never holds it; it takes no pointer input and is hidden
from assistive technology (the status line says the hint in words). It is placed again
when the window is resized, and goes with the next move, undo or new game (:func:`clear`).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js

from ..cards import DOWN
from ..notation import STOCK, T0, Move
from . import spread
from .dom import absent, by_id, listen
from .table import GLIDE_MS, Table

GHOST_MS = 480  # the ghost's glide at the Settings' normal speed (the table's GLIDE_MS)
_shown: list[tuple[Table, Move, bool]] = []  # the hint on the table now, if any
_listening: list[bool] = []


def show(table: Table, move: Move, sure: bool, glide: bool = True) -> None:
    """Lift the cards of ``move``, ring where they go and lay their ghost there."""
    clear()
    _shown.append((table, move, sure))
    if not _listening:  # once a page: a resized window moves the ghost to its new spot
        _listening.append(True)
        listen(js.window, "resize", _again)
    src, dst, n = move
    table.root.dataset.hint = "sure" if sure else "guess"
    stock = table.pile_el.get(STOCK)
    if src == STOCK and n == 0:  # turn the waste over, or (Linus) shuffle the fans
        if stock is None:
            _mark(by_id("redeal"), "hint")
            return
        _mark(stock, "hint")  # its ↻ says what it does
        return
    if src == STOCK:  # a deal: the stock rises, the waste is ringed, a card back glides
        cards = table.cards.get(STOCK, [])[-1:]
        lifted = [stock] if stock is not None else []
    else:
        cards = table.cards.get(src, [])[-n:]
        lifted = cards
    for el in lifted:
        _mark(el, "hint")
    target = table.pile_el.get(dst)
    if target is None or not cards:
        return
    _mark(target, "hint-target")
    _ghost(table, cards, dst, n, glide and table.motion and table.glide_ms > 0)


def clear() -> None:
    """Take every mark of a hint off the page."""
    _shown.clear()
    for el in js.document.querySelectorAll(".hint, .hint-target"):
        el.classList.remove("hint", "hint-target")
    for el in js.document.querySelectorAll(".hint-ghost"):
        el.remove()
    root = by_id("table")
    if not absent(root):
        root.removeAttribute("data-hint")


def _again(event: object = None) -> None:
    if _shown:
        table, move, sure = _shown[-1]
        show(table, move, sure, glide=False)


def _mark(el: Any, name: str) -> None:
    if not absent(el):
        el.classList.add(name)


def _ghost(table: Table, cards: list[Any], dst: int, n: int, glide: bool) -> None:
    """A copy of ``cards`` at the spot they take on pile ``dst``, gliding there from them."""
    assert table.game is not None
    pile = table.pile_el[dst]
    box = pile.getBoundingClientRect()
    below = table.shown.get(dst, ())
    width = table.card_w if dst >= T0 else float(pile.offsetWidth)
    height = width * 1.4
    count = len(below) + n
    if dst < T0:
        spots = [(0.0, 0.0)] * count  # stock, waste, foundation: a neat stack
    elif table.root.classList.contains("fans"):
        spots = [(x, 0.0) for x in spread.fan(count, float(pile.clientWidth), width)]
    else:
        room = float(table.root.getBoundingClientRect().bottom) - 4 - float(box.top)
        flags = [c >= DOWN for c in below] + [False] * n
        spots = [(0.0, y) for y in spread.column(flags, room, height)]
    spots = spots[len(below) :]
    layer = js.document.createElement("div")
    layer.className = "hint-ghost" + (" fans" if table.root.classList.contains("fans") else "")
    layer.setAttribute("aria-hidden", "true")
    x0, y0 = float(box.left) + spots[0][0], float(box.top) + spots[0][1]
    layer.style.cssText = f"left:{x0:.1f}px;top:{y0:.1f}px;--w:{width:.2f}px"
    for el, (x, y) in zip(cards, spots, strict=False):
        layer.appendChild(_copy(el, x - spots[0][0], y - spots[0][1]))
    js.document.body.appendChild(layer)
    if not glide:
        return
    start = cards[0].getBoundingClientRect()
    scale = float(start.width) / width if width else 1.0
    frames = to_js(
        [
            {
                "transform": f"translate({float(start.left) - x0:.1f}px,"
                f"{float(start.top) - y0:.1f}px) scale({scale:.3f})",
                "opacity": 0.95,
            },
            {"transform": "none", "opacity": 0.78},
        ],
        dict_converter=js.Object.fromEntries,
    )
    ms = GHOST_MS * table.glide_ms / GLIDE_MS
    timing = to_js(
        {"duration": ms, "delay": 120, "easing": "ease-in-out", "fill": "backwards"},
        dict_converter=js.Object.fromEntries,
    )
    layer.animate(frames, timing)


def _copy(el: Any, x: float, y: float) -> Any:
    """A card's look without its identity in the page: no code, label, role or focus."""
    copy = js.document.createElement("div")
    up = el.dataset.face == "up"
    copy.className = "card" if up else "card back"
    if up:
        copy.dataset.suit = el.dataset.suit
        copy.innerHTML = el.innerHTML
    copy.style.cssText = f"left:{x:.1f}px;top:{y:.1f}px"
    return copy
