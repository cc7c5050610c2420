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
from ..i18n import _, ngettext, number
from ..notation import sentence
from ..records import RecordError
from ..review import Review
from ..state import Game
from . import sharing
from .dom import by_id, guarded, listen

if TYPE_CHECKING:
    from .ports import Viewing

SHARED = "/shared"  # the viewer's source for a game link (a file's name has no "/")
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
            said += "." * (not said.endswith((".", "!", "?")))
            line = said + " " + _("Your game goes on.")
            self.viewer.app.say(line)
            if self.viewer.dialog.open:
                by_id("replay-message").textContent = line
            return
        viewer = self.viewer
        viewer.show(Review(game, at=0), SHARED, _("Your game is kept."))
        n, rules = len(game.moves), _rules(game)
        if rules:
            # Translators: {rules} are the house rules in play: "Kings only"
            said = ngettext(
                "A shared game: {game}, deal {deal}, {n} move ({rules})",
                "A shared game: {game}, deal {deal}, {n} moves ({rules})",
                n,
            )
        else:
            said = ngettext(
                "A shared game: {game}, deal {deal}, {n} move",
                "A shared game: {game}, deal {deal}, {n} moves",
                n,
            )
        by_id("replay-source").textContent = said.format(
            game=_(game.rules.title), deal=game.deal, n=number(n), rules=rules
        )
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
            # Translators: {reason} says why the game cannot be a link
            viewer.tell(_("No link: {reason}.").format(reason=e))
            return
        title, rules, n = _(game.rules.title), _rules(game), len(game.moves)
        if rules:
            # Translators: {rules} are the house rules in play: "Kings only"
            about = _("{game}, deal {deal} ({rules})").format(
                game=title, deal=game.deal, rules=rules
            )
        else:
            about = _("{game}, deal {deal}").format(game=title, deal=game.deal)
        # Translators: the text shared with a game link; {about} is "Linus, deal 5"
        text = ngettext("{about}: a replay of {n} move", "{about}: a replay of {n} moves", n)
        text = text.format(about=about, n=number(n))
        done = {
            _(sharing.COPIED): _("Copied: a link that replays this game."),
            _(sharing.SHARED): _("Shared: a link that replays this game."),
        }

        def told(words: str) -> None:  # "Copied", "Shared", or how to copy by hand
            viewer.tell(done.get(words, words))

        sharing.offer(by_id("replay-share"), text, url, told)

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
            # Translators: what the player asked for, as the subject of "… leaves the game in
            # progress unfinished: it counts as a loss in your statistics."
            _("Playing {game}, deal {deal}").format(game=_(shown.rules.title), deal=deal),
            replace,
            lambda: viewer.tell(_("Your game is kept.")),
        )


def _whole(review: Review) -> Game:
    """The whole line reviewed, played (where the viewer stands does not matter)."""
    game = review.playable()
    while game.redo_moves:
        game.redo()
    return game


def _rules(game: Game) -> str:
    """``Kings only``: the house rules in play, if any ("" for none)."""
    on = [h for h in game.rules.house_rules if h.name in game.rules.active]
    return ", ".join(_(h.title) if h.title else h.name for h in on)
