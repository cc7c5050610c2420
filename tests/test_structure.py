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


# -- no import circles ----------------------------------------------------------------------


def module_graph(package: Path) -> dict[str, set[str]]:
    """Which module of ``package`` imports which of its others: every import counted, at
    the top, inside a function or under TYPE_CHECKING (a circle there is still a knot a
    reader must untie). ``from . import x`` is the module x when there is one."""
    top = package.name
    modules = {
        ".".join((top, *path.relative_to(package).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): path
        for path in package.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = here.rsplit(".", node.level - 1)[0] if node.level else ""
                source = ".".join(p for p in (base, node.module or "") if p)
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    edges.add(sub if sub in modules else source)
        graph[name] = {e for e in edges if e in modules and e != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of two or more
    modules (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while (w := stack.pop()) != v:
                part.append(w)
            part.append(v)
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_of_the_game_imports_itself_in_a_circle() -> None:
    graph = module_graph(GAME)
    assert graph["game.ui.app"] >= {"game.ui.session", "game.ui.pointer", "game.turns"}
    assert circles(graph) == []
    # no controller takes the App: they take the ports (game/ui/ports.py)
    assert [m for m, edges in graph.items() if "game.ui.app" in edges] == []


def test_the_circle_check_finds_a_circle_even_under_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n"
    )
    (pkg / "c.py").write_text("def f():\n    from . import a\n")
    (pkg / "d.py").write_text("import pkg.c\n")
    graph = module_graph(pkg)
    assert graph["pkg.a"] == {"pkg.sub.b"} and graph["pkg.d"] == {"pkg.c"}
    assert circles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
