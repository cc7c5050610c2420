"""A win that feels like one: the cascade (game/ui/celebrate.py, flights in cascade.py) and
the sounds (game/ui/sound.py).

The page starts one move (or three, for Finish) from the end of `golden/whitehead_win.json`,
as a saved game. The cascade plays, then the dialog opens; a tap or a key skips it; under
reduced motion (the system's or the Settings') nothing moves and the dialog opens at once.
Sounds are counted by wrapping the page's AudioContext before any script runs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_ready
from playwright.sync_api import Browser, expect
from test_table_kit import Ui, booted

import game
from game.saved import pack
from game.settings import Settings
from game.ui import params
from game.ui.cascade import GRAVITY, LAUNCH_MS, cascade, easing

WIN = json.loads((Path(__file__).parent / "golden" / "whitehead_win.json").read_text())
DEAL = WIN["deal"]
URL = f"/?game=whitehead&deal={DEAL}&automove=off"

# Counts what the page asks of the audio system and every celebration layer it adds.
SPY = """
window.__sound = {contexts: 0, tones: 0, noises: 0};
if (window.AudioContext) {
  window.AudioContext = new Proxy(window.AudioContext, {construct(target, args) {
    window.__sound.contexts++; return (window.__audio = Reflect.construct(target, args));
  }});
  const proto = BaseAudioContext.prototype;
  const osc = proto.createOscillator, src = proto.createBufferSource;
  proto.createOscillator = function () { window.__sound.tones++; return osc.call(this); };
  proto.createBufferSource = function () { window.__sound.noises++; return src.call(this); };
}
window.__warms = 0;  // asks for the audio devices (game/ui/sound.py's warm)
if (navigator.mediaDevices) {
  const list = navigator.mediaDevices.enumerateDevices;
  navigator.mediaDevices.enumerateDevices = function () {
    window.__warms++; return list.call(this);
  };
}
window.__celebrations = 0;
new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
  if (n.classList && n.classList.contains('celebration')) window.__celebrations++;
}).observe(document, {childList: true, subtree: true});
"""
LAYER = ".celebration"
OPEN = "() => document.getElementById('outcome').open"
# The cascade is under way: its first card has flown for 0.3 s. (Input sooner than 0.4 s
# after the win is the second click of the double click that won: not a skip.)
MIDWAY = "() => document.querySelector('.celebration .card')?.getAnimations()[0]?.currentTime > 300"


# -- the flights, natively -----------------------------------------------------------------


def at(u: float, bezier: str) -> float:
    """The progress of a cubic-bezier(⅓, c1, ⅔, c2) easing at time u (its x is then u)."""
    _, c1, _, c2 = (float(v) for v in bezier.removeprefix("cubic-bezier(").rstrip(")").split(","))
    return 3 * (1 - u) ** 2 * u * c1 + 3 * (1 - u) * u * u * c2 + u**3


def test_each_card_falls_bounces_and_leaves_the_screen_sideways() -> None:
    width, height, w, h = 390.0, 844.0, 52.0, 73.0
    starts = [(150.0 + 55 * (i % 4), 60.0) for i in range(52)]
    flights = cascade(starts, (w, h), (width, height), random.Random(7))
    assert len(flights) == 52
    assert [f.delay_ms for f in flights] == sorted(f.delay_ms for f in flights)
    assert flights[-1].delay_ms == pytest.approx(LAUNCH_MS)
    assert max(f.delay_ms + f.duration_ms for f in flights) <= 4000  # a short celebration
    floor = height - h - 60.0
    for (x, _), f in zip(starts, flights, strict=True):
        assert x + f.dx >= width or x + f.dx + w <= 0  # off the screen at the end
        assert f.keys[0].offset == 0 and f.keys[0].dy == 0 and f.keys[-1].offset == 1
        assert all(k.dy <= floor + 1e-6 for k in f.keys)  # never below the bottom
        assert [k.offset for k in f.keys] == sorted(k.offset for k in f.keys)
    bounced = [f for f in flights if any(abs(k.dy - floor) < 1e-6 for k in f.keys[1:-1])]
    assert len(bounced) > 40  # most cards reach the bottom and bounce before they leave


def test_a_keyframes_easing_is_the_true_fall() -> None:
    g, v, span = GRAVITY * 800, -300.0, 0.4  # thrown up, then falling, within one piece
    distance = v * span + g * span * span / 2
    curve = easing(v, g, span, distance)
    for u in (0.1, 0.25, 0.5, 0.8):
        t = u * span
        assert at(u, curve) == pytest.approx((v * t + g * t * t / 2) / distance, abs=1e-3)
    assert easing(0.0, g, span, g * span * span / 2) == "cubic-bezier(0.3333,0.0000,0.6667,0.3333)"


def test_the_url_turns_sound_on_or_off_for_the_visit() -> None:
    assert params.read({}).sound is None  # as the settings say
    assert params.read({"sound": "1"}).sound is True
    assert params.read({"sound": "0"}).sound is False
    bad = params.read({"sound": "loud"})
    assert bad.sound is None
    assert bad.notices == ["Sound 'loud' is not 1 (on) or 0 (off); ignored."]


# -- the page --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url) as shared:
        shared.page.context.add_init_script(SPY)
        yield shared


def near_the_end(
    ui: Ui, left: int = 1, settings: Settings | None = None, url: str = URL, fresh: bool = False
) -> None:
    """The winning record but its last ``left`` moves: loaded in the page (its own API:
    game/ui/scripting.py), or, with ``settings``, another ``url`` or ``fresh`` (no sound
    made yet), as the game saved in a page loaded afresh."""
    g = game.replay({**WIN, "moves": WIN["moves"][:-left]})
    if settings is None and url == URL and not fresh:
        ui.at("whitehead", DEAL, automove="off")
        said = ui.page.evaluate(
            "(record) => window.solitaire.command({type: 'load', record})", g.record()
        )
        assert said == ""
        ui.page.evaluate("() => { window.__celebrations = 0; }")  # (the spy's count)
        expect(ui.page.locator("#moves-count")).to_have_text(str(len(g.moves)))
        return
    ui.open(url)
    page = ui.page
    key = "solitaire/embedded" if "embed=1" in url else "solitaire/current"
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, pack(g, 100.0)])
    if settings is not None:
        page.evaluate("(t) => localStorage.setItem('solitaire/settings', t)", settings.dumps())
    page.reload()
    wait_ready(page)
    expect(page.locator("#moves-count")).to_have_text(str(len(g.moves)))


def win(ui: Ui) -> None:
    """The last move, as a player makes it: a double click sends the card home."""
    ui.page.locator('#table [data-pile="t2"] .card').last.dblclick()
    expect(ui.page.locator("#table")).to_have_attribute("data-status", "won")


def sounds(ui: Ui) -> dict[str, int]:
    counts: dict[str, int] = ui.page.evaluate("() => window.__sound")
    return counts


@pytest.mark.browser
def test_a_win_plays_the_cascade_then_the_dialog_takes_focus(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui)
    win(ui)
    layer = page.locator(LAYER)
    expect(layer).to_have_count(1)
    assert layer.get_attribute("aria-hidden") == "true"
    expect(layer.locator(".card")).to_have_count(52)  # every foundation card flies
    assert page.evaluate(OPEN) is False  # the dialog waits for the cascade
    assert layer.locator("[tabindex], [id], button, a, input").count() == 0
    # Each copy has its flight (a drift and a fall), played by the browser; the first moves.
    assert page.evaluate(
        "() => [...document.querySelectorAll('.celebration .card')]"
        ".every((c) => c.getAnimations().length === 2)"
    )
    start = layer.locator(".card").first.bounding_box()
    page.wait_for_function(MIDWAY)
    assert layer.locator(".card").first.bounding_box() != start
    assert page.evaluate("() => document.activeElement.closest('.celebration')") is None
    # Then the layer goes, all of it, and the dialog opens with focus in it.
    expect(layer).to_have_count(0, timeout=8000)
    assert page.evaluate("() => document.body.dataset.celebrating") is None
    assert page.evaluate(OPEN) is True
    assert page.evaluate("() => !!document.activeElement.closest('#outcome')")
    assert page.evaluate("() => window.__celebrations") == 1
    # A won game coming back (a reload) shows the dialog at once: no second cascade.
    page.reload()
    wait_ready(page)
    page.wait_for_function(OPEN)
    assert page.evaluate("() => window.__celebrations") == 0
    page.locator("#outcome-new").click()
    expect(page.locator("#table")).to_have_attribute("data-status", "playing")


@pytest.mark.browser
def test_a_tap_or_a_key_skips_it_and_does_nothing_else(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui)
    win(ui)
    expect(page.locator(LAYER)).to_have_count(1)
    size = page.viewport_size
    assert size is not None
    page.wait_for_function(MIDWAY)
    page.mouse.click(size["width"] / 2, size["height"] * 0.6)  # over the dialog-to-be
    expect(page.locator(LAYER)).to_have_count(0)
    page.wait_for_function(OPEN)
    assert page.evaluate("() => document.body.dataset.celebrating") is None
    expect(page.locator("#table")).to_have_attribute("data-status", "won")
    assert page.inner_text("#deal-number") == str(DEAL)  # the tap pressed no button

    near_the_end(ui)
    win(ui)
    page.wait_for_function(MIDWAY)
    page.keyboard.press("Space")  # its keyup must not press the dialog's focused button
    expect(page.locator(LAYER)).to_have_count(0)
    page.wait_for_function(OPEN)
    page.wait_for_timeout(200)  # a press the skip let through would close it by now
    assert page.evaluate(OPEN) is True
    expect(page.locator("#table")).to_have_attribute("data-status", "won")
    # New game is a click away.
    page.locator("#outcome-new").click()
    expect(page.locator("#outcome")).to_be_hidden()
    assert page.inner_text("#deal-number") != str(DEAL)


@pytest.mark.browser
def test_finish_celebrates_once(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui, left=3)
    finish = page.get_by_role("button", name="Finish", exact=True)
    expect(finish).to_be_visible()
    finish.click()
    expect(page.locator("#table")).to_have_attribute("data-status", "won")
    expect(page.locator(LAYER)).to_have_count(1)
    expect(page.locator(LAYER)).to_have_count(0, timeout=8000)
    page.wait_for_function(OPEN)
    assert page.evaluate("() => window.__celebrations") == 1


@pytest.mark.browser
def test_another_tab_taking_the_game_ends_the_cascade_without_a_dialog(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui)
    other = page.context.new_page()  # opened last: it plays, this one idles
    other.goto(URL)
    wait_ready(other)
    expect(page.locator("body")).to_have_attribute("data-elsewhere", "yes")
    page.click("#play-here")
    expect(other.locator("body")).to_have_attribute("data-elsewhere", "yes")
    win(ui)
    page.wait_for_function(MIDWAY)
    other.click("#play-here")  # mid-cascade
    page.wait_for_function("() => document.body.dataset.elsewhere === 'yes'")
    assert page.locator(LAYER).count() == 0  # gone as the page went idle, in the same task
    assert page.evaluate("() => document.body.dataset.celebrating") is None
    assert page.evaluate(OPEN) is False  # the idle page offers Play here, nothing else
    expect(page.locator("#play-here")).to_be_focused()
    other.close()


@pytest.mark.browser
def test_sounds_come_after_a_gesture_and_stop_when_muted(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui, left=3, fresh=True)  # on by default; a page not yet touched makes no sound
    assert sounds(ui) == {"contexts": 0, "tones": 0, "noises": 0}
    page.locator('#table [data-pile="t2"] .card').last.dblclick()  # a card put down
    page.wait_for_function("() => window.__sound.noises === 1")
    assert sounds(ui) == {"contexts": 1, "tones": 1, "noises": 1}
    page.wait_for_timeout(400)  # not a double click's second click (game/ui/app.py)
    page.locator('#table [data-pile="t2"] .card').last.dblclick()
    page.wait_for_function("() => window.__sound.noises === 2")
    page.wait_for_timeout(400)
    page.locator('#table [data-pile="t2"] .card').last.dblclick()  # the win: a chime
    page.wait_for_function("() => window.__sound.noises === 3")
    assert sounds(ui)["tones"] == 3 + 4  # a tap's thud each, and the chime's four notes
    page.keyboard.press("Escape")  # skips the cascade
    page.wait_for_function(OPEN)
    page.locator("#outcome-new").click()  # a new deal: its swish
    page.wait_for_function("() => window.__sound.noises === 4")

    # Muted in Settings: nothing more, and it stays muted on the next visit.
    page.click("#settings-button")
    box = page.locator('#settings-panel input[name="sound"]')
    expect(box).to_be_checked()
    box.uncheck()
    page.keyboard.press("Escape")
    before = sounds(ui)
    page.locator("#new-game").click()
    if page.locator("#confirm[open]").count():
        page.click("#confirm-ok")
    page.wait_for_timeout(200)
    assert sounds(ui) == before
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('solitaire/settings'))")
    assert stored["sound"] is False


@pytest.mark.browser
def test_a_page_opening_is_silent_and_the_first_move_is_heard(ui: Ui) -> None:
    ui.open(URL)  # sound on (the default): the deal itself makes none, nor an AudioContext
    ui.settled()
    assert sounds(ui) == {"contexts": 0, "tones": 0, "noises": 0}
    # ... but the browser's audio is started, off the page's thread, for the first sound
    assert ui.page.evaluate("() => window.__warms") == 1
    ui.tap("s")  # a card dealt from the stock
    assert sounds(ui)["contexts"] == 1 and sounds(ui)["noises"] == 1
    # Once it has been heard, the audio is suspended (sound.py's QUIET_S): no audio thread
    # left rendering silence. The next sound resumes it.
    state = "() => window.__audio.state"
    ui.page.wait_for_function(f"() => ({state})() === 'suspended'", timeout=5_000)
    ui.tap("s")
    ui.page.wait_for_function(f"() => ({state})() === 'running'", timeout=5_000)
    assert sounds(ui) == {"contexts": 1, "tones": 0, "noises": 2}
    ui.page.wait_for_function(f"() => ({state})() === 'suspended'", timeout=5_000)


@pytest.mark.browser
def test_muted_settings_make_no_audio_context_at_all(ui: Ui) -> None:
    near_the_end(ui, settings=Settings(sound=False))
    win(ui)
    ui.page.keyboard.press("Escape")
    ui.page.wait_for_function(OPEN)
    assert sounds(ui) == {"contexts": 0, "tones": 0, "noises": 0}
    assert ui.page.evaluate("() => window.__warms") == 0  # not even the browser's audio


@pytest.mark.browser
@pytest.mark.parametrize("query, heard", [("", False), ("&sound=1", True)])
def test_the_embedded_page_is_silent_unless_the_host_asks(ui: Ui, query: str, heard: bool) -> None:
    near_the_end(ui, url=f"{URL}&embed=1{query}")
    win(ui)
    ui.page.keyboard.press("Escape")
    ui.page.wait_for_function(OPEN)
    counts = sounds(ui)
    assert (counts["tones"] > 0) is heard and (counts["contexts"] == 1) is heard
    assert ui.page.evaluate("() => window.__warms") == (1 if heard else 0)


@pytest.mark.browser
def test_settings_reduced_motion_means_no_cascade(ui: Ui) -> None:
    page = ui.page
    near_the_end(ui, settings=Settings(motion="reduce"))
    win(ui)
    page.wait_for_function(OPEN)  # at once
    assert page.evaluate("() => window.__celebrations") == 0
    assert page.locator(LAYER).count() == 0
    assert page.evaluate("() => document.getAnimations().length") == 0


@pytest.mark.browser
def test_the_systems_reduced_motion_means_no_cascade(browser: Browser, server_url: str) -> None:
    with booted(browser, server_url, reduced_motion="reduce") as still:
        still.page.context.add_init_script(SPY)
        near_the_end(still)
        win(still)
        still.page.wait_for_function(OPEN)
        assert still.page.evaluate("() => window.__celebrations") == 0
        assert still.page.evaluate("() => document.getAnimations().length") == 0
        still.check_log()
