"""axe-core (pinned in tests/axe/, `make axe`) finds no accessibility violation on the table
of each game nor in any dialog of the page, in light and in dark colour schemes.

Every rule axe runs by default counts, best practices included. The dialogs are found in
the page, not listed here, so a dialog added later is scanned too.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ROOT
from test_table_kit import DEALS, Ui, module_ui

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

ui = module_ui(reduced_motion="reduce")

# Indirect eval runs the library as a classic script would (the page's CSP allows eval for
# PyScript; an inline <script> it would refuse).
INJECT_JS = "(source) => { if (!window.axe) (0, eval)(source); return window.axe.version; }"
RUN_JS = """async (only) => {
  const options = {resultTypes: ['violations']};
  if (only) options.runOnly = only;
  const result = await axe.run(document, options);
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.slice(0, 5).map((n) => ({
      target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160),
    })),
    count: v.nodes.length,
  }));
}"""


def readable(violations: list[dict[str, Any]]) -> str:
    """axe's violations as lines a person can act on."""
    lines = [f"{len(violations)} axe violation(s):"]
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}, {v['count']} node(s)): {v['help']} <{v['url']}>")
        for node in v["nodes"]:
            summary = " / ".join(line.strip() for line in node["summary"].splitlines()[1:3])
            lines.append(f"    {node['target']}: {summary}")
            lines.append(f"      {node['html']}")
    return "\n".join(lines)


# axe cannot tell the contrast of text over the felt's gradient (it reports it as
# "incomplete"), so the table is scanned again on the gradient's lightest colour, flat:
# the worst case for the light text of the toolbar and the status line.
FLAT_FELT_JS = """(flat) => { document.body.style.background = flat
  ? getComputedStyle(document.documentElement).getPropertyValue('--felt') : ''; }"""


def scan(ui: Ui, only: list[str] | None = None) -> list[dict[str, Any]]:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make axe` (or `make test`)")
    ui.page.evaluate(INJECT_JS, AXE.read_text())
    ui.settle()
    found: list[dict[str, Any]] = ui.page.evaluate(RUN_JS, only)
    return found


@pytest.fixture(scope="module", params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, ui: Ui) -> str:
    value: str = request.param
    ui.page.emulate_media(color_scheme=value)  # type: ignore[arg-type]
    return value


def test_the_pinned_axe_is_the_one_installed() -> None:
    import json

    lock = json.loads((ROOT / "tests" / "axe" / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/axe-core"]["version"]
    assert json.loads((ROOT / "tests" / "axe" / "package.json").read_text())["dependencies"] == {
        "axe-core": pinned
    }  # an exact version, no range
    assert f"axe v{pinned}" in AXE.read_text()[:200]


@pytest.mark.parametrize("name", list(DEALS))
def test_no_violation_on_the_table(ui: Ui, scheme: str, name: str) -> None:
    ui.at(name, DEALS[name])
    assert ui.page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches") == (
        scheme == "dark"
    )
    violations = scan(ui)
    assert violations == [], readable(violations)
    ui.page.evaluate(FLAT_FELT_JS, True)
    try:
        violations = scan(ui, ["color-contrast"])
    finally:
        ui.page.evaluate(FLAT_FELT_JS, False)
    assert violations == [], "on the flat felt: " + readable(violations)


def test_no_violation_in_any_dialog(ui: Ui, scheme: str) -> None:
    ui.at("whitehead", DEALS["whitehead"])
    page = ui.page
    ids = page.evaluate("() => [...document.querySelectorAll('dialog')].map((d) => d.id)")
    assert "rules-panel" in ids and "outcome" in ids
    problems = []
    for id_ in ids:
        page.evaluate("(id) => document.getElementById(id).showModal()", id_)
        violations = scan(ui)
        if violations:
            problems.append(f"dialog #{id_}: " + readable(violations))
        page.evaluate("(id) => document.getElementById(id).close()", id_)
    assert problems == [], "\n".join(problems)


def test_no_violation_when_embedded(ui: Ui, scheme: str) -> None:
    ui.at("unlimited", DEALS["unlimited"], embed="1")
    violations = scan(ui)
    assert violations == [], readable(violations)


def test_no_violation_while_another_tab_plays_the_game(ui: Ui, scheme: str) -> None:
    """The idle page (game/ui/writer.py): dimmed table, Play here, the status line."""
    ui.at("whitehead", DEALS["whitehead"])
    other = ui.page.context.new_page()
    try:
        other.goto("/")  # it takes the game
        ui.page.locator("#play-here").wait_for(state="visible")
        violations = scan(ui)
        assert violations == [], readable(violations)
    finally:
        other.close()
