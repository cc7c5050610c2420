"""A whole game as a link, in the page (game/ui/linkview.py; the format: game/replaylink.py).

A page opened with ``#r=…`` (or whose fragment changes to one) shows that game in the
replay viewer at its start, the player's own game kept and not counted; Play from here
and Play this deal ask first, as a new deal does, when that abandons a game in progress;
Share replay copies a link that reads back as the same game; a bad link is one line in
the status line and changes nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, expect
from test_replay_page import at_start, open_viewer, pick, play_some, viewer, where
from test_table_kit import Layout, Ui, booted, engine_piles, module_ui, moves_made
from test_transfer import played as chosen

import game
from game import replaylink
from game.assist import auto_moves
from game.replaylink import decode, encode
from game.saved import unpack
from game.solver import solve
from game.stats import Stats, Tally
from game.transfer import file_text

pytestmark = pytest.mark.browser

ui = module_ui(reduced_motion="reduce", permissions=["clipboard-read", "clipboard-write"])

SHARED_DEAL = 2
OWN_DEAL = 1545  # at_start's: the player's own game (test_table_kit.DEALS)
FOCUSED_JS = "() => document.activeElement ? document.activeElement.id : ''"
SET_HASH_JS = "(h) => { location.hash = h; }"


@pytest.fixture(scope="module")
def shared() -> game.Game:
    """Whitehead deal 2 played along the solver's winning line: a real game to share."""
    g = game.new_game("whitehead", SHARED_DEAL)
    result = solve(g, seconds=30)
    assert result.result == "won"
    for move in result.moves:
        g.play(move)
    return g


def after(g: game.Game, n: int) -> Layout:
    """The table after the first ``n`` moves of ``g``, as the page shows it."""
    replayed = game.new_game(g.rules.name, g.deal, **dict.fromkeys(g.rules.active, True))
    for move in g.moves[:n]:
        replayed.play(move)
    return engine_piles(replayed)


def visit(ui: Ui, path: str) -> None:
    """Load ``path`` as a player would, what is stored kept (unlike ``Ui.open``)."""
    ui.page.goto(path)
    ui.wait_ready()


def stored(ui: Ui, key: str) -> str | None:
    text: str | None = ui.page.evaluate("(k) => localStorage.getItem(k)", key)
    return text


def tally(ui: Ui) -> Tally:
    return Stats.loads(stored(ui, "solitaire/stats")).tally("whitehead")


def saved_moves(ui: Ui) -> list[str]:
    return [str(m) for m in unpack(stored(ui, "solitaire/current")).game.moves]


def in_progress(ui: Ui) -> game.Game:
    """A game of the player's with moves made (leaving it would count as abandoned)."""
    g = at_start(ui)
    play_some(ui, g)
    return g


def viewer_open(ui: Ui) -> None:
    expect(ui.page.locator("#replay")).to_have_attribute("open", "")


def no_fragment(ui: Ui) -> None:
    """The link is read and taken out of the address (a reload does not reopen it)."""
    ui.page.wait_for_function("() => location.hash === ''")
    assert urlsplit(ui.page.url).fragment == ""


def source_of(g: game.Game) -> str:
    return f"A shared game: {g.rules.title}, deal {g.deal}, {len(g.moves)} moves"


# -- opening a link --------------------------------------------------------------------------


def test_a_link_opens_the_viewer_at_the_start_of_its_game_and_steps_to_its_end(
    ui: Ui, shared: game.Game
) -> None:
    own = in_progress(ui)
    before = tally(ui)
    visit(ui, f"/#r={encode(shared)}")
    viewer_open(ui)
    page, total = ui.page, len(shared.moves)
    expect(page.locator("#replay-source")).to_have_text(source_of(shared))
    assert where(ui) == f"The deal, before move 1 of {total}"
    assert viewer(ui) == after(shared, 0)
    assert page.evaluate(FOCUSED_JS) == "replay-auto"  # Autoplay ready: Enter plays it
    expect(page.locator("#replay-deal")).to_be_visible()
    for key, at in (("ArrowRight", 1), ("PageDown", 11), ("PageDown", 21), ("End", total)):
        page.keyboard.press(key)
        assert where(ui).startswith(f"Move {at} of {total}: ")
        assert viewer(ui) == after(shared, at)
    assert shared.status == "won"
    expect(page.locator("#replay-table")).to_have_attribute("data-status", "won")
    page.keyboard.press("Home")
    page.keyboard.press("Enter")  # the focus is still on Autoplay
    expect(page.locator("#replay-auto")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#replay-where")).to_contain_text(f"Move 1 of {total}")
    page.click("#replay-auto")
    expect(page.locator("#replay-auto")).to_have_attribute("aria-pressed", "false")
    no_fragment(ui)
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).not_to_be_visible()
    # the player's own game is back as it was, nothing counted
    assert ui.layout() == engine_piles(own) and ui.moves_count() == moves_made(own)
    assert ui.query() == {"game": "whitehead", "deal": str(OWN_DEAL)}
    assert saved_moves(ui) == [str(m) for m in own.moves]
    assert tally(ui) == before


def test_play_from_here_asks_before_it_abandons_the_players_game(ui: Ui, shared: game.Game) -> None:
    own = in_progress(ui)
    before = tally(ui)
    visit(ui, f"/#r={encode(shared)}")
    viewer_open(ui)
    page, total = ui.page, len(shared.moves)
    for _ in range(3):
        page.keyboard.press("PageDown")
    assert where(ui).startswith(f"Move 30 of {total}")
    page.click("#replay-play")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("Playing the shared game from move 30")
    page.click("#confirm-cancel")
    expect(page.locator("#replay-message")).to_have_text("Your game is kept.")
    viewer_open(ui)
    assert ui.layout() == engine_piles(own) and tally(ui) == before
    page.click("#replay-play")
    page.click("#confirm-ok")
    expect(page.locator("#replay")).not_to_be_visible()
    ui.wait_layout(after(shared, 30))
    assert ui.moves_count() == 30 and not page.is_disabled("#redo")
    expect(page.locator("#status-line")).to_contain_text(f"Playing from move 30 of {total}")
    assert ui.query()["deal"] == str(SHARED_DEAL)
    assert tally(ui).abandoned == before.abandoned + 1  # as a new deal would count it
    page.click("#redo")
    ui.wait_layout(after(shared, 31))


def test_play_this_deal_deals_it_again_as_a_new_game_asked_as_a_new_deal_is(
    ui: Ui, shared: game.Game
) -> None:
    in_progress(ui)
    before = tally(ui)
    text = encode(shared)
    visit(ui, f"/#r={text}")
    viewer_open(ui)
    page = ui.page
    page.keyboard.press("End")
    page.click("#replay-deal")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text(f"Playing Whitehead, deal {SHARED_DEAL}")
    page.click("#confirm-ok")
    expect(page.locator("#replay")).not_to_be_visible()
    fresh = game.new_game("whitehead", SHARED_DEAL)
    auto_moves(fresh, "safe")  # the page's own new-deal path: its auto-moves too
    ui.wait_layout(engine_piles(fresh))
    assert ui.moves_count() == 0  # only the deal's own auto-moves made
    assert ui.query() == {"game": "whitehead", "deal": str(SHARED_DEAL)}
    expect(page.locator("#status-line")).to_contain_text(f"Whitehead, deal {SHARED_DEAL}.")
    assert tally(ui).abandoned == before.abandoned + 1
    # nothing in progress now: nothing to ask
    page.evaluate(SET_HASH_JS, f"r={text}")
    viewer_open(ui)
    page.click("#replay-deal")
    expect(page.locator("#replay")).not_to_be_visible()
    assert not page.locator("#confirm").is_visible()
    ui.wait_layout(engine_piles(fresh))


def test_play_this_deal_is_not_offered_for_the_players_own_game(ui: Ui) -> None:
    in_progress(ui)
    open_viewer(ui)
    expect(ui.page.locator("#replay-deal")).to_be_hidden()
    expect(ui.page.locator("#replay-share")).to_be_visible()
    ui.page.click("#replay-close")


# -- sharing ---------------------------------------------------------------------------------


def clipboard(ui: Ui) -> str:
    text: str = ui.page.evaluate("() => navigator.clipboard.readText()")
    return text


def share(ui: Ui) -> tuple[str, str]:
    """Press Share replay: the button says Copied; the text and the link copied."""
    page = ui.page
    assert page.evaluate("() => 'share' in navigator") is False  # headless: the clipboard
    expect(page.locator("#replay-share")).to_have_text("Share replay")
    page.click("#replay-share")
    expect(page.locator("#replay-share")).to_have_text("Copied ✓")
    expect(page.locator("#replay-message")).to_contain_text("Copied")
    text, url = clipboard(ui).split("\n")
    expect(page.locator("#replay-share")).to_have_text("Share replay", timeout=5_000)
    return text, url


def test_share_replay_copies_a_link_to_the_players_own_game(ui: Ui) -> None:
    own = in_progress(ui)
    open_viewer(ui)
    ui.page.keyboard.press("Home")  # the game shared is the game played, wherever one looks
    text, url = share(ui)
    assert text == f"Whitehead, deal {OWN_DEAL}: a replay of {len(own.moves)} moves"
    origin = ui.log.origin
    assert url.startswith(f"{origin}/#r=")  # the page's address: no query
    back = decode(url)
    assert (back.rules.name, back.deal) == ("whitehead", OWN_DEAL)
    assert [str(m) for m in back.moves] == [str(m) for m in own.moves]


def test_share_replay_of_a_shared_game_gives_its_link_back(ui: Ui, shared: game.Game) -> None:
    in_progress(ui)
    visit(ui, f"/#r={encode(shared)}")
    viewer_open(ui)
    ui.page.keyboard.press("PageDown")
    text, url = share(ui)
    assert text == f"Whitehead, deal {SHARED_DEAL}: a replay of {len(shared.moves)} moves"
    assert url == replaylink.link(f"{ui.log.origin}/", shared)
    assert [str(m) for m in decode(url).moves] == [str(m) for m in shared.moves]


def test_a_game_too_long_for_a_link_says_so_in_one_line(ui: Ui) -> None:
    """A record file of 10,001 moves (Unlimited's stock dealt round and round)."""
    own = in_progress(ui)
    start = game.new_game("unlimited", 5)
    lap = ["s"] * len(start.piles[0]) + ["r"]
    moves = (lap * (10_001 // len(lap) + 1))[:10_001]
    long = game.replay({**start.record(), "moves": moves})
    open_viewer(ui)
    pick(ui, "long.json", file_text(long.record()))
    ui.page.click("#confirm-cancel", timeout=20_000)  # keep the player's game: view the file
    expect(ui.page.locator("#replay-source")).to_contain_text("not your game")
    ui.page.click("#replay-share")
    message = ui.page.locator("#replay-message")
    expect(message).to_have_text(
        "No link: this game is too long for a link (10,001 moves; at most 10,000)."
    )
    expect(ui.page.locator("#replay-share")).to_have_text("Share replay")
    ui.page.click("#replay-close")
    assert ui.layout() == engine_piles(own)


# -- bad links -------------------------------------------------------------------------------


def forged() -> str:
    """A link whose check is right but whose game is none (the game's code is 7)."""
    text = encode(chosen("whitehead", 123, 8))
    data = replaylink._unb64(text[1:])
    assert data is not None
    x = int.from_bytes(data[: -replaylink.CHECK_BYTES], "big")
    x += 7 - x % replaylink.GAME_RADIX
    payload = x.to_bytes((x.bit_length() + 7) // 8, "big")
    return "1" + replaylink._b64(payload + replaylink._check(payload))


def bad_links() -> dict[str, tuple[str, str]]:
    good = encode(chosen("whitehead", 123, 8))
    damaged = good[:6] + ("A" if good[6] != "A" else "B") + good[7:]
    return {
        "damaged": (damaged, "This game link is damaged"),
        "cut short": (good[:-4], "This game link is damaged or cut short"),
        "forged": (forged(), "This game link is damaged: it names no game"),
        "oversized": ("1" + "A" * 9_000, "This game link is too long"),
        "newer": ("2AAAAAA", "This game link is from a newer version of the page"),
        "not a link": ("hello", "This is not a game link"),
        "empty": ("", "This game link is empty"),
        "stray characters": (good[:10] + "%21" + good[10:], "it holds characters"),
    }


def assert_unchanged(ui: Ui, own: game.Game, before: Tally, says: str) -> None:
    """One line in the status line, and nothing else changed."""
    line = ui.page.locator("#status-line")
    expect(line).to_contain_text(says)
    assert "\n" not in line.inner_text() and "Traceback" not in line.inner_text()
    assert not ui.page.locator("#replay").evaluate("(d) => d.open")
    assert not ui.page.locator("#confirm").is_visible()
    assert ui.layout() == engine_piles(own) and ui.moves_count() == moves_made(own)
    assert saved_moves(ui) == [str(m) for m in own.moves]
    assert tally(ui) == before
    no_fragment(ui)


@pytest.mark.parametrize("case", list(bad_links()))
def test_a_bad_link_is_one_line_and_the_players_game_goes_on(ui: Ui, case: str) -> None:
    text, says = bad_links()[case]
    own = in_progress(ui)
    before = tally(ui)
    visit(ui, f"/#r={text}")
    assert_unchanged(ui, own, before, says)
    ui.tap("s")  # and it plays on
    own.play("s")
    auto_moves(own, "safe")
    ui.wait_layout(engine_piles(own))


def test_a_bad_link_while_the_page_is_open_changes_nothing_either(ui: Ui) -> None:
    own = in_progress(ui)
    before = tally(ui)
    ui.page.evaluate(SET_HASH_JS, f"r={bad_links()['cut short'][0]}")
    assert_unchanged(ui, own, before, "This game link is damaged or cut short")


# -- a link while the page is open -------------------------------------------------------------


def test_a_new_link_in_the_address_opens_it(ui: Ui, shared: game.Game) -> None:
    own = in_progress(ui)
    page = ui.page
    page.evaluate(SET_HASH_JS, f"r={encode(shared)}")
    viewer_open(ui)
    expect(page.locator("#replay-source")).to_have_text(source_of(shared))
    assert viewer(ui) == after(shared, 0)
    no_fragment(ui)
    page.keyboard.press("End")
    other = chosen("linus", 7, 6)  # another link while the viewer is open: it shows that
    page.evaluate(SET_HASH_JS, f"r={encode(other)}")
    expect(page.locator("#replay-source")).to_have_text(source_of(other))
    assert where(ui) == "The deal, before move 1 of 6"
    assert viewer(ui) == after(other, 0)
    page.keyboard.press("End")
    assert viewer(ui) == after(other, 6)
    page.evaluate(SET_HASH_JS, f"r={encode(shared)}")  # the first again: it opens again
    expect(page.locator("#replay-source")).to_have_text(source_of(shared))
    page.click("#replay-close")
    assert ui.layout() == engine_piles(own) and ui.query()["deal"] == str(OWN_DEAL)


# -- keyboard, phone, first visit ---------------------------------------------------------------


def test_the_new_buttons_are_reached_by_keyboard_and_named(ui: Ui, shared: game.Game) -> None:
    in_progress(ui)
    visit(ui, f"/#r={encode(shared)}")
    viewer_open(ui)
    page = ui.page
    order = []
    for _ in range(12):
        page.keyboard.press("Tab")
        order.append(page.evaluate(FOCUSED_JS))
        if order[-1] == "replay-close":
            break
    assert order.index("replay-play") < order.index("replay-deal") < order.index("replay-share")
    dialog = page.locator("#replay")
    expect(dialog.get_by_role("button", name="Play this deal")).to_have_id("replay-deal")
    expect(dialog.get_by_role("button", name="Share replay")).to_have_id("replay-share")
    page.focus("#replay-share")
    page.keyboard.press("Enter")
    expect(page.locator("#replay-share")).to_have_text("Copied ✓")
    assert decode(clipboard(ui).split("\n")[1]).moves == shared.moves
    expect(page.locator("#replay-share")).to_have_text("Share replay", timeout=5_000)
    page.keyboard.press("Escape")


BUTTONS_JS = """() => [...document.querySelectorAll('#replay button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => { const r = b.getBoundingClientRect();
    return [b.id, r.left, r.top, r.right, r.bottom]; })"""


def test_the_viewers_buttons_fit_a_phone(ui: Ui, shared: game.Game) -> None:
    page = ui.page
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        ui.open(f"/#r={encode(shared)}")
        viewer_open(ui)
        buttons = page.evaluate(BUTTONS_JS)
        ids = {b[0] for b in buttons}
        assert {"replay-play", "replay-deal", "replay-share", "replay-close"} <= ids
        for id_, left, top, right, bottom in buttons:
            assert left >= 0 and top >= 0 and right <= 390 and bottom <= 844, id_
            assert bottom - top >= 44, id_  # a thumb's size, as the toolbar's
        scroll = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
        assert scroll[0] <= scroll[1]
        page.keyboard.press("Escape")
    finally:
        if size is not None:
            page.set_viewport_size(size)


@pytest.fixture
def first_visit(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url, first_visit=True, reduced_motion="reduce") as fresh:
        yield fresh
        fresh.check_log()


def test_on_a_first_visit_the_shared_game_is_shown_and_the_welcome_waits(
    first_visit: Ui, shared: game.Game
) -> None:
    ui = first_visit
    ui.open(f"/#r={encode(shared)}")
    viewer_open(ui)
    page = ui.page
    expect(page.locator("#welcome")).to_have_attribute("open", "")  # under the viewer
    page.wait_for_function("() => document.activeElement.closest('dialog')?.id === 'replay'")
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).not_to_be_visible()
    expect(page.locator("#welcome")).to_be_visible()
    assert json.loads(stored(ui, "solitaire/welcome") or "{}").get("seen") is True
