"""Daily records: a daily deal counts once, at its first finish; played again it is
practice and counts nowhere. Streaks of won days, the 30-day calendar, and daily results
stored with the statistics: version 2, old statistics unchanged, damage left out alone."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import date, timedelta
from typing import Any

import pytest

from game.stats import (
    DAYS_SHOWN,
    VERSION,
    DailyResult,
    Help,
    Stats,
    StatsError,
    StatsNewer,
    daily_calendar,
    daily_summary,
    daily_words,
)

TODAY = date(2026, 12, 2)
YESTERDAY = TODAY - timedelta(days=1)


def play_daily(s: Stats, game: str, day: date, outcome: str, deal: int = 7) -> bool:
    """Deal ``day``'s daily, make a move, finish it; did that change the statistics?"""
    s.begin(game, deal, daily=day)
    s.moved()
    return s.finish(outcome, 120.44, 90)


def days_won(s: Stats, game: str, *days: date) -> None:
    for i, day in enumerate(days):
        s.dailies.setdefault(game, {})[day] = DailyResult("won", 80 + i, 100.0)


# -- counting once ---------------------------------------------------------------------------


def test_a_daily_counts_once_at_its_first_finish() -> None:
    s = Stats()
    assert not s.daily_done("linus", TODAY)
    assert play_daily(s, "linus", TODAY, "won") is True
    assert s.daily_done("linus", TODAY) and not s.daily_done("whitehead", TODAY)
    assert s.dailies["linus"] == {TODAY: DailyResult("won", 90, 120.4)}
    t = s.tally("linus")
    assert (t.played, t.won, t.recent) == (1, 1, ["won"])  # an ordinary game too


def test_a_daily_played_again_is_practice_and_changes_nothing() -> None:
    s = Stats()
    play_daily(s, "whitehead", TODAY, "lost")
    before = Stats.loads(s.dumps())
    s.begin("whitehead", 7, daily=TODAY)  # the same daily again
    s.moved()
    assert not s.in_progress()  # leaving it costs nothing: the page asks nothing
    assert s.finish("won", 50, 60) is False
    assert s.begin("whitehead", 8) is False  # nor does leaving it unfinished
    assert (s.tallies, s.dailies) == (before.tallies, before.dailies)
    assert s.dailies["whitehead"][TODAY].outcome == "lost"


def test_practice_left_unfinished_is_no_abandon() -> None:
    s = Stats()
    play_daily(s, "unlimited", TODAY, "won")
    s.begin("unlimited", 7, daily=TODAY)
    s.moved()
    assert s.begin("unlimited", 99) is False
    assert (s.tally("unlimited").played, s.tally("unlimited").abandoned) == (1, 0)


def test_a_lost_daily_undone_and_won_stays_lost() -> None:
    # Its first finish counts; an ordinary game so won would become a win (test_stats.py).
    s = Stats()
    assert play_daily(s, "linus", TODAY, "lost") is True
    assert s.finish("won", 200, 120) is False
    assert s.dailies["linus"][TODAY].outcome == "lost"
    assert (s.tally("linus").won, s.tally("linus").recent) == (0, ["lost"])


def test_abandoning_a_daily_in_progress_finishes_it_as_a_loss() -> None:
    s = Stats()
    s.begin("blind-alleys", 5, daily=TODAY)
    s.moved()
    assert s.in_progress()
    assert s.begin("blind-alleys", 6) is True  # another game
    assert s.dailies["blind-alleys"] == {TODAY: DailyResult("abandoned", 0, 0)}
    t = s.tally("blind-alleys")
    assert (t.played, t.abandoned) == (1, 1)
    assert s.daily_done("blind-alleys", TODAY)
    assert daily_summary(s, "blind-alleys", TODAY).days[-1] == (TODAY, "lost")


def test_restarting_a_daily_in_progress_abandons_it_and_the_restart_is_practice() -> None:
    s = Stats()
    s.begin("whitehead", 5, daily=TODAY)
    s.moved()
    assert s.begin("whitehead", 5, daily=TODAY) is True
    s.moved()
    assert s.finish("won", 10, 10) is False
    assert s.dailies["whitehead"][TODAY].outcome == "abandoned"


def test_a_daily_left_before_a_move_is_not_played() -> None:
    s = Stats()
    s.begin("linus", 5, daily=TODAY)
    assert s.begin("linus", 6) is False
    assert s.finish("lost", 0, 0) is False
    assert (s.dailies, s.tallies) == ({}, {})


def test_another_days_daily_counts_apart() -> None:
    s = Stats()
    play_daily(s, "linus", YESTERDAY, "won")
    assert play_daily(s, "linus", TODAY, "lost") is True
    assert set(s.dailies["linus"]) == {YESTERDAY, TODAY}
    assert s.tally("linus").played == 2


def test_a_daily_has_no_house_rules() -> None:
    with pytest.raises(ValueError, match="no house rules"):
        Stats().begin("linus+pgs", 5, daily=TODAY)


def test_a_resumed_daily_stays_a_daily_unless_another_day_is_named() -> None:
    s = Stats()
    s.begin("linus", 5, daily=TODAY)
    s.moved()
    assert s.resume("linus", 5, played=True, had=Help(hints=1)) is False  # the saved game
    assert s.current is not None and s.current.daily == TODAY and s.current.help.hints == 1
    assert s.resume("linus", 5, played=True, daily=TODAY) is False
    assert s.resume("linus", 5, played=True, daily=YESTERDAY) is True  # another day's
    assert s.dailies["linus"][TODAY].outcome == "abandoned"
    assert s.current is not None and s.current.daily == YESTERDAY


def test_reset_forgets_a_games_daily_results_too() -> None:
    s = Stats()
    play_daily(s, "linus", TODAY, "won")
    play_daily(s, "whitehead", TODAY, "won")
    s.reset("linus+pgs")  # house rules: no dailies to forget
    assert set(s.dailies) == {"linus", "whitehead"}
    s.reset("linus")
    assert set(s.dailies) == {"whitehead"}
    s.reset()
    assert s.dailies == {}


# -- streaks and the calendar ------------------------------------------------------------------


def test_the_streak_counts_won_days_in_a_row_up_to_today() -> None:
    s = Stats()
    days_won(s, "linus", *(TODAY - timedelta(days=n) for n in range(3)))
    summary = daily_summary(s, "linus", TODAY)
    assert (summary.played, summary.won, summary.streak, summary.best_streak) == (3, 3, 3, 3)


def test_in_the_morning_the_streak_runs_to_yesterday() -> None:
    s = Stats()
    days_won(s, "linus", YESTERDAY, YESTERDAY - timedelta(days=1))
    assert daily_summary(s, "linus", TODAY).streak == 2  # today's not won yet: still 2
    assert daily_summary(s, "linus", TODAY + timedelta(days=1)).streak == 0  # a day missed


def test_a_lost_day_or_a_gap_breaks_the_streak() -> None:
    s = Stats()
    days_won(s, "whitehead", *(TODAY - timedelta(days=n) for n in (2, 3, 4, 5, 7, 8)))
    assert daily_summary(s, "whitehead", TODAY).streak == 0  # yesterday missed
    s.dailies["whitehead"][YESTERDAY] = DailyResult("lost", 5, 5.0)
    s.dailies["whitehead"][TODAY] = DailyResult("won", 5, 5.0)
    summary = daily_summary(s, "whitehead", TODAY)
    assert (summary.played, summary.won, summary.streak, summary.best_streak) == (8, 7, 1, 4)


def test_tomorrows_daily_out_east_of_here_adds_to_the_streak() -> None:
    s = Stats()
    days_won(s, "unlimited", YESTERDAY, TODAY, TODAY + timedelta(days=1))
    assert daily_summary(s, "unlimited", TODAY).streak == 3


def test_the_calendar_shows_the_last_30_days_oldest_first() -> None:
    s = Stats()
    old = TODAY - timedelta(days=DAYS_SHOWN)  # a day before the calendar: counted, not shown
    days_won(s, "linus", old, TODAY - timedelta(days=29), date(2026, 12, 1))
    s.dailies["linus"][date(2026, 11, 30)] = DailyResult("abandoned", 0, 0)
    summary = daily_summary(s, "linus", TODAY)
    assert len(summary.days) == DAYS_SHOWN == 30
    assert summary.days[0] == (date(2026, 11, 3), "won")
    assert summary.days[-3:] == [
        (date(2026, 11, 30), "lost"),
        (date(2026, 12, 1), "won"),
        (TODAY, None),
    ]
    assert [d for d, _ in summary.days] == sorted(d for d, _ in summary.days)
    assert (summary.played, summary.won) == (4, 3)
    # 2 and 3 November: the best streak, though only one of them shows
    assert daily_words(summary) == "Days played 4 · won 3 · streak 1 (best 2)"


def test_the_calendar_names_each_day_with_a_mark_not_colour_alone() -> None:
    s = Stats()
    days_won(s, "linus", date(2026, 12, 1))
    s.dailies["linus"][date(2026, 11, 30)] = DailyResult("lost", 9, 9.0)
    html = daily_calendar(daily_summary(s, "linus", TODAY))
    assert html.count("<li") == 30 and html.count('role="img"') == 30
    assert 'aria-label="1 December: won" title="1 December: won">' in html
    assert '<small aria-hidden="true">1</small>✓</span>' in html  # each square has its date
    assert 'title="30 November: lost"><small aria-hidden="true">30</small>✗</span>' in html
    assert 'class="none today"><span role="img" aria-label="2 December, today: not played"' in html
    assert html.count("✓") == 1 and html.count("✗") == 1


def test_a_game_without_dailies_sums_up_to_nothing() -> None:
    summary = daily_summary(Stats(), "whitehead", TODAY)
    assert (summary.played, summary.won, summary.streak, summary.best_streak) == (0, 0, 0, 0)
    assert {outcome for _, outcome in summary.days} == {None}


# -- storing -----------------------------------------------------------------------------------


def test_daily_results_and_the_daily_in_progress_survive_storing() -> None:
    s = Stats()
    play_daily(s, "linus", YESTERDAY, "won")
    s.begin("linus", 9, daily=TODAY)
    s.moved()
    text = s.dumps()
    data = json.loads(text)
    assert data["version"] == VERSION == 2
    assert data["dailies"] == {"linus": {"2026-12-01": ["won", 90, 120.4]}}
    assert data["current"]["daily"] == "2026-12-02"
    back = Stats.loads(text)
    assert back == s and back.damaged == []
    assert back.current is not None and back.current.daily == TODAY
    assert back.finish("lost", 3, 3) is True and back.daily_done("linus", TODAY)


def test_statistics_without_dailies_are_stored_as_version_1_as_before() -> None:
    # A page from before dailies can still read them; it leaves version 2 alone (newer).
    s = Stats()
    s.begin("linus", 3)
    s.moved()
    s.finish("won", 5, 5)
    data = json.loads(s.dumps())
    assert data["version"] == 1 and "dailies" not in data and "daily" not in data["current"]


def test_old_statistics_without_dailies_load_unchanged() -> None:
    old: dict[str, Any] = {"version": 1, "tallies": {"linus": {"played": 3, "won": 1, "streak": 1,
           "best_streak": 1, "recent": ["lost", "lost", "won"]}},
           "current": {"key": "linus", "deal": 5, "played": True, "counted": None,
                       "streak_before": 0}}  # fmt: skip
    s = Stats.loads(json.dumps(old))
    assert s.dailies == {} and s.damaged == []
    assert s.current is not None and s.current.daily is None
    assert s.tally("linus").played == 3
    assert json.loads(s.dumps())["current"] == {**old["current"], "help": asdict(Help())}
    # version 1 never has dailies: any found there are not read
    assert Stats.loads(json.dumps({**old, "dailies": {"linus": 5}})).dailies == {}


def good_v2() -> dict[str, object]:
    s = Stats()
    play_daily(s, "linus", YESTERDAY, "won")
    play_daily(s, "whitehead", YESTERDAY, "lost")
    data: dict[str, object] = json.loads(s.dumps())
    return data


@pytest.mark.parametrize(
    ("dailies", "kept", "said"),
    [
        ({"linus": {"2026-12-01": ["won", 90, 120.4], "2026-13-01": ["won", 1, 1]}},
         {"linus": 1}, "the daily result of linus on '2026-13-01'"),
        ({"linus": {"2026-12-01": ["won", 90, 120.4], "2026-11-30": ["drawn", 1, 1]}},
         {"linus": 1}, "the daily result of linus on '2026-11-30'"),
        ({"linus": {"2026-12-01": ["won", -1, 1], "2026-11-30": ["won", 1, 1]}},
         {"linus": 1}, "the daily result of linus on '2026-12-01'"),
        ({"linus": {"2026-12-01": ["won", 1, float("nan")]}}, {}, "linus on '2026-12-01'"),
        ({"linus": {"2026-12-01": ["won", 1, True]}}, {}, "linus on '2026-12-01'"),
        ({"linus": {"2026-12-01": ["won", 1]}}, {}, "linus on '2026-12-01'"),
        ({"linus": {"2026-12-01": {"outcome": "won"}}}, {}, "linus on '2026-12-01'"),
        ({"linus": {"٢٠٢٦-١٢-٠١": ["won", 1, 1]}}, {}, "the daily result of linus on"),
        ({"linus": ["won"], "whitehead": {"2026-12-01": ["lost", 3, 4.5]}}, {"whitehead": 1},
         "the daily results of 'linus'"),
        ({"poker": {"2026-12-01": ["won", 1, 1]}}, {}, "the daily results of 'poker'"),
    ],
)  # fmt: skip
def test_a_damaged_daily_result_is_left_out_and_the_rest_kept(
    dailies: dict[str, object], kept: dict[str, int], said: str
) -> None:
    data = {**good_v2(), "dailies": dailies}
    s = Stats.loads(json.dumps(data))
    assert {game: len(days) for game, days in s.dailies.items()} == kept
    assert len(s.damaged) == 1 and said in s.damaged[0], s.damaged
    assert "\n" not in s.damaged[0] and len(s.damaged[0]) < 120
    assert s.tally("linus").played == 1  # the tallies are all there
    assert Stats.loads(s.dumps()).damaged == []  # stored again: clean


def test_a_damaged_daily_mark_on_the_game_in_progress_is_dropped() -> None:
    data = good_v2()
    for bad in ("yesterday", 20261201, "2026-02-30"):
        current = {"key": "linus", "deal": 5, "played": True, "counted": None,
                   "streak_before": 0, "daily": bad}  # fmt: skip
        s = Stats.loads(json.dumps({**data, "current": current}))
        assert s.current is not None and s.current.daily is None and s.current.deal == 5
        assert s.damaged == [f"the daily deal in progress, {bad!r}"]
    house = {"key": "linus+pgs", "deal": 5, "played": True, "counted": None,
             "streak_before": 0, "daily": "2026-12-01"}  # fmt: skip
    s = Stats.loads(json.dumps({**data, "current": house}))
    assert s.current is not None and s.current.daily is None and len(s.damaged) == 1


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"version": 2, "tallies": {}, "current": None}),  # version 2 has dailies
        json.dumps({"version": 2, "tallies": {}, "current": None, "dailies": []}),
        json.dumps({"version": 0, "tallies": {}, "dailies": {}}),
        "x" * 1_000_001,
    ],
)
def test_statistics_damaged_beyond_the_dailies_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(StatsError) as caught:
        Stats.loads(text)
    assert "\n" not in str(caught.value) and not isinstance(caught.value, StatsNewer)


def test_statistics_of_a_newer_version_are_left_alone() -> None:
    with pytest.raises(StatsNewer):
        Stats.loads(json.dumps({**good_v2(), "version": VERSION + 1}))


def test_years_of_daily_results_fit() -> None:
    s = Stats()
    for game in ("whitehead", "blind-alleys", "linus", "unlimited"):
        for n in range(5 * 366):
            s.dailies.setdefault(game, {})[TODAY - timedelta(days=n)] = DailyResult(
                "won", 123, 456.7
            )
    back = Stats.loads(s.dumps())
    assert back.dailies == s.dailies
