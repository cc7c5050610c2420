"""HTML of the table and its cards, as strings (pure; one innerHTML write renders a pile).

A face-down card's markup carries nothing of its identity: no code, no label, no class.
Suits are inline SVG symbols defined once in index.html, crisp at any size.
"""

from __future__ import annotations

from html import escape

from ..cards import RANKS, SUITS, rank_of, spoken, suit_of

_FACE_RANKS = {10: "J", 11: "Q", 12: "K"}


def rank_text(c: int) -> str:
    r = rank_of(c)
    return "10" if r == 9 else RANKS[r]


def face_html(c: int) -> str:
    """The inside of a face-up card: two corner indices and a centre mark."""
    s = SUITS[suit_of(c)]
    pip = f'<svg class="pip" aria-hidden="true"><use href="#suit-{s}"/></svg>'
    corner = f'<span class="idx" aria-hidden="true"><b>{rank_text(c)}</b>{pip}</span>'
    centre = _FACE_RANKS.get(rank_of(c))
    middle = (
        f'<span class="court" aria-hidden="true">{centre}</span>'
        if centre
        else f'<svg class="mid" aria-hidden="true"><use href="#suit-{s}"/></svg>'
    )
    return corner + middle + corner.replace('class="idx"', 'class="idx flip"')


def card_attrs(c: int, up: bool) -> dict[str, str]:
    """Attributes of a card element; a face-down card gets only ``data-face``."""
    if not up:
        return {"data-face": "down", "aria-label": "face-down card"}
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
