"""The boot page proves the stack: PyScript + Pyodide from static/vendor/, under the CSP."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import BrowserLog
from playwright.sync_api import Page, Response

pytestmark = pytest.mark.browser

NETLIFY = tomllib.loads((Path(__file__).parent.parent / "netlify.toml").read_text())
NETLIFY_CSP = next(
    block["values"]["Content-Security-Policy"]
    for block in NETLIFY["headers"]
    if block["for"] == "/*"
)


def test_boots_python_314_offline_under_the_csp(
    page: Page, open_app: Callable[[str], Page], browser_log: BrowserLog
) -> None:
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))

    open_app("/")

    said = page.text_content("#engine") or ""
    assert re.fullmatch(r"Engine: Python 3\.14\.\d+ in your browser\.", said), said
    assert page.locator("#loading").count() == 0  # the progress indicator is gone

    by_path = {r.url.removeprefix(browser_log.origin): r for r in responses}
    document = by_path["/"]
    assert document.header_value("content-security-policy") == NETLIFY_CSP
    assert document.header_value("x-frame-options") is None  # embedding is allowed

    wasm = [r for path, r in by_path.items() if path.endswith(".wasm")]
    assert [r.header_value("content-type") for r in wasm] == ["application/wasm"]
    assert all(r.status == 200 for r in responses)

    assert browser_log.requests, "the guard saw no requests"
    assert not browser_log.foreign_requests()
    assert not browser_log.csp_violations


def test_shows_progress_from_first_paint(page: Page) -> None:
    # From the first paint, the page says it is starting (tests/test_first_paint.py: more).
    page.goto("/", wait_until="commit")
    # Read in the same task that finds it visible: the game may remove it a moment later.
    text = page.wait_for_function(
        """() => {
          const el = document.getElementById("loading");
          return el && el.checkVisibility() ? el.innerText : false;
        }"""
    ).json_value()
    assert "Starting…" in text


def test_a_python_error_at_start_is_said_at_once_with_reload(
    page: Page, browser_log: BrowserLog
) -> None:
    # main.py as shipped, with the table's start broken: the error reaches static/boot.js
    broken = (
        "from game.ui import app\n"
        "def fail(self): raise RuntimeError('the table broke')\n"
        "app.App.start = fail\n"
        "app.start()\n"
    )
    page.route("**/main.py", lambda route: route.fulfill(body=broken, content_type="text/plain"))
    page.goto("/")
    failed = page.locator("#loading.failed")
    failed.wait_for(timeout=60_000)
    assert "RuntimeError: the table broke" in failed.inner_text()
    assert failed.get_by_role("button", name="Reload").is_visible()
    assert page.evaluate("() => document.body.dataset.ready") == "false"
    # the traceback is in the console, for whoever debugs it; nothing else is
    errors = browser_log.console_errors
    assert errors and all("the table broke" in e for e in errors), errors
    errors.clear()
