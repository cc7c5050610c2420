"""Daily records in the Statistics dialog: days played and won, the daily streak, and the
last 30 days as a calendar whose cells are named and marked (✓ ✗), not told by colour
alone; on a phone nothing is cut off; axe finds nothing in light or dark. A damaged daily
result is left out with a one-line notice, the rest kept.

The page's today is the player's local date: the browser here is in Pago Pago (UTC-11),
a day behind UTC for eleven hours of every UTC day, and the test asks the page its date.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from conftest import wait_ready
from playwright.sync_api import expect
from test_axe import readable, scan
from test_table_kit import Ui, module_ui

from game.stats import Stats

pytestmark = pytest.mark.browser

ui = module_ui(reduced_motion="reduce", timezone_id="Pacific/Pago_Pago")

ASIDE = "solitaire/damaged/solitaire/stats/"


def page_today(ui: Ui) -> date:
    """The player's local date, as the page's clock has it."""
    y, m, d = ui.page.evaluate("() => { const t = new Date(); return [t.getFullYear(), t.getMonth() + 1, t.getDate()]; }")  # fmt: skip
    return date(y, m, d)


def dailies(today: date) -> str:
    """Whitehead's dailies: won the last three days (not yet today), lost five days ago,
    won five days in a row ten to fourteen days ago and one 40 days ago (not shown)."""
    s = Stats()
    days = {1: "won", 2: "won", 3: "won", 5: "lost", 40: "won"}
    days |= dict.fromkeys(range(10, 15), "won")
    for n, outcome in sorted(days.items(), reverse=True):
        s.begin("whitehead", 100 + n, daily=today - timedelta(days=n))
        s.moved()
        s.finish(outcome, 100.0 + n, 80 + n)
    return s.dumps()


def seed(ui: Ui, text: str) -> None:
    ui.page.evaluate("(t) => localStorage.setItem('solitaire/stats', t)", text)
    ui.page.reload()
    wait_ready(ui.page)


def open_stats(ui: Ui, key: str | None = None) -> None:
    page = ui.page
    page.get_by_role("button", name="Statistics", exact=True).click()
    expect(page.locator("#stats-panel")).to_be_visible()
    if key is not None:
        page.select_option("#stats-variant", key)


def close_stats(ui: Ui) -> None:
    panel = ui.page.locator("#stats-panel")
    panel.get_by_role("button", name="Close", exact=True).click()
    expect(panel).to_be_hidden()


def cells(ui: Ui) -> list[tuple[str, str]]:
    """The calendar's cells: (name, mark), oldest first; each shows its day of the month."""
    got: list[list[str]] = ui.page.evaluate(
        "() => [...document.querySelectorAll('#stats-daily-days [role=img]')]"
        ".map((c) => [c.getAttribute('aria-label'), c.querySelector('small').textContent,"
        " c.lastChild.textContent.trim()])"
    )
    for name, day, _ in got:
        assert name.split()[0] == day  # "4 November: ..." shows 4
    return [(name, mark) for name, _, mark in got]


def named(day: date, said: str, today: bool = False) -> str:
    return f"{day.day} {day:%B}{', today' if today else ''}: {said}"


def test_the_daily_section_sums_up_and_shows_the_last_30_days(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    today = page_today(ui)
    seed(ui, dailies(today))
    open_stats(ui)
    section = page.locator("#stats-daily")
    expect(section).to_be_visible()
    expect(section.get_by_role("heading", name="Daily deal")).to_be_visible()
    # today's not won yet: the streak runs to yesterday
    expect(page.locator("#stats-daily-tally")).to_have_text(
        "Days played 10 · won 9 · streak 3 (best 5)"
    )
    got = cells(ui)
    assert len(got) == 30
    want = []
    for n in range(29, -1, -1):
        day = today - timedelta(days=n)
        if n in (1, 2, 3, *range(10, 15)):
            want.append((named(day, "won"), "✓"))
        elif n == 5:
            want.append((named(day, "lost"), "✗"))
        else:
            want.append((named(day, "not played", today=n == 0), ""))
    assert got == want
    days = page.get_by_role("list", name="The last 30 days, today last")
    expect(days.get_by_role("img", name=named(today - timedelta(days=5), "lost"))).to_be_visible()
    # The ordinary statistics count the same games.
    expect(page.locator("#stats-table td").first).to_have_text("10")

    # Another game: nothing daily yet. A variant with house rules has no dailies at all.
    page.select_option("#stats-variant", "linus")
    expect(page.locator("#stats-daily-tally")).to_have_text(
        "Days played 0 · won 0 · streak 0 (best 0)"
    )
    assert {mark for _, mark in cells(ui)} == {""}
    page.select_option("#stats-variant", "linus+pgs")
    expect(section).to_be_hidden()
    close_stats(ui)


@pytest.mark.parametrize("width", [390, 360])
def test_the_calendar_fits_a_phone(ui: Ui, width: int) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    seed(ui, dailies(page_today(ui)))
    page.set_viewport_size({"width": width, "height": 844})
    try:
        open_stats(ui)
        expect(page.locator("#stats-daily")).to_be_visible()
        fit = page.evaluate(
            """() => {
              const panel = document.getElementById('stats-panel');
              const box = panel.getBoundingClientRect();
              const cells = [...document.querySelectorAll('#stats-daily-days [role=img]')];
              const out = cells.filter((c) => {
                const r = c.getBoundingClientRect();
                return r.left < box.left || r.right > box.right || r.width < 14 || r.height < 14;
              });
              const tally = document.getElementById('stats-daily-tally');
              return {
                wide: panel.scrollWidth - panel.clientWidth,
                right: box.right, inner: innerWidth, out: out.length,
                tally: tally.scrollWidth - tally.clientWidth,
                size: cells[0].getBoundingClientRect().width,
              };
            }"""
        )
        assert fit["wide"] == 0 and fit["tally"] == 0 and fit["out"] == 0, fit
        assert fit["right"] <= fit["inner"], fit
        close_stats(ui)
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_daily_section_is_axe_clean(ui: Ui, scheme: str) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    seed(ui, dailies(page_today(ui)))
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    try:
        open_stats(ui)
        expect(page.locator("#stats-daily")).to_be_visible()
        violations = scan(ui)
        assert violations == [], readable(violations)
        close_stats(ui)
    finally:
        page.emulate_media(color_scheme="no-preference")


def test_a_damaged_daily_result_is_left_out_and_the_rest_kept(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    today = page_today(ui)
    data = json.loads(dailies(today))
    data["dailies"]["whitehead"]["2026-02-30"] = ["won", 1, 1]  # no such day
    text = json.dumps(data)
    seed(ui, text)
    notice = ui.status_line()
    assert (
        "Some of your daily results could not be read (the daily result of whitehead on "
        "'2026-02-30'): kept aside, the rest of your statistics kept." in notice
    ), notice
    assert "\n" not in notice
    aside = page.evaluate(
        "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p))"
        ".map((k) => localStorage.getItem(k))",
        ASIDE,
    )
    assert aside == [text]  # the whole entry, as it was
    kept = Stats.loads(page.evaluate("() => localStorage.getItem('solitaire/stats')"))
    assert kept.damaged == [] and len(kept.dailies["whitehead"]) == 10
    open_stats(ui)
    expect(page.locator("#stats-daily-tally")).to_have_text(
        "Days played 10 · won 9 · streak 3 (best 5)"
    )
    close_stats(ui)
