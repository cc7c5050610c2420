"""The game in progress: one engine Game, its undo steps (game/turns.py), the auto-move
setting, the clock, and what a tap means. Pure Python, no browser: the page's controllers
send it commands, and it tells whoever listens what changed (a :class:`Change`), which is
how the table, the save, statistics, embed events and the advisor hear of a move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..assist import auto_moves, destinations, movable
from ..cards import pretty
from ..explain import why_illegal
from ..i18n import _
from ..notation import F0, STOCK, T0, WASTE, Move, sentence
from ..state import Game, Plain
from ..turns import Turns

# A tap this soon after another and this near it (CSS pixels) is a double tap's second.
DOUBLE_TAP_S = 0.35
DOUBLE_TAP_PX = 20


@dataclass(frozen=True)
class Change:
    """What a command did. ``kind``: "deal" (a new game's own auto-moves), "move" (the
    player's, with its auto-moves), "undo",
    "redo", "auto" (auto-moves alone, the setting changed); ``played``: the player's
    move; ``before``: the position's key before it (a move's)."""

    kind: str
    played: Move | None = None
    before: object = None


@dataclass(frozen=True)
class LastTap:
    """A tap that moved a card: where it landed (pile, index), its places and the one it
    took, the turn that made, when (seconds), and where the pointer was (None: a key)."""

    landed: tuple[int, int]
    dests: list[Plain]
    at: int
    turn: int
    time: float
    where: tuple[float, float] | None

    def doubled_by(self, time: float, where: tuple[float, float] | None) -> bool:
        """Whether a pointer's tap at ``where`` is this one's second, as in a double tap."""
        if where is None or self.where is None or time - self.time >= DOUBLE_TAP_S:
            return False
        (x0, y0), (x, y) = self.where, where
        return abs(x - x0) + abs(y - y0) <= DOUBLE_TAP_PX


Listener = Callable[[Change], None]


class Session:
    """The game in progress, moved only through these commands."""

    def __init__(
        self, game: Game, automove: str = "safe", now: Callable[[], float] = time.monotonic
    ) -> None:
        self.game = game
        self.turns = Turns()
        self.automove = automove
        self.now = now
        self.started: float | None = None  # the player's first move (the clock waits for it)
        self.finished: float | None = None  # the clock stopped: the game over, or gone idle
        self.last_tap: LastTap | None = None
        self.listeners: list[Listener] = []

    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _tell(self, change: Change) -> Change:
        for listener in self.listeners:
            listener(change)
        return change

    # -- games ------------------------------------------------------------------------------

    def start(self, game: Game, turns: Turns | None = None, elapsed: float = 0.0) -> None:
        """``game`` is the one in play from now, with its undo and redo steps (none: a new
        deal, whose own auto-moves :meth:`deal` makes) and its clock, which runs on from
        ``elapsed`` once a move was made (a new deal's waits for the first move)."""
        self.game, self.turns, self.last_tap = game, turns or Turns(), None
        self.finished = None
        self.started = self.now() - elapsed if (game.moves or elapsed) else None

    def deal(self) -> Change:
        """The new deal's own auto-moves: a step Undo never takes back."""
        self.turns.played(len(auto_moves(self.game, self.automove)), dealing=True)
        return self._tell(Change("deal"))

    # -- moves ------------------------------------------------------------------------------

    def act(self, move: Move | Plain | str) -> Change:
        """The player's move and its auto-moves, one undo step; IllegalMove if it is not
        legal (nothing changes then)."""
        before = self.game.key()
        played = self.game.play(move)
        return self._moved(Change("move", played, before))

    def _moved(self, change: Change) -> Change:
        step = (1 if change.played is not None else 0) + len(auto_moves(self.game, self.automove))
        self.turns.played(step)
        if step and self.started is None:
            self.started = self.now()
        return self._tell(change)

    def set_automove(self, mode: str) -> Change:
        """The auto-move setting changed: the moves it makes now are a step of their own."""
        self.automove = mode
        return self._moved(Change("auto"))

    def undo(self) -> Change | None:
        """Take the last step back; None when there is nothing to undo."""
        if not self.turns.undo(self.game):
            return None
        self.last_tap = None
        return self._tell(Change("undo"))

    def redo(self) -> Change | None:
        if not self.turns.redo(self.game):
            return None
        return self._tell(Change("redo"))

    @property
    def made(self) -> int:
        """The moves shown in the toolbar: the player's (the deal's own are not)."""
        return self.turns.made(self.game)

    # -- the clock --------------------------------------------------------------------------

    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        return (self.finished or self.now()) - self.started

    def stop_clock(self) -> None:
        """The game is over, or this page went idle (another tab plays): it stops here."""
        self.finished = self.finished or self.now()

    def run_clock(self) -> None:
        """The game goes on again (an undo from its end): the clock runs."""
        self.finished = None

    def go_on(self) -> None:
        """This page plays again, the game it shows: the clock goes on from where it is."""
        if self.started is not None:
            self.started = self.now() - self.elapsed()
        self.finished = None

    # -- taps -------------------------------------------------------------------------------

    def tap(
        self, pile: int, index: int, at: float, where: tuple[float, float] | None = None
    ) -> str | None:
        """A tap on card ``index`` of ``pile`` (-1: an empty pile) at time ``at`` (seconds):
        deal, or move the card (and the run above it) to its best place; another tap on
        the same card, where it went, tries the next place. Returns what to say instead
        of a move ("" to clear an older message), or None when it moved or did nothing.
        IllegalMove when the stock's deal or redeal is refused.

        A pointer's tap (at ``where``) on the spot of the last tap that moved a card, within
        DOUBLE_TAP_S, is the second of a double tap or double click: its card has moved
        already, and whatever is there now (the card uncovered, the next waste card) stays.
        Every tap on the stock deals. Keys give no ``where``: M again is the next place."""
        game, last, turn = self.game, self.last_tap, len(self.turns.done)
        if pile == STOCK:
            self.act("s" if game.piles[STOCK] else "r")
            return None
        if last is not None and last.turn == turn and last.doubled_by(at, where):
            return None
        if index < 0:  # an empty pile: nothing to move, and no older message left up
            return ""
        card = game.piles[pile][index]
        if last is not None and last.landed == (pile, index) and last.turn == turn:
            if len(last.dests) <= 1:  # said, so that no older message stays as the answer
                return _("{card} has nowhere else to go.").format(card=pretty(card))
            self.undo()
            nxt = (last.at + 1) % len(last.dests)
            self._tap_to(last.dests, nxt, at, where)
            return None
        if F0 <= pile < T0:
            return _("{card} is on a foundation: cards stay there.").format(card=pretty(card))
        n = 1 if pile == WASTE else len(game.piles[pile]) - index
        if not movable(game, pile, n):  # why, asked of a move to another pile than its own
            return sentence(why_illegal(game, (pile, T0 + (pile == T0), n)))
        dests = destinations(game, pile, n)
        if not dests:
            return _("{card} has nowhere to go.").format(card=pretty(game.piles[pile][-n]))
        self._tap_to(dests, 0, at, where)
        return None

    def _tap_to(
        self, dests: list[Plain], i: int, at: float, where: tuple[float, float] | None
    ) -> None:
        game = self.game
        sizes = [len(p) for p in game.piles]
        self.act(dests[i])
        step = game.moves[len(game.moves) - self.turns.last :]
        landed = _follow(step, sizes)
        self.last_tap = LastTap(landed, dests, i, len(self.turns.done), at, where)


def _follow(step: list[Move], sizes: list[int]) -> tuple[int, int]:
    """Where the bottom card of a step's first move lies after the whole step (its
    auto-moves may carry it on), given the piles' sizes before it."""
    (src, dst, n), rest = step[0], step[1:]
    sizes[src] -= n
    at = (dst, sizes[dst])
    sizes[dst] += n
    for s, d, k in rest:
        if at[0] == s and at[1] >= sizes[s] - k:  # it is among the cards this one moves
            at = (d, sizes[d] + at[1] - (sizes[s] - k))
        sizes[s] -= k
        sizes[d] += k
    return at
