"""The page around the table: URL parameters, new deals, the game menu, the rules panel,
a 1920×1080 desktop, the glide of a dropped card, and cards in flight over the other piles.

One page for the module. Tests that do not need a pinned deal play whatever deal the page
shows, checked against the engine's twin of it (game and deal number read from the page).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_table_kit import DEALS, Ui, assert_fits, engine_piles, module_ui, moves_made

import game
from game.assist import auto_moves, destinations
from game.cards import code
from game.deals import MAX_DEAL
from game.help import rules_text
from game.notation import T0, pile_name
from game.state import Game

pytestmark = pytest.mark.browser


ui = module_ui()


@pytest.fixture
def shown(ui: Ui) -> Ui:
    """Whatever the page shows, as long as it shows a table and no dialog."""
    if not ui.page.url.startswith("http"):
        ui.open("/?game=whitehead&deal=1")
    ui.page.evaluate(
        "() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }"
    )
    return ui


def twin(ui: Ui) -> Game:
    """The engine's game for what the page says it shows, auto-moves made."""
    page, query = ui.page, ui.query()
    name, deal = page.input_value("#game-select"), int(page.inner_text("#deal-number"))
    assert query["game"] == name and query["deal"] == str(deal)
    rules = dict.fromkeys(filter(None, query.get("rules", "").split(",")), True)
    g = game.new_game(name, deal, **rules)
    auto_moves(g, query.get("automove", "safe"))
    return g


def choose(ui: Ui, name: str) -> Game:
    """Pick a game from the menu; wait until the URL says so."""
    ui.page.select_option("#game-select", name)
    ui.page.wait_for_function("(name) => location.search.includes(`game=${name}`)", arg=name)
    g = twin(ui)
    ui.wait_layout(engine_piles(g))
    return g


def test_bad_parameters_give_a_notice_and_a_fresh_whitehead_deal(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=nope&deal=abc&automove=sometimes")
    notice = ui.status_line()
    for part in ("'nope'", "'abc'", "'sometimes'", "Whitehead"):
        assert part in notice
    assert page.input_value("#game-select") == "whitehead"
    deal = int(page.inner_text("#deal-number"))
    assert 1 <= deal <= MAX_DEAL
    assert ui.query() == {"game": "whitehead", "deal": str(deal)}  # automove: safe, unsaid
    assert page.input_value("#automove-select") == "safe"
    ui.wait_layout(engine_piles(twin(ui)))
    assert page.get_attribute("#table", "data-status") == "playing"


def test_new_game_deals_a_fresh_number_shown_and_in_the_url(shown: Ui) -> None:
    page, ui = shown.page, shown
    name = page.input_value("#game-select")
    seen = {page.inner_text("#deal-number")}
    for act in ("button", "key n"):
        if act == "button":
            page.get_by_role("button", name="New game", exact=True).click()
        else:
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press("n")
        page.wait_for_function(
            "(old) => !old.includes(document.getElementById('deal-number').textContent)",
            arg=sorted(seen),
        )
        deal = page.inner_text("#deal-number")
        seen.add(deal)
        assert ui.query()["deal"] == deal and ui.query()["game"] == name
        ui.wait_layout(engine_piles(twin(ui)))
        assert ui.moves_count() == moves_made(twin(ui), ui.query().get("automove", "safe"))
    assert len(seen) == 3


def test_the_game_menu_switches_games(shown: Ui) -> None:
    for name in ("linus", "unlimited", "blind-alleys", "whitehead"):
        g = choose(shown, name)
        assert g.rules.name == name
        assert shown.page.get_attribute("#table", "data-game") == name
        assert len(shown.layout()) == len(engine_piles(g))


def test_the_rules_panel_tells_the_current_games_rules(shown: Ui) -> None:
    page = shown.page
    panel = page.locator("#rules-panel")
    for name in ("blind-alleys", "linus", "unlimited", "whitehead"):
        choose(shown, name)
        page.get_by_role("button", name="Rules", exact=True).click()
        expect(panel).to_be_visible()
        items = panel.locator("#rules-list li").all_inner_texts()
        assert items == rules_text(game.find_rules(name))
        panel.get_by_role("button", name="Close").click()
        expect(panel).to_be_hidden()


def test_a_house_rule_from_the_url_is_on_in_the_rules_and_settings(ui: Ui) -> None:
    page = ui.page
    ui.at("linus", MAX_DEAL, rules="pgs")
    assert ui.query() == {"game": "linus", "deal": str(MAX_DEAL), "rules": "pgs"}
    g = twin(ui)
    assert g.rules.active == ("pgs",)
    ui.wait_layout(engine_piles(g))
    expect(page.locator("#redeal")).to_be_visible()
    expect(page.locator("#redeal")).to_have_text("Redeal (2 left)")
    page.get_by_role("button", name="Rules", exact=True).click()
    panel = page.locator("#rules-panel")
    items = panel.locator("#rules-list li").all_inner_texts()
    assert items == rules_text(game.find_rules("linus", pgs=True))
    assert any(item.startswith("House rule: Pretty Good Solitaire (on).") for item in items)
    panel.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Settings", exact=True).click()
    settings = page.locator("#settings-panel")
    assert settings.locator('#house-rules input[name="linus:pgs"]').is_checked()
    settings.get_by_role("button", name="Close").click()


@pytest.mark.parametrize("width", [721, 768, 1180, 1181, 1280])
def test_the_toolbar_fits_from_tablet_to_desktop(ui: Ui, width: int) -> None:
    # The widest toolbar: a ten-digit deal number and Linus's Redeal button.
    ui.at("linus", MAX_DEAL, rules="pgs")
    ui.page.set_viewport_size({"width": width, "height": 720})
    try:
        assert_fits(ui.page, f"{width} px")
    finally:
        ui.page.set_viewport_size({"width": 1280, "height": 720})


def test_a_1920x1080_desktop_shows_everything_without_scrolling(shown: Ui) -> None:
    page = shown.page
    page.set_viewport_size({"width": 1920, "height": 1080})
    try:
        for name, piles in (("linus", 18 + 4), ("unlimited", 2 + 8 + 7), ("whitehead", 13)):
            choose(shown, name)
            fit = assert_fits(page, name)
            assert fit["piles"] == piles
        cw = page.evaluate(
            "() => document.querySelector('[data-pile=\"t1\"]').getBoundingClientRect().width"
        )
        assert cw >= 100  # the room is used: cards are not phone-sized
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_a_dropped_card_glides_into_place(shown: Ui) -> None:
    ui, page = shown, shown.page
    g = choose(ui, "linus")  # always has tableau moves
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0)
    card = code(g.piles[m[0]][-1])
    ui.settle()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})  # a slow machine is slow
    try:
        ui.play(m, g)
        glides = page.evaluate(
            """() => document.getAnimations().map((a) => ({
              card: a.effect.target.dataset.card, state: a.playState,
              duration: a.effect.getTiming().duration }))"""
        )
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()
    assert glides, "no animation after the drop"
    assert card in [a["card"] for a in glides]
    assert all(a["state"] == "running" and 0 < a["duration"] <= 200 for a in glides), glides
    g.apply(m)
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))


# The gliding card's pile, whether it is raised, and what a pointer finds on the card's
# top strip (where the card it left behind in its old pile lies, under it).
IN_FLIGHT_JS = """(card) => {
  const el = document.querySelector(`#table .card[data-card="${card}"]`);
  const pile = el.closest('.pile'), r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 3);
  return {pile: pile.dataset.pile, flying: pile.classList.contains('flying'),
          z: getComputedStyle(pile).zIndex, top: !!hit && hit.closest('.card') === el};
}"""


def test_a_card_in_flight_flies_over_the_other_piles(shown: Ui) -> None:
    """Each pile is a layer of its own (table.css): a card gliding to a pile left of the
    one it left passes over that pile's cards, not under them, and its pile comes down
    once it lands; a dragged card's pile is raised too."""
    ui, page = shown, shown.page
    for deal in range(1, 300):  # a tap that sends a column's card to a column left of it
        g = game.new_game("whitehead", deal)
        auto_moves(g, "safe")
        found = [
            (src, dests[0][1])
            for src in g.tab
            if len(g.piles[src]) >= 2
            and (dests := destinations(g, src, 1))
            and T0 <= dests[0][1] < src
        ]
        if found:
            break
    src, dst = found[0]
    card = code(g.piles[src][-1])
    ui.at("whitehead", deal)
    x, y = ui.point(pile_name(src))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.02})
    try:
        page.mouse.click(x, y)
        flight = page.evaluate(IN_FLIGHT_JS, card)
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()
    assert flight == {"pile": pile_name(dst), "flying": True, "z": "1", "top": True}
    ui.settle()
    page.wait_for_function("() => !document.querySelector('#table .pile.flying')")
    assert (
        page.evaluate(
            "(p) => getComputedStyle(document.querySelector(`[data-pile=${p}]`)).zIndex",
            pile_name(dst),
        )
        == "auto"
    )
    # A drag: the pile of the card in the hand is raised while it is held.
    x, y = ui.point(pile_name(dst))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 60, steps=4)
    try:
        z = page.evaluate(
            "() => getComputedStyle(document.querySelector('.card.dragging').closest('.pile')).zIndex"
        )
    finally:
        page.mouse.up()
    assert z == "1"
    ui.settled()


def test_a_resize_while_the_table_is_not_laid_out_breaks_nothing(ui: Ui) -> None:
    """A host that hides or collapses its frame, or a full-page screenshot, can resize a
    table whose piles have no height: nothing to measure then (a ZeroDivisionError once),
    and the cards fit again once they have one."""
    ui.at("whitehead", DEALS["whitehead"])
    g = game.new_game("whitehead", DEALS["whitehead"])
    auto_moves(g, "safe")
    hide = "(p) => { document.querySelector(`#table [data-pile='${p}']`).style.display = 'none'; }"
    ui.page.evaluate(hide, pile_name(T0))
    ui.page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    assert "went wrong" not in ui.status_line()
    ui.page.evaluate(
        "(p) => { document.querySelector(`#table [data-pile='${p}']`).style.display = ''; }",
        pile_name(T0),
    )
    ui.page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    assert ui.layout() == engine_piles(g)
    assert_fits(ui.page, "whitehead")


COMMAND_JS = "(c) => window.solitaire.command(c)"


def test_the_harness_deals_another_deal_in_the_page_and_loads_only_for_other_parameters(
    ui: Ui,
) -> None:
    """test_table_kit.Ui.at: a deal that differs only in game and deal number is dealt on
    the page (no Pyodide boot); other parameters load the page afresh."""
    ui.at("whitehead", DEALS["whitehead"])
    ui.page.evaluate("() => { window.__same = true; }")
    ui.at("linus", DEALS["linus"])
    g = game.new_game("linus", DEALS["linus"])
    auto_moves(g, "safe")
    assert ui.layout() == engine_piles(g)
    assert ui.page.evaluate("() => window.__same === true")  # the same document
    ui.at("linus", DEALS["linus"], automove="off")
    assert ui.page.evaluate("() => window.__same === undefined")  # loaded
    assert ui.layout() == engine_piles(game.new_game("linus", DEALS["linus"]))


def test_a_script_in_the_page_deals_undoes_and_reads_the_game_through_window_solitaire(
    ui: Ui,
) -> None:
    """The embedding API's commands, for a bot or the console (game/ui/scripting.py)."""
    ui.at("whitehead", DEALS["whitehead"])
    page = ui.page
    assert page.evaluate(COMMAND_JS, {"type": "newGame", "game": "linus", "deal": 5}) == ""
    g = game.new_game("linus", 5)
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))  # dealt at once, in place: the URL shares it
    assert ui.query() == {"game": "linus", "deal": "5"}
    about = {"game": "linus", "deal": 5, "rules": {}, "status": "playing", "moves": 0}
    assert page.evaluate("() => window.solitaire.about()") == about
    move = next(m for m in g.legal_moves() if m.src >= g.tab[0] and m.dst >= g.tab[0])
    ui.play((move.src, move.dst, move.n), g)
    assert page.evaluate("() => window.solitaire.about().moves") == 1
    assert page.evaluate(COMMAND_JS, {"type": "undo"}) == ""
    ui.wait_layout(engine_piles(g))
    assert page.evaluate(COMMAND_JS, {"type": "redo"}) == ""
    assert page.evaluate("() => window.solitaire.about().moves") == 1
    g.play(move)
    record = g.record()  # a game record, as a record file holds it: loaded, undoable
    assert page.evaluate(COMMAND_JS, {"type": "load", "record": record}) == ""
    ui.wait_layout(engine_piles(g))
    loaded = page.evaluate("() => window.solitaire.about()")
    assert loaded == {**about, "moves": ui.moves_count()} and loaded["moves"] >= 1
    expect(page.locator("#status-line")).to_have_text(
        f"Linus, deal 5: a game of {len(g.moves)} moves, loaded."
    )
    assert page.evaluate(COMMAND_JS, {"type": "undo"}) == ""  # each move its own step
    assert page.evaluate("() => window.solitaire.about().moves") == loaded["moves"] - 1


def test_a_command_over_the_end_of_game_dialog_closes_it(ui: Ui) -> None:
    """A won game's dialog acts on that game: a host's (or a script's) new game or record
    replaces the game, and the dialog goes with it."""
    won = json.loads((Path(__file__).parent / "golden" / "whitehead_win.json").read_text())
    ui.at("whitehead", DEALS["whitehead"])
    page, outcome = ui.page, ui.page.locator("#outcome")
    record = {k: won[k] for k in ("game", "deal", "rules", "moves")}
    assert page.evaluate(COMMAND_JS, {"type": "load", "record": record}) == ""
    expect(outcome).to_have_attribute("open", "")  # a won game, loaded: its dialog
    assert page.evaluate(COMMAND_JS, {"type": "newGame", "game": "whitehead", "deal": 3}) == ""
    expect(outcome).not_to_have_attribute("open", "")
    assert ui.query()["deal"] == "3" and page.evaluate(COMMAND_JS, {"type": "undo"}) == ""


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("undefined", 'a command is an object like {"type": "undo"}'),
        ('"undo"', 'a command is an object like {"type": "undo"}'),
        ("{}", 'a command needs a "type": newGame, undo, redo, restart, load'),
        ('{type: "deal"}', 'unknown command type "deal"; known: newGame, undo, redo, restart'),
        ('{type: "load", record: {game: "linus", deal: 2, moves: ["t1>t99"]}}', "load's record"),
        ('{type: "newGame", game: "chess"}', "newGame needs a game: whitehead, blind-alleys"),
        ('{type: "newGame", game: "linus", deal: 0}', "newGame's deal must be a whole number"),
        ("(() => { const o = {}; o.o = o; return o; })()", "a command is an object like"),
    ],
    ids=[
        "undefined",
        "text",
        "no type",
        "unknown",
        "bad record",
        "no such game",
        "bad deal",
        "cycle",
    ],
)
def test_a_bad_command_from_a_script_is_answered_in_one_line_and_changes_nothing(
    shown: Ui, command: str, says: str
) -> None:
    page = shown.page
    before = (shown.layout(), shown.query(), page.evaluate("() => window.solitaire.about()"))
    said = page.evaluate(f"() => window.solitaire.command({command})")
    assert said.startswith(says) and "\n" not in said and "Traceback" not in said
    after = (shown.layout(), shown.query(), page.evaluate("() => window.solitaire.about()"))
    assert after == before


def test_a_page_whose_renderer_crashed_is_replaced_at_the_next_deal(ui: Ui) -> None:
    """Chromium's renderer crashes about once a run (test_table_kit.Ui.open): the module's
    next test gets a new page, with a warning, instead of failing on the dead one."""
    ui.at("whitehead", DEALS["whitehead"])
    dead = ui.page
    with dead.expect_event("crash"), pytest.raises(PlaywrightError, match="crash"):
        dead.goto("chrome://crash")
    assert ui.crashed
    with pytest.warns(UserWarning, match="chromium crashed, trying once more"):
        ui.at("whitehead", DEALS["whitehead"])  # the same deal: else it would reload anyway
    assert ui.page is not dead and not ui.crashed
    g = game.new_game("whitehead", DEALS["whitehead"])
    auto_moves(g, "safe")  # the deal's own, as the page makes them
    assert ui.layout() == engine_piles(g)
    dead.close()
