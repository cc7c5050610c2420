"""Rendering the engine's position into the page, keyed by pile, moving card elements.

``sync`` compares each pile with what the page shows and touches only piles that differ;
card elements leaving one pile are reused by the pile that gains them, so a moved card is
the same element and can glide there (FLIP, 160 ms unless Settings say otherwise, none
under reduced motion). A glide only shows a move already made: :meth:`land` cuts every
glide short, so that pointer input aims at the table as the position has it.

A move's task must not wait on layout more than once: a moved card whose face is the same
is not dressed again, and what ``sync`` needs of the layout (each pile's room, the card
size the screen gives) is measured once and kept until the table's size changes
(ResizeObserver), the card size changes, or a new game is laid out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from ..cards import DOWN
from ..notation import STOCK, T0
from ..state import Game
from . import spread
from .dom import guarded
from .markup import STACK_SHOWN, card_attrs, face_html, table_look
from .voice import pile_label

GLIDE_MS = 160


class Table:
    def __init__(self, root: Any) -> None:
        self.root = root
        self.game: Game | None = None
        self.pile_el: dict[int, Any] = {}
        self.cards: dict[int, list[Any]] = {}
        self.shown: dict[int, tuple[int, ...]] = {}
        self.motion = not js.window.matchMedia("(prefers-reduced-motion: reduce)").matches
        self.glide_ms = GLIDE_MS  # the Settings' animation speed (prefs.py) sets both
        self.card_w = self.card_h = 0.0
        self.held: dict[int, Any] = {}  # id(element) -> where a drop let go of it
        self.glides: list[Any] = []  # the glides (Animations) running, or ended since a sync
        self.dressed: dict[int, int] = {}  # id(element) -> the card code it shows
        self.placed: dict[int, str] = {}  # id(element) -> its offset (style) as written
        self.rooms: dict[int, float] = {}  # pile -> its room (a column's height, a fan's width)
        # The card height the screen gives (no --cap), and the height the tableau's columns
        # have below their tops; None: to be measured.
        self.natural: tuple[float, float] | None = None
        self.above = 1  # how many cards tall the rows over the tableau stand (Unlimited: 2)
        self.size = (0.0, 0.0)  # the table's size when last measured
        # Runs a job once the frame has painted (later.py), where the page has one: a move
        # that changes the card size (every card restyled, laid out and rastered again: 40
        # ms here, four times that on a phone) shows first at the old size, squeezed.
        self.later: Callable[[str, Callable[[], object]], None] | None = None
        self._observer = js.ResizeObserver.new(create_proxy(guarded(self._resized)))
        self._observer.observe(root)
        # Each pile is a layer of its own (table.css): a gliding card's pile is raised over
        # the others (.flying) until its last glide ends, so the card flies over them.
        self._glide_ended = create_proxy(guarded(self._ended))

    # -- building ---------------------------------------------------------------------------

    def build(self, game: Game) -> None:
        """Lay out the piles of a (new) game; cards follow in :meth:`sync`."""
        self.game = game
        look = table_look(game)
        root = self.root
        root.className = look.classes
        root.dataset.game = game.rules.name
        for name, value in look.props.items():
            root.style.setProperty(name, value)
        root.innerHTML = look.html
        self.dressed, self.placed = {}, {}
        self.forget()
        self.pile_el = {}
        for el in root.querySelectorAll("[data-pile]"):
            self.pile_el[_pile_number(el.dataset.pile)] = el
        self.cards = {p: [] for p in self.pile_el}
        self.shown = {p: () for p in self.pile_el}
        self.measure()

    def measure(self) -> None:
        """Card size in pixels, read from the page (CSS decides it from the viewport), and
        the table's size they were measured at (the ResizeObserver's first report of that
        size changes nothing)."""
        probe = self.pile_el.get(T0)
        if probe is not None:  # every pile is one card tall (a fan is wider than its card)
            self.card_h = float(probe.offsetHeight)
            self.card_w = self.card_h / 1.4
            rect = self.root.getBoundingClientRect()
            self.size = (float(rect.width), float(rect.height))

    def forget(self) -> None:
        """The layout kept is stale: measure it again when next needed."""
        self.rooms = {}
        self.natural = None

    def _resized(self, *args: Any) -> None:
        rect = self.root.getBoundingClientRect()
        size = (float(rect.width), float(rect.height))
        if size != self.size and self.game is not None:
            self.size = size
            if 0.0 in size:  # hidden (a closed dialog's table): measured again when shown
                self.forget()
            else:
                self.refit()

    def _measure_rooms(self) -> None:
        """Every pile's room, read in one go (one layout, before anything is written)."""
        game = self.game
        if self.rooms or game is None:
            return
        fans = game.rules.passes == 0
        bottom = self._bottom()
        tops = {p: el.getBoundingClientRect().top for p, el in self.pile_el.items() if p >= T0}
        for p, top in tops.items():
            self.rooms[p] = float(self.pile_el[p].clientWidth) if fans else bottom - top

    # -- keeping the page equal to the position ----------------------------------------------

    def sync(self, animate: bool = True) -> None:
        game = self.game
        assert game is not None
        changed = [p for p in self.pile_el if game.piles[p] != self.shown[p]]
        self.glides = [a for a in self.glides if str(a.playState) == "running"]
        if not changed:
            self.snap_back()
            return
        self._measure_rooms()  # (reads first: no layout is forced between writes)
        pool: dict[int, list[Any]] = {}  # card (face-up code) -> elements that left a pile
        before: dict[int, Any] = {}  # id(element) -> its rect before the change
        for p in changed:
            old, new, els = self.shown[p], game.piles[p], self.cards[p]
            keep = _common(old, new)
            for c, el in zip(old[keep:], els[keep:], strict=True):
                pool.setdefault(c & ~DOWN, []).append(el)
                if animate and self.motion:
                    before[id(el)] = (el, self.held.get(id(el)) or el.getBoundingClientRect())
            del els[keep:]
        for p in changed:
            new, els, pile = game.piles[p], self.cards[p], self.pile_el[p]
            for c in new[len(els) :]:
                spare = pool.get(c & ~DOWN)
                el = spare.pop() if spare else js.document.createElement("div")
                code = c if p != STOCK else c | DOWN
                if self.dressed.get(id(el)) != code:
                    _dress(el, code)
                    self.dressed[id(el)] = code
                elif el.className != "card":  # held, dragging, hinted: not any more
                    el.className = "card"
                pile.appendChild(el)
                els.append(el)
            self.shown[p] = new
            self._place(p)
            self._label(p)
        for spares in pool.values():
            for el in spares:
                el.remove()
                before.pop(id(el), None)
                self.dressed.pop(id(el), None)
                self.placed.pop(id(el), None)
        if animate and self.later is not None:  # a move: its pixels first, a new size after
            self.later("fit", lambda: self.fit(spread.GROW))
        else:
            self.fit()  # before the glides: they start from where cards were, to where they are
        moved = [(el, rect, el.getBoundingClientRect()) for el, rect in before.values()]
        for el, rect, now in moved:  # every rect read before any glide starts
            if el.isConnected:
                self._glide(el, rect, now)
        self.held = {}

    def snap_back(self) -> None:
        """Cards let go of where nothing took them glide home."""
        for el in [c for cards in self.cards.values() for c in cards if id(c) in self.held]:
            if self.motion:
                self._glide(el, self.held[id(el)])
        self.held = {}

    def hold(self, els: list[Any]) -> None:
        """Remember where dropped cards are now, so they glide from there, not from home."""
        self.held = {id(el): el.getBoundingClientRect() for el in els}

    def land(self) -> None:
        """Every card still gliding is at once where it goes: what the player sees is the
        position, and no card in flight is under a pointer."""
        glides, self.glides = self.glides, []
        for anim in glides:
            anim.finish()

    def _glide(self, el: Any, rect: Any, now: Any = None) -> None:
        now = now or el.getBoundingClientRect()
        dx, dy = rect.left - now.left, rect.top - now.top
        if abs(dx) + abs(dy) < 1:
            return
        frames = to_js(
            [{"transform": f"translate({dx}px,{dy}px)"}, {"transform": "none"}],
            dict_converter=js.Object.fromEntries,
        )
        timing = to_js(
            {"duration": self.glide_ms, "easing": "ease-out"},
            dict_converter=js.Object.fromEntries,
        )
        anim = el.animate(frames, timing)
        anim.onfinish = anim.oncancel = self._glide_ended
        el.parentElement.classList.add("flying")
        self.glides.append(anim)

    def _ended(self, _event: Any) -> None:
        """A glide ended: a pile comes down once none of its cards glides any more (a card
        may have been moved on meanwhile: every raised pile is looked at)."""
        aloft = [
            a.effect.target.parentElement for a in self.glides if str(a.playState) == "running"
        ]
        for pile in self.root.querySelectorAll(".pile.flying"):
            if not any(pile == p for p in aloft):
                pile.classList.remove("flying")

    def _place(self, p: int) -> None:
        """Offsets of the cards of a pile: as spread as its room allows (game/ui/spread.py)."""
        els, cards = self.cards[p], self.shown[p]
        if p < T0 or not els:  # stock, waste, foundations: a neat stack
            # It paints its top cards only (markup.STACK_SHOWN): the card under the top one
            # shows while the top glides in or out, and those below are covered (software
            # raster draws every card of a tile, covered or not, and a stack can hold 55).
            shown = len(els) - STACK_SHOWN
            for i, el in enumerate(els):
                self._offset(el, "visibility:hidden" if i < shown else "")
            return
        game = self.game
        assert game is not None
        self._measure_rooms()
        room = self.rooms[p]
        if self.card_h <= 0:  # not laid out (hidden): nothing to spread
            return
        if game.rules.passes == 0:  # Linus: fans spread to the right
            lefts = spread.fan(len(els), room, self.card_w)
            for el, x in zip(els, lefts, strict=True):
                self._offset(el, f"left:{x}px")
            return
        tops = spread.column([c >= DOWN for c in cards], room, self.card_h)
        for el, y in zip(els, tops, strict=True):
            self._offset(el, f"top:{y}px")

    def _offset(self, el: Any, css: str) -> None:
        """A card's place in its pile, written only if it changes (a write costs a style
        pass)."""
        if self.placed.get(id(el)) != css:
            el.style.cssText = css
            self.placed[id(el)] = css

    def _bottom(self) -> float:
        return float(self.root.getBoundingClientRect().bottom) - 4

    def fit(self, grow: float = 1.0) -> bool:
        """Cards as large as the longest pile allows: a pile that cannot show every card's
        index even closed up makes every card smaller (the table's --cap), and the cards
        grow back when it shortens, by ``grow`` times at least (a move and its undo do not
        resize every card twice). True if the size changed (every pile is placed again)."""
        game, root = self.game, self.root
        probe = self.pile_el.get(T0)
        if game is None or probe is None:
            return False
        if self.natural is None and float(probe.offsetHeight) <= 0:
            return False  # not laid out (a frame resized to nothing): nothing to measure
        had = str(root.style.getPropertyValue("--cap"))
        natural_h, avail = self.natural or self._natural(probe, had)
        if game.rules.passes == 0:
            longest = max(len(game.piles[p]) for p in self.pile_el if p >= T0)
            cap_w = spread.fan_cap(longest, avail)
        else:
            columns = [[c >= DOWN for c in game.piles[p]] for p in self.pile_el if p >= T0]
            above = self.above
            cap_w = min(spread.column_cap(c, avail, above=above) for c in columns) / 1.4
            if cap_w < natural_h / 1.4 * spread.SMALLEST:  # small already: closer, not smaller
                cap_w = min(spread.column_cap(c, avail, True, above) for c in columns) / 1.4
        natural_w = natural_h / 1.4
        cap = f"{max(cap_w, natural_w * spread.SMALLEST):.0f}px" if cap_w < natural_w - 1 else ""
        if cap == had or not spread.resize(_width(had, natural_w), _width(cap, natural_w), grow):
            return False
        if cap:
            root.style.setProperty("--cap", cap)
        else:
            root.style.removeProperty("--cap")
        self._replace()
        return True

    def _natural(self, probe: Any, cap: str) -> tuple[float, float]:
        """The card height the screen gives and the room the tableau's piles have then (a
        fan's width; a column's height below its top), measured without the --cap."""
        root = self.root
        if cap:
            root.style.removeProperty("--cap")
        natural_h = float(probe.offsetHeight)
        if self.game is not None and self.game.rules.passes == 0:
            room = float(probe.clientWidth)
        else:
            # the top row may stand two cards tall (Unlimited's foundations, on a narrow
            # screen); where it is no box of its own (a wide screen's grid), one
            row = root.querySelector(".top")
            self.above = max(1, round(float(row.offsetHeight) / natural_h)) if row else 1
            top = float(root.getBoundingClientRect().top)
            above = float(probe.getBoundingClientRect().top) - top - self.above * natural_h
            room = self._bottom() - top - above  # less the pads and gaps
        if cap:
            root.style.setProperty("--cap", cap)
        self.natural = (natural_h, room)
        return self.natural

    def _label(self, p: int) -> None:
        assert self.game is not None
        self.pile_el[p].setAttribute("aria-label", pile_label(self.game, p, self.shown[p]))

    def refit(self) -> None:
        """After a resize: new card size, new offsets."""
        self.forget()
        if not self.fit():
            self._replace()

    def _replace(self) -> None:
        self.rooms = {}
        self.measure()
        for p in self.pile_el:
            self._place(p)

    def reset(self) -> None:
        """Forget what is shown (a new game or a redeal): the next sync redraws every pile."""
        for p, els in self.cards.items():
            for el in els:
                el.remove()
            self.cards[p] = []
            self.shown[p] = ()
        self.dressed, self.placed = {}, {}


def _dress(el: Any, c: int) -> None:
    """Make ``el`` show card ``c``; a face-down card is stripped of every trace of identity."""
    up = c < DOWN
    for name in ("data-card", "data-suit", "data-face", "aria-label"):
        el.removeAttribute(name)
    el.className = "card"
    el.setAttribute("role", "img")
    for k, v in card_attrs(c, up).items():
        el.setAttribute(k, v)
    el.innerHTML = face_html(c) if up else ""


def _width(cap: str, natural_w: float) -> float:
    return float(cap.removesuffix("px")) if cap else natural_w


def _common(old: tuple[int, ...], new: tuple[int, ...]) -> int:
    n = min(len(old), len(new))
    i = 0
    while i < n and old[i] == new[i]:
        i += 1
    return i


def _pile_number(name: str) -> int:
    from ..notation import parse_pile

    return parse_pile(name)
