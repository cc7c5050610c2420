"""Boot over throttled networks: first and return visits, bare Pyodide, the snapshot's cost.

    python bench/throttled.py [--runs N] [--network desktop|slow-4g|both] [--identity]
                              [--url-path "/?game=whitehead&deal=1"]

The bench's server (bench/server.py: netlify.toml's headers, bodies gzip-compressed as a
compressing host would send them, `--identity` for none), and chromium's network throttled
through the DevTools Protocol (Network.emulateNetworkConditions on the page's session):

- desktop: 40 ms latency, 10 Mbit/s down and up;
- slow 4G: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up.

That throttles the page's own requests: the navigation, its scripts, the wasm, python.zip.
Not the service worker's: its precache after ready runs at full speed (its time is
printed), and a return visit is answered by the worker from CacheStorage, which no
network throttling touches (only the browser's update check of sw.js goes out).

Runs: 2 on desktop and 1 on slow 4G unless --runs says (a slow 4G run takes 1.5 minutes,
its figures are mostly the link's). Per network and run: the game's first visit (a new profile), its return visit (the same
profile, chromium restarted, once the worker controls it and holds the snapshot), and bare
Pyodide's first visit (bench/pages/bare.html, a profile of its own). Then the snapshot's
cost to a first visit: the snapshot as shipped (snapshot.json's snapshot.packed) fetched
from a fresh page under the same throttling (cache: 'no-store'), and the comparison that
decides whether a first visit should download it: the ordinary first visit's ready against
the snapshot's download plus its boot (the return visit's ready: a lower bound), and
against an estimate of a first visit that downloads everything it does now plus the
snapshot over the same link, then boots from it. Printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from typing import Any

from kit import (
    BARE_PATH,
    GAME_PATH,
    NETWORKS,
    Network,
    Visit,
    at_most,
    first_page,
    header,
    launch,
    median,
    open_profile,
    row,
    tally,
    throttle,
    values,
    visit,
    wait_precached,
)
from playwright.sync_api import Playwright, sync_playwright
from server import serve, served_as

DEFAULT_RUNS = {"desktop": 2, "slow 4G": 1}
TIMEOUT_MS = 300_000  # a first visit over slow 4G takes about half a minute
# In a page of the site: the snapshot as shipped (snapshot.json's snapshot.packed: gzipped;
# the service worker keeps it inflated) downloaded as a first visit would (no cache at all).
DOWNLOAD = """async () => {
  const boot = new URL("/static/boot/", location.href);
  const manifest = await (await fetch(new URL("snapshot.json", boot))).json();
  const url = new URL(manifest.snapshot.packed.file, boot).href;
  const start = performance.now();
  const body = await (await fetch(url, {cache: "no-store"})).arrayBuffer();
  const ms = performance.now() - start;
  const entry = performance.getEntriesByName(url).pop();
  return {ms, file: manifest.snapshot.packed.file, bytes: body.byteLength,
          encoded: entry ? entry.encodedBodySize : null};
}"""


def game_run(pw: Playwright, url: str, network: Network, foreign: list[str]) -> list[Visit]:
    out: list[Visit] = []
    with tempfile.TemporaryDirectory(prefix="throttled-bench-") as profile:
        for n in range(2):
            context = open_profile(pw, profile, foreign)
            page = first_page(context)
            cdp = throttle(context, page, network)
            got = visit(page, url, TIMEOUT_MS)
            if n == 0:
                got["precached_after"] = wait_precached(page)
            out.append(got)
            cdp.detach()
            context.close()
    return out


def bare_run(pw: Playwright, url: str, network: Network, foreign: list[str]) -> Visit:
    with tempfile.TemporaryDirectory(prefix="throttled-bench-bare-") as profile:
        context = open_profile(pw, profile, foreign)
        page = first_page(context)
        throttle(context, page, network)
        got = visit(page, url, TIMEOUT_MS)
        context.close()
    return got


def download(pw: Playwright, origin: str, network: Network) -> dict[str, Any]:
    """The snapshot fetched from a fresh page (incognito: no cache, no worker)."""
    browser = launch(pw)
    try:
        context = browser.new_context()
        page = context.new_page()
        page.goto(origin + "/static/boot/snapshot.json")  # a page of the site, unthrottled
        throttle(context, page, network)
        got: dict[str, Any] = page.evaluate(DOWNLOAD)
        context.close()
    finally:
        browser.close()
    return got


def report(
    network: Network,
    game: list[list[Visit]],
    bare: list[Visit],
    downloads: list[dict[str, Any]],
) -> None:
    first, back = [run[0] for run in game], [run[1] for run in game]
    print()
    print(f"== {network}")
    print(header())
    b1 = median(bare, "ready")
    ready = values(first, "ready")
    print(row("game 1st visit: ready", ready, f"<= bare 1st ({b1 or 0:,.0f})", at_most(ready, b1)))
    print(row("game 1st: first card painted", values(first, "card_painted")))
    print(row("game 1st: first pile painted", values(first, "pile_painted")))
    print(row("game 1st: first contentful paint", values(first, "first_contentful_paint")))
    print(row("game 1st: pyodide.asm.wasm fetched", values(first, "wasm_fetched")))
    print(row("game return visit: ready", values(back, "ready")))
    print(row("game return: first card painted", values(back, "card_painted")))
    print(row("game return: first contentful paint", values(back, "first_contentful_paint")))
    print(row("bare Pyodide 1st visit: ready", values(bare, "ready")))
    print(row("bare 1st: first contentful paint", values(bare, "first_contentful_paint")))
    print(row("game 1st: precache done, ms after ready", values(first, "precached_after")))
    print(f"python: 1st visit {tally(first)}; return visit {tally(back)}")
    print(f"controlled by sw.js at ready: return visit {tally(back, 'controlled_at_ready')}")
    gz_first = median(first, "bytes") or 0.0
    print(
        f"transferred before ready (the page's transfer sizes): game 1st {gz_first / 1e6:.2f} MB,"
        f" return {(median(back, 'bytes') or 0) / 1e3:.0f} kB,"
        f" bare 1st {(median(bare, 'bytes') or 0) / 1e6:.2f} MB"
    )

    snap_ms = [d["ms"] for d in downloads]
    raw = downloads[0]["bytes"]
    encoded = downloads[0]["encoded"] or raw
    print(row(f"{downloads[0]['file']} download ({encoded / 1e6:.1f} MB sent)", snap_ms))
    ordinary = median(first, "ready")
    restore = median(back, "ready")
    if ordinary is None or restore is None or not snap_ms:
        print("  (no decision: a visit did not finish)")
        return
    fetch = sorted(snap_ms)[len(snap_ms) // 2]
    lower = fetch + restore
    rate = network.down_bps / 8 / 1e3  # bytes per ms
    estimate = (gz_first + encoded) / rate + restore
    print("should a first visit download the snapshot? (ms)")
    print(f"  ordinary first visit, to ready:                          {ordinary:8,.0f}")
    print(
        f"  snapshot download alone + snapshot boot (return visit):  {lower:8,.0f}"
        f"  ({fetch:,.0f} + {restore:,.0f}; a lower bound)"
    )
    print(
        f"  estimate: {(gz_first + encoded) / 1e6:.1f} MB (what a first visit fetches now + the"
        f" snapshot) at {network.down_bps / 1e6:g} Mbit/s + snapshot boot: {estimate:8,.0f}"
    )
    if encoded < raw:
        uncompressed = (gz_first + raw) / rate + restore
        print(
            f"  the same with the snapshot sent uncompressed ({raw / 1e6:.1f} MB; a host may not"
            f" compress application/octet-stream): {uncompressed:,.0f}"
        )
    if ordinary <= lower:
        verdict = "no: the ordinary boot is sooner than even the lower bound"
    elif ordinary > estimate:
        verdict = "yes: the snapshot would be sooner even by the estimate"
    else:
        verdict = (
            "not clearly: the ordinary boot is later than the lower bound, sooner than the"
            " estimate (the snapshot would share the link with everything else)"
        )
    print(f"  a first visit should download the snapshot? {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, help="per network (desktop 2, slow 4G 1)")
    parser.add_argument("--network", choices=["desktop", "slow-4g", "both"], default="both")
    parser.add_argument("--url-path", default=GAME_PATH, help=f"the game's page ({GAME_PATH})")
    parser.add_argument("--identity", action="store_true", help="send bodies uncompressed")
    args = parser.parse_args()
    networks = [n for n in NETWORKS if args.network in ("both", n.name.replace(" ", "-").lower())]

    foreign: list[str] = []
    results: list[tuple[Network, list[list[Visit]], list[Visit], list[dict[str, Any]]]] = []
    with serve(compress=not args.identity) as origin, sync_playwright() as pw:
        for network in networks:
            game: list[list[Visit]] = []
            bare: list[Visit] = []
            downloads: list[dict[str, Any]] = []
            runs = args.runs or DEFAULT_RUNS[network.name]
            for i in range(runs):
                game.append(game_run(pw, origin + args.url_path, network, foreign))
                bare.append(bare_run(pw, origin + BARE_PATH, network, foreign))
                downloads.append(download(pw, origin, network))
                print(f"  {network.name}: run {i + 1} of {runs} done", file=sys.stderr)
            results.append((network, game, bare, downloads))

    counts = ", ".join(f"{len(r[1])} on {r[0].name}" for r in results)
    print(f"boot of {args.url_path} over throttled networks, headless chromium; runs: {counts}")
    print(f"served with {served_as(not args.identity)}")
    print(
        "throttled: the page's own requests (CDP Network.emulateNetworkConditions on its"
        " session); not the service worker's fetches (its precache ran at full speed), and"
        " a return visit comes from CacheStorage"
    )
    for network, game, bare, downloads in results:
        report(network, game, bare, downloads)
    if foreign:
        print(f"WARNING: {len(foreign)} requests left the local server: {foreign[:3]}")


if __name__ == "__main__":
    main()
