"""The engine in the browser is the engine we test here: Pyodide's digest equals CPython's.

pytest and hypothesis do not run inside Pyodide (no micropip, no network), so the engine
checks itself with game/selfcheck.py, standard library only: pinned deals of every game and
house rule, perft trees, and seeded random playouts that assert their invariants as they go.
tests/pyodide/check.html runs it in Pyodide started as the page starts it (static/start.mjs,
game/ from static/boot/python.zip); this test runs it in CPython and asserts the two are
equal.
The real PyScript page is cross-checked too: a URL deal shows CPython's layout.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from conftest import BrowserLog
from playwright.sync_api import Page

import game
from game import selfcheck
from game.state import Game

SELFCHECK_TIMEOUT_MS = 90_000  # Pyodide boots in ~4 s and runs the check in a few more


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ (``checks.playouts.games[12].sha256``), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'CPython' if key in a else 'Pyodide'}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(a)} items in CPython, {len(b)} here"
    return None if a == b else f"{path}: CPython {a!r}, Pyodide {b!r}"


@pytest.fixture(scope="module")
def cpython_check() -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps(selfcheck.run()))  # as JSON carries it
    assert result["checks"]["failures"] == {"count": 0, "first": []}
    return result


def test_selfcheck_catches_a_broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The invariants bite: an undo that forgets the turned-up card is reported."""
    retract = Game.retract

    def sloppy(self: Game) -> tuple[int, int, int]:
        m = retract(self)
        if self.piles[m[0]] and m[0] >= 10:  # leave a tableau pile one card short
            self.piles[m[0]] = self.piles[m[0]][:-1]
        return m

    monkeypatch.setattr(Game, "retract", sloppy)
    failures = selfcheck.run(count=6, max_steps=10)["checks"]["failures"]
    assert failures["count"] > 0
    assert any("undo" in text for text in failures["first"])


def test_selfcheck_digest_is_stable_and_covers_every_variant(
    cpython_check: dict[str, Any],
) -> None:
    checks = cpython_check["checks"]
    assert cpython_check["digest"] == selfcheck.sha(selfcheck.canonical(checks))
    assert set(checks["layouts"]) == {*selfcheck.VARIANTS, *selfcheck.REDEALS}
    dealt = {layout["game"] for deals in checks["layouts"].values() for layout in deals.values()}
    assert dealt == set(game.GAMES)
    # the same perft counts as the golden tests pin (tests/test_engine_golden.py)
    assert {v: p["counts"][-1] for v, p in checks["perft"].items()} == {
        "whitehead": 66, "whitehead-kings_only": 24, "blind-alleys": 9,
        "linus": 1273, "linus-pgs": 1710, "unlimited": 54,
    }  # fmt: skip
    playouts = checks["playouts"]
    assert playouts["count"] == len(playouts["games"]) >= 300
    assert playouts["moves"] > 10_000
    assert {g["variant"] for g in playouts["games"]} == set(selfcheck.VARIANTS)
    reached = {s for seen in playouts["statuses"].values() for s in seen}
    assert {"playing", "lost"} <= reached


@pytest.mark.browser
def test_pyodide_runs_the_engine_exactly_as_cpython(
    page: Page, browser_log: BrowserLog, cpython_check: dict[str, Any]
) -> None:
    page.goto("/tests/pyodide/check.html")
    page.wait_for_function(
        "['done', 'error'].includes(document.body.dataset.state)", timeout=SELFCHECK_TIMEOUT_MS
    )
    text = page.text_content("#result") or ""
    assert page.get_attribute("body", "data-state") == "done", text
    result: dict[str, Any] = json.loads(text)
    assert result == page.evaluate("window.result")

    env = result["env"]
    assert re.fullmatch(r"3\.14\.\d+ .*", env["python"], re.DOTALL), env["python"]
    assert env["version_info"][:2] == [3, 14]
    assert env["platform"] == "emscripten"
    # every engine file the page ships was loaded, this one included
    assert "game/selfcheck.py" in result["page"]["files"]

    assert result["checks"]["failures"] == {"count": 0, "first": []}
    assert first_difference(cpython_check["checks"], result["checks"], "checks") is None
    assert result["digest"] == cpython_check["digest"]
    assert not browser_log.foreign_requests()


# What the page shows of each pile, bottom to top: a face-up card's code, "down" otherwise.
SHOWN_PILES = """() => Object.fromEntries([...document.querySelectorAll("[data-pile]")].map(
  (pile) => [pile.dataset.pile, [...pile.querySelectorAll("[data-face]")].map(
    (card) => card.dataset.face === "up" ? card.dataset.card : "down")]))"""


def expected_piles(g: Game) -> dict[str, list[str]]:
    layout = g.layout()

    def shown(codes: list[str]) -> list[str]:
        return [c if c.isupper() else "down" for c in codes]

    piles: dict[str, list[str]] = {}
    if g.rules.passes != 0:  # Linus has no stock or waste
        piles["s"], piles["w"] = shown(layout["stock"]), shown(layout["waste"])
    for i, cards in enumerate(layout["foundations"]):
        piles[f"f{i + 1}"] = shown(cards)
    for i, cards in enumerate(layout["tableau"]):
        piles[f"t{i + 1}"] = shown(cards)
    return piles


@pytest.mark.browser
def test_pyscript_page_deals_what_cpython_deals(
    page: Page, open_app: Callable[[str], Page]
) -> None:
    for query, g in [
        ("game=linus&deal=1000000", game.new_game("linus", 1_000_000)),
        ("game=blind-alleys&deal=2", game.new_game("blind-alleys", 2)),
        (
            "game=whitehead&deal=1000000&rules=kings_only",
            game.new_game("whitehead", 1_000_000, kings_only=True),
        ),
        ("game=unlimited&deal=2147483647", game.new_game("unlimited", 2**31 - 1)),
    ]:
        open_app(f"/?{query}&automove=off")
        assert page.evaluate(SHOWN_PILES) == expected_piles(g), query
