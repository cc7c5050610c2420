"""Settings in the page: each one takes effect at once and is still set after a reload;
house rules are remembered per game; URL parameters win for the visit they open.

The context does not ask for reduced motion, so that the animation settings can be seen.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import expect
from test_table_kit import DEALS, Ui, change_settings, engine_piles, module_ui, moves_made

import game
from game.assist import auto_moves
from game.notation import T0
from game.settings import ANIMATION
from game.stats import Stats

pytestmark = pytest.mark.browser

ui = module_ui()


def goto(ui: Ui, path: str) -> None:
    """Load `path` keeping what is stored (Ui.open starts from empty storage)."""
    ui.page.goto(path)
    wait_ready(ui.page)


def shown_settings(ui: Ui) -> dict[str, object]:
    """What the Settings dialog shows: checkboxes as bools, menus and radio buttons (the
    checked one's) as values."""
    page = ui.page
    page.get_by_role("button", name="Settings", exact=True).click()
    panel = page.locator("#settings-panel")
    out: dict[str, object] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#settings-panel [name]')]
             .filter((c) => c.type !== 'radio' || c.checked)
             .map((c) => [c.name, c.type === 'checkbox' ? c.checked : c.value]))"""
    )
    panel.get_by_role("button", name="Close").click()
    page.evaluate("() => document.activeElement.blur()")
    return out


def stored_settings(ui: Ui) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        ui.page.evaluate("() => localStorage.getItem('solitaire/settings')")
    )
    return data


def card_colour(ui: Ui, suit: str) -> str:
    colour: str = ui.page.evaluate(
        "(s) => getComputedStyle(document.querySelector("
        "`#table .card[data-face='up'][data-suit='${s}']`)).color",
        suit,
    )
    return colour


def choose_game(ui: Ui, name: str) -> None:
    ui.page.select_option("#game-select", name)
    ui.page.wait_for_function("(n) => location.search.includes(`game=${n}`)", arg=name)


def test_the_four_colour_deck_shows_where_piles_build_in_suit(ui: Ui) -> None:
    ui.open(f"/?game=unlimited&deal={DEALS['unlimited']}")
    g = game.new_game("unlimited", DEALS["unlimited"])
    up = {c[1] for c in (game.cards.code(c) for t in g.tab for c in g.piles[t] if c < 64)}
    suit = "D" if "D" in up else "C"
    red_or_black = card_colour(ui, suit)
    change_settings(ui, four_colour=True)
    blue_or_green = {"D": "rgb(28, 79, 214)", "C": "rgb(13, 122, 46)"}[suit]
    assert card_colour(ui, suit) == blue_or_green != red_or_black
    choose_game(ui, "whitehead")  # builds by colour: four colours would mislead
    expect(ui.page.locator("body")).not_to_have_class("four-colour")
    goto(ui, "/")
    assert shown_settings(ui)["four_colour"] is True
    choose_game(ui, "unlimited")
    expect(ui.page.locator("body")).to_have_class("four-colour")
    assert stored_settings(ui)["four_colour"] is True


def start_with_safe_moves() -> int:
    """A Whitehead deal whose start has safe auto-moves to make."""
    return next(d for d in range(1, 500) if auto_moves(game.new_game("whitehead", d), "safe"))


def test_auto_move_persists_and_a_url_parameter_wins_for_its_visit(ui: Ui) -> None:
    page, deal = ui.page, start_with_safe_moves()
    ui.open(f"/?game=whitehead&deal={deal}")
    g = game.new_game("whitehead", deal)
    made = len(auto_moves(g, "safe"))
    ui.wait_layout(engine_piles(g))  # made with the deal (not counted as the player's)
    assert made and ui.moves_count() == 0
    change_settings(ui, automove="off")
    page.get_by_role("button", name="Restart", exact=True).click()  # nothing played: no question
    assert ui.moves_count() == 0
    goto(ui, f"/?game=whitehead&deal={deal + 1}")  # another deal, dealt with auto-move off
    assert ui.moves_count() == 0 and "automove" not in ui.query()
    assert shown_settings(ui)["automove"] == "off"

    goto(ui, f"/?game=whitehead&deal={deal}&automove=safe")  # the URL's, for this visit
    ui.wait_layout(engine_piles(g))
    assert ui.moves_count() == 0
    assert shown_settings(ui)["automove"] == "safe"
    assert stored_settings(ui)["automove"] == "off"  # the setting itself is unchanged
    assert ui.query()["automove"] == "safe"  # and the shared link keeps saying so
    # Changed in Settings during that visit: the setting, and no longer the URL's.
    change_settings(ui, automove="always")
    assert "automove" not in ui.query()
    assert stored_settings(ui)["automove"] == "always"


def glides_after_a_drop(ui: Ui) -> list[dict[str, Any]]:
    """Drop a Linus tableau card (slowed down) and list the animations running then: the
    same pinned deal each time (a random one's move may resize the cards, or not)."""
    page = ui.page
    ui.at("linus", DEALS["linus"])  # always has tableau moves
    g = game.new_game("linus", DEALS["linus"])
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))
    m = next(m for m in g.plain_moves() if m[0] >= T0 and m[1] >= T0)
    ui.settle()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
    try:
        ui.play(m, g)
        page.wait_for_function(
            "(n) => document.getElementById('moves-count').textContent !== String(n)",
            arg=moves_made(g),
        )
        glides: list[dict[str, Any]] = page.evaluate(
            """() => document.getAnimations().map((a) => ({
                 state: a.playState, duration: a.effect.getTiming().duration }))"""
        )
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()
    return glides


def test_animation_speed_and_reduced_motion(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    change_settings(ui, animation="off", confirm_abandon=False)
    assert glides_after_a_drop(ui) == []
    expect(page.locator("body")).to_have_class("still")
    change_settings(ui, animation="slow")
    glides = glides_after_a_drop(ui)
    assert glides and {a["duration"] for a in glides} == {ANIMATION["slow"]}
    expect(page.locator("body")).not_to_have_class("still")
    change_settings(ui, motion="reduce")
    assert glides_after_a_drop(ui) == []
    goto(ui, "/")
    shown = shown_settings(ui)
    assert (shown["animation"], shown["motion"]) == ("slow", "reduce")
    expect(page.locator("body")).to_have_class("still")


def test_house_rules_are_remembered_per_game(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3&automove=off")
    page.keyboard.press("Space")  # a Whitehead game in progress
    change_settings(ui, **{"linus:pgs": True})  # another game's rule: nothing to ask, nothing dealt
    expect(page.locator("#confirm")).to_be_hidden()
    assert (page.inner_text("#deal-number"), ui.moves_count()) == ("3", 1)
    assert stored_settings(ui)["house_rules"] == {"linus": ["pgs"]}

    page.select_option("#game-select", "linus")  # leaving the game in progress: asked first
    page.locator("#confirm-ok").click()
    page.wait_for_function("() => location.search.includes('game=linus')")
    assert ui.query()["rules"] == "pgs"
    expect(page.locator("#redeal")).to_be_visible()
    page.get_by_role("button", name="New game", exact=True).click()  # not played: no question
    page.wait_for_function("() => !location.search.includes('deal=3&')")
    assert ui.query()["rules"] == "pgs"
    deal = page.inner_text("#deal-number")

    page.click("#redeal")  # a move: this game now counts
    assert ui.moves_count() == 1
    page.get_by_role("button", name="Settings", exact=True).click()
    box = page.locator('#settings-panel [name="linus:pgs"]')
    box.uncheck()
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text("Changing the house rules leaves the game in progress")
    page.locator("#confirm-cancel").click()
    expect(box).to_be_checked()  # nothing changed
    assert ui.query()["rules"] == "pgs" and ui.moves_count() == 1
    box.uncheck()
    page.locator("#confirm-ok").click()
    page.locator("#settings-panel").get_by_role("button", name="Close").click()
    expect(page.locator("#status-line")).to_contain_text("House rules changed")
    assert "rules" not in ui.query() and page.inner_text("#deal-number") == deal
    assert ui.moves_count() == 0
    expect(page.locator("#redeal")).to_be_hidden()
    stats = Stats.loads(page.evaluate("() => localStorage.getItem('solitaire/stats')"))
    assert stats.tally("linus+pgs").abandoned == 1 and stats.tally("whitehead").abandoned == 1

    goto(ui, "/?game=whitehead&deal=4")
    assert shown_settings(ui)["linus:pgs"] is False
    assert stored_settings(ui)["house_rules"] == {}
    change_settings(ui, **{"whitehead:kings_only": True})  # the game in progress, not yet played
    expect(page.locator("#confirm")).to_be_hidden()
    assert ui.query()["rules"] == "kings_only" and page.inner_text("#deal-number") == "4"


def test_asking_before_abandoning_can_be_turned_off(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=5&automove=off")
    change_settings(ui, confirm_abandon=False)
    page.keyboard.press("Space")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.locator("#deal-number")).not_to_have_text("5")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#status-line")).to_contain_text("counts as a loss (abandoned)")
    goto(ui, "/")
    assert shown_settings(ui)["confirm_abandon"] is False
    page.keyboard.press("Space")
    page.get_by_role("button", name="Restart", exact=True).click()
    expect(page.locator("#status-line")).to_contain_text("counts as a loss (abandoned)")
    stats = Stats.loads(page.evaluate("() => localStorage.getItem('solitaire/stats')"))
    assert stats.tally("whitehead").abandoned == 2


def test_changing_settings_keeps_the_game_in_progress(ui: Ui) -> None:
    page, deal = ui.page, DEALS["whitehead"]
    ui.open(f"/?game=whitehead&deal={deal}&automove=off")
    g = game.new_game("whitehead", deal)
    for _ in range(2):
        page.keyboard.press("Space")
        g.play("s")
    ui.wait_layout(engine_piles(g))
    change_settings(ui, four_colour=True, animation="fast", motion="full", winnable_only=True,
           confirm_abandon=False, **{"linus:pgs": True})  # fmt: skip
    ui.wait_layout(engine_piles(g))
    assert (ui.moves_count(), page.inner_text("#deal-number")) == (2, str(deal))
    change_settings(ui, automove="safe")  # the one that may move: the safe moves, and nothing else
    made = auto_moves(g, "safe")
    assert made  # the pinned deal has safe moves to make at its start
    ui.wait_layout(engine_piles(g))
    assert ui.moves_count() == 2 + len(made)
    goto(ui, "/")  # and it is the game that comes back
    ui.wait_layout(engine_piles(g))
    page.click("#undo")  # a resumed game keeps its undo steps: the auto-moves were one
    for _ in made:
        g.undo()
    ui.wait_layout(engine_piles(g))
    assert ui.moves_count() == 2
