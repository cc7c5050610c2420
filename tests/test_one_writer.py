"""One game, one writer (game/ui/writer.py): any number of tabs may show the game; the one
opened last (or where Play here was clicked) plays and saves it, the others show its
position and offer Play here, and none loses a move: interleaved in two and three tabs, a
tab closed mid-move, a stale tab that wakes up. The embedded game is another game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import Browser, Page, expect
from test_table_kit import DEALS, Ui, booted, engine_piles, moves_made, settled

import game
from game.assist import auto_moves

pytestmark = pytest.mark.browser

KEY = "solitaire/current"
DEAL = DEALS["whitehead"]
START = f"/?game=whitehead&deal={DEAL}"


@pytest.fixture
def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
    """A browser context of its own for each test (storage never leaks from one test into
    the next: a closing tab saves its game), its log checked after the test."""
    with booted(browser, server_url, reduced_motion="reduce") as fresh:
        yield fresh


@pytest.fixture
def tabs(ui: Ui) -> list[Page]:
    """The first tab, on the start of the deal; `tab` adds more tabs of the same browser."""
    ui.open(START)
    return [ui.page]


def tab(ui: Ui, tabs: list[Page], path: str = "/") -> Page:
    page = ui.page.context.new_page()
    page.goto(path)
    wait_ready(page, ui.log)
    tabs.append(page)
    return page


def saved(page: Page) -> dict[str, Any]:
    """The game stored, once ``page`` (the one that played last) has saved its last move."""
    settled(page)
    text = page.evaluate("(k) => localStorage.getItem(k)", KEY)
    data: dict[str, Any] = json.loads(text)
    return data


def saved_moves(page: Page) -> list[str]:
    data = saved(page)
    moves: list[str] = data["record"]["moves"]
    return moves[: len(moves) - data["undone"]]


def moves_count(page: Page) -> int:
    return int(page.inner_text("#moves-count"))


def deal(page: Page, g: game.Game) -> None:
    """Deal a card by key (D, wherever focus is), and the same in the engine."""
    before = moves_count(page)
    page.keyboard.press("d")
    g.play("s")
    auto_moves(g, "safe")
    page.wait_for_function(
        "(n) => +document.getElementById('moves-count').textContent > n", arg=before
    )


def idle(page: Page) -> bool:
    return page.locator("#play-here").is_visible()


def play_here(page: Page) -> None:
    page.click("#play-here")
    expect(page.locator("#status-line")).to_contain_text("Playing here")
    assert not idle(page)


def shown(ui: Ui, page: Page) -> Any:
    was, ui.page = ui.page, page
    try:
        return ui.layout()
    finally:
        ui.page = was


def start_game() -> game.Game:
    g = game.new_game("whitehead", DEAL)
    auto_moves(g, "safe")
    return g


def test_the_newest_tab_plays_and_the_older_one_offers_play_here(ui: Ui, tabs: list[Page]) -> None:
    first = tabs[0]
    g = start_game()
    deal(first, g)
    second = tab(ui, tabs)  # it resumes the game and takes it
    expect(first.locator("#play-here")).to_be_visible()
    expect(first.locator("#status-line")).to_contain_text("open in another tab or window")
    assert not idle(second) and moves_count(second) == moves_made(g)
    # the idle tab plays nothing, by key or by pointer (its table takes no pointer)
    first.keyboard.press("d")
    expect(first.locator("#status-line")).to_contain_text("open in another tab or window")
    stock = first.locator("[data-pile='s']").bounding_box()
    assert stock is not None
    first.mouse.click(stock["x"] + 5, stock["y"] + 5)
    assert moves_count(first) == moves_made(g)
    for _ in range(6):
        deal(second, g)
    assert saved_moves(second) == [str(m) for m in g.moves]
    # the idle tab shows the game as it goes on
    expect(first.locator("#moves-count")).to_have_text(str(moves_made(g)))
    assert shown(ui, first) == engine_piles(g)
    second.wait_for_timeout(2_100)  # the clock runs on after the last move
    play_here(first)  # the latest position, undo steps and clock come here
    expect(second.locator("#play-here")).to_be_visible()
    assert shown(ui, first) == engine_piles(g) and moves_count(first) == moves_made(g)
    minutes, seconds = first.inner_text("#clock").split(":")
    assert int(minutes) * 60 + int(seconds) >= 2
    for _ in range(7):  # every move of both tabs, one undo step each
        first.click("#undo")
    assert first.is_disabled("#undo")
    assert moves_count(first) == 0  # the deal's own auto-moves are not counted
    first.click("#redo")
    assert saved_moves(first) == [str(m) for m in g.moves[: len(start_game().moves) + 1]]


def test_three_tabs_taking_turns_lose_no_move(ui: Ui, tabs: list[Page]) -> None:
    g = start_game()
    pages = [tabs[0], tab(ui, tabs), tab(ui, tabs)]
    order = [2, 0, 1, 2, 0, 0, 1]
    playing = 2  # the newest
    for who in order:
        page = pages[who]
        if who != playing:
            play_here(page)
            for other in pages:
                if other is not page:
                    expect(other.locator("#play-here")).to_be_visible()
            playing = who
        deal(page, g)
        deal(page, g)
    want = [str(m) for m in g.moves]
    for page in pages:
        expect(page.locator("#moves-count")).to_have_text(str(moves_made(g)))
        assert saved_moves(page) == want
    held = pages[0].evaluate("async () => (await navigator.locks.query()).held.length")
    assert held == 1  # one page holds the game's lock
    pages[1].reload()  # a reload takes the game, with every move
    wait_ready(pages[1], ui.log)
    assert shown(ui, pages[1]) == engine_piles(g)


def test_a_tab_closed_mid_move_leaves_the_game_to_another(ui: Ui, tabs: list[Page]) -> None:
    first = tabs[0]
    g = start_game()
    second = tab(ui, tabs)
    deal(second, g)
    deal(second, g)
    # a drag under way (the waste's card, held over the table) when the tab is closed
    card = second.locator("[data-pile='w'] .card").last.bounding_box()
    assert card is not None
    second.mouse.move(card["x"] + 10, card["y"] + 10)
    second.mouse.down()
    second.mouse.move(card["x"] + 60, card["y"] + 120, steps=4)
    second.close()
    # the idle tab comes into view while no page plays: it takes the game by itself
    first.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(first.locator("#status-line")).to_contain_text("Playing here")
    assert not idle(first) and shown(ui, first) == engine_piles(g)
    deal(first, g)
    assert saved_moves(first) == [str(m) for m in g.moves]


def test_play_here_takes_the_game_from_a_closed_tab_too(ui: Ui, tabs: list[Page]) -> None:
    first = tabs[0]
    g = start_game()
    second = tab(ui, tabs)
    deal(second, g)
    second.close()
    play_here(first)  # nobody answers: the game is taken from storage
    assert shown(ui, first) == engine_piles(g)


def test_a_stale_tab_that_wakes_up_never_saves_over_newer_moves(ui: Ui, tabs: list[Page]) -> None:
    first = tabs[0]
    g = start_game()
    deal(first, g)
    deal(first, g)  # the first tab's position, as it will wake up with it
    stock = first.locator("[data-pile='s']").bounding_box()  # where it is: read now, as the
    assert stock is not None  # waking tab may be redrawing its table when clicked at once
    frozen = first.context.new_cdp_session(first)
    frozen.send("Page.setWebLifecycleState", {"state": "frozen"})
    try:
        second = tab(ui, tabs)
        for _ in range(6):
            deal(second, g)
    finally:
        frozen.send("Page.setWebLifecycleState", {"state": "active"})
    # at once: a key and a click on the stock, before anything else
    first.keyboard.press("d")
    first.keyboard.press("d")
    first.mouse.click(stock["x"] + 5, stock["y"] + 5)
    expect(first.locator("#play-here")).to_be_visible()
    first.wait_for_timeout(300)  # any save it would make has reached storage
    want = [str(m) for m in g.moves]
    assert saved_moves(second) == want and moves_count(second) == moves_made(g)
    second.reload()
    wait_ready(second)
    assert shown(ui, second) == engine_piles(g)


def test_the_embedded_game_is_a_game_of_its_own(ui: Ui, tabs: list[Page]) -> None:
    first = tabs[0]
    g = start_game()
    embedded = tab(ui, tabs, "/?embed=1&game=whitehead&deal=7")
    deal(first, g)  # the game's page still plays its own
    assert not idle(first) and not idle(embedded)
    embedded.keyboard.press("d")
    expect(embedded.locator("#moves-count")).not_to_have_text("0")
    assert saved_moves(first) == [str(m) for m in g.moves]
