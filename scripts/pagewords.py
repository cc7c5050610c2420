"""The words of index.html: what static/paint.js translates before the first paint.

    PYTHONPATH=scripts pybabel extract -F babel.cfg …   (make pot: this is its HTML extractor)

The page's own markup holds the toolbar, the dialogs and the status row, drawn before Python
is up, so its text is translated by static/paint.js from the catalogs (static/boot/tables.js),
by the same rule as here:
- an attribute people read or hear (``title``, ``aria-label``, ``alt``, ``placeholder``,
  ``data-label``; a description meta tag's ``content``) is one message;
- an element whose children are text and plain inline tags (``<b>``, ``<em>``, ``<kbd>``:
  no attributes) is one message, its inner HTML with the tags in it, so that a translation
  may move them; any other text is one message per text node;
- whitespace runs are one space, ends trimmed; text without a letter is not a message;
  ``<script>``, ``<style>``, ``<svg>`` and anything marked ``translate="no"`` are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from typing import IO, Any

ATTRS = ("title", "aria-label", "alt", "placeholder", "data-label")
INLINE = ("b", "em", "kbd", "strong", "i", "code")
SKIP = ("script", "style", "svg")
VOID = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source")
LETTER = re.compile(r"[^\W\d_]")


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node | str] = field(default_factory=list)


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, 1)
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.getpos()[0])
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}, 0))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def squeeze(text: str) -> str:
    return " ".join(text.split())


def _inline(node: Node) -> bool:
    return node.tag in INLINE and not node.attrs and all(isinstance(c, str) for c in node.children)


def _unit(node: Node) -> bool:
    """Text and plain inline tags only, with at least one tag: one message, tags and all."""
    elements = [c for c in node.children if isinstance(c, Node)]
    return bool(elements) and all(_inline(c) for c in elements)


def inner(node: Node) -> str:
    """A unit's message: its inner HTML as a browser writes it, whitespace squeezed."""
    out = []
    for c in node.children:
        if isinstance(c, str):
            out.append(escape(c, quote=False))
        else:
            out.append(f"<{c.tag}>{escape(''.join(c.children), quote=False)}</{c.tag}>")  # type: ignore[arg-type]
    return squeeze("".join(out))


def messages(html: str) -> Iterator[tuple[int, str]]:
    """(line, message) for each message of a page, in document order."""
    tree = _Tree()
    tree.feed(html)
    tree.close()
    yield from _walk(tree.root)


def _walk(node: Node) -> Iterator[tuple[int, str]]:
    if node.tag in SKIP or node.attrs.get("translate") == "no":
        return
    for name in ATTRS:
        if LETTER.search(node.attrs.get(name, "")):
            yield node.line, squeeze(node.attrs[name])
    if node.tag == "meta" and node.attrs.get("name") == "description":
        yield node.line, squeeze(node.attrs.get("content", ""))
    if _unit(node):
        if LETTER.search(inner(node)):
            yield node.line, inner(node)
        return
    for child in node.children:
        if isinstance(child, Node):
            yield from _walk(child)
        elif LETTER.search(child):
            yield node.line, squeeze(child)


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for HTML pages (babel.cfg)."""
    for line, text in messages(fileobj.read().decode("utf-8")):
        yield line, None, text, []
