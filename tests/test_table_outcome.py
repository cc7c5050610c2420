"""The end of a game: a Whitehead win played through the page, and a lost position.

`golden/whitehead_win.json` is a winning record of Whitehead deal 2 (123 moves), found
once by a depth-first search with a transposition table over the engine (apply, retract,
key, plain_moves) and shortened by skipping to later positions of its own path. It is
replayed with auto-move off, so its moves map one to one onto the player's actions.

The context prefers reduced motion: every move must still render at once and correctly
(and no card glides, so the replay need not wait for animations).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from test_table_kit import Ui, engine_piles, module_ui

import game
from game.assist import destinations
from game.notation import DEAL, pile_name

pytestmark = pytest.mark.browser

WIN = json.loads((Path(__file__).parent / "golden" / "whitehead_win.json").read_text())
# Whitehead deal 5: after the 24 cards of the stock are dealt, no move is left.
LOST_DEAL, LOST_AFTER = 5, 24


ui = module_ui(reduced_motion="reduce")


def replay(ui: Ui, record: dict[str, Any]) -> game.Game:
    """Play a record on the page as a player would: a tap where the tap's first choice is
    the record's move (and a second tap would not cycle), else a drag; the stock by tap."""
    g = game.new_game(record["game"], record["deal"], **record["rules"])
    tapped: int | None = None  # the card tapped last: tapping it again would cycle
    tapped_at: int | None = None  # its pile: a tap there at once would be a double tap's
    taps = drags = 0
    for i, text in enumerate(record["moves"]):
        m = g.resolve(text)
        src, _, n = m
        if m == DEAL:
            ui.tap("s", -1)
            tapped = tapped_at = None
        elif destinations(g, src, n)[0] == m and g.piles[src][-n] != tapped and i % 3:
            if tapped_at == src:  # as a player would: not a double tap (game/ui/app.py)
                ui.page.wait_for_timeout(400)
            ui.tap(pile_name(src), len(g.piles[src]) - n)
            tapped, tapped_at, taps = g.piles[src][-n], src, taps + 1
        else:
            ui.play(m, g)
            tapped, tapped_at, drags = None, None, drags + 1
        g.apply(m)
        ui.page.wait_for_function(
            "(n) => document.getElementById('moves-count').textContent === String(n)", arg=i + 1
        )
        if tapped is None and m != DEAL:  # just dropped: under reduced motion, no glide
            assert ui.page.evaluate("() => document.getAnimations().length") == 0
        if i % 10 == 9:
            ui.wait_layout(engine_piles(g))
    assert taps > 20 and drags > 20, (taps, drags)  # both ways of moving were used
    return g


def test_the_winning_record_is_a_win() -> None:
    assert game.replay(WIN).status == "won"


def test_play_a_winning_record_to_the_win_screen(ui: Ui) -> None:
    page = ui.page
    ui.at("whitehead", WIN["deal"], automove="off")
    g = replay(ui, WIN)
    assert g.status == "won"
    ui.wait_layout(engine_piles(g))
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    assert outcome.evaluate("(d) => d.open") is True
    expect(outcome).to_have_attribute("data-outcome", "won")
    expect(page.locator("#table")).to_have_attribute("data-status", "won")
    expect(page.locator("#outcome-title")).to_have_text("You won!")
    expect(page.locator("#outcome-text")).to_contain_text(f"{len(WIN['moves'])} moves")
    expect(page.locator("#status-line")).to_contain_text(f"Won in {len(WIN['moves'])} moves")
    assert page.evaluate("() => document.getAnimations().length") == 0  # reduced motion
    # The celebration offers a new deal.
    page.locator("#outcome").get_by_role("button", name="New game", exact=True).click()
    expect(outcome).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")
    assert page.inner_text("#deal-number") != str(WIN["deal"])


def test_no_move_left_is_lost_and_restart_deals_it_again(ui: Ui) -> None:
    page = ui.page
    ui.at("whitehead", LOST_DEAL, automove="off")
    g = game.new_game("whitehead", LOST_DEAL)
    first = engine_piles(g)
    ui.wait_layout(first)
    outcome, table = page.locator("#outcome"), page.locator("#table")
    for _ in range(LOST_AFTER):
        expect(outcome).to_be_hidden()
        page.keyboard.press("Space")
        g.play("s")
    assert g.status == "lost"
    ui.wait_layout(engine_piles(g))
    expect(outcome).to_be_visible()
    expect(outcome).to_have_attribute("data-outcome", "lost")
    expect(table).to_have_attribute("data-status", "lost")
    expect(page.locator("#status-line")).to_contain_text("lost")
    restart = outcome.get_by_role("button", name="Restart", exact=True)
    expect(restart).to_be_visible()
    expect(outcome.get_by_role("button", name="New game", exact=True)).to_be_visible()

    # Undo from the dialog takes the last deal back; dealing it again loses again.
    outcome.get_by_role("button", name="Undo", exact=True).click()
    expect(outcome).to_be_hidden()
    g.undo()
    ui.wait_layout(engine_piles(g))
    expect(table).to_have_attribute("data-status", "playing")
    page.keyboard.press("Space")
    expect(outcome).to_have_attribute("data-outcome", "lost")
    expect(outcome).to_be_visible()

    restart.click()
    expect(outcome).to_be_hidden()
    ui.wait_layout(first)
    expect(table).to_have_attribute("data-status", "playing")
    assert ui.moves_count() == 0
    assert page.inner_text("#deal-number") == str(LOST_DEAL)
