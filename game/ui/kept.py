"""One versioned entry of localStorage (settings, statistics): read, checked, written back.

Like the saved game (store.py): no storage means the entry lives as long as the page, and
an entry that cannot be read is kept aside under another key with a one-line notice,
never deleted and never a crash.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

import js

from ..notation import GameError, NewerVersion
from .store import ASIDE, keep_aside, read

T = TypeVar("T")


class Kept:
    def __init__(self, key: str) -> None:
        self.key = key
        self.notice = ""
        self.storage: Any = None
        try:
            self.storage = js.window.localStorage
            self.storage.getItem(key)
        except Exception:  # a sandboxed or third-party frame: nothing is kept
            self.storage = None

    def load(self, parse: Callable[[str], T], *, newer: str, damaged: str) -> T | None:
        """The stored value, or None when there is none or it is damaged. Then the notice
        is ``newer`` (a newer page's: left as it is) or ``damaged`` (its ``{error}`` says
        what is wrong), each a whole translated message saying what the page does instead."""
        text = read(self.storage, self.key)
        if text is None:
            return None
        try:
            return parse(text)
        except NewerVersion:  # a newer page's: left as it is, and never written over
            self.notice = newer
            self.storage = None
            return None
        except GameError as e:
            self.notice = damaged.format(error=e)
            if not keep_aside(
                self.storage, self.key, text, f"{ASIDE}{self.key}/{int(time.time() * 1000)}"
            ):
                self.storage = None  # it stays where it is: never write over it
            return None

    def save(self, text: str) -> None:
        if self.storage is None:
            return
        with contextlib.suppress(Exception):  # full: what is kept stays as it was
            self.storage.setItem(self.key, text)
