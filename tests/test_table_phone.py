"""A phone: a touch-emulated 360×640 portrait screen. Taps and touch drags move cards, and
every game fits the screen without scrolling.

Touch drags go through CDP's Input.dispatchTouchEvent, so Chromium itself turns the touches
into the pointer events the page listens to, as on a real phone.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from test_table_kit import DEALS, Ui, assert_fits, engine_piles, module_ui

import game
from game.assist import auto_moves, destinations
from game.deals import MAX_DEAL
from game.notation import T0, pile_name

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}


ui = module_ui(**PHONE)


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger pressed at `start`, slid in steps to `end`, lifted."""
    cdp = page.context.new_cdp_session(page)
    try:
        (x0, y0), (x1, y1) = start, end
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
        )
        steps = 8
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            cdp.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def test_a_tap_moves_a_card(ui: Ui) -> None:
    ui.at("whitehead", DEALS["whitehead"], automove="off")
    g = game.new_game("whitehead", DEALS["whitehead"])
    ui.wait_layout(engine_piles(g))
    src = next(t for t in g.tab if destinations(g, t, 1))
    ui.settle()
    ui.page.locator(f'#table [data-pile="{pile_name(src)}"] .card').last.tap()
    g.apply(destinations(g, src, 1)[0])
    ui.wait_layout(engine_piles(g))
    assert ui.moves_count() == 1


def test_a_touch_drag_moves_a_run(ui: Ui) -> None:
    ui.at("whitehead", DEALS["whitehead"], automove="off")
    g = game.new_game("whitehead", DEALS["whitehead"])
    ui.wait_layout(engine_piles(g))
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0 and m[2] >= 2)
    src, dst, n = m
    touch_drag(ui.page, ui.point(pile_name(src), -n), ui.point(pile_name(dst), -1))
    g.apply(m)
    ui.wait_layout(engine_piles(g))
    assert ui.moves_count() == 1


def test_the_toolbar_fits_the_phone(ui: Ui) -> None:
    # The widest toolbar: a ten-digit deal number and Linus's Redeal button.
    ui.at("linus", MAX_DEAL, rules="pgs")
    assert_fits(ui.page, "linus, pgs")
    for label in ("Undo", "Redo", "Restart", "New game", "Rules", "Statistics", "Settings"):
        assert ui.page.get_by_role("button", name=label, exact=True).is_visible()


@pytest.mark.parametrize("name", list(DEALS))
def test_every_game_fits_the_phone(ui: Ui, name: str) -> None:
    # Last: the menu leaves the pinned deal. Linus: 18 fans; Unlimited: 8 foundations.
    if not ui.page.url.startswith("http"):
        ui.open("/")
    ui.page.select_option("#game-select", name)
    ui.page.wait_for_function("(name) => location.search.includes(`game=${name}`)", arg=name)
    g = game.new_game(name, int(ui.page.inner_text("#deal-number")))
    auto_moves(g, ui.query().get("automove", "safe"))
    ui.wait_layout(engine_piles(g))
    fit = assert_fits(ui.page, name)
    assert fit["piles"] == len(engine_piles(g))
    assert fit["piles"] == {"linus": 22, "unlimited": 17}.get(name, fit["piles"])
