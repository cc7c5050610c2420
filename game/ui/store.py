"""The game in progress, kept in the browser's localStorage after every move.

Storage may be missing (private mode, a third-party iframe) or full; then saving is off,
the player is told once, and the game plays on (a full storage is tried again at every
move; the player is told when saving works again). A stored entry that cannot be read is
kept aside under another key, never silently deleted; one written by a newer version of
the page is left as it is, and not written over. The game embedded in a page of the same
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

from ..i18n import _, language
from ..saved import Saved, SavedError, SavedNewer, pack, unpack
from ..state import Game
from ..stats import Help
from ..turns import Turns
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
        self.failing = False  # the last save did not fit: saving is off until one does
        self.newer = False  # the stored game is a newer page's: never written over
        try:
            storage = js.window.localStorage
            storage.setItem("solitaire/probe", "1")
            storage.removeItem("solitaire/probe")
            self.storage = storage
        except Exception:  # SecurityError in a sandboxed or third-party frame
            self.notice = _("This browser does not let the game save here: saving is off.")

    @property
    def on(self) -> bool:
        return self.storage is not None

    def load(self, text: str | None = None) -> Saved | None:
        """The stored game (or the one in ``text``, handed over by another tab)."""
        if text is None:
            text = read(self.storage, self.key)
        if text is None:
            return None
        try:
            return unpack(text)
        except SavedNewer:  # a newer page saves here: it keeps its game, this page plays apart
            self.newer, self.storage = True, None
            self.notice = _(
                "Your game was saved by a newer version of the game: reload to go on with it. "
                "Until then this game is not saved."
            )
            return None
        except SavedError as e:
            keep_aside(self.storage, self.key, text, f"{ASIDE}{int(time.time() * 1000)}")
            # Translators: {error} says what is wrong with it
            said = _("Your saved game could not be read ({error}); it was kept aside.")
            self.notice = said.format(error=e)
            return None

    def save(
        self,
        game: Game,
        elapsed: float,
        turns: Turns,
        had: Help | None = None,
    ) -> str:
        """Store the game (with the help it had, ``had``); returns a notice when saving has
        just stopped (storage full or taken away), works again, or found its entry gone
        (site data cleared)."""
        if self.storage is None:
            return ""
        text = pack(game, elapsed, turns, had)
        cleared = self.written is not None and read(self.storage, self.key) is None
        try:
            self.storage.setItem(self.key, text)
        except Exception:  # full (QuotaExceededError) or gone: the game plays on unsaved
            if self.failing:
                return ""
            self.failing = True
            return _("Storage is full or was taken away: saving is off until there is room.")
        self.written = text
        notice = ""
        if self.failing:
            self.failing = False
            notice = _("Saving works again.")
        elif cleared:
            notice = _("The site's stored data was cleared: this game is saved again.")
        try:  # only a nicety: without it the next visit first shows the empty table
            self.storage.setItem(self.key + PAINT, shown(game, text))
        except Exception:
            with contextlib.suppress(Exception):
                self.storage.removeItem(self.key + PAINT)
        return notice

    def save_on_leave(self, save: Callable[[], object]) -> None:
        """Save once more when the page is hidden, frozen or left (closing a tab, switching
        apps, reloading, a phone freezing a background tab): the clock has run on since the
        last move. ``save`` saves only while this page is the game's writer (writer.py), and
        not over an entry that something else wrote or removed since (cleared site data
        stays cleared, until a move; a move's own save, if it waits, is app.py's Later's)."""

        def leave(event: Any) -> None:
            if event.type == "visibilitychange" and js.document.visibilityState != "hidden":
                return
            if read(self.storage, self.key) == self.written:
                save()

        listen(js.window, "pagehide", leave)
        listen(js.document, "visibilitychange", leave)
        listen(js.document, "freeze", leave)


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
            "props": {
                p: str(root.style.getPropertyValue(p)) for p in ("--cols", "--founds", "--cap")
            },
            "html": html,
            "places": places,
            "height": 0.0 if absent(pile) else float(pile.offsetHeight),
            "bar": {
                i: str(doc.getElementById(i).textContent)
                for i in ("deal-number", "moves-count", "clock")
            },
            "redeal": "" if redeal.hidden else str(redeal.textContent),
            "four_colour": bool(doc.body.classList.contains("four-colour")),
            "lang": language(),  # its words' language: another's is not drawn (paint.js)
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
