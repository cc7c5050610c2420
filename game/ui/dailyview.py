"""The daily deal and challenges at the table: the Daily button, the header's "Daily" badge,
the challenge line a shared link brings, and Share when a game ends.

Today's deal is worked out on the device (game/daily.py: the solver under a node budget,
so every device finds the same one); ``find`` asks the solver's own thread for it where
that is up (helper.py, a "daily" request running daily.py's very steps), else works it out
on the page a candidate a task; "Finding the daily deal…" shows meanwhile. A challenge
(``beat=`` in a link, game/share.py) is shown while its deal is played and compared at the
end: it is only a claim, the page says so, and nothing of it reaches the statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable

from ..daily import Daily, picking
from ..i18n import N_, _, day, pgettext
from ..share import Claim, share
from . import sharing
from .dom import by_id, guarded
from .helper import shared

if TYPE_CHECKING:
    from .ports import Dealing
    from .statsview import StatsView


def today() -> date:
    """The player's local date (Pyodide's clock follows the browser's time zone)."""
    return date.today()


# Translators: a month's short name, in the header's "Daily 6 Dec" badge.
SHORT_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
                N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))  # fmt: skip


class DailyView:
    def __init__(self, app: Dealing, stats: StatsView) -> None:
        self.app, self.stats = app, stats
        self.daily: date | None = None  # the day whose daily deal is in play
        self.claim: Claim | None = None  # the challenge the deal in play is played against
        self.known: dict[tuple[str, date], int] = {}  # daily deals found this visit
        self.opening: object = None  # the Daily button's pick under way (its token)

    def ask_today(self) -> None:
        """The Daily button: today's deal of the game on the table (asked first if that
        abandons a game in progress)."""
        app = self.app
        name = app.game.rules.name
        if self.daily == today() and app.game.status == "playing":
            app.say(_("This is today's {game} daily deal.").format(game=_(app.game.rules.title)))
            return
        # Translators: what the player asked for, as the subject of "… leaves the game in
        # progress unfinished: it counts as a loss in your statistics."
        app.ask_abandon(_("Today's daily deal"), lambda: self.open(name, today()))

    def open(self, name: str, when: date) -> None:
        """Deal ``when``'s daily deal of ``name`` once it is found (saying meanwhile that it
        is looked for); another deal dealt before then wins."""
        self.app.say(_("Finding the daily deal of {day}…").format(day=day(when)))
        token = self.opening = object()

        def deal(number: int) -> None:
            if self.opening is token:
                self.opening = None
                self.app.new(name, number, {}, daily=when)

        self.find(name, when, deal)

    def find(self, name: str, day: date, then: Callable[[int], None]) -> None:
        """``day``'s daily deal number of ``name``, to ``then`` once found: from the solver's
        own thread where it is ready, else worked out here a candidate a task (and taken
        back here whole if the worker fails). The same deal either way: daily.py's steps."""
        if (name, day) in self.known:
            then(self.known[(name, day)])
            return

        def found(number: int) -> None:
            self.known[(name, day)] = number
            then(number)

        def answered(answer: dict[str, Any]) -> None:
            number = answer.get("deal")
            if isinstance(number, int) and not isinstance(number, bool):
                found(number)
            else:  # not a deal: work it out here
                self._pick_here(picking(name, day), found)

        asked = shared().ask(
            "daily",
            answered,
            lambda: self._pick_here(picking(name, day), found),
            game=name,
            day=day.isoformat(),
        )
        if asked is None:
            self._pick_here(picking(name, day), found)

    def _pick_here(self, steps: Iterator[Daily | None], found: Callable[[int], None]) -> None:
        """daily.py's steps on the page: a candidate a task, so input is answered between."""

        def step() -> None:
            got = next(steps)
            if got is None:
                js.setTimeout(create_once_callable(guarded(step)), 0)
            else:
                found(got.deal)

        js.setTimeout(create_once_callable(guarded(step)), 30)  # a frame: "Finding…" shows

    def shown(self, daily: date | None, claim: Claim | None = None) -> None:
        """The game in play is ``daily``'s deal (or none), played against ``claim``."""
        self.daily, self.claim = daily, claim
        self.opening = None  # a deal dealt: the Daily button's pick is moot
        badge = by_id("daily-badge")
        badge.hidden = daily is None
        if daily is not None:
            month = _(SHORT_MONTHS[daily.month - 1])
            # Translators: the header's badge for a daily deal, short: "Daily 6 Dec"
            badge.textContent = pgettext("badge", "Daily {day} {month}").format(
                day=daily.day, month=month
            )
            badge.title = _("The daily deal of {day}").format(day=day(daily))
        line = by_id("challenge")
        line.hidden = claim is None
        if claim is not None:
            # said on screen, not only in the title: nothing checks a link's numbers
            beat = claim.text[:1].lower() + claim.text[1:]
            # Translators: {challenge} is the result to beat: "beat 97 moves in 4:12"
            line.textContent = _("Challenge: {challenge} (a claim).").format(challenge=beat)
            line.title = _("From the link you opened: only a claim, nothing checks it.")

    def practice_words(self) -> str:
        """What to add when the daily in play was finished before (it counts no more)."""
        if self.daily is None or not self.stats.stats.daily_done(
            self.app.game.rules.name, self.daily
        ):
            return ""
        return " " + _("You finished it before: this is practice, and changes no statistics.")

    # -- the end of a game ----------------------------------------------------------------

    def ended(self, won: bool, moves: int, seconds: float) -> str:
        """The end dialog's challenge line (empty without a challenge); readies Share."""
        by_id("outcome-share").hidden = False
        if self.claim is None:
            return ""
        compared = self.claim.compare(won, moves, seconds)
        return compared + " " + _("(The link's result is only a claim.)")

    def shared(self) -> dict[str, str]:
        """The game just ended as a share text and link (also sent to an embedding page)."""
        app = self.app
        base = str(js.location.origin) + str(js.location.pathname)
        got = share(app.game, app.elapsed(), base, app.help, self.daily, app.session.made)
        return {"text": got.text, "link": got.link}

    def offer(self) -> None:
        """The end dialog's Share: the system's share sheet, or the clipboard."""
        got = self.shared()
        said = by_id("outcome-said")
        sharing.offer(
            by_id("outcome-share"),
            got["text"],
            got["link"],
            lambda w: setattr(said, "textContent", w),
        )
