"""Input latency: pointer-up to the DOM showing the move, over 200 real pointer moves.

    python bench/latency.py [--moves 200] [--game whitehead] [--deal 1] [--seed 1] [--lang de]

Loads a deal with automove=off in headless chromium (the bench's server, bench/server.py, on
a free port) and plays it with the mouse: taps on cards that have a legal tap move, taps on
the stock, and drags onto a legal pile, each chosen at random among those the engine allows,
mirrored by the engine in this process (so every move is known to be legal and the page is
checked to show the mirrored position after each one). A stuck game is backed out with the Z
key; undo is never measured.

In the page, a capturing 'pointerup' listener on window records performance.now(); a
MutationObserver on the table records the first mutation after it ("dom": the Python handler
has run and changed the table; its mutations are delivered once it returns), and a
requestAnimationFrame after that ("frame": the next frame that paints it). Median and p95
are printed with the targets (median <= 16 ms, p95 <= 33 ms); nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit import launch
from server import serve

import game
from game.assist import destinations, movable
from game.notation import DEAL, REDEAL, STOCK, WASTE, Move, pile_name
from game.state import Game

TARGET_MEDIAN_MS, TARGET_P95_MS = 16, 33

# After ready: time every pointerup against the table's next mutation and the next frame.
PROBE = """() => {
  const table = document.getElementById("table");
  const samples = (window.__latency = []);
  let pending = null;
  window.__forget = () => { pending = null; };
  window.addEventListener("pointerup", (e) => {
    pending = { up: performance.now(), stamp: e.timeStamp };
  }, true);
  new MutationObserver(() => {
    if (!pending) return;
    const s = pending;
    pending = null;
    s.dom = performance.now();
    samples.push(s);
    requestAnimationFrame(() => { s.frame = performance.now(); });
  }).observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
}"""

# A viewport point that hits the card (index >= 0) or the pile's top card or the pile itself.
POINT = """([pile, index]) => {
  const el = document.querySelector(`[data-pile="${pile}"]`);
  if (!el) return null;
  const cards = [...el.querySelectorAll("[data-face]")];
  const target = index >= 0 ? cards[index] : cards[cards.length - 1] || el;
  if (!target) return null;
  const r = target.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.15, 0.08, 0.04, 0.7, 0.9])
    for (const fx of [0.5, 0.3, 0.7]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (!hit) continue;
      if (index >= 0 ? hit.closest("[data-face]") === target : hit.closest("[data-pile]") === el)
        return [x, y];
    }
  return null;
}"""

SHOWN_PILES = """() => Object.fromEntries([...document.querySelectorAll("[data-pile]")].map(
  (pile) => [pile.dataset.pile, [...pile.querySelectorAll("[data-face]")].map(
    (card) => card.dataset.face === "up" ? card.dataset.card : "down")]))"""

ANIMATIONS_DONE = "document.getAnimations().length === 0"


@dataclass
class Action:
    kind: str  # "tap" or "drag"
    pile: int
    index: int  # card index in the pile (bottom 0); -1: the pile (the stock)
    move: Move
    drop: int = -1  # drag: the pile dropped on


def expected_piles(g: Game) -> dict[str, list[str]]:
    layout = g.layout()

    def shown(codes: list[str]) -> list[str]:
        return [c if c.isupper() else "down" for c in codes]

    piles: dict[str, list[str]] = {}
    if g.rules.passes != 0:
        piles["s"], piles["w"] = shown(layout["stock"]), shown(layout["waste"])
    for i, cards in enumerate(layout["foundations"]):
        piles[f"f{i + 1}"] = shown(cards)
    for i, cards in enumerate(layout["tableau"]):
        piles[f"t{i + 1}"] = shown(cards)
    return piles


def still_playing(g: Game, move: Move) -> bool:
    """Would the game go on after ``move``? (A lost or won game opens a dialog.)"""
    g.play(move)
    playing = g.status == "playing"
    g.undo()
    return playing


def actions(g: Game, last_card: int | None) -> list[Action]:
    """Every tap and drag the player could make now that plays a legal move."""
    out: list[Action] = []
    legal = g.legal_moves()
    if DEAL in legal or REDEAL in legal:
        out.append(Action("tap", STOCK, -1, DEAL if DEAL in legal else REDEAL))
    for pile in [WASTE, *g.tab]:
        cards = g.piles[pile]
        heads = [len(cards) - 1] if pile == WASTE else range(len(cards))
        for index in heads:
            if index < 0:
                continue
            n = len(cards) - index
            if not movable(g, pile, n):
                continue
            dests = destinations(g, pile, n)
            # A second tap on the card just moved would try its next place: not a new move.
            if dests and cards[index] != last_card:
                out.append(Action("tap", pile, index, Move(*dests[0])))
            out.extend(Action("drag", pile, index, Move(*d), drop=d[1]) for d in dests)
    return [a for a in out if still_playing(g, a.move)]


def point(page: Page, pile: int, index: int) -> tuple[float, float] | None:
    found = page.evaluate(POINT, [pile_name(pile), index])
    return None if found is None else (float(found[0]), float(found[1]))


def perform(page: Page, a: Action) -> bool:
    """Do it with the mouse; False when the card or pile cannot be hit (nothing is done)."""
    start = point(page, a.pile, a.index)
    if start is None:
        return False
    if a.kind == "tap":
        page.mouse.click(*start)
        return True
    end = point(page, a.drop, -1)
    if end is None:
        return False
    page.mouse.move(*start)
    page.mouse.down()
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2 - 20)
    page.mouse.move(*mid, steps=4)
    page.mouse.move(*end, steps=4)
    page.mouse.up()
    return True


def settle(page: Page, g: Game) -> bool:
    """Wait for the glides to end and check the page shows the mirrored position."""
    page.wait_for_function(ANIMATIONS_DONE, polling="raf", timeout=5_000)
    want = expected_piles(g)
    for _ in range(50):
        if page.evaluate(SHOWN_PILES) == want:
            return True
        page.wait_for_timeout(20)
    return False


def percentile(values: list[float], p: float) -> float:
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def report(label: str, samples: list[dict[str, Any]]) -> None:
    if not samples:
        return
    for key, what in (("dom", "DOM"), ("frame", "frame")):
        values = [s[key] - s["up"] for s in samples if key in s]
        med, p95 = percentile(values, 50), percentile(values, 95)
        verdict = "ok" if med <= TARGET_MEDIAN_MS and p95 <= TARGET_P95_MS else "OVER"
        print(
            f"{label:6} {len(values):4} pointer-up to {what:6} {med:7.1f} {p95:7.1f}"
            f" {max(values):7.1f}   {verdict}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="whitehead", choices=list(game.GAMES))
    parser.add_argument("--deal", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="of the choice of moves")
    parser.add_argument("--lang", default="", help="the page's language (?lang=; English)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    path = f"/?game={args.game}&deal={args.deal}&automove=off"
    path += f"&lang={args.lang}" if args.lang else ""

    with serve() as origin, sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(10_000)
        page.goto(origin + path, timeout=90_000)
        page.wait_for_selector("body[data-ready='true']", timeout=90_000)
        page.evaluate(PROBE)
        g = game.new_game(args.game, args.deal)
        kinds: list[str] = []
        last_card: int | None = None
        undos = desyncs = 0
        while len(kinds) < args.moves and desyncs < 5:
            options = actions(g, last_card)
            if not options or (g.can_undo and rng.random() < 0.1):
                if not g.can_undo:
                    print("no move and nothing to undo: stopping early")
                    break
                # Stuck (or now and then, to see more positions): back out a few moves.
                for _ in range(min(len(g.moves), rng.randint(1, 6) if not options else 1)):
                    page.keyboard.press("z")  # not measured: no pointerup
                    g.undo()
                    undos += 1
                last_card = None
                if not settle(page, g):
                    print("WARNING: the page does not show the position after undo; stopping")
                    desyncs += 1
                    break
                continue
            taps = [a for a in options if a.kind == "tap"]
            a = rng.choice(taps if taps and rng.random() < 0.75 else options)
            if not perform(page, a):
                continue
            count = len(kinds) + 1
            try:
                page.wait_for_function(
                    f"window.__latency.length === {count} && "
                    f"window.__latency[{count - 1}].frame !== undefined",
                    timeout=5_000,
                )
            except Exception:
                page.evaluate("window.__forget()")  # nothing changed: the action missed
                desyncs += 1
                print(f"no change after {a.kind} of {a.move}; skipped")
                continue
            g.play(a.move)
            kinds.append(a.kind)
            # the card tapped: the head of the run that moved
            tapped = a.kind == "tap" and a.pile != STOCK
            last_card = g.piles[a.move.dst][-a.move.n] if tapped else None
            if not settle(page, g):
                desyncs += 1
                print(f"WARNING: the page does not show the position after {a.move}; stopping")
                break
        samples: list[dict[str, Any]] = page.evaluate("window.__latency")
        browser.close()

    samples = samples[: len(kinds)]
    print(
        f"{len(samples)} moves by mouse on {args.game} deal {args.deal}, automove off"
        f" ({kinds.count('tap')} taps, {kinds.count('drag')} drags; {undos} undos not counted)"
    )
    print(f"{'':6} {'n':>4} {'ms':22} {'median':>7} {'p95':>7} {'max':>7}   target")
    report("all", samples)
    report("taps", [s for s, k in zip(samples, kinds, strict=True) if k == "tap"])
    report("drags", [s for s, k in zip(samples, kinds, strict=True) if k == "drag"])
    print(f"targets: median <= {TARGET_MEDIAN_MS} ms, p95 <= {TARGET_P95_MS} ms")
    queued = [s["up"] - s["stamp"] for s in samples]
    if queued:
        print(
            f"(before that: event timestamp to the first listener, median"
            f" {percentile(queued, 50):.1f} ms, not counted above)"
        )
    if desyncs:
        print(f"WARNING: {desyncs} actions went wrong (see above)")


if __name__ == "__main__":
    main()
