"""Solver benchmark: how many deals the solver decides (won or proven lost), and how fast.

    python bench/solver.py                                   # quick: deals 1-20, 5 s each
    python bench/solver.py --deals 1-200 --seconds 10        # the issue's full benchmark
    python bench/solver.py --game linus --deals 1-50 --out linus.jsonl
    python bench/solver.py --deals 1-10 --seconds 3 --pyodide 3

For each game (or --game), solve() runs on every deal of --deals with --seconds each, in
CPython, and prints won / lost / unknown counts, the decided share against the issue's
targets (Whitehead >= 98 %, the others >= 90 %, at 10 s a deal over deals 1-200), the
median, p90 and max time per deal (over all deals: an unknown one counts its whole budget),
nodes per second (all nodes over all time), and peak memory.

Both cores are used: each game's deals are split (interleaved) among --jobs worker
processes, run at most --jobs at a time, slow games first. Peak memory is each worker's own
peak resident set size, resource.getrusage(RUSAGE_SELF).ru_maxrss, read when its last deal
is done (the interpreter's ~10 MB included); a game's figure is the largest of its workers.
The search's tables are freed between deals, so this is the peak of the hungriest deal.
--out FILE writes one JSON line per deal (with the winning line), as `python -m game solve`.

--pyodide N (default 2, 0 to skip) then measures the solver in the browser: the first N
deals of each game, in headless chromium (the bench's server, bench/server.py, and
tests/pyodide/solver.html, which starts Python exactly as the page does, through
static/start.mjs: the vendored Pyodide on static/boot/python.zip, game/ inside it). Each
deal runs the portfolio's three kinds of search one after the other, depth-first (Search),
best-first (BestFirst) and restarted dives (Restarts), each for --pyodide-seconds / 3;
CPython then runs the same searches with the node counts Pyodide reached as their budgets.
The searches are deterministic, so both sides do exactly the same work (checked: same nodes,
same result), and the ratio of nodes per second, Pyodide / CPython, is the browser's speed.

Figures only, nothing is asserted: this 2-core machine is shared and its timings are noisy.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game

ROOT = Path(__file__).resolve().parent.parent

TARGETS = {"whitehead": 98.0, "blind-alleys": 90.0, "linus": 90.0, "unlimited": 90.0}
SLOW_FIRST = ["linus", "unlimited", "blind-alleys", "whitehead"]
PAGE = "/tests/pyodide/solver.html"
PYODIDE_TIMEOUT_MS = 120_000
Row = dict[str, Any]


def deal_range(text: str) -> range:
    first, sep, last = text.partition("-")
    try:
        a, b = int(first), int(last) if sep else int(first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal range like 1-200") from None
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"{text!r} is not a deal range like 1-200")
    return range(a, b + 1)


# -- CPython: the workers ------------------------------------------------------------------


def worker(name: str, deals: list[int], seconds: float) -> None:
    """Solve the deals, one JSON line each, then this process's peak memory."""
    from game.solver import solve

    for deal in deals:
        result = solve(game.new_game(name, deal), seconds=seconds)
        row = {"game": name, "deal": deal, **result.as_dict()}
        row["seconds"] = result.seconds
        if result.result == "unknown":
            row["reason"] = getattr(result, "reason", "")
        print(json.dumps(row), flush=True)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kB on Linux
    print(json.dumps({"game": name, "maxrss_kb": peak_kb}), flush=True)


def run_task(
    name: str, deals: list[int], seconds: float, on_row: Callable[[Row], None]
) -> tuple[list[Row], int]:
    """One worker process: its rows, and its peak memory in kB."""
    cmd = [sys.executable, __file__, "--worker", name, "--deal-list", ",".join(map(str, deals))]
    proc = subprocess.Popen(
        [*cmd, "--seconds", str(seconds)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert proc.stdout is not None
    rows: list[Row] = []
    peak = 0
    for line in proc.stdout:
        row = json.loads(line)
        if "maxrss_kb" in row:
            peak = int(row["maxrss_kb"])
        else:
            rows.append(row)
            on_row(row)
    proc.stdout.close()
    if proc.wait() != 0:
        sys.exit(f"the worker for {name} failed (exit code {proc.returncode})")
    return rows, peak


def run_all(
    games: list[str], deals: range, seconds: float, jobs: int, verbose: bool
) -> dict[str, tuple[list[Row], int]]:
    """Every game's deals, split among ``jobs`` workers at a time; rows in deal order."""
    parts = max(1, jobs)
    tasks = [(name, list(deals[i::parts])) for name in games for i in range(parts)]
    tasks = [(name, ds) for name, ds in tasks if ds]
    lock = threading.Lock()
    done = [0]
    total = len(games) * len(deals)

    def on_row(row: Row) -> None:
        with lock:
            done[0] += 1
            if verbose:
                print(
                    f"  [{done[0]}/{total}] {row['game']} {row['deal']}: {row['result']}"
                    f" in {row['seconds']:.2f} s, {row['nodes']:,} nodes",
                    file=sys.stderr,
                    flush=True,
                )

    with ThreadPoolExecutor(max_workers=parts) as pool:
        futures = [(name, pool.submit(run_task, name, ds, seconds, on_row)) for name, ds in tasks]
        out: dict[str, tuple[list[Row], int]] = {name: ([], 0) for name in games}
        for name, future in futures:
            rows, peak = future.result()
            got, was = out[name]
            out[name] = (got + rows, max(was, peak))
    return {
        name: (sorted(rows, key=lambda r: r["deal"]), peak) for name, (rows, peak) in out.items()
    }


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile (p90 of 200 values: the 180th smallest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def report(results: dict[str, tuple[list[Row], int]], seconds: float) -> None:
    print(
        f"{'game':13} {'deals':>5} {'won':>4} {'lost':>4} {'unkn':>4} {'decided':>8} "
        f"{'target':>7}      {'median':>7} {'p90':>7} {'max':>7} {'nodes/s':>8} {'peak MB':>7}"
    )
    for name, (rows, peak_kb) in results.items():
        count = {k: sum(r["result"] == k for r in rows) for k in ("won", "lost", "unknown")}
        times = [float(r["seconds"]) for r in rows]
        nodes = sum(int(r["nodes"]) for r in rows)
        decided = 100 * (count["won"] + count["lost"]) / len(rows)
        target = TARGETS.get(name)
        verdict = "" if target is None else ("ok" if decided >= target else "BELOW")
        print(
            f"{name:13} {len(rows):5} {count['won']:4} {count['lost']:4} {count['unknown']:4} "
            f"{decided:7.1f}% {f'>= {target:.0f}%' if target else '':>7} {verdict:5} "
            f"{statistics.median(times):6.2f}s {percentile(times, 90):6.2f}s "
            f"{max(times):6.2f}s {nodes / max(sum(times), 1e-9):8,.0f} {peak_kb / 1024:7.0f}"
        )
        memory = [r["deal"] for r in rows if r.get("reason") == "memory"]
        if memory:
            print(f"{'':13} unknown for memory (the position bound), deals: {memory}")
    print(
        f"{seconds:g} s a deal; times are per deal (an unknown deal counts its whole budget);"
        " peak MB: a worker's peak resident set (ru_maxrss)"
    )


# -- Pyodide against CPython ------------------------------------------------------------------


def measure(name: str, deal: int, seconds: float, budgets: list[int] | None) -> list[Row]:
    """Run depth-first, best-first and dives on a deal: for ``seconds`` each, or (``budgets``)
    for exactly these node counts. The same source runs in CPython and in Pyodide."""
    import time

    import game
    from game.solver import BestFirst, Restarts, Search

    out = []
    for i, kind in enumerate((Search, BestFirst, Restarts)):
        began = time.perf_counter()
        search = kind(game.new_game(name, deal))
        if budgets is None:
            result = search.run(nodes=10**12, seconds=seconds)
        else:
            result = search.run(nodes=budgets[i], seconds=3600.0)
        out.append(
            {
                "search": kind.__name__,
                "result": "unknown" if result is None else result.result,
                "nodes": search.nodes,
                "seconds": time.perf_counter() - began,
            }
        )
    return out


def pyodide_ratio(games: list[str], count: int, seconds: float) -> None:
    from kit import launch
    from playwright.sync_api import sync_playwright
    from server import serve

    source = inspect.getsource(measure)
    print(
        f"\nPyodide (headless chromium, plain Pyodide) against CPython: deals 1-{count},"
        f" depth-first, best-first and dives, {seconds / 3:g} s each in Pyodide, the same nodes"
        " in CPython"
    )
    totals: dict[str, list[float]] = {"py": [0, 0], "c": [0, 0]}
    with serve() as origin, sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        foreign: list[str] = []
        page.on(
            "request", lambda r: None if r.url.startswith(origin + "/") else foreign.append(r.url)
        )
        began = time.perf_counter()
        page.goto(origin + PAGE)
        page.wait_for_function(
            "['ready', 'error'].includes(document.body.dataset.state)", timeout=PYODIDE_TIMEOUT_MS
        )
        if page.get_attribute("body", "data-state") != "ready":
            sys.exit(f"the Pyodide page failed: {page.text_content('#result')}")
        print(f"(Pyodide booted in {time.perf_counter() - began:.1f} s)")
        print(
            f"{'game':13} {'search':9} {'nodes':>9} {'Pyodide/s':>10} {'CPython/s':>10}"
            f" {'ratio':>6}  same work"
        )
        page.evaluate("(code) => window.runPython(code)", source)
        for name in games:
            rows: dict[str, list[tuple[Row, Row]]] = {}
            for deal in range(1, count + 1):
                call = f"import json\njson.dumps(measure({name!r}, {deal}, {seconds / 3!r}, None))"
                py: list[Row] = json.loads(page.evaluate("(code) => window.runPython(code)", call))
                # a search that ended (won or lost) ends at the same node with no budget
                budgets = [int(r["nodes"]) if r["result"] == "unknown" else 10**12 for r in py]
                c = measure(name, deal, 0, budgets)
                for a, b in zip(py, c, strict=True):
                    rows.setdefault(str(a["search"]), []).append((a, b))
            for search, pairs in rows.items():
                nodes = sum(int(a["nodes"]) for a, _ in pairs)
                py_s = sum(float(a["seconds"]) for a, _ in pairs)
                c_s = sum(float(b["seconds"]) for _, b in pairs)
                same = all((a["nodes"], a["result"]) == (b["nodes"], b["result"]) for a, b in pairs)
                totals["py"][0] += nodes
                totals["py"][1] += py_s
                totals["c"][0] += sum(int(b["nodes"]) for _, b in pairs)
                totals["c"][1] += c_s
                py_rate, c_rate = nodes / py_s, nodes / c_s
                print(
                    f"{name:13} {search:9} {nodes:9,} {py_rate:10,.0f} {c_rate:10,.0f}"
                    f" {py_rate / c_rate:6.2f}  {'yes' if same else 'NO'}"
                )
        browser.close()
    py_rate = totals["py"][0] / totals["py"][1]
    c_rate = totals["c"][0] / totals["c"][1]
    print(
        f"{'all':13} {'':9} {int(totals['py'][0]):9,} {py_rate:10,.0f} {c_rate:10,.0f}"
        f" {py_rate / c_rate:6.2f}  (Pyodide / CPython nodes per second)"
    )
    if foreign:
        print(f"WARNING: {len(foreign)} requests left the local server: {foreign[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(game.GAMES), action="append", help="(all)")
    parser.add_argument("--deals", type=deal_range, default=range(1, 21), help="A-B (1-20)")
    parser.add_argument("--seconds", type=float, default=5.0, help="budget per deal (5)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="workers (cores)")
    parser.add_argument("--pyodide", type=int, default=2, metavar="N", help="deals (2; 0: skip)")
    parser.add_argument("--pyodide-seconds", type=float, default=3.0, help="per deal (3)")
    parser.add_argument("--out", type=Path, help="write one JSON line per deal here")
    parser.add_argument("-v", "--verbose", action="store_true", help="a line per deal")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--deal-list", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, [int(d) for d in args.deal_list.split(",")], args.seconds)
        return
    chosen = args.game or list(game.GAMES)
    games = sorted(dict.fromkeys(chosen), key=lambda n: SLOW_FIRST.index(n))
    print(
        f"solve(), CPython {sys.version.split()[0]}: deals {args.deals[0]}-{args.deals[-1]},"
        f" {args.seconds:g} s a deal, {args.jobs} workers at a time",
        flush=True,
    )
    began = time.perf_counter()
    results = run_all(games, args.deals, args.seconds, args.jobs, args.verbose)
    results = {name: results[name] for name in chosen if name in results}
    report(results, args.seconds)
    print(f"({time.perf_counter() - began:.0f} s in all)", flush=True)
    if args.out:
        with args.out.open("w") as f:
            for rows, _ in results.values():
                for row in rows:
                    f.write(json.dumps(row) + "\n")
    if args.pyodide > 0:
        pyodide_ratio(list(results), args.pyodide, args.pyodide_seconds)


if __name__ == "__main__":
    main()
