"""The layout for thumbs (issue 13, point 1) at phone sizes, upright and on their side, and
cards as large as the longest pile allows, with every covered card's index in sight."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser
from test_table_kit import Ui, assert_fits, booted

import game
from game.saved import pack
from game.solver import solve
from game.ui import spread

pytestmark = pytest.mark.browser

UPRIGHT = [(360, 640), (390, 844), (430, 932)]
SIDEWAYS = [(640, 360), (844, 390)]
PLAY = ["undo", "redo", "restart", "new-game", "hint", "replay-button"]
MORE = ["rules-button", "stats-button", "settings-button"]
KEY = "solitaire/current"

# Each control: its box, its visible text, and whether anything clips it.
BOXES = """(ids) => ids.map((id) => {
  const el = document.getElementById(id), r = el.getBoundingClientRect();
  const label = el.querySelector('.label');
  const shown = label ? getComputedStyle(label).clipPath === 'none' &&
    label.getBoundingClientRect().width > 1 : false;
  return {id, top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
          height: r.height, label: shown ? label.innerText.trim() : ''};
})"""

# What the top row shows of the game: the name in full, and the info with its words.
INFO = """() => {
  const select = document.getElementById('game-select');
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:' +
    getComputedStyle(select).font;
  probe.textContent = select.options[select.selectedIndex].text;
  document.body.append(probe);
  const need = probe.getBoundingClientRect().width;
  probe.remove();
  const info = document.querySelector('.bar .info');
  const words = [...info.querySelectorAll('.what')].filter((w) => w.offsetWidth > 0)
    .map((w) => w.innerText.trim());
  return {name: select.getBoundingClientRect().width, need, words,
          clipped: info.scrollWidth > info.clientWidth + 0.5, text: info.innerText};
}"""


@pytest.fixture(params=UPRIGHT, ids=lambda s: f"{s[0]}x{s[1]}", scope="module")
def upright(request: pytest.FixtureRequest, browser: Browser, server_url: str) -> Any:
    w, h = request.param
    with booted(
        browser, server_url, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True
    ) as ui:
        yield ui


@pytest.mark.parametrize("name", ["blind-alleys", "linus"])
def test_upright_phone_has_its_controls_at_the_bottom(upright: Ui, name: str) -> None:
    upright.at(name, 1299104775)
    page = upright.page
    height = page.viewport_size["height"] if page.viewport_size else 0
    boxes = page.evaluate(BOXES, PLAY + MORE)
    for box in boxes:
        assert box["width"] >= 44 and box["height"] >= 44, box
    for box in boxes[: len(PLAY)]:
        assert box["top"] >= height * 0.85, box  # within thumb reach
        assert box["label"], box  # a word under each icon
    assert [b["label"] for b in boxes[:2]] == ["Undo", "Redo"]
    info = page.evaluate(INFO)
    assert info["name"] >= info["need"], info  # "Blind Alleys" in full
    assert info["words"] == ["Deal", "Moves"] and not info["clipped"], info
    assert "1299104775" in info["text"]
    assert_fits(page, name)


def test_upright_phone_hides_what_is_hidden(upright: Ui) -> None:
    upright.at("whitehead", 3)
    # No Redeal in Whitehead, no Finish at the start: the row shows neither.
    for hidden in ("redeal", "finish"):
        assert not upright.page.locator(f"#{hidden}").is_visible()


@pytest.mark.parametrize("size", SIDEWAYS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_sideways_phone_keeps_everything_reachable(
    browser: Browser, server_url: str, size: tuple[int, int]
) -> None:
    w, h = size
    with booted(
        browser, server_url, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True
    ) as ui:
        ui.open("/?game=linus&deal=1299104775&rules=pgs")
        boxes = ui.page.evaluate(BOXES, [*PLAY, *MORE, "redeal"])
        for box in boxes:
            assert box["height"] >= 44 and box["width"] >= 44, box
            assert box["left"] >= w - 200, box  # a rail on the right (labelled: 190 px)
        assert_fits(ui.page, "linus")
        ui.open("/?game=whitehead&deal=5")
        card = ui.page.locator("#table .card").first.bounding_box()
        assert card is not None and card["width"] >= 50  # not the 45 px of a fixed guess
        assert_fits(ui.page, "whitehead")


LONG = (
    "The top 3 cards of column 7 are not in sequence, so they cannot move together; "
    "only a run of one suit moves as a unit in this game."
)


@pytest.fixture(scope="module")
def plain(browser: Browser, server_url: str) -> Any:
    """A page of no phone's own (no touch), resized by each test that takes it."""
    with booted(browser, server_url) as ui:
        yield ui


@pytest.mark.parametrize("size", [(360, 640), (1366, 800)], ids=["phone", "desktop"])
def test_a_long_message_wraps_and_moves_no_card(plain: Ui, size: tuple[int, int]) -> None:
    w, h = size
    ui = plain
    ui.page.set_viewport_size({"width": w, "height": h})
    ui.at("whitehead", 5)
    page = ui.page
    before = page.evaluate(
        "() => document.querySelector('#table .card:last-child').getBoundingClientRect().toJSON()"
    )
    seen = page.evaluate(
        """(text) => {
          const line = document.getElementById('status-line');
          line.textContent = text;
          const r = line.getBoundingClientRect();
          const cover = document.elementFromPoint(r.left + 4, r.top + 4);
          return {clipped: line.scrollHeight > line.clientHeight + 1 ||
                           line.scrollWidth > line.clientWidth + 1,
                  top: r.top, bottom: r.bottom, lines: Math.round(r.height / 16),
                  mine: line.contains(cover)};
        }""",
        LONG,
    )
    after = page.evaluate(
        "() => document.querySelector('#table .card:last-child').getBoundingClientRect().toJSON()"
    )
    assert not seen["clipped"] and seen["mine"], seen  # all of it, on top
    assert seen["top"] >= 0 and seen["bottom"] <= h, seen
    assert before == after  # the table does not move for a message
    if w < 600:
        assert seen["lines"] >= 2, seen  # it wrapped


def long_column() -> game.Game:
    """Whitehead deal 4, 64 moves along a winning line: a column of 17 cards."""
    g = game.new_game("whitehead", 4)
    line = solve(g, seconds=20).moves
    for text in line[:64]:
        g.play(g.resolve(text))
    return g


STRIPS = """() => {
  const out = [];
  for (const pile of document.querySelectorAll('#table .tableau .pile')) {
    const cards = [...pile.querySelectorAll('.card')];
    cards.forEach((c, i) => {
      const r = c.getBoundingClientRect();
      const next = cards[i + 1];
      const shown = next ? next.getBoundingClientRect().top - r.top : r.height;
      out.push({up: c.dataset.face !== 'down', shown: shown / r.height, bottom: r.bottom});
    });
  }
  const table = document.getElementById('table').getBoundingClientRect();
  const card = document.querySelector('#table .card').getBoundingClientRect();
  return {strips: out, bottom: table.bottom, width: card.width,
          cap: document.getElementById('table').style.getPropertyValue('--cap')};
}"""


@pytest.mark.parametrize(
    "size", [(390, 844), (844, 390), (1366, 800)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_cards_shrink_for_a_long_column_and_every_index_shows(
    plain: Ui, size: tuple[int, int]
) -> None:
    w, h = size
    g = long_column()
    ui = plain
    ui.page.set_viewport_size({"width": w, "height": h})
    ui.open("/?game=whitehead&deal=4&automove=off")
    fresh = ui.page.evaluate(STRIPS)
    ui.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, pack(g, 0.0)])
    ui.page.goto(f"/?automove=off&x={random.random()}")
    ui.wait_ready()
    long = ui.page.evaluate(STRIPS)
    assert max(len(g.piles[p]) for p in range(len(g.piles))) >= 17
    covered_up = [s for s in long["strips"] if s["up"] and s["shown"] < 0.99]
    assert covered_up and min(s["shown"] for s in covered_up) >= spread.MIN_UP - 0.005
    assert max(s["bottom"] for s in long["strips"]) <= long["bottom"] + 0.5
    if h > 700 and w > 1000:  # room to spare at the start: large cards, then smaller
        assert long["cap"] and long["width"] < fresh["width"] - 10, (fresh, long)
    # The long column goes (Restart: the deal again), and the cards grow back.
    ui.page.click("#restart")
    if ui.page.locator("#confirm[open]").count():
        ui.page.click("#confirm-ok")
    ui.page.wait_for_function(
        "(w) => Math.abs(document.querySelector('#table .card')"
        ".getBoundingClientRect().width - w) < 0.5",
        arg=fresh["width"],
    )
    again = ui.page.evaluate(STRIPS)
    assert abs(again["width"] - fresh["width"]) < 0.5, (fresh, again)
