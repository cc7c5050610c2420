"""The installable, offline site: what Netlify publishes, the service worker, the manifest.

The offline and update tests serve their own copy of the site (scripts/build.py --dist
into a temporary folder, served by scripts/serve.py's handler with netlify.toml's
headers), which they can stop or change under a running page.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, ROOT, BrowserLog, guard, wait_ready
from playwright.sync_api import Browser, Page, Playwright, Response
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_table_kit import DEALS, Ui, engine_piles, guarded_page

import game
from game.daily import daily_deal
from game.notation import T0

sys.path.insert(0, str(ROOT / "scripts"))
import build
import serve

UPDATE_BUTTON = "New version — reload"


# -- what is published -------------------------------------------------------------------


def precache_list(sw: str) -> list[str]:
    """The FILES array of a generated sw.js."""
    start = sw.index("const FILES = ") + len("const FILES = ")
    files: list[str] = json.loads(sw[start : sw.index("];", start) + 1])
    return files


def sw_version(sw: str) -> str:
    start = sw.index('const VERSION = "') + len('const VERSION = "')
    return sw[start : sw.index('"', start)]


def test_dist_holds_exactly_the_precached_files_and_sw_js(dist: Path) -> None:
    on_disk = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    sw = (dist / "sw.js").read_text()
    precached = ["index.html" if url == "./" else url for url in precache_list(sw)]
    assert on_disk == sorted([*precached, "sw.js"])
    assert len(set(precached)) == len(precached)

    # The page and everything it loads, the runtime and the engine; nothing of the repo.
    for name in (
        "index.html",
        "main.py",
        "pyscript.toml",
        "manifest.webmanifest",
        "static/boot.js",
        "static/pwa.js",
        "static/css/table.css",
        "static/favicon.svg",
        "static/icons/icon-192.png",
        "static/start.mjs",
        "static/idb-guard.js",
        # the in-memory IndexedDB it loads where storage is denied, and what that imports
        "static/vendor/fake-indexeddb-6.2.8/index.js",
        "static/vendor/fake-indexeddb-6.2.8/lib/scheduling.js",
        "static/vendor/pyodide-314.0.2/pyodide.asm.wasm",
        "static/vendor/pyscript-0.7.31/core.js",
        "static/vendor/pyscript-0.7.31/xterm.css",  # a lazy chunk: the whole dist ships
        "static/boot/python.zip",  # the engine is inside
        "static/boot/snapshot.bin.gz",
        "static/boot/snapshot.json",
    ):
        assert name in on_disk
    # what the page never fetches is not published
    for name in build.NOT_SHIPPED:
        assert (ROOT / name).is_file() and name not in on_disk
    tops = {f.split("/")[0] for f in on_disk}
    assert tops == {"index.html", "main.py", "pyscript.toml", "manifest.webmanifest"} | {
        "static",
        "sw.js",
    }
    assert not [f for f in on_disk if "/." in "/" + f or f.endswith(".map")]

    # The repository's sw.js (make build, scripts/serve.py) is the published one.
    assert sw == build.sw_source(ROOT)


def test_the_version_changes_with_any_shipped_file(dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    build.build_dist(site, root=dist)
    before = (site / "sw.js").read_text()
    assert before == (dist / "sw.js").read_text()  # reproducible
    for name in (
        "static/boot/python.zip",
        "static/css/table.css",
        "static/vendor/pyodide-314.0.2/pyodide.mjs",
    ):
        path = site / name
        original = path.read_bytes()
        path.write_bytes(original + b"\n")
        changed = build.sw_source(site)
        assert sw_version(changed) != sw_version(before), name
        assert precache_list(changed) == precache_list(before)
        path.write_bytes(original)
    assert build.sw_source(site) == before
    (site / "tests").mkdir()  # not shipped: no new version
    (site / "tests" / "x.py").write_text("")
    assert build.sw_source(site) == before


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_installable_and_relative() -> None:
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "scope", "display", "icons", "theme_color"):
        assert manifest[key], key
    assert manifest["display"] == "standalone"
    for key in ("id", "start_url", "scope"):  # works under any path, on any host
        assert not urlsplit(manifest[key]).scheme and not manifest[key].startswith("/"), key
    purposes = set()
    for icon in manifest["icons"]:
        src = urlsplit(icon["src"])
        assert not src.scheme and not src.path.startswith("/"), icon
        path = ROOT / src.path
        assert path.is_file(), icon
        purposes.add(icon.get("purpose", "any"))
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(path) == (width, height), icon
        else:
            assert icon["type"] == "image/svg+xml" and path.read_text().lstrip().startswith("<svg")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes and "maskable" in purposes


# -- a site of our own, to stop or change under a page ---------------------------------------

RULES = serve.load_rules(ROOT / "netlify.toml")


@dataclass
class Site:
    root: Path
    url: str = ""
    down: bool = False  # answer 503 (and count): "the network" is gone
    requests: list[str] = field(default_factory=list)


@contextmanager
def serving(root: Path) -> Iterator[Site]:
    site = Site(root)

    class Handler(serve.Handler):
        rules = RULES

        def send_head(self) -> Any:
            site.requests.append(self.path)
            if site.down:
                self.send_error(503)
                return None
            return super().send_head()

    server = serve.Server(("127.0.0.1", 0), partial(Handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    site.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@contextmanager
def site_page(browser: Browser, site: Site) -> Iterator[Ui]:
    """A guarded page on `site` (see test_table_kit): no error, no foreign request."""
    log = BrowserLog(origin=site.url)
    page = guarded_page(browser, log)
    ui = Ui(page, log)
    try:
        yield ui
    finally:
        page.context.close()
    ui.check_log()


def wait_controlled(ui: Ui) -> None:
    """Until the service worker, installed and activated, controls the page."""
    controlled = "() => navigator.serviceWorker.controller !== null"
    try:
        ui.page.wait_for_function(controlled, timeout=15_000)
    except PlaywrightTimeout:  # sw.js claims the page; a reload is the fallback
        ui.page.reload()
        wait_ready(ui.page, ui.log)
        ui.page.wait_for_function(controlled, timeout=15_000)


def caches(page: Page) -> list[str]:
    names: list[str] = page.evaluate("() => caches.keys()")
    return names


def drag_a_tableau_move(ui: Ui, g: game.Game) -> None:
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0 and g.piles[m[1]])
    ui.play(m, g)
    g.apply(m)
    ui.wait_layout(engine_piles(g))


# -- offline ------------------------------------------------------------------------------


@pytest.mark.browser
def test_plays_offline_after_the_first_visit(browser: Browser, dist: Path) -> None:
    with serving(dist) as site, site_page(browser, site) as ui:
        page, context = ui.page, ui.page.context
        ui.open(f"/?game=whitehead&deal={DEALS['whitehead']}&automove=off")
        wait_controlled(ui)
        version = sw_version((dist / "sw.js").read_text())
        assert [name.split()[-1] for name in caches(page)] == [version]

        site.down = True
        context.set_offline(True)
        before = len(site.requests)
        responses: list[Response] = []
        failed: list[str] = []
        context.on("response", lambda response: responses.append(response))
        # (a request cut short by leaving its page is not one that tried the network)
        context.on(
            "requestfailed",
            lambda r: None if r.failure == "net::ERR_ABORTED" else failed.append(r.url),
        )

        page.reload()
        wait_ready(ui.page, ui.log)
        g = game.new_game("whitehead", DEALS["whitehead"])
        assert ui.layout() == engine_piles(g)

        # Another deal, in a new tab: its URL was never loaded, the cached page answers.
        tab = context.new_page()  # guarded as every page of the context
        other = Ui(tab, ui.log)
        tab.goto(f"/?game=linus&deal={DEALS['linus']}&automove=off")
        wait_ready(other.page, other.log)
        linus = game.new_game("linus", DEALS["linus"])
        assert other.layout() == engine_piles(linus)
        drag_a_tableau_move(other, linus)
        assert other.moves_count() == 1

        # A daily deal: worked out in the page, offline, the same as the engine's
        tab.goto("/?game=blind-alleys&daily=2026-12-01&automove=off")
        wait_ready(other.page, other.log)
        assert tab.inner_text("#deal-number") == str(daily_deal("blind-alleys", date(2026, 12, 1)))

        # The solver's own thread (game/ui/helper.py, started once the table is ready):
        # its files come from the cache too; and in another language, its words (catalogs
        # in python.zip, the first paint's in tables.js, its manifest)
        tab.goto("/?game=whitehead&deal=18&automove=off&lang=pl")
        wait_ready(other.page, other.log)
        assert tab.evaluate("() => document.documentElement.lang") == "pl"
        assert tab.inner_text("#status-line") == "Whitehead, rozdanie 18."
        tab.wait_for_function(
            "() => /^(ready|off)/.test(document.getElementById('advice').dataset.helper || '')",
            timeout=BOOT_TIMEOUT_MS,
        )
        assert tab.get_attribute("#advice", "data-helper") == "ready"

        # Nothing reached the server but the browser's own look for a new sw.js: creating
        # the solver's worker is a navigation-like request after which the browser checks
        # for an update (the Service Workers spec's soft update), and the emulated offline
        # mode does not cover that check. Offline, it fails; nothing waits on it.
        assert [r for r in site.requests[before:] if r != "/sw.js"] == []
        assert failed == []  # nothing tried the network
        assert len(responses) > 40 and all(r.from_service_worker for r in responses), [
            r.url for r in responses if not r.from_service_worker
        ]


# -- update -------------------------------------------------------------------------------


@pytest.mark.browser
def test_a_new_version_is_offered_and_the_game_survives_it(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    root = tmp_path / "site"
    build.build_dist(root, root=dist)
    with serving(root) as site, site_page(browser, site) as ui:
        page = ui.page
        deal = DEALS["whitehead"]
        ui.open(f"/?game=whitehead&deal={deal}&automove=off")
        wait_controlled(ui)
        [old_cache] = caches(page)

        g = game.new_game("whitehead", deal)
        drag_a_tableau_move(ui, g)
        ui.tap("s", -1)
        g.play("s")
        ui.wait_layout(engine_piles(g))
        layout, moves = ui.layout(), ui.moves_count()
        assert moves == 2
        region = page.locator("#update[role='status']")
        assert region.count() == 1 and region.inner_text() == ""

        # A deploy: one shipped file changes, and with it sw.js.
        css = root / "static" / "css" / "table.css"
        css.write_text(css.read_text() + "\n/* version 2 */\n")
        later = time.time() + 2  # past the second of any Last-Modified seen so far
        os.utime(css, (later, later))
        assert build.write_sw(root)
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")

        button = region.get_by_role("button", name=UPDATE_BUTTON)
        button.wait_for(state="visible", timeout=15_000)
        assert ui.moves_count() == 2  # nothing happens until the player asks
        with page.expect_navigation():
            button.click()
        wait_ready(ui.page, ui.log)

        [new_cache] = caches(page)
        assert new_cache != old_cache
        assert new_cache.split()[-1] == sw_version((root / "sw.js").read_text())
        served = page.evaluate("() => fetch('static/css/table.css').then((r) => r.text())")
        assert served.endswith("/* version 2 */\n")
        assert page.locator("#update").inner_text() == ""
        assert ui.layout() == layout and ui.moves_count() == moves


# -- installable, under the CSP -------------------------------------------------------------


@pytest.mark.browser
def test_chromium_finds_the_page_installable(
    playwright: Playwright, server_url: str, tmp_path: Path
) -> None:
    # Chromium's renderer has crashed here once in CI (the page gone mid-boot, "Target
    # crashed"), never in hundreds of local runs: a crash of the browser, not a verdict on
    # the page. A second, fresh profile is tried then; any other failure fails at once.
    for attempt in (1, 2):
        try:
            installable_in_a_fresh_profile(playwright, server_url, tmp_path / f"profile{attempt}")
            return
        except PlaywrightError as e:
            if attempt == 2 or "crashed" not in str(e):
                raise
            warnings.warn(f"chromium crashed, trying once more: {e}", stacklevel=1)


def installable_in_a_fresh_profile(playwright: Playwright, server_url: str, profile: Path) -> None:
    # A profile on disk: Chromium never offers to install from an incognito context.
    context = playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        base_url=server_url,
    )
    log = BrowserLog(origin=server_url)
    guard(context, log)
    page = context.pages[0]
    ui = Ui(page, log)
    try:
        ui.open("/")
        wait_controlled(ui)
        registration = page.evaluate(
            "() => navigator.serviceWorker.getRegistration()"
            ".then((r) => ({scope: r.scope, script: r.active.scriptURL}))"
        )
        assert registration == {"scope": server_url + "/", "script": server_url + "/sw.js"}
        assert page.evaluate("crossOriginIsolated")  # COOP + COEP, see netlify.toml

        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server_url + "/manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
    ui.check_log()  # no CSP violation during boot and registration, no error
