"""The page in the player's language: chosen as a player expects, spoken everywhere, from
the first paint on; and the pseudo-locale, through which no English can slip unnoticed.

One page for the module, its browser set to German (de-DE): the first load shows what the
browser's languages choose; the others load ?lang=… or change the setting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, ViewportSize
from test_axe import readable, scan
from test_table_kit import DEALS, Ui, booted

from game import i18n, po

pytestmark = pytest.mark.browser

LANGS = [c for c in i18n.LANGUAGES if c != i18n.ENGLISH]
DESKTOP: ViewportSize = {"width": 1366, "height": 800}
PHONE: ViewportSize = {"width": 360, "height": 640}

# What the first frame shows (a rAF callback runs just before a frame is drawn; the page's
# first frame waits for its toolbar and table: index.html's render-blocking link).
FIRST_FRAME = """
requestAnimationFrame(() => {
  const label = document.querySelector('#undo .label');
  window.__firstFrame = {
    lang: document.documentElement.lang,
    undo: label ? label.textContent : null,
    ready: document.body ? document.body.dataset.ready : null,
    table: (document.querySelector('#table [data-pile="t1"]') || {}).ariaLabel || null,
  };
});
"""


@pytest.fixture(scope="module")
def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url, locale="de-DE", viewport=DESKTOP) as shared:
        shared.page.add_init_script(FIRST_FRAME)
        yield shared


def catalog(code: str) -> dict[str, str]:
    """A language's translations, by English (with a context: "context\x04English")."""
    messages = po.read((ROOT / "game" / "locale" / f"{code}.po").read_text("utf-8"))
    return {m.key: m.msgstr for m in messages if m.plural is None}


def test_the_browsers_language_is_spoken_from_the_first_frame(ui: Ui) -> None:
    ui.open("/?game=whitehead&deal=1545")
    first = ui.page.evaluate("() => window.__firstFrame")
    german = catalog("de")
    assert first["ready"] == "false", "the first frame came after Python: nothing tested"
    assert first["lang"] == "de"
    assert first["undo"] == german["Undo"] != "Undo"
    column = german["pile title\x04Column {n}"].format(n=1)
    assert first["table"] and first["table"].startswith(column) and column != "Column 1"
    page = ui.page
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.text_content("#undo .label") == german["Undo"]
    assert page.get_attribute("#undo", "title") == german["Undo (Z)"]
    # Python speaks it too: the table's labels, the rules panel
    assert page.get_attribute('[data-pile="t1"]', "aria-label") == first["table"]
    page.click("#rules-button")
    panel = page.text_content("#rules-panel") or ""
    assert german["Show the welcome"] in panel and german["Whitehead"] in panel
    assert page.text_content("#rules-list")
    page.keyboard.press("Escape")


def test_the_manifest_is_the_pages_language(ui: Ui) -> None:
    href = ui.page.get_attribute("link[rel=manifest]", "href")
    assert href == "static/boot/manifest.de.webmanifest"
    manifest = json.loads(ui.page.evaluate("(u) => fetch(u).then((r) => r.text())", href))
    german = catalog("de")
    assert manifest["lang"] == "de"
    assert manifest["description"] == german[manifest_en()["description"]]
    base = ui.page.url.split("?")[0]
    resolved = ui.page.evaluate(
        "([m, u]) => new URL(u, new URL(m, location.href)).href",
        [href, manifest["start_url"]],
    )
    assert resolved == base  # the same app as the English manifest's


def manifest_en() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "manifest.webmanifest").read_text())
    return data


@pytest.mark.parametrize("code", LANGS)
def test_each_language_speaks_its_words_with_no_accessibility_violation(ui: Ui, code: str) -> None:
    ui.at("blind-alleys", DEALS["blind-alleys"], lang=code)
    page, words = ui.page, catalog(code)
    assert page.evaluate("() => document.documentElement.lang") == code
    assert page.text_content("#new-game .label") == words["New game"]
    assert page.title() == words[manifest_en()["name"]]
    ui.tap("s")  # a move (and the auto-moves it allows): the status row and announcer speak
    page.wait_for_function("() => document.querySelector('#moves-count').textContent !== '0'")
    violations = scan(ui)
    assert violations == [], readable(violations)
    cut: list[str] = []
    for dialog in page.evaluate("() => [...document.querySelectorAll('dialog')].map((d) => d.id)"):
        page.evaluate("(id) => document.getElementById(id).showModal()", dialog)
        violations = scan(ui)
        page.set_viewport_size(PHONE)  # and nothing cut off on a phone
        cut += [f"#{dialog}: {c}" for c in page.evaluate(OVERFLOW_JS)]
        page.set_viewport_size(DESKTOP)
        page.evaluate("(id) => document.getElementById(id).close()", dialog)
        assert violations == [], f"#{dialog}: " + readable(violations)
    page.set_viewport_size(PHONE)
    cut += page.evaluate(OVERFLOW_JS)
    page.set_viewport_size(DESKTOP)
    assert not cut, "\n".join(cut)


def test_numbers_and_days_take_the_languages_own_form(ui: Ui) -> None:
    ui.open("/?game=linus&daily=2026-12-01&lang=de")
    page = ui.page
    badge = page.text_content("#daily-badge") or ""
    said = page.text_content("#status-line") or ""
    assert "Dezember" in badge + said or "1.12." in badge + said, (badge, said)


def test_the_setting_wins_over_the_browser_and_a_change_keeps_the_game(ui: Ui) -> None:
    ui.open("/?game=whitehead&deal=1545")
    page = ui.page
    ui.tap("s")
    page.wait_for_function("() => document.querySelector('#moves-count').textContent === '1'")
    ui.settled()
    page.click("#settings-button")
    with page.expect_navigation():
        page.select_option("#set-language", "fr")
    ui.wait_ready()
    french = catalog("fr")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    assert page.text_content("#undo .label") == french["Undo"]
    assert page.text_content("#moves-count") == "1"  # the game, as it was
    assert page.evaluate("() => document.querySelector('#set-language').value") == "fr"
    page.goto("/?lang=it")  # a link's language wins for its visit
    ui.wait_ready()
    assert page.evaluate("() => document.documentElement.lang") == "it"
    page.goto("/")
    ui.wait_ready()
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    page.click("#settings-button")
    with page.expect_navigation():
        page.select_option("#set-language", "")  # as the browser says again: German
    ui.wait_ready()
    assert page.evaluate("() => document.documentElement.lang") == "de"


def test_an_unknown_language_is_said_and_the_browsers_is_spoken(ui: Ui) -> None:
    ui.open("/?game=whitehead&deal=1545&lang=xx")
    page = ui.page
    assert page.evaluate("() => document.documentElement.lang") == "de"
    said = page.text_content("#status-line") or ""
    assert "'xx'" in said and "de, es, fr" in said, said


# -- the pseudo-locale ----------------------------------------------------------------------

# Every text a person can see or hear: visible text, and the labels of visible elements and
# of the live regions. English left in it is any run of two ASCII letters outside the
# brackets of pseudo-translated text (nested: a card's name inside a sentence).
SEEN_JS = """() => {
  const out = [];
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.currentNode; el; el = walker.nextNode()) {
    if (el.closest('svg, script, style, [translate="no"], #set-language, .defs')) continue;
    const live = el.closest('[aria-live], [role="status"], .sr-only');
    if (!shown(el) && !live) continue;
    if (el.closest('[hidden], dialog:not([open])') && !live) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value) out.push({ where: el.id || el.className || el.localName, text: value });
    }
    for (const c of el.childNodes) {
      if (c.nodeType === 3 && c.data.trim()) out.push({ where: el.id || el.className || el.localName, text: c.data.trim() });
    }
  }
  return out;
}"""

# Text cut off or out of the window: an element whose own text overflows a box that clips
# it, or that reaches past the window's sides.
OVERFLOW_JS = """() => {
  const out = [];
  const width = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg, .defs, #table .card')) continue;
    if (!el.checkVisibility || !el.checkVisibility({ visibilityProperty: true })) continue;
    const own = [...el.childNodes].some((c) => c.nodeType === 3 && /[^\\W\\d_]/.test(c.data));
    if (!own) continue;
    const s = getComputedStyle(el), r = el.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2 || el.closest('.sr-only')) continue; // visually hidden
    const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis' || s.whiteSpace === 'nowrap';
    if (clips && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${el.id || el.className || el.localName}: ${el.scrollWidth} > ${el.clientWidth} px wide`);
    }
    const cutsLines = s.overflowY === 'hidden' || s.overflowY === 'clip' || s.webkitLineClamp !== 'none';
    if (cutsLines && el.scrollHeight > el.clientHeight + 1) {
      out.push(`${el.id || el.className || el.localName}: ${el.scrollHeight} > ${el.clientHeight} px high`);
    }
    const box = el.parentElement && el.parentElement.closest('button, .bar, .status-row');
    if (box && box !== el) {
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
        out.push(`${el.id || el.className || el.localName}: out of its ${box.id || box.className}`);
      }
    }
    if (r.right > width + 1 || r.left < -1) {
      out.push(`${el.id || el.className || el.localName}: ${Math.round(r.left)}..${Math.round(r.right)} px of ${width}`);
    }
  }
  // A select shows its chosen option on one line, cut off where it is longer than its box
  // (less its arrow, about 20 px, unless it draws none): every option that may be chosen,
  // or only the chosen one where the box takes its width (field-sizing: content).
  const measure = document.createElement('canvas').getContext('2d');
  for (const select of document.querySelectorAll('select')) {
    if (!select.checkVisibility({ visibilityProperty: true }) || select.selectedIndex < 0) continue;
    const s = getComputedStyle(select);
    measure.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const styled = s.appearance === 'base-select'; // sized to its chosen option, drawn by us
    const arrow = s.appearance === 'none' || styled ? 0 : 20;
    const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - arrow;
    if (styled) continue; // as wide as its chosen option: the row's own width is checked
    const own = s.fieldSizing === 'content';
    const options = own ? [select.options[select.selectedIndex]] : select.options;
    for (const o of options) {
      const need = measure.measureText(o.text).width;
      if (need > room + 2) out.push(`${select.id} option "${o.text.slice(0, 40)}": ${Math.round(need)} > ${Math.round(room)} px`);
    }
  }
  return out;
}"""


def english(text: str) -> bool:
    """Whether text holds words nobody translated: the pseudo-locale accents every letter,
    so two plain ASCII letters in a row are English (its brackets show text cut off)."""
    return bool(re.search(r"[A-Za-z]{2}", text))


def look(ui: Ui, where: str, problems: list[str]) -> None:
    for seen in ui.page.evaluate(SEEN_JS):
        if english(seen["text"]):
            problems.append(f"{where}: untranslated in {seen['where']}: {seen['text'][:90]!r}")
    for cut in ui.page.evaluate(OVERFLOW_JS):
        problems.append(f"{where}: cut off: {cut}")


@pytest.fixture(scope="module", params=[(1366, 800), (360, 640)], ids=["desktop", "phone"])
def size(request: pytest.FixtureRequest, ui: Ui) -> tuple[int, int]:
    width, height = request.param
    ui.page.set_viewport_size({"width": width, "height": height})
    return width, height


def test_the_english_detector_sees_english() -> None:
    assert english("Undo") and english("[Ŭƞḓǿ ··] moves") and english("[Ḿǿṽḗḓ Ace ·]")
    assert not english("[Ḿǿṽḗḓ [şḗṽḗƞ ··] ·· ] 12 ♠ K 0:05")
    assert not english(po.pseudo("Moved to {pile}").format(pile=po.pseudo("column 3")))


@pytest.mark.parametrize("name", list(DEALS))
def test_no_english_and_nothing_cut_off_in_the_pseudo_locale(
    ui: Ui, size: tuple[int, int], name: str
) -> None:
    ui.at(name, DEALS[name], lang=i18n.PSEUDO)
    page, problems = ui.page, list[str]()
    assert page.evaluate("() => document.documentElement.lang") == i18n.PSEUDO
    look(ui, "table", problems)
    ui.tap("t1")  # a move, or words on why not: the status row and the announcer speak
    page.keyboard.press("h")  # a hint
    page.wait_for_timeout(300)
    look(ui, "after a tap and a hint", problems)
    for dialog in page.evaluate("() => [...document.querySelectorAll('dialog')].map((d) => d.id)"):
        opener = {
            "rules-panel": "#rules-button",
            "stats-panel": "#stats-button",
            "settings-panel": "#settings-button",
            "replay": "#replay-button",
        }.get(dialog)
        if opener:
            page.click(opener)
        elif dialog == "welcome":  # as Rules offers it again, its words in place
            page.click("#rules-button")
            page.click("#welcome-again")
        else:
            page.evaluate("(id) => document.getElementById(id).showModal()", dialog)
        if dialog == "rules-panel":
            page.evaluate("() => document.getElementById('keys-help').open = true")
        look(ui, f"#{dialog}", problems)
        page.evaluate(
            "() => { for (const d of document.querySelectorAll('dialog[open]')) d.close(); }"
        )
    assert not problems, "\n".join(sorted(set(problems))[:40])
