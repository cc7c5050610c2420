"""The postMessage API for a page that embeds the game in an iframe (README: Embedding).

The messages and the allow-list are in ``messages`` (pure). Here: events go to the parent
window, from "ready" on, in the order they happened, posted after the frame that shows the
move (``soon``: app.py's Later; at once without it); commands come from it. A message from another window, or from an
origin outside the allow-list, is ignored without a word; a malformed one is ignored with a
console warning. Nothing a message says, and no failure to post one, can break the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js

from .dom import absent, json_of, listen
from .messages import ANY, Command, allows, check, event, parse_origins


def allowed_origins() -> list[str]:
    """The page's allow-list (``<meta name="embed-origins">``), warning about bad entries."""
    meta = js.document.querySelector('meta[name="embed-origins"]')
    origins, rejected = parse_origins(None if absent(meta) else str(meta.content))
    if rejected:
        js.console.warn(
            f"solitaire: embed-origins: not origins, ignored: {' '.join(rejected)}"
            ' (write them like "https://example.com")'
        )
    return origins


class Embed:
    """Talks to the parent window when the page is framed; does nothing otherwise."""

    def __init__(self, run: Callable[[Command], object]) -> None:
        self.run = run
        self.parent = js.window.parent
        self.framed = not js.Object.is_(self.parent, js.window)
        self.origins = allowed_origins()
        self.live = False  # events start with "ready"
        self.played: str | None = None  # a move whose event goes before the next "status"
        self.outbox: list[dict[str, Any]] = []  # events not yet posted, oldest first
        self.soon: Callable[[], object] = self.flush  # asks for flush() to run soon
        if self.framed:
            listen(js.window, "message", self.receive)

    def move(self, move: str) -> None:
        """The player made `move`: say so before the "status" that follows it."""
        self.played = move

    def send(self, kind: str, **about: Any) -> None:
        move = None
        if kind == "status":
            move, self.played = self.played, None
        if not self.framed:
            return
        if kind == "ready":
            self.live = True
        if not self.live:
            return
        if move is not None:
            self.outbox.append(event("move", about, move))
        self.outbox.append(event(kind, about))
        self.soon()

    def flush(self) -> None:
        """Post the events waiting, in their order."""
        waiting, self.outbox = self.outbox, []
        for message in waiting:
            self._post(message)

    def _post(self, message: dict[str, Any]) -> None:
        for origin in self.origins:  # ANY, or each allowed origin (the others drop it)
            try:
                data = to_js(message, dict_converter=js.Object.fromEntries)
                self.parent.postMessage(data, ANY if origin == ANY else origin)
            except Exception as e:  # a parent gone, or a browser that refuses
                js.console.warn(f"solitaire: could not post {message['type']}: {e}")

    def receive(self, event: Any) -> None:
        if not js.Object.is_(event.source, self.parent):
            return  # another frame, or the page itself: not a command to us
        origin = str(event.origin)
        if not allows(self.origins, origin):
            return  # not on the allow-list: ignored without a word
        try:
            command = check(json_of(event.data))
        except ValueError as e:
            js.console.warn(f"solitaire: ignored a message from {origin}: {e}")
            return
        self.run(command)
