"""Handing a text and a link to the player: the system's share sheet where there is one
(the Web Share API: phones), the clipboard otherwise, and a visible "Copied".

The button pressed says what happened for a moment ("Copied ✓", "Shared ✓"), and a polite
live region says it to a screen reader. Where neither sharing nor the clipboard is
allowed (an embedding page's policy, an old browser), the text is shown in a field,
selected, for the player to copy by hand: nothing is ever lost silently.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, to_js

from ..i18n import N_, _
from .dom import guarded

SAID_MS = 2000  # how long the button says what happened
# Translators: a share button says it for a moment, with a ✓: copied to the clipboard
COPIED = N_("Copied")
# Translators: a share button says it for a moment, with a ✓: handed to the share sheet
SHARED = N_("Shared")


def offer(button: Any, text: str, link: str, announce: Callable[[str], None]) -> None:
    """Share ``text`` and ``link`` (one string of lines when copied) from ``button``."""
    whole = f"{text}\n{link}" if text else link
    nav = js.navigator
    data = to_js({"text": text, "url": link}, dict_converter=js.Object.fromEntries)
    can_share = hasattr(nav, "share") and (not hasattr(nav, "canShare") or nav.canShare(data))

    def done(words: str) -> None:
        _flash(button, words)
        announce(words)

    def by_hand(error: object = None) -> None:
        field = _field(button)
        field.value = whole
        field.focus()
        field.select()
        announce(_("Copying is not allowed here: the text is selected, copy it by hand."))

    def copy(error: object = None) -> None:
        clipboard = getattr(nav, "clipboard", None)
        if clipboard is None or not hasattr(clipboard, "writeText"):
            by_hand()
            return
        clipboard.writeText(whole).then(
            create_once_callable(guarded(lambda result: done(_(COPIED)))),
            create_once_callable(guarded(by_hand)),
        )

    if not can_share:
        copy()
        return

    def refused(error: Any) -> None:
        if getattr(error, "name", "") != "AbortError":  # the player closed the sheet: fine
            copy()

    nav.share(data).then(
        create_once_callable(guarded(lambda result: done(_(SHARED)))),
        create_once_callable(guarded(refused)),
    )


def _flash(button: Any, words: str) -> None:
    """``button`` says ``words ✓`` for SAID_MS, then its own label again."""
    own = getattr(button.dataset, "label", None) or button.textContent
    button.dataset.label = own
    button.textContent = f"{words} ✓"

    def back() -> None:
        button.textContent = own

    js.setTimeout(create_once_callable(guarded(back)), SAID_MS)


def _field(button: Any) -> Any:
    """A read-only field after ``button``'s row of actions, for copying by hand."""
    row = button.parentElement
    field = row.parentElement.querySelector("textarea.share-field")
    if field is None:
        field = js.document.createElement("textarea")
        field.className = "share-field"
        field.readOnly = True
        field.rows = 3
        field.setAttribute("aria-label", _("Text to copy"))
        row.after(field)
    return field
