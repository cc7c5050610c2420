"""JSON text from outside (stored, imported), parsed without ever blowing the stack.

CPython turns ``[[[[…`` nested deeper than its recursion limit into a RecursionError, but
under Pyodide the WebAssembly stack runs out first and the page dies with "Maximum call
stack size exceeded". So the nesting is measured first, without recursion.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .i18n import ngettext

MAX_DEPTH = 32  # far deeper than any settings, statistics or record the game writes
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text`` (brackets inside strings skipped)."""
    deepest = level = 0
    for b in _BRACKET.findall(_STRING.sub("", text)):
        level += 1 if b in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def parse(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads``, but ValueError for text nested deeper than ``max_depth``."""
    if depth(text) > max_depth:
        said = ngettext("nested more than {n} deep", "nested more than {n} deep", max_depth)
        raise ValueError(said.format(n=max_depth))
    return json.loads(text)
