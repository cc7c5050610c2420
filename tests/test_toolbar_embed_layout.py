"""The toolbar and the embedded page at every size (issue 21, points 1 and 4).

Two pages for the module, each booted once and resized (the layouts follow the viewport
alone): the game's own page and the embedded one (``?embed=1``, as a host's frame shows
it). The fullest toolbars are measured: Linus with its house rule (Redeal shows) and a
ten-digit deal, and the daily deal (its badge shows); Finish, which shows only when
foundation moves alone win, is shown for the measurement too (in the same script task,
so the page cannot change it meanwhile), as the toolbar must have room for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from test_table_kit import Ui, booted

pytestmark = pytest.mark.browser

EMBED_WIDTHS = [300, 360, 480, 768, 1200]
SCREENS = [(360, 640), (390, 844), (844, 390), (1366, 800), (1920, 1080)]
REDEAL = "/?game=linus&rules=pgs&deal=1299104775"  # Redeal, and the longest deal number
EMBED_REDEAL = "/?embed=1&game=linus&rules=pgs&deal=1299104775"
DAILY = "/?game=whitehead&daily="  # today's daily deal: its badge
PLAY = ["undo", "redo", "redeal", "restart", "new-game", "hint", "finish"]
MORE = ["replay-button", "daily-button", "rules-button", "stats-button", "settings-button"]
NAMES = {
    "undo": "Undo",
    "redo": "Redo",
    "redeal": "Redeal (2 left)",
    "restart": "Restart",
    "new-game": "New game",
    "hint": "Hint",
    "finish": "Finish",
    "replay-button": "Replay",
    "more-button": "More",
    "daily-button": "Daily",
    "rules-button": "Rules",
    "stats-button": "Statistics",
    "settings-button": "Settings",
}

# The toolbar as shown, with the ids in `show` shown too: what lies outside the viewport,
# whether the bar scrolls (it hides what does not fit behind a scroll), each control's
# box and whether it is displayed, and each displayed label's box.
MEASURE_JS = """([show, ids]) => {
  const unhidden = show.map((id) => document.getElementById(id)).filter((el) => el.hidden);
  unhidden.forEach((el) => { el.hidden = false; });
  try {
    const W = innerWidth, H = innerHeight, bar = document.querySelector('body > header');
    const shown = (el) => el.getClientRects().length > 0;
    const clipped = (el) => getComputedStyle(el).clipPath !== 'none';
    const box = (el) => { const r = el.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    const out = [];
    for (const el of bar.querySelectorAll('*')) {
      if (!shown(el) || el.closest('.sr-only') || (el.matches('.label') && clipped(el))) continue;
      const r = box(el);
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
        out.push(`${el.id || el.getAttribute('class') || el.tagName} ${JSON.stringify(r)}`);
      }
    }
    const controls = {};
    for (const id of ids) {
      const el = document.getElementById(id), label = el.querySelector('.label');
      controls[id] = {shown: shown(el), box: box(el), inMenu: !!el.closest('.more-menu'),
        label: label && shown(label) && !clipped(label) ? label.innerText.trim() : '',
        labelBox: label ? box(label) : null};
    }
    return {W, H, out, controls, scroll: [bar.scrollWidth, bar.clientWidth, bar.scrollHeight,
      bar.clientHeight], more: shown(document.getElementById('more-button'))};
  } finally {
    unhidden.forEach((el) => { el.hidden = true; });
  }
}"""


def measure(ui: Ui, ids: list[str], show: tuple[str, ...] = ("finish",)) -> dict[str, Any]:
    found: dict[str, Any] = ui.page.evaluate(MEASURE_JS, [list(show), ids])
    return found


def assert_fits(seen: dict[str, Any], where: str) -> None:
    """Nothing of the toolbar outside the viewport, nothing hidden behind a scroll."""
    assert seen["out"] == [], where
    width, client_width, height, client_height = seen["scroll"]
    assert width <= client_width and height <= client_height, (where, seen["scroll"])


def resize(ui: Ui, width: int, height: int) -> None:
    ui.page.set_viewport_size({"width": width, "height": height})
    ui.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")


_LOADED: dict[int, str] = {}  # each page's path, as loaded (the game may rewrite its URL)


def load(ui: Ui, path: str) -> None:
    if _LOADED.get(id(ui)) != path:
        ui.open(path)
        _LOADED[id(ui)] = path


@pytest.fixture(scope="module")
def screen(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url, viewport={"width": 1366, "height": 800}) as ui:
        yield ui


@pytest.fixture(scope="module")
def framed(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url, viewport={"width": 1200, "height": 700}) as ui:
        yield ui


@pytest.fixture(autouse=True)
def guarded(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test's pages: no request off the server, no console or page error, no CSP
    violation (as conftest's guard does for a module's `ui`)."""
    pages = [request.getfixturevalue(n) for n in ("screen", "framed") if n in request.fixturenames]
    for ui in pages:
        ui.clear_log()
    yield
    for ui in pages:
        ui.check_log()


# -- the embedded page -------------------------------------------------------------------------


@pytest.mark.parametrize("width", [300, 1200])
def test_the_embed_shows_only_the_controls_that_apply(framed: Ui, width: int) -> None:
    """Whitehead at its deal: no Redeal (no such rule), no Finish (not won on paper), not
    in the row, not in the narrow frame's menu; nor the game's own page's controls."""
    load(framed, "/?embed=1&game=whitehead&deal=5")
    resize(framed, width, 600)
    page = framed.page
    hidden = ["redeal", "finish", "replay-button", "daily-button", "rules-button"]
    hidden += ["stats-button", "settings-button", "game-select"]
    for name in hidden:
        expect(page.locator(f"#{name}")).not_to_be_visible()
    if width < 560:
        page.click("#more-button")
        expect(page.locator("#restart")).to_be_visible()
    for name in ("redeal", "finish"):
        expect(page.locator(f"#{name}")).not_to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#restart")).to_be_visible(visible=width >= 560)
    load(framed, EMBED_REDEAL)
    expect(page.locator("#redeal")).to_be_visible()  # where it applies, it shows


@pytest.mark.parametrize("width", EMBED_WIDTHS)
def test_nothing_in_the_embed_toolbar_overflows_its_frame(framed: Ui, width: int) -> None:
    """Redeal, Finish and a ten-digit deal: every control is in the row or, in a narrow
    frame, in the More menu, and all of it lies inside the frame."""
    load(framed, EMBED_REDEAL)
    resize(framed, width, 600)
    seen = measure(framed, PLAY)
    assert_fits(seen, f"embed {width}")
    menu = [name for name, c in seen["controls"].items() if not c["shown"]]
    if menu:  # not in the row: then in the menu, and the menu's button is there
        assert seen["more"] and all(seen["controls"][n]["inMenu"] for n in menu), seen
        framed.page.click("#more-button")
        opened = measure(framed, PLAY)
        assert all(opened["controls"][n]["shown"] for n in menu), opened
        assert_fits(opened, f"embed {width}, its menu open")
        framed.page.keyboard.press("Escape")
        expect(framed.page.locator(f"#{menu[0]}")).to_be_hidden()
    else:
        assert not seen["more"]
    if width >= 768:  # room for every name
        assert all(c["label"] for c in seen["controls"].values()), seen["controls"]


def test_the_narrow_embeds_menu_plays_and_closes(framed: Ui) -> None:
    load(framed, "/?embed=1&game=whitehead&deal=5")
    resize(framed, 320, 560)
    page = framed.page
    page.click("#more-button")
    page.click("#new-game")  # a fresh deal; the menu closes behind it
    expect(page.locator("#new-game")).to_be_hidden()
    expect(page.locator("#deal-number")).not_to_have_text("5")
    page.click("#more-button")
    expect(page.locator("#restart")).to_be_visible()
    page.mouse.click(160, 400)  # a tap outside closes it
    expect(page.locator("#restart")).to_be_hidden()


# -- the game's own page -----------------------------------------------------------------------


@pytest.mark.parametrize("path", [REDEAL, DAILY], ids=["redeal", "daily"])
def test_nothing_in_the_toolbar_overflows_the_screen(screen: Ui, path: str) -> None:
    load(screen, path)
    for width, height in SCREENS:
        resize(screen, width, height)
        seen = measure(screen, [*PLAY, *MORE])
        assert_fits(seen, f"{width}x{height}")
        wanted = [n for n in PLAY + MORE if n != "redeal" or path == REDEAL]
        missing = [n for n in wanted if not seen["controls"][n]["shown"]]
        assert missing == [], (width, height)  # all in view, no menu on this page
        if (width, height) == (844, 390):  # the rail: every name shown, off the edge
            for name in wanted:
                control = seen["controls"][name]
                assert control["label"] == NAMES[name], control
                assert control["box"]["right"] <= width - 6, control
                assert control["labelBox"]["right"] <= control["box"]["right"] + 0.5, control


def test_labels_show_at_1366_even_with_the_daily_badge(screen: Ui) -> None:
    load(screen, DAILY)
    resize(screen, 1366, 800)
    expect(screen.page.locator("#daily-badge")).to_be_visible()
    seen = measure(screen, [*PLAY, *MORE])
    for name, control in seen["controls"].items():
        if name == "redeal":
            assert not control["shown"]
            continue
        assert control["label"] == NAMES[name], control
        box, label = control["box"], control["labelBox"]
        assert box["left"] - 0.5 <= label["left"] and label["right"] <= box["right"] + 0.5


ICON_JS = """() => [...document.querySelectorAll('body > header button')].map((b) => {
  const icons = b.querySelectorAll(':scope > svg.icon');
  const label = b.querySelector(':scope > .label');
  return {id: b.id, icons: icons.length,
    grid: [...icons].map((i) => i.getAttribute('viewBox')).join(),
    other: b.textContent.trim() === (label ? label.textContent.trim() : null)};
})"""


def test_every_toolbar_button_has_one_icon_of_the_set_and_an_accessible_name(
    screen: Ui, framed: Ui
) -> None:
    """An inline SVG of the set (24 units, no text character for an icon), its name in
    words; the name is there at every size, label shown or not."""
    load(screen, REDEAL)
    buttons = screen.page.evaluate(ICON_JS)
    assert {b["id"] for b in buttons} == set(NAMES)
    for button in buttons:
        assert button["icons"] == 1 and button["grid"] == "0 0 24 24", button
        assert button["other"], button  # no text beside the label
    for ui, sizes in ((screen, [(360, 640), (844, 390), (1366, 800)]), (framed, [(300, 600)])):
        if ui is framed:
            load(ui, EMBED_REDEAL)
        for width, height in sizes:
            resize(ui, width, height)
            for name, words in NAMES.items():
                button = ui.page.locator(f"#{name}")
                if button.is_visible():
                    expect(button).to_have_accessible_name(words)
            if ui is screen:
                picker = ui.page.get_by_role("combobox", name="Game")
                expect(picker).to_be_visible()
                expect(picker).to_have_value("linus")
