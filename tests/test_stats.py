"""Statistics: counting, streaks, bests, the chart, and damaged data refused in one line."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.stats import (
    RECENT,
    Help,
    Stats,
    StatsError,
    Tally,
    bettered,
    chart_svg,
    variant,
    variant_title,
    variants,
)


def test_wins_losses_streaks_and_bests_add_up() -> None:
    s = Stats()
    key = variant("whitehead", {"kings_only": True})
    assert key == "whitehead+kings_only"
    for outcome, seconds, moves in [("won", 200, 120), ("won", 150, 130), ("lost", 5, 3),
                                    ("abandoned", 9, 2), ("won", 300, 99)]:  # fmt: skip
        s.add(key, outcome, seconds, moves)
    t = s.tally(key)
    assert (t.played, t.won, t.streak, t.best_streak) == (5, 3, 1, 2)
    assert (t.best_seconds, t.fewest_moves) == (150, 99)
    assert t.win_percent == pytest.approx(60.0)
    assert t.recent == ["won", "won", "lost", "abandoned", "won"]
    assert Stats.loads(s.dumps()).tallies == s.tallies
    assert s.tally("linus").played == 0  # variants are separate


def test_recent_results_keep_the_last_few() -> None:
    s = Stats()
    for i in range(RECENT + 5):
        s.add("linus", "won" if i % 2 else "lost", 10, 10)
    assert len(s.tally("linus").recent) == RECENT
    svg = chart_svg(s.tally("linus"))
    assert svg.count("<rect") == RECENT and 'aria-label="Last 30 games: 15 won"' in svg
    assert 'aria-label="No games yet"' in chart_svg(s.tally("whitehead"))
    s.add("whitehead", "won", 1, 1)
    assert 'aria-label="Last 1 game: 1 won"' in chart_svg(s.tally("whitehead"))


def test_every_variant_has_a_title() -> None:
    keys = variants()
    assert keys == ["whitehead", "whitehead+kings_only", "blind-alleys", "linus", "linus+pgs",
                    "unlimited"]  # fmt: skip
    assert variant_title("linus+pgs") == "Linus, Pretty Good Solitaire"
    assert variant_title("whitehead+kings_only") == "Whitehead, Kings only"


# -- each game counts once -----------------------------------------------------------------


def test_a_game_counts_once_a_move_is_made() -> None:
    s = Stats()
    s.begin("linus", 5)
    assert not s.in_progress()
    assert s.begin("linus", 6) is False  # left before a move: not played, not counted
    assert s.finish("lost", 3, 0) is False  # lost at the deal, before any move: not counted
    assert s.tallies == {}
    s.moved()
    assert s.in_progress()
    assert s.finish("won", 61.24, 80) is True
    t = s.tally("linus")
    assert (t.played, t.won, t.best_seconds, t.fewest_moves) == (1, 1, 61.2, 80)


def test_abandoning_a_game_in_progress_counts_a_loss() -> None:
    s = Stats()
    s.begin("whitehead", 1)
    s.moved()
    assert s.begin("whitehead", 2) is True  # a new deal abandons the game in progress
    t = s.tally("whitehead")
    assert (t.played, t.won, t.abandoned, t.streak, t.recent) == (1, 0, 1, 0, ["abandoned"])
    assert s.begin("whitehead", 2) is False  # the new deal was not played yet


def test_a_lost_game_undone_and_won_counts_once_as_a_win() -> None:
    s = Stats()
    key = "whitehead"
    for deal in (1, 2):  # a streak of two wins
        s.begin(key, deal)
        s.moved()
        s.finish("won", 100, 100)
    s.begin(key, 3)
    s.moved()
    assert s.finish("lost", 50, 40) is True
    t = s.tally(key)
    assert (t.played, t.won, t.streak, t.best_streak) == (3, 2, 0, 2)
    assert s.finish("lost", 60, 42) is False  # undone and lost again: counted already
    assert s.finish("won", 90, 70) is True  # undone and won after all: the loss is a win
    assert (t.played, t.won, t.streak, t.best_streak) == (3, 3, 3, 3)
    assert (t.best_seconds, t.fewest_moves, t.recent) == (90, 70, ["won", "won", "won"])
    assert s.finish("won", 80, 60) is False  # won twice: still one game
    assert s.begin(key, 4) is False  # leaving a finished game is no abandon
    assert (t.played, t.won) == (3, 3)


def test_a_lost_game_undone_and_abandoned_stays_one_loss() -> None:
    s = Stats()
    s.begin("unlimited", 9)
    s.moved()
    s.finish("lost", 5, 5)
    assert not s.in_progress()
    assert s.begin("unlimited", 10) is False
    t = s.tally("unlimited")
    assert (t.played, t.abandoned, t.recent) == (1, 0, ["lost"])


def test_the_game_in_progress_survives_storing() -> None:
    s = Stats()
    s.begin("linus+pgs", 7)
    s.moved()
    s.finish("lost", 5, 5)
    back = Stats.loads(s.dumps())
    assert back == s
    assert back.resume("linus+pgs", 7, played=True) is False  # the same game: nothing new
    assert back.finish("won", 20, 30) is True and back.tally("linus+pgs").won == 1


def test_resuming_another_game_abandons_the_one_followed() -> None:
    s = Stats()
    s.begin("linus", 7)
    s.moved()
    assert s.resume("whitehead", 3, played=True) is True
    assert s.tally("linus").abandoned == 1
    assert s.in_progress()  # the resumed game had moves: leaving it would count


def test_reset_forgets_one_variant_or_all() -> None:
    s = Stats()
    for key in ("linus", "whitehead"):
        s.begin(key, 1)
        s.moved()
        s.finish("lost", 1, 1)
    s.reset("linus")
    assert set(s.tallies) == {"whitehead"}
    s.reset()
    assert s.tallies == {}
    assert s.finish("won", 1, 1) is False  # the loss it would turn into a win is gone
    assert s.tallies == {}


GOOD = json.loads(Stats().dumps())
CURRENT = {"key": "linus", "deal": 5, "played": True, "counted": None, "streak_before": 0}
BAD_HELP: list[object] = [
    {"hints": -1},
    {"hints": "4"},
    {"hints": True},
    {"verdict": 1},
    {"finish": None},
    {"cheats": 3},
    [],
    "hints",
    {"hints": 10**7},
]


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{",
        json.dumps({**GOOD, "version": 2}),
        json.dumps({"version": 1, "tallies": []}),
        "[" * 150_000,
        json.dumps({"version": 1, "tallies": {"poker": {}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": -1}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": 1, "won": 2}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"best_seconds": "fast"}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"recent": ["maybe"]}}}),
        json.dumps({"version": 1, "tallies": {"linus+kings_only": {}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": 2, "won": 1, "abandoned": 2}}}),
        json.dumps({**GOOD, "current": "linus"}),
        json.dumps(
            {
                **GOOD,
                "current": {
                    "key": "linus",
                    "deal": 0,
                    "played": True,
                    "counted": None,
                    "streak_before": 0,
                },
            }
        ),
        json.dumps(
            {
                **GOOD,
                "current": {
                    "key": "linus",
                    "deal": 5,
                    "played": 1,
                    "counted": None,
                    "streak_before": 0,
                },
            }
        ),
        json.dumps(
            {
                **GOOD,
                "current": {
                    "key": "linus",
                    "deal": 5,
                    "played": True,
                    "counted": "draw",
                    "streak_before": 0,
                },
            }
        ),
        json.dumps(
            {
                **GOOD,
                "current": {
                    "key": "poker",
                    "deal": 5,
                    "played": True,
                    "counted": None,
                    "streak_before": 0,
                },
            }
        ),
        json.dumps({**GOOD, "current": {"key": "linus", "deal": 5}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": 2, "won": 1, "won_helped": 2}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": 2, "won": 1, "won_helped": -1}}}),
        *(json.dumps({**GOOD, "current": {**CURRENT, "help": bad}}) for bad in BAD_HELP),
        "[" * 50_000,
    ],
)
def test_damaged_statistics_are_refused_in_one_line(text: object) -> None:
    with pytest.raises(StatsError) as caught:
        Stats.loads(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_statistics_stored_before_abandons_and_the_game_in_progress_still_load() -> None:
    old = {"version": 1, "tallies": {"linus": {"played": 3, "won": 1, "streak": 1,
           "best_streak": 1, "best_seconds": 80.5, "fewest_moves": 70,
           "recent": ["lost", "lost", "won"]}}}  # fmt: skip
    s = Stats.loads(json.dumps(old))
    assert s.current is None and s.tally("linus").abandoned == 0
    assert (s.tally("linus").played, s.tally("linus").best_seconds) == (3, 80.5)


def test_a_win_says_what_it_bettered_and_a_first_win_betters_nothing() -> None:
    s = Stats()
    s.add("whitehead", "won", 300, 120)
    first = s.tally("whitehead")
    assert bettered(Tally(), first) == []  # nothing to beat
    before = replace(first)
    s.add("whitehead", "won", 200, 130)  # quicker, more moves
    assert bettered(before, s.tally("whitehead")) == ["New best time"]
    before = replace(s.tally("whitehead"))
    s.add("whitehead", "won", 250, 90)  # slower, fewer moves
    assert bettered(before, s.tally("whitehead")) == ["Fewest moves yet"]
    before = replace(s.tally("whitehead"))
    s.add("whitehead", "won", 100, 80)
    assert bettered(before, s.tally("whitehead")) == ["New best time", "Fewest moves yet"]
    before = replace(s.tally("whitehead"))
    s.add("whitehead", "lost", 50, 10)
    assert bettered(before, s.tally("whitehead")) == []


# -- help: wins with help apart -------------------------------------------------------------


def won(s: Stats, key: str, deal: int, seconds: float, moves: int, **help: bool) -> list[str]:
    """Play a game of ``key`` to a win, with the help given; what it bettered."""
    s.begin(key, deal)
    s.moved()
    if help:
        assert s.helped(**help) is True
    before = replace(s.tally(key))
    assert s.finish("won", seconds, moves) is True
    return bettered(before, s.tally(key))


def test_a_win_with_help_counts_as_a_win_but_sets_no_best() -> None:
    s = Stats()
    assert won(s, "whitehead", 1, 300, 120) == []
    assert won(s, "whitehead", 2, 100, 80, hint=True) == []  # quicker, fewer moves: helped
    assert won(s, "whitehead", 3, 90, 70, verdict=True) == []
    assert won(s, "whitehead", 4, 80, 60, finish=True) == []
    t = s.tally("whitehead")
    assert (t.played, t.won, t.won_helped, t.streak, t.best_streak) == (4, 4, 3, 4, 4)
    assert (t.best_seconds, t.fewest_moves) == (300, 120)  # the one win without help
    assert won(s, "whitehead", 5, 200, 100) == ["New best time", "Fewest moves yet"]
    assert Stats.loads(s.dumps()).tallies == s.tallies


def test_only_wins_with_help_leave_the_bests_empty() -> None:
    s = Stats()
    won(s, "linus", 1, 100, 50, hint=True)
    t = s.tally("linus")
    assert (t.won, t.won_helped, t.best_seconds, t.fewest_moves) == (1, 1, None, None)
    assert won(s, "linus", 2, 500, 90) == []  # the first win without help: nothing to beat
    assert (t.best_seconds, t.fewest_moves) == (500, 90)


def test_help_only_grows_and_says_what_it_was() -> None:
    s = Stats()
    assert s.helped(hint=True) is False  # no game followed: nothing to mark
    s.begin("whitehead", 1)
    assert not s.help.given and s.help.words() == ""
    for _ in range(4):
        assert s.helped(hint=True) is True
    assert s.help.words() == "4 hints"
    assert s.helped(verdict=True) is True
    assert s.helped(verdict=True) is False  # seen again: nothing new to save
    assert s.helped(finish=True) is True
    assert s.help == Help(4, True, True)
    assert s.help.words() == "4 hints, the solver's verdict, Finish"
    assert Help(1).words() == "1 hint" and Help(finish=True).words() == "Finish"


def test_a_lost_game_undone_and_won_with_help_is_a_win_with_help() -> None:
    s = Stats()
    won(s, "whitehead", 1, 300, 120)
    s.begin("whitehead", 2)
    s.moved()
    s.finish("lost", 50, 40)
    s.helped(hint=True)  # undone, then a hint
    assert s.finish("won", 90, 70) is True
    t = s.tally("whitehead")
    assert (t.won, t.won_helped, t.streak, t.recent) == (2, 1, 2, ["won", "won"])
    assert (t.best_seconds, t.fewest_moves) == (300, 120)


def test_the_same_deal_again_keeps_its_help_and_another_deal_starts_without() -> None:
    s = Stats()
    s.begin("whitehead", 7)
    s.moved()
    s.helped(hint=True)
    assert s.begin("whitehead", 7) is True  # Restart: an abandon, but the hint was seen
    assert s.help == Help(hints=1)
    assert won(s, "whitehead", 7, 60, 50) == [] and s.tally("whitehead").won_helped == 1
    s.begin("whitehead", 8)
    assert s.help == Help()
    s.begin("linus", 7)  # another game's deal 7 is another deal
    assert s.help == Help()


def test_help_survives_storing_and_joins_what_the_saved_game_knew() -> None:
    s = Stats()
    s.begin("linus", 5)
    s.moved()
    s.helped(hint=True)
    s.helped(hint=True)
    back = Stats.loads(s.dumps())
    assert back == s and back.help == Help(hints=2)
    # The saved game knew of a Finish the statistics missed (or the other way round).
    assert back.resume("linus", 5, played=True, had=Help(hints=1, finish=True)) is False
    assert back.help == Help(hints=2, finish=True)
    # Statistics lost (damaged, counting afresh): the saved game's help still counts.
    fresh = Stats()
    fresh.resume("linus", 5, played=True, had=Help(verdict=True))
    fresh.finish("won", 30, 40)
    assert fresh.tally("linus").won_helped == 1


def test_statistics_stored_before_help_was_kept_load_as_no_help() -> None:
    old = {"version": 1, "tallies": {"linus": {"played": 2, "won": 2, "streak": 2,
           "best_streak": 2, "best_seconds": 80.5, "fewest_moves": 70, "recent": ["won", "won"],
           "abandoned": 0}}, "current": CURRENT}  # fmt: skip
    s = Stats.loads(json.dumps(old))
    t = s.tally("linus")
    assert (t.won, t.won_helped, t.best_seconds) == (2, 0, 80.5)  # the bests stand
    assert s.help == Help()  # the game in progress: none known, none counted
    s.finish("won", 10, 10)
    assert (t.won, t.won_helped, t.best_seconds) == (3, 0, 10)
