"""The service worker when things go wrong (issue #12): an update that meets a player gone
offline mid-game, a file missing from its cache or damaged there, the whole cache evicted.

Each test serves its own copy of the published site (test_pwa's `serving`), plays a move
on it once the service worker controls the page, then breaks what a browser or a disk
would break, through the Cache API. Online, the page must boot with the game as it was
and the cache must hold this version's exact bytes again; offline, it must say at once
what is wrong, in the failure box (#loading.failed) with a Reload button, never show a
table that does not answer; and once back online, Reload brings the game back.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import build
import pytest
from conftest import wait_ready
from playwright.sync_api import Browser
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_pwa import (
    UPDATE_BUTTON,
    Site,
    caches,
    drag_a_tableau_move,
    serving,
    site_page,
    sw_version,
    wait_controlled,
)
from test_table_kit import DEALS, Layout, Ui

import game

pytestmark = pytest.mark.browser

DEAL = DEALS["whitehead"]
URL = f"/?game=whitehead&deal={DEAL}&automove=off"
WASM = "static/vendor/pyodide-314.0.2/pyodide.asm.wasm"
LOADER = "static/vendor/pyodide-314.0.2/pyodide.mjs"
CHUNK = "static/vendor/pyscript-0.7.31/core-C9KDLldu.js"  # what core.js imports first
SAID_MS = 10_000  # a broken start is told within this (a healthy return visit: ~1 s; a
# fallback start on a loaded 2-core machine compiles for seconds before it fetches)

# The service worker's cache holds every file (the snapshot inflated, as snapshot.bin).
PRECACHED = """async () => !!navigator.serviceWorker.controller &&
  !!(await caches.match("static/boot/snapshot.bin"))"""

# Breaks one file's entry in every cache of the app ("./" is the page): "missing" deletes
# it, "cut" keeps its first half, "flipped" changes bytes in its middle (same size);
# "evicted" deletes every cache, as a browser short of space does.
BREAK = """async ([file, how]) => {
  const url = new URL(file, document.baseURI).href;
  for (const name of await caches.keys()) {
    if (how === "evicted") { await caches.delete(name); continue; }
    const cache = await caches.open(name);
    const hit = await cache.match(url);
    if (!hit) throw new Error(`${file} is not cached`);
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if (how === "missing") { await cache.delete(url); continue; }
    let body = bytes;
    if (how === "cut") body = bytes.slice(0, bytes.length >> 1);
    if (how === "flipped") for (let i = 0; i < 256; i++) body[(body.length >> 1) + i] ^= 0xff;
    await cache.put(url, new Response(body, { headers: hit.headers }));
  }
}"""

# The cache entry's [size, "sha256-…"], or null.
ENTRY = """async ([file]) => {
  const hit = await caches.match(new URL(file, document.baseURI).href);
  if (!hit) return null;
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [bytes.length, "sha256-" + btoa(String.fromCharCode(...digest))];
}"""

# [file, size] of every entry of the app's caches.
SIZES = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      out.push([request.url, (await (await cache.match(request)).blob()).size]);
    }
  }
  return out;
}"""


def stored(root: Path) -> dict[str, list[int | str]]:
    """sw.js's STORED: what each cache entry must hold, [size, "sha256-…"]."""
    sw = (root / "sw.js").read_text()
    start = sw.index("const STORED = ") + len("const STORED = ")
    found: dict[str, list[int | str]] = json.loads(sw[start : sw.index("};", start) + 1])
    return found


def installed(ui: Ui) -> tuple[Layout, int]:
    """The first visit, the service worker installed; a reload that it serves from its
    start; a move played. Returns the table's layout and the moves count."""
    page = ui.page
    page.context.add_init_script("window.__controlled = !!navigator.serviceWorker.controller")
    ui.open(URL)
    wait_controlled(ui)
    page.wait_for_function(PRECACHED, polling=100, timeout=30_000)
    for _ in range(3):  # chromium may send the next navigation past a new service worker
        page.reload()
        wait_ready(ui.page, ui.log)
        if page.evaluate("window.__controlled"):
            break
    assert page.evaluate("window.__controlled")
    drag_a_tableau_move(ui, game.new_game("whitehead", DEAL))
    return ui.layout(), ui.moves_count()


def go_offline(ui: Ui, site: Site) -> None:
    """No network, and no HTTP cache either (a browser's own may be gone as well). The
    server stops answering too: chromium looks for a new sw.js past the page's emulation."""
    cdp = ui.page.context.new_cdp_session(ui.page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    ui.page.context.set_offline(True)
    site.down = True


def go_online(ui: Ui, site: Site) -> None:
    site.down = False
    ui.page.context.set_offline(False)


def stop_service_worker(ui: Ui) -> None:
    """As the browser does to an idle worker: the next request starts it afresh."""
    cdp = ui.page.context.new_cdp_session(ui.page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    cdp.detach()


def reload_online(ui: Ui, site: Site) -> None:
    """Back online, the player clicks Reload. What the failed start logged as it was torn
    down (Pyodide's ExitStatus, a fetch that failed) is dropped with the page."""
    go_online(ui, site)
    with ui.page.expect_navigation(wait_until="commit"):
        ui.page.get_by_role("button", name="Reload").click()
    ui.log.console_errors.clear()
    ui.log.page_errors.clear()


def comes_back(ui: Ui, layout: Layout, moves: int) -> None:
    wait_ready(ui.page, ui.log)
    assert ui.layout() == layout and ui.moves_count() == moves
    assert ui.page.locator("#loading").count() == 0


def says_why(ui: Ui, *words: str, within_ms: int = SAID_MS) -> str:
    """The failure box, at once, with words saying why and a Reload button; the table
    never became ready. The errors the failed start logged are expected: cleared."""
    box = ui.page.locator("#loading.failed")
    said = """(words) => {
      const box = document.querySelector("#loading.failed");
      return !!box && words.every((word) => box.textContent.includes(word));
    }"""
    try:
        ui.page.wait_for_function(said, arg=list(words), timeout=within_ms, polling=50)
    except PlaywrightTimeout:
        shown = box.inner_text() if box.count() else "no failure box"
        how = ui.page.evaluate(
            "() => [document.body && document.body.dataset.ready,"
            " document.documentElement.dataset.python]"
        )
        pytest.fail(
            f"not said within {within_ms} ms: {words}; shown: {shown}; ready, started: {how}"
        )
    text = box.inner_text()
    assert box.get_by_role("button", name="Reload").is_visible()
    assert ui.page.locator("body[data-ready='true']").count() == 0
    ui.log.console_errors.clear()
    ui.log.page_errors.clear()
    return text


def break_file(ui: Ui, file: str, how: str) -> None:
    """BREAK, once the solver's worker has started and the service worker has looked over
    its cache for this page (pwa.js): a look-over still running would find the broken entry
    and drop it, "missing" then; a worker starting later would find python.zip damaged and
    have the look-over mend it before the test goes offline (then the page starts well)."""
    ui.page.wait_for_function(
        "() => /^(ready|off)/.test(document.getElementById('advice').dataset.helper || '')",
        timeout=60_000,
    )
    ui.page.wait_for_function(
        "() => document.documentElement.dataset.lookOver !== 'running'", timeout=30_000
    )
    ui.page.evaluate(BREAK, [file, how])


def wait_exact(ui: Ui, root: Path, file: str) -> None:
    """Until the cache holds this version's very bytes of `file` again (repaired)."""
    want = stored(root)[file]
    deadline = time.monotonic() + 15
    while (got := ui.page.evaluate(ENTRY, [file])) != want:
        assert time.monotonic() < deadline, f"{file}: {got} in the cache, not {want}"
        ui.page.wait_for_timeout(100)


def wait_whole(ui: Ui, root: Path) -> None:
    """Until the cache holds every file again, each of its size (one cache: this version)."""
    want = {file: size for file, (size, _) in stored(root).items()}
    deadline = time.monotonic() + 30
    while True:
        origin = ui.log.origin + "/"
        got = {url.removeprefix(origin) or "./": size for url, size in ui.page.evaluate(SIZES)}
        got.pop("solitaire-language", None)  # the page's language (sw.js), no file of the site
        if got == want:
            return
        assert time.monotonic() < deadline, sorted(set(want.items()) ^ set(got.items()))[:5]
        ui.page.wait_for_timeout(200)


# -- an update, offline -------------------------------------------------------------------


def deploy(root: Path) -> str:
    """A new version: one shipped file changes, and with it sw.js. Returns its version."""
    css = root / "static" / "css" / "table.css"
    css.write_text(css.read_text() + "\n/* version 2 */\n")
    later = time.time() + 2  # past the second of any Last-Modified seen so far
    os.utime(css, (later, later))
    assert build.write_sw(root)
    return sw_version((root / "sw.js").read_text())


UPDATE = "() => navigator.serviceWorker.getRegistration().then((r) => r.update())"


def test_an_update_waiting_when_the_player_goes_offline_keeps_the_game(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    root = tmp_path / "site"
    build.build_dist(root, root=dist)
    with serving(root) as site, site_page(browser, site) as ui:
        page = ui.page
        layout, moves = installed(ui)
        version = deploy(root)
        page.evaluate(UPDATE)
        button = page.get_by_role("button", name=UPDATE_BUTTON)
        button.wait_for(timeout=15_000)

        go_offline(ui, site)  # mid-game, the new version installed and waiting
        page.reload()  # the old version still serves: nothing changes until asked
        comes_back(ui, layout, moves)
        button.wait_for(timeout=5_000)  # still offered
        with page.expect_navigation():
            button.click()
        comes_back(ui, layout, moves)
        assert [name.split()[-1] for name in caches(page)] == [version]
        css = page.evaluate("() => fetch('static/css/table.css').then((r) => r.text())")
        assert css.endswith("/* version 2 */\n")


def test_an_update_looked_for_offline_keeps_the_game_and_comes_later(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    root = tmp_path / "site"
    build.build_dist(root, root=dist)
    with serving(root) as site, site_page(browser, site) as ui:
        page = ui.page
        layout, moves = installed(ui)
        [old] = caches(page)
        go_offline(ui, site)
        version = deploy(root)
        # No network: the lookup fails, and no harm. A look chromium began by itself
        # after the last navigation (online, finding nothing new) may answer first.
        for _ in range(20):
            if page.evaluate(f"() => ({UPDATE})().then(() => false, () => true)"):
                break
            page.wait_for_timeout(250)
        else:
            pytest.fail("offline, looking for an update never failed")
        page.reload()
        comes_back(ui, layout, moves)
        assert caches(page) == [old]

        go_online(ui, site)
        page.evaluate(UPDATE)
        button = page.get_by_role("button", name=UPDATE_BUTTON)
        button.wait_for(timeout=15_000)
        with page.expect_navigation():
            button.click()
        comes_back(ui, layout, moves)
        assert [name.split()[-1] for name in caches(page)] == [version]


# -- one file lost or damaged -------------------------------------------------------------

# (file, how): the runtime's files, a PyScript chunk, the engine's entry point and python.zip,
# the page itself; gone, cut short, or changed at the same size.
FAULTS = [
    (WASM, "missing"),
    (LOADER, "cut"),
    (CHUNK, "missing"),
    ("main.py", "cut"),
    ("static/boot/python.zip", "missing"),
    ("./", "cut"),
]


def test_online_a_lost_or_damaged_file_comes_from_the_network_and_is_put_back(
    browser: Browser, dist: Path
) -> None:
    with serving(dist) as site, site_page(browser, site) as ui:
        layout, moves = installed(ui)
        for file, how in [*FAULTS, (WASM, "flipped")]:
            break_file(ui, file, how)
            ui.page.reload()
            if how == "flipped":  # the same size: served, and the start stalls; checked
                # then (boot.js's CHECK_MS), the entry is found damaged and mended
                says_why(ui, "pyodide.asm.wasm", "fetched again", within_ms=15_000)
                with ui.page.expect_navigation():
                    ui.page.get_by_role("button", name="Reload").click()
            comes_back(ui, layout, moves)
            wait_exact(ui, dist, file)


def test_offline_a_lost_or_damaged_file_is_named_at_once(browser: Browser, dist: Path) -> None:
    with serving(dist) as site, site_page(browser, site) as ui:
        page = ui.page
        layout, moves = installed(ui)
        for file, how in [*FAULTS, ("static/boot/python.zip", "flipped")]:
            break_file(ui, file, how)
            go_offline(ui, site)
            page.reload()
            name = "its page" if file == "./" else file.rsplit("/", 1)[-1]
            text = says_why(ui, name, "no connection", "Connect to the internet and reload")
            assert ("missing" if how == "missing" else "damaged") in text
            reload_online(ui, site)
            comes_back(ui, layout, moves)
            wait_exact(ui, dist, file)


# -- the cache evicted --------------------------------------------------------------------


def test_an_evicted_cache_says_why_offline_and_fills_again_online(
    browser: Browser, dist: Path
) -> None:
    with serving(dist) as site, site_page(browser, site) as ui:
        page = ui.page
        layout, moves = installed(ui)
        break_file(ui, "./", "evicted")
        go_offline(ui, site)
        stop_service_worker(ui)  # (after going offline: chromium would wait for it)
        page.reload()
        says_why(ui, "its page is missing", "no connection")

        reload_online(ui, site)
        comes_back(ui, layout, moves)
        wait_whole(ui, dist)  # all of it, the files this start did not ask for too
        go_offline(ui, site)
        page.reload()
        comes_back(ui, layout, moves)
        assert page.evaluate("document.documentElement.dataset.python") == "snapshot"
