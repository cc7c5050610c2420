"""Rendering the engine's position into the page, keyed by pile, moving card elements.

``sync`` compares each pile with what the page shows and touches only piles that differ;
card elements leaving one pile are reused by the pile that gains them, so a moved card is
the same element and can glide there (FLIP, 160 ms unless Settings say otherwise, none
under reduced motion). A glide only shows a move already made: :meth:`land` cuts every
glide short, so that pointer input aims at the table as the position has it.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js

from ..cards import DOWN
from ..notation import STOCK, T0
from ..state import Game
from . import spread
from .markup import card_attrs, face_html, table_look
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
        self.pile_el = {}
        for el in root.querySelectorAll("[data-pile]"):
            self.pile_el[_pile_number(el.dataset.pile)] = el
        self.cards = {p: [] for p in self.pile_el}
        self.shown = {p: () for p in self.pile_el}
        self.measure()

    def measure(self) -> None:
        """Card size in pixels, read from the page (CSS decides it from the viewport)."""
        probe = self.pile_el.get(T0)
        if probe is not None:  # every pile is one card tall (a fan is wider than its card)
            self.card_h = float(probe.offsetHeight)
            self.card_w = self.card_h / 1.4

    # -- keeping the page equal to the position ----------------------------------------------

    def sync(self, animate: bool = True) -> None:
        game = self.game
        assert game is not None
        changed = [p for p in self.pile_el if game.piles[p] != self.shown[p]]
        self.glides = [a for a in self.glides if str(a.playState) == "running"]
        if not changed:
            self.snap_back()
            return
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
                _dress(el, c if p != STOCK else c | DOWN)
                pile.appendChild(el)
                els.append(el)
            self.shown[p] = new
            self._place(p)
            self._label(p)
        for spares in pool.values():
            for el in spares:
                el.remove()
                before.pop(id(el), None)
        self.fit()  # before the glides: they start from where cards were, to where they are
        for el, rect in before.values():
            if el.isConnected:
                self._glide(el, rect)
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

    def _glide(self, el: Any, rect: Any) -> None:
        now = el.getBoundingClientRect()
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
        self.glides.append(el.animate(frames, timing))

    def _place(self, p: int) -> None:
        """Offsets of the cards of a pile: as spread as its room allows (game/ui/spread.py)."""
        els, cards = self.cards[p], self.shown[p]
        if p < T0 or not els:
            for i, el in enumerate(els):  # stock, waste, foundations: a neat stack
                el.style.cssText = f"--i:{i}"
            return
        game = self.game
        assert game is not None
        if game.rules.passes == 0:  # Linus: fans spread to the right
            lefts = spread.fan(len(els), self.pile_el[p].clientWidth, self.card_w)
            for el, x in zip(els, lefts, strict=True):
                el.style.cssText = f"left:{x}px"
            return
        room = self._bottom() - self.pile_el[p].getBoundingClientRect().top
        tops = spread.column([c >= DOWN for c in cards], room, self.card_h)
        for el, y in zip(els, tops, strict=True):
            el.style.cssText = f"top:{y}px"

    def _bottom(self) -> float:
        return float(self.root.getBoundingClientRect().bottom) - 4

    def fit(self) -> bool:
        """Cards as large as the longest pile allows: a pile that cannot show every card's
        index even closed up makes every card smaller (the table's --cap), and the cards
        grow back when it shortens. True if the size changed (every pile is placed again)."""
        game, root = self.game, self.root
        probe = self.pile_el.get(T0)
        if game is None or probe is None:
            return False
        had = str(root.style.getPropertyValue("--cap"))
        if had:
            root.style.removeProperty("--cap")  # the size the screen gives, to compare with
        natural_h = float(probe.offsetHeight)
        if game.rules.passes == 0:
            width = float(probe.clientWidth)
            longest = max(len(game.piles[p]) for p in self.pile_el if p >= T0)
            cap_w = spread.fan_cap(longest, width)
        else:
            top = float(root.getBoundingClientRect().top)
            above = float(probe.getBoundingClientRect().top) - top - natural_h  # pads, gaps
            avail = self._bottom() - top - above
            columns = [[c >= DOWN for c in game.piles[p]] for p in self.pile_el if p >= T0]
            cap_w = min(spread.column_cap(c, avail) for c in columns) / 1.4
            if cap_w < natural_h / 1.4 * spread.SMALLEST:  # small already: closer, not smaller
                cap_w = min(spread.column_cap(c, avail, tight=True) for c in columns) / 1.4
        natural_w = natural_h / 1.4
        cap = f"{max(cap_w, natural_w * spread.SMALLEST):.0f}px" if cap_w < natural_w - 1 else ""
        if cap:
            root.style.setProperty("--cap", cap)
        if cap == had:
            return False
        self._replace()
        return True

    def _label(self, p: int) -> None:
        assert self.game is not None
        self.pile_el[p].setAttribute("aria-label", pile_label(self.game, p, self.shown[p]))

    def refit(self) -> None:
        """After a resize: new card size, new offsets."""
        if not self.fit():
            self._replace()

    def _replace(self) -> None:
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


def _common(old: tuple[int, ...], new: tuple[int, ...]) -> int:
    n = min(len(old), len(new))
    i = 0
    while i < n and old[i] == new[i]:
        i += 1
    return i


def _pile_number(name: str) -> int:
    from ..notation import parse_pile

    return parse_pile(name)
