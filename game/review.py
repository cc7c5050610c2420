"""Stepping through a game's record, move by move, forward and back (the replay viewer).

A review holds one game replayed to any point of its line: the moves before the point
are its history, the moves after it its redo stack, so a step is an undo or a redo and
"play from here" hands over a game that can still redo the rest.
"""

from __future__ import annotations

from typing import Any

from .cards import DOWN, pretty
from .i18n import _, ngettext, number
from .names import the
from .notation import STOCK, Move
from .records import new_game
from .state import Game


class Review:
    def __init__(self, game: Game, at: int | None = None) -> None:
        """The line of ``game`` (its moves, then the ones it could redo), at move ``at``
        (where the game stands, by default)."""
        self.line = [*game.moves, *game.redo_moves]
        self.game = fresh(game)
        for m in self.line:
            self.game.apply(self.game.resolve(m))
        self.at = self.total
        self.go(len(game.moves) if at is None else at)

    @property
    def total(self) -> int:
        return len(self.line)

    def go(self, at: int) -> None:
        """To the position after ``at`` moves (0: the deal), clamped to the line."""
        at = max(0, min(at, self.total))
        while self.at > at:
            self.game.undo()
            self.at -= 1
        while self.at < at:
            self.game.redo()
            self.at += 1

    def caption(self) -> str:
        """``Move 12 of 80: 7♥ to column 3``: where the review stands, in words."""
        total = self.total
        if total == 0:
            return _("The deal: no moves yet")
        if self.at == 0:
            text = ngettext(
                "The deal, before move 1 of {total}", "The deal, before move 1 of {total}", total
            )
            return text.format(total=number(total))
        self.game.undo()  # the move is told from the position it was played in
        words = describe(self.game, self.line[self.at - 1])
        self.game.redo()
        # Translators: where the replay stands: "Move 12 of 80: 7♥ to column 3"
        text = ngettext("Move {at} of {total}: {move}", "Move {at} of {total}: {move}", total)
        return text.format(at=number(self.at), total=number(total), move=words)

    def record(self) -> dict[str, Any]:
        """The record of the whole line."""
        return {**self.game.record(), "moves": [str(m) for m in self.line]}

    def playable(self) -> Game:
        """A game at this point of the line, the rest of the line on its redo stack."""
        game = fresh(self.game)
        for m in self.line:
            game.apply(game.resolve(m))
        for _step in range(self.total - self.at):
            game.undo()
        return game


def fresh(game: Game) -> Game:
    """The same deal and house rules, no move played."""
    return new_game(game.rules.name, game.deal, **dict.fromkeys(game.rules.active, True))


def describe(game: Game, move: Move) -> str:
    """``7♥ and the 2 above it to column 3``: a move in words, in the position it is
    played from. A card only ever moves face up, so this never names a face-down card."""
    src, dst, n = move
    if src == STOCK:
        if n:
            return _("deal a card")
        return _("redeal the fans") if game.rules.shuffle_redeals else _("turn the waste over")
    card, pile = pretty(game.piles[src][-n] & ~DOWN), the(game.rules, dst)
    if n == 1:
        # Translators: a move in words: "7♥ to column 3"
        return _("{card} to {pile}").format(card=card, pile=pile)
    # Translators: a move in words: "7♥ and the 2 above it to column 3" ({n} cards above it)
    text = ngettext(
        "{card} and the {n} above it to {pile}", "{card} and the {n} above it to {pile}", n - 1
    )
    return text.format(card=card, n=n - 1, pile=pile)
