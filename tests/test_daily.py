"""The daily deal (game/daily.py): the same deal for everyone, pinned by golden tests, always
won by the line the solver found, and a date in the URL checked to one clear line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from zlib import crc32

import pytest

import game
from game.daily import (
    LARGEST,
    PLANS,
    Plan,
    candidates,
    daily,
    daily_deal,
    parse_day,
    pick,
)
from game.deals import SplitMix64
from game.notation import shown
from game.solver import Search

ROOT = Path(__file__).resolve().parent.parent
FIRST = date(2026, 12, 1)
DAYS = [FIRST + timedelta(days=i) for i in range(14)]  # 2026-12-01 ... 2026-12-14

# Worked out once by game/daily.py (the same in CPython 3.11 and 3.13, and Pyodide's 3.14).
GOLDEN = {
    "whitehead": [
        5626195, 2340535, 5320687, 9187654, 9857110, 4500630, 433737,
        8613017, 598118, 3175554, 2188428, 9227249, 1824616, 7157893,
    ],
    "blind-alleys": [
        4983783, 6287620, 4235388, 3847781, 893494, 616465, 699575,
        6720029, 5551283, 7778753, 1711430, 989706, 4255263, 4496368,
    ],
    "linus": [
        7459198, 2758133, 2300852, 4693520, 1649901, 8026469, 6207142,
        5705096, 1746137, 8334073, 6845330, 1409628, 4778886, 7012487,
    ],
    "unlimited": [
        4911420, 3799615, 5507815, 9472330, 4167447, 5219581, 3704536,
        6141431, 8375863, 1872092, 2977678, 7374862, 1896114, 2735678,
    ],
}  # fmt: skip


def test_every_game_has_a_plan() -> None:
    assert set(PLANS) == set(game.GAMES) == set(GOLDEN)


def test_the_candidates_come_from_the_documented_seed() -> None:
    """Steps 1-2 of the module's docstring, by hand: 2026-12-01 is day 739951."""
    assert FIRST.toordinal() == 739951
    rng = SplitMix64(crc32(b"daily whitehead") << 32 | 739951)
    first = [rng.below(LARGEST) + 1 for _ in range(3)]
    drawn = candidates("whitehead", FIRST)
    assert [drawn.below(LARGEST) + 1 for _ in range(3)] == first == [6368271, 5626195, 2590408]


def test_the_daily_deals_are_pinned() -> None:
    for name, deals in GOLDEN.items():
        assert [daily_deal(name, d) for d in DAYS] == deals, name


def test_each_daily_deal_is_won_by_the_solvers_line() -> None:
    """ "Always winnable" proven, not assumed: the line wins on a fresh deal."""
    for name, deals in GOLDEN.items():
        for day, deal in zip(DAYS, deals, strict=True):
            found = daily(name, day)
            board = game.new_game(name, deal)
            for move in found.line:
                board.play(move)
            assert board.status == "won", (name, day)


def test_every_daily_deal_is_a_seven_digit_number_at_most() -> None:
    assert all(1 <= deal <= 9_999_999 for deals in GOLDEN.values() for deal in deals)


def test_a_day_is_remembered_in_the_session() -> None:
    day = FIRST + timedelta(days=40)
    found = daily("linus", day)
    began = time.perf_counter()
    assert daily("linus", day) is found
    assert time.perf_counter() - began < 0.05


def test_the_pick_is_the_same_again_and_in_a_fresh_process() -> None:
    """Picked afresh (not remembered), and in a new interpreter with another hash seed:
    only node counts decide, never the clock or str hashes."""
    again = {name: pick(name, FIRST).deal for name in PLANS}
    assert again == {name: deals[0] for name, deals in GOLDEN.items()}
    code = (
        "from datetime import date; from game.daily import PLANS, daily_deal;"
        "print(*(daily_deal(n, date(2026, 12, 1)) for n in PLANS))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.split()
    assert [int(d) for d in out] == [GOLDEN[name][0] for name in PLANS]


def test_when_the_candidates_are_not_won_the_budget_grows() -> None:
    """Step 4: two candidates a round at a tiny budget fail, and the pick goes on with
    four times the budget on the next ones until one is won; never an unproven deal."""
    found = pick("whitehead", FIRST, Plan(Search, 1), tries=2)
    assert found.tried > 2
    board = game.new_game("whitehead", found.deal)
    for move in found.line:
        board.play(move)
    assert board.status == "won"


def test_an_unknown_game_has_no_daily_deal() -> None:
    with pytest.raises(game.GameError, match="unknown game 'klondike'"):
        daily_deal("klondike", FIRST)


# -- the date in the URL ---------------------------------------------------------------------


def test_a_date_names_its_day_and_empty_text_means_today() -> None:
    assert parse_day("2026-11-05", FIRST) == date(2026, 11, 5)
    assert parse_day("", FIRST) == FIRST
    assert parse_day("2000-01-01", FIRST) == date(2000, 1, 1)


def test_tomorrow_is_allowed_for_players_east_of_us() -> None:
    assert parse_day("2026-12-02", FIRST) == date(2026, 12, 2)
    assert parse_day("2027-01-01", date(2026, 12, 31)) == date(2027, 1, 1)


def one_line_error(text: str, today: date = FIRST) -> str:
    with pytest.raises(ValueError) as caught:
        parse_day(text, today)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 120, message
    assert shown(text) in message  # the bad text, quoted (and shortened when long)
    return message


def test_a_day_two_days_ahead_is_not_out_yet() -> None:
    assert one_line_error("2026-12-03") == (
        "the daily deal of '2026-12-03' is not out yet (today is 2026-12-01)"
    )


def test_a_day_not_in_the_calendar_is_refused() -> None:
    assert one_line_error("2026-02-30") == (
        "the daily deal's date '2026-02-30' is not a day of the calendar"
    )
    assert "not a day of the calendar" in one_line_error("2026-13-01")
    assert "not a day of the calendar" in one_line_error("0000-01-01")


def test_a_day_before_the_first_daily_deal_is_refused() -> None:
    assert one_line_error("1999-12-31") == "daily deals begin on 2000-01-01, not '1999-12-31'"


@pytest.mark.parametrize(
    "text",
    [
        "tomorrow",
        "2026-12-1",
        "26-12-01",
        "20261201",
        "2026/12/01",
        " 2026-12-01",
        "2026-12-01\n",
        "2026-12-01T00:00",
        "２０２６-１２-０１",  # full-width digits: strict ASCII
        "<script>alert(1)</script>",
    ],
)
def test_anything_not_a_date_is_refused_in_one_line(text: str) -> None:
    assert "is not a date like 2026-12-01" in one_line_error(text)


def test_a_very_long_text_is_shortened_in_the_message() -> None:
    message = one_line_error("9" * 100_000)
    assert "..." in message and message.count("9") < 50
