"""The interaction benchmark's measuring in the page (bench/interactions.py): its observers
see every kind of action a player makes there, each is matched to the action that made it,
and long tasks are seen. No timing is asserted.

An interaction under 16 ms makes no Event Timing entry (the least threshold the browser
allows), so here a listener holds every press and key for 30 ms: each action must then
make one.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from test_table_kit import Ui, module_ui

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from interactions import COLLECT, MEASURE, Mirror, act, matched, per_action

pytestmark = pytest.mark.browser

ui = module_ui()

HOLD_INPUT = """() => {
  const hold = () => { const end = performance.now() + 30; while (performance.now() < end); };
  for (const type of ["pointerdown", "pointerup", "keydown"])
    window.addEventListener(type, hold, true);
}"""
LONG_TASK = """() => new Promise((done) => setTimeout(() => {
  const end = performance.now() + 80;
  while (performance.now() < end);
  done();
}))"""

# One of each: the stock, a tap on a card, a drag, Undo's button and the Z key.
ACTIONS = [("stock", False), ("tap", False), ("drag", False), ("undo", False), ("undo", True)]


def test_each_action_is_an_interaction_of_its_own(ui: Ui) -> None:
    ui.at("unlimited", 5)
    page = ui.page
    page.evaluate(MEASURE)
    page.evaluate(HOLD_INPUT)
    mirror = Mirror.deal("unlimited", 5, "safe")
    rng = random.Random(1)
    for kind, by_key in ACTIONS:
        assert act(page, mirror, kind, rng, by_key), f"no {kind} to make"
    page.evaluate(LONG_TASK)
    got: dict[str, Any] = page.evaluate(COLLECT)

    assert [m["kind"] for m in got["marks"]] == [kind for kind, _ in ACTIONS]
    ids = matched(got["marks"], got["events"])
    assert all(ids), f"an action without an interaction: {ids}"
    every = [i for found in ids for i in found]
    assert len(every) == len(set(every)), "an interaction matched to two actions"
    assert all(per_action(got["marks"], got["events"])), "an interaction without a figure"
    names = {e["name"] for e in got["events"]}
    assert {"pointerdown", "pointerup", "keydown"} <= names
    assert got["longtasks"], "the long task went unseen"
