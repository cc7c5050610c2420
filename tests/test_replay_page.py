"""The replay viewer and record files in the page: export (a download the command line
replays to the page's position), import (picked or dropped; bad files refused in one line,
the game in progress never lost; asked before replacing it), stepping, autoplay and
"play from here". The viewer's table shows exactly what play would: face-down cards stay
face down.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from conftest import ROOT
from playwright.sync_api import FilePayload, expect
from test_table_kit import (
    DEALS,
    FACE_DOWN_JS,
    LAYOUT_JS,
    Layout,
    Ui,
    engine_piles,
    identity_traces,
    module_ui,
    moves_made,
    play_texts,
)
from test_transfer import played as chosen

import game
from game.assist import auto_moves
from game.transfer import file_text

pytestmark = pytest.mark.browser

ui = module_ui(reduced_motion="reduce", accept_downloads=True)

VIEWER_JS = LAYOUT_JS.replace("#table ", "#replay-table ")
HIDDEN_JS = FACE_DOWN_JS.replace("#table ", "#replay-table ")
DEAL = DEALS["whitehead"]


def viewer(ui: Ui) -> Layout:
    shown: Layout = ui.page.evaluate(VIEWER_JS)
    return shown


def where(ui: Ui) -> str:
    return ui.page.inner_text("#replay-where")


def at_start(ui: Ui, name: str = "whitehead", deal: int = DEAL) -> game.Game:
    """The page at the start of a deal (and its auto-moves), and the engine's twin."""
    ui.at(name, deal)
    g = game.new_game(name, deal)
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))
    return g


def play_some(ui: Ui, g: game.Game) -> None:
    play_texts(ui, g, ["t2>t1", "t3>t1x2", "s", "s"])


def pick(ui: Ui, name: str, content: str | bytes) -> None:
    """Choose a file in the viewer's file picker (the dialog is open)."""
    data = content.encode() if isinstance(content, str) else content
    payload: FilePayload = {"name": name, "mimeType": "application/json", "buffer": data}
    ui.page.set_input_files("#replay-file", files=[payload])


def open_viewer(ui: Ui) -> None:
    ui.page.click("#replay-button")
    expect(ui.page.locator("#replay")).to_have_attribute("open", "")


# -- export ------------------------------------------------------------------------------


def test_export_downloads_a_record_the_command_line_replays_to_the_same_position(
    ui: Ui,
) -> None:
    g = at_start(ui)
    play_some(ui, g)
    open_viewer(ui)
    with ui.page.expect_download() as caught:
        ui.page.click("#replay-export")
    download = caught.value
    assert download.suggested_filename == f"whitehead-deal-{DEAL}.json"
    path = download.path()
    record: dict[str, Any] = json.loads(path.read_text())
    assert record == g.record()
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "playing" in out.stdout
    assert engine_piles(game.replay(record)) == ui.layout()
    expect(ui.page.locator("#replay-message")).to_contain_text("Exported")


# -- import ------------------------------------------------------------------------------


def test_a_good_file_becomes_the_game_with_its_moves_undoable(ui: Ui) -> None:
    at_start(ui)  # only the deal's own auto-moves: nothing to lose, nothing asked
    other = chosen("blind-alleys", 9, 12)
    open_viewer(ui)
    pick(ui, "friend.json", file_text(other.record()))
    expect(ui.page.locator("#replay-message")).to_contain_text("Opened friend.json")
    assert not ui.page.locator("#confirm").is_visible()
    assert viewer(ui) == engine_piles(other) and "Move 12 of 12" in where(ui)
    ui.page.click("#replay-close")
    ui.wait_layout(engine_piles(other))
    assert ui.moves_count() == 12 and ui.page.inner_text("#deal-number") == "9"
    assert ui.query()["game"] == "blind-alleys"
    ui.page.click("#undo")
    other.undo()
    ui.wait_layout(engine_piles(other))


def test_replacing_a_game_in_progress_is_asked_and_keeping_it_shows_the_file(ui: Ui) -> None:
    g = at_start(ui)
    play_some(ui, g)
    other = chosen("unlimited", 5, 10)
    open_viewer(ui)
    pick(ui, "unlimited-deal-5.json", file_text(other.record()))
    expect(ui.page.locator("#confirm")).to_be_visible()
    expect(ui.page.locator("#confirm-text")).to_contain_text("Opening")
    ui.page.click("#confirm-cancel")
    expect(ui.page.locator("#replay-source")).to_contain_text("not your game")
    assert viewer(ui) == engine_piles(other)
    assert ui.layout() == engine_piles(g)  # the game in progress is untouched
    ui.page.keyboard.press("Home")
    for _ in range(4):
        ui.page.keyboard.press("ArrowRight")
    assert where(ui).startswith("Move 4 of 10")
    ui.page.click("#replay-play")
    expect(ui.page.locator("#confirm")).to_be_visible()
    ui.page.click("#confirm-ok")
    expect(ui.page.locator("#replay")).not_to_be_visible()
    here = chosen("unlimited", 5, 10)
    for _ in range(6):
        here.undo()
    ui.wait_layout(engine_piles(here))
    assert ui.moves_count() == 4 and not ui.page.is_disabled("#redo")
    expect(ui.page.locator("#status-line")).to_contain_text("Playing from move 4 of 10")
    ui.page.click("#redo")
    here.redo()
    ui.wait_layout(engine_piles(here))


def bad_files() -> dict[str, tuple[str | bytes, str]]:
    record = chosen("whitehead", 123, 8).record()
    illegal = {**record, "moves": [*record["moves"][:4], "t1>t1", "s"]}
    return {
        "not JSON": ("whitehead deal 123", "not valid JSON"),
        "illegal move": (json.dumps(illegal), "move 5 (index 4) is illegal: t1>t1"),
        "unknown game": (json.dumps({**record, "game": "freecell"}), "unknown game 'freecell'"),
        "too big": (b" " * 3_000_000, "too big"),
    }


@pytest.mark.parametrize("case", list(bad_files()))
def test_a_bad_file_is_refused_in_one_line_and_the_game_goes_on(ui: Ui, case: str) -> None:
    content, says = bad_files()[case]
    g = at_start(ui)
    play_some(ui, g)
    open_viewer(ui)
    shown = viewer(ui)
    pick(ui, "bad.json", content)
    message = ui.page.locator("#replay-message")
    expect(message).to_contain_text("bad.json was not opened")
    text = message.inner_text()
    assert says in text and "\n" not in text
    assert not ui.page.locator("#confirm").is_visible()
    assert viewer(ui) == shown
    ui.page.click("#replay-close")
    assert ui.layout() == engine_piles(g) and ui.moves_count() == moves_made(g)


def test_a_file_dropped_on_the_page_is_opened(ui: Ui) -> None:
    at_start(ui, "linus", 2)
    other = chosen("linus", 7, 6)
    drag = """([kind, text]) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'dropped.json', {type: 'application/json'}));
          const event = new DragEvent(kind, {dataTransfer: data, bubbles: true, cancelable: true});
          document.getElementById('table').dispatchEvent(event);
          return event.defaultPrevented;
        }"""
    text = file_text(other.record())
    assert ui.page.evaluate(drag, ["dragover", text])  # taken: the browser will not open it
    expect(ui.page.locator("body[data-drop='on']")).to_have_count(1)
    assert ui.page.evaluate(drag, ["drop", text])
    expect(ui.page.locator("#status-line")).to_contain_text("Opened dropped.json")
    expect(ui.page.locator("body[data-drop]")).to_have_count(0)
    ui.wait_layout(engine_piles(other))
    assert ui.page.inner_text("#deal-number") == "7"


# -- stepping ----------------------------------------------------------------------------


def test_the_viewer_steps_through_the_game_and_never_shows_a_face_down_card(ui: Ui) -> None:
    g = at_start(ui, "unlimited", 5)
    for _ in range(3):
        ui.tap("s")
        g.play("s")
        auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))
    line = [str(m) for m in g.moves]
    total = len(line)
    open_viewer(ui)
    assert where(ui).startswith(f"Move {total} of {total}")
    assert ui.page.is_disabled("#replay-forward") and ui.page.is_disabled("#replay-last")
    ui.page.keyboard.press("Home")
    assert where(ui) == f"The deal, before move 1 of {total}"
    assert ui.page.is_disabled("#replay-back") and ui.page.is_disabled("#replay-first")
    replayed = game.new_game("unlimited", 5)
    assert viewer(ui) == engine_piles(replayed)
    for i, text in enumerate(line):
        ui.page.keyboard.press("ArrowRight")
        replayed.play(text)
        assert viewer(ui) == engine_piles(replayed)
        assert where(ui).startswith(f"Move {i + 1} of {total}: ")
        hidden = ui.page.evaluate(HIDDEN_JS)
        assert hidden and all(
            not identity_traces(" ".join(map(str, card.values()))) for card in hidden
        )
    ui.page.keyboard.press("ArrowLeft")
    replayed.undo()
    assert viewer(ui) == engine_piles(replayed)
    ui.page.click("#replay-first")
    ui.page.click("#replay-forward")
    assert where(ui).startswith(f"Move 1 of {total}")
    ui.page.keyboard.press("End")
    assert where(ui).startswith(f"Move {total} of {total}")
    ui.page.keyboard.press("z")  # no key reaches the game behind the viewer
    ui.page.keyboard.press("Escape")
    expect(ui.page.locator("#replay")).not_to_be_visible()
    assert ui.moves_count() == moves_made(g) and ui.layout() == engine_piles(g)


def redo_all(ui: Ui) -> int:
    clicks = 0
    while not ui.page.is_disabled("#redo"):
        ui.page.click("#redo")
        clicks += 1
        assert clicks < 100
    return clicks


def test_autoplay_runs_to_the_end_and_play_from_here_keeps_the_rest_to_redo(ui: Ui) -> None:
    g = at_start(ui)  # three auto-moves: one undo step
    play_some(ui, g)  # four more steps
    total = len(g.moves)
    open_viewer(ui)
    ui.page.click("#replay-auto")  # at the end: it starts again from the deal
    expect(ui.page.locator("#replay-auto")).to_have_attribute("aria-pressed", "true")
    expect(ui.page.locator("#replay-where")).to_contain_text(
        f"Move {total} of {total}", timeout=total * 700 + 5_000
    )
    expect(ui.page.locator("#replay-auto")).to_have_attribute("aria-pressed", "false")
    ui.page.click("#replay-first")
    ui.page.click("#replay-play")  # the game's own line: nothing lost, nothing asked
    expect(ui.page.locator("#replay")).not_to_be_visible()
    ui.wait_layout(engine_piles(game.new_game("whitehead", DEAL)))
    assert ui.moves_count() == 0
    assert redo_all(ui) == 5  # the game's own steps, not one a move
    ui.wait_layout(engine_piles(g))
    open_viewer(ui)
    ui.page.click("#replay-first")
    ui.page.click("#replay-forward")
    ui.page.click("#replay-forward")  # inside the first step: it is cut in two
    ui.page.click("#replay-play")
    here = game.new_game("whitehead", DEAL)
    for m in g.moves[:2]:
        here.play(m)
    ui.wait_layout(engine_piles(here))
    assert ui.moves_count() == 2
    expect(ui.page.locator("#status-line")).to_contain_text("Playing from move 2 of")
    assert redo_all(ui) == 5
    ui.wait_layout(engine_piles(g))


def test_play_from_here_keeps_the_deals_auto_moves_out_of_undo(ui: Ui) -> None:
    g = at_start(ui)  # three auto-moves made with the deal: Undo never takes them back
    dealt = len(g.moves)
    play_some(ui, g)
    open_viewer(ui)
    ui.page.click("#replay-first")
    for _ in range(dealt + 1):
        ui.page.click("#replay-forward")
    ui.page.click("#replay-play")
    expect(ui.page.locator("#replay")).not_to_be_visible()
    assert ui.moves_count() == 1  # the deal's own are not counted
    while not ui.page.is_disabled("#undo"):
        ui.page.click("#undo")
    assert ui.moves_count() == 0
    start = game.new_game("whitehead", DEAL)
    auto_moves(start, "safe")
    ui.wait_layout(engine_piles(start))
