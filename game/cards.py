"""Cards as small integers, and their text forms.

A card is ``rank_index * 4 + suit`` (0…51): rank_index 0 is the Ace, 12 the King; suits are
0 S, 1 H, 2 D, 3 C. A face-down card on the tableau or in the stock carries ``DOWN`` (64) on
top of its code, so one int says both what the card is and whether it shows; a face-down
code never satisfies any build table, which keeps move generation branch-free.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip

DOWN = 64  # flag: the card is face down
KING = 12  # rank index of a King
ACE = 0
SPAN = 128  # table size: every code, face-up or face-down


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank_of(c: int) -> int:
    return (c & 63) >> 2


def suit_of(c: int) -> int:
    return c & 3


def is_red(c: int) -> bool:
    return (c & 3) in (1, 2)


def is_down(c: int) -> bool:
    return c >= DOWN


def code(c: int) -> str:
    """``TD`` for the ten of diamonds; lower case (``td``) when face down."""
    text = RANKS[rank_of(c)] + SUITS[suit_of(c)]
    return text.lower() if c >= DOWN else text


def pretty(c: int) -> str:
    """``10♦``: how a message to a player names a card."""
    r = rank_of(c)
    return ("10" if r == 9 else RANKS[r]) + SUIT_SYMBOLS[suit_of(c)]


def spoken(c: int) -> str:
    """``ten of diamonds``: the accessible name of a card."""
    return f"{RANK_NAMES[rank_of(c)]} of {SUIT_NAMES[suit_of(c)]}"


def parse_card(text: str) -> int:
    """Inverse of :func:`code`; lower case gives a face-down card."""
    if len(text) != 2 or text[0].upper() not in RANKS or text[1].upper() not in SUITS:
        raise ValueError(f"{text!r} is not a card (expected e.g. AS, TD, qh)")
    c = card(RANKS.index(text[0].upper()), SUITS.index(text[1].upper()))
    if text.islower():  # "9s" counts as lower case too
        return c | DOWN
    if not text.isupper():
        raise ValueError(f"{text!r} mixes cases (face up is TS, face down is ts)")
    return c


def deck(decks: int = 1) -> list[int]:
    """Unshuffled: per deck, suits S H D C, each Ace to King."""
    return [card(r, s) for _ in range(decks) for s in range(4) for r in range(13)]
