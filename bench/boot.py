"""Boot time: navigation start to a table that accepts input, in headless chromium.

    python bench/boot.py [--runs 5] [--url-path "/?game=whitehead&deal=1"]

Starts scripts/serve.py on a free port (the real headers of netlify.toml), then for each
run starts chromium on a new, empty profile (no HTTP cache: cold) and loads the page, then
loads it a second time in the same profile (HTTP cache warm, as a returning player's).
A real profile is used because an incognito context (--incognito) keeps its HTTP cache in
memory, where the 9.6 MB pyodide.asm.wasm does not fit: it would be fetched and compiled
again on every "warm" load. "ready" is the page's own clock
(performance.now(), whose zero is the navigation start) when <body data-ready="true"> is
set, seen by a MutationObserver installed before any page script; first paint and first
contentful paint come from the Paint Timing API. Milestones from Resource Timing show where
the time goes: the wasm fetched, the runtime up (PyScript starts fetching game/), main.py. Medians are printed with the issue's
targets; nothing is asserted (this 2-core machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 90_000
Figures = dict[str, list[Any]]

# Records the page's clock when Python marks the table ready (runs before any page script).
READY_WATCH = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""

# After ready: the figures of this load, in ms from navigation start (bytes: transfer size).
FIGURES = """() => {
  const paint = Object.fromEntries(
    performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const first = (pattern) => resources.find((e) => pattern.test(new URL(e.name).pathname));
  const wasm = first(/[.]wasm$/), files = first(/^[/]game[/]/), main = first(/^[/]main[.]py$/);
  return {
    ready: window.__readyAt,
    wasm_fetched: wasm ? wasm.responseEnd : null,
    runtime_up: files ? files.startTime : null,
    main_py_fetched: main ? main.responseEnd : null,
    first_paint: paint["first-paint"] ?? null,
    first_contentful_paint: paint["first-contentful-paint"] ?? null,
    dom_content_loaded: nav ? nav.domContentLoadedEventEnd : null,
    requests: resources.length + 1,
    bytes: resources.reduce((sum, e) => sum + e.transferSize, nav ? nav.transferSize : 0),
  };
}"""


@contextmanager
def serve(quiet: bool = False) -> Iterator[str]:
    """scripts/serve.py on a free port; yields its origin, 'http://127.0.0.1:N'.
    ``quiet`` drops its log (Lighthouse asks for robots.txt and source maps: 404s)."""
    if not (ROOT / "static" / "vendor").is_dir():
        sys.exit("static/vendor/ is missing: run `make vendor`")
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL if quiet else None,
        text=True,
    )
    assert proc.stdout is not None
    try:
        url = proc.stdout.readline().strip().rstrip("/")
        if not url.startswith("http://"):
            sys.exit(f"scripts/serve.py did not start (exit code {proc.wait()})")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()


def launch(pw: Playwright) -> Browser:
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def wait_ready(page: Page) -> None:
    page.wait_for_function("window.__readyAt !== undefined", timeout=BOOT_TIMEOUT_MS)


def load(page: Page, url: str) -> dict[str, Any]:
    page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
    wait_ready(page)
    figures: dict[str, Any] = page.evaluate(FIGURES)
    return figures


def measure(pw: Playwright, origin: str, path: str, runs: int, incognito: bool) -> Figures:
    """Per run: a cold load in a new profile, then a warm one in the same profile."""
    out: Figures = {"cold": [], "warm": [], "foreign": []}

    def watch(context: BrowserContext) -> Page:
        context.add_init_script(READY_WATCH)
        context.on(
            "request",
            lambda r: None if r.url.startswith(origin + "/") else out["foreign"].append(r.url),
        )
        return context.pages[0] if context.pages else context.new_page()

    browser = launch(pw) if incognito else None
    try:
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="boot-bench-") as profile:
                if browser is not None:
                    context = browser.new_context()
                else:
                    context = pw.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                    )
                page = watch(context)
                out["cold"].append(load(page, origin + path))
                out["warm"].append(load(page, origin + path))
                context.close()
    finally:
        if browser is not None:
            browser.close()
    return out


def median(samples: list[dict[str, Any]], key: str) -> float | None:
    values = [s[key] for s in samples if s.get(key) is not None]
    return statistics.median(values) if values else None


def row(label: str, samples: list[dict[str, Any]], key: str, target: float | None) -> str:
    values = [s[key] for s in samples if s.get(key) is not None]
    if not values:
        return f"{label:34} {'n/a':>8}"
    mid = statistics.median(values)
    verdict = "" if target is None else ("ok" if mid <= target else "OVER")
    goal = f"<= {target:,.0f}" if target is not None else ""
    return f"{label:34} {mid:8,.0f} {min(values):8,.0f} {max(values):8,.0f} {goal:>10}  {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold and warm loads each (5)")
    parser.add_argument("--url-path", default="/", help="page to load (/)")
    parser.add_argument(
        "--incognito", action="store_true", help="incognito contexts (in-memory HTTP cache)"
    )
    args = parser.parse_args()
    with serve() as origin, sync_playwright() as pw:
        got = measure(pw, origin, args.url_path, args.runs, args.incognito)
    cold, warm = got["cold"], got["warm"]
    where = "incognito contexts" if args.incognito else "a new profile per run"
    print(f"boot of {args.url_path} on localhost, headless chromium, {where}, {args.runs} runs")
    print(f"{'ms from navigation start':34} {'median':>8} {'min':>8} {'max':>8} {'target':>10}")
    print(row("cold: ready (data-ready)", cold, "ready", 3000))
    print(row("warm: ready (data-ready)", warm, "ready", 1500))
    print(row("cold: first paint", cold, "first_paint", 300))
    print(row("cold: first contentful paint", cold, "first_contentful_paint", 300))
    print(row("warm: first paint", warm, "first_paint", 300))
    print(row("warm: first contentful paint", warm, "first_contentful_paint", 300))
    print(row("cold: DOMContentLoaded", cold, "dom_content_loaded", None))
    for label, samples in (("cold", cold), ("warm", warm)):
        print(row(f"{label}: pyodide.asm.wasm fetched", samples, "wasm_fetched", None))
        print(row(f"{label}: runtime up (game/ fetched)", samples, "runtime_up", None))
        print(row(f"{label}: main.py fetched", samples, "main_py_fetched", None))
    mb = (median(cold, "bytes") or 0) / 1e6
    warm_mb = (median(warm, "bytes") or 0) / 1e6
    print(
        f"requests per load: {median(cold, 'requests'):.0f}; transferred: cold {mb:.1f} MB,"
        f" warm {warm_mb:.2f} MB"
    )
    if got["foreign"]:
        print(
            f"WARNING: {len(got['foreign'])} requests left the local server: {got['foreign'][:3]}"
        )


if __name__ == "__main__":
    main()
