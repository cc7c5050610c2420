"""The keys of the game (pure): one table drives both the key handler and the help list.

A binding names keys the way ``KeyboardEvent.key`` does, lower-cased (``arrowleft``,
``space``, ``z``), with ``ctrl+`` (Ctrl or ⌘) and ``ctrl+shift+`` when those matter.
Shift alone never matters: ``Z`` is ``z``, and ``?`` is its own key.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, _


class Binding(NamedTuple):
    command: str
    keys: tuple[str, ...]
    shown: str  # how the help writes the keys (N_: translated where shown)
    does: str


# The help writes the keys as keyboards label them (translated: German "Strg+Z"), letters
# as they are: the letter is the key.
BINDINGS = (
    # Translators: a key's name, as keyboards in your language label it (German "Tab")
    Binding("enter-table", (), N_("Tab"), N_("Go to the table and out of it (the table is one stop).")),
    Binding("left", ("arrowleft",), "←", N_("The pile to the left (from the first, the last).")),
    Binding("right", ("arrowright",), "→", N_("The pile to the right (from the last, the first).")),
    Binding("up", ("arrowup",), "↑", N_("The card below in the pile (deeper); at the end, the pile above.")),
    Binding("down", ("arrowdown",), "↓", N_("The card above in the pile; at the top card, the pile below.")),
    # Translators: a key's name, as keyboards in your language label it (German "Pos1")
    Binding("deepest", ("home",), N_("Home"), N_("The deepest face-up card of the pile.")),
    # Translators: a key's name, as keyboards in your language label it (German "Ende")
    Binding("top", ("end",), N_("End"), N_("The top card of the pile.")),
    Binding(
        "pick",
        ("space", "enter"),
        # Translators: keys' names, as keyboards label them (German "Leertaste oder Eingabe")
        N_("Space or Enter"),
        N_(
            "Pick up the card and those above it; on another pile, put them down there. "
            "On the stock: deal."
        ),
    ),
    # Translators: a key's name, as keyboards in your language label it (German "Esc")
    Binding("cancel", ("escape",), N_("Escape"), N_("Put the cards picked up back.")),
    Binding("foundation", ("f",), "F", N_("Send the card (or the cards picked up) to a foundation.")),
    Binding("move", ("m",), "M", N_("Move the card to its best place; again: the next place.")),
    Binding("deal", ("d",), "D", N_("Deal from the stock, turn the waste over, or redeal.")),
    # Translators: keys' names; the letters stay (German "Z oder Strg+Z")
    Binding("undo", ("z", "ctrl+z"), N_("Z or Ctrl+Z"), N_("Undo.")),
    # Translators: keys' names; the letters stay (German "Y, Strg+Y oder Strg+Umschalt+Z")
    Binding("redo", ("y", "ctrl+y", "ctrl+shift+z"), N_("Y, Ctrl+Y or Ctrl+Shift+Z"), N_("Redo.")),
    Binding("new", ("n",), "N", N_("New game.")),
    Binding("hint", ("h",), "H", N_("Hint.")),
    Binding("help", ("?",), "?", N_("These rules and keys.")),
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
    """(keys, what they do), in the order of the help list, in the player's language."""
    return [(_(b.shown), _(b.does)) for b in BINDINGS]
