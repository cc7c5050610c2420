"""The solver's worker starts from the page's memory snapshot (static/solver-worker.mjs) on
the page's own terms: only from the service worker's cache, checked against snapshot.json
by the very code static/start.mjs runs; an unfit snapshot means the ordinary start, and the
worker still answers as CPython does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT
from playwright.sync_api import Browser
from test_startup import SPOIL, first_then_return_visit, reload
from test_table_kit import Ui, booted

from game.daily import daily_deal
from game.solver.remote import request as request_text

STATIC = ROOT / "static"
VENDOR = STATIC / "vendor" / "pyodide-314.0.2"
PYTHON = "document.getElementById('advice').dataset.helperPython || ''"


def function(source: str, name: str) -> str | None:
    """A top-level JS function or class of ``source``, comments and blank lines dropped."""
    found = re.search(rf"^(async function {name}\(|class {name} ).*?^}}$", source, re.S | re.M)
    if found is None:
        return None
    lines = (re.sub(r"\s*//.*$", "", line) for line in found.group(0).splitlines())
    return "\n".join(line for line in lines if line.strip())


def test_the_worker_checks_the_snapshot_with_start_mjs_own_code() -> None:
    page, worker = (STATIC / "start.mjs").read_text(), (STATIC / "solver-worker.mjs").read_text()
    assert "export async function snapshot()" in page and "export class Unfit" in page
    assert re.search(
        r"import \{[^}]*\bUnfit\b[^}]*\bsnapshot\b[^}]*\} from \"\./start\.mjs\"", worker
    )
    for name in ("cached", "checked", "snapshot"):  # no copy of its own to drift apart
        assert function(worker, name) is None, name


def test_the_private_snapshot_option_is_the_one_pinned() -> None:
    """`_loadSnapshot` is a private option of this Pyodide (tests/test_startup.py pins the
    image's header); the worker passes it exactly as start.mjs does."""
    assert "e._loadSnapshot" in (VENDOR / "pyodide.mjs").read_text()
    worker = (STATIC / "solver-worker.mjs").read_text()
    assert "loadPyodide({ ...config, _loadSnapshot: image })" in worker
    assert 'from "./vendor/pyodide-314.0.2/pyodide.mjs"' in worker


def worker_python(ui: Ui) -> str:
    ui.page.wait_for_function(
        "() => /^(ready|off)/.test(document.getElementById('advice').dataset.helper || '')",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert ui.page.get_attribute("#advice", "data-helper") == "ready"
    return str(ui.page.evaluate(f"() => {PYTHON}"))


def daily_via_worker(ui: Ui) -> int:
    """Today's Whitehead daily deal, as the worker picks it (the Daily button)."""
    page = ui.page
    page.click("#daily-button")
    if page.locator("#confirm-ok").is_visible():
        page.click("#confirm-ok")
    want = str(daily_deal("whitehead", date.today()))
    page.wait_for_function(
        "(n) => document.getElementById('deal-number').textContent === n",
        arg=want,
        timeout=BOOT_TIMEOUT_MS,
    )
    assert "daily:" in str(page.get_attribute("#advice", "data-helper-asked"))
    return int(want)


@pytest.fixture
def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
    """A fresh context each: a first visit, then a return visit."""
    with booted(browser, server_url) as fresh:
        yield fresh
        fresh.check_log()


@pytest.mark.browser
def test_a_return_visits_worker_starts_from_the_snapshot_and_answers_alike(ui: Ui) -> None:
    assert first_then_return_visit(ui) == "ordinary"
    assert reload(ui) == "snapshot"
    assert worker_python(ui) == "snapshot"
    daily_via_worker(ui)


# A worker of the test's own, started as the page starts its own in a page the service
# worker controls; its first message (how Python started), then its answer to a request.
SPARE = """async ([request]) => {
  const worker = new Worker("static/solver-worker.mjs", { type: "module", name: "solver sw" });
  const next = () => new Promise((resolve) => {
    worker.onmessage = (e) => resolve(JSON.parse(e.data));
  });
  const ready = await next();
  worker.postMessage(request);
  const answer = await next();
  worker.terminate();
  return [ready, answer];
}"""


@pytest.mark.browser
def test_an_unfit_snapshot_starts_the_worker_the_ordinary_way(ui: Ui) -> None:
    first_then_return_visit(ui)
    assert reload(ui) == "snapshot"
    worker_python(ui)  # the page's own worker is up: nothing repairs the cache meanwhile
    ui.page.evaluate(SPOIL, ["flipped"])
    day = date.today()
    request = request_text(1, "daily", game="linus", day=day.isoformat())
    ready, answer = ui.page.evaluate(SPARE, [request])
    assert ready["ready"] is True
    assert ready["python"].startswith("fallback: "), ready
    assert "does not match its SHA-256" in ready["python"], ready
    assert answer["answer"]["deal"] == daily_deal("linus", day)
