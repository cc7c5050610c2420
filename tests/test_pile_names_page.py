"""The piles' names on the page (game/names.py): the small numbers the table shows (every
pile's, with Settings' "Show pile names") read in reading order at a phone's size and a
desktop's, each sits just above its own pile, and a hint and the announcer name a pile by
the number the player sees on it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser
from test_table_kit import Ui, booted, change_settings

pytestmark = pytest.mark.browser

SIZES = [{"width": 390, "height": 844}, {"width": 1366, "height": 800}]


@pytest.fixture(scope="module", params=SIZES, ids=["phone", "desktop"])
def ui(request: pytest.FixtureRequest, browser: Browser, server_url: str) -> Iterator[Ui]:
    """One page a screen size, for the module's tests at that size (each deals in it)."""
    with booted(browser, server_url, viewport=request.param) as shared:
        yield shared


# Every pile's number tag: its text, its box, its pile's name and label and box, and
# whether it is shown (and hidden from a screen reader) and small.
TAGS_JS = """(where) => [...document.querySelectorAll(`#table ${where} .pile-name`)].map((tag) => {
  const pile = tag.closest('[data-pile]');
  const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  return {
    text: tag.textContent, box: box(tag.getBoundingClientRect()),
    pile: pile.dataset.pile, label: pile.getAttribute('aria-label'),
    pileBox: box(pile.getBoundingClientRect()),
    shown: tag.checkVisibility(), hidden: tag.getAttribute('aria-hidden') === 'true',
    size: parseFloat(getComputedStyle(tag).fontSize),
  };
})"""


def tags(ui: Ui, where: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = ui.page.evaluate(TAGS_JS, where)
    return found


def reading_order(found: list[dict[str, Any]]) -> list[str]:
    """The tags' texts as a person reads them: rows top to bottom (a tag whose top is below
    the previous row's tags by more than half a tag starts a row), each left to right."""
    rows: list[list[dict[str, Any]]] = []
    for tag in sorted(found, key=lambda t: (t["box"]["top"], t["box"]["left"])):
        height = tag["box"]["bottom"] - tag["box"]["top"]
        if not rows or tag["box"]["top"] - rows[-1][0]["box"]["top"] > height / 2:
            rows.append([])
        rows[-1].append(tag)
    return [t["text"] for row in rows for t in sorted(row, key=lambda t: t["box"]["left"])]


def rows_of(found: list[dict[str, Any]]) -> int:
    return len({round(t["box"]["top"]) for t in found})


def check_tags(found: list[dict[str, Any]], word: str, count: int) -> None:
    """Each tag is shown, small, hidden from a screen reader, just above its own pile (in
    the strip kept for it, over no card: test_screen_sizes.py), and its number is the
    pile's: its notation name ``t3``/``f3`` and its label ``Fan 3, …``."""
    assert len(found) == count
    for tag in found:
        n, box, pile = tag["text"], tag["box"], tag["pileBox"]
        assert tag["shown"] and tag["hidden"], tag
        assert 11 <= tag["size"] <= 20, tag
        assert pile["left"] <= box["left"] and box["right"] <= pile["right"] + 0.5, tag
        assert box["bottom"] <= pile["top"] + 0.5, tag
        assert box["bottom"] >= pile["top"] - 4, tag
        assert tag["pile"] == ("f" if word == "foundation" else "t") + n
        assert tag["label"].startswith(f"{word.capitalize()} {n},"), tag


def test_linus_fans_read_1_to_18_in_reading_order(ui: Ui) -> None:
    size = ui.page.viewport_size
    assert size is not None
    ui.at("linus", 2)
    change_settings(ui, pile_names=True)
    fans = tags(ui, ".tableau")
    check_tags(fans, "fan", 18)
    assert reading_order(fans) == [str(n) for n in range(1, 19)]
    assert rows_of(fans) == (6 if size["width"] < 600 else 3)  # rows differ; order holds
    founds = tags(ui, ".foundations")
    check_tags(founds, "foundation", 4)
    assert reading_order(founds) == ["1", "2", "3", "4"]
    # the check sees a grid filled column by column (the numbers then run downwards)
    ui.page.evaluate(
        """(rows) => Object.assign(document.querySelector('#table .tableau').style,
             {gridAutoFlow: 'column', gridTemplateRows: `repeat(${rows}, auto)`})""",
        rows_of(fans),
    )
    assert reading_order(tags(ui, ".tableau")) != [str(n) for n in range(1, 19)]
    ui.page.evaluate(  # as it was, for the module's next test
        """() => Object.assign(document.querySelector('#table .tableau').style,
             {gridAutoFlow: '', gridTemplateRows: ''})"""
    )


def test_columns_read_left_to_right(ui: Ui) -> None:
    for name, columns, foundations in (("whitehead", 7, 4), ("unlimited", 7, 8)):
        ui.at(name, 3)
        change_settings(ui, pile_names=True)
        found = tags(ui, ".tableau")
        check_tags(found, "column", columns)
        assert reading_order(found) == [str(n) for n in range(1, columns + 1)]
        assert rows_of(found) == 1
        founds = tags(ui, ".foundations")
        check_tags(founds, "foundation", foundations)
        assert reading_order(founds) == [str(n) for n in range(1, foundations + 1)]
        assert ui.page.locator("#table .stock .pile-name, #table .waste .pile-name").count() == 0


HINT = re.compile(r"move (10|[A2-9JQK])([♠♥♦♣]).*? to (fan|foundation) (\d+)\b")
SUITS = dict(zip("♠♥♦♣", "SHDC", strict=True))

PILE_OF_JS = """(code) => {
  const card = document.querySelector(`#table .card[data-card="${code}"]`);
  const pile = card.closest('[data-pile]');
  const cards = [...pile.querySelectorAll('.card')];
  const tag = pile.querySelector('.pile-name');
  return [pile.dataset.pile, cards.indexOf(card), tag ? tag.textContent : null];
}"""
TAGGED_JS = """([kind, n]) => {
  const tag = [...document.querySelectorAll(`#table .${kind} .pile-name`)]
    .find((t) => t.textContent === n);
  return tag ? tag.closest('[data-pile]').dataset.pile : null;
}"""


def test_a_hint_and_the_announcer_name_the_pile_by_its_number_on_screen(ui: Ui) -> None:
    """Ask a hint in Linus, play it on the pile whose tag shows the number the hint says,
    and hear the same number: the card is then on that pile."""
    ui.at("linus", 2)
    page = ui.page
    page.click("#hint")
    page.wait_for_function(
        r"() => / to (fan|foundation) \d+\b/.test("
        "document.getElementById('status-line').textContent)",
        timeout=30_000,
    )
    said = HINT.search(ui.status_line())
    assert said is not None, ui.status_line()
    rank, suit, kind, n = said.groups()
    code = ("T" if rank == "10" else rank) + SUITS[suit]
    target = page.evaluate(TAGGED_JS, [kind, n])
    assert target is not None, f"no {kind} shows {n}"
    src, index, _ = page.evaluate(PILE_OF_JS, code)
    moves = ui.moves_count()
    ui.drag(src, index, target)
    page.wait_for_function(
        "(n) => document.getElementById('moves-count').textContent !== String(n)", arg=moves
    )
    pile, _, shown = page.evaluate(PILE_OF_JS, code)
    assert (pile, shown) == (target, n)  # the card is where the hint and the tag said
    told = page.evaluate("() => document.getElementById('announcer').textContent.trim()")
    assert re.match(rf"\w[\w ]* to {kind} {n}\b", told), told
