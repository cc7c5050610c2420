"""What the languages cost: bytes shipped, and time at start-up, per language.

    python bench/languages.py [--runs 3]

Bytes: the catalogs compiled into python.zip (game/locale/*.mo, deflated as stored), the
first paint's words in static/boot/tables.js (the page's messages, the tables' labels and
the welcome of every language: the whole file is a blocking script of the page's head,
so it is given raw, gzip- and brotli-compressed, with and without them), and the offline
page's words in sw.js.

Time, natively (CPython here): reading a catalog (i18n.set_language: the .mo parsed).
In headless chromium (the bench's server; one profile, the service worker and the memory
snapshot in place first, as a return visit has them), per language: ready (the page's
clock when a card can be moved), the first frame painting a card, Python's
`solitaire: language` measure (its catalog read and Intl set up) and the first paint's
translation of the page's markup (self.solitaireTranslateMs, static/paint.js). Medians of
--runs visits; printed, never asserted (this 2-core machine is shared and noisy). Move
latency per language: bench/latency.py --lang and bench/interactions.py --lang.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from kit import first_page, open_profile, visit, wait_precached
from playwright.sync_api import sync_playwright
from server import serve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import i18n  # noqa: E402

brotli: Any = importlib.import_module("brotli")  # untyped; pinned in requirements-dev.txt
LANGS = ("en", "de", "fr", "pl", i18n.PSEUDO)


def sizes(data: bytes) -> str:
    gz = len(gzip.compress(data, 9))
    br = len(brotli.compress(data, quality=11))
    return f"{len(data) / 1e3:7.1f} kB raw {gz / 1e3:6.1f} kB gzip {br / 1e3:6.1f} kB brotli"


def shipped_bytes() -> None:
    print("bytes shipped")
    with zipfile.ZipFile(ROOT / "static/boot/python.zip") as z:
        mo = [i for i in z.infolist() if i.filename.startswith("game/locale/")]
        total = sum(i.file_size for i in z.infolist())
        print(
            f"  python.zip catalogs ({len(mo)} .mo): {sum(i.file_size for i in mo) / 1e3:.1f} kB,"
            f" {sum(i.compress_size for i in mo) / 1e3:.1f} kB deflated"
            f" (of {total / 1e6:.2f} MB inflated)"
        )
    text = (ROOT / "static/boot/tables.js").read_text()
    head, _, body = text.partition("=")
    data = json.loads(body.strip().rstrip(";"))
    bare = {k: v for k, v in data.items() if k not in ("words", "languages")}
    english = head + "= " + json.dumps(bare, indent=1) + ";\n"
    print(f"  tables.js, all languages: {sizes(text.encode())}")
    print(f"  tables.js, English only:  {sizes(english.encode())}")
    for code, words in data["words"].items():
        part = json.dumps(words, ensure_ascii=False).encode()
        print(f"    {code:6} words: {len(part) / 1e3:5.1f} kB raw ({len(words['page'])} messages)")
    sw = (ROOT / "sw.js").read_text()
    start = sw.index("const WORDS = ")
    words = sw[start : sw.index(";\n", start)].encode()
    print(f"  sw.js offline page words: {sizes(words)}")


def native_times() -> None:
    print("reading a catalog natively (CPython 3.11; i18n.set_language), median of 20")
    for code in LANGS:
        spent = []
        for _ in range(20):
            began = time.perf_counter()
            i18n.set_language(code)
            spent.append((time.perf_counter() - began) * 1000)
        print(f"  {code:6} {statistics.median(spent):6.2f} ms")
    i18n.set_language(i18n.ENGLISH)


MEASURES = """() => ({
  language: (performance.getEntriesByName('solitaire: language', 'measure')[0] || {}).duration ?? null,
  translate: self.solitaireTranslateMs ?? null,
  lang: document.documentElement.lang,
})"""


def browser_times(runs: int) -> None:
    print(f"a return visit per language, headless chromium, median of {runs} (ms)")
    print(f"  {'lang':6} {'ready':>7} {'card':>7} {'python':>7} {'markup':>7}")
    with (
        serve(quiet=True) as origin,
        sync_playwright() as pw,
        tempfile.TemporaryDirectory() as profile,
    ):
        context = open_profile(pw, profile)
        page = first_page(context)
        visit(page, f"{origin}/?game=whitehead&deal=1")
        if wait_precached(page) is None:
            sys.exit("the service worker never held the snapshot")
        for code in LANGS:
            found: list[dict[str, float]] = []
            for _ in range(runs + 1):  # the first: its language's first visit, not counted
                figures = visit(page, f"{origin}/?game=whitehead&deal=1&lang={code}")
                extra = page.evaluate(MEASURES)
                assert extra["lang"] == code, extra
                found.append({**extra, "ready": figures["ready"], "card": figures["card_painted"]})
            row = [statistics.median(f[k] for f in found[1:]) for k in ("ready", "card")]
            row += [
                statistics.median(f[k] or 0.0 for f in found[1:]) for k in ("language", "translate")
            ]
            print(f"  {code:6} " + " ".join(f"{v:7.1f}" for v in row))
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    shipped_bytes()
    native_times()
    browser_times(args.runs)


if __name__ == "__main__":
    main()
