"""What a hint says, pure: a sure hint, and one that replaces the guess shown before it.

A guess ("most promising") is said to be only that; when the solver's winning line then
comes, the hint is told again, and a different move never replaces the guess without a
word: it says that a winning line was found and that it replaces the move suggested.
"""

from __future__ import annotations

from ..i18n import _
from ..notation import Move


def sure_words(words: str, guessed: Move | None = None, move: Move | None = None) -> str:
    """``Hint: deal a card.``; after a guess (``guessed``), whether ``move`` is it."""
    if guessed is None:
        # Translators: {move} is a move in words: "Hint: 7♥ to column 3."
        text = _("Hint: {move}.")
    elif guessed == move:
        text = _(
            "Hint: {move} (the solver has found a winning line, and it starts with this move)."
        )
    else:
        text = _(
            "Hint: {move} (the solver has found a winning line, and it starts with this instead)."
        )
    return text.format(move=words)


def guess_words(words: str) -> str:
    """A guess, said to be only that."""
    # Translators: {move} is a move in words: "7♥ to column 3", "deal a card"
    return _("No winning line found yet; most promising: {move}.").format(move=words)
