"""Every ``<dialog>`` of the page closes alike: a ✕ at its top (named "Close"), Escape (the
browser's own), and a tap or click on the backdrop around it. Closing returns focus to the
control that opened it (the browser's dialog focus steps). The confirm dialog's "close" is
its Cancel (confirm.py hears it), so no way out of it ever says yes."""

from __future__ import annotations

from typing import Any

import js

from ..i18n import _, pgettext
from .dom import absent, listen

CLOSE = (
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M6 6l12 12M18 6 6 18"/></svg>'
)


def wire() -> None:
    """Give each dialog of the page its ✕ and its tap outside; once, at start."""
    for dialog in js.document.querySelectorAll("dialog"):
        if absent(dialog.querySelector(":scope > .dialog-close")):
            button = js.document.createElement("button")
            button.type = "button"
            button.className = "dialog-close"
            # Translators: a dialog's ✕ button, as its tooltip says; Esc is the key
            button.title = _("Close (Esc)")
            button.setAttribute("aria-label", pgettext("button", "Close"))
            button.innerHTML = CLOSE
            dialog.prepend(button)
            listen(button, "click", lambda e, d=dialog: d.close())
        listen(dialog, "pointerdown", lambda e, d=dialog: _pressed(d, e))
        listen(dialog, "click", lambda e, d=dialog: _outside(d, e))


_down: list[bool] = [False]  # the last press began on a backdrop (not a drag out of a box)


def _on_backdrop(dialog: Any, event: Any) -> bool:
    """The dialog itself is the target, but the point is outside its box: the backdrop."""
    if event.target != dialog or not dialog.open:
        return False
    box = dialog.getBoundingClientRect()
    x, y = event.clientX, event.clientY
    return bool(x < box.left or x > box.right or y < box.top or y > box.bottom)


def _pressed(dialog: Any, event: Any) -> None:
    _down[0] = _on_backdrop(dialog, event)


def _outside(dialog: Any, event: Any) -> None:
    """A tap or click outside, pressed there too: close (a keyboard's click has no point).
    Not the second click of a double click: the first may have opened the dialog (the
    winning double click on a card, with no cascade before the win dialog)."""
    if event.detail >= 2:
        return
    if _on_backdrop(dialog, event) and (_down[0] or event.detail == 0):
        _down[0] = False
        dialog.close()
