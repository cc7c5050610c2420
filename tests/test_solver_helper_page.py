"""The solver's second thread in the page (game/ui/helper.py, static/solver-worker.mjs):
started by the first long search, it runs each position's lead search while the page runs
the rest; the hint it leads to is the one the native lead search finds. Without it (no
worker, or one that fails mid-search) the page searches alone and still answers.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Browser, FilePayload, expect
from test_table_kit import Ui, booted

import game
from game.notation import pile_name
from game.solver import Search

pytestmark = pytest.mark.browser

LONG = "/?game=whitehead&deal=18&automove=off"  # over HELPER_AFTER undecided: starts it
# Depth-first (the lead) is the only search that wins it in seconds (tests/test_solver_remote)
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


def test_a_long_search_starts_the_helper_and_its_lead_search_gives_the_hint(
    browser: Browser, server_url: str
) -> None:
    with booted(browser, server_url) as ui:
        ui.open("/?game=blind-alleys&deal=1&automove=off")
        ui.page.click("#hint")  # decided in well under HELPER_AFTER: no helper
        expect(ui.page.locator("#table[data-hint='sure']")).to_have_count(1, timeout=30_000)
        assert ui.page.evaluate(f"() => {HELPER}") == ""
        ui.open(LONG)
        assert helper_state(ui, "^(ready|off)") == "ready"

        name, deal = HARD
        g = game.new_game(name, deal)
        open_position(ui, g)
        assert sure_hint(ui) == "helper"
        # the worker ran the very search CPython runs: its line starts with the same move
        line = Search(g).run(seconds=60)
        assert line is not None and line.result == "won"
        _, dst, _ = g.resolve(line.moves[0])
        ringed = ui.page.eval_on_selector_all(".hint-target", "els => els.map(e => e.dataset.pile)")
        assert ringed == [pile_name(dst)], (ringed, line.moves[0])
        ui.check_log()


def test_without_a_worker_the_page_searches_alone(browser: Browser, server_url: str) -> None:
    with booted(browser, server_url) as ui:
        ui.page.route("**/solver-worker.mjs", lambda route: route.abort())
        warnings: list[str] = []
        ui.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        ui.open(LONG)
        assert helper_state(ui, "^off") == "off: it failed"
        assert sure_hint(ui) == "page"
        assert any("second thread is off (it failed)" in w for w in warnings), warnings
        ui.log.requests.clear()  # the aborted request is the test's own doing
        ui.log.console_errors[:] = [e for e in ui.log.console_errors if "solver-worker" not in e]
        ui.check_log()


def test_a_helper_that_fails_mid_search_gives_its_search_back(
    browser: Browser, server_url: str
) -> None:
    with booted(browser, server_url) as ui:
        ui.page.context.add_init_script(WORKERS)
        ui.open(LONG)
        assert helper_state(ui, "^(ready|off)") == "ready"
        open_position(ui, game.new_game(*HARD))
        ui.page.click("#hint")
        ui.page.evaluate(
            "() => window.__workers[0].dispatchEvent("
            "new MessageEvent('message', {data: {error: 'a test'}}))"
        )
        assert helper_state(ui, "^off") == "off: a test"
        expect(ui.page.locator("#table[data-hint='sure']")).to_have_count(
            1, timeout=BOOT_TIMEOUT_MS
        )
        assert ui.page.get_attribute("#advice", "data-decided-by") == "page"
        ui.check_log()
