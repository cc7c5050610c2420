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

from ..i18n import _, ngettext, number
from ..review import Review
from ..saved import Saved
from ..state import Game
from ..transfer import file_name, file_text
from ..turns import Turns
from .dom import by_id, guarded, listen
from .linkview import SHARED, LinkView
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
        self.source = ""  # "": the game in play; else the name of the file shown, or SHARED
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
        if not source:
            about = _("{game}, deal {deal} (your game)")
        elif source == SHARED:
            about = _("{game}, deal {deal} (the shared game, not your game)")
        else:
            about = _("{game}, deal {deal} ({file}, not your game)")
        about = about.format(game=_(g.rules.title), deal=g.deal, file=source)
        rules = [_(h.summary) for h in g.rules.house_rules if h.name in g.rules.active]
        if rules:
            # Translators: {about} is the game shown ("Linus, deal 5 (your game)"), {rules}
            # the sentences of its house rules
            about = _("{about}: {rules}").format(about=about, rules=", ".join(rules))
        by_id("replay-source").textContent = about
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
        name, n = file_name(review.game), len(self.record["moves"])
        download(name, file_text(self.record))
        said = ngettext("Exported {file} ({n} move).", "Exported {file} ({n} moves).", n)
        self.tell(said.format(file=name, n=number(n)))

    def opened(self, game: Game, name: str) -> None:
        """A good record file: it becomes the game in play (asked first if that would
        replace a game in progress), or, if the player keeps theirs, is shown here."""
        moves = len(game.moves)

        def replace() -> None:
            self.take(game, 0.0)
            words = ngettext(
                "Opened {file}: {game}, deal {deal}, {n} move.",
                "Opened {file}: {game}, deal {deal}, {n} moves.",
                moves,
            ).format(file=name, game=_(game.rules.title), deal=game.deal, n=number(moves))
            if self.dialog.open:
                self.show(Review(self.app.game), "", words)
            else:
                self.app.say(words)

        def keep() -> None:
            self.show(
                Review(game), name, _("Your game is kept; {file} is shown here.").format(file=name)
            )

        # Translators: what the player asked for, as the subject of "… leaves the game in
        # progress unfinished: it counts as a loss in your statistics."
        self.app.ask_abandon(_("Opening {file}").format(file=name), replace, keep)

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
            said = (
                ngettext(
                    "Playing from move {at} of {total}; redo replays the {n} move after it.",
                    "Playing from move {at} of {total}; redo replays the {n} moves after it.",
                    rest,
                )
                if rest
                else _("Playing from move {at} of {total}.")
            )
            self.app.say(said.format(at=number(at), total=number(review.total), n=number(rest)))

        if own:  # nothing is lost: the rest of the line is on redo
            replace()
            return
        doing = (
            # Translators: what the player asked for, as the subject of "… leaves the game
            # in progress unfinished: it counts as a loss in your statistics."
            _("Playing the shared game from move {at}")
            if self.source == SHARED
            # Translators: as "Playing the shared game from move {at}", of a record file
            else _("Playing {file} from move {at}")
        )
        self.app.ask_abandon(
            doing.format(file=self.source, at=number(at)),
            replace,
            lambda: self.tell(_("Your game is kept.")),
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
