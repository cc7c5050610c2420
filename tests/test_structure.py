"""The shape of the code: the engine stays pure, and the page ships every engine file."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
BROWSER = {"js", "pyodide", "pyscript", "_pyscript", "polyscript"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_ui_package_imports_the_browser() -> None:
    leaks = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & BROWSER)
        for path in GAME.rglob("*.py")
        if GAME / "ui" not in path.parents
    }
    assert {path: names for path, names in leaks.items() if names} == {}
    # and the check can see a browser import where there is one
    assert imported_modules(GAME / "ui" / "dom.py") & BROWSER


def test_the_engine_uses_the_standard_library_only() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in GAME.rglob("*.py"):
        if GAME / "ui" in path.parents:
            continue
        outside = imported_modules(path) - allowed
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_pyscript_starts_python_through_start_mjs_with_nothing_to_fetch() -> None:
    """game/ ships inside static/boot/python.zip (tests/test_startup.py), not as [files]."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./static/start.mjs"
    assert "files" not in config
    assert "packages" not in config  # they would pull micropip from a CDN
