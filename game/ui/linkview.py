"""A whole game as a link, in the page (the format: game/replaylink.py).

**Share replay** in the replay viewer hands over the game shown (the player's own: its
moves played so far) as the page's address with the game in its fragment, ``#r=…``,
through sharing.py: the share sheet, or the clipboard and "Copied ✓".

A page opened with such a fragment, or whose fragment changes to one while it is open,
shows that game in the viewer at its start, Autoplay ready. The player's own game is kept,
not saved over and not counted, unless they choose **Play from here** (replay.py) or
**Play this deal** (the deal from its start, as a new game): both ask first, as a new deal
does, when that abandons a game in progress. A link that cannot be read changes nothing
but the status line, which says so in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable

from .. import replaylink
from ..notation import sentence
from ..records import RecordError
from ..review import Review
from ..state import Game
from .dom import by_id, guarded, listen
from .sharing import offer

if TYPE_CHECKING:
    from .ports import Viewing

SHARED = "the shared game"  # the viewer's source: "Playing the shared game from move 12"
PREFIX = f"#{replaylink.KEY}="


class LinkView:
    def __init__(self, viewer: Viewing) -> None:
        self.viewer = viewer
        # Read now: the page replaces its URL (App._share) as it deals, before start() ends.
        self.arrived = str(js.location.hash)
        listen(by_id("replay-share"), "click", lambda e: self.share())
        listen(by_id("replay-deal"), "click", lambda e: self.play_deal())
        listen(js.window, "hashchange", lambda e: self.follow(str(js.location.hash)))

    def arrive(self) -> None:
        """Show the link the page was opened with, once the page is up. It opens after
        this task, so after a first visit's welcome: the shared game is on top, and the
        welcome waits under it until the viewer is closed."""
        fragment, self.arrived = self.arrived, ""
        if fragment.startswith(PREFIX):
            js.setTimeout(create_once_callable(guarded(lambda: self.follow(fragment))), 0)

    def follow(self, fragment: str) -> None:
        """Show the game of a ``#r=…`` fragment; say in one line why if it cannot be read."""
        if not fragment.startswith(PREFIX):
            return  # no game link: some other fragment, or the one just taken away
        # Taken out of the address (no hashchange): the same link pasted again opens again,
        # and a reload does not reopen what the player has closed.
        where = js.location
        js.history.replaceState(js.history.state, "", f"{where.pathname}{where.search}")
        try:
            game = replaylink.decode(fragment)
        except RecordError as e:  # LinkError, or a game the rules refuse: same answer
            said = sentence(str(e))  # "… (its check does not match)" ends with its stop too
            line = f"{said}{'.' * (not said.endswith(('.', '!', '?')))} Your game goes on."
            self.viewer.app.say(line)
            if self.viewer.dialog.open:
                by_id("replay-message").textContent = line
            return
        viewer = self.viewer
        viewer.show(Review(game, at=0), SHARED, "Your game is kept.")
        about = f"{game.rules.title}, deal {game.deal}, {_moves(len(game.moves))}"
        rules = _rules(game)
        by_id("replay-source").textContent = f"A shared game: {about}{rules}"
        by_id("replay-auto").focus()  # at the start: Enter or Space plays it through

    def share(self) -> None:
        """Hand over the game shown as a link; say in one line why if it cannot be one."""
        viewer, review = self.viewer, self.viewer.review
        if review is None:
            return
        game = viewer.app.game if not viewer.source else _whole(review)
        where = js.location
        try:
            url = replaylink.link(f"{where.origin}{where.pathname}", game)
        except replaylink.LinkError as e:
            viewer.tell(f"No link: {e}.")
            return
        about = f"{game.rules.title}, deal {game.deal}{_rules(game)}"
        text = f"{about}: a replay of {_moves(len(game.moves))}"

        def told(words: str) -> None:  # "Copied", "Shared", or how to copy by hand
            done = words in ("Copied", "Shared")
            viewer.tell(f"{words}: a link that replays this game." if done else words)

        offer(by_id("replay-share"), text, url, told)

    def play_deal(self) -> None:
        """The deal shown, from its start, as a new game (asked first, as a new deal is,
        if that abandons a game in progress)."""
        viewer, review = self.viewer, self.viewer.review
        if review is None:
            return
        shown = review.game
        name, deal = shown.rules.name, shown.deal
        rules = dict.fromkeys(shown.rules.active, True)

        def replace() -> None:
            viewer.dialog.close()
            viewer.app.new(name, deal, rules)

        viewer.app.ask_abandon(
            f"Playing {shown.rules.title}, deal {deal}",
            replace,
            lambda: viewer.tell("Your game is kept."),
        )


def _whole(review: Review) -> Game:
    """The whole line reviewed, played (where the viewer stands does not matter)."""
    game = review.playable()
    while game.redo_moves:
        game.redo()
    return game


def _moves(n: int) -> str:
    return f"{n:,} move" + ("" if n == 1 else "s")


def _rules(game: Game) -> str:
    """`` (Kings only)``: the house rules in play, if any."""
    on = [h.title or h.name for h in game.rules.house_rules if h.name in game.rules.active]
    return f" ({', '.join(on)})" if on else ""
