"""The first visit's welcome: the ``<dialog id="welcome">``, shown once (greeting.py says
when, and writes its words), and again from Rules on request.

Each game's button plays it: a new deal of it (the player is asked first if that abandons a
game in progress), or the deal behind the welcome when that is one of it still untouched.
Skip, Close and Escape close it and keep the deal. The first paint opens it (static/paint.js,
with greeting.py's words from static/boot/tables.js), over the table it drew, so that the
player reads it while Python starts; a game or Rules chosen before Python is up is done once
it is (``data-asked``). Python opens it where the first paint did not. It is written as seen
once Python is up.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import js

from ..i18n import _, pgettext
from ..rules import GAMES
from . import greeting
from .dom import absent, by_id, listen
from .store import read

if TYPE_CHECKING:
    from .ports import Dealing


class Welcome:
    def __init__(self, app: Dealing) -> None:
        self.app = app
        self.dialog: Any = by_id("welcome")
        self.storage: Any = None
        with contextlib.suppress(Exception):  # a sandboxed or third-party frame: none
            self.storage = js.window.localStorage
        listen(self.dialog, "click", self._clicked)
        # Its words and picture are in the page only while it is open: the picture's cards
        # are no table's, and no card's name may be in the page where a card is face down.
        listen(self.dialog, "close", lambda e: setattr(by_id("welcome-body"), "innerHTML", ""))
        listen(by_id("welcome-again"), "click", lambda e: self.show(first=False))
        listen(by_id("welcome-rules"), "click", lambda e: self._rules())

    def due(self, query: dict[str, str]) -> bool:
        """Show it on this visit? (Asked before the game is dealt and saved.) Without
        storage, never: it could not be kept from showing again. Yes if the first paint
        showed it (it decides the same: tests/test_plan.py)."""
        if query.get("embed") == "1":
            by_id("welcome-again").hidden = True  # the embedded page has no welcome
        if self._painted():
            return True
        stored = {}
        if self.storage is not None:
            stored = {k: read(self.storage, k) for k in (*greeting.RETURNING, greeting.KEY)}
        return greeting.due(query, stored)

    def show(self, first: bool) -> None:
        """Open it: on the first visit (then it is written as seen), or from Rules."""
        if first and self.storage is not None:
            with contextlib.suppress(Exception):  # full: it may show once more, no harm
                self.storage.setItem(greeting.KEY, greeting.record())
        by_id("welcome-skip").textContent = (
            pgettext("button", "Skip") if first else pgettext("button", "Close")
        )
        if first and self._painted():  # the first paint opened it: the player may be done
            self.dialog.removeAttribute("data-painted")
            if not self.dialog.open:  # (closed before Python heard of it: its words go)
                by_id("welcome-body").innerHTML = ""
            self._asked()
        elif not self.dialog.open:
            by_id("welcome-body").innerHTML = greeting.body_html()
            self.dialog.showModal()

    def _painted(self) -> bool:
        return str(self.dialog.getAttribute("data-painted")) == "yes"

    def _asked(self) -> None:
        """What the player chose in the first paint's welcome before Python was up, if
        anything (static/paint.js closed it then): Rules, or a game to play."""
        asked = str(self.dialog.getAttribute("data-asked"))
        self.dialog.removeAttribute("data-asked")
        if asked == "rules":
            self._rules()
        elif asked in GAMES:
            self.choose(asked)

    def _rules(self) -> None:
        """More detail, a tap away: the rules of the game shown, and every key."""
        self.dialog.close()
        rules = by_id("rules-panel")
        if not rules.open:
            rules.showModal()

    def _clicked(self, event: Any) -> None:
        button = event.target.closest("[data-game]")
        if absent(button):
            return
        self.choose(str(button.dataset.game))

    def choose(self, name: str) -> None:
        """Play ``name``: close the welcome (and Rules, if it was opened from there)."""
        for id_ in ("welcome", "rules-panel"):
            dialog = by_id(id_)
            if dialog.open:
                dialog.close()
        app, game = self.app, self.app.game
        if game.rules.name == name and app.session.made == 0 and not app.session.turns.undone:
            return  # the deal shown is a new one of it, untouched: it is the one to play
        rules = app.settings.rules_for(name)
        doing = (  # the subject of the question asked (statsview.py)
            _("A new deal")
            if game.rules.name == name
            else _("Switching to {game}").format(game=_(GAMES[name].title))
        )
        app.ask_abandon(doing, lambda: app.deal_of(name, rules))
