"""The game in progress, kept in the browser's localStorage after every move.

Storage may be missing (private mode, a third-party iframe) or full; then saving is off,
the player is told once, and the game plays on. A stored entry that cannot be read is kept
aside under another key, never silently deleted. The game embedded in a page of the same
site (?embed=1) keeps its own entry, so that a page showing some deal never replaces the
game the player left on the game's own page.
"""

from __future__ import annotations

import contextlib
import json
import time
import zlib
from collections.abc import Callable
from typing import Any

import js

from ..saved import Saved, SavedError, pack, unpack
from ..state import Game
from .dom import absent, listen
from .markup import kept_markup

KEY = "solitaire/current"
EMBED_KEY = "solitaire/embedded"
ASIDE = "solitaire/damaged/"
KEEP_ASIDE = 5  # damaged entries kept (the newest): enough to look into, never a pile-up
PAINT = "/paint"  # after the key: the table as shown, for the next visit's first paint


class Store:
    def __init__(self, key: str = KEY) -> None:
        self.key = key
        self.notice = ""
        self.storage: Any = None
        self.written: str | None = None  # what this page stored last
        try:
            storage = js.window.localStorage
            storage.setItem("solitaire/probe", "1")
            storage.removeItem("solitaire/probe")
            self.storage = storage
        except Exception:  # SecurityError in a sandboxed or third-party frame
            self.notice = "This browser does not let the game save here: saving is off."

    @property
    def on(self) -> bool:
        return self.storage is not None

    def load(self) -> Saved | None:
        text = read(self.storage, self.key)
        if text is None:
            return None
        try:
            return unpack(text)
        except SavedError as e:
            keep_aside(self.storage, self.key, text, f"{ASIDE}{int(time.time() * 1000)}")
            self.notice = f"Your saved game could not be read ({e}); it was kept aside."
            return None

    def save(
        self, game: Game, elapsed: float, turns: list[int], redo: list[int], dealt: int = 0
    ) -> str:
        """Store the game; returns a notice when saving has just stopped working."""
        if self.storage is None:
            return ""
        text = pack(game, elapsed, turns, redo, dealt)
        try:
            self.storage.setItem(self.key, text)
            self.written = text
        except Exception:
            self.storage = None
            self.notice = "Storage is full or was taken away: saving is off."
            return self.notice
        try:  # only a nicety: without it the next visit first shows the empty table
            self.storage.setItem(self.key + PAINT, shown(game, text))
        except Exception:
            with contextlib.suppress(Exception):
                self.storage.removeItem(self.key + PAINT)
        return ""

    def save_on_leave(self, save: Callable[[], object]) -> None:
        """Save once more when the page is hidden or left (closing a tab, switching apps,
        reloading): the clock has run on since the last move. Not over a game that another
        tab has saved since: the game played last is the one to keep."""

        def leave(event: Any) -> None:
            if event.type == "visibilitychange" and js.document.visibilityState != "hidden":
                return
            try:
                mine = self.storage is not None and self.storage.getItem(self.key) == self.written
            except Exception:
                mine = False
            if mine:
                save()

        listen(js.window, "pagehide", leave)
        listen(js.document, "visibilitychange", leave)


def shown(game: Game, saved: str) -> str:
    """The table and toolbar as the page shows ``game``, as JSON for static/paint.js: the
    table's class, sizing properties, markup and its cards' offsets (kept_markup), the
    height of its piles then, and the toolbar's values; ``of`` ties it to the saved text."""
    doc = js.document
    root = doc.getElementById("table")
    html, places = kept_markup(str(root.innerHTML))
    pile = root.querySelector(".tableau .pile")
    redeal = doc.getElementById("redeal")
    return json.dumps(
        {
            "version": 1,
            "of": zlib.crc32(saved.encode()),
            "game": game.rules.name,
            "deal": game.deal,
            "rules": sorted(game.rules.active),
            "class": str(root.className),
            "props": {p: str(root.style.getPropertyValue(p)) for p in ("--cols", "--founds")},
            "html": html,
            "places": places,
            "height": 0.0 if absent(pile) else float(pile.offsetHeight),
            "bar": {
                i: str(doc.getElementById(i).textContent)
                for i in ("deal-number", "moves-count", "clock")
            },
            "redeal": "" if redeal.hidden else str(redeal.textContent),
            "four_colour": bool(doc.body.classList.contains("four-colour")),
        },
        separators=(",", ":"),
    )


def read(storage: Any, key: str) -> str | None:
    """The text stored under ``key``; None if there is none or no storage to ask."""
    if storage is None:
        return None
    try:
        text = storage.getItem(key)
    except Exception:
        return None
    return text if isinstance(text, str) else None


def keep_aside(storage: Any, key: str, text: str, aside: str) -> bool:
    """Move a damaged entry from ``key`` to ``aside``; False if it stays where it was. A big
    one may not fit twice, so then it is removed first and written back at once (it is in
    memory here) — or put back rather than lost. Only the newest KEEP_ASIDE are kept."""
    prune_asides(storage, KEEP_ASIDE - 1)
    try:
        storage.setItem(aside, text)
    except Exception:  # no room for a copy
        try:
            storage.removeItem(key)
            storage.setItem(aside, text)
        except Exception:  # still none: put it back
            with contextlib.suppress(Exception):
                storage.setItem(key, text)
            return False
    with contextlib.suppress(Exception):
        storage.removeItem(key)
    return True


def prune_asides(storage: Any, keep: int) -> None:
    """Remove all but the ``keep`` newest entries kept aside (their keys end in the time
    they were put there)."""

    def age(key: str) -> tuple[int, str]:
        tail = key.rsplit("/", 1)[-1]
        return (int(tail) if tail.isdigit() else 0, key)

    with contextlib.suppress(Exception):
        keys = [storage.key(i) for i in range(storage.length)]
        asides = sorted((k for k in keys if isinstance(k, str) and k.startswith(ASIDE)), key=age)
        for old in asides[: max(0, len(asides) - keep)]:
            storage.removeItem(old)
