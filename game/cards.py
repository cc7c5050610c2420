"""Cards as small integers, and their text forms.

A card is ``rank_index * 4 + suit`` (0…51): rank_index 0 is the Ace, 12 the King; suits are
0 S, 1 H, 2 D, 3 C. A face-down card on the tableau or in the stock carries ``DOWN`` (64) on
top of its code, so one int says both what the card is and whether it shows; a face-down
code never satisfies any build table, which keeps move generation branch-free.
"""

from __future__ import annotations

from .i18n import pgettext

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
# English, for code; a player reads rank_name() and suit_name()
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


def face_rank(rank: int) -> str:
    """``10``, ``K``: a rank (0 the Ace) as a card's corner shows it, in the player's
    language (a French King is ``R``)."""
    if rank == ACE:
        # Translators: the letter of the Ace, Jack, Queen or King in a card's corner and in
        # messages naming a card ("K♠ cannot go on 7♥"): one letter, as your cards print it
        return pgettext("rank on a card", "A")
    if rank < 10:
        return str(rank + 1)
    courts = (
        pgettext("rank on a card", "J"),
        pgettext("rank on a card", "Q"),
        pgettext("rank on a card", "K"),
    )
    return courts[rank - 10]


def pretty(c: int) -> str:
    """``10♦``: how a message to a player names a card."""
    return face_rank(rank_of(c)) + SUIT_SYMBOLS[suit_of(c)]


def rank_name(rank: int) -> str:
    """``seven``: a rank (0 the Ace) as a card's spoken name says it."""
    names = (
        # Translators: a rank as a card's spoken name says it ({rank} in "{rank} of {suit}")
        pgettext("rank in a card name", "ace"),
        pgettext("rank in a card name", "two"),
        pgettext("rank in a card name", "three"),
        pgettext("rank in a card name", "four"),
        pgettext("rank in a card name", "five"),
        pgettext("rank in a card name", "six"),
        pgettext("rank in a card name", "seven"),
        pgettext("rank in a card name", "eight"),
        pgettext("rank in a card name", "nine"),
        pgettext("rank in a card name", "ten"),
        pgettext("rank in a card name", "jack"),
        pgettext("rank in a card name", "queen"),
        pgettext("rank in a card name", "king"),
    )
    return names[rank]


def suit_name(suit: int) -> str:
    """``hearts``: a suit (0 S, 1 H, 2 D, 3 C) as a card's spoken name says it."""
    names = (
        # Translators: a suit as a card's spoken name says it ({suit} in "{rank} of {suit}")
        pgettext("suit in a card name", "spades"),
        pgettext("suit in a card name", "hearts"),
        pgettext("suit in a card name", "diamonds"),
        pgettext("suit in a card name", "clubs"),
    )
    return names[suit]


def spoken(c: int) -> str:
    """``ten of diamonds``: the accessible name of a card."""
    # Translators: a card's spoken name, "seven of hearts", read by screen readers and in
    # messages; put {rank} and {suit} as your language says it (German "{suit}-{rank}")
    text = pgettext("card name", "{rank} of {suit}")
    return text.format(rank=rank_name(rank_of(c)), suit=suit_name(suit_of(c)))


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
