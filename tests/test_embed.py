"""Embedding (README: Embedding): the game in an iframe of another site and of its own.

Cross-site: a host page on http://localhost:H (a small server of this module, serving
static/embed-example.html with its iframe pointed at the game) embeds the game from
http://127.0.0.1:N (scripts/serve.py). Different sites, so chromium denies the iframe
storage: PyScript must boot on the in-memory IndexedDB (static/idb-guard.js).
Same-site: static/embed-example.html as the game's own server ships it.

In both the game boots, a card is dragged inside the iframe with the mouse, the host's
script receives "ready" and "move", and commands from the host are obeyed; a command from
an origin outside the allow-list is ignored without a word, a malformed one with a console
warning. Every page is guarded: no request leaves the local servers, no console error, no
uncaught error, no CSP violation (the host server sends a strict CSP of its own too).
"""

from __future__ import annotations

import html
import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, cast
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, BrowserLog, guard, wait_ready
from playwright.sync_api import Browser, Frame, Page
from test_table_kit import DEALS, LAYOUT_JS, POINT_JS, Layout, engine_piles, moves_made

import game
from game.assist import auto_moves
from game.daily import daily_deal
from game.notation import T0, pile_name
from game.state import Game

pytestmark = pytest.mark.browser

EXAMPLE = (ROOT / "static" / "embed-example.html").read_text()
EXAMPLE_SRC = 'src="../?embed=1"'
LOST_DEAL, LOST_AFTER = 5, 24  # Whitehead: dealing the whole stock loses (test_table_outcome)

SETTLED = "() => document.getAnimations().every((a) => a.playState !== 'running')"
# The iframe's content box in the host's viewport, where page.mouse points.
OFFSET_JS = """(frame) => {
  const r = frame.getBoundingClientRect();
  return [r.left + frame.clientLeft, r.top + frame.clientTop];
}"""
EVENTS_JS = "() => window.solitaireEvents || []"


# -- the host's server: another site ---------------------------------------------------------


class HostHandler(SimpleHTTPRequestHandler):
    """static/ (the example's script, style and icon), and two pages made here:
    /host.html?game=URL, the example embedding URL, under a strict CSP of its own;
    /blank.html, a page of nothing (a third origin, when reached as 127.0.0.1)."""

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/host.html":
            src = parse_qs(url.query)["game"][0]
            assert EXAMPLE.count(EXAMPLE_SRC) == 1
            body = EXAMPLE.replace(EXAMPLE_SRC, f'src="{html.escape(src)}"')
            port = cast(tuple[str, int], self.server.server_address)[1]
            frames = f"{_origin(src)} http://127.0.0.1:{port}"
            self._page(body, f"default-src 'self'; frame-src {frames}; object-src 'none'")
        elif url.path == "/blank.html":
            self._page("<!doctype html><title>another site</title>")
        else:
            super().do_GET()

    def _page(self, body: str, csp: str = "default-src 'none'") -> None:
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Content-Security-Policy", csp)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture(scope="module")
def host_port() -> Iterator[int]:
    handler = partial(HostHandler, directory=str(ROOT / "static"))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


# -- a guarded page whose requests may go to several local origins --------------------------


Log = BrowserLog  # the host's origin first, then the game's (and a third site's)


@contextmanager
def guarded(browser: Browser, *origins: str) -> Iterator[tuple[Page, Log]]:
    log = Log(origins[0], others=list(origins[1:]))
    context = guard(browser.new_context(viewport={"width": 1280, "height": 900}), log, True)
    try:
        yield context.new_page(), log
    finally:
        context.close()
    assert log.requests, "the guard saw no requests"
    log.check()


# -- the host's view and the player's hands --------------------------------------------------


def events(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(EVENTS_JS)
    return found


def wait_event(page: Page, log: Log, test: str, since: int = 0) -> dict[str, Any]:
    """The first event from index `since` on for which the JS expression `test` (of `e`)
    holds, as the host's script collected it; fails at once if a page reports an error."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    find = f"([since]) => (window.solitaireEvents || []).slice(since).find((e) => {test})"
    while (found := page.evaluate(find, [since])) is None:
        if log.problems():
            pytest.fail(f"the page failed: {log.problems()}")
        if time.monotonic() > deadline:
            pytest.fail(f"no event ({test}) after {BOOT_TIMEOUT_MS / 1000:.0f} s: {events(page)}")
        page.wait_for_timeout(25)
    event: dict[str, Any] = found
    return event


def game_frame(page: Page) -> Frame:
    handle = page.locator("#game").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def layout(frame: Frame) -> Layout:
    piles: Layout = frame.evaluate(LAYOUT_JS)
    return piles


def wait_layout(frame: Frame, want: Layout) -> None:
    deadline = time.monotonic() + 5
    while (got := layout(frame)) != want and time.monotonic() < deadline:
        frame.wait_for_timeout(25)
    assert got == want


def point(frame: Frame, pile: str, index: int) -> tuple[float, float]:
    """Where the host's mouse reaches card `index` of `pile` inside the iframe."""
    frame.wait_for_function(SETTLED)
    x, y, hits = frame.evaluate(POINT_JS, [pile, index])
    assert hits, f"card {index} of {pile} is covered"
    ox, oy = frame.frame_element().evaluate(OFFSET_JS)
    return ox + x, oy + y


def drag(page: Page, frame: Frame, m: tuple[int, int, int], g: Game) -> None:
    """Drag move `m` of `g` inside the iframe with the host page's real mouse."""
    src, dst, n = m
    x0, y0 = point(frame, pile_name(src), len(g.piles[src]) - n)
    x1, y1 = point(frame, pile_name(dst), -1)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=6)
    page.mouse.up()


def tableau_move(g: Game) -> tuple[int, int, int]:
    """A move from a tableau pile onto another one's card."""
    return next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0 and g.piles[m[1]])


def play_a_move(page: Page, frame: Frame, log: Log, g: Game, automove: str) -> None:
    """Drag a move inside the iframe: the table shows it, the host hears of it."""
    m = tableau_move(g)
    seen = len(events(page))
    drag(page, frame, m, g)
    played = str(g.play(m))
    auto_moves(g, automove)
    moved = wait_event(page, log, "e.type === 'move'", seen)
    assert moved["move"] == played
    assert moved["moves"] == moves_made(g, automove)  # as the page shows it
    assert moved["status"] == "playing"
    wait_layout(frame, engine_piles(g))
    after = events(page)[seen:]
    assert [e["type"] for e in after[:2]] == ["move", "status"]  # the move, then the state


def start_of(name: str, deal: int, automove: str) -> Game:
    g = game.new_game(name, deal)
    auto_moves(g, automove)  # a new deal plays its safe auto-moves at once
    return g


def new_game_from_form(page: Page, log: Log, name: str, deal: int) -> None:
    """The example's New game form: it posts {type: "newGame", game, deal}."""
    seen = len(events(page))
    page.select_option("#new-game select", name)
    page.fill("#new-game input[name=deal]", str(deal))
    page.click("#new-game button[type=submit]")
    wait_event(page, log, f"e.type === 'status' && e.game === '{name}' && e.deal === {deal}", seen)


# -- the tests --------------------------------------------------------------------------------


def test_cross_site_embed_boots_without_storage_plays_and_obeys(
    browser: Browser, server_url: str, host_port: int
) -> None:
    host = f"http://localhost:{host_port}"
    name, deal = "whitehead", DEALS["whitehead"]
    src = f"{server_url}/?embed=1&automove=off&game={name}&deal={deal}"
    with guarded(browser, host, server_url) as (page, log):
        page.goto(f"{host}/host.html?game={quote(src)}")
        ready = wait_event(page, log, "e.type === 'ready'")
        frame = game_frame(page)
        assert frame.url.startswith(server_url + "/")
        assert page.url.startswith(host)

        # Another site: the browser gave the iframe no storage (the proof that localhost and
        # 127.0.0.1 are different sites to it), and PyScript booted on the in-memory
        # IndexedDB; the game says once that saving is off.
        assert frame.evaluate("() => document.documentElement.dataset.storage") == "memory"
        denied = "() => { try { return localStorage && 'allowed'; } catch (e) { return e.name; } }"
        assert frame.evaluate(denied) == "SecurityError"
        assert "saving is off" in frame.inner_text("#status-line")
        assert frame.evaluate("() => document.body.classList.contains('embed')")

        assert ready == {
            "source": "solitaire",
            "type": "ready",
            "game": name,
            "deal": deal,
            "rules": {},
            "status": "playing",
            "moves": 0,
        }
        assert [e["type"] for e in events(page)] == ["ready"]  # nothing before it
        g = game.new_game(name, deal)
        wait_layout(frame, engine_piles(g))
        play_a_move(page, frame, log, g, "off")

        # Commands from the host's buttons and form (its script posts them).
        seen = len(events(page))
        page.click("button[data-command=undo]")
        g.undo()
        wait_event(page, log, "e.type === 'status' && e.moves === 0", seen)
        wait_layout(frame, engine_piles(g))
        page.click("button[data-command=redo]")
        g.redo()
        wait_event(page, log, "e.type === 'status' && e.moves === 1", seen)
        wait_layout(frame, engine_piles(g))

        other, other_deal = "linus", DEALS["linus"]
        new_game_from_form(page, log, other, other_deal)
        g = game.new_game(other, other_deal)  # automove=off stays from the iframe's URL
        wait_layout(frame, engine_piles(g))

        # Malformed messages: a warning each, and the game plays on.
        bad: list[object] = ["undo", {"type": "fly"}, {"type": "newGame", "game": "chess"}]
        bad += [{"type": "newGame", "game": "linus", "deal": 0}, None, [1, 2]]
        bad += [{"type": "newGame", "game": "linus", "rules": {"kings_only": True}}]
        for message in bad:
            page.evaluate(
                "(m) => document.getElementById('game').contentWindow.postMessage(m, '*')",
                message,
            )
        deadline = time.monotonic() + 5
        while len([w for w in log.warnings if "solitaire: ignored" in w]) < len(bad):
            assert time.monotonic() < deadline, log.warnings
            page.wait_for_timeout(25)
        wait_layout(frame, engine_piles(g))
        play_a_move(page, frame, log, g, "off")

        # Lost: the host hears "lost" after the "status" that says so.
        seen = len(events(page))
        page.evaluate(
            """([game, deal]) => document.getElementById('game').contentWindow.postMessage(
                 {type: 'newGame', game, deal}, '*')""",
            ["whitehead", LOST_DEAL],
        )
        wait_event(page, log, f"e.type === 'status' && e.deal === {LOST_DEAL}", seen)
        for _ in range(LOST_AFTER):
            x, y = point(frame, "s", -1)
            page.mouse.click(x, y)
        lost = wait_event(page, log, "e.type === 'lost'", seen)
        assert (lost["status"], lost["moves"]) == ("lost", LOST_AFTER)
        # what Share would hand over, for a host to show or post (game/share.py)
        assert set(lost["share"]) == {"text", "link"}
        assert re.fullmatch(
            rf"Whitehead, deal {LOST_DEAL}: lost after {LOST_AFTER} moves, \d+:\d\d, without help\.",
            lost["share"]["text"],
        ), lost["share"]
        assert lost["share"]["link"] == f"{server_url}/?game=whitehead&deal={LOST_DEAL}"


def test_cross_site_embed_runs_the_solver_on_a_second_thread(
    browser: Browser, server_url: str, host_port: int
) -> None:
    """The solver's Web Worker (game/ui/helper.py) starts in a cross-site iframe too: plain
    Pyodide needs no storage, and its script is served cross-origin-embeddable."""
    host = f"http://localhost:{host_port}"
    src = f"{server_url}/?embed=1&automove=off&game=whitehead&deal=18"  # a long search
    with guarded(browser, host, server_url) as (page, log):
        page.goto(f"{host}/host.html?game={quote(src)}")
        wait_event(page, log, "e.type === 'ready'")
        frame = game_frame(page)
        assert frame.evaluate("() => document.documentElement.dataset.storage") == "memory"
        frame.wait_for_function(
            "() => /^(ready|off)/.test(document.getElementById('advice').dataset.helper || '')",
            timeout=BOOT_TIMEOUT_MS,
        )
        assert frame.get_attribute("#advice", "data-helper") == "ready"
        frame.click("#hint")
        frame.wait_for_selector("#table[data-hint='sure']", timeout=BOOT_TIMEOUT_MS)
        assert not log.problems()


def test_same_site_example_page(browser: Browser, server_url: str) -> None:
    with guarded(browser, server_url) as (page, log):
        page.goto(f"{server_url}/static/embed-example.html")
        wait_event(page, log, "e.type === 'ready'")
        frame = game_frame(page)
        assert frame.url.startswith(server_url + "/?embed=1")
        # Storage works here: the probe left IndexedDB alone, and the game saves.
        assert frame.evaluate("() => document.documentElement.dataset.storage") is None
        assert "saving is off" not in frame.inner_text("#status-line")
        assert page.locator(".panel button:disabled").count() == 0  # enabled by "ready"

        name, deal = "whitehead", DEALS["whitehead"]
        new_game_from_form(page, log, name, deal)
        g = start_of(name, deal, "safe")
        wait_layout(frame, engine_piles(g))
        before = engine_piles(g)  # the deal's own auto-moves made: the embed counts 0
        play_a_move(page, frame, log, g, "safe")
        # Saved, under a key of its own: the game left on the game's own page stays as it was.
        saved = "(key) => localStorage.getItem(key)"
        assert frame.evaluate(saved, "solitaire/embedded") is not None
        assert frame.evaluate(saved, "solitaire/current") is None
        # and so are its statistics
        assert frame.evaluate(saved, "solitaire/embedded/stats") is not None
        assert frame.evaluate(saved, "solitaire/stats") is None

        seen = len(events(page))
        page.click("button[data-command=restart]")
        wait_event(page, log, "e.type === 'status' && e.moves === 0", seen)
        wait_layout(frame, before)
        assert page.inner_text("#state").startswith(f"Whitehead, deal {deal}")
        assert page.locator("#events li").count() == len(events(page))

        # A game record, loaded by the host: the game in play, its move undoable
        seen = len(events(page))
        g = start_of(name, deal, "safe")
        move = next(m for m in g.legal_moves() if m.src >= g.tab[0] and m.dst >= g.tab[0])
        g.play(move)
        page.fill("#load textarea", json.dumps(g.record()))
        page.click("#load button")
        wait_event(page, log, f"e.type === 'status' && e.moves === {len(g.moves)}", seen)
        wait_layout(frame, engine_piles(g))

        # A day's daily deal, asked for by the host (game/daily.py: the same everywhere)
        seen = len(events(page))
        page.evaluate(
            "() => document.getElementById('game').contentWindow.postMessage("
            "{type: 'newGame', game: 'linus', daily: '2026-12-01'}, '*')"
        )
        want = daily_deal("linus", date(2026, 12, 1))
        wait_event(page, log, f"e.type === 'status' && e.deal === {want}", seen)
        assert frame.inner_text("#daily-badge") == "Daily 1 Dec"

        # Another language, asked for by the host: the frame opens again in it, and plays
        # on the same game (saved as it went); "ready" says so again.
        seen = len(events(page))
        page.select_option("#language select", "fr")
        page.click("#language button")
        wait_event(page, log, f"e.type === 'ready' && e.deal === {want}", seen)
        frame = game_frame(page)
        assert frame.evaluate("() => document.documentElement.lang") == "fr"
        assert "lang=fr" in frame.url and frame.inner_text("#daily-badge") != "Daily 1 Dec"


# Records, in the game's iframe, each message it receives. The game's own listener came
# first (at boot), so once a message is recorded here the game has dealt with it.
SEEN_JS = """() => {
  window.__seen = [];
  window.addEventListener('message', (e) => window.__seen.push(e.origin));
}"""


def read_by_game(frame: Frame, count: int) -> None:
    frame.wait_for_function("(n) => window.__seen.length >= n", arg=count)


def test_commands_from_origins_not_allowed_are_ignored(
    browser: Browser, server_url: str, host_port: int
) -> None:
    host, third = f"http://localhost:{host_port}", f"http://127.0.0.1:{host_port}"
    name, deal = "whitehead", DEALS["whitehead"]
    src = f"{server_url}/?embed=1&automove=off&game={name}&deal={deal}"
    allow = {"other": f"https://example.com {third}", "host": f"{host}/ {third}"}
    linus = {"type": "newGame", "game": "linus", "deal": DEALS["linus"]}
    post_to_game = "(m) => document.getElementById('game').contentWindow.postMessage(m, '*')"

    def with_allow_list(route: Any) -> None:
        """The game page as a site owner would set it: <meta name="embed-origins">."""
        response = route.fetch()
        text = response.text()
        meta = '<meta name="embed-origins" content="*">'
        assert text.count(meta) == 1
        which = parse_qs(urlsplit(route.request.url).query)["allow"][0]
        text = text.replace(meta, f'<meta name="embed-origins" content="{allow[which]}">')
        route.fulfill(response=response, body=text)

    with guarded(browser, host, third, server_url) as (page, log):
        page.route(lambda url: url.startswith(f"{server_url}/?embed=1"), with_allow_list)

        # 1. The host is not on the list: it hears nothing, and its commands do nothing.
        page.goto(f"{host}/host.html?game={quote(src + '&allow=other')}")
        frame = game_frame(page)
        wait_ready(frame)
        assert log.problems() == []
        g = game.new_game(name, deal)
        wait_layout(frame, engine_piles(g))
        frame.evaluate(SEEN_JS)
        page.evaluate(post_to_game, linus)
        page.evaluate(post_to_game, "rubbish")
        read_by_game(frame, 2)
        assert frame.evaluate("() => window.__seen") == [host, host]
        wait_layout(frame, engine_piles(g))
        assert events(page) == []  # not even "ready": events go to listed origins only
        assert not [w for w in log.warnings if "solitaire" in w]  # without a word

        # 2. The host is on the list (written with a slash: an origin all the same). The
        # game's own window and another frame, of a listed origin too, are not its parent:
        # ignored as well.
        page.evaluate(
            "(url) => { document.getElementById('game').src = url; }", src + "&allow=host"
        )
        wait_event(page, log, "e.type === 'ready'")
        frame = game_frame(page)
        wait_layout(frame, engine_piles(g))
        frame.evaluate(SEEN_JS)
        page.evaluate(
            """(url) => new Promise((done) => {
                 const f = document.createElement('iframe');
                 f.src = url; f.onload = done;
                 document.body.append(f);
               })""",
            f"{third}/blank.html",
        )
        other = next(f for f in page.frames if f.url.startswith(third))
        other.evaluate("(m) => parent.frames[0].postMessage(m, '*')", linus)
        frame.evaluate("(m) => window.postMessage(m, '*')", linus)
        read_by_game(frame, 2)
        assert sorted(frame.evaluate("() => window.__seen")) == sorted([third, server_url])
        wait_layout(frame, engine_piles(g))
        assert not [w for w in log.warnings if "solitaire" in w]

        seen = len(events(page))
        page.evaluate(post_to_game, {"type": "newGame", "game": "unlimited", "deal": 3})
        wait_event(page, log, "e.type === 'status' && e.game === 'unlimited'", seen)
        wait_layout(frame, engine_piles(game.new_game("unlimited", 3)))
        assert not [e for e in events(page) if e["game"] == "linus"]
