"""Hint latency in the page: from pressing Hint to a hint (or an honest answer) on screen.

    python bench/hint.py [--deals 1-5] [--moves 0,12] [--game linus] [--seed 1]

For each game (or --game), each deal of --deals and each count of --moves: a position that
many random legal moves into the deal (auto-moves off, chosen in this process by the
engine, never a lost position's) is stored as the saved game, the page loads and resumes it
(the advisor starts its search at once, as it does after any move), and the Hint button is
clicked as soon as the table is ready. Timed in the page, from the click to the first of:
a highlighted hint (.hint), or the status line saying something other than "Thinking…".
Prints the median, p90 and max per game with the issue's target (median within 1 s); also
the answer each time was given by (a winning line, "most promising", or a verdict).
Figures only, nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit import launch
from server import serve

import game
from game.saved import pack
from game.state import Game

TARGET_MEDIAN_S = 1.0
KEY = "solitaire/current"

# Click Hint and resolve with the seconds until the page answers, and what it said.
ASK = """() => new Promise((resolve) => {
  const line = document.getElementById("status-line");
  line.textContent = "";  // before the click: its answer may come at once, in the click
  const t0 = performance.now();
  document.getElementById("hint").click();
  const look = () => {
    const text = line.textContent.trim();
    const lit = document.querySelector("#table .hint");
    const seconds = (performance.now() - t0) / 1000;
    if (lit || (text && text !== "Thinking…") || seconds > 60) {
      resolve({ seconds, text: seconds > 60 ? "no answer in 60 s" : text, lit: !!lit });
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
})"""


def position(name: str, deal: int, moves: int, rng: random.Random) -> Game:
    """``moves`` random legal moves into the deal (fewer if it runs out of moves)."""
    g = game.new_game(name, deal)
    for _ in range(moves):
        options = g.plain_moves()
        if not options or g.status != "playing":
            break
        g.play(rng.choice(options))
    return g


def ask(page: Page, origin: str, g: Game) -> dict[str, object]:
    page.goto(origin + "/?automove=off", wait_until="commit", timeout=90_000)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, pack(g, 0.0)])
    page.goto(origin + f"/?automove=off&x={random.random()}", wait_until="commit", timeout=90_000)
    page.wait_for_selector("body[data-ready='true']", timeout=90_000)
    answer: dict[str, object] = page.evaluate(ASK)
    return answer


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def kind(answer: dict[str, object]) -> str:
    text = str(answer["text"])
    if "most promising" in text:
        return "promising"
    if answer["lit"]:
        return "line"
    return "verdict"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(game.GAMES), action="append")
    parser.add_argument("--deals", default="1-5", help="A-B (1-5)")
    parser.add_argument("--moves", default="0,12", help="random moves in (0,12)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    depths = [int(m) for m in args.moves.split(",")]
    rng = random.Random(args.seed)

    print(f"{'game':13} {'asks':>4} {'median s':>9} {'p90 s':>7} {'max s':>7}  answers")
    with serve(quiet=True) as origin, sync_playwright() as pw:
        browser = launch(pw)
        for name in args.game or list(game.GAMES):
            times: list[float] = []
            kinds: dict[str, int] = {}
            for deal in deals:
                for depth in depths:
                    page = browser.new_page(viewport={"width": 1280, "height": 800})
                    try:
                        answer = ask(page, origin, position(name, deal, depth, rng))
                    finally:
                        page.close()
                    times.append(float(str(answer["seconds"])))
                    k = kind(answer)
                    kinds[k] = kinds.get(k, 0) + 1
            med = percentile(times, 50)
            verdict = "ok" if med <= TARGET_MEDIAN_S else "OVER"
            print(
                f"{name:13} {len(times):4} {med:9.2f} {percentile(times, 90):7.2f}"
                f" {max(times):7.2f}  {json.dumps(kinds)}  target median <= 1 s: {verdict}"
            )
        browser.close()


if __name__ == "__main__":
    main()
