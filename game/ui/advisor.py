"""The solver at the table: hints, "winnable" / "no longer winnable", Finish.

The search runs in slices of a few milliseconds between frames (setTimeout), so the page
keeps answering input; any move, undo or new game simply starts over on the new position
(a winning line the player keeps following is reused, not searched again).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from ..assist import won_on_paper
from ..notation import Move
from ..records import replay
from ..solver import Portfolio, Search
from ..solver.best import score
from .dom import by_id, guarded

if TYPE_CHECKING:
    from ..state import Game

SLICE = 0.012  # seconds of search per turn of the event loop
BUDGET = 30.0  # seconds of search for one position before giving up ("unknown")
# A hint asked while the search runs waits this long for a verdict, then shows the most
# promising move (saying it is only that) while the search goes on: a hint within a second.
HINT_WAIT = 0.8


class Advisor:
    def __init__(
        self,
        say: Callable[[str], None],
        show_hint: Callable[[Move, bool], None],
        turns: Callable[[], list[int]] | None = None,
        undoable: Callable[[], int] | None = None,
    ) -> None:
        self.say, self.show_hint = say, show_hint
        self.turns = turns  # engine moves per undo step (a move and its auto-moves)
        self.undoable = undoable  # undo steps left (the deal's own auto-moves are none)
        self.game: Game | None = None
        self.search: Portfolio | None = None
        self.verdicts: dict[object, str] = {}  # position key -> "won" / "lost"
        self.lines: dict[object, list[str]] = {}  # position key -> a winning line from it
        self.asked: float | None = None  # when a hint was asked that waits for the search
        # The position a "most promising" hint was shown for: when the search then decides
        # it, the hint is told again, now sure (or the loss is said), without a second ask.
        self.unsure: object = None
        self.running = False
        self._tick = create_proxy(guarded(self.tick))

    # -- following the table -----------------------------------------------------------------

    def follow(self, game: Game, played: list[str] | None = None, previous: object = None) -> None:
        """The position changed (by ``played``, a move and its auto-moves, from
        ``previous``; or anything else). A winning line is followed only while the moves
        made are its own, auto-moves included."""
        self.game = game
        self.unsure = None
        key = game.key()
        line = self.lines.get(previous) if previous is not None else None
        if key not in self.lines and line and played and line[: len(played)] == played:
            self.lines[key], self.verdicts[key] = line[len(played) :], "won"
        self.search = None
        if key not in self.verdicts:
            self.search = Portfolio(game)
            self._start()
        self.show()

    def known(self, game: Game, line: list[str]) -> None:
        """A winning line from the start of this deal, found elsewhere (the deal finder).
        The moves made since (the opening auto-moves) must be its first ones, or it is of
        no use here and the search goes on."""
        done = [str(m) for m in game.moves]
        if line[: len(done)] != done:
            return
        key = game.key()
        self.lines[key], self.verdicts[key] = line[len(done) :], "won"
        self.search = None
        self.show()

    def _start(self) -> None:
        if not self.running:
            self.running = True
            js.setTimeout(self._tick, 0)

    def tick(self) -> None:
        self.running = False
        search, game = self.search, self.game
        if search is None or game is None:
            return
        result = search.run(seconds=SLICE)
        if result is None and search.seconds < BUDGET:
            self._start()
            if self.asked is not None and time.monotonic() - self.asked > HINT_WAIT:
                self.hint(wait=False)
            return
        key = game.key()
        if result is not None and result.result in ("won", "lost"):
            self.verdicts[key] = result.result
            if result.result == "won":
                self.lines[key] = result.moves
        else:
            self.verdicts[key] = "unknown"
        self.search = None
        self.show()
        if self.asked is not None or (self.unsure == key and self.verdicts[key] != "unknown"):
            self.hint()

    # -- telling -----------------------------------------------------------------------------

    def show(self) -> None:
        game = self.game
        if game is None:
            return
        verdict = self.verdicts.get(game.key())
        advice, finish = by_id("advice"), by_id("finish")
        finish.hidden = game.status != "playing" or won_on_paper(game) is None
        if game.status != "playing":
            advice.textContent = ""
        elif verdict == "won":
            advice.textContent = "Winnable"
        elif verdict == "lost":
            back = self.back_to_winnable(game)
            advice.textContent = (
                f"No longer winnable: undo {back} move{'s' * (back != 1)} to get back"
                if back
                else "This deal cannot be won"
                if (self.undoable() if self.undoable is not None else len(game.moves)) == 0
                else "Cannot be won from here"
            )
        else:
            advice.textContent = ""
        advice.dataset.verdict = verdict or "thinking"

    def back_to_winnable(self, game: Game) -> int:
        """How many undo steps back (a move and its auto-moves are one) the nearest position
        known to be winnable lies (0: none)."""
        board = replay(game.record())
        steps = self.turns() if self.turns is not None else []
        if sum(steps) != len(game.moves):
            steps = [1] * len(game.moves)
        if self.undoable is not None:  # not past what Undo can reach
            steps = steps[max(0, len(steps) - self.undoable()) :]
        for back, size in enumerate(reversed(steps), start=1):
            for _ in range(size):
                board.retract()
            if self.verdicts.get(board.key()) == "won":
                return back
        return 0

    def hint(self, wait: bool = True) -> None:
        """Point at the next move of a winning line, or say honestly that none is known
        (after waiting up to HINT_WAIT for the search, when ``wait``)."""
        game = self.game
        if game is None or game.status != "playing":
            return
        key = game.key()
        verdict = self.verdicts.get(key)
        if verdict is None and wait:
            if self.asked is None:
                self.asked = time.monotonic()
            self.say("Thinking…")
            return
        self.asked = self.unsure = None
        if verdict == "won" and self.lines.get(key):
            move = game.resolve(self.lines[key][0])
            self.show_hint(Move(*move), True)
            return
        if verdict == "lost":
            back = self.back_to_winnable(game)
            self.say(
                f"No move can win from here: undo {back} move{'s' * (back != 1)}."
                if back
                else "No move can win from here."
            )
            return
        best = self.most_promising(game)
        if best is None:
            self.say("No move left.")
            return
        self.unsure = key if self.search is not None else None
        self.show_hint(best, False)

    def most_promising(self, game: Game) -> Move | None:
        """The move whose result the search would look at first, never one known lost."""
        choices: list[tuple[int, Any]] = []
        probe = Search(game)  # scored as best-first would (best.py), never searched
        for m in game.plain_moves():
            probe._play((m,))
            if self.verdicts.get(probe.board.key()) != "lost":
                choices.append((score(probe), m))
            probe._unplay((m,))
        return Move(*min(choices)[1]) if choices else None

    def finish_line(self) -> list[Move]:
        game = self.game
        line = won_on_paper(game) if game is not None else None
        return [Move(*m) for m in line or []]
