"""Bytes over the network: a cold first load, then warm loads served by the service worker.

    python bench/transfer.py [--url-path "/?game=whitehead&deal=1"] [--runs 5]

Serves the repository with scripts/serve.py's handler (netlify.toml's headers) in this
process, counting every request and the bytes of every body it sends, then drives
chromium on a new profile on disk (a real HTTP cache, as a player's):

- cold: the first visit, until the table is ready; then the service worker's precache,
  which runs after that (static/pwa.js) and fetches what the page did not (PyScript's
  lazy chunks), or revalidates it.
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
import gzip
import importlib
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from boot import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, READY_WATCH
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import serve

ROOT = serve.ROOT
brotli: Any = importlib.import_module("brotli")  # untyped; pinned in requirements-dev.txt

SENT_AS_IS = (".png", ".zip")  # already compressed: Netlify does not compress them again


@dataclass
class Sent:
    path: str
    status: int
    size: int  # body bytes
    at: float  # ms since the epoch, when the request arrived


@dataclass
class Counter:
    sent: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, mark: int) -> list[Sent]:
        with self.lock:
            return self.sent[mark:]


@contextmanager
def counting_server() -> Iterator[tuple[str, Counter]]:
    counter = Counter()

    class Handler(serve.Handler):
        rules = serve.load_rules(ROOT / "netlify.toml")

        def send_response(self, code: int, message: str | None = None) -> None:
            self._code = code
            super().send_response(code, message)

        def send_head(self) -> Any:
            self._code = 0
            at = time.time() * 1000
            body = super().send_head()
            size = 0
            if body is not None:
                size = os.fstat(body.fileno()).st_size
            with counter.lock:
                counter.sent.append(Sent(unquote(urlsplit(self.path).path), self._code, size, at))
            return body

    server = serve.Server(("127.0.0.1", 0), partial(Handler, directory=str(ROOT)))
    serve.fresh_sw(ROOT)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", counter
    finally:
        server.shutdown()
        server.server_close()


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


def controlled(page: Page) -> None:
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS
    )


def open_profile(pw: Playwright, profile: str) -> BrowserContext:
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    context.add_init_script(READY_WATCH)
    return context


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url-path", default="/?game=whitehead&deal=1")
    parser.add_argument("--runs", type=int, default=5, help="warm offline boots (5)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing: run `make chromium`")

    rows: list[str] = []
    boots: list[float] = []
    with (
        counting_server() as (origin, counter),
        sync_playwright() as pw,
        tempfile.TemporaryDirectory(prefix="transfer-bench-") as profile,
    ):
        url = origin + args.url_path
        context = open_profile(pw, profile)
        page = context.pages[0]
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        cold_ready = ready(page)
        controlled(page)
        page.wait_for_timeout(500)  # the precache's last responses
        ready_at: float = page.evaluate("performance.timeOrigin + window.__readyAt")
        boot = [s for s in counter.since(0) if s.at <= ready_at]
        after = [s for s in counter.since(0) if s.at > ready_at]
        rows += [
            row("cold: first visit, to ready", boot),
            row("cold: precache (after ready)", after),
            row("cold: total", boot + after),
        ]
        largest = sorted(boot + after, key=lambda s: -s.size)[:5]

        mark = counter.mark()
        page.reload(wait_until="commit")
        ready(page)
        tab = context.new_page()
        tab.goto(origin + "/?game=linus&deal=2", wait_until="commit")
        ready(tab)
        rows.append(row("warm: reload + a new tab (online)", counter.since(mark)))
        context.close()

        context = open_profile(pw, profile)  # chromium restarted, same profile
        page = context.pages[0]
        mark = counter.mark()
        page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        ready(page)
        page.wait_for_timeout(500)
        rows.append(row("warm: chromium restarted (online)", counter.since(mark)))

        context.set_offline(True)
        mark = counter.mark()
        for _ in range(args.runs):
            page.reload(wait_until="commit")
            boots.append(ready(page))
        rows.append(row(f"warm: {args.runs} offline reloads", counter.since(mark)))
        context.close()

    print(f"transfer of {args.url_path}, local server with netlify.toml's headers, chromium")
    print(f"{'':36} {'reqs':>5} {'raw MB':>9} {'gzip MB':>9} {'br-5 MB':>9} {'br-11 MB':>9}")
    for line in rows:
        print(line)
    print(f"cold: ready at {cold_ready:,.0f} ms; largest files:")
    for s in largest:
        g, _, b11 = compressed(s.path)
        print(f"  {s.path:52} {s.size / 1e6:7.3f} MB (gzip {g / 1e6:.3f}, br-11 {b11 / 1e6:.3f})")
    print(
        f"warm offline boot, navigation start to ready: median {statistics.median(boots):,.0f} ms"
        f" (min {min(boots):,.0f}, max {max(boots):,.0f}, {len(boots)} runs)"
    )


if __name__ == "__main__":
    main()
