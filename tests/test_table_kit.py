"""Shared by the test_table_* browser tests: it holds no tests itself.

A module of table tests boots the page once (module-scoped `Ui`) and puts it back at a
pinned deal before each test (`Ui.at`: a reload only when the URL must change, otherwise
the page's own Restart). The pages are guarded like conftest's `page`: after every test,
no request may have left the local server, and no console error, uncaught error or CSP
violation may have happened.

Layouts are compared pile by pile: {"t1": ["QS", None, "4H"], ...}, the DOM's cards in
DOM order (face-up `data-card`, None for a face-down card) against the engine's.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from conftest import ROOT, BrowserLog, guarded_context, wait_ready
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

import game
from game.assist import auto_moves
from game.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS
from game.notation import STOCK, pile_name
from game.state import Game, Plain

Layout = dict[str, list[str | None]]

# Pinned deals, one per game, chosen with the engine (tests assert what they rely on):
# at the start, a tableau-to-tableau move, a card with two or more tap destinations and
# safe auto-moves to make; in Whitehead also a same-suit run of two that moves as a unit.
DEALS = {"whitehead": 1545, "blind-alleys": 9, "linus": 2, "unlimited": 5}


# -- the engine's side -------------------------------------------------------------------


def cli_layout(name: str, deal: int) -> dict[str, Any]:
    """`python -m game deal NAME --deal N`: the contract the page must render."""
    out = subprocess.run(
        [sys.executable, "-m", "game", "deal", name, "--deal", str(deal)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    layout: dict[str, Any] = json.loads(out.stdout)
    return layout


def piles_of(layout: dict[str, Any]) -> Layout:
    """An engine layout (JSON) as the page should show it; lower case is face down."""
    has_stock = game.find_rules(layout["game"]).passes != 0
    out: Layout = {}
    if has_stock:
        out["s"] = [None for _ in layout["stock"]]
        out["w"] = list(layout["waste"])
    for i, pile in enumerate(layout["foundations"]):
        out[f"f{i + 1}"] = list(pile)
    for i, pile in enumerate(layout["tableau"]):
        out[f"t{i + 1}"] = [None if code.islower() else code for code in pile]
    return out


def engine_piles(g: Game) -> Layout:
    return piles_of(g.layout())


# -- the page ----------------------------------------------------------------------------

LAYOUT_JS = """() => {
  const out = {};
  for (const pile of document.querySelectorAll('#table [data-pile]')) {
    out[pile.dataset.pile] = [...pile.querySelectorAll('.card')].map(
      (c) => (c.dataset.face === 'up' ? c.dataset.card : null));
  }
  return out;
}"""

# A point inside the visible part of a card (the next card of a fan or column covers the
# rest), or the middle of an empty pile; and whether the card is really what is there.
POINT_JS = """([name, index]) => {
  const pile = document.querySelector(`#table [data-pile="${name}"]`);
  const cards = [...pile.querySelectorAll('.card')];
  if (!cards.length || index === null) {
    const r = pile.getBoundingClientRect();
    const x = r.left + Math.min(r.width, r.height / 1.4) / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return [x, y, !!hit && hit.closest('[data-pile]') === pile];
  }
  const card = cards[index < 0 ? cards.length + index : index];
  const r = card.getBoundingClientRect();
  let w = r.width, h = r.height;
  const next = card.nextElementSibling;
  if (next && next.classList.contains('card')) {
    const n = next.getBoundingClientRect();
    if (n.top - r.top > 1) h = n.top - r.top;
    if (n.left - r.left > 1) w = n.left - r.left;
  }
  const x = r.left + w / 2, y = r.top + h / 2;
  const hit = document.elementFromPoint(x, y);
  return [x, y, !!hit && hit.closest('.card') === card];
}"""


def guarded_page(
    browser: Browser, log: BrowserLog, first_visit: bool = False, **options: Any
) -> Page:
    """A page in a new context, guarded like conftest's `page` (see `Ui.check_log`); a
    returning player's unless `first_visit` (the welcome shows: test_welcome_page.py)."""
    return guarded_context(browser, log, first_visit, **options).new_page()


class Ui:
    """One booted page and the moves a player makes on it."""

    def __init__(self, page: Page, log: BrowserLog) -> None:
        self.page, self.log = page, log
        self.crashed = False
        page.on("crash", self._crashed)

    def _crashed(self, page: Page) -> None:
        self.crashed = True

    def _fresh_page(self, why: str) -> None:
        """A new page in the same context for the crashed one, with a warning (see open)."""
        warnings.warn(f"chromium crashed, trying once more: {why}", stacklevel=3)
        self.page = self.page.context.new_page()
        self.crashed = False
        self.page.on("crash", self._crashed)

    # -- guard --------------------------------------------------------------------------

    def clear_log(self) -> None:
        self.log.clear()

    def check_log(self) -> None:
        self.log.check()

    # -- loading ------------------------------------------------------------------------

    def open(self, path: str) -> None:
        """Load `path` and wait until the table accepts input (body[data-ready=true]).

        Chromium's renderer crashes about once in a whole run of the suite, mid-boot
        ("Target crashed": SIGSEGV in its main thread; Chromium's minidumps say no more):
        then the module's page is gone for every test after it. A crash is tried once more,
        in a new page of the same context, with a warning in the summary (as test_pwa does);
        a test that was running on a page that crashed is run once more (pytest-rerunfailures,
        pyproject.toml); any other failure fails at once."""
        if self.crashed:
            self._fresh_page("an earlier test's page")
        try:
            self._open(path)
        except PlaywrightError as e:
            if "crashed" not in str(e):
                raise
            self._fresh_page(str(e))
            self._open(path)

    def _open(self, path: str) -> None:
        page = self.page
        if page.url.startswith("http"):  # a fresh start: no saved game of an earlier test
            # whose save, still waiting for its frame, leaving would write (later.py)
            with contextlib.suppress(PlaywrightError):
                settled(page, timeout=5_000)
            page.evaluate("() => localStorage.clear()")
        page.goto(path)
        self.wait_ready()

    def wait_ready(self) -> None:
        """Wait until a page just (re)loaded accepts input; fail at once on an error."""
        wait_ready(self.page, self.log)
        self.settled()

    def settled(self) -> None:
        """Wait until what the last move left for after its frame has run (the save, embed
        events, the advisor: game/ui/later.py)."""
        settled(self.page)

    def query(self) -> dict[str, str]:
        return dict(parse_qsl(urlsplit(self.page.url).query, keep_blank_values=True))

    def at(self, name: str, deal: int, **params: str) -> None:
        """The start of a deal. Where the page shows one with the same other parameters,
        it is dealt there (restarted, if it is that deal): Pyodide does not start again;
        settings and statistics are the page's still. Else the page loads it afresh."""
        want = {"game": name, "deal": str(deal), **params}
        shown = self.query() if not self.crashed and self.page.url.startswith("http") else {}
        if shown == want:
            self._tidy()
            self.page.click("#restart")
            if self.page.locator("#confirm[open]").count():  # a game in progress: leave it
                self.page.click("#confirm-ok")
            self._blur()
        elif not (shown and _rest(shown) == _rest(want) and self._deal_here(name, deal)):
            self.open("/?" + "&".join(f"{k}={v}" for k, v in want.items()))
        assert self.query() == want

    def _deal_here(self, name: str, deal: int) -> bool:
        """Deal it on the page shown, through its own API (game/ui/scripting.py); False if
        the page cannot (not ready, or the game open in another tab)."""
        self._tidy()
        command = {"type": "newGame", "game": name, "deal": deal}
        try:
            said = self.page.evaluate(
                "(c) => window.solitaire ? window.solitaire.command(c) : 'no page API'", command
            )
        except PlaywrightError:
            return False
        if said:
            return False
        self._blur()
        self.settled()
        return True

    def _tidy(self) -> None:
        """What an earlier test may have left: a drag under way, a dialog open."""
        self.page.mouse.up()
        self.page.evaluate(
            "() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }"
        )

    def _blur(self) -> None:
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")

    # -- reading ------------------------------------------------------------------------

    def layout(self) -> Layout:
        piles: Layout = self.page.evaluate(LAYOUT_JS)
        return piles

    def wait_layout(self, want: Layout, timeout: float = 3.0) -> None:
        """Wait until the page shows `want` (a move's DOM update is synchronous, but an
        input event may still be on its way); then assert it, showing the difference."""
        deadline = time.monotonic() + timeout
        got = self.layout()
        while got != want and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
            got = self.layout()
        assert got == want

    def status_line(self) -> str:
        return self.page.inner_text("#status-line")

    def moves_count(self) -> int:
        return int(self.page.inner_text("#moves-count"))

    # -- acting -------------------------------------------------------------------------

    def settle(self) -> None:
        """Wait until no card is gliding (a player points at where cards are shown)."""
        self.page.wait_for_function(
            "() => document.getAnimations().every((a) => a.playState !== 'running')"
        )

    def point(self, pile: str, index: int | None = -1) -> tuple[float, float]:
        """A point where a pointer reaches card `index` of `pile` (None: the pile)."""
        self.settle()
        x, y, hits = self.page.evaluate(POINT_JS, [pile, index])
        assert hits, f"card {index} of {pile} is covered at ({x:.0f}, {y:.0f})"
        return x, y

    def tap(self, pile: str, index: int | None = -1) -> None:
        x, y = self.point(pile, index)
        self.page.mouse.click(x, y)
        self.settled()

    def drag(self, src: str, index: int, dst: str, steps: int = 5) -> None:
        """Press on a card, move in steps onto the destination pile's top card, let go."""
        x0, y0 = self.point(src, index)
        x1, y1 = self.point(dst, -1)
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        mouse.move(x1, y1, steps=steps)
        mouse.up()
        self.settled()

    def play(self, m: tuple[int, int, int], g: Game) -> None:
        """Drag the move `m` (legal in `g`, before it is played) on the page."""
        src, dst, n = m
        self.drag(pile_name(src), len(g.piles[src]) - n, pile_name(dst))


def _rest(query: dict[str, str]) -> dict[str, str] | None:
    """A page's parameters other than its game and deal; None where a new deal in place
    would not keep them (its house rules, a daily deal, a challenge: they go with the deal)."""
    rest = {k: v for k, v in query.items() if k not in ("game", "deal")}
    return None if {"rules", "daily", "beat"} & rest.keys() else rest


def settled(page: Page, timeout: float = 10_000) -> None:
    """Wait until the page's jobs after the paint have run (``<html data-later="done">``):
    a move is saved, its embed events posted, the advisor told."""
    page.wait_for_function(
        "() => document.documentElement.dataset.later !== 'busy'", timeout=timeout
    )


def press(page: Page, key: str) -> None:
    """Press a key as a player does, and wait until what it asked for has settled (the
    keyboard cursor and its announcement come after the frame: game/ui/later.py)."""
    page.keyboard.press(key)
    settled(page)


@contextmanager
def booted(browser: Browser, server_url: str, **options: Any) -> Iterator[Ui]:
    """A module's page (no URL loaded yet); its context closes at the end."""
    log = BrowserLog(origin=server_url)
    page = guarded_page(browser, log, **options)
    try:
        yield Ui(page, log)
    finally:
        page.context.close()


def module_ui(**options: Any) -> Any:
    """A module's `ui` fixture: one page for the module (context options as given), its
    log checked after every test (conftest's `ui_log_guard`)."""

    @pytest.fixture(scope="module")
    def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
        with booted(browser, server_url, **options) as shared:
            yield shared

    return ui


# -- identity of face-down cards -----------------------------------------------------------

_CODE = re.compile(
    r"(?<![A-Za-z0-9])(?:[A2-9TJQK][SHDC]|[a2-9tjqk][shdc]|10[SHDCshdc])(?![A-Za-z0-9])"
)
_NAMES = re.compile(
    r"\b(?:" + "|".join(RANK_NAMES + SUIT_NAMES) + r"|spade|heart|diamond|club)\b", re.I
)
_SYMBOLS = re.compile("[" + SUIT_SYMBOLS + "♤♡♢♧]|suit-")

FACE_DOWN_JS = """() => [...document.querySelectorAll('#table .card[data-face="down"]')].map((c) => ({
  pile: c.closest('[data-pile]').dataset.pile,
  attrs: [...c.attributes].map((a) => `${a.name}=${a.value}`),
  id: c.id, className: String(c.className), html: c.innerHTML, text: c.textContent,
  own: Object.keys(c).map((k) => `${k}=${String(c[k])}`),
  children: c.childElementCount,
}))"""


def identity_traces(text: str) -> list[str]:
    """Card codes, rank or suit names and suit symbols found in `text`."""
    return _CODE.findall(text) + _NAMES.findall(text) + _SYMBOLS.findall(text)


# -- fitting the screen ----------------------------------------------------------------------

FIT_JS = """() => {
  const W = innerWidth, H = innerHeight, se = document.scrollingElement;
  const out = (r) => r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5
    || r.width < 1 || r.height < 1;
  const name = (el) => el.dataset.pile || el.closest('[data-pile]').dataset.pile;
  return {
    scroll: [se.scrollWidth, se.scrollHeight, W, H],
    beyond: [...document.querySelectorAll('body *')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.right > W + 0.5 || r.bottom > H + 0.5;
    }).map((e) => e.id || String(e.className.baseVal ?? e.className)).slice(0, 8),
    piles: document.querySelectorAll('#table [data-pile]').length,
    pilesOut: [...document.querySelectorAll('#table [data-pile]')]
      .filter((p) => out(p.getBoundingClientRect())).map(name),
    cardsOut: [...document.querySelectorAll('#table .card')]
      .filter((c) => out(c.getBoundingClientRect())).map(name),
    buttonsOut: [...document.querySelectorAll('header button:not([hidden]), #game-select')]
      .filter((b) => b.getClientRects().length > 0)  // not the embed's More, elsewhere
      .filter((b) => out(b.getBoundingClientRect())).map((b) => b.id),
  };
}"""


def assert_fits(page: Page, name: str) -> dict[str, Any]:
    """The page does not scroll, and every pile, card and toolbar control is on screen."""
    page.wait_for_function(  # gliding cards are on their way, not where they are shown
        "() => document.getAnimations().every((a) => a.playState !== 'running')"
    )
    fit: dict[str, Any] = page.evaluate(FIT_JS)
    width, height, inner_w, inner_h = fit["scroll"]
    assert width <= inner_w and height <= inner_h, (name, fit["scroll"], fit["beyond"])
    assert fit["pilesOut"] == [], name
    assert fit["cardsOut"] == [], name
    assert fit["buttonsOut"] == [], name
    return fit


def play_move(ui: Ui, g: Game, m: Plain, automove: str = "safe") -> None:
    """Make the move on the page (the stock by a tap, the rest by a drag) and in ``g``,
    with the page's auto-moves (``automove``), and wait for the page to show it."""
    if m[0] == STOCK:
        ui.tap("s", -1)
    else:
        ui.play(m, g)
    g.apply(m)
    auto_moves(g, automove)
    ui.wait_layout(engine_piles(g))


def moves_made(g: Game, automove: str = "safe") -> int:
    """The page's move count for the engine twin ``g`` of a game it dealt: the deal's own
    auto-moves (made with ``automove``) are not the player's, so they are not counted."""
    fresh = game.new_game(g.rules.name, g.deal, **dict.fromkeys(g.rules.active, True))
    return len(g.moves) - len(auto_moves(fresh, automove))


def play_texts(ui: Ui, g: Game, texts: list[str]) -> None:
    """Play each move text on the page and in ``g`` (``play_move``, safe auto-moves)."""
    for text in texts:
        play_move(ui, g, g.resolve(text))


def change_settings(ui: Ui, **settings: Any) -> None:
    """Open Settings, set each named control (a checkbox by bool, a menu or a choice of
    radio buttons by value), close."""
    page = ui.page
    page.get_by_role("button", name="Settings", exact=True).click()
    panel = page.locator("#settings-panel")
    expect(panel).to_be_visible()
    for name, value in settings.items():
        control = panel.locator(f'[name="{name}"]')
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.first.get_attribute("type") == "radio":
            panel.locator(f'[name="{name}"][value="{value}"]').check()
        else:
            control.select_option(value)
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()
    # (else a Space would press Settings again)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
