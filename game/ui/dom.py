"""Small helpers over the DOM proxies of Pyodide."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

_kept: list[Any] = []  # proxies of listeners that live as long as the page


def absent(value: Any) -> bool:
    """JS ``null`` arrives as ``jsnull`` (and ``undefined`` as None)."""
    return value is None or value is jsnull


def by_id(id_: str) -> Any:
    return js.document.getElementById(id_)


def listen(target: Any, event: str, fn: Any) -> None:
    """Call ``fn(event)`` on each ``event`` of ``target``, for the life of the page."""
    proxy = create_proxy(fn)
    _kept.append(proxy)
    target.addEventListener(event, proxy)
