"""Pointer input (mouse, touch, pen) on the table: tap, double-tap and drag-and-drop.

One delegated set of listeners on the table element, not one per card. A press that moves
less than a few pixels is a tap; otherwise the grabbed card (with the run above it, where
the rules let a run move) follows the pointer and is dropped on the pile it overlaps most.

A press first cuts short the cards still gliding (``Table.land``), then finds the card or
pile at its coordinates, not at ``event.target``: that may be a card in flight, passing
over the stock or another card, and a card in flight is never tapped, clicked or dragged.
The second tap of a double tap is told to ``App.tap`` with where it was (see there).

While cards are dragged, each pile a drop of them would be legal on carries the class
``drop-ok`` (what ``assist.destinations`` finds; a foundation is marked when it is the one
that takes the card). The marks go when the drag ends, however it ends: a drop, a cancel,
a lost capture or the next press.

A touch slid over the table is never a scroll (``touch-action: none``), but Chromium still
starts a fling when the finger lifts while moving, and the next tap anywhere, a toolbar
button's too, only stops that fling and is dropped: its click never comes. Cancelling
``touchmove`` on the table means no scroll gesture, so no fling.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import js

from ..assist import destinations, movable
from ..cards import rank_of, suit_of
from ..notation import F0, STOCK, T0, WASTE, parse_pile
from .dom import absent, listen

if TYPE_CHECKING:
    from ..state import Game
    from .ports import Board

DRAG_START_PX = 6
DROP_OK = "drop-ok"  # the class of a pile that would take the cards being dragged


class Grab:
    """A card (and the run above it) held by a pointer."""

    def __init__(self, pile: int, index: int, els: list[Any], x: float, y: float) -> None:
        self.pile, self.index, self.els = pile, index, els
        self.x0, self.y0 = x, y
        self.dragging = False


class Pointer:
    def __init__(self, app: Board) -> None:
        self.app = app
        self.grab: Grab | None = None
        self.marked: list[Any] = []  # the pile elements carrying DROP_OK
        root = app.table.root
        for name, fn in (
            ("pointerdown", self.down),
            ("pointermove", self.move),
            ("pointerup", self.up),
            ("pointercancel", self.cancel),
            ("lostpointercapture", self.cancel),
            ("touchmove", _no_scroll),  # not passive: a listener on an element never is
        ):
            listen(root, name, fn)

    def _where(self, x: float, y: float) -> tuple[int, int] | None:
        """(pile, index of the card) at a point of the table; index -1 for the pile itself."""
        root = self.app.table.root
        hits = [el for el in js.document.elementsFromPoint(x, y) if root.contains(el)]
        if not hits:
            return None
        pile_el = hits[0].closest("[data-pile]")
        if absent(pile_el):
            return None
        pile = parse_pile(pile_el.dataset.pile)
        card_el = hits[0].closest(".card")
        els = self.app.table.cards.get(pile, [])
        if absent(card_el) or not els:
            return pile, -1
        for i, el in enumerate(els):
            if el == card_el:
                return pile, i
        return pile, -1

    def down(self, event: Any) -> None:
        if event.button != 0 or not self.app.accepting():
            return
        self._unmark()
        self.app.table.land()
        spot = self._where(event.clientX, event.clientY)
        if spot is None:
            return
        pile, index = spot
        table, game = self.app.table, self.app.game
        if pile == STOCK or index < 0 or F0 <= pile < T0:
            self.grab = Grab(pile, index, [], event.clientX, event.clientY)
            return
        if pile == WASTE:
            index = len(table.cards[pile]) - 1
        els = table.cards[pile][index:]
        self.grab = Grab(pile, index, els, event.clientX, event.clientY)
        n = len(els)
        if not movable(game, pile, n):
            self.grab.els = []  # a tap may still explain why; nothing drags
        event.preventDefault()
        with contextlib.suppress(Exception):  # a synthetic pointer may refuse capture
            table.root.setPointerCapture(event.pointerId)

    def move(self, event: Any) -> None:
        g = self.grab
        if g is None or not g.els:
            return
        dx, dy = event.clientX - g.x0, event.clientY - g.y0
        if not g.dragging:
            if abs(dx) + abs(dy) < DRAG_START_PX:
                return
            g.dragging = True
            for el in g.els:
                el.classList.add("dragging")
            self._mark(g)
        shift = f"translate({dx}px,{dy}px)"
        for el in g.els:
            el.style.transform = shift

    def up(self, event: Any) -> None:
        g, self.grab = self.grab, None
        self._unmark()
        if g is None:
            return
        if not g.dragging:
            self.app.tap(g.pile, g.index, event.timeStamp, (g.x0, g.y0))
            return
        self.app.table.land()
        target = self._pile_at(event.clientX, event.clientY, g.pile)
        if target is None:
            target = self._drop_target(g)
        self.app.table.hold(g.els)
        self._release(g)
        n = len(g.els)
        if target is None:
            self.app.table.snap_back()
            return
        self.app.drop(g.pile, target, n, g.els)

    def cancel(self, event: Any) -> None:
        g, self.grab = self.grab, None
        self._unmark()
        if g is not None and g.dragging:
            self._release(g)

    def _mark(self, g: Grab) -> None:
        """Mark the piles that a drop of the held cards would be legal on."""
        self._unmark()
        game, pile_el = self.app.game, self.app.table.pile_el
        targets = {dst for _, dst, _ in destinations(game, g.pile, len(g.els))}
        if any(F0 <= dst < T0 for dst in targets):  # a drop on any foundation that takes it
            targets |= set(_foundations_taking(game, game.piles[g.pile][-1]))
        for dst in sorted(targets):
            el = pile_el.get(dst)
            if el is not None:
                el.classList.add(DROP_OK)
                self.marked.append(el)

    def _unmark(self) -> None:
        marked, self.marked = self.marked, []
        for el in marked:
            el.classList.remove(DROP_OK)

    def _release(self, g: Grab) -> None:
        self._unmark()
        for el in g.els:
            el.classList.remove("dragging")
            el.style.transform = ""

    def _pile_at(self, x: float, y: float, src: int) -> int | None:
        """The pile under the pointer itself (held cards let pointer events through)."""
        for el in js.document.elementsFromPoint(x, y):
            if el.classList.contains("dragging"):
                continue
            pile_el = el.closest("[data-pile]")
            if not absent(pile_el):
                pile = parse_pile(pile_el.dataset.pile)
                return None if pile in (src, STOCK, WASTE) else pile
        return None

    def _drop_target(self, g: Grab) -> int | None:
        """The pile the held card overlaps most (a tableau pile reaches down to its top card)."""
        head = g.els[0].getBoundingClientRect()
        best, best_area = None, 0.0
        for pile, el in self.app.table.pile_el.items():
            if pile in (STOCK, WASTE) or pile == g.pile:
                continue
            r = el.getBoundingClientRect()
            top, left, right, bottom = r.top, r.left, r.right, r.bottom
            cards = self.app.table.cards[pile]
            if cards:
                last = cards[-1].getBoundingClientRect()
                bottom, right = max(bottom, last.bottom), max(right, last.right)
            w = min(right, head.right) - max(left, head.left)
            h = min(bottom, head.bottom) - max(top, head.top)
            if w > 0 and h > 0 and w * h > best_area:
                best, best_area = pile, w * h
        return best


def _no_scroll(event: Any) -> None:
    event.preventDefault()


def _foundations_taking(game: Game, c: int) -> list[int]:
    """Every foundation the card would go to (the engine names one: an Ace takes the first
    empty one, yet a drop on any empty foundation plays it, as on one of two same-suit
    piles in Unlimited)."""
    out = []
    for f in game.found:
        pile = game.piles[f]
        if (not pile and rank_of(c) == 0) or (
            pile and suit_of(pile[-1]) == suit_of(c) and rank_of(pile[-1]) == rank_of(c) - 1
        ):
            out.append(f)
    return out
