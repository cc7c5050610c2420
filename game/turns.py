"""Undo steps: what one Undo takes back and one Redo plays again.

A player's move and the auto-moves it sets off are one step; so are the deal's own
auto-moves, which are a step Undo never takes back (they were not the player's). The
engine's :class:`~game.state.Game` undoes one move at a time; :class:`Turns` groups them.
The page, the saved game (saved.py) and the replay viewer's "play from here" share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .i18n import _
from .state import Game


@dataclass
class Turns:
    """Moves per undo step. ``done``: oldest first; ``undone``: the redo stack, the next
    to redo last; ``dealt``: the moves made with the deal, ``done[0]``, or 0 for none."""

    done: list[int] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    dealt: int = 0

    @classmethod
    def fitted(
        cls,
        game: Game,
        done: list[int] | None = None,
        undone: list[int] | None = None,
        dealt: int = 0,
    ) -> Turns:
        """Steps for ``game`` as it stands (its moves, and its redo stack): those given
        when they add up to them, else one move a step; ``dealt`` only as the first."""
        given = cls(list(done or []), list(undone or []))
        if not given.fits(game):
            given = cls([1] * len(game.moves), [1] * len(game.redo_moves))
        given.dealt = dealt if dealt and given.done[:1] == [dealt] else 0
        return given

    def fits(self, game: Game) -> bool:
        """Do the steps add up to ``game``'s moves and to its redo stack?"""
        return (sum(self.done), sum(self.undone)) == (len(game.moves), len(game.redo_moves))

    # -- playing -----------------------------------------------------------------------

    def played(self, moves: int, dealing: bool = False) -> None:
        """``moves`` engine moves were just played as one step (none: no step); the redo
        stack goes. ``dealing``: they are the deal's own auto-moves."""
        if moves:
            self.done.append(moves)
            self.undone.clear()
            if dealing:
                self.dealt = moves

    @property
    def undoable(self) -> int:
        """Steps Undo may take back: all but the deal's own."""
        return len(self.done) - (1 if self.dealt else 0)

    def undo(self, game: Game) -> int:
        """Take the last step back in ``game``; the moves it undid (0: nothing to undo)."""
        if self.undoable <= 0:
            return 0
        n = self.done.pop()
        for _move in range(n):
            game.undo()
        self.undone.append(n)
        return n

    def redo(self, game: Game) -> int:
        """Play the next undone step again in ``game``; its moves (0: nothing to redo)."""
        if not self.undone:
            return 0
        n = self.undone.pop()
        for _move in range(n):
            game.redo()
        self.done.append(n)
        return n

    def made(self, game: Game) -> int:
        """The moves the player has made (and set off): the deal's own are not counted."""
        return len(game.moves) - self.dealt

    @property
    def last(self) -> int:
        """The moves of the last step (0: none)."""
        return self.done[-1] if self.done else 0

    # -- cutting, keeping ---------------------------------------------------------------

    def cut(self, at: int) -> Turns:
        """The steps of this game's line played from move ``at`` (the replay viewer's
        "play from here"): those before it, and the rest to redo; a step cut through
        becomes two. The deal's own step stays out of Undo's reach unless cut."""
        before: list[int] = []
        after: list[int] = []
        total = 0
        for k in [*self.done, *self.undone[::-1]]:
            if total + k <= at:
                before.append(k)
            elif total >= at:
                after.append(k)
            else:
                before.append(at - total)
                after.append(total + k - at)
            total += k
        dealt = self.dealt if at >= self.dealt and before[:1] == [self.dealt] else 0
        return Turns(before, after[::-1], dealt)

    def steps(self) -> list[int]:
        """Every step in the order of the record's moves (the undone ones last)."""
        return [*self.done, *reversed(self.undone)]

    @classmethod
    def read(cls, steps: object, played: int, undone: int, dealt: object = 0) -> Turns:
        """Steps as :meth:`steps` wrote them, for a game of ``played`` moves and ``undone``
        more on its redo stack; one move a step when there are none (older saves).
        Raises ValueError (one line, the player's words: what is wrong with a saved game)
        when they do not fit."""
        if steps is None:
            done, redo = [1] * played, [1] * undone
        else:
            if not (isinstance(steps, list) and all(type(k) is int and k > 0 for k in steps)):
                # Translators: what is wrong with a damaged saved game
                raise ValueError(_("bad undo steps"))
            total, split = 0, 0
            while split < len(steps) and total < played:
                total += steps[split]
                split += 1
            if total != played or sum(steps[split:]) != undone:
                raise ValueError(_("its undo steps do not fit its moves"))
            done, redo = steps[:split], steps[split:][::-1]
        if type(dealt) is not int or (dealt and done[:1] != [dealt]):
            raise ValueError(_("its dealt moves do not fit its undo steps"))
        return cls(done, redo, dealt)
