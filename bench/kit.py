"""What the benchmarks share on the browser side (their server is bench/server.py).

- the watcher: READY_WATCH, installed before any page script in every frame, times ready
  (<body data-ready="true">), the first card and pile attached and painted, and the
  largest contentful paint; FIGURES reads a visit's figures once ready; PRECACHED says
  whether the service worker controls the page and holds the memory snapshot;
- the browser: launch() (headless Debian chromium), open_profile() (chromium on a profile
  directory, the watcher installed), visit(), wait_ready(), figures(), wait_precached();
- throttling: Network, NETWORKS (desktop, slow 4G), throttle() (DevTools Protocol),
  throttle_cpu() (the page's CPU N times slower, as a phone's);
- printing: values(), median(), row(), header(), at_most(), tally().
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Frame,
    Page,
    Playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from chromium import CHROMIUM as CHROMIUM  # re-exported to the benches
from chromium import CHROMIUM_ARGS as CHROMIUM_ARGS

BOOT_TIMEOUT_MS = 90_000
PRECACHE_TIMEOUT_MS = 120_000
GAME_PATH = "/?game=whitehead&deal=1"
BARE_PATH = "/bench/pages/bare.html"
Visit = dict[str, Any]

# -- the browser ---------------------------------------------------------------------------

# Installed before any page script, in every frame: the page's clock at ready, at the first
# card and pile attached to the document, and at the first frame that paints each (in the
# viewport and visible). window.__readyAt is kept for bench/transfer.py.
READY_WATCH = """
(() => {
  const t = (window.__bench = {});
  const watched = [["card", "#table .card"], ["pile", "#table .pile"]];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
      r.top < innerHeight && r.left < innerWidth &&
      el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  };
  const look = () => {
    for (const [name, selector] of watched) {
      if (t[name + "_attached"] === undefined && document.querySelector(selector)) {
        t[name + "_attached"] = performance.now();
      }
    }
    if (t.ready === undefined && document.body && document.body.dataset.ready === "true") {
      t.ready = window.__readyAt = performance.now();
      try { t.controlled = !!navigator.serviceWorker.controller; } catch { t.controlled = null; }
    }
    if (t.ready !== undefined && t.card_attached !== undefined) observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ["data-ready"]});
  const frame = () => {
    look();
    for (const [name, selector] of watched) {
      if (t[name + "_painted"] === undefined &&
          Array.from(document.querySelectorAll(selector)).some(shown)) {
        t[name + "_painted"] = performance.now();
      }
    }
    if (t.card_painted === undefined || t.pile_painted === undefined) {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const el = e.element;
        t.lcp = e.startTime;
        t.lcp_element = !el ? "(removed)" : el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
          Array.from(el.classList, (c) => "." + c).join("");
      }
    }).observe({type: "largest-contentful-paint", buffered: true});
  } catch {}
})();
"""

# After ready: this visit's figures, in ms of the page's clock; bytes are transfer sizes of
# the requests the page started before ready (0 for what the service worker answers).
FIGURES = """() => {
  const t = window.__bench || {};
  const paint = Object.fromEntries(
    performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  const before = performance.getEntriesByType("resource").filter((e) => e.startTime <= t.ready);
  const start = performance.getEntriesByName("python-start")[0];
  const fetched = (pattern) => {
    const found = before.find((e) => pattern.test(new URL(e.name).pathname));
    return found ? found.responseEnd : null;
  };
  const data = document.documentElement.dataset;
  let controlled = null;
  try { controlled = !!navigator.serviceWorker.controller; } catch {}
  return {
    ready: t.ready ?? null,
    card_attached: t.card_attached ?? null,
    card_painted: t.card_painted ?? null,
    pile_attached: t.pile_attached ?? null,
    pile_painted: t.pile_painted ?? null,
    first_paint: paint["first-paint"] ?? null,
    first_contentful_paint: paint["first-contentful-paint"] ?? null,
    largest_contentful_paint: t.lcp ?? null,
    lcp_element: t.lcp_element ?? null,
    python_start: start ? start.startTime : null,
    python: data.python ?? null,
    storage: data.storage ?? "browser's",
    wasm_fetched: fetched(/[.]wasm$/),
    main_py_fetched: fetched(/^[/]main[.]py$/),
    controlled_at_ready: t.controlled ?? null,
    controlled,
    requests: before.length + 1,
    bytes: before.reduce((sum, e) => sum + e.transferSize, nav ? nav.transferSize : 0),
    time_origin: performance.timeOrigin,
  };
}"""

READY = "() => window.__bench !== undefined && window.__bench.ready !== undefined"
PAINTED = "() => window.__bench.card_painted !== undefined || !document.querySelector('#table')"
# The service worker controls the page and holds the snapshot (the file snapshot.json
# names): the next visit may use it.
PRECACHED = """async () => {
  try {
    if (!navigator.serviceWorker.controller) return false;
    const boot = new URL("static/boot/", document.baseURI);
    const manifest = await (await fetch(new URL("snapshot.json", boot))).json();
    return !!(await caches.match(new URL(manifest.snapshot.file, boot).href));
  } catch { return false; }
}"""


def launch(pw: Playwright) -> Browser:
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def open_profile(
    pw: Playwright, profile: str, foreign: list[str] | None = None, args: Sequence[str] = ()
) -> BrowserContext:
    """Chromium on a profile directory (a real HTTP cache, service workers, storage),
    the watch installed; requests to other hosts than localhost go to ``foreign``."""
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *args], headless=True
    )
    context.add_init_script(READY_WATCH)
    if foreign is not None:

        def check(url: str) -> None:
            if urlsplit(url).hostname not in {"127.0.0.1", "localhost"}:
                foreign.append(url)

        context.on("request", lambda request: check(request.url))
    return context


def first_page(context: BrowserContext) -> Page:
    return context.pages[0] if context.pages else context.new_page()


def wait_ready(page: Page | Frame, timeout_ms: float = BOOT_TIMEOUT_MS) -> None:
    page.wait_for_function(READY, timeout=timeout_ms)


def figures(page: Page | Frame) -> Visit:
    """This visit's figures, once ready (waits a moment for the frame painting a card)."""
    with suppress(PlaywrightTimeout):
        page.wait_for_function(PAINTED, timeout=5_000)
    found: Visit = page.evaluate(FIGURES)
    return found


def visit(page: Page, url: str, timeout_ms: float = BOOT_TIMEOUT_MS) -> Visit:
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    wait_ready(page, timeout_ms)
    return figures(page)


def wait_precached(page: Page | Frame, timeout_ms: float = PRECACHE_TIMEOUT_MS) -> float | None:
    """Ms after ready until the service worker controls the page and holds the snapshot
    (None: not within the timeout, e.g. no storage). Polled from here: wait_for_function
    does not await an async predicate (a Promise is truthy: it returns at once)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(PRECACHED):
        if time.monotonic() > deadline:
            return None
        page.wait_for_timeout(100)
    after: float = page.evaluate("performance.now() - window.__bench.ready")
    return after


# -- throttling --------------------------------------------------------------------------


@dataclass(frozen=True)
class Network:
    name: str
    latency_ms: float
    down_bps: float  # bits per second
    up_bps: float

    def __str__(self) -> str:
        return (
            f"{self.name}: {self.latency_ms:.0f} ms latency, {self.down_bps / 1e6:g} Mbit/s"
            f" down, {self.up_bps / 1e6:g} Mbit/s up"
        )


NETWORKS = (
    Network("desktop", 40, 10e6, 10e6),
    Network("slow 4G", 150, 1.6e6, 750e3),
)


def throttle(context: BrowserContext, page: Page, network: Network) -> CDPSession:
    """Throttle the page's own requests (Chromium DevTools Protocol, page-level: not the
    service worker's). Keep the session: it holds the throttling."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": network.latency_ms,
            "downloadThroughput": network.down_bps / 8,
            "uploadThroughput": network.up_bps / 8,
        },
    )
    return cdp


def throttle_cpu(context: BrowserContext, page: Page, rate: float) -> CDPSession:
    """Run the page ``rate`` times slower (DevTools Protocol
    Emulation.setCPUThrottlingRate; 4 stands in for a phone). Keep the session: it holds
    the throttling."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


# -- printing ------------------------------------------------------------------------------


def values(visits: Iterable[Visit], key: str) -> list[float]:
    return [v[key] for v in visits if isinstance(v.get(key), int | float)]


def median(visits: Iterable[Visit], key: str) -> float | None:
    found = values(visits, key)
    return statistics.median(found) if found else None


def row(label: str, found: Sequence[float], target: str = "", ok: bool | None = None) -> str:
    """label, median, min, max, target, verdict."""
    if not found:
        return f"{label:42} {'n/a':>8}"
    verdict = "" if ok is None else ("ok" if ok else "MISSED")
    return (
        f"{label:42} {statistics.median(found):8,.0f} {min(found):8,.0f} {max(found):8,.0f}"
        f"  {target} {verdict}".rstrip()
    )


def header(label: str = "ms from navigation start") -> str:
    return f"{label:42} {'median':>8} {'min':>8} {'max':>8}  target"


def at_most(found: Sequence[float], limit: float | None) -> bool | None:
    if not found or limit is None:
        return None
    return statistics.median(found) <= limit


def tally(visits: Iterable[Visit], key: str = "python") -> str:
    """'snapshot ×3, ordinary ×1': how often each value came up."""
    counts: dict[str, int] = {}
    for v in visits:
        counts[str(v.get(key))] = counts.get(str(v.get(key)), 0) + 1
    return ", ".join(f"{name} ×{n}" for name, n in counts.items())
