"""Finish in the page: how long it takes to play Unlimited's long endings home (issue 21:
12.5 s for 77 cards before; the target is well under 3 s for any position).

    python bench/finish.py [--runs 3]

Each position (a golden Unlimited win, cut where Finish is first offered: 56 and 63 moves
to play, 48 and 44 cards) is stored as the saved game and the page loaded; then Finish is
clicked and the page times, from the click to the table's data-status="won", how long
Finish took, with the steps it played (#finish's data-steps and data-moves, game/ui/pace.py).
Then again with a key pressed once two steps are in: the skip. Figures only, nothing is
asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit import launch
from server import serve

import game
from game.assist import won_on_paper
from game.saved import pack

KEY = "solitaire/current"  # game/ui/store.py's KEY
GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEEN = '{"version":1,"seen":true}'  # a returning player's: no welcome (greeting.py)
POSITIONS = [(2, 603), (8, 812)]  # Unlimited deal, moves made: Finish is first offered

# From the click on Finish to the win, in the page's own clock.
TIMED_JS = """() => { window.__finished = new Promise((done) => {
  const table = document.getElementById('table');
  const finish = document.getElementById('finish');
  let start = 0;
  new MutationObserver((_, seen) => {
    if (table.dataset.status === 'won') {
      seen.disconnect();
      done({ms: performance.now() - start, steps: +finish.dataset.steps,
            moves: +finish.dataset.moves});
    }
  }).observe(table, {attributes: true, attributeFilter: ['data-status']});
  finish.addEventListener('click', () => { start = performance.now(); }, {once: true, capture: true});
}); }"""


def position(deal: int, at: int) -> game.Game:
    wins = json.loads((GOLDEN / "solver_wins_unlimited.json").read_text())["wins"]
    record = next(r for r in wins if (r["deal"], r["rules"]) == (deal, {}))
    return game.replay({**record, "moves": record["moves"][:at]})


def finish_once(page: Page, origin: str, g: game.Game, skip: bool) -> dict[str, float]:
    page.goto(origin + "/")
    page.wait_for_selector("body[data-ready='true']", timeout=60_000)
    page.wait_for_function("() => document.documentElement.dataset.later !== 'busy'")
    page.evaluate("() => localStorage.clear()")  # (its writer's claim too: writer.py)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, pack(g, 30.0)])
    page.evaluate(f"() => localStorage.setItem('solitaire/welcome', '{SEEN}')")
    page.goto(origin + "/")
    page.wait_for_selector("body[data-ready='true']", timeout=60_000)
    page.wait_for_selector("#finish:not([hidden])", state="attached", timeout=30_000)
    page.evaluate(TIMED_JS)
    page.click("#finish")
    if skip:
        page.wait_for_function("() => +document.getElementById('finish').dataset.steps >= 2")
        page.keyboard.press("x")
    result: dict[str, float] = page.evaluate("() => window.__finished")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with serve(quiet=True) as origin, sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        for deal, at in POSITIONS:
            g = position(deal, at)
            moves = len(won_on_paper(g) or [])
            left = g.rules.cards - sum(len(g.piles[f]) for f in g.found)
            for skip in (False, True):
                runs = [finish_once(page, origin, g, skip) for _ in range(args.runs)]
                ms = [r["ms"] for r in runs]
                print(
                    f"unlimited {deal} at move {at}: {moves} moves, {left} cards home"
                    f"{', skipped by a key' if skip else ''}: "
                    f"median {statistics.median(ms) / 1000:.2f} s, max {max(ms) / 1000:.2f} s, "
                    f"{runs[-1]['steps']:.0f} steps"
                )
        browser.close()


if __name__ == "__main__":
    main()
