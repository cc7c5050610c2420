"""A move's task draws the move and nothing else (game/ui/later.py): the save, embed
events, the advisor and the keyboard cursor wait until the frame has painted, and
nothing is lost for it — a pending save is written when the page is hidden, frozen or
left, moves made quickly are saved once, and the embed events keep their order.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_embed import events, game_frame, guarded, wait_event
from test_table_kit import DEALS, Ui, module_ui

from game import new_game
from game.assist import auto_moves

pytestmark = pytest.mark.browser

KEY = "solitaire/current"
DEAL = DEALS["whitehead"]
START = f"/?game=whitehead&deal={DEAL}"

ui = module_ui(reduced_motion="reduce")

# Taps the stock with synthetic pointer events and reports, in the same task, what the
# page shows and what it has stored; the saves counted by wrapping setItem.
TAP_JS = """(times) => {
  const key = 'solitaire/current';
  window.__saves = 0;
  if (!window.__wrapped) {
    window.__wrapped = true;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === key) window.__saves += 1;
      return set.call(this, k, v);
    };
  }
  const stored = localStorage.getItem(key);
  const stock = document.querySelector('[data-pile="s"]').getBoundingClientRect();
  const at = {clientX: stock.left + 8, clientY: stock.top + 8, button: 0, pointerId: 1,
              isPrimary: true, bubbles: true, pointerType: 'mouse'};
  const table = document.getElementById('table');
  for (let i = 0; i < times; i++) {
    table.dispatchEvent(new PointerEvent('pointerdown', at));
    table.dispatchEvent(new PointerEvent('pointerup', at));
  }
  return {
    waste: document.querySelectorAll('[data-pile="w"] .card').length,
    moves: Number(document.getElementById('moves-count').textContent),
    unchanged: localStorage.getItem(key) === stored,
    saves: window.__saves,
    later: document.documentElement.dataset.later,
  };
}"""


def stored_moves(ui: Ui) -> list[str]:
    text = ui.page.evaluate("(k) => localStorage.getItem(k)", KEY)
    data: dict[str, Any] = json.loads(text)
    moves: list[str] = data["record"]["moves"]
    return moves[: len(moves) - data["undone"]]


def at_start(ui: Ui) -> int:
    """The deal's start; the page's move count there (its own auto-moves are not counted)."""
    ui.at("whitehead", DEAL)
    ui.settled()
    g = new_game("whitehead", DEAL)
    assert auto_moves(g, "safe")  # made with the deal ...
    return 0  # ... and not the player's


def test_a_move_is_drawn_in_its_task_and_saved_after_the_paint(ui: Ui) -> None:
    dealt = at_start(ui)
    seen = ui.page.evaluate(TAP_JS, 1)
    # In the input's own task: the card is on the waste and the toolbar counts it ...
    assert seen["waste"] == 1 and seen["moves"] == dealt + 1
    # ... and nothing is stored yet: that waits for the paint
    assert seen["unchanged"] and seen["saves"] == 0 and seen["later"] == "busy"
    ui.settled()
    assert stored_moves(ui)[-1] == "s"
    assert ui.page.evaluate("() => window.__saves") == 1


def test_moves_made_quickly_are_saved_once_with_the_last(ui: Ui) -> None:
    dealt = at_start(ui)
    seen = ui.page.evaluate(TAP_JS, 3)
    assert seen["waste"] == 3 and seen["moves"] == dealt + 3 and seen["saves"] == 0
    ui.settled()
    assert ui.page.evaluate("() => window.__saves") == 1
    assert stored_moves(ui)[-3:] == ["s", "s", "s"]


@pytest.mark.parametrize(
    "leave",
    [
        "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange'));"
        " delete document.visibilityState;",
        "document.dispatchEvent(new Event('freeze'));",
        "window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}));",
    ],
    ids=["hidden", "frozen", "left"],
)
def test_a_pending_save_is_written_when_the_page_is_hidden_frozen_or_left(
    ui: Ui, leave: str
) -> None:
    at_start(ui)
    # The move and the page's leaving in one task: no frame comes between them.
    written = ui.page.evaluate(
        f"""() => {{
          const key = 'solitaire/current';
          const before = localStorage.getItem(key);
          const tap = ({TAP_JS});
          tap(1);
          const pending = localStorage.getItem(key) === before;
          {leave}
          const record = JSON.parse(localStorage.getItem(key)).record;
          return {{pending, last: record.moves[record.moves.length - 1],
                   later: document.documentElement.dataset.later}};
        }}"""
    )
    assert written == {"pending": True, "last": "s", "later": "done"}


def test_a_reload_right_after_a_move_keeps_it(ui: Ui) -> None:
    dealt = at_start(ui)
    ui.page.evaluate(TAP_JS, 2)
    ui.page.reload()  # at once: the save waits for no frame that never comes
    ui.wait_ready()
    assert ui.moves_count() == dealt + 2
    assert stored_moves(ui)[-2:] == ["s", "s"]


def test_a_hint_right_after_a_move_is_for_the_position_shown(ui: Ui) -> None:
    at_start(ui)
    # The move and the Hint in one task: the advisor, not yet told, is told first.
    ui.page.evaluate(f"() => {{ ({TAP_JS})(1); document.getElementById('hint').click(); }}")
    ui.settled()
    line = ui.status_line()
    assert line.startswith(("Hint:", "Thinking", "No winning line found yet")), line


def quiet(page: Any) -> int:
    """How many events the host has had once none has come for half a second (the
    game's first jobs after its ready may post one)."""
    before, count = -1, len(events(page))
    while count != before:
        page.wait_for_timeout(500)
        before, count = count, len(events(page))
    return count


def test_embed_events_keep_their_order_and_come_after_the_paint(
    browser: Any, server_url: str
) -> None:
    with guarded(browser, server_url) as (page, log):
        page.goto(f"{server_url}/static/embed-example.html")
        wait_event(page, log, "e.type === 'ready'")
        frame = game_frame(page)
        settled_js = "() => document.documentElement.dataset.later !== 'busy'"
        frame.wait_for_function(settled_js)
        seen = quiet(page)
        # Three deals in one task of the game's page: no event is posted in it ...
        frame.evaluate(
            """() => { const t = document.getElementById('table');
              const r = document.querySelector('[data-pile="s"]').getBoundingClientRect();
              const at = {clientX: r.left + 8, clientY: r.top + 8, button: 0, pointerId: 1,
                          isPrimary: true, bubbles: true};
              for (let i = 0; i < 3; i++) {
                t.dispatchEvent(new PointerEvent('pointerdown', at));
                t.dispatchEvent(new PointerEvent('pointerup', at));
              } }"""
        )
        frame.wait_for_function(settled_js)
        last = wait_event(page, log, "e.type === 'status'", seen + 5)
        got = [(e["type"], e.get("move"), e["moves"]) for e in events(page)[seen:]]
        # ... and after it, each move's event before its status, in the order played (a
        # random deal's auto-moves may follow a deal: the counts rise, by one or more)
        assert [(kind, move) for kind, move, _ in got] == [("move", "s"), ("status", None)] * 3
        counts = [moves for _, _, moves in got]
        assert counts[0::2] == counts[1::2]  # a status says the moves its move made
        assert counts[0] < counts[2] < counts[4] == last["moves"]
