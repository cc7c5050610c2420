"""Statistics in the page: a loss, an abandon and a win counted once each, through reloads;
a lost game undone and won counts as one win; reset asks first; damaged storage is kept
aside with a notice and the page plays on.

`golden/whitehead_lost_then_won.json`: Whitehead deal 385 after 76 moves (a seeded random
playout), a move that loses at once from there (`losing`), and the solver's winning line
from the same position up to where Finish can play the rest. Made once with game.solver.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import wait_ready
from playwright.sync_api import expect
from test_table_kit import Ui, engine_piles, module_ui, settled

import game
from game.saved import pack
from game.stats import Stats, variant_title

pytestmark = pytest.mark.browser

LOST_THEN_WON = json.loads((Path(__file__).parent / "golden" / "whitehead_lost_then_won.json").read_text())  # fmt: skip
LOST_DEAL, LOST_AFTER = 5, 24  # Whitehead deal 5: no move is left once the stock is dealt
ASIDE = "solitaire/damaged/"


ui = module_ui(reduced_motion="reduce")


def stats_shown(ui: Ui, key: str | None = None) -> dict[str, str]:
    """Open Statistics (for variant `key`, else the one it opens on), read it, close it."""
    page = ui.page
    page.click("#outcome-stats" if page.locator("#outcome[open]").count() else "#stats-button")
    panel = page.locator("#stats-panel")
    expect(panel).to_be_visible()
    if key is not None:
        page.select_option("#stats-variant", key)
    rows = dict(
        zip(
            panel.locator("#stats-table th").all_inner_texts(),
            panel.locator("#stats-table td").all_inner_texts(),
            strict=True,
        )
    )
    rows["chart"] = panel.locator("svg.chart").get_attribute("aria-label") or ""
    rows["variant"] = page.input_value("#stats-variant")
    panel.get_by_role("button", name="Close", exact=True).click()
    expect(panel).to_be_hidden()
    return rows


def stored(ui: Ui, key: str) -> str | None:
    text: str | None = ui.page.evaluate("(k) => localStorage.getItem(k)", key)
    return text


def reload(ui: Ui) -> None:
    ui.page.reload()
    wait_ready(ui.page)


def deal_one(ui: Ui) -> None:
    """A move: one card from the stock (Whitehead)."""
    before = ui.moves_count()
    ui.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    ui.page.keyboard.press("Space")
    ui.page.wait_for_function(
        "(n) => document.getElementById('moves-count').textContent === String(n)", arg=before + 1
    )
    ui.settled()  # and its statistics saved (after the frame: game/ui/later.py)


def test_a_loss_and_an_abandon_count_once_each_and_survive_a_reload(ui: Ui) -> None:
    page = ui.page
    ui.open(f"/?game=whitehead&deal={LOST_DEAL}&automove=off")
    assert stats_shown(ui)["Played"] == "0"
    for _ in range(LOST_AFTER):
        deal_one(ui)
    outcome = page.locator("#outcome")
    expect(outcome).to_have_attribute("data-outcome", "lost")
    expect(page.locator("#outcome-tally")).to_have_text(
        "Whitehead: 0 won of 1 (0%), winning streak 0."
    )
    page.locator("#outcome-restart").click()  # a finished game: no question, no abandon
    expect(page.locator("#confirm")).to_be_hidden()
    rows = stats_shown(ui)
    assert rows["variant"] == "whitehead"
    assert (rows["Played"], rows["Won"], rows["Lost"], rows["Win rate"]) == ("1", "0", "1", "0%")

    # A move, then New game: asked first; Cancel keeps the game as it is.
    deal_one(ui)
    page.get_by_role("button", name="New game", exact=True).click()
    confirm = page.locator("#confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("counts as a loss")
    page.locator("#confirm-cancel").click()
    expect(confirm).to_be_hidden()
    assert (page.inner_text("#deal-number"), ui.moves_count()) == (str(LOST_DEAL), 1)
    assert stats_shown(ui)["Played"] == "1"
    # The N key asks too; this time the game is abandoned, and the page says what it cost.
    page.keyboard.press("n")
    expect(confirm).to_be_visible()
    page.get_by_role("button", name="Abandon it").click()
    expect(page.locator("#deal-number")).not_to_have_text(str(LOST_DEAL))
    expect(page.locator("#status-line")).to_contain_text("counts as a loss (abandoned)")
    rows = stats_shown(ui)
    assert (rows["Played"], rows["Won"], rows["Lost"]) == ("2", "0", "2 (1 abandoned)")
    assert rows["chart"] == "Last 14 days: 2 games, 0 won, 2 lost"
    assert Stats.loads(stored(ui, "solitaire/stats")).tally("whitehead").recent == [
        "lost",
        "abandoned",
    ]

    # The fresh deal was not played: leaving it costs nothing and asks nothing.
    page.get_by_role("button", name="New game", exact=True).click()
    expect(confirm).to_be_hidden()
    reload(ui)
    assert stats_shown(ui, "whitehead") == rows

    # A link to another deal replaces the game in progress: that is an abandon too, said.
    deal_one(ui)
    ui.page.goto(f"/?game=whitehead&deal={LOST_DEAL + 1}")
    wait_ready(ui.page)
    expect(page.locator("#status-line")).to_contain_text("counts as a loss (abandoned)")
    assert stats_shown(ui)["Lost"] == "3 (2 abandoned)"


def test_a_lost_game_undone_and_won_counts_once_as_a_win(ui: Ui) -> None:
    page, record = ui.page, LOST_THEN_WON
    g = game.replay({k: record[k] for k in ("game", "deal", "rules", "moves")})
    ui.open(f"/?game=whitehead&deal={record['deal']}&automove=off")
    # The position comes back as a saved game (as if the player had played it yesterday).
    page.evaluate("(t) => localStorage.setItem('solitaire/current', t)", pack(g, 600.0))
    # No verdict when it is lost: "It could have been won: undo 1 move", seen, is help, and
    # a win with help sets no best (tests/test_fair_play_page.py).
    never = '{"version": 1, "verdicts": "never"}'
    page.evaluate("(t) => localStorage.setItem('solitaire/settings', t)", never)
    reload(ui)
    expect(page.locator("#status-line")).to_contain_text("your game is back")
    ui.wait_layout(engine_piles(g))

    losing = g.resolve(record["losing"])
    ui.play(losing, g)
    expect(page.locator("#outcome")).to_have_attribute("data-outcome", "lost")
    rows = stats_shown(ui)
    assert (rows["Played"], rows["Won"], rows["Lost"]) == ("1", "0", "1")
    page.locator("#outcome-undo").click()
    ui.wait_layout(engine_piles(g))

    for text in record["line"]:
        m = g.resolve(text)
        if m[0] == game.notation.STOCK:
            ui.tap("s", -1)
        else:
            ui.play(m, g)
        g.apply(m)
        page.wait_for_function(
            "(n) => document.getElementById('moves-count').textContent === String(n)",
            arg=len(g.moves),
        )
    page.get_by_role("button", name="Finish", exact=True).click()
    expect(page.locator("#outcome")).to_have_attribute("data-outcome", "won", timeout=20_000)
    expect(page.locator("#outcome-tally")).to_have_text(
        "Whitehead: 1 won of 1 (100%), winning streak 1."
    )
    moves = ui.moves_count()
    rows = stats_shown(ui)
    assert (rows["Played"], rows["Won"], rows["Lost"], rows["Win rate"]) == ("1", "1", "0", "100%")
    assert (rows["Current winning streak"], rows["Best winning streak"]) == ("1", "1")
    assert rows["Fewest moves"] == str(moves)
    minutes = int(rows["Best time"].split(":")[0])
    assert minutes >= 10  # the saved game's ten minutes count
    assert rows["chart"] == "Last 14 days: 1 game, 1 won, 0 lost"
    # Undone and won again, or left for a new deal: still one game, one win.
    page.locator("#outcome").get_by_role("button", name="New game", exact=True).click()
    expect(page.locator("#confirm")).to_be_hidden()
    reload(ui)
    assert stats_shown(ui, "whitehead") == {**rows, "variant": "whitehead"}


def some_stats() -> str:
    s = Stats()
    for key, outcomes in (("whitehead", "wwl"), ("linus+pgs", "lw")):
        for i, o in enumerate(outcomes):
            s.begin(key, i + 1)
            s.moved()
            s.finish("won" if o == "w" else "lost", 100 + i, 90 + i)
    s.begin("whitehead", 99)
    return s.dumps()


def test_reset_asks_first_then_forgets_the_shown_game_or_all(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=3")
    page.evaluate("(t) => localStorage.setItem('solitaire/stats', t)", some_stats())
    reload(ui)
    assert stats_shown(ui)["Played"] == "3"
    linus = stats_shown(ui, "linus+pgs")
    assert (linus["Played"], linus["Won"]) == ("2", "1")

    panel, confirm = page.locator("#stats-panel"), page.locator("#confirm")
    page.get_by_role("button", name="Statistics", exact=True).click()
    reset = panel.get_by_role("button", name=f"Reset {variant_title('whitehead')}")
    reset.click()
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("forgets the statistics of Whitehead")
    page.locator("#confirm-cancel").click()
    expect(panel.locator("#stats-table")).to_contain_text("3")
    reset.click()
    page.locator("#confirm-ok").click()
    expect(confirm).to_be_hidden()
    expect(panel).to_be_visible()  # back to the statistics, now empty
    expect(panel.locator("#stats-table td").first).to_have_text("0")
    expect(reset).to_be_disabled()
    panel.get_by_role("button", name="Close", exact=True).click()
    kept = Stats.loads(stored(ui, "solitaire/stats"))
    assert set(kept.tallies) == {"linus+pgs"}

    page.get_by_role("button", name="Statistics", exact=True).click()
    panel.get_by_role("button", name="Reset all").click()
    expect(confirm).to_contain_text("all your statistics")
    page.locator("#confirm-ok").click()
    panel.get_by_role("button", name="Close", exact=True).click()
    reload(ui)
    assert stats_shown(ui, "linus+pgs")["Played"] == "0"
    assert Stats.loads(stored(ui, "solitaire/stats")).tallies == {}


DAMAGED = [
    ("{", '{"version": 1, "automove": "sometimes"}', "are damaged (not JSON)",
     "setting automove"),
    ('{"version": 0, "tallies": {}}', '{"version": 1, "four_colour": "yes"}',
     "are from another version", "setting four_colour"),
    ("[" * 100_000, "x" * 20_000, "are damaged (not JSON)", "far too long"),
    ('{"version": 1, "tallies": {"linus": {"played": 1, "won": 5}}}',
     '{"version": 1, "house_rules": {"linus": ["kings_only"]}}', "are damaged (counts do not add up)",
     "no house rule 'kings_only'"),
]  # fmt: skip


@pytest.mark.parametrize(("stats", "settings", "said_stats", "said_settings"), DAMAGED)
def test_damaged_statistics_and_settings_are_kept_aside_with_a_notice(
    ui: Ui, stats: str, settings: str, said_stats: str, said_settings: str
) -> None:
    page = ui.page
    ui.open(f"/?game=whitehead&deal={LOST_DEAL}")
    page.evaluate(
        "([s, t]) => { localStorage.setItem('solitaire/stats', s);"
        " localStorage.setItem('solitaire/settings', t); }",
        [stats, settings],
    )
    reload(ui)
    notice = ui.status_line()
    assert f"Your statistics could not be read (the statistics {said_stats}" in notice, notice
    assert "Your settings could not be read (" in notice and said_settings in notice, notice
    assert notice.count("kept aside") == 2 and "\n" not in notice
    aside = page.evaluate(
        "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p)).sort()"
        ".map((k) => [k, localStorage.getItem(k)])",
        ASIDE,
    )
    assert [text for _, text in aside] == [settings, stats]  # settings/…, then stats/…
    assert stored(ui, "solitaire/stats") is None or Stats.loads(stored(ui, "solitaire/stats"))
    # The page plays on with the defaults, and counts afresh.
    deal_one(ui)
    page.get_by_role("button", name="New game", exact=True).click()
    page.locator("#confirm-ok").click()  # asking first is the default again
    assert stats_shown(ui, "whitehead")["Lost"] == "1 (1 abandoned)"
    page.get_by_role("button", name="Settings", exact=True).click()
    assert page.input_value("#automove-select") == "safe"
    page.locator("#settings-panel").get_by_role("button", name="Close").click()


def test_a_game_ended_in_one_tab_counts_once_whichever_tab_plays_it_next(ui: Ui) -> None:
    page = ui.page
    ui.open(f"/?game=whitehead&deal={LOST_DEAL}&automove=off")
    other = page.context.new_page()  # a second tab of the same browser
    try:
        other.goto("/")  # it resumes the same deal and takes it: the first tab goes idle
        wait_ready(other)
        expect(page.locator("#play-here")).to_be_visible()
        for _ in range(LOST_AFTER):
            other.keyboard.press("Space")
        expect(other.locator("#outcome")).to_have_attribute("data-outcome", "lost")
        assert stats_shown(ui)["Lost"] == "1"  # heard from the other tab
        page.click("#play-here")  # the lost game comes here; it was counted already
        expect(page.locator("#outcome")).to_have_attribute("data-outcome", "lost")
        assert stats_shown(ui)["Played"] == "1"
        page.locator("#outcome-new").click()  # a new deal: nothing left unfinished
        deal_one(ui)  # this one is in progress now
        other.reload()  # the other tab takes it back, and abandons it
        wait_ready(other)
        settled(other)  # its start's jobs after the frame done (game/ui/later.py)
        expect(page.locator("#play-here")).to_be_visible()
        other.click("#new-game")
        other.locator("#confirm-ok").click()
        expect(other.locator("#status-line")).to_contain_text("abandoned")
        page.click("#play-here")
        expect(page.locator("#status-line")).to_contain_text("Playing here")
    finally:
        other.close()
    tally = Stats.loads(stored(ui, "solitaire/stats")).tally("whitehead")
    assert (tally.played, tally.abandoned, tally.recent) == (2, 1, ["lost", "abandoned"])
    assert stats_shown(ui)["Played"] == "2"


def test_a_saved_game_nested_too_deep_is_kept_aside_not_a_crash(ui: Ui) -> None:
    # CPython would raise RecursionError; Pyodide's stack would overflow and kill the page.
    page = ui.page
    ui.open(f"/?game=whitehead&deal={LOST_DEAL}")
    page.evaluate("() => localStorage.setItem('solitaire/current', '['.repeat(100000))")
    page.goto("/")
    wait_ready(page)
    expect(page.locator("#status-line")).to_contain_text("nested more than 990 deep")
    expect(page.locator("#status-line")).to_contain_text("kept aside")
