"""Statistics per game and house-rule set: played, won, streaks, best time, fewest moves,
and the recent results, as versioned JSON that is checked on the way in (pure).

A game counts as played once a move is made; it ends won, lost, or abandoned (a new deal
while it was still going), and an abandoned game counts as a loss. Each game counts once:
:class:`Current` follows the game in progress, so a loss that is undone and then won
becomes a win, and nothing else counts a game twice.

Wins with help are kept apart from wins without (:class:`Help`): hints asked, a solver's
verdict seen, Finish pressed before the rest was forced. Only wins without help set the
best time and the fewest moves.

Daily deals (game/daily.py, always played with no house rules) are kept per game too, by
date (:class:`DailyResult`). A daily counts once, at its first finish: won, lost, or
abandoned (a loss). Played again it is practice and counts nowhere, nor does a lost daily
undone and won: its first finish stands. :func:`daily_summary` sums them up for the page.

Stored: version 2 has the daily results (``"dailies": {"linus": {"2026-12-01": ["won", 88,
301.5]}}``: outcome, moves, seconds) and the game in progress's ``"daily"`` date; it is
written only once there is something daily to keep, so that statistics without dailies
stay version 1, readable by a page from before. A damaged daily result is left out with a
notice (:attr:`Stats.damaged`); the rest is kept.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import date, timedelta
from html import escape
from itertools import combinations
from typing import Any

from .deals import MAX_DEAL
from .i18n import N_, _, ngettext, pgettext
from .jsontext import parse
from .notation import GameError, NewerVersion, newer, shown
from .rules import GAMES

VERSION = 2  # 2: daily results; 1 (still written without them) had none
RECENT = 30  # results kept for the chart
DAYS_KEPT = 90  # days with results kept for the chart over time (a day without any: none)
DAYS_SHOWN = 30  # days in the daily calendar
MAX_TEXT = 1_000_000  # real ones: a few kB, plus about 40 kB a year of daily results


class StatsError(GameError):
    """Stored statistics that cannot be used."""


class StatsNewer(StatsError, NewerVersion):
    """Statistics kept by a newer version of the page."""


MAX_HINTS = 1_000_000


@dataclass
class Help:
    """The help a game has had. It only grows: a hint undone was still seen, and undo is
    no help. A game saved or counted before help was kept has none."""

    hints: int = 0  # hints asked
    verdict: bool = False  # the solver's verdict ("Winnable", "No longer winnable…") seen
    finish: bool = False  # Finish pressed before the rest was forced (assist.forced)

    @property
    def given(self) -> bool:
        return bool(self.hints or self.verdict or self.finish)

    def words(self) -> str:
        """``4 hints, the solver's verdict, Finish``: the help, in words ("" for none)."""
        hints = ngettext("{n} hint", "{n} hints", self.hints).format(n=self.hints)
        said = [hints] if self.hints else []
        said += [_("the solver's verdict")] * self.verdict
        said += [pgettext("button", "Finish")] * self.finish
        return ", ".join(said)

    def joined(self, other: Help) -> Help:
        """All the help of both (the same game, kept in two places)."""
        return Help(
            max(self.hints, other.hints), self.verdict or other.verdict, self.finish or other.finish
        )

    @classmethod
    def read(cls, raw: object) -> Help:
        """The help stored as ``raw`` (its fields, or fewer); ValueError if it is not that."""
        if not isinstance(raw, dict) or not set(raw) <= {f.name for f in fields(cls)}:
            raise ValueError(_("bad help record"))
        hints = raw.get("hints", 0)
        verdict, finish = raw.get("verdict", False), raw.get("finish", False)
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
            raise ValueError(_("bad hint count"))
        if not isinstance(verdict, bool) or not isinstance(finish, bool):
            raise ValueError(_("bad help record"))
        return cls(hints, verdict, finish)


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    streak: int = 0  # current winning streak
    best_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    recent: list[str] = field(default_factory=list)  # "won" / "lost" / "abandoned", oldest first
    abandoned: int = 0  # of the games not won
    won_helped: int = 0  # of the games won: with help (the bests count only the others)
    # By day ("YYYY-MM-DD", the player's local date): [won without help, won with help,
    # lost or abandoned]; the last DAYS_KEPT days played. Older pages ignore it.
    days: dict[str, list[int]] = field(default_factory=dict)

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def add(
        self,
        outcome: str,
        seconds: float,
        moves: int,
        helped: bool = False,
        day: date | None = None,
    ) -> None:
        self.played += 1
        if outcome == "won":
            self._win(self.streak, seconds, moves, helped)
        else:
            self.streak = 0
            self.abandoned += outcome == "abandoned"
        self.recent = [*self.recent, outcome][-RECENT:]
        self._dated(day, 2 if outcome != "won" else int(helped))

    def _dated(self, day: date | None, which: int, back: int | None = None) -> None:
        """Count a result on ``day`` (today if None): ``which`` of the day's three counts,
        taken from ``back`` (a loss won after all)."""
        text = (day or date.today()).isoformat()
        counts = self.days.setdefault(text, [0, 0, 0])
        counts[which] += 1
        if back is not None and counts[back] > 0:
            counts[back] -= 1
        for old in sorted(self.days)[:-DAYS_KEPT]:
            del self.days[old]

    def _win(self, streak_before: int, seconds: float, moves: int, helped: bool) -> None:
        self.won += 1
        self.streak = streak_before + 1
        self.best_streak = max(self.best_streak, self.streak)
        if helped:  # a win all the same, but no record
            self.won_helped += 1
            return
        if self.best_seconds is None or seconds < self.best_seconds:
            self.best_seconds = round(seconds, 1)
        if self.fewest_moves is None or moves < self.fewest_moves:
            self.fewest_moves = moves

    def upgrade(self, streak_before: int, seconds: float, moves: int, helped: bool = False) -> bool:
        """The last game, counted lost, was won after all (undo is free): make it a win."""
        if not self.recent or self.recent[-1] != "lost" or self.streak:
            return False  # not as it was left (statistics reset in between)
        self._win(streak_before, seconds, moves, helped)
        self.recent = [*self.recent[:-1], "won"]
        self._dated(None, int(helped), back=2)
        return True


def bettered(before: Tally, after: Tally) -> list[str]:
    """What the win just counted bettered, in words: "New best time", "Fewest moves yet".
    A first win betters nothing: there was nothing to beat. A win with help sets no best,
    so it betters nothing either."""
    said = []
    if before.best_seconds is not None and after.best_seconds != before.best_seconds:
        said.append(_("New best time"))
    if before.fewest_moves is not None and after.fewest_moves != before.fewest_moves:
        said.append(_("Fewest moves yet"))
    return said


def variant(game: str, rules: dict[str, bool] | tuple[str, ...]) -> str:
    """``linus+pgs``: the key of a game and its house rules."""
    on = sorted(k for k in rules if (rules[k] if isinstance(rules, dict) else True))
    return "+".join([game, *on])


def variants() -> list[str]:
    """Every game with every set of its house rules: the variants statistics are kept for."""
    out = []
    for name, rules in GAMES.items():
        names = [h.name for h in rules.house_rules]
        for n in range(len(names) + 1):
            out += [variant(name, combo) for combo in combinations(names, n)]
    return out


def variant_title(key: str) -> str:
    """``Linus, Pretty Good Solitaire``: a variant in words."""
    name, *on = key.split("+")
    rules = GAMES[name]
    titles = {h.name: _(h.title) if h.title else h.name for h in rules.house_rules}
    return ", ".join([_(rules.title), *(titles.get(n, n) for n in on)])


@dataclass
class Current:
    """The game in progress, as far as statistics go."""

    key: str  # its variant
    deal: int
    played: bool = False  # a move was made: from now on it counts
    counted: str | None = None  # the outcome it was counted with
    streak_before: int = 0  # the streak its loss broke, given back if it is won after all
    help: Help = field(default_factory=Help)  # kept in the saved game too (saved.py)
    daily: date | None = None  # the day whose daily deal it is (stored "YYYY-MM-DD")


@dataclass(frozen=True)
class DailyResult:
    """How a day's daily deal ended the first time (the only time it counts)."""

    outcome: str  # "won", "lost" or "abandoned" (a loss: left unfinished)
    moves: int  # 0 when abandoned: none known
    seconds: float

    @property
    def won(self) -> bool:
        return self.outcome == "won"


@dataclass(frozen=True)
class DailySummary:
    """A game's daily deals for the page: days played and won, streaks, the calendar."""

    played: int
    won: int
    streak: int  # won days in a row, up to today (or yesterday, until today's is won)
    best_streak: int
    days: list[tuple[date, str | None]]  # the DAYS_SHOWN days to today: "won"/"lost"/None


@dataclass
class Stats:
    tallies: dict[str, Tally] = field(default_factory=dict)
    current: Current | None = None
    dailies: dict[str, dict[date, DailyResult]] = field(default_factory=dict)  # game -> day
    # What loads() left out as damaged, in words (not stored): for a notice.
    damaged: list[str] = field(default_factory=list, compare=False, repr=False)

    def tally(self, key: str) -> Tally:
        return self.tallies.setdefault(key, Tally())

    def daily_done(self, game: str, day: date) -> bool:
        """Was ``day``'s daily deal of ``game`` finished before? Then it is practice."""
        return day in self.dailies.get(game, {})

    def _practice(self, c: Current) -> bool:
        return c.daily is not None and self.daily_done(c.key, c.daily)

    def _daily_ended(self, c: Current, outcome: str, seconds: float, moves: int) -> None:
        if c.daily is not None:
            result = DailyResult(outcome, moves, round(seconds, 1))
            self.dailies.setdefault(c.key, {})[c.daily] = result

    def add(self, key: str, outcome: str, seconds: float, moves: int, helped: bool = False) -> None:
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        self.tally(key).add(outcome, seconds, moves, helped)

    # -- following the game in progress -----------------------------------------------------

    def in_progress(self) -> bool:
        """Would leaving the game now count as a loss?"""
        c = self.current
        return c is not None and c.played and c.counted is None and not self._practice(c)

    def begin(self, key: str, deal: int, played: bool = False, daily: date | None = None) -> bool:
        """A new game (or the same deal again); True if that abandoned the one in progress
        (a daily so left is finished: a loss). ``daily``: it is that day's daily deal, which
        has no house rules. The same deal again keeps the help it had: what a hint showed
        is still known."""
        if daily is not None and "+" in key:
            raise ValueError(f"a daily deal has no house rules, not {key!r}")
        c = self.current
        abandoned = self.in_progress()
        if abandoned:
            assert c is not None
            self.add(c.key, "abandoned", 0, 0)
            self._daily_ended(c, "abandoned", 0, 0)
        again = c is not None and (c.key, c.deal) == (key, deal)
        had = replace(c.help) if again and c else Help()
        self.current = Current(key, deal, played, help=had, daily=daily)
        return abandoned

    def resume(
        self,
        key: str,
        deal: int,
        played: bool,
        had: Help | None = None,
        daily: date | None = None,
    ) -> bool:
        """The saved game is back: the same one as before, unless it is another deal (or
        another day's daily). ``daily`` None keeps what these statistics know: a saved
        game need not say it is a daily. The help it had is the most either place (these
        statistics, the saved game) knew of."""
        c = self.current
        left = False
        same = c is not None and (c.key, c.deal) == (key, deal)
        if c is None or not same or (daily is not None and c.daily != daily):
            left = self.begin(key, deal, played, daily)
        if had is not None and self.current is not None:
            self.current.help = self.current.help.joined(had)
        return left

    @property
    def help(self) -> Help:
        """The help the game in progress has had (none if there is none)."""
        return self.current.help if self.current is not None else Help()

    def helped(self, hint: bool = False, verdict: bool = False, finish: bool = False) -> bool:
        """The game in progress had help: a hint asked, the solver's verdict seen, Finish
        pressed before the rest was forced. True if that is news (to be saved)."""
        c = self.current
        if c is None:
            return False
        before = replace(c.help)
        c.help.hints = min(c.help.hints + hint, MAX_HINTS)
        c.help.verdict = c.help.verdict or verdict
        c.help.finish = c.help.finish or finish
        return c.help != before

    def moved(self) -> None:
        if self.current is not None:
            self.current.played = True

    def finish(self, outcome: str, seconds: float, moves: int) -> bool:
        """The game just ended ("won" or "lost"); True if that changed the statistics.
        A daily finished before (practice) changes nothing."""
        c = self.current
        if c is None or not c.played or self._practice(c):
            return False
        if c.counted is None:
            c.streak_before = self.tally(c.key).streak
            self.add(c.key, outcome, seconds, moves, c.help.given)
            self._daily_ended(c, outcome, seconds, moves)
            c.counted = outcome
            return True
        t = self.tallies.get(c.key)  # None: reset since it was counted
        won_after_all = c.counted == "lost" and outcome == "won"
        helped = c.help.given
        if won_after_all and t is not None and t.upgrade(c.streak_before, seconds, moves, helped):
            c.counted = "won"
            return True
        return False

    def reset(self, key: str | None = None) -> None:
        """Forget every tally, or one variant's (a game without house rules: its daily
        results too); the game in progress still counts."""
        if key is None:
            self.tallies.clear()
            self.dailies.clear()
        else:
            self.tallies.pop(key, None)
            self.dailies.pop(key, None)

    # -- storing ---------------------------------------------------------------------------

    def dumps(self) -> str:
        tallies = {k: asdict(t) for k, t in self.tallies.items()}
        current = asdict(self.current) if self.current else None
        daily: date | None = current.pop("daily") if current else None
        data: dict[str, Any] = {"version": 1, "tallies": tallies, "current": current}
        if self.dailies or daily is not None:  # else version 1, as a page from before wrote
            if current is not None:
                current["daily"] = daily.isoformat() if daily else None
            data["version"] = VERSION
            data["dailies"] = {
                game: {day.isoformat(): [r.outcome, r.moves, r.seconds] for day, r in days.items()}
                for game, days in self.dailies.items()
            }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def loads(cls, text: object) -> Stats:
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise StatsError(_("the statistics are damaged (not text, or far too long)"))
        try:
            data: Any = parse(text)
        except (ValueError, RecursionError):
            raise StatsError(_("the statistics are damaged (not JSON)")) from None
        if isinstance(data, dict) and newer(data.get("version"), VERSION):
            raise StatsNewer(_("the statistics are from a newer version"))
        if not isinstance(data, dict) or data.get("version") not in (1, VERSION):
            raise StatsError(_("the statistics are from another version"))
        tallies = data.get("tallies")
        if not isinstance(tallies, dict):
            raise StatsError(_("the statistics are damaged (no tallies)"))
        dailies = data.get("dailies") if data["version"] == VERSION else {}
        if not isinstance(dailies, dict):
            raise StatsError(_("the statistics are damaged (no daily results)"))
        out = cls()
        for key, raw in tallies.items():
            _check_key(key)
            out.tallies[key] = _tally(raw)
        if data.get("current") is not None:
            out.current = _current(data["current"], out.damaged)
        for game, days in dailies.items():
            kept = _daily_results(game, days, out.damaged)
            if kept:
                out.dailies[game] = kept
        return out


OUTCOMES = ("won", "lost", "abandoned")


def _check_key(key: object) -> None:
    parts = key.split("+") if isinstance(key, str) else [""]
    rules = GAMES.get(parts[0])
    if rules is None:
        said = _("the statistics are damaged (unknown game {game})")
        raise StatsError(said.format(game=repr(str(key)[:30])))
    if not set(parts[1:]) <= {h.name for h in rules.house_rules}:
        said = _("the statistics are damaged (unknown house rule in {variant})")
        raise StatsError(said.format(variant=repr(str(key)[:40])))


def _current(raw: object, damaged: list[str]) -> Current:
    names = {f.name for f in fields(Current)}
    if not isinstance(raw, dict) or not names - {"help", "daily"} <= set(raw) <= names:
        raise StatsError(_("the statistics are damaged (the game in progress)"))
    _check_key(raw["key"])
    deal, streak = raw["deal"], raw["streak_before"]
    good = type(deal) is int and 1 <= deal <= MAX_DEAL and type(streak) is int and streak >= 0
    if not good or not isinstance(raw["played"], bool) or raw["counted"] not in (None, *OUTCOMES):
        raise StatsError(_("the statistics are damaged (the game in progress)"))
    try:  # kept before help was: none known, none counted
        had = Help.read(raw.get("help", {}))
    except ValueError as e:
        said = _("the statistics are damaged (the game in progress: {reason})")
        raise StatsError(said.format(reason=e)) from None
    daily = raw.get("daily")
    if daily is not None:  # a bad mark is dropped: the game goes on as an ordinary one
        daily = _day(daily)
        if daily is None or "+" in raw["key"]:
            damaged.append(_("the daily deal in progress, {date}").format(date=shown(raw["daily"])))
            daily = None
    return Current(**{**raw, "help": had, "daily": daily})


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only
MAX_MOVES = 1_000_000


def _day(text: object) -> date | None:
    """The date stored as ``YYYY-MM-DD``, or None if it is not one."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _daily_results(game: object, raw: object, damaged: list[str]) -> dict[date, DailyResult]:
    """One game's daily results as stored; each damaged one is left out, and said in
    ``damaged`` (the whole record if it is not one)."""
    if not isinstance(game, str) or game not in GAMES or not isinstance(raw, dict):
        # Translators: {game} is the game's name as stored, left in English ('linus').
        damaged.append(_("the daily results of {game}").format(game=shown(game)))
        return {}
    out = {}
    for text, result in raw.items():
        day = _day(text)
        if day is None or not _daily_result(result):
            # Translators: {game} is the game's name as stored, left in English ('linus').
            said = _("the daily result of {game} on {date}")
            damaged.append(said.format(game=game, date=shown(text)))
            continue
        outcome, moves, seconds = result
        out[day] = DailyResult(outcome, moves, seconds)
    return out


def _daily_result(raw: object) -> bool:
    """Is ``raw`` a stored daily result: ``[outcome, moves, seconds]``?"""
    if not isinstance(raw, list) or len(raw) != 3:
        return False
    outcome, moves, seconds = raw
    if outcome not in OUTCOMES or type(moves) is not int or not 0 <= moves <= MAX_MOVES:
        return False
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return False
    return 0 <= seconds < 1e9  # NaN fails too


def _tally(raw: object) -> Tally:
    if not isinstance(raw, dict):
        raise StatsError(_("the statistics are damaged (a tally is not an object)"))

    def damaged(name: str) -> StatsError:
        # Translators: {field} is the name of a stored count, left in English ('best_seconds').
        return StatsError(_("the statistics are damaged ({field})").format(field=name))

    def count(name: str) -> int:
        v = raw.get(name, 0)
        if type(v) is not int or v < 0:
            raise damaged(name)
        return v

    def best(name: str, kind: type | tuple[type, ...]) -> Any:
        v = raw.get(name)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, kind):
            raise damaged(name)
        number: float = v  # type: ignore[assignment]
        if not 0 <= number < 1e9:  # NaN fails too
            raise damaged(name)
        return v

    recent = raw.get("recent", [])
    if not isinstance(recent, list) or not all(r in OUTCOMES for r in recent):
        raise StatsError(_("the statistics are damaged (recent results)"))
    t = Tally(count("played"), count("won"), count("streak"), count("best_streak"),
              best("best_seconds", (int, float)), best("fewest_moves", int), recent[-RECENT:],
              count("abandoned"), count("won_helped"), _days(raw.get("days", {})))  # fmt: skip
    lost = t.played - t.won
    if t.won > t.played or t.streak > t.best_streak or t.abandoned > lost or t.won_helped > t.won:
        raise StatsError(_("the statistics are damaged (counts do not add up)"))
    return t


def _days(raw: object) -> dict[str, list[int]]:
    """The results by day as stored: ``{"2026-12-03": [2, 1, 0]}``, or refused."""
    if not isinstance(raw, dict) or len(raw) > DAYS_KEPT * 2:
        raise StatsError(_("the statistics are damaged (results by day)"))
    out = {}
    for text, counts in raw.items():
        good = isinstance(counts, list) and len(counts) == 3
        if _day(text) is None or not good or not all(_count(n) for n in counts):
            raise StatsError(_("the statistics are damaged (results by day)"))
        out[text] = list(counts)
    return dict(sorted(out.items())[-DAYS_KEPT:])


def _count(n: object) -> bool:
    return type(n) is int and 0 <= n < 1_000_000


CHART_DAYS = 14  # days in the chart over time, to today
_KINDS = ("won", "helped", "lost")  # a day's three counts: won without help, with help, lost
# Translators: a day of the month and its month, as in "3 December".
_DAY_MONTHS = (N_("{day} January"), N_("{day} February"), N_("{day} March"), N_("{day} April"),
               N_("{day} May"), N_("{day} June"), N_("{day} July"), N_("{day} August"),
               N_("{day} September"), N_("{day} October"), N_("{day} November"),
               N_("{day} December"))  # fmt: skip
# Translators: a month's short name, under the days of the statistics chart.
_SHORT_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
                 N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))  # fmt: skip


def day_month(day: date) -> str:
    """``3 December``: a day and its month, in the player's language."""
    return _(_DAY_MONTHS[day.month - 1]).format(day=day.day)


def _summed(when: str, results: str) -> str:
    """``Last 14 days: 5 games, 3 won, 2 lost``: a time and the games then, in one line."""
    # Translators: {when} is a time ("Last 14 days", "3 December"), {results} its games
    # ("5 games, 3 won, 2 lost").
    return _("{when}: {results}").format(when=when, results=results)


def _kind_words(kind: str, n: int) -> str:
    """``2 won without help``: one of a day's three counts (:data:`_KINDS`) in words."""
    if kind == "won":
        said = ngettext("{n} won without help", "{n} won without help", n)
    elif kind == "helped":
        said = ngettext("{n} won with help", "{n} won with help", n)
    else:
        said = ngettext("{n} lost", "{n} lost", n)
    return said.format(n=n)


def history(tally: Tally, today: date, shown: int = CHART_DAYS) -> list[tuple[date, list[int]]]:
    """The ``shown`` days to ``today``, oldest first, with each day's three counts."""
    days = [today - timedelta(days=n) for n in range(shown - 1, -1, -1)]
    return [(d, list(tally.days.get(d.isoformat(), [0, 0, 0]))) for d in days]


def day_words(day: date, counts: list[int]) -> str:
    """``3 December: 2 won without help, 1 lost``: a day of the chart in words."""
    said = [_kind_words(kind, n) for n, kind in zip(counts, _KINDS, strict=True) if n]
    return _summed(day_month(day), ", ".join(said) or _("no games"))


def history_svg(tally: Tally, today: date, width: int = 320, height: int = 150) -> str:
    """Results over time: a stacked bar a day for the last CHART_DAYS days (won without
    help, won with help, lost), with the count on the left axis and the dates below; its
    words are in :func:`history_words` (the page's text equivalent)."""
    rows = history(tally, today)
    top = max(max(sum(c) for _day, c in rows), 1)
    left, bottom, head = 24, 30, 8
    plot_w, plot_h = width - left - 4, height - bottom - head
    step = plot_w / len(rows)
    parts = [
        f'<line class="axis" x1="{left}" y1="{head}" x2="{left}" y2="{head + plot_h}"/>',
        f'<line class="axis" x1="{left}" y1="{head + plot_h}" x2="{width - 4}" '
        f'y2="{head + plot_h}"/>',
    ]
    for tick in sorted({0, top // 2, top} if top >= 4 else {0, top}):
        y = head + plot_h - plot_h * tick / top
        parts.append(f'<text x="{left - 4}" y="{y + 3:.1f}" text-anchor="end">{tick}</text>')
    month = None
    for i, (day, counts) in enumerate(rows):
        x = left + i * step + step * 0.15
        y = head + plot_h
        for n, kind in zip(counts, _KINDS, strict=True):
            if n:
                h = plot_h * n / top
                y -= h
                parts.append(
                    f'<rect class="{kind}" x="{x:.1f}" y="{y:.1f}" width="{step * 0.7:.1f}" '
                    f'height="{h:.1f}"/>'
                )
        mid = left + (i + 0.5) * step
        parts.append(
            f'<text x="{mid:.1f}" y="{head + plot_h + 12}" text-anchor="middle">{day.day}</text>'
        )
        if day.month != month:
            month = day.month
            short = escape(_(_SHORT_MONTHS[day.month - 1]))
            parts.append(
                f'<text x="{mid:.1f}" y="{head + plot_h + 24}" text-anchor="middle">{short}</text>'
            )
    label = escape(history_words(tally, today))
    return (
        f'<svg class="chart history" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}"><title>{label}</title>{"".join(parts)}</svg>'
    )


def history_words(tally: Tally, today: date) -> str:
    """The chart in one line: ``Last 14 days: 5 games, 3 won (1 with help), 2 lost``."""
    rows = history(tally, today)
    clean, helped, lost = (sum(c[k] for _day, c in rows) for k in range(3))
    n, won = clean + helped + lost, clean + helped
    days = ngettext("Last {n} day", "Last {n} days", len(rows)).format(n=len(rows))
    if not n:
        return _summed(days, _("no games"))
    if helped:
        won_words = ngettext("{n} won ({helped} with help)", "{n} won ({helped} with help)", won)
    else:
        won_words = ngettext("{n} won", "{n} won", won)
    games = ngettext("{n} game", "{n} games", n).format(n=n)
    results = [games, won_words.format(n=won, helped=helped), _kind_words("lost", lost)]
    return _summed(days, ", ".join(results))


def chart_svg(tally: Tally, width: int = 300, height: int = 40) -> str:
    """The recent results as a row of bars (tall green: won; short grey: lost/abandoned)."""
    shown = max(len(tally.recent), 1)
    step = width / RECENT
    bars = []
    for i, outcome in enumerate(tally.recent):
        h = height if outcome == "won" else height * 0.35
        x = (RECENT - shown + i) * step
        bars.append(
            f'<rect class="{outcome}" x="{x:.1f}" y="{height - h:.1f}" '
            f'width="{step * 0.8:.1f}" height="{h:.1f}"/>'
        )
    won = sum(r == "won" for r in tally.recent)
    n = len(tally.recent)
    if n:
        last = ngettext("Last {n} game", "Last {n} games", n).format(n=n)
        label = escape(_summed(last, ngettext("{n} won", "{n} won", won).format(n=won)))
    else:
        label = escape(_("No games yet"))
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{''.join(bars)}</svg>"
    )


# -- daily deals, for the page ---------------------------------------------------------------


def daily_summary(stats: Stats, game: str, today: date) -> DailySummary:
    """``game``'s daily deals as of ``today`` (the player's local date)."""
    results = stats.dailies.get(game, {})
    won = {day for day, r in results.items() if r.won}

    def run(end: date) -> int:  # won days in a row, ending on ``end``
        n = 0
        while end - timedelta(days=n) in won:
            n += 1
        return n

    # Today's not won yet (the morning) keeps yesterday's streak; tomorrow's may be out
    # already east of here (daily.parse_day), and adds to it.
    streak = max(run(today + timedelta(days=1)), run(today), run(today - timedelta(days=1)))
    best = max((run(day) for day in won if day + timedelta(days=1) not in won), default=0)
    days = [today - timedelta(days=n) for n in range(DAYS_SHOWN - 1, -1, -1)]
    shown_days = [
        (d, ("won" if results[d].won else "lost") if d in results else None) for d in days
    ]
    return DailySummary(len(results), len(won), streak, best, shown_days)


def daily_words(summary: DailySummary) -> str:
    """``Days played 5 · won 3 · streak 2 (best 3)``."""
    s = summary
    said = _("Days played {played} · won {won} · streak {streak} (best {best})")
    return said.format(played=s.played, won=s.won, streak=s.streak, best=s.best_streak)


_MARKS = {"won": "✓", "lost": "✗", None: ""}


def _outcome_words(outcome: str | None) -> str:
    """``won``, ``lost``, ``not played``: a day of the daily calendar in words."""
    if outcome == "won":
        return pgettext("daily deal", "won")
    if outcome == "lost":
        return pgettext("daily deal", "lost")
    return pgettext("daily deal", "not played")


def daily_calendar(summary: DailySummary) -> str:
    """The calendar's days as list items, oldest first: a mark (✓ won, ✗ lost, nothing:
    not played), not colour alone, and a name each ("1 December: won"); the last is today."""
    cells = []
    for i, (day, outcome) in enumerate(summary.days):
        mark, today = _MARKS[outcome], i == len(summary.days) - 1
        said = _("{date}, today: {result}") if today else _("{date}: {result}")
        name = escape(said.format(date=day_month(day), result=_outcome_words(outcome)))
        kind = f"{outcome or 'none'}{' today' * today}"
        cells.append(
            f'<li class="{kind}"><span role="img" aria-label="{name}" title="{name}">'
            f'<small aria-hidden="true">{day.day}</small>{mark or "&nbsp;"}</span></li>'
        )
    return "".join(cells)
