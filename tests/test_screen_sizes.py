"""Every screen size used well (issue 21, points 5 and 6), on a laptop's, a desktop's and a
large desktop's screen: the cards grow with the screen and the table fills it across (or
down, where height decides), Unlimited's foundations are as large as its columns' cards,
messages sit under the table in readable type, and the piles' names show where they help
(a focused, hinted or empty pile; every pile when Settings ask) and never over a card."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Browser
from test_keyboard import enter_table
from test_table_kit import DEALS, Ui, booted, change_settings

pytestmark = pytest.mark.browser

SIZES = [(1366, 800), (1920, 1080), (2560, 1440)]
GAMES = list(DEALS)
MESSAGE = "Column 4 takes the seven of clubs."

# What a player sees of the table: the card sizes, the piles' extent, the status line's
# text and type, and every pile name shown, with the boxes it must stay clear of.
MEASURE_JS = """() => {
  const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const piles = [...document.querySelectorAll('#table [data-pile]')];
  const rects = [...piles, ...document.querySelectorAll('#table .card')]
    .map((e) => e.getBoundingClientRect());
  // a pile is one card tall (a fan is wider than its card)
  const width = (sel) => document.querySelector(sel).getBoundingClientRect().height / 1.4;
  const line = document.getElementById('status-line');
  const range = document.createRange();
  range.selectNodeContents(line);
  const text = range.getBoundingClientRect();
  const bar = document.querySelector('header.bar, .bar').getBoundingClientRect();
  const row = document.querySelector('.status-row').getBoundingClientRect();
  return {
    card: width('#table .tableau .pile'),
    found: Math.min(...[...document.querySelectorAll('#table .foundation')]
      .map((f) => f.getBoundingClientRect().height / 1.4)),
    table: {left: Math.min(...rects.map((r) => r.left)), top: Math.min(...rects.map((r) => r.top)),
            right: Math.max(...rects.map((r) => r.right)),
            bottom: Math.max(...rects.map((r) => r.bottom))},
    room: {width: innerWidth, height: row.top - bar.bottom},
    text: box(text), font: parseFloat(getComputedStyle(line).fontSize),
    names: [...document.querySelectorAll('#table .pile-name')].filter((n) => n.checkVisibility())
      .map((n) => {
        const pile = n.closest('[data-pile]');
        return {pile: pile.dataset.pile, box: box(n.getBoundingClientRect()),
                empty: !pile.querySelector('.card')};
      }),
    cards: [...document.querySelectorAll('#table .card')].map((c) => box(c.getBoundingClientRect())),
    labels: piles.filter((p) => p.querySelector('.pile-name'))
      .map((p) => p.getAttribute('aria-label')),
  };
}"""


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}", scope="module")
def screen(request: pytest.FixtureRequest, browser: Browser, server_url: str) -> Iterator[Ui]:
    w, h = request.param
    with booted(browser, server_url, viewport={"width": w, "height": h}) as ui:
        yield ui


def measure(ui: Ui) -> dict[str, Any]:
    ui.settle()
    seen: dict[str, Any] = ui.page.evaluate(MEASURE_JS)
    return seen


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


def say(ui: Ui, text: str) -> None:
    ui.page.evaluate("(t) => { document.getElementById('status-line').textContent = t; }", text)


@pytest.mark.parametrize("name", GAMES)
def test_the_table_fills_the_screen_and_messages_sit_under_it(screen: Ui, name: str) -> None:
    screen.at(name, DEALS[name])
    say(screen, MESSAGE)
    seen = measure(screen)
    width, height = seen["room"]["width"], seen["room"]["height"]
    table, text = seen["table"], seen["text"]
    across = (table["right"] - table["left"]) / width
    down = (table["bottom"] - table["top"]) / height
    # Blind Alleys' deal is short (3 cards a column): its cards keep room below for five
    # more face up, so that they do not shrink the moment a column grows.
    least, below = (0.6, 0.35) if name == "blind-alleys" else (0.75, 0.2)
    assert max(across, down) >= least, (across, down, seen["card"])
    assert seen["found"] >= seen["card"] - 0.5, (seen["found"], seen["card"])
    # the message: readable, under the table's middle, close below its piles
    assert seen["font"] >= 14
    middle = (text["left"] + text["right"]) / 2
    assert table["left"] <= middle <= table["right"], (text, table)
    assert 0 <= text["top"] - table["bottom"] <= below * seen["room"]["height"] + 40, (text, table)
    screen.check_log()


CARD_GREW_JS = """(was) =>
  document.querySelector('#table .tableau .pile').getBoundingClientRect().height / 1.4 > was"""


@pytest.fixture(scope="module")
def resized(browser: Browser, server_url: str) -> Iterator[Ui]:
    """One page whose window is made larger, size after size."""
    with booted(browser, server_url, viewport={"width": 1366, "height": 800}) as ui:
        yield ui


@pytest.mark.parametrize("name", GAMES)
def test_cards_grow_with_the_screen(resized: Ui, name: str) -> None:
    resized.at(name, DEALS[name])
    widths: list[float] = []
    for w, h in SIZES:
        resized.page.set_viewport_size({"width": w, "height": h})
        if widths:  # the cards take the new size (CSS), the offsets follow (ResizeObserver)
            resized.page.wait_for_function(CARD_GREW_JS, arg=widths[-1])
        widths.append(measure(resized)["card"])
    resized.page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    for small, large in pairwise(widths):
        assert large >= small * 1.08, widths
    assert widths[-1] >= 180, widths  # no longer stopped at 140 px
    resized.check_log()


@pytest.mark.parametrize("name", GAMES)
def test_pile_names_show_where_they_help_and_never_over_a_card(screen: Ui, name: str) -> None:
    ui = screen
    ui.at(name, DEALS[name])
    seen = measure(ui)
    labels = seen["labels"]
    assert seen["names"], "an empty pile shows its name"
    assert all(n["empty"] for n in seen["names"]), seen["names"]  # only empty ones
    # keyboard focus on a pile of cards: its name shows (the stock and waste have none)
    enter_table(ui)
    for key in ["ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"]:
        focused = ui.page.evaluate(FOCUSED_JS)
        if focused["named"] and focused["cards"]:
            break
        ui.page.keyboard.press(key)
        ui.settled()
    assert focused["named"] and focused["cards"], focused
    assert focused["pile"] in {n["pile"] for n in measure(ui)["names"]}, focused
    ui.page.evaluate("() => document.activeElement.blur()")
    # the setting: every name, none over a card, and the piles' accessible names unchanged
    change_settings(ui, pile_names=True)
    every = measure(ui)
    assert len(every["names"]) == len(labels)
    for tag in every["names"]:
        for card in every["cards"]:
            assert not overlaps(tag["box"], card), (tag, card)
        assert tag["box"]["top"] >= 0 and tag["box"]["right"] <= every["room"]["width"]
    for a, b in pairwise(every["names"]):
        assert not overlaps(a["box"], b["box"]), (a, b)
    assert every["labels"] == labels
    change_settings(ui, pile_names=False)
    assert all(n["empty"] for n in measure(ui)["names"])
    ui.check_log()


FOCUSED_JS = """() => {
  const pile = document.activeElement.closest('[data-pile]');
  return {pile: pile.dataset.pile, named: !!pile.querySelector('.pile-name'),
          cards: pile.querySelectorAll('.card').length};
}"""
HINTED_JS = """() => [...document.querySelectorAll(
    '#table .pile.hint, #table .pile.hint-target, #table .pile:has(> .card.hint)')]
  .filter((p) => p.querySelector('.pile-name'))
  .map((p) => [p.dataset.pile, p.querySelector('.pile-name').checkVisibility()])"""


def test_a_hint_shows_the_names_of_its_piles(screen: Ui) -> None:
    ui = screen
    ui.at("linus", DEALS["linus"])
    ui.page.click("#hint")
    ui.page.wait_for_function(
        "() => document.querySelector('#table .pile.hint-target')", timeout=30_000
    )
    hinted = ui.page.evaluate(HINTED_JS)
    assert hinted and all(shown for _, shown in hinted), hinted
    ui.check_log()
