"""Move text, position-free (like UCI in python-chess): ``t3>f``, ``w>t1``, ``t1>t4x3``, ``s``, ``r``.

Piles have fixed numbers in every game, so a move is three small ints and parses and prints
without a game: 0 the stock, 1 the waste, 2…9 foundations f1…f8, 10…27 tableau t1…t18.
"""

from __future__ import annotations

import re
import reprlib
from typing import NamedTuple

STOCK, WASTE, F0, T0 = 0, 1, 2, 10
MAX_FOUNDATIONS, MAX_TABLEAU = 8, 18
ANY_FOUNDATION = T0 + MAX_TABLEAU  # "f" in move text: whichever foundation takes the card


class GameError(ValueError):
    """Anything a player, a record or a bot got wrong; its message is one line."""


class NewerVersion(GameError):
    """Stored data written by a newer version of the page: left as it is, never replaced."""


def newer(version: object, ours: int) -> bool:
    """Is ``version`` (as read from stored JSON) a later one than ``ours``?"""
    return type(version) is int and version > ours


class IllegalMove(GameError):
    """A move the position does not allow, or text that is no move at all.

    ``reason`` says why, in words a player reads; ``move`` is the move as printed when
    there was one to name (``t1>t4``), else None. The message is ``move: reason``.
    """

    def __init__(self, reason: str, move: str | None = None) -> None:
        super().__init__(f"{move}: {reason}" if move else reason)
        self.reason, self.move = reason, move


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40


def shown(value: object) -> str:
    """A short one-line repr of a value from outside, for a message; never raises.

    Plain ``repr`` of hostile input can be megabytes long, recurse too deep (nested lists)
    or refuse outright (ints over 4300 digits).
    """
    if type(value) is int and abs(value) >= 10**40:
        return f"a {value.bit_length()}-bit number"
    try:
        return _SHORT.repr(value).replace("\n", "\\n")
    except Exception:
        return f"a {type(value).__name__}"


def pile_name(pile: int) -> str:
    if pile == STOCK:
        return "s"
    if pile == WASTE:
        return "w"
    if pile == ANY_FOUNDATION:
        return "f"
    if pile < T0:
        return f"f{pile - F0 + 1}"
    return f"t{pile - T0 + 1}"


class Move(NamedTuple):
    """A move: ``n`` cards from pile ``src`` to pile ``dst``.

    Equal (and hashing equal) to the plain ``(src, dst, n)`` tuple the engine uses inside.
    Dealing one card is ``(STOCK, WASTE, 1)``; a redeal is ``(STOCK, STOCK, 0)``.
    """

    src: int
    dst: int
    n: int = 1

    def __str__(self) -> str:
        if self in (DEAL, REDEAL):
            return "s" if self.n else "r"
        text = f"{pile_name(self.src)}>{pile_name(self.dst)}"
        return f"{text}x{self.n}" if self.n > 1 else text

    @classmethod
    def parse(cls, text: str) -> Move:
        return parse_move(text)


DEAL = Move(STOCK, WASTE, 1)
REDEAL = Move(STOCK, STOCK, 0)

# Cards leave the waste, a foundation (to be refused) or the tableau; "s" and "r" are whole
# moves of their own, and "f" (whichever foundation takes the card) is a destination only.
_SRC = r"(w|f[1-8]|t(?:1[0-8]|[1-9]))"
_DST = r"(s|w|f[1-8]?|t(?:1[0-8]|[1-9]))"
_MOVE = re.compile(rf"{_SRC}>{_DST}(?:x([2-9]|[1-9][0-9]))?")  # runs: at most 13 in practice


def parse_pile(text: str) -> int:
    if text == "s":
        return STOCK
    if text == "w":
        return WASTE
    if text == "f":
        return ANY_FOUNDATION
    number = int(text[1:])
    return (F0 if text[0] == "f" else T0) + number - 1


def parse_move(text: object) -> Move:
    """Parse move text; raises :class:`IllegalMove` (one line) when it is not a move at all."""
    if not isinstance(text, str):
        raise IllegalMove(f"a move is text like 't3>f', not {type(text).__name__}")
    t = text.strip()
    if t == "s":
        return DEAL
    if t == "r":
        return REDEAL
    m = _MOVE.fullmatch(t)
    if m is None:
        head = t if len(t) <= 20 else t[:20] + "…"
        raise IllegalMove(
            f"{head!r} is not a move (write e.g. t3>f, w>t1, t1>t4x3, s to deal, r to redeal)"
        )
    return Move(parse_pile(m[1]), parse_pile(m[2]), int(m[3] or 1))


def sentence(text: str) -> str:
    """``9♣ cannot go on J♠`` → ``9♣ cannot go on J♠.``: a message shown as a sentence;
    only the first letter is raised."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."
