"""Storage that fails under a game in progress: the quota runs out during a save, the
site's data is cleared, storage is denied from the start, a saved game (or statistics,
settings) written by a newer version of the page. Each gets a one-line notice, the game
plays on, no move is lost once storage works again, and nothing else stored is touched.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import Page, expect
from test_table_kit import DEALS, Ui, booted, module_ui, settled

import game
from game.assist import auto_moves
from game.saved import VERSION

pytestmark = pytest.mark.browser

KEY = "solitaire/current"
START = f"/?game=whitehead&deal={DEALS['whitehead']}"

ui = module_ui(reduced_motion="reduce")


def stored(page: Page) -> dict[str, str]:
    everything: dict[str, str] = page.evaluate("() => ({...localStorage})")
    return everything


def saved_moves(page: Page) -> list[str]:
    data: dict[str, Any] = json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEY))
    moves: list[str] = data["record"]["moves"]
    return moves


def moves_count(page: Page) -> int:
    return int(page.inner_text("#moves-count"))


# The deal's own auto-moves: saved with the game, not counted as the player's (Moves).
DEALT = len(auto_moves(game.new_game("whitehead", DEALS["whitehead"]), "safe"))


def deal(page: Page) -> None:
    before = moves_count(page)
    page.keyboard.press("d")
    page.wait_for_function(
        "(n) => +document.getElementById('moves-count').textContent > n", arg=before
    )
    settled(page)  # and saved, or told why not (after the frame: game/ui/later.py)


def one_line(ui: Ui, part: str) -> str:
    line = ui.page.locator("#status-line")
    expect(line).to_contain_text(part)
    text = ui.status_line()
    assert "\n" not in text
    return text


FILL = """() => {  // fill localStorage to the last character it takes
  let size = 1 << 20, n = 0;
  while (size >= 1) {
    try { localStorage.setItem('junk/' + n, 'x'.repeat(size)); n++; }
    catch (e) { size = size >> 1; }
  }
  // no new key fits; a longer value may still: grow the last (smallest) one to the brim
  const last = 'junk/' + (n - 1);
  for (;;) {
    try { localStorage.setItem(last, localStorage.getItem(last) + 'x'); }
    catch (e) { break; }
  }
  return n;
}"""


def test_a_full_storage_stops_saving_with_a_notice_and_loses_no_move(ui: Ui) -> None:
    page = ui.page
    ui.open(START)
    deal(page)
    assert page.evaluate(FILL) > 0
    before = stored(page)
    deal(page)  # this save does not fit
    one_line(ui, "Storage is full or was taken away: saving is off until there is room.")
    deal(page)  # the game plays on, and says it once
    assert "Storage is full" in ui.status_line() or ui.status_line() == ""
    assert stored(page) == before  # nothing stored was touched, the old save included
    page.evaluate(
        "() => { for (const k of Object.keys(localStorage))"
        " if (k.startsWith('junk/')) localStorage.removeItem(k); }"
    )
    deal(page)
    one_line(ui, "Saving works again.")
    assert len(saved_moves(page)) == DEALT + moves_count(page)  # every move, unsaved ones too
    page.reload()
    ui.wait_ready()
    assert DEALT + moves_count(page) == len(saved_moves(page))


def test_site_data_cleared_mid_game_is_said_and_the_game_is_saved_again(ui: Ui) -> None:
    page = ui.page
    ui.open(START)
    deal(page)
    deal(page)
    session = page.context.new_cdp_session(page)
    versions: dict[str, dict[str, str]] = {}  # the service worker's versions, as they change
    session.on(
        "ServiceWorker.workerVersionUpdated",
        lambda event: versions.update({v["versionId"]: v for v in event["versions"]}),
    )
    session.send("ServiceWorker.enable")
    origin = page.evaluate("() => location.origin")
    session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    # Done when the service worker is gone too, every version of it redundant: a reload
    # while one is still torn down gets "Failed to fetch" for the files it was serving (as
    # a browser's own clearing may; getRegistration() says none a little sooner).
    page.wait_for_function(
        """() => localStorage.length === 0 && navigator.serviceWorker.getRegistration()
             .then((r) => !r && caches.keys().then((names) => names.length === 0))""",
        polling=100,
    )
    for _ in range(300):
        if versions and all(
            v["status"] == "redundant" and not v.get("controlledClients") for v in versions.values()
        ):
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail(f"the service worker was not torn down: {list(versions.values())}")
    deal(page)
    one_line(ui, "The site's stored data was cleared: this game is saved again.")
    assert len(saved_moves(page)) == DEALT + moves_count(page)
    page.reload()
    ui.wait_ready()
    assert DEALT + moves_count(page) == len(saved_moves(page))
    one_line(ui, "your game is back")


DENY_STORAGE = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('denied', 'SecurityError'); } });"""


def test_storage_denied_from_the_start_lets_every_tab_play_its_own_game(
    browser: Any, server_url: str
) -> None:
    with booted(browser, server_url, reduced_motion="reduce") as alone:
        alone.page.context.add_init_script(DENY_STORAGE)
        alone.open(START)
        one_line(alone, "This browser does not let the game save here: saving is off.")
        other = alone.page.context.new_page()
        other.goto(START)
        wait_ready(other)
        for page in (alone.page, other):  # no game is shared: none goes idle
            deal(page)
            assert not page.locator("#play-here").is_visible()
        alone.check_log()


def test_a_newer_pages_saves_are_left_alone_and_the_game_plays(ui: Ui) -> None:
    page = ui.page
    ui.open(START)
    deal(page)
    newer = {
        KEY: json.dumps({"version": VERSION + 1, "what": "a newer save"}),
        "solitaire/stats": json.dumps({"version": 99, "tallies": {}, "new": True}),
        "solitaire/settings": json.dumps({"version": 99, "colours": "new"}),
    }
    page.evaluate(
        "(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }",
        newer,
    )
    page.reload()
    ui.wait_ready()
    line = one_line(ui, "Your game was saved by a newer version of the game: reload to go on")
    assert "Your statistics were kept by a newer version" in line
    assert "Your settings were kept by a newer version" in line
    deal(page)  # a fresh game plays
    deal(page)
    page.reload()  # leaving saves nothing over them either
    ui.wait_ready()
    kept = stored(page)
    assert {k: kept.get(k) for k in newer} == newer
    assert not any(k.startswith("solitaire/damaged/") for k in kept)
