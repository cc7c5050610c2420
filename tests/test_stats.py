"""Statistics: counting, streaks, bests, the chart, and damaged data refused in one line."""

from __future__ import annotations

import json

import pytest

from game.stats import RECENT, Stats, StatsError, chart_svg, variant


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


GOOD = json.loads(Stats().dumps())


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "{",
        json.dumps({**GOOD, "version": 2}),
        json.dumps({"version": 1, "tallies": []}),
        json.dumps({"version": 1, "tallies": {"poker": {}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": -1}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"played": 1, "won": 2}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"best_seconds": "fast"}}}),
        json.dumps({"version": 1, "tallies": {"linus": {"recent": ["maybe"]}}}),
        "[" * 50_000,
    ],
)
def test_damaged_statistics_are_refused_in_one_line(text: object) -> None:
    with pytest.raises(StatsError) as caught:
        Stats.loads(text)
    assert "\n" not in str(caught.value)
