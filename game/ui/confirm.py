"""The page's own "are you sure?" (a <dialog>, not window.confirm: styled, accessible, and
never blocking Python): a title, a sentence, and a button that does it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .dom import by_id, listen


class Confirm:
    def __init__(self) -> None:
        self.dialog: Any = by_id("confirm")
        self.then: Callable[[], None] | None = None
        self.otherwise: Callable[[], None] | None = None
        listen(by_id("confirm-ok"), "click", lambda e: self._close(ok=True))
        listen(by_id("confirm-cancel"), "click", lambda e: self._close(ok=False))
        listen(self.dialog, "close", lambda e: self._close(ok=False))  # Esc, or closed for us

    def ask(
        self,
        title: str,
        text: str,
        ok: str,
        then: Callable[[], None],
        otherwise: Callable[[], None] | None = None,
        danger: bool = False,
    ) -> None:
        """Ask; ``then`` runs if the player says yes, ``otherwise`` if not (the ✕, Escape
        or a tap outside: not). ``danger``: yes destroys something (its button says so)."""
        self.dialog.toggleAttribute("data-danger", danger)
        by_id("confirm-title").textContent = title
        by_id("confirm-text").textContent = text
        by_id("confirm-ok").textContent = ok
        self.then, self.otherwise = then, otherwise
        if not self.dialog.open:
            self.dialog.showModal()
        by_id("confirm-cancel").focus()  # the safe answer is the one Enter gives

    def _close(self, ok: bool) -> None:
        then, otherwise = self.then, self.otherwise
        self.then = self.otherwise = None
        if self.dialog.open:
            self.dialog.close()  # fires "close" again: nothing is pending by then
        run = then if ok else otherwise
        if run is not None:
            run()
