"""How far apart the cards of a pile sit, and how large cards may be (pure: no browser).

A covered card shows a strip of itself, and the strip must hold its index (rank and suit,
game/ui/markup.py): in a column at least MIN_UP card heights of a face-up card, in a fan
at least MIN_STEP card widths. Within that, a pile uses the room there is: a short column
on a tall phone spreads out (up to MAX_UP), a long one closes up, face-down cards first.
Cards are as large as the longest pile allows: :func:`column_cap` and :func:`fan_cap` say how
large they may be (the table's --cap, game/ui/table.py), and the least spread is the last
resort when the cards are as small as they get (SMALLEST).
"""

from __future__ import annotations

UP, DOWN = 0.27, 0.11  # a column's offsets, in card heights, when room is no question
MAX_UP = 0.5  # a face-up card shows its index and its top pips, no more: the run reads
MIN_UP = 0.24  # the index (top 0.03 w, 0.28 w tall; h = 1.4 w) with a hair to spare
MIN_DOWN = 0.05  # a face-down card: its edge, so the player can count them
FAN, MIN_STEP = 0.52, 0.32  # a fan's step, in card widths; the least that shows an index
SMALLEST = 0.45  # cards never shrink below this share of the size the screen gives them
GROW = 1.12  # after a move, cards grow back only by this much at least (a strip or two)


def column(down: list[bool], room: float, card_h: float) -> list[float]:
    """The top of each card of a column, in pixels, for cards ``down`` (face down or not)
    with ``room`` pixels from the column's top to where it must end (its last card
    included)."""
    if not down:
        return []
    ups = sum(1 for d in down[:-1] if not d)
    downs = len(down) - 1 - ups
    free = room - card_h
    if ups + downs == 0:
        return [0.0]
    # Spread: face-up gaps grow up to MAX_UP as long as face-down ones keep DOWN.
    up, dn = UP, DOWN
    need = (ups * UP + downs * DOWN) * card_h
    if free > need and ups:
        up = min(MAX_UP, (free / card_h - downs * DOWN) / ups)
    elif free < need:
        # Close up: face-down gaps first, down to MIN_DOWN; then face-up ones, to MIN_UP.
        dn = max(MIN_DOWN, (free / card_h - ups * UP) / downs) if downs else DOWN
        if ups * UP + downs * dn > free / card_h:
            up = max(MIN_UP, (free / card_h - downs * dn) / ups) if ups else UP
        if ups * up + downs * dn > free / card_h:  # the least spread: cards must shrink
            up, dn = (MIN_UP, MIN_DOWN) if ups else (UP, MIN_DOWN)
            least = ups * up + downs * dn
            if least > 0 and free > 0:  # squeeze evenly rather than run off the table
                scale = free / card_h / least
                up, dn = up * scale, dn * scale
    tops, y = [], 0.0
    for d in down:
        tops.append(round(y, 1))
        y += (dn if d else up) * card_h
    return tops


def column_cap(down: list[bool], avail: float, tight: bool = False, above: int = 1) -> float:
    """The largest card height with which a column of cards ``down`` fits in ``avail``
    pixels at its usual offsets (the least, if ``tight``), the top rows above it included
    (``above`` card heights, plus the column's last card, plus the gaps)."""
    ups = sum(1 for d in down[:-1] if not d)
    downs = max(0, len(down) - 1 - ups)
    up, dn = (MIN_UP, MIN_DOWN) if tight else (UP, DOWN)
    return avail / (1 + above + ups * up + downs * dn)


def fan(n: int, width: float, card_w: float) -> list[float]:
    """The left of each of ``n`` cards of a fan ``width`` pixels wide."""
    room = width - card_w
    step = card_w * FAN
    if n > 1 and room < step * (n - 1):
        step = max(room, 0.0) / (n - 1)
    return [round(i * step, 1) for i in range(n)]


def fan_cap(n: int, width: float) -> float:
    """The largest card width with which a fan of ``n`` cards shows every index."""
    return width / (1 + MIN_STEP * max(n - 1, 0))


def resize(had_w: float, want_w: float, grow: float = 1.0) -> bool:
    """Should cards ``had_w`` wide become ``want_w`` wide? Always to shrink; to grow, only
    by ``grow`` times at least (after a move: a move and its undo do not resize every card
    twice, and every card restyled and rastered again is the costliest frame there is)."""
    return want_w < had_w or want_w >= had_w * grow
