"""The first visit's welcome, its words and its one stored flag (pure; welcome.py shows it).

The four games in a sentence each (game/help.py's ``in_brief``, from each declaration, after
its ``blurb``; a phone shows the blurb only) and how to play at a glance, in one phone
screen; the goal's detail and every key (keymap.py) are in Rules, a tap away. The flag says the welcome was seen; it is a
versioned record like the page's other entries, and whatever else is stored there (damaged,
a newer page's) also means "seen": a welcome shown twice is the worse mistake, and Rules
shows it again on request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape

from ..help import in_brief
from ..i18n import _
from ..rules import GAMES
from .keymap import BINDINGS

KEY = "solitaire/welcome"
VERSION = 1
# A player from before the welcome existed has one of these: they are not new here.
RETURNING = ("solitaire/current", "solitaire/stats", "solitaire/settings")


def record() -> str:
    """What is stored once the welcome has been shown."""
    return json.dumps({"version": VERSION, "seen": True}, separators=(",", ":"))


def seen(text: str | None) -> bool:
    """Whether the stored ``text`` says the welcome was seen. Anything stored does: this
    page's record, a newer page's (left as it is) or a damaged one (written here all the
    same); never read as JSON, it cannot fail."""
    return text is not None


def due(query: Mapping[str, str], stored: Mapping[str, str | None]) -> bool:
    """Show the welcome on this visit? Not in the embedded page, not when the URL asks for a
    game or a deal (a shared link: its sender chose), not once it was seen, and not for a
    player who was here before it existed (``stored``: the entries under RETURNING and KEY
    as the page reads them; a key missing from it is taken as stored)."""
    if query.get("embed") == "1" or "game" in query or "deal" in query:
        return False
    if any(stored.get(key, "") is not None for key in RETURNING):
        return False
    return not seen(stored.get(KEY, ""))


def games_html() -> str:
    """A button per game, its blurb and its rules in one sentence."""
    items = []
    for name, rules in GAMES.items():
        about = f"welcome-about-{name}"
        play = _("Play {game}").format(game=escape(_(rules.title)))
        items.append(
            f'<li><button type="button" data-game="{name}" aria-describedby="{about}">'
            f"{play}</button>"
            f'<p id="{about}"><b>{escape(_(rules.blurb))}</b> '
            f'<span class="brief">{escape(in_brief(rules))}</span></p></li>'
        )
    return f'<ul class="welcome-games">{"".join(items)}</ul>'


def keys_of(commands: tuple[str, ...]) -> str:
    """``← → ↑ ↓``: the keys of ``commands`` as the help writes them (keymap.py)."""
    shown = {b.command: b.shown for b in BINDINGS}
    return " ".join(_(shown[c]) for c in commands)


def brief_html() -> str:
    """How to play at a glance: a line for pointer and touch, one for the keys."""
    pointer = _(
        "<b>Drag</b> a card onto another pile, or <b>tap</b> it to send it to its best place. "
        "<b>Tap the stock</b> to deal."
    )
    # Translators: {key} is the key that lists every key ("?")
    keys = _(
        "Undo as often as you like; ask for a <b>Hint</b> when stuck. <kbd>{key}</kbd> lists "
        "every key."
    ).format(key=escape(keys_of(("help",))))
    return f'<ul class="welcome-how"><li>{pointer}</li><li>{keys}</li></ul>'


def body_html() -> str:
    """Everything under the dialog's heading, above its buttons: one screen on a phone
    (the goal's picture and every key are in Rules, a tap away)."""
    intro = _("Four patience games: build each suit up from Ace to King. Choose one:")
    return f"<p>{intro}</p>{games_html()}{brief_html()}"
