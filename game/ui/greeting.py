"""The first visit's welcome, its words and its one stored flag (pure; welcome.py shows it).

The four games in a sentence each (game/help.py's ``in_brief``, from each declaration, after
its ``blurb``), a picture of a won game drawn with the real card faces, and how to play:
pointer, touch and the real keys (keymap.py). The flag says the welcome was seen; it is a
versioned record like the page's other entries, and whatever else is stored there (damaged,
a newer page's) also means "seen": a welcome shown twice is the worse mistake, and Rules
shows it again on request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape

from ..cards import KING, SUITS, card, suit_of
from ..help import in_brief
from ..rules import GAMES
from .keymap import BINDINGS
from .markup import face_html

KEY = "solitaire/welcome"
VERSION = 1
# A player from before the welcome existed has one of these: they are not new here.
RETURNING = ("solitaire/current", "solitaire/stats", "solitaire/settings")
# The keys the welcome names (keymap.py writes them), and what each does, in brief.
KEYS = (
    (("left", "right", "up", "down"), "choose a card"),
    (("pick",), "pick up, put down"),
    (("foundation",), "to a foundation"),
    (("move",), "to its best place"),
    (("deal",), "deal"),
    (("undo",), "undo"),
    (("hint",), "hint"),
    (("help",), "the rules and every key"),
)


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
        items.append(
            f'<li><button type="button" data-game="{name}" aria-describedby="{about}">'
            f"Play {escape(rules.title)}</button>"
            f'<p id="{about}"><b>{escape(rules.blurb)}</b> {escape(in_brief(rules))}</p></li>'
        )
    return f'<ul class="welcome-games">{"".join(items)}</ul>'


def _face(c: int) -> str:
    return f'<div class="card" data-face="up" data-suit="{SUITS[suit_of(c)]}">{face_html(c)}</div>'


def done_html() -> str:
    """The picture of a won game: a foundation built from Ace to King in one suit, and the
    four foundations, each with its King on top."""
    run = "".join(_face(card(rank, 1)) for rank in range(KING + 1))
    kings = "".join(f'<div class="done-pile">{_face(card(KING, s))}</div>' for s in range(4))
    return (
        '<div class="welcome-done">'
        '<figure><div class="done-run" role="img" '
        'aria-label="The ace, two, three and so on up to the king of hearts">'
        f"{run}</div><figcaption>Each foundation: one suit, Ace up to King.</figcaption>"
        "</figure>"
        '<figure><div class="done-kings" role="img" '
        'aria-label="Four foundations, a king on top of each">'
        f"{kings}</div><figcaption>Done: all four foundations end in a King "
        "(Unlimited: eight, from two decks).</figcaption></figure></div>"
    )


def keys_of(commands: tuple[str, ...]) -> str:
    """``← → ↑ ↓``: the keys of ``commands`` as the help writes them (keymap.py)."""
    shown = {b.command: b.shown for b in BINDINGS}
    return " ".join(shown[c] for c in commands)


def how_html() -> str:
    """How to play: pointer and touch, then the main keys."""
    ways = (
        ("Drag", "a card, with the cards on it, onto another pile."),
        ("Tap, click or double-tap", "a card to send it to its best place; again: the next."),
        ("Tap the stock", "to deal. Undo as often as you like; ask for a Hint when stuck."),
    )
    items = "".join(f"<li><b>{escape(w)}</b> {escape(does)}</li>" for w, does in ways)
    keys = "; ".join(
        f"<kbd>{escape(keys_of(commands))}</kbd> {escape(does)}" for commands, does in KEYS
    )
    return f'<ul class="welcome-how">{items}<li><b>Keys:</b> {keys}.</li></ul>'


def body_html() -> str:
    """Everything under the dialog's heading, above its Skip button."""
    return (
        "<p>Four patience games, played by touch, mouse or keyboard. Choose one to start; "
        "the game menu at the top switches at any time.</p>"
        f'{games_html()}<div class="welcome-more">'
        f"<section><h3>The goal</h3>{done_html()}</section>"
        f"<section><h3>How to play</h3>{how_html()}</section></div>"
    )
