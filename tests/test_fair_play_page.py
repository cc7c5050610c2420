"""Fair play in the page: the solver's verdict line obeys its setting (always; once a hint is
asked or the game is over, the default; never), and wins with help (a hint, a verdict seen,
Finish before the rest was forced) count apart, set no best, say so, and stay so through a
reload.

Unlimited deal 3 is lost at the deal (`python -m game solve unlimited --deal 3`: 8 nodes).
Whitehead deal 5 is winnable, but no move is left once its stock is dealt (automove off).
Quick wins start from `golden/whitehead_lost_then_won.json` (Whitehead deal 385): its moves
and then its line lead to where foundation moves alone win, with no deal left to make, so
Finish there is no help; and from Whitehead deal 32 of `golden/solver_wins.json`, 124 moves
in, where Finish is offered but would still deal from the stock: help.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import expect
from test_table_kit import Ui, change_settings, engine_piles, module_ui

import game
from game.assist import forced, won_on_paper
from game.saved import pack, unpack
from game.solver import solve
from game.stats import Help, Stats

pytestmark = pytest.mark.browser

GOLDEN = Path(__file__).parent / "golden"
LOST_THEN_WON = json.loads((GOLDEN / "whitehead_lost_then_won.json").read_text())
WINS = json.loads((GOLDEN / "solver_wins.json").read_text())["wins"]
LOST_AT_DEAL = 3  # Unlimited
QUICK_DEAL = 5  # Unlimited: won in about 0.01 s natively
LOST_DEAL, LOST_AFTER = 5, 24  # Whitehead
EARLY = ("whitehead", 32, 124)  # a win's position where Finish is offered, not forced
STORE_KEY, STATS_KEY = "solitaire/current", "solitaire/stats"
SOLVER_MS = 20_000

ui = module_ui(reduced_motion="reduce")


# -- helpers -----------------------------------------------------------------------------------


def advice(ui: Ui, text: str, verdict: str, timeout: float = SOLVER_MS) -> None:
    """The verdict line shows ``text``, its data-verdict is ``verdict``."""
    line = ui.page.locator("#advice")
    expect(line).to_have_attribute("data-verdict", verdict, timeout=timeout)
    expect(line).to_have_text(text)


def stored(ui: Ui, key: str) -> Any:
    return json.loads(ui.page.evaluate("(k) => localStorage.getItem(k)", key))


def reload(ui: Ui) -> None:
    ui.page.reload()
    wait_ready(ui.page)


def resume(ui: Ui, g: game.Game, elapsed: float) -> None:
    """``g`` comes back as the saved game (as if played yesterday, for ``elapsed`` s)."""
    ui.settled()  # no save left waiting for its frame: leaving would write it over this one
    ui.page.evaluate("([k, t]) => localStorage.setItem(k, t)", [STORE_KEY, pack(g, elapsed)])
    ui.page.goto("/")  # a URL without a deal: the saved game comes back
    wait_ready(ui.page)
    expect(ui.page.locator("#status-line")).to_contain_text("your game is back")
    ui.wait_layout(engine_piles(g))


def stats_rows(ui: Ui) -> dict[str, str]:
    page = ui.page
    page.click("#outcome-stats" if page.locator("#outcome[open]").count() else "#stats-button")
    panel = page.locator("#stats-panel")
    expect(panel).to_be_visible()
    rows = dict(
        zip(
            panel.locator("#stats-table th").all_inner_texts(),
            panel.locator("#stats-table td").all_inner_texts(),
            strict=True,
        )
    )
    panel.get_by_role("button", name="Close", exact=True).click()
    return rows


def finish(ui: Ui) -> None:
    ui.page.get_by_role("button", name="Finish", exact=True).click()
    expect(ui.page.locator("#outcome")).to_have_attribute("data-outcome", "won", timeout=20_000)


def near_the_end() -> game.Game:
    """Whitehead deal 385 where foundation moves alone win, no deal to make: forced."""
    record = LOST_THEN_WON
    g = game.replay({k: record[k] for k in ("game", "deal", "rules", "moves")})
    for text in record["line"]:
        g.apply(g.resolve(text))
    assert forced(g)
    return g


def finish_offered_not_forced() -> game.Game:
    name, deal, at = EARLY
    record = next(r for r in WINS if (r["game"], r["deal"], r["rules"]) == (name, deal, {}))
    g = game.replay({**record, "moves": record["moves"][:at]})
    line = won_on_paper(g)
    assert line is not None and not forced(g)
    return g


# -- the verdict line --------------------------------------------------------------------------


def test_the_verdict_line_obeys_its_setting(ui: Ui) -> None:
    assert solve(game.new_game("unlimited", LOST_AT_DEAL), seconds=5).result == "lost"
    page = ui.page
    ui.open(f"/?game=unlimited&deal={LOST_AT_DEAL}")
    # The default: decided, and kept back at the deal.
    advice(ui, "", "hidden")
    assert page.is_checked('#set-verdicts input[value="asked"]')
    change_settings(ui, verdicts="always")
    advice(ui, "This deal cannot be won", "lost", timeout=2000)  # known: shown at once
    assert stored(ui, "solitaire/settings")["verdicts"] == "always"
    assert stored(ui, STATS_KEY)["current"]["help"]["verdict"] is True  # seen: help
    change_settings(ui, verdicts="never")
    advice(ui, "", "hidden", timeout=2000)
    page.click("#hint")  # a hint still answers: it is help the player asked for
    expect(page.locator("#status-line")).to_have_text("No move can win from here.")
    advice(ui, "", "hidden", timeout=2000)
    change_settings(ui, verdicts="asked")  # a hint was asked in this game: the verdict may show
    advice(ui, "This deal cannot be won", "lost", timeout=2000)

    # Another deal, asked: nothing at the deal; a hint lets the verdict out. (A deal the
    # solver wins in a blink: a random one may outlast any wait.)
    assert solve(game.new_game("unlimited", QUICK_DEAL), seconds=5).result == "won"
    page.goto(f"/?game=unlimited&deal={QUICK_DEAL}")
    ui.wait_ready()
    expect(page.locator("#deal-number")).to_have_text(str(QUICK_DEAL))
    line = page.locator("#advice")
    expect(line).to_have_attribute("data-verdict", re.compile("hidden|thinking|unknown"))
    expect(line).to_have_text("")
    assert stored(ui, STATS_KEY)["current"]["help"] == Help().__dict__
    page.keyboard.press("h")
    expect(line).to_have_attribute("data-verdict", re.compile("won|lost"), timeout=SOLVER_MS)
    expect(line).to_have_text(re.compile("Winnable|cannot be won"))


def test_a_lost_game_says_whether_it_could_have_been_won(ui: Ui) -> None:
    assert solve(game.new_game("whitehead", LOST_DEAL), seconds=10).result == "won"
    page = ui.page
    ui.open(f"/?game=whitehead&deal={LOST_DEAL}&automove=off")
    advice(ui, "", "hidden")  # winnable, not said
    for _ in range(LOST_AFTER):
        page.keyboard.press("Space")
    expect(page.locator("#outcome")).to_have_attribute("data-outcome", "lost")
    line = page.locator("#advice")
    expect(line).to_have_text(re.compile(r"^It could have been won: undo \d+ moves?$"))
    # Seen once the game is over: no help to the game that ended (its share says so)...
    assert stored(ui, STATS_KEY)["current"]["help"]["verdict"] is False
    page.locator("#outcome-undo").click()
    expect(line).to_have_text(re.compile(r"^No longer winnable: undo \d+ moves? to get back$"))
    # ...but help to the game it goes on as, whatever follows (an undo and a win)
    assert stored(ui, STATS_KEY)["current"]["help"]["verdict"] is True


# -- wins with help ----------------------------------------------------------------------------


def test_a_win_after_a_hint_counts_with_help_sets_no_best_and_survives_a_reload(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=385")
    g = near_the_end()

    # Without help: Finish when the rest is forced only saves taps.
    resume(ui, g, 600.0)
    finish(ui)
    expect(page.locator("#outcome-text")).to_have_text(
        re.compile(r"^Won without help\. \d+ moves in 10:\d\d\.$")
    )
    expect(page.locator("#status-line")).to_contain_text(", without help.")
    first = stats_rows(ui)
    assert first["Won"] == "1" and first["Best time"].startswith("10:")
    page.locator("#outcome-new").click()

    # The same position again, quicker, after a hint: a win with help, no new best.
    resume(ui, g, 60.0)
    page.click("#hint")
    expect(page.locator("#status-line")).to_contain_text("Hint: ", timeout=SOLVER_MS)
    assert stored(ui, STATS_KEY)["current"]["help"]["hints"] == 1
    page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # saved as on leaving
    assert unpack(page.evaluate("(k) => localStorage.getItem(k)", STORE_KEY)).help.hints == 1
    reload(ui)  # the hint is remembered
    expect(page.locator("#status-line")).to_contain_text("your game is back")
    finish(ui)
    text = page.locator("#outcome-text")
    expect(text).to_have_text(re.compile(r"^Won with help: 1 hint\. \d+ moves in 1:\d\d\.$"))
    expect(page.locator("#status-line")).to_contain_text(", with help: 1 hint.")
    rows = stats_rows(ui)
    assert rows["Won"] == "2 (1 with help)"
    assert (rows["Best time"], rows["Fewest moves"]) == (first["Best time"], first["Fewest moves"])
    kept = Stats.loads(page.evaluate("(k) => localStorage.getItem(k)", STATS_KEY))
    assert (kept.tally("whitehead").won, kept.tally("whitehead").won_helped) == (2, 1)
    reload(ui)
    assert stats_rows(ui)["Won"] == "2 (1 with help)"


def test_finish_before_the_rest_is_forced_is_help(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=32")
    resume(ui, finish_offered_not_forced(), 30.0)
    expect(page.get_by_role("button", name="Finish", exact=True)).to_be_visible()
    finish(ui)
    expect(page.locator("#outcome-text")).to_have_text(
        re.compile(r"^Won with help: Finish\. \d+ moves in 0:\d\d\.$")
    )
    rows = stats_rows(ui)
    assert (rows["Won"], rows["Best time"], rows["Fewest moves"]) == ("1 (1 with help)", "–", "–")


def test_a_verdict_seen_is_help(ui: Ui) -> None:
    page = ui.page
    ui.open("/?game=whitehead&deal=385")
    change_settings(ui, verdicts="always")
    resume(ui, near_the_end(), 30.0)
    advice(ui, "Winnable", "won")
    finish(ui)
    expect(page.locator("#outcome-text")).to_have_text(
        re.compile(r"^Won with help: the solver's verdict\. ")
    )
    assert stats_rows(ui)["Won"] == "1 (1 with help)"
