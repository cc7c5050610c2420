"""Dragging shows where cards may go (issue #13, point 5).

While a player drags cards, exactly the piles that would take them (``destinations`` of the
engine; a foundation when it is the one the card goes to) carry ``drop-ok``, drawn with an
outline and shadows that move nothing. The marks go when the drag ends, however it ends. A
drop where nothing takes the cards leaves the position as it was, and they glide home.

Real input: Playwright's mouse in steps on a desktop page, Chromium's touch (CDP) on a phone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import CDPSession, Page
from test_table_kit import DEALS, Ui, engine_piles, module_ui

import game
from game.assist import destinations, movable
from game.cards import rank_of, suit_of
from game.notation import pile_name
from game.state import Game, Plain

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# A wide screen: cards sized to the deal fill its height, and the felt beside the table is
# where a drop meets nothing.
ui = module_ui(viewport={"width": 1600, "height": 720})
phone = module_ui(**PHONE)

MARKED_JS = """() => [...document.querySelectorAll('#table [data-pile].drop-ok')]
  .map((p) => p.dataset.pile).sort()"""

# Each marked pile, and its top card if it has one, is drawn with a solid outline.
SHOWN_JS = """() => [...document.querySelectorAll('#table [data-pile].drop-ok')].map((p) => {
  const top = [...p.querySelectorAll('.card')].pop();
  return [p.dataset.pile, getComputedStyle(p).outlineStyle,
          top ? getComputedStyle(top).outlineStyle : 'solid'];
})"""

# Where every pile and every card is, but the top `n` cards of pile `name` (the grabbed).
BOXES_JS = """([name, n]) => {
  const grabbed = [...document.querySelectorAll(`#table [data-pile="${name}"] .card`)]
    .slice(-n);
  return [...document.querySelectorAll('#table [data-pile], #table .card')]
    .filter((e) => !grabbed.includes(e)).map((e) => {
      const r = e.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map((v) => Math.round(v * 2) / 2);
    });
}"""

# The boxes of the top `n` cards of a pile.
TOP_JS = """([name, n]) => [...document.querySelectorAll(
    `#table [data-pile="${name}"] .card`)].slice(-n).map((c) => {
  const r = c.getBoundingClientRect();
  return [r.left, r.top];
})"""

# At the next pointerup, once the table has handled it (the document hears it after the
# table): are the top `n` cards of the pile gliding?
WATCH_JS = """([name, n]) => {
  window.glidingAfterUp = null;
  document.addEventListener('pointerup', () => {
    window.glidingAfterUp = [...document.querySelectorAll(
      `#table [data-pile="${name}"] .card`)].slice(-n).map((c) => c.getAnimations().some(
        (a) => a.playState === 'running'));
  }, {once: true});
}"""

# The centre of the first of the top `n` cards of a pile.
HEAD_JS = """([name, n]) => {
  const r = [...document.querySelectorAll(`#table [data-pile="${name}"] .card`)]
    .slice(-n)[0].getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""

# The centre of a card-sized spot of bare felt: no pile, and no pile's cards, under any of
# it (so that neither the pile under the pointer nor the most overlapped pile takes a drop).
FELT_JS = """() => {
  const table = document.getElementById('table').getBoundingClientRect();
  const card = document.querySelector('#table .card').getBoundingClientRect();
  const w = card.width + 8, h = card.height + 8;
  const spans = [...document.querySelectorAll('#table [data-pile]')].map((p) => {
    const r = p.getBoundingClientRect(), last = [...p.querySelectorAll('.card')].pop();
    const l = last ? last.getBoundingClientRect() : r;
    return [r.left, r.top, Math.max(r.right, l.right), Math.max(r.bottom, l.bottom)];
  });
  // Beside the table too: cards sized to the deal may leave no felt under the piles.
  for (let y = table.bottom - h / 2 - 2; y > table.top + h / 2; y -= 8) {
    for (let x = w / 2; x < innerWidth - w / 2; x += 8) {
      const free = spans.every(([l, t, r, b]) =>
        r <= x - w / 2 || l >= x + w / 2 || b <= y - h / 2 || t >= y + h / 2);
      if (free) return [x, y];
    }
  }
  return null;
}"""


# -- the engine's side -------------------------------------------------------------------


def a_grab(name: str, run: bool = False) -> tuple[Game, int, int, list[Plain], int]:
    """At the start of the pinned deal: a movable grab (pile, how many cards) with the most
    places to go, and a tableau pile with cards that would not take it."""
    g = game.new_game(name, DEALS[name])
    best: tuple[int, int, int, list[Plain]] | None = None
    for t in g.tab:
        for n in range(1, len(g.piles[t]) + 1):
            dests = destinations(g, t, n) if movable(g, t, n) else []
            if dests and (n > 1) == run and (best is None or len(dests) > len(best[3])):
                best = (t, n, len(dests), dests)
    assert best is not None, f"{name} {DEALS[name]}: nothing to drag"
    src, n, _, dests = best
    taken = {m[1] for m in dests}
    other = next(t for t in g.tab if t != src and t not in taken and g.piles[t])
    return g, src, n, dests, other


def names(moves: list[Plain], g: Game | None = None) -> list[str]:
    """The piles the moves go to; with `g`, where the moves start from, a foundation move
    marks every foundation a drop on which plays it (an Ace: any empty one)."""
    piles = {m[1] for m in moves}
    if g is not None and any(dst in g.found for dst in piles):
        src, _, n = moves[0]
        c = g.piles[src][-n]
        for f in g.found:
            top = g.piles[f][-1] if g.piles[f] else None
            if (top is None and rank_of(c) == 0) or (
                top is not None and suit_of(top) == suit_of(c) and rank_of(top) == rank_of(c) - 1
            ):
                piles.add(f)
    return sorted(pile_name(p) for p in piles)


# -- the page's side ---------------------------------------------------------------------


def marked(page: Page) -> list[str]:
    piles: list[str] = page.evaluate(MARKED_JS)
    return piles


def assert_marks_shown(page: Page) -> None:
    for pile, own, top in page.evaluate(SHOWN_JS):
        assert (own, top) == ("solid", "solid"), f"{pile}: the mark is not drawn"


def top_cards(page: Page, pile: str, n: int) -> list[list[float]]:
    boxes: list[list[float]] = page.evaluate(TOP_JS, [pile, n])
    return boxes


def felt(ui: Ui, press: tuple[float, float], src: str, n: int) -> tuple[float, float]:
    """Where to let go so that the grabbed card lies on bare felt."""
    spot = ui.page.evaluate(FELT_JS)
    assert spot is not None, "no bare felt on this table"
    head = ui.page.evaluate(HEAD_JS, [src, n])
    return spot[0] + press[0] - head[0], spot[1] + press[1] - head[1]


def watch_glide(page: Page, src: str, n: int) -> None:
    page.evaluate(WATCH_JS, [src, n])


def assert_glided_home(ui: Ui, src: str, n: int, home: list[list[float]]) -> None:
    """Let go of where nothing takes them (``watch_glide`` before): the cards glided from
    there, and are back at home."""
    assert ui.page.evaluate("() => window.glidingAfterUp") == [True] * n, "they jumped home"
    ui.settle()
    for got, want in zip(top_cards(ui.page, src, n), home, strict=True):
        assert got == pytest.approx(want, abs=0.5)


# -- mouse -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "run"), [*((n, False) for n in DEALS), ("whitehead", True)], ids=str
)
def test_a_drag_marks_exactly_the_piles_that_take_the_cards(ui: Ui, name: str, run: bool) -> None:
    g, s, n, dests, o = a_grab(name, run)
    src, other = pile_name(s), pile_name(o)
    page, mouse = ui.page, ui.page.mouse
    ui.at(name, DEALS[name], automove="off")
    ui.wait_layout(engine_piles(g))
    x0, y0 = ui.point(src, -n)
    home, boxes = top_cards(page, src, n), page.evaluate(BOXES_JS, [src, n])

    # A press, and a move too small to be a drag: nothing is marked.
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(x0 + 2, y0 + 2)
    assert marked(page) == []
    # Dragged onto bare felt: the piles that take the cards are marked, nothing moved.
    mouse.move(*felt(ui, (x0, y0), src, n), steps=6)
    assert marked(page) == names(dests, g)
    assert_marks_shown(page)
    assert page.evaluate(BOXES_JS, [src, n]) == boxes, "marking the piles moved something"
    watch_glide(page, src, n)
    mouse.up()
    assert marked(page) == []
    assert_glided_home(ui, src, n, home)

    # Dragged onto a pile that does not take them: not marked, and the drop changes nothing.
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(*ui.point(other, -1), steps=6)
    assert marked(page) == names(dests, g)
    watch_glide(page, src, n)
    mouse.up()
    assert marked(page) == []
    assert_glided_home(ui, src, n, home)
    assert ui.moves_count() == 0
    ui.wait_layout(engine_piles(g))

    # Dragged onto a marked pile: the move is made, and the marks are gone.
    best = dests[0]
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(*ui.point(pile_name(best[1]), -1), steps=6)
    assert marked(page) == names(dests, g)
    mouse.up()
    assert marked(page) == []
    g.apply(best)
    ui.wait_layout(engine_piles(g))


# -- touch -------------------------------------------------------------------------------


class Finger:
    """A finger on Chromium's touch screen (CDP), so the page gets real touch input."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def send(self, kind: str, *points: tuple[float, float]) -> None:
        touches = [{"x": x, "y": y} for x, y in points]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    def press(self, x: float, y: float) -> None:
        self.send("touchStart", (x, y))
        self.at = (x, y)

    def slide(self, x1: float, y1: float, steps: int = 6) -> None:
        x0, y0 = self.at
        for i in range(1, steps + 1):
            self.page.wait_for_timeout(16)
            self.send("touchMove", (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps))
        self.at = (x1, y1)


def test_a_touch_drag_marks_the_piles_too(phone: Ui) -> None:
    name = "whitehead"
    g, s, n, dests, o = a_grab(name)
    src, other = pile_name(s), pile_name(o)
    page = phone.page
    phone.at(name, DEALS[name], automove="off")
    phone.wait_layout(engine_piles(g))
    x0, y0 = phone.point(src, -n)
    home = top_cards(page, src, n)
    finger = Finger(page)
    try:
        # Lifted on a pile that does not take the card: it glides home.
        finger.press(x0, y0)
        finger.slide(*phone.point(other, -1))
        assert marked(page) == names(dests, g)
        assert_marks_shown(page)
        watch_glide(page, src, n)
        finger.send("touchEnd")
        assert marked(page) == []
        assert_glided_home(phone, src, n, home)
        # A touch the system takes back (pointercancel): the marks go as well.
        finger.press(x0, y0)
        finger.slide(x0 + 40, y0 + 60)
        assert marked(page) == names(dests, g)
        finger.send("touchCancel")  # (not cancelable: CDP does not wait for the page's
        # handling of it, as it does for a touchend: wait until the marks have gone)
        page.wait_for_function(f"() => ({MARKED_JS})().length === 0", timeout=2_000)
        assert marked(page) == []
    finally:
        finger.cdp.detach()
    phone.settle()
    assert phone.moves_count() == 0
    phone.wait_layout(engine_piles(g))
    phone.check_log()
