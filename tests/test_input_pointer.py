"""Input means what it shows: mouse and touch at a player's speed, animations on.

A card gliding to its place (a deal, a move, an undo) never takes a click, tap or drag:
each press acts on the table as the position has it. N clicks on the stock are N deals;
a double click or double tap moves the card under the pointer once, and nothing that the
move uncovered; a toolbar button takes its first tap after a touch drag.

Presses are real input (Chromium's mouse and touch through CDP), 60 to 150 ms apart, with
the default 160 ms glide; what the engine recorded is read from the saved game. Each event
carries the time a device would stamp on it, as a real mouse or screen does: a page busy
with the first click of a double click still sees the second come 90 ms after it, however
late a slow machine dispatches it.
One desktop page and one phone page, each playing the four games in turn.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import CDPSession, Page
from test_table_kit import DEALS, Ui, engine_piles, module_ui

import game
from game.assist import destinations
from game.notation import T0, WASTE, pile_name
from game.state import Game, Plain

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
GAPS_MS = (100, 60, 150, 80, 60, 120, 100, 60, 150, 80)  # from a press to the next
PRESS_MS = 30  # a click or tap: down, then up this much later
DOUBLE_MS = 90  # the second press of a double click or tap, after the first
KEY = "solitaire/current"  # game/ui/store.py's (it imports js)

# 1366x800: no move of these tests changes the cards' size (Table.fit relays out every card in
# the move's task, ~160 ms here), which would hold up a double click's second click.
ui = module_ui(viewport={"width": 1366, "height": 800})
phone = module_ui(**PHONE)


@pytest.fixture(scope="module", params=list(DEALS))
def name(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


def has_stock(name: str) -> bool:
    return game.find_rules(name).passes != 0


@pytest.fixture(scope="module", params=[n for n in DEALS if has_stock(n)])
def stocked(request: pytest.FixtureRequest) -> str:
    """A game with a stock and a waste (all but Linus)."""
    value: str = request.param
    return value


# -- the engine's side -------------------------------------------------------------------


def uncovering(name: str) -> tuple[int, Game, Plain]:
    """A deal (the pinned one if it will do) with a tableau card that has a place to go,
    the card it uncovers having one too: what a double click's second click would find."""
    for deal in (DEALS[name], *range(1, 500)):
        g = game.new_game(name, deal)
        for t in g.tab:
            dests = destinations(g, t, 1) if g.piles[t] else []
            if dests:
                after = g.copy()
                after.apply(dests[0])
                if after.piles[t] and destinations(after, t, 1):
                    return deal, g, dests[0]
    raise AssertionError(f"no {name} deal uncovers a movable card")


def waste_pair(name: str) -> tuple[int, int, Game, Plain]:
    """A deal and a number of deals after which the waste's top card has a place to go,
    and so has the card under it."""
    for deal in (DEALS[name], *range(1, 500)):
        g = game.new_game(name, deal)
        for k in range(1, 13):
            g.apply(g.resolve("s"))
            dests = destinations(g, WASTE, 1)
            if dests and len(g.piles[WASTE]) >= 2:
                after = g.copy()
                after.apply(dests[0])
                if destinations(after, WASTE, 1):
                    return deal, k, g, dests[0]
    raise AssertionError(f"no {name} deal has two playable waste cards in a row")


# -- the page's side ---------------------------------------------------------------------


def played(ui: Ui) -> list[str]:
    """The moves of the game the page saved, undone ones left out."""
    ui.settle()
    ui.settled()  # the save is a job after the move's frame (game/ui/later.py)
    data = json.loads(ui.page.evaluate("(key) => localStorage.getItem(key)", KEY))
    moves: list[str] = data["record"]["moves"]
    return moves[: len(moves) - data["undone"]]


# What the page heard of a press, should a test fail: each pointer event with its stamp and
# when it was handled (ms), and what the status line said.
HEAR = """() => {
  window.__heard = [];
  for (const kind of ["pointerdown", "pointerup", "pointercancel", "lostpointercapture"])
    document.addEventListener(kind, (e) => window.__heard.push(
      [kind, Math.round(e.timeStamp), Math.round(performance.now()), e.clientX, e.clientY]), true);
}"""


def heard(page: Page, x: float, y: float) -> object:
    said = page.locator("#status-line").text_content()
    found = """([x, y]) => ({
      dialog: [...document.querySelectorAll("dialog[open]")].map((d) => d.id),
      under: document.elementsFromPoint(x, y).slice(0, 3).map((e) => e.className || e.tagName),
    })"""
    return {"events": page.evaluate("window.__heard"), "said": said, **page.evaluate(found, [x, y])}


def mouse(page: Page, x: float, y: float, presses: list[tuple[float, int]]) -> None:
    """Presses of the left button at (x, y): each (when, clicks) goes down at `when` ms
    after the first and up PRESS_MS later, stamped with those times."""
    cdp = page.context.new_cdp_session(page)
    t0 = time.time()
    at = {"x": x, "y": y, "button": "left"}
    try:
        moved = {"x": x, "y": y, "type": "mouseMoved", "timestamp": t0}  # no button held
        cdp.send("Input.dispatchMouseEvent", moved)
        for when, clicks in presses:
            for kind, ms in (("mousePressed", when), ("mouseReleased", when + PRESS_MS)):
                stamp = t0 + ms / 1000
                page.wait_for_timeout(max(0, stamp - time.time()) * 1000)
                event = {**at, "type": kind, "clickCount": clicks, "timestamp": stamp}
                cdp.send("Input.dispatchMouseEvent", event)
    finally:
        cdp.detach()


def click(page: Page, x: float, y: float) -> None:
    mouse(page, x, y, [(0, 1)])


def double_click(page: Page, x: float, y: float, gap: int = DOUBLE_MS) -> None:
    mouse(page, x, y, [(0, 1), (gap, 2)])


class Finger:
    """A finger on Chromium's touch screen (CDP), so the page gets real touch input."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp: CDPSession = page.context.new_cdp_session(page)

    def _send(self, kind: str, *points: tuple[float, float], stamp: float | None = None) -> None:
        touches = [{"x": x, "y": y} for x, y in points]
        event = {"type": kind, "touchPoints": touches, "timestamp": stamp or time.time()}
        self.cdp.send("Input.dispatchTouchEvent", event)

    def _at(self, stamp: float) -> float:
        """`stamp`, once that time has come: an event is never sent before its stamp."""
        self.page.wait_for_timeout(max(0, stamp - time.time()) * 1000)
        return stamp

    def tap(self, x: float, y: float, t0: float | None = None) -> None:
        t0 = time.time() if t0 is None else t0
        self._send("touchStart", (x, y), stamp=self._at(t0))
        self._send("touchEnd", stamp=self._at(t0 + PRESS_MS / 1000))

    def double_tap(self, x: float, y: float) -> None:
        t0 = time.time()
        self.tap(x, y, t0)
        self.tap(x, y, t0 + DOUBLE_MS / 1000)

    def flick(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Slide from `start` to `end` in about 130 ms and lift while still moving."""
        (x0, y0), (x1, y1) = start, end
        self._send("touchStart", (x0, y0))
        steps = 8
        for i in range(1, steps + 1):
            self.page.wait_for_timeout(16)
            self._send("touchMove", (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps))
        self._send("touchEnd")


@pytest.fixture
def finger(phone: Ui) -> Iterator[Finger]:
    f = Finger(phone.page)
    yield f
    f.cdp.detach()


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def deals(ui: Ui, g: Game, k: int) -> None:
    """Deal `k` cards, one click at a time with the table at rest in between (and in `g`)."""
    for _ in range(k):
        click(ui.page, *ui.point("s", -1))
        g.apply(g.resolve("s"))
        ui.wait_layout(engine_piles(g))


# -- mouse -------------------------------------------------------------------------------


def test_each_click_on_the_stock_deals_one_card(ui: Ui, stocked: str) -> None:
    name = stocked
    ui.at(name, DEALS[name], automove="off")
    x, y = ui.point("s", -1)
    for gap in GAPS_MS:  # each deal's card glides over the stock while the next click comes
        click(ui.page, x, y)
        ui.page.wait_for_timeout(gap - PRESS_MS)
    assert played(ui) == ["s"] * len(GAPS_MS)
    g = game.new_game(name, DEALS[name])
    for _ in GAPS_MS:
        g.apply(g.resolve("s"))
    ui.wait_layout(engine_piles(g))


def test_a_double_click_on_the_stock_deals_two_cards(ui: Ui, stocked: str) -> None:
    name = stocked
    ui.at(name, DEALS[name], automove="off")
    x, y = ui.point("s", -1)
    for turn, gap in enumerate((60, 90, 120, 70, 100, 60, 80, 110), start=1):  # 8 tries
        double_click(ui.page, x, y, gap)
        ui.page.wait_for_timeout(400)
        assert played(ui) == ["s"] * 2 * turn


def test_a_double_click_moves_only_the_card_under_the_pointer(ui: Ui, name: str) -> None:
    deal, g, m = uncovering(name)
    ui.at(name, deal, automove="off")
    ui.wait_layout(engine_piles(g))
    ui.page.evaluate(HEAR)
    x, y = ui.point(pile_name(m[0]), -1)
    double_click(ui.page, x, y)
    moves = played(ui)
    assert len(moves) == 1, (moves, heard(ui.page, x, y))
    g.apply(m)  # its best place; the card uncovered, which could move too, stays
    ui.wait_layout(engine_piles(g))


def test_a_double_click_on_the_waste_moves_only_its_top_card(ui: Ui, stocked: str) -> None:
    name = stocked
    deal, k, want, m = waste_pair(name)
    ui.at(name, deal, automove="off")
    g = game.new_game(name, deal)
    deals(ui, g, k)
    double_click(ui.page, *ui.point("w", -1))
    moves = played(ui)
    assert moves[:k] == ["s"] * k and len(moves) == k + 1, moves
    want.apply(m)  # the next waste card, which could move too, stays
    ui.wait_layout(engine_piles(want))


def test_a_click_during_a_glide_aims_at_the_table_as_it_will_be(ui: Ui, name: str) -> None:
    """Undo sends a card gliding back; a click at once where it goes finds it there, not
    the card it uncovered (nor the empty end of a fan)."""
    deal, g, m = uncovering(name)
    ui.at(name, deal, automove="off")
    ui.wait_layout(engine_piles(g))
    x, y = ui.point(pile_name(m[0]), -1)
    click(ui.page, x, y)
    g.apply(m)
    ui.wait_layout(engine_piles(g))
    ui.settle()
    ui.page.keyboard.press("z")  # the card glides back ...
    ui.page.wait_for_timeout(40)
    click(ui.page, x, y)  # ... and this click, on its place, sends it to its best place again
    assert len(played(ui)) == 1
    ui.wait_layout(engine_piles(g))


# -- touch -------------------------------------------------------------------------------


def test_each_tap_on_the_stock_deals_one_card(phone: Ui, finger: Finger, stocked: str) -> None:
    name = stocked
    phone.at(name, DEALS[name], automove="off")
    x, y = phone.point("s", -1)
    for gap in GAPS_MS:
        finger.tap(x, y)
        phone.page.wait_for_timeout(gap - PRESS_MS)
    assert played(phone) == ["s"] * len(GAPS_MS)
    finger.double_tap(x, y)
    assert played(phone) == ["s"] * (len(GAPS_MS) + 2)


def test_a_double_tap_moves_only_the_card_under_the_finger(
    phone: Ui, finger: Finger, name: str
) -> None:
    deal, g, m = uncovering(name)
    phone.at(name, deal, automove="off")
    phone.wait_layout(engine_piles(g))
    phone.page.evaluate(HEAR)
    x, y = phone.point(pile_name(m[0]), -1)
    finger.double_tap(x, y)
    moves = played(phone)
    assert len(moves) == 1, (moves, heard(phone.page, x, y))
    g.apply(m)
    phone.wait_layout(engine_piles(g))


# Undo in every game; Hint and Statistics in the two games of the report.
CONTROLS = [(n, "undo") for n in DEALS] + [
    (n, c) for n in ("whitehead", "blind-alleys") for c in ("hint", "stats-button")
]


@pytest.mark.parametrize(("name", "control"), CONTROLS)
def test_a_control_takes_its_first_tap_after_a_touch_drag(
    phone: Ui, finger: Finger, name: str, control: str
) -> None:
    page = phone.page
    phone.at(name, DEALS[name], automove="off")
    g = game.new_game(name, DEALS[name])
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0)
    src, dst, n = m
    finger.flick(phone.point(pile_name(src), -n), phone.point(pile_name(dst), -1))
    page.wait_for_timeout(100)
    finger.tap(*centre(page, f"#{control}"))
    if control == "undo":
        page.wait_for_timeout(300)
        assert played(phone) == []
        phone.wait_layout(engine_piles(g))
    elif control == "hint":
        page.wait_for_function(
            "() => /^(Hint|No winning line)/.test(document.getElementById('status-line')"
            ".textContent)",
            timeout=3000,
        )
    else:
        page.locator("#stats-panel[open]").wait_for(timeout=3000)
        page.evaluate("() => document.getElementById('stats-panel').close()")
