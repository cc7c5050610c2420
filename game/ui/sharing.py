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

from .dom import guarded

SAID_MS = 2000  # how long the button says what happened


def offer(button: Any, text: str, link: str, announce: Callable[[str], None]) -> None:
    """Share ``text`` and ``link`` (one string of lines when copied) from ``button``."""
    whole = f"{text}\n{link}" if text else link
    nav = js.navigator
    data = to_js({"text": text, "url": link}, dict_converter=js.Object.fromEntries)
    can_share = hasattr(nav, "share") and (not hasattr(nav, "canShare") or nav.canShare(data))

    def done(words: str) -> None:
        _flash(button, words)
        announce(words)

    def by_hand(_: object = None) -> None:
        field = _field(button)
        field.value = whole
        field.focus()
        field.select()
        announce("Copying is not allowed here: the text is selected, copy it by hand.")

    def copy(_: object = None) -> None:
        clipboard = getattr(nav, "clipboard", None)
        if clipboard is None or not hasattr(clipboard, "writeText"):
            by_hand()
            return
        clipboard.writeText(whole).then(
            create_once_callable(guarded(lambda _: done("Copied"))),
            create_once_callable(guarded(by_hand)),
        )

    if not can_share:
        copy()
        return

    def refused(error: Any) -> None:
        if getattr(error, "name", "") != "AbortError":  # the player closed the sheet: fine
            copy()

    nav.share(data).then(
        create_once_callable(guarded(lambda _: done("Shared"))),
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
        field.setAttribute("aria-label", "Text to copy")
        row.after(field)
    return field
