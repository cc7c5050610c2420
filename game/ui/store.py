"""The game in progress, kept in the browser's localStorage after every move.

Storage may be missing (private mode, a third-party iframe) or full; then saving is off,
the player is told once, and the game plays on. A stored entry that cannot be read is kept
aside under another key, never silently deleted. The game embedded in a page of the same
site (?embed=1) keeps its own entry, so that a page showing some deal never replaces the
game the player left on the game's own page.
"""

from __future__ import annotations

import time
from typing import Any

import js

from ..saved import Saved, SavedError, pack, unpack
from ..state import Game

KEY = "solitaire/current"
EMBED_KEY = "solitaire/embedded"
ASIDE = "solitaire/damaged/"


class Store:
    def __init__(self, key: str = KEY) -> None:
        self.key = key
        self.notice = ""
        self.storage: Any = None
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
        if self.storage is None:
            return None
        try:
            text = self.storage.getItem(self.key)
        except Exception:
            return None
        if text is None or not isinstance(text, str):
            return None
        try:
            return unpack(text)
        except SavedError as e:
            self._keep_aside(text)
            self.notice = f"Your saved game could not be read ({e}); it was kept aside."
            return None

    def _keep_aside(self, text: str) -> None:
        assert self.storage is not None
        try:
            self.storage.setItem(f"{ASIDE}{int(time.time())}", text)
            self.storage.removeItem(self.key)
        except Exception:  # full: leave it where it is rather than lose it
            pass

    def save(self, game: Game, elapsed: float) -> None:
        if self.storage is None:
            return
        try:
            self.storage.setItem(self.key, pack(game, elapsed))
        except Exception:
            self.storage = None
            self.notice = "Storage is full: saving is off."
