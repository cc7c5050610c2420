"""The solver's own thread in the page (game/ui/helper.py, static/solver-worker.mjs,
game/solver/remote.py): it starts in idle time once the table is shown, with no long search
needed; once it is up every search runs there and the page runs no slice of its own; a
search under way when it becomes ready is handed over whole; the hint it leads to is the
one CPython's search finds, and the daily pick and the deal finder give CPython's deals.
Without it (no worker, or one that fails mid-search) the page searches alone and still
answers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Browser, FilePayload, expect
from test_solver_page import set_winnable_only
from test_table_kit import Ui, booted

import game
from game.daily import daily_deal
from game.notation import pile_name
from game.solver import Search, solve

pytestmark = pytest.mark.browser

LONG = "/?game=whitehead&deal=18&automove=off"  # a search of seconds, even in a worker
# Depth-first is the only search of the portfolio that wins it in seconds
# (tests/test_solver_remote.py), so the portfolio's line is depth-first's
HARD = ("blind-alleys", 5)
HELPER = "document.getElementById('advice').dataset.helper || ''"
# Records the page's workers, so a test can make one fail.
WORKERS = """window.__workers = [];
window.Worker = class extends window.Worker {
  constructor(...args) { super(...args); window.__workers.push(this); }
};"""


def helper_state(ui: Ui, pattern: str) -> str:
    ui.page.wait_for_function(f"() => /{pattern}/.test({HELPER})", timeout=BOOT_TIMEOUT_MS)
    return str(ui.page.evaluate(f"() => {HELPER}"))


def page_slices(ui: Ui) -> int:
    return int(ui.page.get_attribute("#advice", "data-page-slices") or 0)


def asked(ui: Ui) -> dict[str, int]:
    """The requests the page sent its worker, by kind."""
    text = ui.page.get_attribute("#advice", "data-helper-asked") or ""
    return {k: int(n) for k, n in (pair.split(":") for pair in text.split())}


def open_position(ui: Ui, g: game.Game) -> None:
    """Open ``g`` in the running page as a record file (Import): a fresh search, no reload."""
    record = json.dumps(g.record()).encode()
    payload: FilePayload = {"name": "p.json", "mimeType": "application/json", "buffer": record}
    ui.page.set_input_files("#replay-file", files=[payload])
    expect(ui.page.locator("#deal-number")).to_have_text(str(g.deal))


def sure_hint(ui: Ui) -> str:
    ui.page.click("#hint")
    expect(ui.page.locator("#table[data-hint='sure']")).to_have_count(1, timeout=BOOT_TIMEOUT_MS)
    expect(ui.page.locator("#status-line")).to_have_text(re.compile(r"^Hint: "))
    return str(ui.page.get_attribute("#advice", "data-decided-by"))


@pytest.fixture(scope="module")
def up(browser: Browser, server_url: str) -> Iterator[Ui]:
    """A page whose worker started by itself on an easy deal (decided on the page at once)."""
    with booted(browser, server_url) as ui:
        ui.open("/?game=blind-alleys&deal=1&automove=off")
        assert helper_state(ui, "^(ready|off)") == "ready"
        assert "position" not in asked(ui)  # nothing was left to search when it came up
        yield ui


def test_the_worker_starts_in_idle_time_with_no_long_search(up: Ui) -> None:
    # blind-alleys 1 is decided by the page in well under a second: no search was long
    assert up.page.get_attribute("#advice", "data-decided-by") == "page"
    assert int(up.page.get_attribute("#advice", "data-helper-ms") or 0) > 0
    # a first visit: no service worker controls the page, so no snapshot (solver-worker.mjs)
    assert up.page.get_attribute("#advice", "data-helper-python") == "ordinary"
    up.check_log()


def test_with_the_worker_up_it_runs_the_whole_search_and_the_page_none(up: Ui) -> None:
    before = page_slices(up)
    name, deal = HARD
    g = game.new_game(name, deal)
    open_position(up, g)
    assert sure_hint(up) == "helper"
    assert page_slices(up) == before  # not one slice on the page's thread
    assert asked(up)["position"] >= 1
    # the worker ran the very search CPython runs: its line starts with the same move
    line = Search(g).run(seconds=60)
    assert line is not None and line.result == "won"
    _, dst, _ = g.resolve(line.moves[0])
    ringed = up.page.eval_on_selector_all(".hint-target", "els => els.map(e => e.dataset.pile)")
    assert ringed == [pile_name(dst)], (ringed, line.moves[0])
    up.check_log()


def test_the_daily_pick_via_the_worker_is_cpythons(up: Ui) -> None:
    page = up.page
    open_position(up, game.new_game("whitehead", 3))
    before = asked(up).get("daily", 0)
    page.click("#daily-button")
    if page.locator("#confirm-ok").is_visible():
        page.click("#confirm-ok")
    today = date.today()
    expect(page.locator("#deal-number")).to_have_text(
        str(daily_deal("whitehead", today)), timeout=BOOT_TIMEOUT_MS
    )
    expect(page.locator("#daily-badge")).to_have_text(f"Daily {today.day} {today:%b}")
    assert asked(up)["daily"] == before + 1
    up.check_log()


def test_the_deal_finder_via_the_worker_deals_one_cpython_wins(up: Ui) -> None:
    page = up.page
    before = page_slices(up)
    set_winnable_only(up, True)
    try:
        page.click("#new-game")
        if page.locator("#confirm-ok").is_visible():
            page.click("#confirm-ok")
        expect(page.locator("#status-line")).to_contain_text(
            "the solver has won it", timeout=BOOT_TIMEOUT_MS
        )
        name = str(page.locator("#game-select").input_value())
        deal = int(page.inner_text("#deal-number"))
        assert asked(up)["deal"] >= 1
        assert solve(game.new_game(name, deal), seconds=20).result == "won", (name, deal)
        assert page_slices(up) == before
    finally:
        set_winnable_only(up, False)
    up.check_log()


def test_a_search_under_way_is_handed_over_whole(browser: Browser, server_url: str) -> None:
    with booted(browser, server_url) as ui:
        ui.open(LONG)  # searched on the page until the worker is up, seconds later
        assert helper_state(ui, "^(ready|off)") == "ready"
        handed = page_slices(ui)
        assert handed > 0 and asked(ui)["position"] == 1
        assert sure_hint(ui) == "helper"
        assert page_slices(ui) == handed  # the page searched no more once it was up
        ui.check_log()


def test_without_a_worker_the_page_searches_alone(browser: Browser, server_url: str) -> None:
    # No service worker: it would serve the worker's script from its cache, past the route.
    with booted(browser, server_url, service_workers="block") as ui:
        ui.page.route("**/solver-worker.mjs", lambda route: route.abort())
        warnings: list[str] = []
        ui.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        ui.open(LONG)
        assert helper_state(ui, "^off") == "off: it failed"
        assert sure_hint(ui) == "page"
        assert page_slices(ui) > 0
        assert any("second thread is off (it failed)" in w for w in warnings), warnings
        ui.log.requests.clear()  # the aborted request is the test's own doing
        ui.log.console_errors[:] = [e for e in ui.log.console_errors if "solver-worker" not in e]
        ui.check_log()


def test_a_helper_that_fails_mid_search_gives_its_search_back(
    browser: Browser, server_url: str
) -> None:
    with booted(browser, server_url) as ui:
        ui.page.context.add_init_script(WORKERS)
        ui.open("/?game=blind-alleys&deal=1&automove=off")
        assert helper_state(ui, "^(ready|off)") == "ready"
        open_position(ui, game.new_game(*HARD))
        ui.page.click("#hint")
        before = page_slices(ui)
        ui.page.evaluate(
            "() => window.__workers[0].dispatchEvent(new MessageEvent('message',"
            " {data: JSON.stringify({error: 'a test'})}))"
        )
        assert helper_state(ui, "^off") == "off: a test"
        expect(ui.page.locator("#table[data-hint='sure']")).to_have_count(
            1, timeout=BOOT_TIMEOUT_MS
        )
        assert ui.page.get_attribute("#advice", "data-decided-by") == "page"
        assert page_slices(ui) > before  # searched again, here
        ui.check_log()
