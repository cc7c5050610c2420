"""Browser harness: the real server (scripts/serve.py, netlify.toml's headers) and
Debian's chromium driven by Playwright. `playwright install` is never used.

Every `page` is guarded: at teardown the test fails if the page made a request that
did not go to the local server, logged a console error, threw, or broke the CSP.
Tests that expect an error remove it from `browser_log` before they end.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Frame,
    Page,
    Playwright,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from chromium import CHROMIUM as CHROMIUM  # noqa: E402  (re-exported to the tests)
from chromium import CHROMIUM_ARGS as PLAYERS_ARGS  # noqa: E402

# The tests' chromium compiles WebAssembly with V8's baseline compiler only (Liftoff): no
# optimizing tier-up of Pyodide's 10 MB module in every new context and after every boot.
# The code runs the same, a little slower; it saves about 40% of a boot's CPU here, and the
# suite is CPU-bound (README). bench/ measures with the players' flags.
CHROMIUM_ARGS = [*PLAYERS_ARGS, "--js-flags=--liftoff-only"]

BOOT_TIMEOUT_MS = 60_000  # Pyodide's cold boot is ~4 s here; a missing file hangs it
ACTION_TIMEOUT_MS = 10_000

# Reports CSP violations to Python (installed before any page script runs).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) =>
  window.__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}` +
                              ` at ${e.sourceFile}:${e.lineNumber}`));
"""

# The mark a returning player has (game/ui/greeting.py): no first visit's welcome over the
# table, so that tests play it at once. tests/test_welcome_page.py opens pages without it.
WELCOME_SEEN = """try { if (localStorage.getItem('solitaire/welcome') === null)
  localStorage.setItem('solitaire/welcome', '{"version":1,"seen":true}'); } catch (e) {}"""


@dataclass
class BrowserLog:
    """What the pages of a guarded context did, checked at teardown; tests may read it.
    Requests may go to ``origin`` and to ``others`` (a test's second site), nowhere else."""

    origin: str
    others: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    csp_violations: list[str] = field(default_factory=list)

    def foreign_requests(self) -> list[str]:
        sites = [self.origin, *self.others]
        return [u for u in self.requests if not any(u.startswith(o + "/") for o in sites)]

    def problems(self) -> list[str]:
        return self.page_errors + self.csp_violations + self.console_errors

    def check(self) -> None:
        """Fail on anything the guard forbids; the log is cleared either way."""
        try:
            assert not self.foreign_requests(), "requests left the local server"
            assert not self.csp_violations, "Content-Security-Policy violations"
            assert not self.page_errors, "uncaught errors in the page"
            errors = "\n".join(self.console_errors)[:3000]
            assert not self.console_errors, f"errors in the browser console:\n{errors}"
        finally:
            self.clear()

    def clear(self) -> None:
        for seen in (self.requests, self.console_errors, self.warnings, self.page_errors):
            seen.clear()
        self.csp_violations.clear()


def guard(context: BrowserContext, log: BrowserLog, first_visit: bool = False) -> BrowserContext:
    """Watch ``context`` for ``log``: its requests and CSP violations, and the console and
    errors of every page it opens; a returning player's (no welcome) unless ``first_visit``
    (tests/test_welcome_page.py)."""
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    context.expose_function("__reportCspViolation", lambda text: log.csp_violations.append(text))
    context.add_init_script(CSP_LISTENER)  # in every frame, an iframe's included
    if not first_visit:
        context.add_init_script(WELCOME_SEEN)
    context.on("request", lambda request: log.requests.append(request.url))

    def opened(page: Page) -> None:
        watch(page, log)

    context.on("page", opened)
    for page in context.pages:  # a persistent context opens with one
        opened(page)
    return context


def watch(page: Page, log: BrowserLog) -> Page:
    """``page``'s console errors and warnings, uncaught errors and websockets, into ``log``."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            log.console_errors.append(f"{message.text} ({message.location})")
        elif message.type == "warning":
            log.warnings.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    page.on("websocket", lambda socket: log.requests.append(socket.url))
    return page


def guarded_context(
    browser: Browser, log: BrowserLog, first_visit: bool = False, **options: Any
) -> BrowserContext:
    """A new context (``options`` as Playwright takes them) at ``log``'s origin, guarded."""
    return guard(browser.new_context(base_url=log.origin, **options), log, first_visit)


@contextmanager
def serve_py(*options: str) -> Iterator[str]:
    """scripts/serve.py on a free port (with ``options``, e.g. ``--dir``): its URL."""
    if not (ROOT / "static" / "vendor").is_dir():
        pytest.fail("static/vendor/ is missing: run `make vendor` (or `make test`)")
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0", *options],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    url = proc.stdout.readline().strip().rstrip("/")  # serve.py prints its URL first
    if not url.startswith("http://"):
        proc.kill()
        proc.stdout.close()
        pytest.fail(f"scripts/serve.py did not start (exit code {proc.wait()})")
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """The repository served by scripts/serve.py on a free port: 'http://127.0.0.1:N'."""
    with serve_py() as url:
        yield url


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What `make dist` publishes, built once for the module that asks for it."""
    import build  # scripts/, on the path (above)

    if not (ROOT / "static" / "vendor").is_dir():
        pytest.fail("static/vendor/ is missing: run `make vendor` (or `make test`)")
    out = tmp_path_factory.mktemp("dist") / "dist"
    build.build_dist(out)
    return out


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (or `make test`)")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def browser_log(server_url: str) -> BrowserLog:
    return BrowserLog(origin=server_url)


@pytest.fixture
def page(browser: Browser, browser_log: BrowserLog) -> Iterator[Page]:
    """A fresh context (empty cache and storage) whose page is guarded, see above."""
    context = guarded_context(browser, browser_log)
    yield context.new_page()
    context.close()
    browser_log.check()


READY = "body[data-ready='true']"
# True once the page accepts input; the words of static/boot.js's failure box when Python
# could not start; else false (still starting).
READY_OR_FAILED_JS = """() => {
  if (document.body && document.body.dataset.ready === 'true') return true;
  const box = document.getElementById('loading');
  return box && box.classList.contains('failed') ? box.textContent.trim() || 'failed' : false;
}"""


def wait_ready(
    page: Page | Frame, log: BrowserLog | None = None, timeout_ms: float = BOOT_TIMEOUT_MS
) -> None:
    """Wait until the page (just loaded or reloaded) accepts input (body[data-ready=true]);
    fail at once when its boot fails (static/boot.js's failure box, or an error, a CSP
    violation or a console error in ``log``), and not after the whole timeout.

    The page itself looks every 50 ms (a round trip to the browser each time would cost the
    suite's two cores as much again); the log is read between looks of a second each."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            outcome = page.wait_for_function(READY_OR_FAILED_JS, polling=50, timeout=1_000)
        except PlaywrightTimeoutError:
            outcome = None
        said = None if outcome is None else outcome.json_value()
        problems = log.page_errors + log.csp_violations + log.console_errors if log else []
        if said is True:
            return
        if said or problems:
            pytest.fail(f"boot failed: {said or problems}")
        if time.monotonic() > deadline:
            pytest.fail(f"not ready after {timeout_ms / 1000:.0f} s")


@pytest.fixture
def open_app(page: Page, browser_log: BrowserLog) -> Callable[[str], Page]:
    """open_app("/?game=whitehead&deal=1") loads the page and waits until it is ready."""

    def open_at(path: str = "/") -> Page:
        page.goto(path)
        wait_ready(page, browser_log)
        return page

    return open_at


GAMES = ("whitehead", "blind-alleys", "linus", "unlimited")  # game/rules.py's, in its order


def _game_of(item: pytest.Item) -> int:
    spec = getattr(item, "callspec", None)
    for value in spec.params.values() if spec else ():
        if isinstance(value, str) and value in GAMES:
            return GAMES.index(value)
    return -1


def _wide_params(item: pytest.Item) -> tuple[tuple[str, str], ...]:
    """The item's parameters of module- or session-scoped fixtures (pytest groups by them)."""
    spec = getattr(item, "callspec", None)
    if spec is None:
        return ()
    defs = item._fixtureinfo.name2fixturedefs  # type: ignore[attr-defined]
    return tuple(
        sorted(
            (name, repr(value))
            for name, value in spec.params.items()
            if name in defs and defs[name][-1].scope != "function"
        )
    )


# The browser modules that take longest, longest first (seconds in a two-worker run of the
# whole suite, 2026-12-06: 150, 120, 91, 83, 80, 78, 62, 55, 54, 53, 52, 50). They start
# first, so that no worker is left alone with one of them at the end of the run; the
# CPython modules, quick, come last and fill the gaps.
LONGEST = (
    "test_first_paint",
    "test_startup",
    "test_one_writer",
    "test_sw_faults",
    "test_replay_link_page",
    "test_input_pointer",
    "test_stats_page",
    "test_solver_page",
    "test_welcome_page",
    "test_phone_layout",
    "test_celebrate_page",
    "test_screen_sizes",
)


def _rank(item: pytest.Item, browser_modules: set[Path]) -> int:
    """Where the item's module comes in the run: the longest first, then every other
    module with a browser test, then the CPython ones."""
    if item.path not in browser_modules:
        return len(LONGEST) + 1
    name = item.path.stem
    return LONGEST.index(name) if name in LONGEST else len(LONGEST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The order of the run (pytest-xdist gives the files out in it: the Makefile's
    --no-loadscope-reorder). Modules by `_rank`; in a browser module, one game's tests one
    after another: a page loaded at another game's deal may be a Pyodide boot
    (test_table_kit.Ui.at). pytest's grouping by a module's parametrized fixtures is kept,
    and otherwise the written order."""
    first: dict[tuple[object, tuple[tuple[str, str], ...]], int] = {}
    keys: dict[int, tuple[int, int, int, int]] = {}
    modules = {item.path for item in items if item.get_closest_marker("browser") is not None}
    for index, item in enumerate(items):
        browser = item.get_closest_marker("browser") is not None
        group = (item.path, _wide_params(item) if browser else ())
        start = first.setdefault(group, index)
        rank = _rank(item, modules)
        keys[id(item)] = (rank, start, _game_of(item) if browser else -1, index)
    items.sort(key=lambda item: keys[id(item)])


@pytest.fixture(autouse=True)
def ui_log_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    """For tests on a module's shared page (`ui`): each starts with a clean log and fails
    on any request off the server, console error, page error or CSP violation it caused."""
    if "ui" not in request.fixturenames:
        yield
        return
    ui = request.getfixturevalue("ui")
    ui.clear_log()
    yield
    ui.check_log()
