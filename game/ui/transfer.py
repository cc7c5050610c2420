"""Record files in and out of the page: a download, a file picked or dropped.

Checking a file's content is the engine's (game/transfer.py); this module only moves
bytes: a Blob and an ``<a download>`` out, a File's text in (its size is looked at first,
so a huge file is refused without being read).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ..i18n import _
from ..records import RecordError
from ..state import Game
from ..transfer import check_size, read_file
from .dom import absent, guarded, listen

Opened = Callable[[Game, str], None]  # the game a file holds, and the file's name
Refused = Callable[[str], None]  # one line: which file, and what is wrong with it


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file called ``name`` (the browser saves it, or asks where)."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([text]), options)
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href, link.download = url, name
    link.hidden = True
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 0)


def open_file(file: Any, opened: Opened, refused: Refused) -> None:
    """Read a File and check it as a record; exactly one of the callbacks is called."""
    # Translators: stands for a file's name, which a file dropped may lack, in sentences
    # such as "{file} was not opened: {reason}"
    name = _short(str(file.name)) or _("the file")

    def refuse(reason: str) -> None:
        # Translators: {reason} says what is wrong with the file
        refused(_("{file} was not opened: {reason}").format(file=name, reason=reason))

    try:
        check_size(int(file.size))
    except RecordError as e:
        refuse(str(e))
        return

    def got(text: Any) -> None:
        try:
            game = read_file(text)
        except RecordError as e:
            refuse(str(e))
            return
        opened(game, name)

    def failed(error: Any) -> None:
        refuse(_("the browser could not read it ({error})").format(error=error))

    file.text().then(create_once_callable(guarded(got)), create_once_callable(guarded(failed)))


def bind_picker(button: Any, picker: Any, opened: Opened, refused: Refused) -> None:
    """A button that opens a file picker (a hidden ``<input type=file>``)."""
    listen(button, "click", lambda e: picker.click())

    def picked(event: Any) -> None:
        files = picker.files
        if not absent(files) and files.length:
            open_file(files.item(0), opened, refused)
        picker.value = ""  # the same file picked again is a new choice

    listen(picker, "change", picked)


DROP_HINT_MS = 250  # the hint goes this long after the last dragover (left, or cancelled)


def bind_drop(target: Any, opened: Opened, refused: Refused) -> None:
    """Dropping a file anywhere on ``target`` opens it (other drags are left alone); while
    a file is dragged over the page, ``body[data-drop]`` shows where it may go."""
    body = js.document.body
    timer: list[Any] = [None]
    unhint = create_proxy(lambda: body.removeAttribute("data-drop"))

    def carries_files(event: Any) -> bool:
        data = event.dataTransfer
        return not absent(data) and "Files" in list(data.types)

    def over(event: Any) -> None:
        if carries_files(event):
            event.preventDefault()  # without this the browser would open the file itself
            event.dataTransfer.dropEffect = "copy"
            body.dataset.drop = "on"
            js.clearTimeout(timer[0])
            timer[0] = js.setTimeout(unhint, DROP_HINT_MS)

    def dropped(event: Any) -> None:
        if not carries_files(event):
            return
        event.preventDefault()
        body.removeAttribute("data-drop")
        files = event.dataTransfer.files
        if files.length:
            open_file(files.item(0), opened, refused)

    listen(target, "dragover", over)
    listen(target, "drop", dropped)


def _short(name: str) -> str:
    return name if len(name) <= 60 else name[:40] + "…" + name[-16:]
