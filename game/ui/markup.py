"""HTML of the table and its cards, as strings (pure; one innerHTML write renders a pile).

A face-down card's markup carries nothing of its identity: no code, no label, no class.
Suits are inline SVG symbols defined once in index.html, crisp at any size. The empty
table of each game is also drawn at build time, for the page's first paint
(scripts/paint.py, static/paint.js).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape

from ..cards import RANKS, SUITS, face_rank, rank_of, spoken, suit_of
from ..i18n import _, language, ngettext
from ..names import number
from ..notation import STOCK, WASTE, pile_name
from ..state import Game
from .voice import pile_label

STACK_SHOWN = 2  # a stack (stock, waste, foundation) paints its top cards only: table.py

_FACE_RANKS = {10: "J", 11: "Q", 12: "K"}
# Where the pips of A-10 sit, as on printed cards: a column (l, c, r) and a row of the pip
# field (t0 top, t4 middle, t8 bottom; t1 1/6, t2 1/4, t3 1/3, and mirrored below the
# middle, where pips stand upside down: v). The ace has one big pip.
_PIPS = {
    1: "c0 c8",
    2: "c0 c4 c8",
    3: "l0 r0 l8 r8",
    4: "l0 r0 c4 l8 r8",
    5: "l0 r0 l4 r4 l8 r8",
    6: "l0 r0 c2 l4 r4 l8 r8",
    7: "l0 r0 c2 l4 r4 c6 l8 r8",
    8: "l0 r0 l3 r3 c4 l5 r5 l8 r8",
    9: "l0 r0 c1 l3 r3 l5 r5 c7 l8 r8",
}
# Classes of a moment (a pile is .flying while a card glides to it: table.py)
PASSING = frozenset({"held", "hint", "hint-target", "dragging", "drop-ok", "flying"})
_DIV = re.compile(r"<div\b[^>]*>")  # the table's own elements: board, rows, piles, cards
_STYLE = re.compile(r'\sstyle="([^"]*)"')
_TABINDEX = re.compile(r'\stabindex="[^"]*"')
_CLASS = re.compile(r'\sclass="([^"]*)"')


def rank_text(c: int) -> str:
    """The rank in a card's corner, in the player's language's letters (a German Queen: D)."""
    return face_rank(rank_of(c))


def face_html(c: int) -> str:
    return _face_html(c, language())


@cache
def _face_html(c: int, lang: str) -> str:
    """The inside of a face-up card (built once per face): the index in the top-left corner,
    rank and suit, all a covered card shows (table.css stacks them in a fan's left strip and
    sets them side by side in a column's top strip); then the pips of A-10, or a court's
    panel: a big letter under its own emblem (``#suit-court-J``, ``-Q``, ``-K``: static/paint.js
    lets a kept table link to ``#suit-`` marks only)."""
    r, s = rank_of(c), SUITS[suit_of(c)]
    use = f'<use href="#suit-{s}"/>'
    corner = f'<span class="idx" aria-hidden="true"><b>{rank_text(c)}</b><svg>{use}</svg></span>'
    court = _FACE_RANKS.get(r)
    if court:
        return (
            f'{corner}<span class="court {court}" aria-hidden="true">'
            f'<svg><use href="#suit-court-{court}"/></svg><b>{rank_text(c)}</b></span>'
        )
    places = _PIPS[r].split() if r else ["ace"]
    pips = "".join(f'<svg class="{_pip_class(p)}">{use}</svg>' for p in places)
    return f'{corner}<span class="pips" aria-hidden="true">{pips}</span>'


def _pip_class(place: str) -> str:
    """``"l5"`` -> ``"l t5 v"``: column, row, and upside down below the middle."""
    if place == "ace":
        return place
    column, row = place[0], int(place[1])
    return f"{column} t{row}" + (" v" if row > 4 else "")


def card_attrs(c: int, up: bool) -> dict[str, str]:
    """Attributes of a card element; a face-down card gets only ``data-face``."""
    if not up:
        return {"data-face": "down", "aria-label": _("face-down card")}
    code = RANKS[rank_of(c)] + SUITS[suit_of(c)]
    return {
        "data-face": "up",
        "data-card": code,
        "data-suit": SUITS[suit_of(c)],
        "aria-label": spoken(c),
    }


def card_html(c: int, up: bool, extra: str = "") -> str:
    attrs = " ".join(f'{k}="{escape(v)}"' for k, v in card_attrs(c, up).items())
    inner = face_html(c) if up else ""
    return f'<div class="card" role="img" {attrs}{extra}>{inner}</div>'


@dataclass(frozen=True)
class Look:
    """The table element of a game, its piles laid out and empty."""

    classes: str  # its class attribute
    props: dict[str, str]  # CSS custom properties set on it: what sizes the cards
    html: str  # what it holds: the board and its piles


def table_look(game: Game, stock: tuple[int, ...] = ()) -> Look:
    """The table of ``game``'s rules: stock and waste (if it has a stock), foundations,
    tableau piles (columns, or Linus's fans), each marked with what fills it when empty;
    the stock holding ``stock``'s top STACK_SHOWN cards, face down (the first paint's)."""
    rules = game.rules
    fans = rules.passes == 0
    top = ""
    if not fans:
        top += _pile_html(game, STOCK, "stock", stock) + _pile_html(game, WASTE, "waste")
    founds = "".join(_pile_html(game, f, "foundation") for f in game.found)
    top += f'<div class="foundations">{founds}</div>'
    kings = {"KINGS": "kings", "NONE": "closed"}.get(rules.empty.name, "any")
    kind = f"{'fan' if fans else 'column'} empty-{kings}"
    tableau = "".join(_pile_html(game, t, kind) for t in game.tab)
    props = {} if fans else {"--cols": str(len(rules.tableau))}
    # role=application: a screen reader hands the keys to the page (keys.py) in here
    # Translators: what a screen reader calls the table where the cards lie
    label = escape(_("Cards"))
    return Look(
        classes=f"table game-{rules.name} {'fans' if fans else 'columns'}",
        props={**props, "--founds": str(rules.foundations)},
        html=(
            f'<div class="board" role="application" aria-label="{label}" '
            f'aria-describedby="keys-brief"><div class="top">{top}</div>'
            f'<div class="tableau">{tableau}</div></div>'
        ),
    )


def first_look(game: Game) -> Look:
    """The table the first paint draws before Python deals (scripts/paint.py): empty but
    for the stock, whose cards lie face down the same in every deal of a game."""
    return table_look(game, game.piles[STOCK] if game.rules.passes != 0 else ())


def _pile_html(game: Game, pile: int, kind: str, cards: tuple[int, ...] = ()) -> str:
    """A pile holding ``cards`` face down (its top STACK_SHOWN: the rest lie hidden under
    them, as game/ui/table.py stacks them), or empty; a foundation or a tableau pile wears
    its number (game/names.py), which its label already says: a screen reader skips it."""
    n = number(game.rules, pile)
    mark = "" if n is None else f'<span class="pile-name" aria-hidden="true">{n}</span>'
    backs = "".join(card_html(c, False) for c in cards[-STACK_SHOWN:])
    return (
        f'<div class="pile {kind}" data-pile="{pile_name(pile)}" role="group" '
        f'aria-label="{escape(pile_label(game, pile, cards))}">{mark}{backs}</div>'
    )


def redeal_text(game: Game) -> str:
    """The Redeal button of a game whose house rules shuffle the fans (Linus, ``pgs``)."""
    left = game.redeals_left or 0
    # Translators: a button (with an icon); keep it short
    return ngettext("Redeal ({n} left)", "Redeal ({n} left)", left).format(n=left)


def kept_markup(html: str) -> tuple[str, list[str]]:
    """The table's markup as the browser gives it (innerHTML), fit to be drawn again at the
    next visit's first paint: without style attributes (the CSP refuses them in markup;
    each card's comes apart, in order), focus (tabindex) or classes of a moment."""
    places: list[str] = []

    def plain(tag: re.Match[str]) -> str:
        text = tag.group(0)
        style, names = _STYLE.search(text), _CLASS.search(text)
        classes = names.group(1).split() if names else []
        if classes[:1] == ["card"]:
            places.append(style.group(1) if style else "")
        text = _TABINDEX.sub("", _STYLE.sub("", text))
        kept = " ".join(c for c in classes if c not in PASSING)
        return _CLASS.sub(f' class="{kept}"', text) if names else text

    return _DIV.sub(plain, html), places
