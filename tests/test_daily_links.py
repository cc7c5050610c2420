"""The URL and the embedding API for daily deals, challenges and readable deal numbers
(game/ui/params.py, game/ui/messages.py): every bad value is one line and a sane default.
"""

from __future__ import annotations

import random
from datetime import date

import pytest

from game.daily import daily_deal
from game.deals import MAX_DEAL
from game.share import Claim
from game.ui import messages, params

TODAY = date(2026, 12, 2)


def test_a_daily_link_names_the_day_and_drops_the_deal() -> None:
    c = params.read({"game": "linus", "daily": "2026-12-01", "deal": "7"}, TODAY)
    assert (c.game, c.daily, c.deal, c.notices) == ("linus", date(2026, 12, 1), 0, [])


def test_a_bare_daily_is_today_and_tomorrow_is_allowed() -> None:
    assert params.read({"daily": ""}, TODAY).daily == TODAY
    assert params.read({"daily": "2026-12-03"}, TODAY).daily == date(2026, 12, 3)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("2026-12-04", "is not out yet"),
        ("2026-02-30", "is not a day of the calendar"),
        ("yesterday", "is not a date like"),
        ("1999-12-31", "eals begin on 2000-01-01"),
        ("9" * 500, "is not a date like"),
    ],
)
def test_a_bad_daily_is_one_line_and_a_new_deal(text: str, words: str) -> None:
    c = params.read({"game": "whitehead", "daily": text}, TODAY)
    assert c.daily is None and c.deal == 0
    (notice,) = c.notices
    assert words in notice and notice.endswith("; dealt a new one.")
    assert "\n" not in notice and len(notice) < 160
    assert notice[0].isupper()


def test_a_daily_is_played_without_house_rules() -> None:
    c = params.read({"game": "whitehead", "daily": "", "rules": "kings_only"}, TODAY)
    assert c.rules == {} and c.daily == TODAY
    assert c.notices == ["The daily deal is played without house rules."]


def test_a_challenge_is_read_and_junk_is_ignored_with_a_notice() -> None:
    c = params.read({"game": "whitehead", "deal": "2", "beat": "97-252"}, TODAY)
    assert c.claim == Claim(97, 252) and c.notices == []
    # a claim no win can make is refused once the deal is dealt (its auto-moves known)
    assert params.read({"game": "whitehead", "deal": "2", "beat": "5-10"}, TODAY).claim
    for junk in ("97", "097-252", "-1-5", "97-252-1", "x" * 300):
        bad = params.read({"game": "whitehead", "deal": "2", "beat": junk}, TODAY)
        assert bad.claim is None
        (notice,) = bad.notices
        assert notice.endswith("; ignored.") and "\n" not in notice and len(notice) < 160


def test_the_url_of_a_daily_and_of_a_challenge() -> None:
    day, claim = date(2026, 12, 1), Claim(97, 252)
    got = params.query_of("linus", 123, {}, {"automove": "off"}, day, claim)
    assert got == "?automove=off&game=linus&daily=2026-12-01&beat=97-252"
    assert params.query_of("linus", 123, {"pgs": True}, {}) == "?game=linus&deal=123&rules=pgs"
    back = params.read(dict(p.split("=") for p in got[1:].split("&")), TODAY)
    assert (back.daily, back.claim) == (day, claim)


def test_new_deals_are_readable_and_every_old_number_still_opens() -> None:
    rng = random.Random(5)
    deals = [params.fresh_deal(rng) for _ in range(2000)]
    assert all(1 <= d <= 9_999_999 for d in deals) and max(deals) > 9_000_000
    for old in ("1", "1299104775", str(MAX_DEAL)):
        assert params.read({"deal": old}, TODAY).deal == int(old)
    assert params.read({"deal": str(MAX_DEAL + 1)}, TODAY).notices


def test_the_embedding_page_may_ask_for_a_daily_deal() -> None:
    c = messages.check({"type": "newGame", "game": "unlimited", "daily": "2026-12-01"}, TODAY)
    assert (c.kind, c.game, c.daily, c.deal) == ("newGame", "unlimited", date(2026, 12, 1), None)
    assert messages.check({"type": "newGame", "game": "linus", "daily": ""}, TODAY).daily == TODAY
    for bad in (
        {"type": "newGame", "game": "linus", "daily": 20261201},
        {"type": "newGame", "game": "linus", "daily": "2026-12-01", "deal": 5},
        {"type": "newGame", "game": "linus", "daily": "2026-12-01", "rules": {"pgs": True}},
        {"type": "newGame", "game": "linus", "daily": "2027-01-01"},
        {"type": "newGame", "game": "linus", "daily": "soon"},
    ):
        with pytest.raises(ValueError, match=r"^[^\n]+$"):
            messages.check(bad, TODAY)


def test_the_daily_deal_is_the_golden_one() -> None:
    # tests/test_daily.py pins these; the page's ?daily=2026-12-01 opens exactly them
    assert daily_deal("blind-alleys", date(2026, 12, 1)) == 4983783
    assert daily_deal("whitehead", date(2026, 12, 1)) == 5626195
