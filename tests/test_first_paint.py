"""The first paint (static/paint.js): the table is on screen before Python is up.

A first visit shows the piles of the game the URL asks for, in place (static/boot/tables.js,
drawn at build time by the page's renderer: scripts/paint.py); a return visit shows the
saved game as the page last showed it (game/ui/store.py keeps it beside the game). While
Python starts, the toolbar is inert and the status row says "Starting…"; a tap or a game
key is refused there in words. When Python takes over nothing moves (no layout shift, at a
phone's size and a desktop's) and the table never goes empty.

Where a test looks before Python is ready, Python is held back: the page's fetch of
static/boot/python.zip waits until the test lets it go (an init script: a Playwright route
would turn the HTTP cache off, and every load would fetch and compile Pyodide afresh). No
service worker is registered there, so that every start is the ordinary one, which fetches
python.zip (a start from the snapshot reads it from the worker's cache). Those tests share
one context, their site's storage cleared before each (a first visit still), so that the
browser's caches stay warm; the layout-shift test takes the real path in a context of its
own, service worker, snapshot and all.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from conftest import BrowserLog, guarded_context
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from test_axe import readable, scan
from test_table_kit import DEALS, Ui, moves_made, play_texts

import game
from game.assist import auto_moves
from game.notation import STOCK, WASTE, pile_name

pytestmark = pytest.mark.browser

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1366, height=800)
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
KEY = "solitaire/current"  # game/ui/store.py (it imports js); its table: KEY + "/paint"

# What the page shows: the table (piles and cards, where they are), the toolbar, and how
# far it has started. False until the table's markup is complete.
SHOWN_JS = """() => {
  const table = document.getElementById("table");
  if (!table || !table.nextElementSibling) return false;
  const box = (e) => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map((v) => Math.round(v * 10) / 10); };
  const text = (id) => document.getElementById(id).textContent;
  const loading = document.getElementById("loading");
  const redeal = document.getElementById("redeal");
  return {
    ready: document.body.dataset.ready === "true",
    game: table.dataset.game || null,
    // (a pile is .flying while the deal's auto-moves glide: a moment's, not its look)
    piles: [...table.querySelectorAll("[data-pile]")].map((p) =>
      [p.dataset.pile, [...p.classList].filter((c) => c !== "flying").join(" "), box(p)]),
    cards: [...table.querySelectorAll(".card")].map((c) =>
      [c.closest("[data-pile]").dataset.pile, c.dataset.card || null, box(c)]),
    select: document.getElementById("game-select").value,
    deal: text("deal-number"), moves: text("moves-count"), clock: text("clock"),
    redeal: redeal.hidden ? null : redeal.textContent,
    embed: document.body.classList.contains("embed"),
    inert: [...document.querySelectorAll("body > header :is(button, select)")].map((e) => e.inert),
    busy: table.getAttribute("aria-busy"),
    starting: loading && loading.checkVisibility() ? loading.innerText : null,
    bar: box(document.querySelector("body > header")),
  };
}"""

# Installed before the page's scripts: every layout shift (buffered), and what each frame
# shows from the first until Python is ready and a few more: [data-pile] elements, cards,
# ready ([-1, 0, false] for a page drawn before the table was all there; none before the
# page has a body: nothing is drawn then).
WATCH_JS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
}).observe({ type: "layout-shift", buffered: true });
window.__frames = [];
(function frame() {
  const table = document.getElementById("table");
  const ready = !!document.body && document.body.dataset.ready === "true";
  if (document.body) window.__frames.push(table && table.nextElementSibling
    ? [table.querySelectorAll("[data-pile]").length, table.querySelectorAll(".card").length, ready]
    : [-1, 0, false]);
  if (window.__frames.filter((f) => f[2]).length < 5) requestAnimationFrame(frame);
})();
"""


# Installed before the page's scripts while a test holds Python: its fetch of python.zip
# waits until the test lets it go, at each load that `Held.holding` (asked of the test);
# no service worker (pwa.js says "Offline play is off" and the game plays on).
HOLD_JS = """(() => {
  let release;
  const free = new Promise((resolve) => { release = resolve; });
  window.__releasePython = release;
  const fetch = window.fetch;
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!url.pathname.endsWith("/static/boot/python.zip")) return fetch(input, init);
    return window.__pythonHeld().then((held) => held && free).then(() => fetch(input, init));
  };
  if (navigator.serviceWorker) {
    navigator.serviceWorker.register = () => Promise.reject(new Error("not in this test"));
  }
})();"""


class Held:
    """Python held back: while `holding`, a page of the context that loads waits for
    python.zip until `release`."""

    def __init__(self, context: BrowserContext) -> None:
        self.page: Page | None = None  # the test's page
        self.holding = True
        context.expose_binding("__pythonHeld", lambda source: self.holding)
        context.add_init_script(HOLD_JS)

    def release(self) -> None:
        self.holding = False
        if self.page is not None:
            self.page.evaluate("() => window.__releasePython && window.__releasePython()")


@pytest.fixture(scope="module")
def held_context(
    browser: Browser, server_url: str
) -> Iterator[tuple[BrowserContext, Held, BrowserLog]]:
    """One context for the module's tests that hold Python: its HTTP cache and compiled
    WebAssembly stay warm from test to test (a new context would fetch and compile Pyodide
    afresh each time); its site's storage is cleared before each. Guarded, into its log."""
    log = BrowserLog(origin=server_url)
    context = guarded_context(browser, log)
    yield context, Held(context), log
    context.close()


@pytest.fixture
def browser_log(request: pytest.FixtureRequest, server_url: str) -> BrowserLog:
    if "held" in request.fixturenames:
        log: BrowserLog = request.getfixturevalue("held_context")[2]
        log.clear()
        return log
    return BrowserLog(origin=server_url)


@pytest.fixture
def page(
    request: pytest.FixtureRequest, browser: Browser, browser_log: BrowserLog
) -> Iterator[Page]:
    """A first visit: for a test that holds Python, a new page of the module's context, its
    site's storage cleared (scripts a test adds go with the page: `page.add_init_script`);
    else a page of a new context, as conftest's. Guarded either way."""
    if "held" in request.fixturenames:
        context = request.getfixturevalue("held_context")[0]
        fresh = context.new_page()
        cdp = context.new_cdp_session(fresh)
        origin = browser_log.origin
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        cdp.detach()
        yield fresh
        fresh.close()
    else:
        context = guarded_context(browser, browser_log)
        yield context.new_page()
        context.close()
    browser_log.check()


@pytest.fixture
def held(page: Page, held_context: tuple[BrowserContext, Held, BrowserLog]) -> Held:
    """The page, Python held at every load (until released), and no service worker."""
    hold = held_context[1]
    hold.page, hold.holding = page, True
    return hold


def ready(page: Page, log: BrowserLog) -> dict[str, Any]:
    """Wait until the page is ready (failing at once on an error); what it shows then."""
    Ui(page, log).wait_ready()
    shown: dict[str, Any] = page.evaluate(SHOWN_JS)
    return shown


def first_paint(page: Page, path: str | None = None) -> dict[str, Any]:
    """Load `path` (None: reload), and read the page as soon as the table is complete."""
    if path is None:
        page.reload(wait_until="commit")
    else:
        page.goto(path, wait_until="commit")
    shown: dict[str, Any] = page.wait_for_function(SHOWN_JS).json_value()
    return shown


def piles_of(name: str, **rules: bool) -> list[str]:
    """The piles of a game, in the page's order, from the engine's declaration."""
    g = game.new_game(name, 1, **rules)
    stock = [STOCK, WASTE] if g.rules.passes != 0 else []
    return [pile_name(p) for p in [*stock, *g.found, *g.tab]]


def played(page: Page, log: BrowserLog, name: str) -> game.Game:
    """A pinned deal with two moves made on the page (drags, and a deal where there is a
    stock): the saved game the next visit should show."""
    g = game.new_game(name, DEALS[name])
    auto_moves(g, "safe")
    tableau = [m for m in g.legal_moves() if m.src >= g.tab[0] and m.dst >= g.tab[0]]
    texts = [str(tableau[0])] + (["s"] if g.rules.passes != 0 else [str(tableau[-1])])
    ui = Ui(page, log)
    play_texts(ui, g, texts)
    ui.settle()  # no card on its way: each where it is shown
    return g


# -- a first visit ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name", "rules"),
    [
        ("", "whitehead", {}),
        ("?game=blind-alleys", "blind-alleys", {}),
        ("?game=linus&rules=pgs", "linus", {"pgs": True}),
        ("?game=unlimited&deal=5", "unlimited", {}),
        ("?embed=1&game=whitehead&rules=kings_only", "whitehead", {"kings_only": True}),
    ],
)
def test_a_first_visit_shows_the_piles_of_the_game_asked_for_in_place(
    page: Page, browser_log: BrowserLog, held: Held, query: str, name: str, rules: dict[str, bool]
) -> None:
    page.set_viewport_size(DESKTOP)
    before = first_paint(page, "/" + query)
    assert not before["ready"] and before["game"] == name
    assert [p for p, _, _ in before["piles"]] == piles_of(name, **rules)
    # A new deal: the stock's top cards, face down (every deal's), and nothing else.
    backs = [] if name == "linus" else [["s", None]] * 2
    assert [c[:2] for c in before["cards"]] == backs and before["select"] == name
    assert before["embed"] == ("embed=1" in query)
    if "deal=" in query:
        assert before["deal"] == query.rsplit("=", 1)[1]
    held.release()
    after = ready(page, browser_log)
    assert after["piles"] == before["piles"]  # in place: same piles, same boxes
    assert after["bar"] == before["bar"] and after["redeal"] == before["redeal"]
    assert (after["redeal"] is not None) == ("pgs" in rules)
    assert len(after["cards"]) == 52 * (2 if name == "unlimited" else 1)
    stock = [c for c in after["cards"] if c[0] == "s"]  # the top two, where they were
    assert stock[len(stock) - len(backs) :] == before["cards"]


def test_a_new_deal_takes_the_house_rules_of_the_settings_from_the_first_paint(
    page: Page, browser_log: BrowserLog, held: Held
) -> None:
    page.add_init_script(
        'localStorage.setItem("solitaire/settings", \'{"version":1,"house_rules":{"linus":["pgs"]}}\')'
    )
    before = first_paint(page, "/?game=linus")
    assert before["redeal"] == "Redeal (2 left)"
    assert all("empty-closed" in kind for p, kind, _ in before["piles"] if p.startswith("t"))
    held.release()
    after = ready(page, browser_log)
    assert after["redeal"] == before["redeal"] and after["piles"] == before["piles"]
    assert after["bar"] == before["bar"]


# -- a return visit -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "size"), [("whitehead", PHONE), ("linus", DESKTOP)], ids=["whitehead", "linus"]
)
def test_a_return_visit_shows_the_saved_game_as_it_stood_before_python(
    page: Page, browser_log: BrowserLog, held: Held, name: str, size: ViewportSize
) -> None:
    page.set_viewport_size(size)
    held.release()
    page.goto(f"/?game={name}&deal={DEALS[name]}")
    ready(page, browser_log)
    g = played(page, browser_log, name)
    stood: dict[str, Any] = page.evaluate(SHOWN_JS)
    held.holding = True
    before = first_paint(page)
    assert not before["ready"]
    assert before["cards"] == stood["cards"] and before["piles"] == stood["piles"]
    assert [before[k] for k in ("game", "select", "deal", "moves", "bar")] == [
        stood[k] for k in ("game", "select", "deal", "moves", "bar")
    ]
    assert before["moves"] == str(moves_made(g))
    assert re.fullmatch(r"\d+:\d\d", before["clock"])
    held.release()
    after = ready(page, browser_log)
    assert after["cards"] == before["cards"] and after["bar"] == before["bar"]


def test_a_link_to_another_deal_shows_that_games_empty_table(
    page: Page, browser_log: BrowserLog, held: Held
) -> None:
    held.release()
    page.goto(f"/?game=whitehead&deal={DEALS['whitehead']}")
    ready(page, browser_log)
    played(page, browser_log, "whitehead")
    held.holding = True
    before = first_paint(page, "/?game=linus&deal=7")
    assert before["game"] == "linus" and before["cards"] == [] and before["deal"] == "7"
    assert [p for p, _, _ in before["piles"]] == piles_of("linus")
    held.release()
    after = ready(page, browser_log)
    assert after["piles"] == before["piles"] and after["deal"] == "7"


def stored_at_next_load(page: Page, entries: dict[str, str]) -> None:
    """Store `entries` as the next page begins (leaving, this one saves its game again)."""
    page.add_init_script(
        f"for (const [k, v] of Object.entries({json.dumps(entries)})) localStorage.setItem(k, v);"
    )


def with_crc(paint: dict[str, Any], saved: str) -> dict[str, Any]:
    return {**paint, "of": zlib.crc32(saved.encode())}


# Each takes (the table kept, the saved text) and gives them back spoilt.
DAMAGE = {
    "nothing (the check of this test)": lambda p, s: (json.dumps(p), s),
    "not JSON": lambda p, s: ("{" + json.dumps(p)[:100], s),
    "far too long": lambda p, s: (json.dumps({**p, "html": p["html"] * 40}), s),
    "another saved game": lambda p, s: (json.dumps({**p, "of": p["of"] ^ 1}), s),
    "a style attribute": lambda p, s: (
        json.dumps(
            with_crc({**p, "html": p["html"].replace("<div", '<div style="color:red"', 1)}, s)
        ),
        s,
    ),
    "a script": lambda p, s: (
        json.dumps(with_crc({**p, "html": p["html"] + "<script src=x.js></script>"}, s)),
        s,
    ),
    "too few places": lambda p, s: (json.dumps(with_crc({**p, "places": p["places"][:-1]}, s)), s),
    "a bad place": lambda p, s: (
        json.dumps(with_crc({**p, "places": ["top: expression(1);", *p["places"][1:]]}, s)),
        s,
    ),
    "bad toolbar values": lambda p, s: (
        json.dumps(with_crc({**p, "bar": {"deal-number": "<b>1</b>" * 10}}, s)),
        s,
    ),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_table_beside_the_saved_game_is_passed_over_safely(
    page: Page, browser_log: BrowserLog, held: Held, damage: str
) -> None:
    held.release()
    page.goto(f"/?game=whitehead&deal={DEALS['whitehead']}")
    ready(page, browser_log)
    g = played(page, browser_log, "whitehead")
    paint = json.loads(page.evaluate("(k) => localStorage.getItem(k)", KEY + "/paint"))
    saved = page.evaluate("(k) => localStorage.getItem(k)", KEY)
    spoilt, saved = DAMAGE[damage](paint, saved)
    stored_at_next_load(page, {KEY: saved, KEY + "/paint": spoilt})
    held.holding = True
    before = first_paint(page, "/")
    assert before["game"] == "whitehead"
    assert len(before["cards"]) == (52 if damage.startswith("nothing") else 0)  # else empty
    assert [p for p, _, _ in before["piles"]] == piles_of("whitehead")
    assert before["deal"] == str(DEALS["whitehead"])  # read from the saved game itself
    held.release()
    after = ready(page, browser_log)  # and Python brings the game back as ever
    assert after["moves"] == str(moves_made(g)) and len(after["cards"]) == 52
    expect(page.locator("#status-line")).to_contain_text("your game is back")


def test_a_damaged_saved_game_shows_the_empty_table_and_python_keeps_it_aside(
    page: Page, browser_log: BrowserLog, held: Held
) -> None:
    held.release()
    page.goto("/?game=linus&deal=2")
    ready(page, browser_log)
    stored_at_next_load(page, {KEY: '{"version": 1, "record": ' + "[" * 5000})
    held.holding = True
    before = first_paint(page, "/")
    assert before["game"] == "whitehead"  # a new deal: the stock's top cards, face down
    assert [c[:2] for c in before["cards"]] == [["s", None]] * 2
    held.release()
    ready(page, browser_log)
    expect(page.locator("#status-line")).to_contain_text("could not be read")


# -- while starting -------------------------------------------------------------------------


def test_while_starting_the_controls_are_inert_and_a_tap_or_key_is_refused_in_words(
    page: Page, browser_log: BrowserLog, held: Held
) -> None:
    page.set_viewport_size(PHONE)
    before = first_paint(page, f"/?game=whitehead&deal={DEALS['whitehead']}")
    assert all(before["inert"]) and len(before["inert"]) >= 10 and before["busy"] == "true"
    assert before["starting"] == "Starting…"
    starting = page.locator("#loading-text")
    changed = "(said) => document.getElementById('loading-text').textContent !== said"

    def refused() -> str:
        expect(starting).to_contain_text("Starting… one moment")
        assert page.locator("#loading").evaluate("(e) => e.checkVisibility()")
        said: str = page.evaluate("() => document.getElementById('loading-text').textContent")
        return said

    new_game = page.locator("#new-game").bounding_box()
    assert new_game is not None
    page.mouse.click(new_game["x"] + new_game["width"] / 2, new_game["y"] + new_game["height"] / 2)
    said = refused()
    page.keyboard.press("Tab")  # nothing in the toolbar takes focus
    assert page.evaluate("() => document.activeElement === document.body")
    page.keyboard.press("d")  # a game key: refused again, and told again
    page.wait_for_function(changed, arg=said)
    said = refused()
    page.keyboard.press("Shift")  # not the game's: nothing said
    stock = page.locator('#table [data-pile="s"]').bounding_box()
    assert stock is not None
    page.mouse.click(stock["x"] + 10, stock["y"] + 10)  # a tap on the table
    page.wait_for_function(changed, arg=said)
    refused()
    held.release()
    after = ready(page, browser_log)
    dealt = game.new_game("whitehead", DEALS["whitehead"])
    auto_moves(dealt, "safe")
    assert not any(after["inert"]) and after["busy"] is None and after["starting"] is None
    assert len(dealt.moves) == 3 and after["moves"] == "0"  # the deal's own: not counted
    assert page.is_disabled("#undo")  # nothing was done behind the player's back
    expect(page.locator("#status-line")).to_have_text(f"Whitehead, deal {DEALS['whitehead']}.")
    page.keyboard.press("d")  # and now keys and controls work as ever
    expect(page.locator("#moves-count")).to_have_text("1")
    page.click("#undo")
    expect(page.locator("#moves-count")).to_have_text("0")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violation_while_starting(
    page: Page, browser_log: BrowserLog, held: Held, scheme: Literal["light", "dark"]
) -> None:
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    first_paint(page, "/?game=linus")
    page.keyboard.press("d")  # the refusal in yellow, too
    violations = scan(Ui(page, browser_log))
    assert violations == [], readable(violations)
    held.release()
    ready(page, browser_log)


# -- Python taking over -----------------------------------------------------------------------


@SIZES
@pytest.mark.parametrize("name", ["whitehead", "linus"])
def test_python_taking_over_moves_nothing_and_the_table_never_goes_empty(
    page: Page, browser_log: BrowserLog, size: ViewportSize, name: str
) -> None:
    page.set_viewport_size(size)
    page.context.add_init_script(WATCH_JS)
    piles = len(piles_of(name))
    page.goto(f"/?game={name}")  # a first visit: a fresh deal, its number not known before
    ready(page, browser_log)
    page.wait_for_function("() => window.__frames.filter((f) => f[2]).length >= 5")
    frames = page.evaluate("window.__frames")
    assert frames and all(f[0] == piles for f in frames), frames  # piles from the first frame
    assert page.evaluate("window.__shifts") == []
    page.goto(f"/?game={name}&deal={DEALS[name]}")
    ready(page, browser_log)
    played(page, browser_log, name)  # once the service worker holds the site, a return visit
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    after = ready(page, browser_log)
    page.wait_for_function("() => window.__frames.filter((f) => f[2]).length >= 5")
    frames = page.evaluate("window.__frames")
    assert frames and all(f[:2] == [piles, len(after["cards"])] for f in frames), frames
    assert not frames[0][2]  # the first frame came before Python was ready
    assert page.evaluate("window.__shifts") == []
