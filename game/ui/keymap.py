"""The keys of the game (pure): one table drives both the key handler and the help list.

A binding names keys the way ``KeyboardEvent.key`` does, lower-cased (``arrowleft``,
``space``, ``z``), with ``ctrl+`` (Ctrl or ⌘) and ``ctrl+shift+`` when those matter.
Shift alone never matters: ``Z`` is ``z``, and ``?`` is its own key.
"""

from __future__ import annotations

from typing import NamedTuple


class Binding(NamedTuple):
    command: str
    keys: tuple[str, ...]
    shown: str  # how the help writes the keys
    does: str


BINDINGS = (
    Binding("enter-table", (), "Tab", "Go to the table and out of it (the table is one stop)."),
    Binding("left", ("arrowleft",), "←", "The pile to the left (from the first, the last)."),
    Binding("right", ("arrowright",), "→", "The pile to the right (from the last, the first)."),
    Binding("up", ("arrowup",), "↑", "The card below in the pile (deeper); at the end, the pile above."),
    Binding("down", ("arrowdown",), "↓", "The card above in the pile; at the top card, the pile below."),
    Binding("deepest", ("home",), "Home", "The deepest face-up card of the pile."),
    Binding("top", ("end",), "End", "The top card of the pile."),
    Binding(
        "pick",
        ("space", "enter"),
        "Space or Enter",
        "Pick up the card and those above it; on another pile, put them down there. "
        "On the stock: deal.",
    ),
    Binding("cancel", ("escape",), "Escape", "Put the cards picked up back."),
    Binding("foundation", ("f",), "F", "Send the card (or the cards picked up) to a foundation."),
    Binding("move", ("m",), "M", "Move the card to its best place; again: the next place."),
    Binding("deal", ("d",), "D", "Deal from the stock, turn the waste over, or redeal."),
    Binding("undo", ("z", "ctrl+z"), "Z or Ctrl+Z", "Undo."),
    Binding("redo", ("y", "ctrl+y", "ctrl+shift+z"), "Y, Ctrl+Y or Ctrl+Shift+Z", "Redo."),
    Binding("new", ("n",), "N", "New game."),
    Binding("hint", ("h",), "H", "Hint."),
    Binding("help", ("?",), "?", "These rules and keys."),
)  # fmt: skip

_BY_KEY = {key: b.command for b in BINDINGS for key in b.keys}


def key_name(key: str, ctrl: bool, shift: bool) -> str:
    """``KeyboardEvent`` fields → a name as bindings write it."""
    k = "space" if key == " " else key.lower()
    if not ctrl:
        return k
    return ("ctrl+shift+" if shift else "ctrl+") + k


def command_of(key: str, ctrl: bool = False, shift: bool = False) -> str | None:
    """The command a key press asks for, or None (the key is the browser's)."""
    return _BY_KEY.get(key_name(key, ctrl, shift))


def shortcuts(command: str) -> str:
    """The keys of ``command`` as ``aria-keyshortcuts`` writes them: ``Z Control+Z``."""
    out = []
    for b in BINDINGS:
        if b.command == command:
            for key in b.keys:
                *mods, k = key.split("+")
                names = [{"ctrl": "Control", "shift": "Shift"}[m] for m in mods]
                out.append("+".join([*names, k.upper() if len(k) == 1 else k.capitalize()]))
    return " ".join(out)


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do), in the order of the help list."""
    return [(b.shown, b.does) for b in BINDINGS]
