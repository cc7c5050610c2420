"""Every dialog fits the screen and closes alike (game/ui/dialogs.py; issue 21, points 2,
3 and 7): at each screen size from a small phone to a large desktop, a dialog stays within
the viewport and nothing in it is wider than it (it scrolls inside, never clips); its ✕ is
on the first screen; Escape and a tap outside close it, and focus goes back to the control
that opened it (the confirm dialog: that is Cancel). The welcome fits one phone screen with
the deal visible; Statistics show a dated chart and calendar once games are played, and
their resets ask first. One page for the module."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from playwright.sync_api import expect
from test_table_kit import Ui, module_ui

pytestmark = pytest.mark.browser

ui = module_ui(reduced_motion="reduce")

SIZES = [(360, 640), (390, 844), (844, 390), (1366, 800), (2560, 1440)]
# Each dialog and the toolbar button that opens it (None: the page opens it itself).
OPENERS = {
    "rules-panel": "rules-button",
    "stats-panel": "stats-button",
    "settings-panel": "settings-button",
    "replay": "replay-button",
    "welcome": None,
    "confirm": None,
    "outcome": None,
}

FIT_JS = """(id) => {
  const d = document.getElementById(id), W = innerWidth, H = innerHeight;
  const r = d.getBoundingClientRect();
  const wide = [...d.querySelectorAll('*')].filter((e) => {
    if (e.closest('.sr-only') || e.getClientRects().length === 0) return false;
    const b = e.getBoundingClientRect();
    return b.width > 0 && (b.left < r.left - 0.5 || b.right > r.right + 0.5);
  }).map((e) => e.id || e.tagName + '.' + String(e.className.baseVal ?? e.className));
  const x = d.querySelector(':scope > .dialog-close').getBoundingClientRect();
  return {
    box: [r.left, r.top, r.right, r.bottom], view: [W, H],
    sideways: d.scrollWidth - d.clientWidth, wide: wide.slice(0, 6),
    close: [x.left, x.top, x.right, x.bottom],
    shown: getComputedStyle(d).display !== 'none' && d.open,
  };
}"""
OPEN_JS = """(id) => {
  const d = document.getElementById(id);
  if (id === 'welcome') { document.getElementById('welcome-again').click(); return; }
  if (id === 'confirm') {
    document.getElementById('confirm-title').textContent = 'Abandon this game?';
  }
  if (!d.open) d.showModal();
}"""
CLOSE_ALL_JS = "() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }"
FOCUSED_JS = "() => document.activeElement ? document.activeElement.id : ''"


@pytest.fixture(scope="module")
def page_ready(ui: Ui) -> Ui:
    ui.open("/?game=whitehead&deal=7")
    return ui


@pytest.fixture(autouse=True)
def none_left_open(page_ready: Ui) -> Iterator[None]:
    yield
    page_ready.page.evaluate(CLOSE_ALL_JS)


def open_dialog(ui: Ui, id_: str) -> None:
    page = ui.page
    page.evaluate(CLOSE_ALL_JS)
    opener = OPENERS[id_]
    if opener is not None:
        page.locator(f"#{opener}").click()
    else:
        page.evaluate(OPEN_JS, id_)
    expect(page.locator(f"#{id_}")).to_have_attribute("open", "")


def fits(ui: Ui, id_: str) -> dict[str, Any]:
    fit: dict[str, Any] = ui.page.evaluate(FIT_JS, id_)
    (left, top, right, bottom), (width, height) = fit["box"], fit["view"]
    assert fit["shown"], id_
    assert left >= -0.5 and top >= -0.5 and right <= width + 0.5 and bottom <= height + 0.5
    assert fit["sideways"] <= 0 and fit["wide"] == [], (id_, fit["wide"])
    cl, ct, cr, cb = fit["close"]
    assert left <= cl and cr <= right + 0.5 and top - 0.5 <= ct and cb <= height, id_
    return fit


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_dialog_fits_the_screen_with_its_close_on_the_first_screen(
    page_ready: Ui, size: tuple[int, int]
) -> None:
    ui, (width, height) = page_ready, size
    ui.page.set_viewport_size({"width": width, "height": height})
    try:
        for id_ in OPENERS:
            open_dialog(ui, id_)
            fits(ui, id_)
        ui.page.evaluate(CLOSE_ALL_JS)
    finally:
        ui.page.evaluate(CLOSE_ALL_JS)
        ui.page.set_viewport_size({"width": 1280, "height": 720})


def test_every_dialog_has_a_close_button_named_close(page_ready: Ui) -> None:
    names = page_ready.page.evaluate(
        "() => [...document.querySelectorAll('dialog')].map((d) => [d.id,"
        " d.querySelector(':scope > button.dialog-close')?.getAttribute('aria-label')])"
    )
    assert {id_ for id_, _ in names} >= set(OPENERS)
    assert all(name == "Close" for _, name in names), names


@pytest.mark.parametrize("how", ["escape", "outside", "cross"])
@pytest.mark.parametrize("id_", ["rules-panel", "stats-panel", "settings-panel", "replay"])
def test_escape_a_tap_outside_or_the_cross_close_it_and_focus_returns(
    page_ready: Ui, id_: str, how: str
) -> None:
    ui, page = page_ready, page_ready.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        open_dialog(ui, id_)
        dialog = page.locator(f"#{id_}")
        if how == "escape":
            page.keyboard.press("Escape")
        elif how == "cross":
            dialog.get_by_role("button", name="Close", exact=True).first.click()
        else:
            box = dialog.bounding_box()
            assert box is not None
            # beside the dialog, or below it when it is as wide as the screen
            if box["x"] > 10:
                page.mouse.click(box["x"] / 2, box["y"] + box["height"] / 2)
            else:
                page.mouse.click(195, min(box["y"] + box["height"] + 4, 843))
        expect(dialog).not_to_have_attribute("open", "")
        assert page.evaluate(FOCUSED_JS) == OPENERS[id_]
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_a_tap_inside_never_closes_it(page_ready: Ui) -> None:
    ui, page = page_ready, page_ready.page
    open_dialog(ui, "settings-panel")
    page.locator("#settings-title").click()
    page.locator("#settings-panel legend").first.click()
    expect(page.locator("#settings-panel")).to_have_attribute("open", "")
    page.evaluate(CLOSE_ALL_JS)


def test_the_confirm_dialog_closed_any_way_is_cancel(page_ready: Ui) -> None:
    ui, page = page_ready, page_ready.page
    for how in ("escape", "outside", "cross"):
        ui.at("whitehead", 7)
        ui.tap("s", -1)  # a move: leaving the game now abandons it, so it is asked
        ui.settled()
        deal = page.inner_text("#deal-number")
        page.get_by_role("button", name="New game", exact=True).click()
        confirm = page.locator("#confirm")
        expect(confirm).to_have_attribute("open", "")
        if how == "escape":
            page.keyboard.press("Escape")
        elif how == "cross":
            confirm.get_by_role("button", name="Close", exact=True).click()
        else:
            page.mouse.click(3, 3)
        expect(confirm).not_to_have_attribute("open", "")
        assert page.inner_text("#deal-number") == deal, how  # nothing was abandoned


def test_the_welcome_fits_one_phone_screen_and_leaves_the_deal_in_sight(page_ready: Ui) -> None:
    ui, page = page_ready, page_ready.page
    page.set_viewport_size({"width": 360, "height": 640})
    try:
        open_dialog(ui, "welcome")
        fit = fits(ui, "welcome")
        scroll = page.evaluate(
            "() => { const d = document.getElementById('welcome');"
            " return d.scrollHeight - d.clientHeight; }"
        )
        assert scroll <= 0  # no scrolling: one screen
        top = fit["box"][1]
        table = page.locator("#table").bounding_box()
        assert table is not None and top > table["y"] + 40  # the deal shows above it
        for name in ("Whitehead", "Blind Alleys", "Linus", "Unlimited"):
            expect(page.get_by_role("button", name=f"Play {name}")).to_be_in_viewport()
        # more detail a tap away: Rules
        page.locator("#welcome-rules").click()
        expect(page.locator("#rules-panel")).to_have_attribute("open", "")
        expect(page.locator("#welcome")).not_to_have_attribute("open", "")
    finally:
        page.evaluate(CLOSE_ALL_JS)
        page.set_viewport_size({"width": 1280, "height": 720})


def test_statistics_chart_and_calendar_show_the_games_played_with_dates(page_ready: Ui) -> None:
    ui, page = page_ready, page_ready.page
    ui.at("whitehead", 7)
    page.locator("#stats-button").click()  # from nothing: all reset first
    if page.locator("#stats-reset-all").is_enabled():
        page.locator("#stats-reset-all").click()
        page.locator("#confirm-ok").click()
    page.evaluate(CLOSE_ALL_JS)
    ui.tap("s", -1)
    ui.settled()
    page.get_by_role("button", name="New game", exact=True).click()
    page.locator("#confirm-ok").click()  # abandoned: a loss, today
    ui.settled()
    page.locator("#stats-button").click()
    panel = page.locator("#stats-panel")
    expect(panel).to_have_attribute("open", "")
    page.select_option("#stats-variant", "whitehead")
    chart = panel.locator("svg.chart")
    today = date.today()
    assert "1 lost" in (chart.get_attribute("aria-label") or "")
    assert chart.locator("rect.lost").count() == 1
    labels = chart.locator("text").all_text_contents()
    assert str(today.day) in labels and f"{today:%b}" in labels  # dated axis
    days = panel.locator("#stats-chart .sr-only li").all_text_contents()
    assert days == [f"{today.day} {today:%B}: 1 lost"]  # the text equivalent
    calendar = panel.locator("#stats-daily-days li")
    assert calendar.count() == 30
    assert calendar.last.locator("small").inner_text() == str(today.day)  # each with its date
    expect(panel.locator("#stats-daily-range")).to_contain_text(f"{today.day} {today:%B}")
    page.evaluate(CLOSE_ALL_JS)


def test_resets_look_destructive_and_ask_first(page_ready: Ui) -> None:
    page = page_ready.page
    page.locator("#stats-button").click()
    page.select_option("#stats-variant", "whitehead")
    reset = page.locator("#stats-reset")
    share = page.locator("#stats-share")
    colour = "(b) => getComputedStyle(b).color"
    assert reset.evaluate(colour) != share.evaluate(colour)  # not like Share
    assert page.locator("#stats-reset-all").evaluate(colour) == reset.evaluate(colour)
    played = page.locator("#stats-table td").first.inner_text()
    reset.click()
    confirm = page.locator("#confirm")
    expect(confirm).to_have_attribute("open", "")
    expect(confirm).to_have_attribute("data-danger", "")
    page.keyboard.press("Escape")  # cancelled: nothing forgotten
    expect(confirm).not_to_have_attribute("open", "")
    assert page.locator("#stats-table td").first.inner_text() == played != "0"
    reset.click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#stats-table td").first).to_have_text("0")
    page.evaluate(CLOSE_ALL_JS)
