"""Finish, honest and quick (issue 21, point 8), and the small things (point 9), in the
page: one booted page for the module.

Finish says beforehand whether it counts as help (its title, the button's description);
it plays home in the steps game/ui/pace.py schedules (counted, not timed); a key or a tap
plays the rest at once and does nothing else; the win dialog then has New game focused, so
Enter deals anew. A tap with nowhere to go replaces the message shown; game names in the
URL are read however they are written; a bad game link's message ends with its full stop.
"""

from __future__ import annotations

import re

import pytest
from conftest import wait_ready
from playwright.sync_api import expect
from test_engine_finish import EARLY, LONG, forced_end, position
from test_table_kit import Ui, engine_piles, module_ui

import game
from game.assist import won_on_paper
from game.cards import pretty
from game.notation import pile_name
from game.saved import pack
from game.ui import pace
from game.ui.pace import HELP, NO_HELP

pytestmark = pytest.mark.browser

STORE_KEY = "solitaire/current"
FINISH = "#finish"

ui = module_ui()


def resume(ui: Ui, g: game.Game, query: str = "") -> None:
    """``g`` becomes the game in play: loaded in the page shown (its own API:
    game/ui/scripting.py); with a ``query`` (the URL's own, no deal in it), as the saved
    game that a page loaded at it brings back."""
    page = ui.page
    if not query and page.url.startswith("http") and "automove" not in ui.query():
        said = page.evaluate(
            "(record) => window.solitaire.command({type: 'load', record})", g.record()
        )
        assert said == ""
        ui.wait_layout(engine_piles(g))
        ui.settled()
        return
    if not page.url.startswith("http"):
        ui.open("/")
    ui.settled()  # no save left waiting: leaving would write it over this one
    page.evaluate("() => localStorage.clear()")
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [STORE_KEY, pack(g, 30.0)])
    page.goto("/" + query)
    wait_ready(page)
    expect(page.locator("#status-line")).to_contain_text("your game is back")
    ui.wait_layout(engine_piles(g))
    ui.settled()


def finish_button(ui: Ui) -> None:
    button = ui.page.get_by_role("button", name="Finish", exact=True)
    expect(button).to_be_visible()
    button.click()


def won(ui: Ui) -> None:
    expect(ui.page.locator("#table")).to_have_attribute("data-status", "won", timeout=20_000)


def skip_cascade_and_wait_for_the_dialog(ui: Ui) -> None:
    page = ui.page
    if page.locator(".celebration").count():
        page.keyboard.press("x")
    expect(page.locator("#outcome")).to_have_attribute("open", "")


# -- Finish says what it is, beforehand ----------------------------------------------------------


def test_finish_says_it_is_no_help_when_every_move_left_is_forced(ui: Ui) -> None:
    resume(ui, forced_end())
    finish = ui.page.locator(FINISH)
    expect(finish).to_be_visible()
    expect(finish).to_have_attribute("data-help", "no")
    expect(finish).to_have_attribute("title", NO_HELP)
    expect(finish).to_have_accessible_description(NO_HELP)
    expect(finish).to_have_accessible_name("Finish")


def test_finish_says_it_counts_as_help_when_the_rest_is_a_choice(ui: Ui) -> None:
    resume(ui, position(*EARLY))
    finish = ui.page.locator(FINISH)
    expect(finish).to_have_attribute("data-help", "yes")
    expect(finish).to_have_accessible_description(HELP)
    assert "counts as help" in HELP and "no help" in NO_HELP


# -- its pace, counted in steps ------------------------------------------------------------------


def test_a_long_finish_plays_home_in_the_scheduled_steps(ui: Ui) -> None:
    g = position(*LONG)
    moves = len(won_on_paper(g) or [])
    sizes, _ = pace.schedule(moves)
    resume(ui, g)
    finish_button(ui)
    won(ui)
    finish = ui.page.locator(FINISH)
    assert finish.get_attribute("data-moves") == str(moves) == "63"
    # 63 moves in MAX_STEPS steps (not 63 at 90 ms each, as before): the wait is bounded.
    assert finish.get_attribute("data-steps") == str(len(sizes)) == str(pace.MAX_STEPS)
    assert ui.moves_count() == len(g.moves) + moves
    skip_cascade_and_wait_for_the_dialog(ui)
    expect(ui.page.locator("#outcome-text")).to_contain_text("Won with help: Finish.")


def test_a_key_plays_the_rest_at_once_and_does_nothing_else(ui: Ui) -> None:
    g = position(*LONG)
    resume(ui, g)
    page = ui.page
    finish_button(ui)
    page.wait_for_function("() => +document.getElementById('finish').dataset.steps >= 2")
    page.keyboard.press("u")  # Undo's key: here only a skip
    won(ui)
    steps = int(page.locator(FINISH).get_attribute("data-steps") or 0)
    assert steps < pace.MAX_STEPS  # the rest came in one step
    assert page.evaluate("() => document.body.dataset.finishing") is None
    skip_cascade_and_wait_for_the_dialog(ui)
    won(ui)  # the key undid nothing


def test_a_tap_plays_the_rest_at_once(ui: Ui) -> None:
    resume(ui, position(*LONG))
    page = ui.page
    finish_button(ui)
    page.wait_for_function("() => +document.getElementById('finish').dataset.steps >= 2")
    size = page.viewport_size
    assert size is not None
    page.mouse.click(size["width"] / 2, size["height"] * 0.7)
    won(ui)
    assert int(page.locator(FINISH).get_attribute("data-steps") or 0) < pace.MAX_STEPS


def test_the_win_dialog_focuses_new_game_so_enter_deals_anew(ui: Ui) -> None:
    g = forced_end()
    resume(ui, g)
    page = ui.page
    finish_button(ui)
    won(ui)
    skip_cascade_and_wait_for_the_dialog(ui)
    expect(page.locator("#outcome-new")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#outcome")).not_to_have_attribute("open", "")
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")
    assert page.inner_text("#deal-number") != str(g.deal)  # a new deal, not the same again


# -- the small things ----------------------------------------------------------------------------


def test_a_tap_with_nowhere_to_go_replaces_the_message_shown(ui: Ui) -> None:
    g = forced_end()
    resume(ui, g, "?automove=off")
    line = ui.page.locator("#status-line")
    f = next(f for f in g.found if g.piles[f])
    ui.tap(pile_name(f), -1)  # a foundation card: it has nowhere to go
    expect(line).to_have_text(f"{pretty(g.piles[f][-1])} is on a foundation: cards stay there.")
    empty = next(t for t in g.tab if not g.piles[t])
    ui.tap(pile_name(empty), None)  # nothing there: the older message goes
    expect(line).to_have_text("")
    assert ui.layout() == engine_piles(g)  # and nothing moved


@pytest.mark.parametrize(
    ("written", "name"), [("Whitehead", "whitehead"), ("Blind%20Alleys", "blind-alleys")]
)
def test_a_game_name_in_the_url_is_read_however_it_is_written(
    ui: Ui, written: str, name: str
) -> None:
    ui.open(f"/?game={written}&deal=7")
    assert ui.query()["game"] == name
    expect(ui.page.locator("#game-select")).to_have_value(name)
    assert "Unknown game" not in ui.status_line()


def test_a_truly_unknown_game_is_one_clear_line(ui: Ui) -> None:
    ui.open("/?game=Klondike&deal=7")
    expect(ui.page.locator("#status-line")).to_contain_text(
        "Unknown game 'Klondike'; playing Whitehead."
    )
    assert "\n" not in ui.status_line()


def test_a_bad_game_links_message_ends_with_its_full_stop(ui: Ui) -> None:
    ui.open("/?game=whitehead&deal=7")
    ui.page.evaluate("() => { location.hash = 'r=1AAAAAAAAAAAAAAA'; }")
    line = ui.page.locator("#status-line")
    expect(line).to_have_text(re.compile(r"Your game goes on\.$"))
    said = ui.status_line().removesuffix(" Your game goes on.")
    assert said.endswith("."), said
