"""The first visit's welcome (game/ui/welcome.py, greeting.py), in the page.

Shown once, on a first visit to the bare page, over a Whitehead deal; each game's button
plays that game, Skip and Escape keep the deal; never again after that, nor in the embedded
page, nor on a link to a game or deal, nor for a player who was here before it existed (a
saved game or statistics). Rules shows it again. These pages are first visits: the harness's
"welcome seen" mark (conftest.WELCOME_SEEN) is left out.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from test_axe import readable, scan
from test_table_kit import Ui, module_ui

from game.help import in_brief
from game.rules import GAMES
from game.ui import greeting
from game.ui.keymap import BINDINGS

pytestmark = pytest.mark.browser

ui = module_ui(first_visit=True, reduced_motion="reduce")

FLAG_JS = "(key) => localStorage.getItem(key)"
FOCUS_JS = "() => document.activeElement && document.activeElement.closest('dialog')?.id || ''"


def welcome_open(ui: Ui) -> bool:
    return bool(ui.page.locator("#welcome").evaluate("(d) => d.open"))


def fresh(ui: Ui, path: str = "/") -> None:
    """A first visit to ``path``: nothing stored."""
    ui.open(path)


def deal_number(ui: Ui) -> str:
    return ui.page.inner_text("#deal-number")


def game_shown(ui: Ui) -> str:
    return str(ui.page.locator("#game-select").input_value())


def test_a_first_visit_shows_the_welcome_over_a_whitehead_deal(ui: Ui) -> None:
    fresh(ui)
    page = ui.page
    expect(page.locator("#welcome")).to_be_visible()
    assert welcome_open(ui)
    assert page.inner_text("#welcome-title") == "Welcome to Solitaire"
    assert page.evaluate(FOCUS_JS) == "welcome"  # focus went into it
    assert game_shown(ui) == "whitehead" and ui.query()["game"] == "whitehead"
    # the four games, each with its blurb and its rules in a sentence
    buttons = page.locator("#welcome [data-game]")
    assert buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.game)") == list(GAMES)
    for name, rules in GAMES.items():
        button = page.locator(f'#welcome [data-game="{name}"]')
        assert button.inner_text() == f"Play {rules.title}"
        about = page.locator(f"#{button.get_attribute('aria-describedby')}")
        assert about.inner_text() == f"{rules.blurb} {in_brief(rules)}"
    # how to play, at a glance: the key that lists every key, as the rules panel does
    how = page.inner_text("#welcome .welcome-how")
    shown = {b.command: b.shown for b in BINDINGS}
    assert shown["help"] in how and "Drag" in how
    assert shown["help"] in page.locator("#keys-list dt").all_inner_texts()
    assert json.loads(page.evaluate(FLAG_JS, greeting.KEY)) == {"version": 1, "seen": True}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_welcome_has_no_accessibility_violation(ui: Ui, scheme: str) -> None:
    ui.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    try:
        fresh(ui)
        expect(ui.page.locator("#welcome")).to_be_visible()
        violations = scan(ui)
    finally:
        ui.page.emulate_media(color_scheme="light")
    assert violations == [], readable(violations)


@pytest.mark.parametrize("name", list(GAMES))
def test_each_games_button_starts_that_game(ui: Ui, name: str) -> None:
    fresh(ui)
    page = ui.page
    before = deal_number(ui)
    page.click(f'#welcome [data-game="{name}"]')
    assert not welcome_open(ui)
    expect(page.locator("#table")).to_have_class(re.compile(rf"\bgame-{name}\b"))
    assert game_shown(ui) == name and ui.query()["game"] == name
    if name == "whitehead":  # the deal behind it is a new Whitehead deal, untouched: kept
        assert deal_number(ui) == before
    assert page.locator("#confirm[open]").count() == 0  # nothing was in progress
    assert page.evaluate(FOCUS_JS) == ""  # focus left the dialog


def test_skip_keeps_the_deal_and_it_is_never_shown_twice(ui: Ui) -> None:
    fresh(ui)
    page = ui.page
    before = deal_number(ui)
    page.click("#welcome-skip")
    assert not welcome_open(ui)
    assert deal_number(ui) == before and game_shown(ui) == "whitehead"
    page.reload()
    ui.wait_ready()
    assert not welcome_open(ui) and deal_number(ui) == before
    # the flag alone keeps it away: without the saved game and statistics, the bare page
    page.evaluate(
        "(keep) => { for (const k of Object.keys(localStorage)) if (k !== keep)"
        " localStorage.removeItem(k); }",
        greeting.KEY,
    )
    page.goto("/")
    ui.wait_ready()
    assert not welcome_open(ui)
    # and without the flag too, it is a first visit again
    page.evaluate("() => localStorage.clear()")
    page.goto("/")
    ui.wait_ready()
    expect(page.locator("#welcome")).to_be_visible()


# Installed in the module's page: what the welcome is once the page is parsed (Python cannot
# be up then: its downloads wait for the first paint), and, when a test asks for it through
# sessionStorage, a choice made in it there and then.
EARLY_JS = """document.addEventListener('DOMContentLoaded', () => {
  const d = document.getElementById('welcome');
  window.__atParse = {open: d.open, ready: document.body.dataset.ready,
                      games: d.querySelectorAll('[data-game]').length};
  const choice = sessionStorage.getItem('early-choice');
  sessionStorage.removeItem('early-choice');
  if (choice) d.querySelector(choice).click();
});"""


@pytest.mark.parametrize("choice", ['[data-game="linus"]', "#welcome-rules", "#welcome-skip", ""])
def test_the_first_paint_opens_it_and_a_choice_made_before_python_is_up_is_kept(
    ui: Ui, choice: str
) -> None:
    page = ui.page
    if not page.evaluate("() => !!window.__early"):
        page.add_init_script(EARLY_JS + "\nwindow.__early = true;")
    if not page.url.startswith("http"):
        ui.open("/")  # (run alone: a page of the site, to keep the choice in)
    page.evaluate("(c) => sessionStorage.setItem('early-choice', c)", choice)
    fresh(ui)
    assert page.evaluate("() => window.__atParse") == {"open": True, "ready": "false", "games": 4}
    # Once Python is up: written as seen either way, and the choice done
    assert json.loads(page.evaluate(FLAG_JS, greeting.KEY)) == {"version": 1, "seen": True}
    if choice == '[data-game="linus"]':
        expect(page.locator("#table")).to_have_class(re.compile(r"\bgame-linus\b"))
        assert not welcome_open(ui) and ui.query()["game"] == "linus"
    elif choice == "#welcome-rules":
        expect(page.locator("#rules-panel")).to_be_visible()
        assert not welcome_open(ui)
        page.keyboard.press("Escape")
    elif choice == "#welcome-skip":
        assert not welcome_open(ui) and game_shown(ui) == "whitehead"
        assert page.inner_text("#welcome-body") == ""  # its words go with it
    else:  # still open, once: Python did not open it again
        assert welcome_open(ui) and page.locator("#welcome [data-game]").count() == 4
        page.click("#welcome-skip")
        assert not welcome_open(ui)


def test_escape_closes_it_and_keeps_the_deal(ui: Ui) -> None:
    fresh(ui)
    page = ui.page
    before = deal_number(ui)
    page.keyboard.press("Escape")
    assert not welcome_open(ui)
    assert deal_number(ui) == before and game_shown(ui) == "whitehead"
    assert page.evaluate(FOCUS_JS) == ""


def test_rules_shows_it_again_and_focus_comes_back(ui: Ui) -> None:
    fresh(ui)
    page = ui.page
    page.click("#welcome-skip")
    page.click("#rules-button")
    page.click("#welcome-again")
    assert welcome_open(ui)
    assert page.evaluate(FOCUS_JS) == "welcome"
    assert page.inner_text("#welcome-skip") == "Close"
    page.keyboard.press("Escape")
    assert not welcome_open(ui)
    assert page.evaluate("() => document.getElementById('rules-panel').open")
    assert page.evaluate("() => document.activeElement.id") == "welcome-again"


def test_a_game_chosen_from_rules_mid_game_asks_first(ui: Ui) -> None:
    fresh(ui)
    page = ui.page
    page.click("#welcome-skip")
    page.keyboard.press("d")  # a move: the game is in progress
    expect(page.locator("#moves-count")).not_to_have_text("0")
    page.click("#rules-button")
    page.click("#welcome-again")
    page.click('#welcome [data-game="linus"]')
    assert not welcome_open(ui)
    assert not page.evaluate("() => document.getElementById('rules-panel').open")
    expect(page.locator("#confirm")).to_be_visible()  # leaving it counts as a loss
    page.click("#confirm-ok")
    expect(page.locator("#table")).to_have_class(re.compile(r"\bgame-linus\b"))


@pytest.mark.parametrize("query", ["?embed=1", "?game=linus", "?game=whitehead&deal=5", "?deal=7"])
def test_not_shown_in_the_embedded_page_nor_on_a_link_to_a_game(ui: Ui, query: str) -> None:
    fresh(ui, "/" + query)
    assert not welcome_open(ui)
    assert ui.page.evaluate(FLAG_JS, greeting.KEY) is None  # the next bare visit shows it
    if query == "?embed=1":
        assert ui.page.locator("#welcome-again").is_hidden()


@pytest.mark.parametrize("kept", ["solitaire/current", "solitaire/stats"])
def test_not_shown_to_a_player_from_before_the_welcome(ui: Ui, kept: str) -> None:
    fresh(ui, "/?game=blind-alleys&deal=9")  # a visit before the welcome existed
    page = ui.page
    assert page.evaluate(FLAG_JS, kept) is not None
    page.evaluate(
        "(kept) => { for (const k of Object.keys(localStorage)) if (k !== kept)"
        " localStorage.removeItem(k); }",
        kept,
    )
    page.goto("/")
    ui.wait_ready()
    assert not welcome_open(ui)
    assert page.evaluate(FLAG_JS, greeting.KEY) is None


@pytest.mark.parametrize("stored", ["{not json", '{"version": 99, "seen": "later"}', "x" * 5000])
def test_a_damaged_flag_means_seen(ui: Ui, stored: str) -> None:
    fresh(ui, "/?game=whitehead&deal=1")
    page = ui.page
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
        [greeting.KEY, stored],
    )
    page.goto("/")
    ui.wait_ready()
    assert not welcome_open(ui)
    assert page.evaluate(FLAG_JS, greeting.KEY) == stored  # left as it is
    assert "welcome" not in ui.status_line().lower()


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1366, 800)])
def test_it_fits_the_screen_and_skip_is_always_in_reach(ui: Ui, size: tuple[int, int]) -> None:
    width, height = size
    page = ui.page
    page.set_viewport_size({"width": width, "height": height})
    try:
        fresh(ui)
        box = page.locator("#welcome").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["y"] >= 0 and box["y"] + box["height"] <= height
        wide = page.evaluate(
            "() => { const d = document.getElementById('welcome');"
            " return [d.scrollWidth - d.clientWidth, document.documentElement.scrollWidth] }"
        )
        assert wide == [0, width]  # no horizontal scroll, in the dialog or the page
        skip = page.locator("#welcome-skip").bounding_box()
        assert skip is not None and skip["y"] + skip["height"] <= height  # without scrolling
        for target in page.locator("#welcome button").all():
            b = target.bounding_box()
            assert b is not None and b["height"] >= 44
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
