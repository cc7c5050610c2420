"""Keyboard play and what a screen reader gets, in the page (game/ui/keys.py).

Moves here are key presses only: no mouse, no script call that plays a move. The page is
read (focus, labels, live regions) to check each step against the engine. A whole
Whitehead deal is won this way, on the line the solver finds for it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT
from playwright.sync_api import expect
from test_table_kit import Ui, engine_piles, module_ui, press

import game
from game.cards import spoken
from game.notation import DEAL, F0, STOCK, T0, WASTE, pile_name
from game.ui.keymap import help_rows

pytestmark = pytest.mark.browser

ui = module_ui(reduced_motion="reduce")

WIN_DEAL = 1545

# Where focus is: (pile, index of the card in it, or -1 for the pile itself).
FOCUS_JS = """() => {
  const el = document.activeElement;
  const pile = el && el.closest('#table [data-pile]');
  if (!pile) return null;
  return [pile.dataset.pile, [...pile.querySelectorAll('.card')].indexOf(el)];
}"""
ANNOUNCED_JS = "() => document.getElementById('announcer').textContent.trim()"


def focus(ui: Ui) -> tuple[str, int] | None:
    where = ui.page.evaluate(FOCUS_JS)
    return None if where is None else (where[0], where[1])


def announced(ui: Ui) -> str:
    text: str = ui.page.evaluate(ANNOUNCED_JS)
    return text


def enter_table(ui: Ui) -> None:
    """Tab from the page's start until focus is on the table (it is one stop)."""
    page = ui.page
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(30):
        press(page, "Tab")
        if focus(ui) is not None:
            return
    pytest.fail("Tab never reached the table")


class Player:
    """Plays moves on the page with arrows, Space, F and D, knowing the piles' order."""

    def __init__(self, ui: Ui, g: game.Game) -> None:
        self.ui, self.g = ui, g
        self.order = [pile_name(p) for p in (STOCK, WASTE, *g.found, *g.tab)]
        self.presses = 0

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            press(self.ui.page, key)
            self.presses += 1

    def go(self, pile: int, index: int = -1) -> None:
        """Focus ``pile`` (its card ``index``, counted from the bottom, or its top card)."""
        where = focus(self.ui)
        assert where is not None, "focus left the table"
        name, n = pile_name(pile), len(self.order)
        if where[0] != name:
            ahead = (self.order.index(name) - self.order.index(where[0])) % n
            if ahead <= n - ahead:
                self.press("ArrowRight", ahead)
            else:
                self.press("ArrowLeft", n - ahead)
        cards = self.g.piles[pile]
        want = index if index >= 0 else (len(cards) - 1 if cards and pile >= WASTE else -1)
        if F0 <= pile < T0:
            want = -1  # a foundation is focused as a whole
        here = focus(self.ui)
        assert here is not None and here[0] == name, (here, name)
        if want >= 0 and here[1] != want:  # every Whitehead card is face up: each a stop
            self.press("ArrowUp" if here[1] > want else "ArrowDown", abs(here[1] - want))
        assert focus(self.ui) == (name, want), (focus(self.ui), name, want)

    def play(self, text: str, i: int) -> None:
        m = self.g.resolve(text)
        src, dst, n = m
        if m == DEAL:
            if i % 7:
                self.press("d")
            else:
                self.go(STOCK)
                self.press("Space")
        elif F0 <= dst < T0 and i % 2:
            self.go(src)
            self.press("f")
        else:
            self.go(src, len(self.g.piles[src]) - n)
            self.press("Space" if i % 2 else "Enter")
            self.go(dst)
            self.press("Enter" if i % 2 else "Space")
        self.g.apply(m)
        self.ui.page.wait_for_function(
            "(n) => document.getElementById('moves-count').textContent === String(n)", arg=i + 1
        )


def solver_line(name: str, deal: int) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-m", "game", "solve", name, "--deal", str(deal)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, Any] = json.loads(out.stdout)
    assert found["result"] == "won", found
    moves: list[str] = found["moves"]
    return moves


def test_a_whole_whitehead_deal_is_won_with_the_keyboard_alone(ui: Ui) -> None:
    line = solver_line("whitehead", WIN_DEAL)
    ui.at("whitehead", WIN_DEAL, automove="off")
    g = game.new_game("whitehead", WIN_DEAL)
    ui.wait_layout(engine_piles(g))
    enter_table(ui)
    player = Player(ui, g)
    for i, text in enumerate(line):
        player.play(text, i)
        if i % 20 == 19:
            ui.wait_layout(engine_piles(g))
    assert g.status == "won"
    ui.wait_layout(engine_piles(g))
    page = ui.page
    expect(page.locator("#table")).to_have_attribute("data-status", "won")
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#status-line")).to_contain_text(f"Won in {len(line)} moves")
    assert ui.moves_count() == len(line)
    last = g.moves[-1]
    assert announced(ui).startswith(f"{spoken(g.piles[last.dst][-1]).capitalize()} to foundation")
    print(f"{len(line)} moves, {player.presses} key presses")
    # The win's dialog has focus; Tab to its New game, Enter: a new deal, focus on the table.
    for _ in range(5):
        if page.evaluate("() => document.activeElement.id") == "outcome-new":
            break
        press(page, "Tab")
    press(page, "Enter")
    expect(page.locator("#outcome")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")
    assert page.inner_text("#deal-number") != str(WIN_DEAL)
    page.wait_for_function("() => document.activeElement.closest('#table') !== null")
    assert focus(ui) == ("s", -1)


def test_tab_stops_once_on_the_table_and_the_focus_ring_shows(ui: Ui) -> None:
    ui.at("whitehead", WIN_DEAL, automove="off")
    enter_table(ui)
    page = ui.page
    assert focus(ui) == ("s", -1)
    assert page.locator("#table [tabindex]").count() == 1
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); "
        "return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    )
    assert ring == ["solid", "3px", "rgb(255, 211, 77)"]
    press(page, "ArrowRight")
    assert focus(ui) == ("w", -1)
    assert page.locator("#table [tabindex]").count() == 1
    press(page, "Tab")
    assert focus(ui) is None  # out of the table in one press
    press(page, "Shift+Tab")
    assert focus(ui) == ("w", -1)  # back where it was


def test_pick_up_put_back_refuse_and_put_down(ui: Ui) -> None:
    ui.at("whitehead", WIN_DEAL, automove="off")
    g = game.new_game("whitehead", WIN_DEAL)  # t2: 4H 8C; t3: 3C 7S 6S; t4: … 4S 4D
    start = engine_piles(g)
    ui.wait_layout(start)
    enter_table(ui)
    page, player = ui.page, Player(ui, g)
    held = "() => [...document.querySelectorAll('#table .held')].map((c) => c.dataset.card)"

    player.go(T0 + 2, 1)
    press(page, "Space")
    assert page.evaluate(held) == ["7S", "6S"]
    lifted = page.evaluate("() => getComputedStyle(document.querySelector('.held')).translate")
    assert lifted not in ("none", "", "0px")  # picked-up cards stand out
    assert announced(ui) == (
        "Picked up seven of spades and the 1 card above it; they go to column 2. "
        "Space puts down, Escape puts back."
    )
    press(page, "Escape")
    assert page.evaluate(held) == []
    assert announced(ui) == "Put back."
    assert ui.layout() == start

    press(page, "Enter")  # again, and onto a pile that does not take it
    player.go(T0 + 3)
    press(page, "Space")
    expect(page.locator("#status-line")).to_have_text("7♠ cannot go on 4♦.")
    assert page.evaluate(held) == ["7S", "6S"]  # still in hand
    assert ui.layout() == start and ui.moves_count() == 0

    player.go(T0 + 1)
    press(page, "Space")
    g.play("t3>t2x2")
    ui.wait_layout(engine_piles(g))
    assert page.evaluate(held) == []
    assert focus(ui) == ("t2", 2)  # on the card put down
    assert (
        announced(ui) == "Seven of spades and the 1 card above it to column 2, on eight of clubs."
    )

    player.go(F0)
    press(page, "Space")
    expect(page.locator("#status-line")).to_have_text(
        "Foundation 1: cards never leave a foundation."
    )


def test_f_sends_to_a_foundation_m_moves_and_undo_is_told(ui: Ui) -> None:
    ui.at("whitehead", WIN_DEAL, automove="off")
    g = game.new_game("whitehead", WIN_DEAL)
    ui.wait_layout(engine_piles(g))
    enter_table(ui)
    page, player = ui.page, Player(ui, g)
    player.go(T0 + 6)  # AD on top of t7
    press(page, "f")
    g.play("t7>f")
    ui.wait_layout(engine_piles(g))
    assert focus(ui) == ("t7", 5)  # focus stays on the pile, on its new top card
    assert announced(ui) == "Ace of diamonds to foundation 1."
    press(page, "z")
    g.undo()
    ui.wait_layout(engine_piles(g))
    assert announced(ui) == "Undone: ace of diamonds back to column 7."
    press(page, "y")
    g.redo()
    ui.wait_layout(engine_piles(g))
    assert announced(ui) == "Redone: ace of diamonds to foundation 1."
    player.go(T0)  # AH: M sends it to its best place, a foundation
    press(page, "m")
    g.play("t1>f")
    ui.wait_layout(engine_piles(g))
    assert focus(ui) == ("f2", -1)  # focus follows the card, so M again tries the next place
    assert g.piles[T0] == ()
    press(page, "m")  # at once: a key press is never half of a double tap
    g.undo()
    g.play("t1>t5")
    ui.wait_layout(engine_piles(g))
    assert focus(ui) == ("t5", 5)
    assert announced(ui) == "Ace of hearts to column 5, on two of hearts."


def test_piles_and_cards_have_accessible_names(ui: Ui) -> None:
    ui.at("blind-alleys", 9, automove="off")  # t1: tc 4h AC, each pile two face down
    g = game.new_game("blind-alleys", 9)
    ui.wait_layout(engine_piles(g))
    page = ui.page
    table = page.locator("#table")
    expect(table.get_by_role("application")).to_have_accessible_name("Cards")
    t1 = table.get_by_role("group", name="Column 1, 3 cards (2 face down), top: ace of clubs")
    expect(t1).to_have_count(1)
    expect(table.get_by_role("group", name="Stock, 34 cards", exact=True)).to_have_count(1)
    expect(table.get_by_role("group", name="Waste, empty", exact=True)).to_have_count(1)
    expect(table.get_by_role("group", name="Foundation 1, empty", exact=True)).to_have_count(1)
    expect(t1.get_by_role("img", name="ace of clubs", exact=True)).to_have_count(1)
    downs = page.locator('#table .card[data-face="down"]')
    assert downs.count() == 34 + 12
    # A stack shows its top two cards: those under them are hidden from every player.
    downs = page.locator('#table .card[data-face="down"] >> visible=true')
    assert downs.count() == 2 + 12
    for i in range(downs.count()):
        expect(downs.nth(i)).to_have_accessible_name("face-down card")
    ups = page.locator('#table .card[data-face="up"]')
    for i in range(ups.count()):
        card = game.cards.parse_card(ups.nth(i).get_attribute("data-card") or "")
        expect(ups.nth(i)).to_have_accessible_name(spoken(card))

    enter_table(ui)
    player = Player(ui, g)
    player.go(T0)
    press(page, "f")
    g.play("t1>f")
    ui.wait_layout(engine_piles(g))
    expect(t1).to_have_count(0)  # labels follow the game
    expect(
        table.get_by_role("group", name="Column 1, 2 cards (1 face down), top: four of hearts")
    ).to_have_count(1)
    expect(table.get_by_role("group", name="Foundation 1, ace of clubs")).to_have_count(1)
    assert announced(ui) == "Ace of clubs to foundation 1; four of hearts turned up."


def test_a_deal_is_told_and_the_stock_is_labelled(ui: Ui) -> None:
    ui.at("blind-alleys", 9, automove="off")
    g = game.new_game("blind-alleys", 9)
    ui.wait_layout(engine_piles(g))
    page = ui.page
    press(page, "d")  # from anywhere
    g.play("s")
    ui.wait_layout(engine_piles(g))
    top = spoken(g.piles[WASTE][-1])
    assert announced(ui) == f"Dealt {top}, 33 cards left in the stock."
    table = page.locator("#table")
    expect(table.get_by_role("group", name="Stock, 33 cards", exact=True)).to_have_count(1)
    expect(table.get_by_role("group", name=f"Waste, 1 card, top: {top}")).to_have_count(1)


def test_arrows_follow_the_rows_of_linus_fans_and_skip_face_down_cards(ui: Ui) -> None:
    ui.at("linus", 2, automove="off")
    enter_table(ui)
    page = ui.page
    assert focus(ui) == ("t1", 2)  # no stock: the first fan's top card
    press(page, "ArrowDown")
    assert focus(ui) == ("t7", 2)  # six fans a row on this screen
    press(page, "ArrowUp")
    press(page, "ArrowUp")
    assert focus(ui) is not None and focus(ui) == ("f1", -1)
    ui.at("unlimited", 5, automove="off")  # t1: 6S 3c 7C js 9H 5c 4D
    enter_table(ui)
    assert focus(ui) == ("s", -1)
    press(page, "ArrowDown")  # a wide screen: the waste stands below the stock (table.css)
    assert focus(ui) == ("w", -1)
    press(page, "ArrowRight")
    assert focus(ui) == ("t1", 6)  # the first column, on its top card
    seen = []
    for _ in range(3):
        press(page, "ArrowUp")
        seen.append(focus(ui))
    assert seen == [("t1", 4), ("t1", 2), ("t1", 0)]


def test_the_keys_are_listed_in_the_rules_panel(ui: Ui) -> None:
    ui.at("whitehead", WIN_DEAL)
    page = ui.page
    press(page, "?")
    panel = page.locator("#rules-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("#keys-help")).to_have_attribute("open", "")
    terms = panel.locator("#keys-list dt").all_inner_texts()
    assert terms == [keys for keys, _ in help_rows()]
    press(page, "Escape")
    expect(panel).to_be_hidden()
    expect(page.locator("#undo")).to_have_attribute("aria-keyshortcuts", "Z Control+Z")
    expect(page.locator("#rules-button")).to_have_attribute("aria-keyshortcuts", "?")


def test_the_clock_and_the_counters_are_not_read_out(ui: Ui) -> None:
    """The clock ticks and the move count changes with every move: a screen reader must
    not read them out (an <output> is a live region unless told otherwise)."""
    ui.at("whitehead", WIN_DEAL)
    live = ui.page.evaluate(
        """() => [...document.querySelectorAll('[aria-live], [role=status], output')]
          .filter((el) => el.getAttribute('aria-live') !== 'off').map((el) => el.id)"""
    )
    # update: pwa.js; replay-*: the replay viewer's position and messages, in its dialog;
    # *-said: what Share did ("Copied"), in the end dialog and the statistics
    assert sorted(live) == [
        "advice",
        "announcer",
        "outcome-said",
        "replay-message",
        "replay-where",
        "stats-said",
        "status-line",
        "update",
    ]
