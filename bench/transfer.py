"""Bytes over the network: a cold first load, then warm loads served by the service worker.

    python bench/transfer.py [--url-path "/?game=whitehead&deal=1"] [--runs 5]

Serves the repository with the bench's server (bench/server.py: scripts/serve.py's handler,
netlify.toml's headers; bodies uncompressed here) in this process, counting every request
and the bytes of every body it sends, then drives chromium on a new profile on disk (a real
HTTP cache, as a player's):

- cold: the first visit, until the table is ready (<body data-ready="true">): the requests
  the page itself started before ready, on its own clock (its navigation and Resource
  Timing entries), and the browser's own (favicon, manifest) that reached the server before
  ready and before sw.js; then everything after ready: the service worker's precache
  (static/pwa.js registers it once the table is ready), which fetches what the page did
  not (the memory snapshot, PyScript's lazy chunks) or revalidates it.
- compressed: each file sent, compressed as Netlify would send it (gzip level 6, brotli
  at a CDN's on-the-fly level 5 and at the maximum 11), except PNG and zip, which are
  compressed already and sent as they are.
- warm: the page reloaded, a new tab, and chromium restarted on the same profile: all
  answered by the service worker (target 0 bytes; the browser may ask for sw.js to see
  whether a new version is out, which is the update check, a few kB).
- warm offline boot: the context offline, the page reloaded `--runs` times; navigation
  start to <body data-ready="true"> (median).

Printed, never asserted.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import importlib
import statistics
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from kit import BOOT_TIMEOUT_MS, CHROMIUM, open_profile, wait_precached
from playwright.sync_api import Page, sync_playwright
from server import ROOT, SENT_AS_IS, Sent, SentLog, serving

brotli: Any = importlib.import_module("brotli")  # untyped; pinned in requirements-dev.txt
TARGET_GZIP_MB = 4.5  # issue #11: a first visit, before ready

# After ready: the paths of every request the page itself started before ready (its
# navigation and Resource Timing entries, on the page's own clock).
BEFORE_READY = """() => {
  const ready = window.__readyAt;
  const path = (url) => decodeURIComponent(new URL(url).pathname);
  const nav = performance.getEntriesByType("navigation")[0];
  const early = performance.getEntriesByType("resource").filter((e) => e.startTime <= ready);
  return [path(nav.name), ...early.map((e) => path(e.name))];
}"""


def split_at_ready(
    sent: list[Sent], page: list[str], ready_at: float
) -> tuple[list[Sent], list[Sent]]:
    """The server's responses of a first visit: (before ready, after). Before: those the
    page's own timeline lists before ready (matched by path, in order), and the browser's
    own requests that Resource Timing does not list (the favicon, the manifest) if they
    arrived before ready and before sw.js was asked for (the service worker is registered
    after ready: everything from it is after)."""
    wanted = collections.Counter(page)
    before: list[Sent] = []
    after: list[Sent] = []
    registered = False
    for s in sent:
        registered = registered or s.path == "/sw.js"
        if wanted[s.path] > 0:
            wanted[s.path] -= 1
            before.append(s)
        elif not registered and s.at <= ready_at:
            before.append(s)
        else:
            after.append(s)
    return before, after


@cache
def compressed(path: str) -> tuple[int, int, int]:
    """(gzip -6, brotli -5, brotli -11) sizes of a file as sent, by URL path."""
    name = "index.html" if path.endswith("/") else path.lstrip("/")
    data = (ROOT / name).read_bytes()
    if name.endswith(SENT_AS_IS):
        return len(data), len(data), len(data)
    return (
        len(gzip.compress(data, compresslevel=6, mtime=0)),
        len(brotli.compress(data, quality=5)),
        len(brotli.compress(data, quality=11)),
    )


def totals(sent: list[Sent]) -> tuple[int, int, int, int, int]:
    """(requests, raw, gzip, brotli 5, brotli 11) bytes of bodies; 304s count 0."""
    raw = gz = br5 = br11 = 0
    for s in sent:
        if s.status == 200 and s.size:
            raw += s.size
            g, b5, b11 = compressed(s.path)
            gz, br5, br11 = gz + g, br5 + b5, br11 + b11
    return len(sent), raw, gz, br5, br11


def row(label: str, sent: list[Sent]) -> str:
    n, raw, gz, br5, br11 = totals(sent)
    mb = [f"{v / 1e6:9.3f}" for v in (raw, gz, br5, br11)]
    codes = sorted({int(s.status) for s in sent})
    return f"{label:36} {n:5} {' '.join(mb)}   HTTP {codes}"


def ready(page: Page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=BOOT_TIMEOUT_MS)
    at: float = page.evaluate("window.__readyAt")
    return at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-path", default="/?game=whitehead&deal=1")
    parser.add_argument("--runs", type=int, default=5, help="warm offline boots (5)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")

    rows: list[str] = []
    boots: list[float] = []
    log = SentLog()
    with (
        serving(compress=False, log=log) as (origin, _),
        sync_playwright() as pw,
        tempfile.TemporaryDirectory(prefix="transfer-bench-") as profile,
    ):
        url = origin + args.url_path
        context = open_profile(pw, profile)
        page = context.pages[0]
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        cold_ready = ready(page)
        early: list[str] = page.evaluate(BEFORE_READY)
        ready_at: float = page.evaluate("performance.timeOrigin + window.__readyAt")
        precached = wait_precached(page)  # sw.js installed: its precache is complete
        page.wait_for_timeout(500)  # the page's own requests after ready, if any
        boot, after = split_at_ready(log.since(0), early, ready_at)
        rows += [
            row("cold: first visit, to ready", boot),
            row("cold: after ready (precache, ...)", after),
            row("cold: total", boot + after),
        ]
        largest = sorted(boot + after, key=lambda s: -s.size)[:5]

        mark = log.mark()
        page.reload(wait_until="commit")
        ready(page)
        tab = context.new_page()
        tab.goto(origin + "/?game=linus&deal=2", wait_until="commit")
        ready(tab)
        rows.append(row("warm: reload + a new tab (online)", log.since(mark)))
        context.close()

        context = open_profile(pw, profile)  # chromium restarted, same profile
        page = context.pages[0]
        mark = log.mark()
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        ready(page)
        python = page.evaluate("document.documentElement.dataset.python")
        page.wait_for_timeout(500)
        rows.append(row("warm: chromium restarted (online)", log.since(mark)))

        context.set_offline(True)
        mark = log.mark()
        for _ in range(args.runs):
            page.reload(wait_until="commit")
            boots.append(ready(page))
        rows.append(row(f"warm: {args.runs} offline reloads", log.since(mark)))
        context.close()

    print(f"transfer of {args.url_path}, local server with netlify.toml's headers, chromium")
    print(f"{'':36} {'reqs':>5} {'raw MB':>9} {'gzip MB':>9} {'br-5 MB':>9} {'br-11 MB':>9}")
    for line in rows:
        print(line)
    gz = totals(boot)[2] / 1e6
    verdict = "ok" if gz <= TARGET_GZIP_MB else "MISSED"
    print(
        f"first visit before ready: {gz:.2f} MB gzip (target <= {TARGET_GZIP_MB} MB) {verdict};"
        f" {len(boot)} requests: the page's own before ready (Resource Timing), and the"
        " browser's before ready and before sw.js"
    )
    done = "never" if precached is None else f"{precached:,.0f} ms after ready"
    print(f"cold: ready at {cold_ready:,.0f} ms; precache done (snapshot cached) {done}")
    print(f"warm (chromium restarted): python started from {python!r}; largest files:")
    for s in largest:
        g, _, b11 = compressed(s.path)
        print(f"  {s.path:52} {s.size / 1e6:7.3f} MB (gzip {g / 1e6:.3f}, br-11 {b11 / 1e6:.3f})")
    print(
        f"warm offline boot, navigation start to ready: median {statistics.median(boots):,.0f} ms"
        f" (min {min(boots):,.0f}, max {max(boots):,.0f}, {len(boots)} runs)"
    )


if __name__ == "__main__":
    main()
