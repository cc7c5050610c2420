"""The postMessage API for a page that embeds the game in an iframe (README: Embedding).

Events go to the parent: ready, move, won, lost, status. Commands come from it: newGame
{game, deal, rules}, undo, redo, restart. A command from an origin outside the allow-list
(``<meta name="embed-origins">``, space separated, ``*`` for any) is ignored; a malformed
one is ignored with a console warning. Nothing a message says can break the game.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import to_js

from ..deals import MAX_DEAL
from ..rules import GAMES
from .dom import absent, listen

SOURCE = "solitaire"
COMMANDS = ("newGame", "undo", "redo", "restart")


def allowed_origins() -> list[str]:
    meta = js.document.querySelector('meta[name="embed-origins"]')
    text = "*" if absent(meta) else str(meta.content)
    return text.split() or ["*"]


def check(data: Any) -> tuple[str, dict[str, Any]]:
    """The command a message asks for, or ValueError saying what is wrong with it (pure)."""
    if not isinstance(data, dict):
        raise ValueError('a command is an object like {"type": "undo"}')
    kind = data.get("type")
    if kind not in COMMANDS:
        raise ValueError(f"unknown command type {str(kind)[:40]!r}; known: {', '.join(COMMANDS)}")
    if kind != "newGame":
        return kind, {}
    name, deal, rules = data.get("game"), data.get("deal"), data.get("rules", {})
    if name not in GAMES:
        raise ValueError(f"newGame needs a game: {', '.join(GAMES)}")
    if deal is not None and (type(deal) is not int or not 1 <= deal <= MAX_DEAL):
        raise ValueError(f"newGame's deal must be a whole number from 1 to {MAX_DEAL}")
    known = {h.name for h in GAMES[name].house_rules}
    if not isinstance(rules, dict) or not all(
        k in known and type(v) is bool for k, v in rules.items()
    ):
        raise ValueError(
            f"newGame's rules must be an object of {sorted(known) or 'no'} house rules"
        )
    return kind, {"game": name, "deal": deal, "rules": {k: v for k, v in rules.items() if v}}


class Embed:
    """Talks to the parent window when the page is framed; does nothing otherwise."""

    def __init__(self, run: Callable[[str, dict[str, Any]], None]) -> None:
        self.run = run
        self.parent = js.window.parent
        self.framed = self.parent != js.window
        self.origins = allowed_origins()
        if self.framed:
            listen(js.window, "message", self.receive)

    def send(self, kind: str, **data: Any) -> None:
        if not self.framed:
            return
        message = json.dumps({"source": SOURCE, "type": kind, **data})
        for origin in self.origins:
            payload = to_js(json.loads(message), dict_converter=js.Object.fromEntries)
            self.parent.postMessage(payload, origin)

    def receive(self, event: Any) -> None:
        origin = str(event.origin)
        if "*" not in self.origins and origin not in self.origins:
            return  # not on the allow-list: ignored without a word
        try:
            data = json.loads(js.JSON.stringify(event.data))
        except Exception:
            data = None
        try:
            kind, args = check(data)
        except ValueError as e:
            js.console.warn(f"solitaire: ignored a message from {origin}: {e}")
            return
        self.run(kind, args)
