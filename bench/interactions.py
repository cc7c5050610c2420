"""Interactions as Event Timing sees them (the INP figure), plain and with the CPU 4x slower.

    python bench/interactions.py [--games whitehead,linus] [--deals whitehead:18,linus:5]
                                 [--quick] [--unthrottled-only | --throttled-only]
                                 [--interactions 30] [--seconds 30] [--rate 4] [--seed 1]

For each deal (by default one per game the solver decides at once and one it searches long:
Whitehead 2 and 18, Blind Alleys 9 and 6, Linus 18 and 5, Unlimited 5 and 17), headless
chromium opens the page (bench/server.py; one context for all, first warmed by a visit
until the service worker holds the site, so each deal is a return visit that no precaching
competes with; storage cleared between deals) at the player's default settings and plays
it with the mouse and keys like a player, 0.4-0.9 s from one input to the next (0.4 s:
never a double tap): deals from the stock, taps on a card that has a place to go, drags
onto a legal pile (real pointer down, moves, up), and undos (the Undo button, every other
one the Z key), each kind in turn where it is possible, at least --interactions of them
(30) and for at least --seconds (30) of play unthrottled. The moves are chosen by the
engine in this process, which mirrors the page (bench/latency.py's choice of actions, the
page's auto-moves and undo steps), and after each one the page must show the mirrored
position. The solver's verdict at the deal's start, as the engine here finds it (up to a
second), says what kind of deal it is (Blind Alleys 9, named by issue #20 as one the page
searches long, is decided at once here).

Then the same deals with chromium's CPU throttled (DevTools Protocol
Emulation.setCPUThrottlingRate, --rate 4, on the page's session once the page is ready:
the boot is not throttled; whether the solver's worker is slowed too is not checked).

In the page, a PerformanceObserver on 'event' entries (durationThreshold 16, the least the
browser allows; buffered) keeps every entry with an interactionId; each interaction's
figure is its longest entry (input to the next paint), split into the input's wait for the
main thread, its handlers (the first one's start to the last one's end, of the entries that
paint ends: pointerup and click, keydown) and the rest until the paint. Interactions are
matched to the action that made them by time (each action is marked in the page just
before its input). An interaction under 16 ms makes no entry: it is counted as "<16" (0 in the percentiles,
nearest rank, so a median or p95 of "<16" means at least that many were under 16 ms).
'longtask' entries during the play are counted (over 50 ms by definition), and the long
animation frames (Chromium's 'long-animation-frame') say which scripts ran in them: the
handler (its element and event), Python's listeners on a MessagePort (the advisor's
search slices, and the jobs after the frame: game/ui/later.py), Worker.onmessage (the
solver's worker answering), and so on; how many of the long frames that ran an input's
handler also ran one of those after it, before painting; and which jobs after the frame
took over 16 ms (game/ui/later.py's measures).

Printed, one table per condition, with the targets (issue #20): unthrottled p95 <= 32 ms and
worst <= 50 ms in every game, searching or not; 4x throttled p95 <= 100 ms; no long task
while the player plays. Never asserted. Figures vary with the machine's load: the load
average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit import BOOT_TIMEOUT_MS, GAME_PATH, READY_WATCH, launch, throttle_cpu, visit, wait_precached
from latency import Action, actions, percentile, perform, settle
from playwright.sync_api import BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from server import serve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game
from game.assist import auto_moves
from game.notation import STOCK
from game.solver import Portfolio
from game.state import Game

TARGET_P95_MS, TARGET_WORST_MS = 32, 50
THROTTLED_P95_MS = 100
LONG_TASK_MS = 50
KINDS = ("stock", "tap", "drag", "undo")
GAP_S = (0.4, 0.9)  # from one input to the next; under DOUBLE_TAP_MS (0.35) is a double tap
DEALS = (
    ("whitehead", 2),
    ("whitehead", 18),
    ("blind-alleys", 9),
    ("blind-alleys", 6),
    ("linus", 18),
    ("linus", 5),
    ("unlimited", 5),
    ("unlimited", 17),
)
INPUT_HANDLER = re.compile(r"[.]on(pointer|key|click|mouse)")  # a long frame's script invokers
AT_ONCE_S = 0.1  # decided natively within this: "at once"
VERDICT_S = 1.0  # the most the engine here searches a deal's start to say what kind it is

# After ready: the observers, and window.__feel.mark(kind) just before each action's input.
MEASURE = """() => {
  if (window.__feel) return;
  const JOB = "solitaire: later ";
  const f = (window.__feel = {marks: [], events: [], longtasks: [], frames: [], jobs: [],
                              observers: [], start: performance.now()});
  f.mark = (kind) => { f.marks.push({kind, at: performance.now()}); };
  f.unmark = () => { f.marks.pop(); };
  const watch = (type, keep, options = {}) => {
    try {
      const o = new PerformanceObserver((list) => list.getEntries().forEach(keep));
      o.observe({type, buffered: true, ...options});
      f.observers.push([o, keep]);
    } catch {}  // an entry type this browser lacks: its list stays empty
  };
  const target = (e) => {
    const el = e.target;
    if (!el || !el.tagName) return null;
    return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "");
  };
  watch("event", (e) => {
    const kept = {id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration,
                  processingStart: e.processingStart, processingEnd: e.processingEnd,
                  target: target(e)};
    if (e.interactionId) f.events.push(kept);
  }, {durationThreshold: 16});
  watch("longtask", (e) => f.longtasks.push({start: e.startTime, duration: e.duration}));
  watch("measure", (e) => {  // game/ui/later.py: a job after the frame that ran over 16 ms
    if (e.name.startsWith(JOB)) f.jobs.push({name: e.name.slice(JOB.length), start: e.startTime,
                                             duration: e.duration});
  });
  watch("long-animation-frame", (e) => {
    if (e.blockingDuration <= 0) return;
    f.frames.push({start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
      scripts: e.scripts.map((s) => ({invoker: s.invoker, type: s.invokerType,
        fn: s.sourceFunctionName, url: s.sourceURL, start: s.startTime,
        duration: s.duration}))});
  });
}"""

# Once the play is over: what the observers hold, after a frame or two has painted the last
# input's entries (they are delivered after the paint).
COLLECT = """async () => {
  const f = window.__feel;
  await new Promise((r) => setTimeout(r, 300));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  for (const [o, keep] of f.observers) o.takeRecords().forEach(keep);
  return {marks: f.marks, events: f.events, longtasks: f.longtasks,
          frames: f.frames, jobs: f.jobs, start: f.start, end: performance.now(),
          interactionCount: performance.interactionCount ?? null};
}"""


# -- the page's game, mirrored ------------------------------------------------------------


@dataclass
class Mirror:
    """The page's game as the engine here plays it: a player's action and its auto-moves are
    one undo step, the deal's own auto-moves one Undo never takes (as App.turns)."""

    game: Game
    automove: str
    turns: list[int]
    dealt: bool
    last_card: int | None = None  # the card a tap just moved (tapped again: its next place)

    @classmethod
    def deal(cls, name: str, deal: int, automove: str) -> Mirror:
        g = game.new_game(name, deal)
        dealt = len(auto_moves(g, automove))
        return cls(g, automove, [dealt] if dealt else [], dealt > 0)

    def undoable(self) -> int:
        return len(self.turns) - (1 if self.dealt else 0)

    def goes_on(self, a: Action) -> bool:
        """Is the game still going after the action and its auto-moves? (An end opens a
        dialog, and the play would stop.)"""
        before = len(self.game.moves)
        self.game.play(a.move)
        auto_moves(self.game, self.automove)
        playing = self.game.status == "playing"
        while len(self.game.moves) > before:
            self.game.undo()
        return playing

    def options(self, kind: str) -> list[Action]:
        found = [a for a in actions(self.game, self.last_card) if self.goes_on(a)]
        if kind == "stock":
            return [a for a in found if a.pile == STOCK]
        return [a for a in found if a.kind == kind and a.pile != STOCK]

    def play(self, a: Action) -> None:
        self.game.play(a.move)
        tapped = a.kind == "tap" and a.pile != STOCK
        self.last_card = self.game.piles[a.move.dst][-a.move.n] if tapped else None
        self.turns.append(1 + len(auto_moves(self.game, self.automove)))

    def undo(self) -> None:
        for _ in range(self.turns.pop()):
            self.game.undo()
        self.last_card = None


def act(page: Page, mirror: Mirror, kind: str, rng: random.Random, by_key: bool = False) -> bool:
    """One action of ``kind`` with the mouse (an undo by the Z key when ``by_key``), marked
    in the page just before its input; then wait until the page shows the mirrored position.
    False: none of that kind can be done now (nothing was done or marked)."""
    if kind == "undo":
        if mirror.undoable() <= 0:
            return False
        page.evaluate("window.__feel.mark('undo')")
        if by_key:
            page.keyboard.press("z")
        else:
            page.mouse.click(*center(page, "#undo"))
        mirror.undo()
    else:
        options = mirror.options(kind)
        rng.shuffle(options)
        for a in options:
            page.evaluate(f"window.__feel.mark('{kind}')")
            if perform(page, a):
                mirror.play(a)
                break
            page.evaluate("window.__feel.unmark()")
        else:
            return False
    if not settle(page, mirror.game):
        raise Desync(f"the page does not show the position after a {kind}")
    return True


class Desync(Exception):
    """The page and the mirror disagree: the play stops there."""


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    if box is None:
        raise Desync(f"{selector} is not shown")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def next_kind(done: dict[str, int], tried: set[str], rng: random.Random) -> str | None:
    """The kind done least so far among those not found impossible just now."""
    left = [k for k in KINDS if k not in tried]
    if not left:
        return None
    fewest = min(done[k] for k in left)
    return rng.choice([k for k in left if done[k] == fewest])


def play(
    page: Page, mirror: Mirror, count: int, seconds: float, rng: random.Random
) -> tuple[list[str], str]:
    """At least ``count`` actions over at least ``seconds``: the kinds done, in order, and
    why the play stopped early ("" if it did not)."""
    done = dict.fromkeys(KINDS, 0)
    kinds: list[str] = []
    start = time.monotonic()
    while len(kinds) < count or time.monotonic() - start < seconds:
        began = time.monotonic()
        tried: set[str] = set()
        while (kind := next_kind(done, tried, rng)) is not None:
            try:
                if act(page, mirror, kind, rng, by_key=kind == "undo" and done[kind] % 2 == 1):
                    break
            except (Desync, PlaywrightError) as e:
                return kinds, str(e).splitlines()[0]
            tried.add(kind)
        else:
            return kinds, "no move and nothing to undo"
        done[kind] += 1
        kinds.append(kind)
        page.wait_for_timeout(max(0.0, rng.uniform(*GAP_S) - (time.monotonic() - began)) * 1000)
    return kinds, ""


# -- figures ------------------------------------------------------------------------------


def matched(marks: Sequence[dict[str, Any]], events: Sequence[dict[str, Any]]) -> list[list[int]]:
    """The interactionIds of each marked action: those whose first input came after its
    mark and before the next action's (an id before the first mark belongs to none)."""
    first: dict[int, float] = {}
    for e in events:
        first[e["id"]] = min(first.get(e["id"], e["start"]), e["start"])
    out: list[list[int]] = [[] for _ in marks]
    for ident, at in sorted(first.items(), key=lambda item: item[1]):
        i = sum(1 for m in marks if m["at"] <= at) - 1
        if i >= 0:
            out[i].append(ident)
    return out


@dataclass(frozen=True)
class Interaction:
    """One interaction: its latency and, of its entries that the same paint ended (pointerup
    and click; not the pointerdown an earlier frame painted), when the first input came,
    its first handler began and its last one ended, and that paint (ms, the page's clock)."""

    duration: float  # its longest entry's (Event Timing rounds to 8 ms)
    start: float
    handled: float
    done: float
    end: float


def grouped(
    marks: Sequence[dict[str, Any]], events: Sequence[dict[str, Any]]
) -> list[Interaction | None]:
    """Each marked action's interaction, the entries of every id matched to it together
    (None: it made none)."""
    by_id: dict[int, list[dict[str, Any]]] = {}
    for e in events:
        by_id.setdefault(e["id"], []).append(e)
    out: list[Interaction | None] = []
    for ids in matched(marks, events):
        found = [e for i in ids for e in by_id[i]]
        if not found:
            out.append(None)
            continue
        top = max(found, key=lambda e: e["duration"])
        end = top["start"] + top["duration"]
        same = [e for e in found if abs(e["start"] + e["duration"] - end) <= 8]
        out.append(
            Interaction(
                top["duration"],
                min(e["start"] for e in same),
                min(e["processingStart"] for e in same),
                max(e["processingEnd"] for e in same),
                end,
            )
        )
    return out


def per_action(marks: Sequence[dict[str, Any]], events: Sequence[dict[str, Any]]) -> list[float]:
    """Each marked action's interaction (ms): its longest entry; 0 when it made none (it took
    under 16 ms, the observer's floor)."""
    return [i.duration if i else 0.0 for i in grouped(marks, events)]


def parts(found: Sequence[Interaction | None]) -> tuple[float, float, float] | None:
    """The medians, over the interactions that made entries, of the input's wait for the
    main thread, the time from its first handler's start to its last one's end, and from
    there to the next paint (style, layout, paint; ms)."""
    seen = [i for i in found if i is not None]
    if not seen:
        return None
    return (
        statistics.median(i.handled - i.start for i in seen),
        statistics.median(i.done - i.handled for i in seen),
        statistics.median(max(0.0, i.end - i.done) for i in seen),
    )


@dataclass
class Run:
    name: str
    deal: int
    kind_of_deal: str
    rate: float
    kinds: list[str] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)  # per action, 0: under 16 ms
    split: tuple[float, float, float] | None = None  # parts() of its interactions
    seconds: float = 0.0  # of play
    longtasks: list[float] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    jobs: list[tuple[str, float]] = field(default_factory=list)  # name, ms: over later.SLOW
    counted: int | None = None  # performance.interactionCount
    stopped: str = ""

    def of(self, kind: str) -> list[float]:
        return [ms for ms, k in zip(self.ms, self.kinds, strict=True) if k == kind]


@dataclass(frozen=True)
class Plan:
    count: int  # actions, at least
    seconds: float  # of play, at least
    automove: str  # the page's setting
    lang: str = ""  # ?lang=: the page's language ("": the browser's, English here)


def run(context: BrowserContext, origin: str, out: Run, plan: Plan, rng: random.Random) -> Run:
    """``out``'s deal played in a new page of ``context``, its figures filled in (the
    page's storage is cleared after: the next visit starts afresh, not with this game
    resumed)."""
    name, deal = out.name, out.deal
    page = context.new_page()
    try:
        page.set_default_timeout(15_000)
        lang = f"&lang={plan.lang}" if plan.lang else ""
        page.goto(f"{origin}/?game={name}&deal={deal}{lang}", wait_until="commit")
        page.wait_for_selector("body[data-ready='true']", timeout=BOOT_TIMEOUT_MS)
        cdp = throttle_cpu(context, page, out.rate) if out.rate > 1 else None  # (it holds it)
        page.evaluate(MEASURE)
        mirror = Mirror.deal(name, deal, plan.automove)
        if not settle(page, mirror.game):
            out.stopped = "the page shows another deal"
            return out
        start = time.monotonic()
        kinds, out.stopped = play(page, mirror, plan.count, plan.seconds, rng)
        out.seconds = time.monotonic() - start
        got: dict[str, Any] = page.evaluate(COLLECT)
        if cdp is not None:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            cdp.detach()
        page.evaluate("() => localStorage.clear()")
    finally:
        page.close()
    marks = got["marks"]
    begin = marks[0]["at"] if marks else got["end"]
    # (an action the page did not show, which ended the play, is marked but not counted)
    found = grouped(marks, got["events"])[: len(kinds)]
    out.kinds, out.counted = kinds, got["interactionCount"]
    out.ms, out.split = [i.duration if i else 0.0 for i in found], parts(found)
    out.longtasks = [t["duration"] for t in got["longtasks"] if t["start"] >= begin]
    out.frames = [f for f in got["frames"] if f["start"] >= begin]
    out.jobs = [(j["name"], j["duration"]) for j in got["jobs"] if j["start"] >= begin]
    return out


def warm(context: BrowserContext, origin: str) -> None:
    """A first visit, until the service worker holds the site and the snapshot: every run
    after it is a return visit, none shares the machine with the worker's precaching."""
    page = context.new_page()
    try:
        visit(page, origin + GAME_PATH)
        if wait_precached(page) is None:
            print(
                "note: the service worker did not precache; every visit is a first", file=sys.stderr
            )
        page.evaluate("() => localStorage.clear()")
    finally:
        page.close()


def kind_of(name: str, deal: int, automove: str) -> str:
    """What the solver makes of the deal's start here, natively (the page's is slower)."""
    g = game.new_game(name, deal)
    auto_moves(g, automove)
    search = Portfolio(g)
    began = time.perf_counter()
    result = search.run(seconds=VERDICT_S)
    took = time.perf_counter() - began
    if result is None:
        return f"searches (>{VERDICT_S:g} s)"
    if took <= AT_ONCE_S:
        return f"at once ({result.result})"
    return f"searches ({result.result}, {took:.1f} s)"


# -- printing -----------------------------------------------------------------------------


def ms_text(value: float | None) -> str:
    if value is None:
        return "-"
    return "<16" if value < 16 else f"{value:.0f}"


def verdict(r: Run) -> str:
    if not r.ms:
        return "no play"
    p95, worst = percentile(r.ms, 95), max(r.ms)
    missed = []
    if r.rate > 1:
        if p95 > THROTTLED_P95_MS:
            missed.append("p95")
    else:
        if p95 > TARGET_P95_MS:
            missed.append("p95")
        if worst > TARGET_WORST_MS:
            missed.append("worst")
        if r.longtasks:
            missed.append("long tasks")
    return "ok" if not missed else "MISSED " + ", ".join(missed)


def table(runs: Sequence[Run], rate: float) -> None:
    print()
    if rate > 1:
        print(f"== CPU throttled {rate:g}x (Emulation.setCPUThrottlingRate); target p95 <= 100 ms")
    else:
        print(
            f"== unthrottled; targets p95 <= {TARGET_P95_MS} ms, worst <= {TARGET_WORST_MS} ms,"
            f" no long task (> {LONG_TASK_MS} ms) while playing"
        )
    print(
        f"{'game':13}{'deal':>5}  {'solver at the start':24}{'n':>4}{'<16':>5}{'median':>7}"
        f"{'p95':>6}{'worst':>6}  {'worst of: stock':>15}{'tap':>5}{'drag':>5}{'undo':>5}"
        f"  {'wait':>4}{'run':>5}{'paint':>6}  {'play s':>6}{'long tasks':>11}{'max':>6}  verdict"
    )
    for r in runs:
        if not r.ms:
            print(f"{r.name:13}{r.deal:>5}  {r.kind_of_deal:24}  no figures: {r.stopped}")
            continue
        worst_of = [ms_text(max(found)) if (found := r.of(k)) else "-" for k in KINDS]
        wait, running, paint = (f"{ms:.0f}" for ms in r.split) if r.split else "---"
        print(
            f"{r.name:13}{r.deal:>5}  {r.kind_of_deal:24}{len(r.ms):>4}"
            f"{sum(1 for ms in r.ms if ms < 16):>5}{ms_text(percentile(r.ms, 50)):>7}"
            f"{ms_text(percentile(r.ms, 95)):>6}{ms_text(max(r.ms)):>6}  {worst_of[0]:>15}"
            f"{worst_of[1]:>5}{worst_of[2]:>5}{worst_of[3]:>5}  {wait:>4}{running:>5}{paint:>6}"
            f"  {r.seconds:6.1f}"
            f"{len(r.longtasks):>11}{max(r.longtasks, default=0):6.0f}  {verdict(r)}"
        )
        if r.stopped:
            print(f"{'':20}stopped early: {r.stopped}")
    every = [ms for r in runs for ms in r.ms]
    if every:
        print(
            f"{'all':13}{'':5}  {'':24}{len(every):>4}{sum(1 for ms in every if ms < 16):>5}"
            f"{ms_text(percentile(every, 50)):>7}{ms_text(percentile(every, 95)):>6}"
            f"{ms_text(max(every)):>6}"
        )
    counted = [(r, r.counted) for r in runs if r.counted is not None]
    if counted and any(c != len(r.ms) for r, c in counted):
        print(
            "note: performance.interactionCount differs from the actions made in "
            + ", ".join(f"{r.name} {r.deal} ({c} for {len(r.ms)})" for r, c in counted)
        )
    print(
        "wait, run, paint: medians of the interactions' input waiting for the main thread,"
        " first handler's start to last one's end, and the rest to the next paint"
    )
    blame(runs)


def blame(runs: Sequence[Run]) -> None:
    """What ran in the long animation frames: each invoker's count, total and longest."""
    found: dict[str, list[float]] = {}
    for r in runs:
        for f in r.frames:
            for s in f["scripts"]:
                if s["duration"] >= 16:
                    found.setdefault(who(s), []).append(s["duration"])
    if not found:
        return
    print("scripts of 16 ms or more in long animation frames while playing (all deals above):")
    ordered = sorted(found.items(), key=lambda item: -sum(item[1]))
    for name, spans in ordered[:8]:
        print(
            f"  {name[:60]:60} {len(spans):5} ×  median {statistics.median(spans):5.0f}"
            f"  max {max(spans):5.0f} ms  (total {sum(spans) / 1000:.1f} s)"
        )
    # A slice run after an input's handler, in the same frame, holds back that input's paint.
    handled = after = 0
    held: list[float] = []
    for f in (f for r in runs for f in r.frames):
        inputs = [s["start"] for s in f["scripts"] if INPUT_HANDLER.search(s["invoker"] or "")]
        if not inputs:
            continue
        handled += 1
        late = [s for s in f["scripts"] if slice_of_search(s) and s["start"] > min(inputs)]
        if late:
            after += 1
            held.append(sum(s["duration"] for s in late))
    if handled:
        print(
            f"long frames that ran an input's handler: {handled}; {after} of them ran a search"
            " slice after it, before painting"
            + (f" (median {statistics.median(held):.0f} ms of slices in each)" if held else "")
        )
    jobs: dict[str, list[float]] = {}
    for r in runs:
        for name, ms in r.jobs:
            jobs.setdefault(name, []).append(ms)
    if jobs:
        print("jobs after the frame (game/ui/later.py) that took over 16 ms, by name:")
        for name, spans in sorted(jobs.items(), key=lambda item: -sum(item[1])):
            print(
                f"  {name:20} {len(spans):5} ×  median {statistics.median(spans):5.0f}"
                f"  max {max(spans):5.0f} ms"
            )


def slice_of_search(script: dict[str, Any]) -> bool:
    """The advisor's slices, and the jobs that wait for the frame (game/ui/later.py), come
    through a MessageChannel to a Python listener (no source URL); the page's other
    MessagePort listeners are JavaScript (Pyodide's scheduler, static/boot.js)."""
    return bool(script["invoker"] == "MessagePort.onmessage" and not script["url"])


def who(script: dict[str, Any]) -> str:
    if slice_of_search(script):
        return "MessagePort.onmessage (Python: jobs after the frame, or search slices)"
    name = script["invoker"] or script["type"] or "?"
    url = script["url"] or ""
    return f"{name} ({url.rsplit('/', 1)[-1]})" if url and url not in name else name


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def chosen_deals(games: str | None, deals: str | None) -> list[tuple[str, int]]:
    if deals:
        out = []
        for item in deals.split(","):
            name, _, number = item.partition(":")
            if name not in game.GAMES or not number.isdigit():
                sys.exit(
                    f"bad --deals item {item!r}: want GAME:DEAL, GAME one of {list(game.GAMES)}"
                )
            out.append((name, int(number)))
        return out
    names = games.split(",") if games else list(game.GAMES)
    for name in names:
        if name not in game.GAMES:
            sys.exit(f"unknown game {name!r}: one of {', '.join(game.GAMES)}")
    return [(name, deal) for name, deal in DEALS if name in names]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help=f"comma-separated, of {', '.join(game.GAMES)}")
    parser.add_argument("--deals", help="comma-separated GAME:DEAL (instead of the defaults)")
    parser.add_argument("--interactions", type=int, default=30, help="per deal (30)")
    parser.add_argument("--seconds", type=float, default=30.0, help="of play unthrottled (30)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 8 interactions")
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling (4)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--unthrottled-only", action="store_true")
    only.add_argument("--throttled-only", action="store_true")
    parser.add_argument("--automove", default="safe", help="the page's setting (safe)")
    parser.add_argument("--lang", default="", help="the page's language (?lang=; English)")
    parser.add_argument("--seed", type=int, default=1, help="of the choice of actions")
    args = parser.parse_args()
    if args.interactions < 1 or args.rate < 1:
        sys.exit("--interactions must be at least 1 and --rate at least 1")
    deals = chosen_deals(args.games, args.deals)
    count, seconds = (8, 0.0) if args.quick else (args.interactions, args.seconds)
    rates = (
        [1.0] if args.unthrottled_only else [args.rate] if args.throttled_only else [1.0, args.rate]
    )
    print(f"interactions by mouse and key, headless chromium; {load()} (figures are noisy)")
    kinds = {d: kind_of(*d, args.automove) for d in deals}
    results: dict[float, list[Run]] = {}
    began = time.monotonic()
    with serve(quiet=True) as origin, sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(READY_WATCH)  # (kit.visit waits for what it marks)
            warm(context, origin)
            for rate in rates:
                for name, deal in deals:
                    rng = random.Random(f"{args.seed}/{name}/{deal}")
                    # throttled: as many actions, and no least time (each takes longer)
                    plan = Plan(count, seconds if rate == 1 else 0.0, args.automove, args.lang)
                    r = Run(name, deal, kinds[name, deal], rate)
                    try:
                        run(context, origin, r, plan, rng)
                    except PlaywrightError as e:  # e.g. no boot within the timeout
                        r.stopped = str(e).splitlines()[0]
                    results.setdefault(rate, []).append(r)
                    print(
                        f"  {rate:g}x {name} {deal}: {len(r.ms)} interactions"
                        f" ({time.monotonic() - began:.0f} s)",
                        file=sys.stderr,
                    )
        finally:
            browser.close()
    for rate, runs in results.items():
        table(runs, rate)
    print()
    print(
        f"automove {args.automove}; an interaction is its longest Event Timing entry (input to"
        f" next paint); <16: under the observer's 16 ms floor; p95 nearest rank"
    )
    print(f"{load()}; wall time {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
