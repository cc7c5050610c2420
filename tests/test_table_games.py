"""Each game on the table: its pinned deal as the engine lays it out, the DOM contract,
and play by drag, tap, keyboard and toolbar, checked against the engine after each step.

One page for the module; tests are grouped by game (a module-scoped parameter), so a
game's deal loads once and each test starts it again with the page's Restart.
"""

from __future__ import annotations

import pytest
from test_table_kit import (
    DEALS,
    FACE_DOWN_JS,
    Ui,
    cli_layout,
    engine_piles,
    identity_traces,
    module_ui,
    piles_of,
)

import game
from game.assist import auto_moves, destinations
from game.cards import DOWN, code, pretty, spoken
from game.explain import why_illegal
from game.notation import F0, STOCK, T0, WASTE, pile_name
from game.state import Game

pytestmark = pytest.mark.browser


ui = module_ui()


@pytest.fixture(scope="module", params=list(DEALS))
def name(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


@pytest.fixture
def start(ui: Ui, name: str) -> Game:
    """The pinned deal at its start, auto-move off, and the engine's twin of it."""
    ui.at(name, DEALS[name], automove="off")
    g = game.new_game(name, DEALS[name])
    ui.wait_layout(engine_piles(g))
    return g


def test_the_deal_is_the_command_lines_layout(ui: Ui, name: str) -> None:
    deal = DEALS[name]
    ui.at(name, deal, automove="off")
    ui.wait_layout(piles_of(cli_layout(name, deal)))
    assert ui.page.inner_text("#deal-number") == str(deal)
    assert ui.page.input_value("#game-select") == name
    assert ui.query() == {"game": name, "deal": str(deal), "automove": "off"}
    assert ui.moves_count() == 0


def test_dom_contract(ui: Ui, start: Game) -> None:
    page, want = ui.page, engine_piles(start)
    assert page.get_attribute("body", "data-ready") == "true"
    assert page.get_attribute("#table", "data-status") == "playing"
    shape = page.evaluate(
        """() => {
          const cards = [...document.querySelectorAll('.card')];
          return {
            piles: [...document.querySelectorAll('[data-pile]')].map((p) => p.dataset.pile),
            inTable: document.querySelectorAll('#table [data-pile]').length,
            nested: document.querySelectorAll('[data-pile] [data-pile]').length,
            cards: cards.length,
            loose: cards.filter((c) => !c.parentElement.closest('#table [data-pile]')).length,
            faces: [...new Set(cards.map((c) => c.dataset.face))].sort(),
            upWithoutCode: cards.filter((c) => c.dataset.face === 'up'
              && !/^[A2-9TJQK][SHDC]$/.test(c.dataset.card || '')).length,
          };
        }"""
    )
    assert shape["piles"] == list(want)  # s, w, f1…, t1… in order (Linus: no s, w)
    assert shape["inTable"] == len(want)
    assert shape["nested"] == 0
    assert shape["cards"] == sum(len(pile) for pile in want.values())
    assert shape["loose"] == 0
    assert set(shape["faces"]) <= {"up", "down"}
    assert shape["upWithoutCode"] == 0

    hidden = [c for p in (STOCK, *start.tab) for c in start.piles[p] if c >= DOWN or p == STOCK]
    downs = page.evaluate(FACE_DOWN_JS)
    assert len(downs) == len(hidden)
    assert (len(hidden) > 0) == (start.rules.name != "linus")
    for card in downs:
        assert (card["html"], card["text"], card["children"], card["id"]) == ("", "", 0, "")
        assert "data-face=down" in card["attrs"]
        seen = " ".join([*card["attrs"], *card["own"], card["className"]])
        assert identity_traces(seen) == [], (card["pile"], seen)
    if start.rules.decks == 1:  # then a hidden card's name may appear nowhere at all
        html = page.content()
        for c in hidden:
            assert f'data-card="{code(c & ~DOWN)}"' not in html
            assert spoken(c) not in html.lower()
            assert pretty(c) not in html

    for label in ("Undo", "Redo", "New game", "Restart"):
        found = page.get_by_role("button", name=label, exact=True)
        assert found.count() == 1, label
        assert found.evaluate("(el) => el.tagName") == "BUTTON"


def test_drag_a_card_then_undo_and_redo(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0 and g.piles[m[1]])
    before = engine_piles(g)
    ui.play(m, g)
    g.apply(m)
    after = engine_piles(g)
    assert after != before
    ui.wait_layout(after)
    assert ui.moves_count() == 1
    undo = page.get_by_role("button", name="Undo", exact=True)
    redo = page.get_by_role("button", name="Redo", exact=True)
    assert undo.is_enabled() and redo.is_disabled()

    undo.click()
    ui.wait_layout(before)
    assert undo.is_disabled() and redo.is_enabled()
    redo.click()
    ui.wait_layout(after)
    for key, want in (
        ("z", before),
        ("y", after),
        ("Control+z", before),
        ("Control+Shift+Z", after),
        ("Z", before),
        ("Y", after),
    ):
        page.keyboard.press(key)
        ui.wait_layout(want)
    assert ui.moves_count() == 1


def test_tap_sends_a_card_to_its_best_place_then_cycles(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    choices = [(s, d) for s in g.tab if g.piles[s] and len(d := destinations(g, s, 1)) >= 2]
    assert choices, "the pinned deal has a card with two places"
    src, dests = min(choices, key=lambda c: F0 <= c[1][0][1] < T0)  # a tableau place first
    start_piles = engine_piles(g)
    where = pile_name(src)
    for i in range(len(dests) + 1):  # all the places, and round to the first again
        m = dests[i % len(dests)]
        ui.tap(where, -1)
        g.apply(m)
        ui.wait_layout(engine_piles(g))
        g.retract()
        where = pile_name(m[1])  # at once: a tap elsewhere is no double tap's second
    assert ui.moves_count() == 1  # cycling replaces the move, it does not add moves
    page.keyboard.press("z")
    ui.wait_layout(start_piles)


def test_an_illegal_drop_snaps_back_and_says_why(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    legal = set(g.plain_moves())
    src, dst = next(
        (s, d)
        for s in g.tab
        for d in g.tab
        if s != d and g.piles[s] and g.piles[d] and (s, d, 1) not in legal
    )
    before = ui.layout()
    rect = "(el) => { const r = el.getBoundingClientRect(); return [r.x, r.y]; }"
    card = page.locator(f'#table [data-pile="{pile_name(src)}"] .card').last
    home = card.evaluate(rect)
    ui.drag(pile_name(src), -1, pile_name(dst))
    reason = why_illegal(g, (src, dst, 1))
    assert "cannot go on" in reason
    page.wait_for_function(
        "(text) => document.getElementById('status-line').textContent === text",
        arg=reason[0].upper() + reason[1:] + ".",
    )
    assert ui.layout() == before
    page.wait_for_function("() => document.getAnimations().length === 0")
    assert card.evaluate(rect) == home
    assert card.evaluate("(el) => [el.className, el.style.transform]") == ["card", ""]
    assert ui.moves_count() == 0


def test_the_stock_deals_by_tap_space_and_enter(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    if g.rules.passes == 0:  # Linus: no stock, no waste, and the keys change nothing
        assert page.locator('[data-pile="s"], [data-pile="w"]').count() == 0
        page.keyboard.press("Space")
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        assert ui.layout() == engine_piles(g)
        return
    for act in ("tap", "Space", "Enter"):
        if act == "tap":
            ui.tap("s", -1)
        else:
            page.keyboard.press(act)
        g.play("s")
        ui.wait_layout(engine_piles(g))
        assert ui.layout()["w"][-1] == code(g.piles[WASTE][-1])
    assert ui.moves_count() == 3


@pytest.mark.parametrize("name", ["whitehead"], indirect=True)
def test_a_same_suit_run_drags_as_a_unit(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0 and m[2] >= 2)
    src, dst, n = m
    x0, y0 = ui.point(pile_name(src), len(g.piles[src]) - n)
    x1, y1 = ui.point(pile_name(dst), -1)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    held = page.eval_on_selector_all(".card.dragging", "(els) => els.map((e) => e.dataset.card)")
    assert held == [code(c) for c in g.piles[src][-n:]]
    page.mouse.move(x1, y1, steps=2)
    page.mouse.up()
    g.apply(m)
    ui.wait_layout(engine_piles(g))
    assert page.locator(".card.dragging").count() == 0


@pytest.mark.parametrize("name", ["linus"], indirect=True)
def test_linus_moves_one_card_at_a_time(ui: Ui, start: Game) -> None:
    # A drag that starts below the top card of the first fan moves nothing and says why.
    g, page = start, ui.page
    before = ui.layout()
    ui.drag("t1", 0, "t2")
    page.wait_for_function(
        "() => /one at a time/.test(document.getElementById('status-line').textContent)"
    )
    assert ui.layout() == before == engine_piles(g)


@pytest.mark.parametrize("name", ["blind-alleys", "unlimited"], indirect=True)
def test_an_uncovered_card_turns_up_and_undo_turns_it_down(ui: Ui, start: Game) -> None:
    g, page = start, ui.page
    first = ui.layout()
    # Pressing a face-down card (of the first pile) moves nothing and says why.
    ui.tap("t1", 0)
    page.wait_for_function(
        "() => /face-down/.test(document.getElementById('status-line').textContent)"
    )
    assert ui.layout() == first
    m = next(m for m in g.plain_moves() if m[0] >= T0 and g.piles[m[0]][-m[2] - 1] >= DOWN)
    ui.play(m, g)
    g.apply(m)
    ui.wait_layout(engine_piles(g))
    top = page.locator(f'[data-pile="{pile_name(m[0])}"] .card').last
    assert top.get_attribute("data-face") == "up"
    page.keyboard.press("z")
    ui.wait_layout(first)
    for card in page.evaluate(FACE_DOWN_JS):  # the card turned back leaves no trace
        assert (card["html"], card["children"]) == ("", 0)
        assert identity_traces(" ".join([*card["attrs"], *card["own"], card["className"]])) == []


def test_safe_auto_moves_by_default(ui: Ui, name: str) -> None:
    # Last for each game: it loads the deal again, without automove=off.
    deal = DEALS[name]
    ui.at(name, deal)
    g = game.new_game(name, deal)
    first = engine_piles(g)
    played = auto_moves(g, "safe")
    assert played, "the pinned deal has safe moves to make"
    ui.wait_layout(engine_piles(g))
    assert ui.layout() != first
    assert ui.moves_count() == 0  # the deal's own, not the player's
    assert ui.page.is_disabled("#undo")  # nor a step to undo
    assert ui.page.inner_text("#deal-number") == str(deal)
