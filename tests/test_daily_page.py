"""The daily deal, challenges and Share in the page (game/ui/dailyview.py, sharing.py): the
same deal as the engine derives, its badge and URL, practice once finished, a challenge
shown and compared but never counted, and a result handed over by Share.
"""

from __future__ import annotations

import re
from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import expect
from test_fair_play_page import STATS_KEY, STORE_KEY, finish, near_the_end
from test_table_kit import DEALS, Ui, engine_piles, module_ui, play_move

import game
from game.assist import auto_moves
from game.daily import daily_deal
from game.saved import pack
from game.share import read_claim
from game.stats import Stats

pytestmark = pytest.mark.browser

ui = module_ui(permissions=["clipboard-read", "clipboard-write"])


def deal_shown(ui: Ui) -> int:
    return int(ui.page.inner_text("#deal-number"))


def query(ui: Ui) -> dict[str, list[str]]:
    return parse_qs(urlsplit(ui.page.url).query, keep_blank_values=True)


def test_a_daily_link_opens_the_engines_deal_and_comes_back_after_a_reload(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=blind-alleys&daily=2026-12-01&automove=off")
    assert deal_shown(ui) == daily_deal("blind-alleys", date(2026, 12, 1)) == 4983783
    badge = page.locator("#daily-badge")
    expect(badge).to_have_text("Daily 1 Dec")
    # the day as the browser's language writes it (Intl): this one's is en-US
    expect(badge).to_have_attribute("title", "The daily deal of December 1, 2026")
    expect(page.locator("#status-line")).to_have_text(
        "Blind Alleys, the daily deal of December 1, 2026."
    )
    assert query(ui)["daily"] == ["2026-12-01"] and "deal" not in query(ui)
    g = game.new_game("blind-alleys", 4983783)
    ui.wait_layout(engine_piles(g))
    play_move(ui, g, g.plain_moves()[0], automove="off")
    page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # saved as on leaving
    page.reload()
    ui.wait_ready()
    expect(page.locator("#status-line")).to_contain_text("your game is back")
    expect(badge).to_have_text("Daily 1 Dec")
    ui.wait_layout(engine_piles(g))
    ui.check_log()


def test_the_daily_button_deals_todays_and_once_finished_it_is_practice(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=linus&deal=18&automove=off")
    page.click("#daily-button")
    today = date.today()
    want = daily_deal("linus", today)
    expect(page.locator("#deal-number")).to_have_text(str(want), timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#daily-badge")).to_have_text(f"Daily {today.day} {today:%b}")
    assert query(ui)["daily"] == [today.isoformat()]
    g = game.new_game("linus", want)
    play_move(ui, g, g.plain_moves()[0], automove="off")

    # Abandoned for another deal, today's daily is finished (a loss): again, it is practice.
    page.click("#new-game")
    page.click("#confirm-ok")
    expect(page.locator("#daily-badge")).to_be_hidden()
    assert 1 <= deal_shown(ui) <= 9_999_999  # a readable new deal
    page.click("#daily-button")
    expect(page.locator("#status-line")).to_contain_text(
        "You finished it before: this is practice, and changes no statistics.",
        timeout=BOOT_TIMEOUT_MS,
    )
    kept = Stats.loads(page.evaluate("(k) => localStorage.getItem(k)", STATS_KEY))
    assert kept.daily_done("linus", today)

    # Shared from the statistics: the record, the daily's week, a link to today's daily
    page.click("#stats-button")
    share = page.locator("#stats-share")
    share.click()
    expect(share).to_have_text("Copied ✓")
    expect(page.locator("#stats-said")).to_have_text("Copied")
    text, link = page.evaluate("() => navigator.clipboard.readText()").rsplit("\n", 1)
    assert text.startswith("Linus: won 0 of 1 game (0%).\nDaily deals: won 0 of 1, streak 0")
    assert text.endswith("⬜⬜⬜⬜⬜⬜🟥"), text
    assert parse_qs(urlsplit(link).query) == {"game": ["linus"], "daily": [today.isoformat()]}
    page.keyboard.press("Escape")
    ui.check_log()


def test_a_bad_daily_date_is_one_line_and_a_fresh_readable_deal(ui: Ui) -> None:
    ui.open("/?game=unlimited&daily=2026-02-30")
    expect(ui.page.locator("#status-line")).to_contain_text(
        "The daily deal's date '2026-02-30' is not a day of the calendar; dealt a new one."
    )
    expect(ui.page.locator("#daily-badge")).to_be_hidden()
    assert 1 <= deal_shown(ui) <= 9_999_999
    ui.check_log()


def test_a_challenge_no_win_can_make_is_refused_once_the_deals_auto_moves_are_known(
    ui: Ui,
) -> None:
    page, deal = ui.page, DEALS["whitehead"]
    home = len(auto_moves(game.new_game("whitehead", deal), "safe"))
    assert home == 3  # cards the deal sends home itself: a win takes 52 - 3 of the player's
    ui.open(f"/?game=whitehead&deal={deal}&beat=48-100")
    expect(page.locator("#status-line")).to_contain_text(
        "The challenge 48-100 is impossible: a win of Whitehead takes at least 49 moves; ignored."
    )
    expect(page.locator("#challenge")).to_be_hidden()
    assert "beat" not in query(ui)
    ui.open(f"/?game=whitehead&deal={deal}&beat=49-100")
    expect(page.locator("#challenge")).to_have_text("Challenge: beat 49 moves in 1:40 (a claim).")
    ui.check_log()


def test_a_challenge_is_shown_compared_never_counted_and_shared(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=385")
    g = near_the_end()
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [STORE_KEY, pack(g, 600.0)])
    page.goto("/?game=whitehead&deal=385&beat=400-3599")  # the link's deal: resumed
    ui.wait_ready()
    line = page.locator("#challenge")
    expect(line).to_have_text("Challenge: beat 400 moves in 59:59 (a claim).")
    expect(line).to_have_attribute("title", re.compile("only a claim"))
    assert query(ui)["beat"] == ["400-3599"]

    finish(ui)
    moves = int(page.inner_text("#moves-count"))
    compared = page.locator("#outcome-challenge")
    expect(compared).to_have_text(
        re.compile(
            rf"^You won in {moves} moves, 10:\d\d: you beat the challenge, 400 moves in 59:59\."
            r" \(The link's result is only a claim\.\)$"
        )
    )
    kept = Stats.loads(page.evaluate("(k) => localStorage.getItem(k)", STATS_KEY))
    tally = kept.tally("whitehead")
    assert (tally.won, tally.fewest_moves) == (1, moves)  # the player's own, not the claim's

    share = page.locator("#outcome-share")
    share.click()
    expect(share).to_have_text("Copied ✓")
    expect(page.locator("#outcome-said")).to_have_text("Copied")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    text, link = copied.rsplit("\n", 1)
    assert re.fullmatch(
        rf"Whitehead, deal 385: won in {moves} moves, 10:\d\d, without help\.\nCan you beat it\?",
        text,
    ), text
    assert "t1" not in text and ">" not in text  # no moves: no spoilers
    parts = parse_qs(urlsplit(link).query)
    assert (parts["game"], parts["deal"]) == (["whitehead"], ["385"])
    claim = read_claim(parts["beat"][0], "whitehead")
    assert claim is not None and claim.moves == moves and 600 <= claim.seconds < 660
    expect(share).to_have_text("Share", timeout=5_000)  # and back to its name
    page.locator("#outcome-new").click()
    expect(line).to_be_hidden()  # the challenge was for that deal only
    assert "beat" not in query(ui)
    ui.check_log()
