"""The saved game in the page: reload and a closed tab bring it back exactly (position,
moves, undo and redo steps, time), a damaged entry is kept aside and the page starts
clean, and without storage the game plays with saving off.

The page saves after every move (game/ui/store.py, key solitaire/current) and once more
when it is hidden or left, so the seconds since the last move are not lost.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from test_table_kit import DEALS, Layout, Ui, booted, engine_piles, module_ui, play_texts

import game
from game.assist import auto_moves
from game.saved import VERSION, pack

pytestmark = pytest.mark.browser

KEY, ASIDE = "solitaire/current", "solitaire/damaged/"  # game/ui/store.py (it imports js)
DEAL = DEALS["whitehead"]  # three safe auto-moves at the start, which Undo leaves made
START = f"/?game=whitehead&deal={DEAL}"

ui = module_ui(reduced_motion="reduce")


def clock(ui: Ui) -> int:
    minutes, seconds = ui.page.inner_text("#clock").split(":")
    return int(minutes) * 60 + int(seconds)


def play_some(ui: Ui) -> game.Game:
    """Two drags (one a run of two) and three deals, mirrored in the engine."""
    g = auto_after_start("whitehead", DEAL)
    play_texts(ui, g, ["t2>t1", "t3>t1x2", "s", "s", "s"])
    return g


def button_on(ui: Ui, name: str) -> bool:
    return not ui.page.is_disabled(f"#{name}")


def trail(ui: Ui, name: str) -> list[tuple[Layout, int]]:
    """Click Undo (or Redo) until it is off: what the table shows after each click."""
    seen = []
    while button_on(ui, name):
        ui.page.click(f"#{name}")
        seen.append((ui.layout(), ui.moves_count()))
        assert len(seen) < 100
    return seen


def reach(ui: Ui, name: str, clicks: int) -> None:
    for _ in range(clicks):
        ui.page.click(f"#{name}")


def test_a_reload_brings_the_game_back_with_its_undo_and_redo_steps_and_time(ui: Ui) -> None:
    ui.open(START)
    play_some(ui)
    played = ui.layout()
    undos = trail(ui, "undo")
    redos = trail(ui, "redo")
    assert ui.layout() == played and len(undos) == len(redos)
    dealt = len(auto_after_start("whitehead", DEAL).moves)
    assert dealt == 3 and undos[-1][1] == 0  # Undo stops at the deal as the page dealt it
    reach(ui, "undo", 2)
    before, moves = ui.layout(), ui.moves_count()
    # time passes after the last move; the save at pagehide must keep it
    shown = clock(ui)
    ui.page.wait_for_function(
        "(t) => { const [m, s] = document.getElementById('clock').textContent.split(':');"
        " return 60 * +m + +s >= t; }",
        arg=shown + 3,
        timeout=10_000,
    )
    waited = clock(ui)
    ui.page.reload()
    ui.wait_ready()
    expect(ui.page.locator("#status-line")).to_contain_text("your game is back")
    assert ui.layout() == before and ui.moves_count() == moves
    assert clock(ui) >= waited
    reach(ui, "redo", 2)
    assert not button_on(ui, "redo") and ui.layout() == played
    assert trail(ui, "undo") == undos  # the same steps: a move and its auto-moves together
    ui.page.keyboard.press("z")  # not even by key: the deal's own auto-moves stay
    expect(ui.page.locator("#status-line")).to_have_text("Nothing to undo.")
    assert ui.moves_count() == 0  # they are the deal's, not the player's moves


def test_the_clock_and_the_move_count_wait_for_the_first_move_after_the_deals_auto_moves(
    ui: Ui,
) -> None:
    ui.open(START)
    assert len(auto_after_start("whitehead", DEAL).moves) == 3  # made with the deal
    assert ui.moves_count() == 0  # Moves 0 while Undo is greyed: nothing is the player's yet
    ui.page.wait_for_timeout(2_500)
    assert clock(ui) == 0 and ui.page.is_disabled("#undo")
    ui.tap("s")
    ui.page.wait_for_function(
        "() => document.getElementById('clock').textContent !== '0:00'", timeout=10_000
    )
    g = auto_after_start("whitehead", DEAL)
    g.play("s")
    auto_moves(g, "safe")
    made = str(len(g.moves) - 3)
    expect(ui.page.locator("#moves-count")).to_have_text(made)
    ui.settled()
    ui.page.reload()  # the first paint (static/paint.js) counts the same, before Python
    assert ui.page.text_content("#moves-count") == made
    ui.wait_ready()
    expect(ui.page.locator("#moves-count")).to_have_text(made)


def saved_moves(ui: Ui) -> list[str]:
    moves: list[str] = ui.page.evaluate(
        "(key) => JSON.parse(localStorage.getItem(key)).record.moves", KEY
    )
    return moves


def test_a_closed_tab_comes_back_and_a_stale_tab_does_not_overwrite_it(ui: Ui) -> None:
    ui.open(START)
    g = play_some(ui)
    first, context = ui.page, ui.page.context
    ui.page = context.new_page()  # a second tab of the game: it resumes
    ui.page.goto("/")
    ui.wait_ready()
    ui.wait_layout(engine_piles(g))
    ui.tap("s")  # played on in the second tab, while the first stays open, stale
    g.play("s")
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))
    first.close()  # leaving, the first tab must not save its older game over this one
    assert saved_moves(ui) == [str(m) for m in g.moves]
    ui.page.close()
    ui.page = context.new_page()
    ui.page.goto("/")
    ui.wait_ready()
    ui.wait_layout(engine_piles(g))
    dealt = len(auto_after_start("whitehead", DEAL).moves)  # the deal's: not counted
    assert ui.moves_count() == len(g.moves) - dealt
    assert "game=whitehead" in ui.page.url and f"deal={DEAL}" in ui.page.url


def auto_after_start(name: str, deal: int) -> game.Game:
    g = game.new_game(name, deal)
    auto_moves(g, "safe")
    return g


def damaged() -> dict[str, str]:
    g = auto_after_start("whitehead", DEAL)
    for text in ["t2>t1", "s"]:
        g.play(text)
    good = pack(g, 12)
    data: dict[str, Any] = json.loads(good)
    illegal = {**data, "record": {**data["record"], "moves": ["s", "t1>t1", "s"]}}
    return {
        "invalid JSON": "{not json",
        "an unknown older version": json.dumps({**data, "version": 0}),
        "an illegal move": json.dumps(illegal),
        "truncated": good[: len(good) // 2],
        "several megabytes": good[:-1] + ',"pad":"' + "x" * 3_000_000 + '"}',
    }


@pytest.mark.parametrize("case", list(damaged()))
def test_a_damaged_save_is_kept_aside_and_the_page_starts_clean(ui: Ui, case: str) -> None:
    bad = damaged()[case]
    ui.open(START)
    ui.page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, bad])
    ui.page.reload()
    ui.wait_ready()
    line = ui.status_line()
    assert "could not be read" in line and "kept aside" in line and "\n" not in line
    deal = int(ui.page.inner_text("#deal-number"))
    ui.wait_layout(engine_piles(auto_after_start("whitehead", deal)))
    assert ui.moves_count() == 0  # a fresh deal: only its own auto-moves made
    kept = ui.page.evaluate(
        """([aside, text]) => Object.keys(localStorage).filter((k) => k.startsWith(aside))
             .map((k) => localStorage.getItem(k) === text)""",
        [ASIDE, bad],
    )
    assert kept == [True]
    ui.tap("s")  # the game plays and saves again
    saved = ui.page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", KEY)
    assert saved["record"]["moves"][-1] == "s" and saved["version"] == VERSION


def test_only_the_five_newest_damaged_entries_are_kept(ui: Ui) -> None:
    ui.open(START)
    older = [f"{ASIDE}{1_000 + i}" for i in range(6)] + [f"{ASIDE}solitaire/stats/999"]
    ui.page.evaluate(
        """([older, key]) => { for (const k of older) localStorage.setItem(k, 'old ' + k);
                               localStorage.setItem(key, '{not json'); }""",
        [older, KEY],
    )
    ui.page.reload()
    ui.wait_ready()
    assert "kept aside" in ui.status_line()
    kept = ui.page.evaluate(
        "(aside) => Object.keys(localStorage).filter((k) => k.startsWith(aside)).sort()", ASIDE
    )
    newest = [k for k in kept if k not in older]
    assert len(newest) == 1 and ui.page.evaluate("(k) => localStorage.getItem(k)", newest[0]) == (
        "{not json"
    )
    # the four newest by time (a key's last part), whatever the entry: 999 goes first
    assert sorted(set(kept) - set(newest)) == [f"{ASIDE}{1_002 + i}" for i in range(4)]


def test_storage_that_fails_mid_game_turns_saving_off_and_the_game_plays_on(ui: Ui) -> None:
    ui.open(START)
    ui.page.evaluate(
        """() => { Storage.prototype.setItem = () => {
             throw new DOMException('full', 'QuotaExceededError'); }; }"""
    )
    ui.tap("s")
    expect(ui.page.locator("#status-line")).to_contain_text("saving is off")
    assert ui.moves_count() == 1  # the deal's own three are not counted
    ui.tap("s")
    assert ui.moves_count() == 2


DENY_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('denied', 'SecurityError'); } });"""


def test_without_storage_the_game_says_saving_is_off_and_plays(
    browser: Browser, server_url: str
) -> None:
    with booted(browser, server_url, reduced_motion="reduce") as alone:
        alone.page.add_init_script(DENY_STORAGE)
        alone.open(START)
        expect(alone.page.locator("#status-line")).to_contain_text("saving is off")
        alone.tap("s")
        alone.page.wait_for_function(
            "() => document.getElementById('moves-count').textContent === '1'"
        )
        alone.check_log()
