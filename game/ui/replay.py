"""The replay viewer: step through a game's record on a table of its own, export it as a
file, open a record file, and play on from any of its positions.

It shows the game in play (its moves and those it could redo) or a record file the player
chose to look at without replacing their game. The viewer's table is a second
:class:`Table` on its own element, drawn exactly as in play (face-down cards stay
face down) and not draggable: the pointer handlers belong to the main table only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from ..review import Review
from ..saved import Saved
from ..state import Game
from ..transfer import file_name, file_text
from ..turns import Turns
from .dom import by_id, guarded, listen
from .linkview import LinkView
from .table import Table
from .transfer import bind_drop, bind_picker, download

if TYPE_CHECKING:
    from .ports import Replaying

AUTOPLAY_MS = 700
KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "PageUp": -10, "PageDown": 10}


class Viewer:
    def __init__(self, app: Replaying) -> None:
        self.app = app
        self.dialog = by_id("replay")
        self.table = Table(by_id("replay-table"))
        self.review: Review | None = None
        self.source = ""  # "": the game in play; else the name of the file shown
        self.timer: Any = None
        self.record: dict[str, Any] = {}
        self._autostep = create_proxy(guarded(self.autostep))
        buttons: dict[str, Callable[[], object]] = {
            "replay-button": self.open,
            "replay-first": lambda: self.go(0),
            "replay-back": lambda: self.step(-1),
            "replay-forward": lambda: self.step(1),
            "replay-last": lambda: self.go(self._at_end()),
            "replay-auto": self.toggle_autoplay,
            "replay-play": self.play_here,
            "replay-export": self.export,
            "replay-close": lambda: self.dialog.close(),
        }
        for id_, fn in buttons.items():
            listen(by_id(id_), "click", lambda e, fn=fn: fn())
        listen(self.dialog, "keydown", self.key)
        listen(self.dialog, "close", lambda e: self.stop())
        bind_picker(by_id("replay-import"), by_id("replay-file"), self.opened, self.refused)
        bind_drop(js.document, self.opened, self.refused)
        self.links = LinkView(self)  # Share replay, Play this deal, and pages opened by a link

    # -- showing ------------------------------------------------------------------------

    def open(self) -> None:
        """The game in play, where it stands."""
        self.show(Review(self.app.game), "")

    def show(self, review: Review, source: str, message: str = "") -> None:
        self.stop()
        self.review, self.source = review, source
        # what Export saves: the game as it stands (undone moves are not part of it), or
        # the file as it was read
        self.record = self.app.game.record() if not source else review.record()
        if not self.dialog.open:
            self.dialog.showModal()  # first: the table measures its cards once shown
        self.table.build(review.game)
        self.render(animate=False)
        end = review.at == review.total
        by_id(
            "replay-close" if not review.total else "replay-back" if end else "replay-forward"
        ).focus()
        g = review.game
        about = f"{g.rules.title}, deal {g.deal}"
        rules = ", ".join(h.summary for h in g.rules.house_rules if h.name in g.rules.active)
        whose = f"{source}, not your game" if source else "your game"
        by_id("replay-source").textContent = f"{about} ({whose}){': ' + rules if rules else ''}"
        by_id("replay-message").textContent = message
        by_id("replay-deal").hidden = not source  # the player's own deal: that is Restart

    def render(self, animate: bool = True) -> None:
        review = self.review
        assert review is not None
        self.table.sync(animate=animate)
        self.table.root.dataset.status = review.game.status
        by_id("replay-where").textContent = review.caption()
        start, end = review.at == 0, review.at == review.total
        for id_, off in (
            ("replay-first", start),
            ("replay-back", start),
            ("replay-forward", end),
            ("replay-last", end),
        ):
            by_id(id_).disabled = off
        if js.document.activeElement.disabled:  # keep the keyboard in the viewer
            by_id("replay-back" if end else "replay-forward").focus()

    # -- stepping -----------------------------------------------------------------------

    def go(self, at: int) -> None:
        if self.review is not None:
            self.review.go(at)
            self.render()

    def step(self, by: int) -> None:
        if self.review is not None:
            self.go(self.review.at + by)

    def _at_end(self) -> int:
        return self.review.total if self.review is not None else 0

    def key(self, event: Any) -> None:
        event.stopPropagation()  # the game behind the dialog takes no keys
        k = str(event.key)
        if k in KEYS:
            self.stop()
            self.step(KEYS[k])
        elif k in ("Home", "End"):
            self.stop()
            self.go(0 if k == "Home" else self._at_end())
        else:
            return
        event.preventDefault()

    def toggle_autoplay(self) -> None:
        if self.timer is not None:
            self.stop()
            return
        if self.review is not None and self.review.at == self.review.total:
            self.go(0)
        self.timer = js.setInterval(self._autostep, AUTOPLAY_MS)
        by_id("replay-auto").setAttribute("aria-pressed", "true")

    def autostep(self) -> None:
        if self.review is None or self.review.at >= self.review.total:
            self.stop()
        else:
            self.step(1)

    def stop(self) -> None:
        if self.timer is not None:
            js.clearInterval(self.timer)
            self.timer = None
        by_id("replay-auto").setAttribute("aria-pressed", "false")

    # -- files and taking over ------------------------------------------------------------

    def export(self) -> None:
        review = self.review
        assert review is not None
        name = file_name(review.game)
        download(name, file_text(self.record))
        self.tell(f"Exported {name} ({len(self.record['moves'])} moves).")

    def opened(self, game: Game, name: str) -> None:
        """A good record file: it becomes the game in play (asked first if that would
        replace a game in progress), or, if the player keeps theirs, is shown here."""
        moves = len(game.moves)

        def replace() -> None:
            self.take(game, 0.0)
            words = f"Opened {name}: {game.rules.title}, deal {game.deal}, {moves} moves."
            if self.dialog.open:
                self.show(Review(self.app.game), "", words)
            else:
                self.app.say(words)

        def keep() -> None:
            self.show(Review(game), name, f"Your game is kept; {name} is shown here.")

        self.app.ask_abandon(f"Opening {name}", replace, keep)

    def refused(self, line: str) -> None:
        self.tell(line if line.endswith(".") else line + ".")

    def play_here(self) -> None:
        review = self.review
        assert review is not None
        game, at = review.playable(), review.at

        own = not self.source  # the game's own line: its steps and clock go on
        # the rest of the line on redo; the deal's own auto-moves stay out of Undo's reach,
        # unless played from before them
        turns = self.app.session.turns.cut(at) if own else None

        def replace() -> None:
            self.take(game, self.app.elapsed() if own else 0.0, turns)
            self.dialog.close()
            rest = review.total - at
            self.app.say(
                f"Playing from move {at} of {review.total}"
                + (f"; redo replays the {rest} moves after it." if rest else ".")
            )

        if own:  # nothing is lost: the rest of the line is on redo
            replace()
            return
        self.app.ask_abandon(
            f"Playing {self.source} from move {at}",
            replace,
            lambda: self.tell("Your game is kept."),
        )

    def take(self, game: Game, elapsed: float, turns: Turns | None = None) -> None:
        """Make ``game`` the one in play, its redo stack kept; its undo and redo steps as
        given (a move and its auto-moves together), else each move its own (turns.py)."""
        app = self.app
        app.cancel_finder()  # a deal being searched for would replace it later
        given = turns or Turns()
        app.resume(Saved(game, elapsed, Turns.fitted(game, given.done, given.undone, given.dealt)))

    def from_fragment(self) -> None:
        """Show the game of the link the page was opened with, if any (linkview.py)."""
        self.links.arrive()

    def tell(self, line: str) -> None:
        """Say ``line`` in the viewer if it is open, else in the status line."""
        if self.dialog.open:
            by_id("replay-message").textContent = line
        else:
            self.app.say(line)
