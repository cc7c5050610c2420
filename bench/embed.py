"""The game in a cross-site iframe: boot to ready inside it, first and return visit.

    python bench/embed.py [--runs 3] [--url-path "/?embed=1&game=whitehead&deal=1"]
                          [--identity]

The bench's server (bench/server.py: netlify.toml's headers, gzip bodies) serves both sites,
as tests/test_embed.py does: the host page http://localhost:PORT/__bench/host.html (no
headers of the game's; another site to the browser) embeds the game from
http://127.0.0.1:PORT/?embed=1 in an 800 x 600 iframe. Each run is a new chromium
profile on disk: the first visit, then chromium restarted on the same profile and the
host page loaded again (the return visit). Two modes (--mode), interleaved:

- unpartitioned: chromium as Playwright starts it, which turns third-party storage
  partitioning off: it then denies the iframe storage altogether, so the game boots on an
  in-memory IndexedDB (static/idb-guard.js) without a service worker, and a return visit
  has the HTTP cache only (itself keyed by the host's site);
- partitioned: that feature back on, as Chrome ships it: the iframe gets storage of its
  own, keyed by the host's site, so the service worker installs (the first visit waits for
  its precache, as bench/boot.py does) and a return visit may start from the snapshot.

What happened is printed with the times: dataset.python and dataset.storage of the game's
<html>, whether localStorage works, whether a service worker controls the frame, and what
registering one gave. Ready and the first card painted are on the iframe's own clock (zero at its
navigation start) and on the host's (zero at the host page's navigation start).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from typing import Any
from urllib.parse import quote, urlsplit

from kit import (
    BOOT_TIMEOUT_MS,
    Visit,
    figures,
    first_page,
    header,
    open_profile,
    row,
    tally,
    values,
    wait_precached,
    wait_ready,
)
from playwright.sync_api import Frame, Page, Playwright, sync_playwright
from server import serve, served_as

EMBED_PATH = "/?embed=1&game=whitehead&deal=1"
# Chromium's flags per mode. "partitioned": Playwright's own --disable-features less
# ThirdPartyStoragePartitioning (the last --disable-features given is the one that counts),
# and that feature turned on, as Chrome ships it.
MODES: dict[str, list[str]] = {
    "unpartitioned": [],
    "partitioned": [
        "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
        "MediaRouter,PaintHolding,OptimizationHints",
        "--enable-features=ThirdPartyStoragePartitioning",
    ],
}
EXPLAINED = {
    "unpartitioned": "chromium as Playwright starts it, third-party storage partitioning off:"
    " a cross-site iframe gets no storage",
    "partitioned": "third-party storage partitioning on (Chrome's default): the iframe gets"
    " storage of its own, keyed by the host's site",
}

# After ready, in the game's frame: its storage and service worker, a moment after pwa.js
# tried to register sw.js.
STORAGE = """async () => {
  let local = "works", worker = "none";
  try { void localStorage.length; } catch (e) { local = "denied"; }
  try {
    const r = await navigator.serviceWorker.getRegistration();
    if (r) worker = r.active ? "active" : r.installing ? "installing" : "waiting";
  } catch (e) { worker = `error (${e.name})`; }
  return {local_storage: local, registration: worker};
}"""


def game_frame(page: Page, origin: str) -> Frame:
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for frame in page.frames:
            if frame.url.startswith(origin + "/"):
                return frame
        page.wait_for_timeout(20)
    sys.exit("the game's iframe never appeared")


def embedded(page: Page, host: str, game: str, first: bool) -> Visit:
    page.goto(f"{host}/__bench/host.html?game={quote(game, safe='')}", wait_until="commit")
    frame = game_frame(page, f"{urlsplit(game).scheme}://{urlsplit(game).netloc}")
    wait_ready(frame)
    got = figures(frame)
    host_origin: float = page.evaluate("performance.timeOrigin")
    shift = got["time_origin"] - host_origin  # the frame's zero on the host's clock
    for key in ("ready", "card_painted"):
        got[f"host_{key}"] = got[key] + shift if got[key] is not None else None
    page.wait_for_timeout(1_000)  # pwa.js registers sw.js once ready: let it try
    state: dict[str, Any] = frame.evaluate(STORAGE)
    if first and state["registration"] in ("active", "installing", "waiting"):
        state["precached_after"] = wait_precached(frame, 60_000)  # storage: the snapshot next
    return got | state


def run(pw: Playwright, host: str, game: str, mode: str, foreign: list[str]) -> list[Visit]:
    out: list[Visit] = []
    with tempfile.TemporaryDirectory(prefix="embed-bench-") as profile:
        for n in range(2):
            context = open_profile(pw, profile, foreign, MODES[mode])
            out.append(embedded(first_page(context), host, game, n == 0))
            context.close()
    return out


def report(mode: str, runs: list[list[Visit]]) -> None:
    first, back = [r[0] for r in runs], [r[1] for r in runs]
    print()
    print(f"== {mode}: {EXPLAINED[mode]}")
    print(header())
    for label, visits in (("1st visit", first), ("return visit", back)):
        print(row(f"{label}: ready (iframe's clock)", values(visits, "ready")))
        print(row(f"{label}: ready (host's clock)", values(visits, "host_ready")))
        print(row(f"{label}: first card painted (iframe's)", values(visits, "card_painted")))
        print(row(f"{label}: first pile painted (iframe's)", values(visits, "pile_painted")))
    print(row("1st visit: precache done, ms after ready", values(first, "precached_after")))
    for label, visits in (("1st visit", first), ("return visit", back)):
        print(
            f"{label}: python {tally(visits)}; IndexedDB {tally(visits, 'storage')};"
            f" localStorage {tally(visits, 'local_storage')}; controlled by a service worker"
            f" {tally(visits, 'controlled')}; registration {tally(visits, 'registration')}"
        )
    kb = [v["bytes"] / 1e3 for v in back if v.get("bytes") is not None]
    print(f"return visit: {sum(kb) / max(len(kb), 1):,.0f} kB transferred before ready (mean)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="first and return visits (3)")
    parser.add_argument("--url-path", default=EMBED_PATH, help=f"in the iframe ({EMBED_PATH})")
    parser.add_argument("--mode", choices=[*MODES, "both"], default="both")
    parser.add_argument("--identity", action="store_true", help="send bodies uncompressed")
    args = parser.parse_args()
    modes = list(MODES) if args.mode == "both" else [args.mode]

    results: dict[str, list[list[Visit]]] = {mode: [] for mode in modes}
    foreign: list[str] = []
    with serve(compress=not args.identity) as origin, sync_playwright() as pw:
        host = origin.replace("127.0.0.1", "localhost")
        for i in range(args.runs):
            for mode in modes:  # interleaved
                results[mode].append(run(pw, host, origin + args.url_path, mode, foreign))
            print(f"  run {i + 1} of {args.runs} done", file=sys.stderr, flush=True)

    print(
        f"the game ({args.url_path}) in a cross-site iframe: host http://localhost:PORT,"
        f" game http://127.0.0.1:PORT; headless chromium, {args.runs} runs, a new profile each"
    )
    print(f"served with {served_as(not args.identity)}")
    for mode, runs in results.items():
        report(mode, runs)
    if foreign:
        print(f"WARNING: {len(foreign)} requests left the local servers: {foreign[:3]}")


if __name__ == "__main__":
    main()
