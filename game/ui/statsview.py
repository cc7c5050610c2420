"""Statistics in the page: counting each game as it goes, the Statistics dialog, resetting,
and the question before a game in progress is abandoned (which counts as a loss); the help
a game has (hints, the solver's verdict seen, an early Finish), and whether the verdict may
show (the setting).

The counting itself is game.stats (pure); this keeps it in localStorage after every change.
A game without house rules shows its daily deals too: days played and won, the daily
streak, and the last 30 days as a calendar (game.stats.daily_summary).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from html import escape
from typing import TYPE_CHECKING, Any

import js

from ..assist import forced
from ..i18n import _, ngettext, number, percent, pgettext
from ..share import stats_text
from ..stats import (
    Help,
    Stats,
    StatsError,
    Tally,
    bettered,
    daily_calendar,
    daily_summary,
    daily_words,
    day_month,
    day_words,
    history,
    history_svg,
    variant,
    variant_title,
    variants,
)
from . import sharing
from .confirm import Confirm
from .dom import by_id, listen
from .kept import Kept
from .store import ASIDE, keep_aside, read

if TYPE_CHECKING:
    from ..state import Game
    from .ports import Counting

KEY = "solitaire/stats"
EMBED_KEY = "solitaire/embedded/stats"  # the embedded game counts apart (see store.py)


def abandoned() -> str:
    """What to say before the rest when starting a game abandoned one (ends in a space)."""
    return _("The game left unfinished counts as a loss (abandoned).") + " "


class StatsView:
    def __init__(self, app: Counting, confirm: Confirm) -> None:
        self.app, self.confirm = app, confirm
        self.stats = Stats()
        self.kept = Kept(KEY)
        self.dialog: Any = by_id("stats-panel")
        self.shown = ""  # the variant the dialog shows
        self.seen_over = False  # a verdict was seen once the game was over (see tell)
        listen(by_id("stats-variant"), "change", lambda e: self.render(str(e.target.value)))
        listen(by_id("stats-reset"), "click", lambda e: self._reset(one=True))
        listen(by_id("stats-reset-all"), "click", lambda e: self._reset(one=False))
        listen(by_id("stats-share"), "click", lambda e: self._share())
        listen(js.window, "storage", self._elsewhere)

    def load(self, embed: bool) -> str:
        """Read what is stored; a notice if it was damaged."""
        if embed:
            self.kept = Kept(EMBED_KEY)
        self.stats = (
            self.kept.load(
                Stats.loads,
                newer=_(
                    "Your statistics were kept by a newer version of the game: reload to use "
                    "them (counting starts afresh until then)."
                ),
                # Translators: {error} says what is wrong with them
                damaged=_(
                    "Your statistics could not be read ({error}): kept aside, counting starts "
                    "afresh."
                ),
            )
            or Stats()
        )
        self._menu("")
        self.render(variants()[0])  # never an empty dialog, however it is opened
        return self.kept.notice or self._left_out()

    def _left_out(self) -> str:
        """Daily results that could not be read were left out: keep a copy of the whole
        entry aside, store the rest, and say so in one line."""
        damaged = self.stats.damaged
        if not damaged:
            return ""
        text = read(self.kept.storage, self.kept.key)
        aside = f"{ASIDE}{self.kept.key}/{int(time.time() * 1000)}"
        if text is not None and not keep_aside(self.kept.storage, self.kept.key, text, aside):
            self.kept.storage = None  # it stays where it is: never write over it
        self._save()
        if len(damaged) == 1:
            # Translators: {result} names the daily result that could not be read
            said = _(
                "Some of your daily results could not be read ({result}): kept aside, the rest "
                "of your statistics kept."
            )
        else:
            # Translators: {result} names the first daily result that could not be read
            said = ngettext(
                "Some of your daily results could not be read ({result} and {n} more): kept "
                "aside, the rest of your statistics kept.",
                "Some of your daily results could not be read ({result} and {n} more): kept "
                "aside, the rest of your statistics kept.",
                len(damaged) - 1,
            )
        return said.format(result=damaged[0], n=number(len(damaged) - 1))

    def _save(self) -> None:
        self.kept.save(self.stats.dumps())

    def _elsewhere(self, event: Any) -> None:
        """Another tab counted a game: take its tallies, so that saving here keeps them.
        Only the tab that plays the game (writer.py) follows it; an idle one takes the
        game in progress too, so that it never counts that game again."""
        if str(event.key) != self.kept.key or not isinstance(event.newValue, str):
            return
        try:
            stats = Stats.loads(event.newValue)
        except StatsError:
            return
        if self.app.playing:
            self.stats.tallies, self.stats.dailies = stats.tallies, stats.dailies
        else:
            self.stats = stats
        if self.dialog.open:
            self.render(self.shown)

    def reload(self, text: str | None) -> None:
        """This page takes the game over: the statistics as the last writer left them (its
        game in progress included), from ``text`` if it handed them over."""
        if text is None:
            text = read(self.kept.storage, self.kept.key)
        if text is None:
            return
        try:
            self.stats = Stats.loads(text)
        except StatsError:
            return  # damaged meanwhile: this page's own go on

    # -- following the game -----------------------------------------------------------------

    def begin(self, game: Game, daily: date | None = None) -> str:
        """A new game or the same deal again (``daily``: that day's daily deal): what to
        say if that abandoned one."""
        self.seen_over = False
        left = self.stats.begin(_key(game), game.deal, daily=daily)
        self._save()
        return abandoned() if left else ""

    def resume(self, game: Game, had: Help | None = None, daily: date | None = None) -> str:
        """The saved game is back, with the help it had (``had``, as it was saved);
        ``daily`` None: a daily if these statistics say so (see :attr:`daily`)."""
        played = bool(game.moves or game.redo_moves)
        self.seen_over = False
        left = self.stats.resume(_key(game), game.deal, played, had, daily=daily)
        self._save()
        return abandoned() if left else ""

    @property
    def daily(self) -> date | None:
        """The day whose daily deal the game in progress is (None: not a daily)."""
        c = self.stats.current
        return c.daily if c is not None else None

    # -- help -------------------------------------------------------------------------------

    @property
    def help(self) -> Help:
        """The help the game in progress has had."""
        return self.stats.help

    def hinted(self) -> None:
        if self.stats.helped(hint=True):
            self._save()

    def finishing(self, game: Game) -> None:
        """Finish was pressed: help, unless nothing was left to decide (assist.forced)."""
        if not forced(game) and self.stats.helped(finish=True):
            self._save()

    def tell(self) -> bool:
        """May the solver's verdict show now (Settings)? If so the player sees it: help,
        unless a hint came first (a hint says as much, and is the help counted).
        "asked": once the game has had a hint, or is over, or a verdict was seen already.
        One seen when the game is over becomes help only if the game goes on (an undo):
        the game that ended had none of it."""
        mode = self.app.settings.verdicts
        over = self.app.game.status != "playing"
        if self.seen_over and not over:
            self.seen_over = False
            if not self.stats.help.hints and self.stats.helped(verdict=True):
                self._save()
        had = self.stats.help
        may = mode == "always" or (mode == "asked" and (over or had.hints > 0 or had.verdict))
        if may and not had.hints:
            if over:
                self.seen_over = self.seen_over or not had.verdict
            elif self.stats.helped(verdict=True):
                self._save()
        return may

    def moved(self) -> None:
        if not self.stats.in_progress():
            self.stats.moved()
            self._save()

    def finish(self, outcome: str, seconds: float, moves: int) -> list[str]:
        """The game ended: count it (once) and sum up in the end-of-game dialog; what a win
        bettered ("New best time"), to be said."""
        c = self.stats.current
        before = replace(self.stats.tallies.get(c.key, Tally())) if c is not None else Tally()
        better: list[str] = []
        if self.stats.finish(outcome, seconds, moves):
            self._save()
            if outcome == "won" and c is not None:
                better = bettered(before, self.stats.tally(c.key))
        t = self.stats.tallies.get(c.key) if c is not None and c.counted else None
        tally = ""
        if c is not None and t is not None:
            tally = ngettext(
                "{game}: {won} won of {n} ({percent}), winning streak {streak}.",
                "{game}: {won} won of {n} ({percent}), winning streak {streak}.",
                t.played,
            ).format(
                game=variant_title(c.key),
                won=number(t.won),
                n=number(t.played),
                percent=percent(t.won / t.played if t.played else 0.0),
                streak=number(t.streak),
            )
        by_id("outcome-tally").textContent = tally
        return better

    def ask_abandon(
        self, doing: str, then: Callable[[], None], otherwise: Callable[[], None] | None = None
    ) -> None:
        """Run ``then``; if that abandons a game in progress, ask first (a setting).
        ``doing``: what would abandon it, translated, as the subject of a sentence ("A new
        deal", "Restarting the deal")."""
        if not (self.stats.in_progress() and self.app.settings.confirm_abandon):
            then()
            return
        self.confirm.ask(
            _("Abandon this game?"),
            # Translators: {doing} is what the player asked for: "A new deal", "Restarting
            # the deal", "Switching to Linus", "Opening game.json"
            _(
                "{doing} leaves the game in progress unfinished: it counts as a loss in your "
                "statistics."
            ).format(doing=doing),
            pgettext("button", "Abandon it"),
            then,
            otherwise,
        )

    # -- the dialog -------------------------------------------------------------------------

    def show(self) -> None:
        current = _key(self.app.game)
        self._menu(current)
        self.render(current)
        if not self.dialog.open:
            self.dialog.showModal()

    def _menu(self, current: str) -> None:
        # Translators: in the Statistics dialog's menu of games, the game on the table
        this = _("{game} (this game)")
        by_id("stats-variant").innerHTML = "".join(
            f'<option value="{k}">'
            f"{escape(this.format(game=variant_title(k)) if k == current else variant_title(k))}"
            "</option>"
            for k in variants()
        )

    def render(self, key: str) -> None:
        by_id("stats-variant").value = key
        self.shown = key
        t = self.stats.tallies.get(key, Tally())
        by_id("stats-table").innerHTML = "".join(
            f"<tr><th scope='row'>{escape(name)}</th><td>{escape(value)}</td></tr>"
            for name, value in _rows(t)
        )
        today = date.today()  # the player's local date, as the results are kept
        played = [(d, c) for d, c in history(t, today) if sum(c)]
        days = "".join(f"<li>{escape(day_words(d, c))}</li>" for d, c in played)
        marks = (
            ("won", pgettext("chart key", "won")),
            ("helped", pgettext("chart key", "won with help")),
            ("lost", pgettext("chart key", "lost")),
        )
        none = "" if t.played else '<p class="note">' + escape(_("No games yet.")) + "</p>"
        by_id("stats-chart").innerHTML = (
            "<h3>"
            + escape(_("Results by day"))
            + "</h3>"
            + history_svg(t, today)
            + '<ul class="chart-key" aria-hidden="true">'
            + "".join(f'<li><i class="{k}"></i>{escape(words)}</li>' for k, words in marks)
            + "</ul>"
            + (f'<ul class="sr-only">{days}</ul>' if days else "")
            + none
        )
        self._daily(key)
        c = self.stats.current
        by_id("stats-current").textContent = (
            _("The game in progress counts when it ends, or as a loss if you leave it unfinished.")
            if c is not None and c.key == key and self.stats.in_progress()
            else ""
        )
        reset = by_id("stats-reset")
        # Translators: a button: forget the statistics of {game} ("Linus, Kings only")
        reset.textContent = _("Reset {game}").format(game=variant_title(key))
        reset.disabled = key not in self.stats.tallies and key not in self.stats.dailies
        by_id("stats-reset-all").disabled = not (self.stats.tallies or self.stats.dailies)

    def _share(self) -> None:
        """Share: the game's record shown, and its daily deals, with a link to today's
        daily (a variant with house rules: to the game with them)."""
        key = self.shown
        name, _plus, house = key.partition("+")
        plain = not house
        summary = daily_summary(self.stats, key, date.today()) if plain else None
        text = stats_text(variant_title(key), self.stats.tallies.get(key, Tally()), summary)
        base = str(js.location.origin) + str(js.location.pathname)
        link = base + (
            f"?game={name}&daily={date.today().isoformat()}"
            if plain
            else f"?game={name}&rules={house.replace('+', ',')}"
        )
        said = by_id("stats-said")
        sharing.offer(by_id("stats-share"), text, link, lambda w: setattr(said, "textContent", w))

    def _daily(self, key: str) -> None:
        """The Daily section: for a game without house rules (a daily has none)."""
        section = by_id("stats-daily")
        section.hidden = "+" in key
        if "+" in key:
            return
        summary = daily_summary(self.stats, key, date.today())  # the player's local date
        by_id("stats-daily-tally").textContent = daily_words(summary)
        by_id("stats-daily-days").innerHTML = daily_calendar(summary)
        first, last = summary.days[0][0], summary.days[-1][0]
        # Translators: the days the daily calendar shows, and what its marks mean
        by_id("stats-daily-range").textContent = _(
            "{first} to {last} (today); ✓ won, ✗ lost."
        ).format(first=day_month(first), last=day_month(last))

    def _reset(self, one: bool) -> None:
        key = self.shown
        game = variant_title(key)
        if one:
            done = _("Reset the statistics of {game}.").format(game=game)
            ask = _("This forgets the statistics of {game}, for good.").format(game=game)
        else:
            done = _("Reset all your statistics.")
            ask = _("This forgets all your statistics, for good.")

        def reset() -> None:
            self.stats.reset(key if one else None)
            self._save()
            self.render(key)
            self.app.say(done)

        self.confirm.ask(
            _("Reset statistics?"), ask, pgettext("button", "Reset"), reset, danger=True
        )


def _key(game: Game) -> str:
    return variant(game.rules.name, game.rules.active)


def _rows(t: Tally) -> list[tuple[str, str]]:
    """The Statistics dialog's table: each row's heading and value."""
    lost = t.played - t.won
    won, lost_words = number(t.won), number(lost)
    if t.won_helped:
        # Translators: {won} games won, {n} of them with help (hints, the solver's verdict)
        won = ngettext("{won} ({n} with help)", "{won} ({n} with help)", t.won_helped).format(
            won=won, n=number(t.won_helped)
        )
    if t.abandoned:
        # Translators: {lost} games lost, {n} of them abandoned (left unfinished)
        lost_words = ngettext("{lost} ({n} abandoned)", "{lost} ({n} abandoned)", t.abandoned)
        lost_words = lost_words.format(lost=number(lost), n=number(t.abandoned))
    return [
        (pgettext("statistics", "Played"), number(t.played)),
        (pgettext("statistics", "Won"), won),
        (pgettext("statistics", "Win rate"), percent(t.won / t.played) if t.played else "–"),
        (pgettext("statistics", "Lost"), lost_words),
        (pgettext("statistics", "Current winning streak"), number(t.streak)),
        (pgettext("statistics", "Best winning streak"), number(t.best_streak)),
        (
            pgettext("statistics", "Best time"),
            _clock(t.best_seconds) if t.best_seconds is not None else "–",
        ),
        (
            pgettext("statistics", "Fewest moves"),
            number(t.fewest_moves) if t.fewest_moves is not None else "–",
        ),
    ]


def _clock(seconds: float) -> str:
    s = int(seconds)
    return (
        f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
    )
