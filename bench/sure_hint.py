"""Sure hints in the page: a position the native solver decides in <= 2 s gets a sure hint
(or the verdict) within 3 s of pressing Hint (issue 13).

    python bench/sure_hint.py [--game blind-alleys] [--positions 3] [--random 0] [--seed 1]

For each game: deals whose start `python -m game solve` decides in well under 2 s on a
quiet machine, but not in a blink (POSITIONS; and with --random N, N more positions a few
random moves into deals 1-40). Each is solved natively here first, just before the page
runs (the machine is shared and its speed drifts: what counts is the page against the
native solver at the same moment). Then the page loads a deal whose search runs long
(Whitehead 105), and waits for the solver's own thread (game/ui/helper.py, started in idle
time once the table is ready); once that is up, the position is opened as a record file
(Import, auto-moves off), so no search had a head start, and Hint is clicked at once. With
--alone, the position is stored as the saved game instead and Hint clicked as soon as the
table is ready, before the worker is up: the page's first seconds searching alone, as on a
device that starts none. Timed in the page, from
the click until the table shows a sure hint (#table[data-hint="sure"], or a status line
beginning "Hint: ") or the status line gives the verdict ("No move can win…"). Also read
back from the page: the seconds the page's own search ran and the wall-clock seconds from
its start to the verdict (their ratio is the share of the main thread it got), against
the native seconds, and who decided ("page" or "helper").

Prints one line per position, then per game the median and max of the page's seconds for
the positions decided natively in <= 2 s just before (the issue's target: <= 3 s), and of
page seconds / native seconds for all (<= 1.5 meets the target at its 2 s edge). Figures
only, nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import FilePayload, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit import launch
from server import serve

import game
from game.saved import pack
from game.solver import solve
from game.state import Game

TARGET_S, NATIVE_S = 3.0, 2.0
KEY = "solitaire/current"  # game/ui/store.py's KEY
# Deal starts the native solver decided in 0.3-2 s (measured 2026-12: `solve` on deals 1-70)
POSITIONS = {
    "blind-alleys": [5, 61],
    "whitehead": [11, 40, 18, 32],
    "linus": [52, 65, 14, 12],
    "unlimited": [56, 53, 68, 8],
}

# Click Hint; resolve with the seconds until a sure hint or a verdict, and what was said.
ASK = """() => new Promise((resolve) => {
  const line = document.getElementById("status-line");
  const table = document.getElementById("table");
  const t0 = performance.now();
  document.getElementById("hint").click();
  const look = () => {
    const text = line.textContent.trim();
    const seconds = (performance.now() - t0) / 1000;
    const sure = table.dataset.hint === "sure" || /^(Hint: |No move (can win|left))/.test(text);
    if (sure || seconds > 90) {
      resolve({ seconds, text: sure ? text : "no sure answer in 90 s" });
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
})"""


def native(g: Game) -> tuple[str, float]:
    began = time.perf_counter()
    result = solve(g, seconds=10)
    return result.result, time.perf_counter() - began


def randomised(name: str, count: int, rng: random.Random) -> list[Game]:
    """``count`` positions a few random moves into random deals, decided natively <= 2 s."""
    out: list[Game] = []
    while len(out) < count:
        g = game.new_game(name, rng.randrange(1, 41))
        for _ in range(rng.randrange(1, 15)):
            if g.status != "playing":
                break
            g.play(rng.choice(g.plain_moves()))
        if g.status == "playing" and native(g)[1] <= NATIVE_S:
            out.append(g)
    return out


def ask(page: Page, origin: str, g: Game, helper: bool) -> tuple[dict[str, object], str, str]:
    """Hint on position ``g``, fresh: the page is up (and its helper, unless not ``helper``)
    before the position is opened, as a record file (Import), so no search had a head start."""
    if helper:
        page.goto(
            origin + "/?game=whitehead&deal=105&automove=off", wait_until="commit", timeout=90_000
        )
        page.wait_for_selector("body[data-ready='true']", timeout=90_000)
        # the solver's own thread starts once the table is ready, and takes seconds to be up
        page.wait_for_function(
            "() => /^(ready|off)/.test(document.getElementById('advice').dataset.helper || '')",
            timeout=60_000,
        )
        if page.get_attribute("#advice", "data-helper") != "ready":
            sys.exit(f"the helper did not start: {page.get_attribute('#advice', 'data-helper')}")
        record = json.dumps(g.record()).encode()
        payload: FilePayload = {"name": "p.json", "mimeType": "application/json", "buffer": record}
        page.set_input_files("#replay-file", files=[payload])
        page.wait_for_function(
            "([n, d]) => document.getElementById('moves-count').textContent === String(n)"
            " && document.getElementById('deal-number').textContent === String(d)"
            " && document.getElementById('status-line').textContent.startsWith('Opened')",
            arg=[len(g.moves), g.deal],
            timeout=30_000,
        )
    else:
        page.goto(origin + "/?automove=off", wait_until="commit", timeout=90_000)
        page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, pack(g, 0.0)])
        page.goto(
            origin + f"/?automove=off&x={random.random()}", wait_until="commit", timeout=90_000
        )
        page.wait_for_selector("body[data-ready='true']", timeout=90_000)
    answer: dict[str, object] = page.evaluate(ASK)
    try:  # (a page before this bench did not say)
        page.wait_for_function(
            "() => document.getElementById('advice').dataset.searched", timeout=30_000
        )
        searched = str(page.get_attribute("#advice", "data-searched"))
        by = str(page.get_attribute("#advice", "data-decided-by"))
    except PlaywrightTimeout:
        searched, by = "nan nan", "?"
    return answer, searched, by


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(game.GAMES), action="append")
    parser.add_argument("--positions", type=int, default=4, help="deal starts per game (4)")
    parser.add_argument("--random", type=int, default=0, help="random positions per game (0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--alone", action="store_true", help="ask before the helper is up (the page alone)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)

    print(f"{'game':13} {'position':16} {'native s':>8} {'page s':>7} {'searched':>8}"
          f" {'wall':>6} {'share':>6} {'slower':>6} {'by':6}  answer")  # fmt: skip
    summary: list[str] = []
    with serve(quiet=True) as origin, sync_playwright() as pw:
        browser = launch(pw)
        for name in args.game or list(game.GAMES):
            games = [game.new_game(name, d) for d in POSITIONS[name][: args.positions]]
            games += randomised(name, args.random, rng)
            times: list[float] = []  # of positions decided natively in <= 2 s
            ratios: list[float] = []
            for g in games:
                where = f"deal {g.deal}" + (f" +{len(g.moves)}" if g.moves else "")
                verdict, took = native(g)
                if verdict == "unknown":
                    print(f"{name:13} {where:16} {took:8.2f}  (undecided natively: skipped)")
                    continue
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                try:
                    answer, searched, by = ask(page, origin, g, not args.alone)
                finally:
                    page.close()
                seconds = float(str(answer["seconds"]))
                ratios.append(seconds / took)
                if took <= NATIVE_S:
                    times.append(seconds)
                search_s, wall_s = (float(x) for x in searched.split())
                print(
                    f"{name:13} {where:16} {took:8.2f} {seconds:7.2f} {search_s:8.2f}"
                    f" {wall_s:6.2f} {search_s / wall_s:6.0%} {search_s / took:6.1f}x"
                    f" {by:6}  {str(answer['text'])[:50]}"
                )
            if not ratios:
                continue
            line = f"{name:13} page/native median {statistics.median(ratios):.2f}, max {max(ratios):.2f};"
            if times:
                worst = max(times)
                line += (
                    f" {len(times)} decided natively <= {NATIVE_S:.0f} s: page median"
                    f" {statistics.median(times):.2f} s, max {worst:.2f} s (target <= {TARGET_S:.0f} s:"
                    f" {'ok' if worst <= TARGET_S else 'OVER'})"
                )
            summary.append(line)
        browser.close()
    print("\n" + "\n".join(summary))


if __name__ == "__main__":
    main()
