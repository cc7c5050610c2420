"""What a hint says, pure: a sure hint, and one that replaces the guess shown before it.

A guess ("most promising") is said to be only that; when the solver's winning line then
comes, the hint is told again, and a different move never replaces the guess without a
word: it says that a winning line was found and that it replaces the move suggested.
"""

from __future__ import annotations

from ..notation import Move

REPLACED = "the solver has found a winning line, and it starts with this instead"
CONFIRMED = "the solver has found a winning line, and it starts with this move"


def sure_words(words: str, guessed: Move | None = None, move: Move | None = None) -> str:
    """``Hint: deal a card.``; after a guess (``guessed``), whether ``move`` is it."""
    if guessed is None:
        return f"Hint: {words}."
    why = CONFIRMED if guessed == move else REPLACED
    return f"Hint: {words} ({why})."


def guess_words(words: str) -> str:
    """A guess, said to be only that."""
    return f"No winning line found yet; most promising: {words}."
