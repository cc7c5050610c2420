"""Finish: the rest of a game played home at a brisk pace (pace.py), skippable.

The line (foundation moves, deals and redeals: assist.won_on_paper) is found once, when
Finish is pressed, and played as it is, with auto-moves off meanwhile (they would play its
cards out of its order). Each move stays an undo step of its own. A tap, a click or a key
anywhere while it plays (the key is not passed on to the game) plays the rest at once; the
win's cascade then follows as after any win, itself skippable. Another game, another tab
taking this one, or a move that fails ends it.

``#finish``'s ``data-steps`` and ``data-moves`` say how the last Finish went (for the tests
and bench/finish.py); ``<body data-finishing>`` is "yes" while one plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from ..assist import finish_is_help, won_on_paper
from ..i18n import _
from ..notation import Move
from .dom import by_id, guarded
from .pace import schedule
from .skipping import KeySkip

if TYPE_CHECKING:
    from ..state import Game
    from .ports import Finishing


class Finisher(KeySkip):
    def __init__(self, app: Finishing) -> None:
        self.app = app
        self.game: Game | None = None  # the game being finished (None: not finishing)
        self.moves: list[Move] = []  # still to play
        self.sizes: list[int] = []  # of the steps still to come
        self.gap = 0
        self.steps = 0
        self.timer: Any = None
        self.skip_key: str | None = None
        self.words = ""  # the status line while it plays
        self._step = create_proxy(guarded(self.step))
        js.window.addEventListener("pointerdown", create_proxy(guarded(self._tapped)), True)
        js.window.addEventListener("keydown", create_proxy(guarded(self._key)), True)
        js.window.addEventListener("keyup", create_proxy(guarded(self._key_up)), True)

    @property
    def running(self) -> bool:
        return self.game is not None

    def start(self) -> None:
        app = self.app
        app.flush_later()  # the position shown, its statistics saved
        if self.running or not app.may_play() or app.game.status != "playing":
            return
        line = won_on_paper(app.game)
        if not line:
            return
        help = finish_is_help(app.game)
        app.finishing()  # help, unless the rest was forced
        self.game, self.moves = app.game, [Move(*m) for m in line]
        self.sizes, self.gap = schedule(len(self.moves), app.table.motion)
        self.steps = 0
        finish = by_id("finish")
        finish.dataset.moves = str(len(self.moves))
        finish.dataset.steps = "0"
        js.document.body.dataset.finishing = "yes"
        self.words = (
            _("Finishing (this counts as help): a tap or a key plays the rest at once.")
            if help
            else _("Finishing: a tap or a key plays the rest at once.")
        )
        self.step()

    def step(self) -> None:
        """Play the next step's moves, then wait for the one after."""
        self.timer = None
        if not self.running:
            return
        if self.app.game is not self.game or self.game is None or self.game.status != "playing":
            self.stop()
            return
        n = self.sizes.pop(0) if self.sizes else len(self.moves)
        self._play(n)
        if self.running and self.moves:
            self.app.say(self.words)  # (each move clears the line: said again until done)
            self.timer = js.setTimeout(self._step, self.gap)
        else:
            self.stop()

    def skip(self) -> None:
        """The rest at once."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        self.sizes = []
        self.step()

    def stop(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
        self.game, self.moves, self.sizes, self.timer = None, [], [], None
        js.document.body.removeAttribute("data-finishing")

    def _play(self, n: int) -> None:
        app, session = self.app, self.app.session
        kept, session.automove = session.automove, "off"
        try:
            batch, self.moves = self.moves[:n], self.moves[n:]
            for move in batch:
                if not app.act(move):
                    self.moves = []
                    break
        finally:
            session.automove = kept
        self.steps += 1
        by_id("finish").dataset.steps = str(self.steps)

    def _tapped(self, event: Any) -> None:
        if self.running:
            event.stopPropagation()  # a skip, nothing else: no drag or tap on the table
            self.skip()

    def _skipped(self) -> None:
        self.skip()
