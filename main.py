"""PyScript's entry point: start the table (all of it lives in game.ui).

On a first visit nothing is imported yet, and importing the engine and its UI at once would
hold the page for one long task: they are imported in steps, with a yield to the browser
after each (PyScript runs this file with top-level await), so that it paints and answers
between them. Each step leaves a performance mark (first "solitaire: main.py", then one
"solitaire: import <module>" a step), then
"solitaire: start" and "solitaire: started" around the table's start (bench/firstvisit.py
prints them; tests/test_first_visit.py checks them). A return visit restores a memory
snapshot that holds every module already: the steps cost nothing there.
"""

import asyncio
import importlib

import js
from pyodide.ffi import to_js

# Each step imports what it needs that the steps before it did not: the engine's core (the
# package imports it whole), the rest of the engine, then the UI by layers.
STEPS = (
    "game",  # the package: cards, rules, state, moves as text, records
    "game.saved",
    "game.solver",
    "game.help",
    "game.share",
    "game.daily",
    "game.ui.dom",
    "game.ui.markup",
    "game.ui.table",
    "game.ui.pointer",
    "game.ui.keys",
    "game.ui.advisor",
    "game.ui.replay",
    "game.ui.statsview",
    "game.ui.prefs",
    "game.ui.welcome",
    "game.ui.app",
)


def said(error: Exception) -> None:
    """An import that fails is said at once, in static/boot.js's failure box."""
    why = f"{type(error).__name__}: {error}"[:120]
    event = to_js({"message": why}, dict_converter=js.Object.fromEntries)
    js.window.dispatchEvent(js.ErrorEvent.new("error", event))


async def imported() -> None:
    js.performance.mark("solitaire: main.py")
    for name in STEPS:
        try:
            importlib.import_module(name)
        except Exception as e:
            said(e)
            raise
        js.performance.mark(f"solitaire: import {name}")
        await asyncio.sleep(0)  # a task ends here: the browser paints, input is answered


await imported()  # type: ignore[top-level-await]  # noqa: F704  (PyScript awaits it)

from game.ui.app import start  # noqa: E402  (imported above, in steps)

js.performance.mark("solitaire: start")
start()
js.performance.mark("solitaire: started")
