"""Small helpers over the DOM proxies of Pyodide."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

from ..i18n import _

_kept: list[Any] = []  # proxies of listeners that live as long as the page


def absent(value: Any) -> bool:
    """JS ``null`` arrives as ``jsnull`` (and ``undefined`` as None)."""
    return value is None or value is jsnull


def by_id(id_: str) -> Any:
    return js.document.getElementById(id_)


def guarded(fn: Callable[..., object]) -> Callable[..., None]:
    """``fn``, but a bug in it is logged and told in one line instead of breaking the page."""

    def run(*args: Any) -> None:
        try:
            fn(*args)
        except Exception as e:  # the page must go on whatever went wrong
            js.console.error(traceback.format_exc())
            line = by_id("status-line")
            if not absent(line):
                # Translators: {error} is the name of the error, in English ("TypeError")
                said = _("Something went wrong ({error}); the game is safe.")
                line.textContent = said.format(error=type(e).__name__)

    return run


def listen(target: Any, event: str, fn: Callable[..., object]) -> None:
    """Call ``fn(event)`` on each ``event`` of ``target``, for the life of the page."""
    proxy = create_proxy(guarded(fn))
    _kept.append(proxy)
    target.addEventListener(event, proxy)


def json_of(value: Any) -> Any:
    """A JavaScript value as JSON gives it back (dict, list, str, number, None); None for
    one JSON cannot hold (undefined, a cycle, a BigInt…)."""
    try:
        text = js.JSON.stringify(value)
        return None if text is None else json.loads(str(text))
    except Exception:
        return None
