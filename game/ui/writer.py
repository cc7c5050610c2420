"""One game, one writer: of the tabs, windows and installed apps that have the game open,
one plays it and saves it; the others show it, say it is open elsewhere, offer Play here.

- The page opened last takes the game (the player is looking at it): it writes its id
  under ``<key>/writer`` before it saves anything, and steals the Web Lock named after
  the key. The page that played until then learns it from either (a ``storage`` event,
  the lock's AbortError) and goes idle.
- Every move and every save first reads ``<key>/writer`` (synchronously): a tab that
  wakes up stale finds another id there and plays nothing. Should one still write over
  the game (its storage not yet told), the writer sees that write and puts its own back.
- Play here asks the writer, over a BroadcastChannel, to hand over: it saves (its clock
  too), goes idle and answers with what it saved; without an answer in HANDOVER_MS (a
  frozen or closed tab) the lock is stolen all the same and the stored game taken.
- An idle tab that comes into view while no page holds the lock (the writer was closed)
  takes the game at once, with its latest position.

Without storage there is nothing to share: the page plays alone. Without Web Locks
(old browsers) the ``<key>/writer`` entry alone decides.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from .dom import guarded, listen

WRITER = "/writer"  # after the store key: the id of the page that plays
HANDOVER_MS = 600  # how long Play here waits for the writer's answer before taking anyway

Texts = dict[str, str]  # storage key -> the text the writer stored last


def _obj(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Writer:
    def __init__(
        self,
        storage: Any,
        key: str,
        lost: Callable[[], None],
        gained: Callable[[Texts], None],
        give: Callable[[], Texts],
        changed: Callable[[str], None],
        written: Callable[[], str | None],
    ) -> None:
        """``lost()``: another page took the game. ``gained(texts)``: this page has it now
        (``texts``: what the last writer handed over, may be empty). ``give()``: save now
        and say what was saved. ``changed(key)``: while idle, the writer stored ``key``.
        ``written()``: the game's text as this page stored it last."""
        self.storage, self.key = storage, key
        self.lost, self.gained, self.give, self.changed = lost, gained, give, changed
        self.written = written
        self.id = secrets.token_hex(8)
        self.playing = True  # until another page takes the game
        self.generation = 0  # which acquisition of the lock a callback belongs to
        self.taking: Any = None  # the timer of a Play here waiting for an answer
        self._proxies: list[Any] = []
        try:
            self.locks: Any = js.navigator.locks
        except AttributeError:
            self.locks = None
        self.channel: Any = None
        if storage is not None:
            with contextlib.suppress(Exception):
                self.channel = js.BroadcastChannel.new("solitaire " + key)
                listen(self.channel, "message", self._message)
            listen(js.window, "storage", self._storage)
            listen(js.document, "visibilitychange", self._visible)

    @property
    def shared(self) -> bool:
        return self.storage is not None

    # -- taking the game --------------------------------------------------------------------

    def claim(self) -> None:
        """This page plays from now on (at start, and when it takes the game)."""
        self.playing = True
        if not self.shared:
            return
        try:
            self.storage.setItem(self.key + WRITER, self.id)
        except Exception:  # full: no stale id is left to turn this page idle
            with contextlib.suppress(Exception):
                self.storage.removeItem(self.key + WRITER)
        self._lock(steal=True)

    def take(self) -> None:
        """Play here: ask the writer to hand over, then take the game (answered or not)."""
        if self.playing or self.taking is not None:
            return
        if self.channel is None:
            self._taken({})
            return
        self.taking = js.setTimeout(
            create_once_callable(guarded(lambda: self._taken({}))), HANDOVER_MS
        )
        self.channel.postMessage(_obj({"type": "take", "id": self.id}))

    def _taken(self, texts: Texts) -> None:
        if self.taking is None:
            return  # answered already
        js.clearTimeout(self.taking)
        self.taking = None
        self.claim()
        self.gained(texts)

    def check(self) -> bool:
        """May this page play and save now? Read from storage, so that a tab that wakes up
        stale learns it before its first move; False makes it idle."""
        if not self.playing:
            return False
        if not self.shared:
            return True
        try:
            writer = self.storage.getItem(self.key + WRITER)
        except Exception:
            return True  # storage taken away: saving says so; playing goes on
        if not isinstance(writer, str):  # null: site data cleared, still this page's game
            with contextlib.suppress(Exception):
                self.storage.setItem(self.key + WRITER, self.id)
            return True
        if writer != self.id:
            self._lose()
            return False
        return True

    def _lose(self) -> None:
        if self.playing:
            self.playing = False
            self.lost()

    # -- the lock ---------------------------------------------------------------------------

    def _lock(self, steal: bool) -> None:
        """Hold the lock named after the key for as long as this page plays. ``steal``
        takes it from the page holding it; otherwise only a free lock is taken (the
        writer is gone) and this page then plays."""
        if self.locks is None:
            return
        self.generation += 1
        generation = self.generation

        def granted(lock: Any) -> Any:
            """Held while the promise returned is pending: for the page's life."""
            if lock is None:  # not free: another page plays
                return None
            if not steal:  # nobody held it: the game is this page's now
                guarded(self._free_taken)()
            return js.Promise.new(create_once_callable(lambda resolve, reject: None))

        def ended(error: Any) -> None:  # stolen: another page took the game
            if generation == self.generation:
                self._lose()

        held = create_proxy(granted)  # not guarded(): its value is the lock's promise
        dropped = create_proxy(guarded(ended))
        self._proxies += [held, dropped]
        options = {"steal": True} if steal else {"ifAvailable": True}
        self.locks.request(self.key, _obj(options), held).catch(dropped)

    def _free_taken(self) -> None:
        if self.playing:
            return
        self.playing = True
        with contextlib.suppress(Exception):
            self.storage.setItem(self.key + WRITER, self.id)
        self.gained({})

    def _visible(self, event: Any) -> None:
        """An idle page comes into view: if no page holds the game, take it."""
        if not self.playing and js.document.visibilityState == "visible":
            self._lock(steal=False)

    # -- the other pages --------------------------------------------------------------------

    def _storage(self, event: Any) -> None:
        key, new = event.key, event.newValue
        if key is None or not isinstance(key, str):
            return  # storage cleared by another page: check() notices at the next move
        if key == self.key + WRITER:
            if isinstance(new, str) and new != self.id:
                self._lose()
        elif key == self.key and self.playing:
            mine = self.written()
            if mine is not None and new != mine and self._still_mine():
                # a stale page wrote over the game: put this page's back
                with contextlib.suppress(Exception):
                    self.storage.setItem(self.key, mine)
                    self.storage.setItem(self.key + WRITER, self.id)
        elif not self.playing:
            self.changed(key)

    def _still_mine(self) -> bool:
        try:
            return str(self.storage.getItem(self.key + WRITER)) == self.id
        except Exception:
            return False

    def _message(self, event: Any) -> None:
        data = event.data
        kind = getattr(data, "type", None)
        if kind == "take" and self.playing:
            asker = str(getattr(data, "id", ""))
            saved = self.give()
            self.playing = False
            self.generation += 1  # the asker steals the lock: that is no news here
            self.lost()
            self.channel.postMessage(_obj({"type": "given", "to": asker, "texts": _obj(saved)}))
        elif kind == "given" and getattr(data, "to", None) == self.id:
            texts: Texts = {}
            with contextlib.suppress(Exception):  # anything but strings is left out
                for k, v in data.texts.to_py().items():
                    if isinstance(k, str) and isinstance(v, str):
                        texts[k] = v
            self._taken(texts)
