"""Asking before a game in progress is replaced (an imported record, a replay's "play
from here"): the page's own dialog, never window.confirm, which blocks the page and
which embedding sites may forbid.

One function, so that a page-wide "confirm before abandoning a game" setting can route
every replacement through one place later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..state import Game
from ..transfer import in_progress
from .dom import by_id, listen

_pending: dict[str, Callable[[], None]] = {}


def confirm_replace(
    game: Game, automove: str, by: str, replace: Callable[[], None], keep: Callable[[], None]
) -> None:
    """Call ``replace`` at once when nothing would be lost, else after the player says so;
    ``keep`` when they choose to keep their game (a button, Escape)."""
    if not in_progress(game, automove):
        replace()
        return
    dialog = by_id("replace-confirm")
    by_id("replace-text").textContent = (
        f"Your game of {game.rules.title}, deal {game.deal} ({len(game.moves)} moves), "
        f"will be replaced by {by}. Undo will not bring it back."
    )
    _pending.clear()
    _pending.update(replace=replace, keep=keep)
    dialog.returnValue = ""
    dialog.showModal()
    by_id("replace-no").focus()


def bind() -> None:
    """Listen to the dialog's answer once for the page."""

    def closed(event: Any) -> None:
        answer = "replace" if by_id("replace-confirm").returnValue == "replace" else "keep"
        then = _pending.get(answer)
        _pending.clear()
        if then is not None:
            then()

    listen(by_id("replace-confirm"), "close", closed)
    listen(by_id("replace-confirm"), "keydown", lambda e: e.stopPropagation())
