"""A first visit that never blocks (issue #20): Python and the table start in steps.

- python.zip holds bytecode compiled by the vendored Pyodide (scripts/startup.py): of the
  Python that runs it (its magic number), of the very sources shipped, and used;
- static/start.mjs starts Pyodide in steps (its private hooks pinned here), importing the
  modules of its bootstrap a few at a time, and main.py imports the engine and its UI in
  steps: each leaves a performance mark, in order, and the page is still ready, as before;
- a step that fails is said at once, with Reload;
- Pyodide compiles its WebAssembly as it streams in (served as application/wasm).

How long each step takes, and the long tasks left, are bench/firstvisit.py's to print: no
clock here.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, BrowserLog
from playwright.sync_api import Page
from test_table_kit import Ui, module_ui

sys.path.insert(0, str(ROOT / "scripts"))
import startup

BOOT = ROOT / startup.BOOT
VENDOR = ROOT / startup.PYODIDE
ZIP = BOOT / "python.zip"
START = (ROOT / "static" / "start.mjs").read_text()


def main_steps() -> list[str]:
    """main.py's STEPS, read from its source (it runs only in the browser)."""
    for node in ast.walk(ast.parse((ROOT / "main.py").read_text())):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "STEPS":
            return [str(ast.literal_eval(item)) for item in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError("main.py has no STEPS")


def bootstrap_steps() -> list[list[str]]:
    """static/start.mjs's BOOTSTRAP_STEPS (a JSON-like array of arrays of names)."""
    found = re.search(r"BOOTSTRAP_STEPS = (\[.*?\n\]);", START, re.S)
    assert found is not None
    return [list(step) for step in json.loads(re.sub(r",\s*\]$", "]", found.group(1)))]


def module_in(names: set[str], module: str) -> bool:
    path = module.replace(".", "/")
    return f"{path}.pyc" in names or f"{path}/__init__.pyc" in names


# -- python.zip: bytecode ------------------------------------------------------------------

# In Node, with the vendored Pyodide on python.zip: its magic number; each .pyc's header,
# its source hash checked against the engine's source beside it and its code's file name;
# what an import loads; and a traceback through the engine, with its line.
BYTECODE = """
const [pyodideDir, zip] = process.argv.slice(1);
const { loadPyodide } = await import(`file://${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: zip });
console.log(pyodide.runPython(`
import importlib.util, json, marshal, sys, traceback, zipfile
ZIP = next(p for p in sys.path if p.endswith('.zip'))
archive = zipfile.ZipFile(ZIP)
names = set(archive.namelist())
pycs = {}
for name in sorted(n for n in names if n.endswith('.pyc')):
    data = archive.read(name)
    source = name[:-1]
    pycs[name] = {
        "magic": data[:4] == importlib.util.MAGIC_NUMBER,
        "flags": int.from_bytes(data[4:8], 'little'),
        "fresh": source not in names or data[8:16] == importlib.util.source_hash(archive.read(source)),
        "filename": marshal.loads(data[16:]).co_filename == f"{ZIP}/{source}",
    }
import game, game.rules
try:
    game.rules.find_rules("no-such-game")
except ValueError:
    told = traceback.format_exc()
json.dumps({"pycs": pycs, "files": [json.__file__, game.rules.__file__], "told": told})
`));
"""


@pytest.fixture(scope="module")
def bytecode() -> dict[str, Any]:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", BYTECODE, str(VENDOR), str(ZIP)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_every_module_is_bytecode_and_the_engine_keeps_its_sources() -> None:
    names = set(zipfile.ZipFile(ZIP).namelist())
    sources = {n for n in names if n.endswith(".py")}
    assert sources == {p.relative_to(ROOT).as_posix() for p in startup.game_sources(ROOT)}
    assert {n + "c" for n in sources} <= names  # each engine module compiled beside it
    catalogs = {n for n in names if n.startswith("game/locale/")}  # the compiled .mo files
    assert catalogs == {f"game/locale/{c}.mo" for c in ("de", "es", "fr", "it", "pl", "en-XA")}
    assert {n for n in names if not n.endswith(".pyc")} == sources | catalogs  # nothing else
    assert len(names - sources) > 150


def test_the_bytecode_is_the_running_pythons_and_of_the_sources_shipped(
    bytecode: dict[str, Any],
) -> None:
    pycs = bytecode["pycs"]
    assert pycs and all(p["magic"] for p in pycs.values()), "another Python's bytecode"
    assert {p["flags"] for p in pycs.values()} == {0b01}  # PEP 552: hash-based, unchecked
    stale = [name for name, p in pycs.items() if not p["fresh"]]
    assert stale == [], "bytecode of other sources than those beside it"
    assert all(p["filename"] for p in pycs.values())  # named as its source would be


def test_pyodide_imports_the_bytecode_and_tracebacks_still_show_the_engines_lines(
    bytecode: dict[str, Any],
) -> None:
    assert bytecode["files"] == [
        "/lib/python314.zip/json/__init__.pyc",
        "/lib/python314.zip/game/rules.pyc",
    ]
    told = bytecode["told"]
    assert 'File "/lib/python314.zip/game/rules.py", line' in told
    assert "raise ValueError(text.format(name=shown(name)" in told  # the source line itself


# -- static/start.mjs and main.py: the steps -----------------------------------------------


def test_the_private_pyodide_hooks_of_the_steps_are_the_ones_pinned() -> None:
    """`createPyodideModule` (a config option), `API.rawRun`, Emscripten's setStatus (main
    in a task of its own) and the bootstrap's first import belong to Pyodide 314.0.2."""
    loader = (VENDOR / "pyodide.mjs").read_text()
    runtime = (VENDOR / "pyodide.asm.mjs").read_text()
    assert "if(e.createPyodideModule)return e.createPyodideModule" in loader
    assert 'Module["setStatus"]("Running...");setTimeout(()=>' in runtime
    assert (
        'finalizeBootstrap=function(t,e){t&&Hr();let[r,n]=API.rawRun("import _pyodide_core")'
        in runtime
    )
    assert "createPyodideModule: createInSteps" in START and "module.API.rawRun(" in START


def test_every_step_names_a_module_of_python_zip() -> None:
    names = set(zipfile.ZipFile(ZIP).namelist())
    steps = [name for step in bootstrap_steps() for name in step]
    missing = [n for n in steps if n != "_pyodide_core" and not module_in(names, n)]
    assert steps[-1] == "_pyodide_core" and missing == []  # the bootstrap's own, last
    ours = main_steps()
    assert ours[-1] == "game.ui.app" and [n for n in ours if not module_in(names, n)] == []


# -- in the browser: a first visit ---------------------------------------------------------

ui = module_ui()

# Installed before any page script: how Pyodide instantiated its WebAssembly.
WASM_WATCH = """
(() => {
  const seen = (window.__wasm = []);
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    seen.push(["streaming", new URL(response.url).pathname, response.headers.get("content-type")]);
    return streaming.call(WebAssembly, response, imports);
  };
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = (bytes, imports) => {
    if (!(bytes instanceof WebAssembly.Module)) seen.push(["bytes"]);
    return instantiate.call(WebAssembly, bytes, imports);
  };
})();
"""

PYTHON = """async ([code]) => (await (await import("/static/start.mjs")).begin()).runPython(code)"""


@pytest.fixture(scope="module")
def first_visit(ui: Ui) -> Iterator[dict[str, Any]]:
    """The module's page, on a first visit (no service worker, no snapshot)."""
    ui.page.add_init_script(WASM_WATCH)
    ui.open("/?game=whitehead&deal=1")
    page = ui.page
    yield {
        "python": page.evaluate("document.documentElement.dataset.python"),
        "marks": page.evaluate("performance.getEntriesByType('mark').map((e) => e.name)"),
        "wasm": page.evaluate("window.__wasm"),
        # when the first paint was, and when each of the runtime's files was first asked for
        # (a file may be asked for again: its first request is the one that counts)
        "paint": page.evaluate("performance.getEntriesByName('first-paint')[0].startTime"),
        "fetched": page.evaluate(
            """performance.getEntriesByType('resource').reduce((first, e) => {
                 const name = new URL(e.name).pathname.split('/').pop();
                 first[name] = Math.min(first[name] ?? Infinity, e.startTime);
                 return first;
               }, {})"""
        ),
    }


@pytest.mark.browser
def test_a_first_visit_starts_in_marked_steps_in_order_and_is_ready(
    ui: Ui, first_visit: dict[str, Any]
) -> None:
    assert first_visit["python"] == "ordinary"
    marks = first_visit["marks"]
    want = [
        "python-start",
        "python-main-done",
        *(f"python: import {', '.join(step)}" for step in bootstrap_steps()),
        "python-bootstrap-imported",
        "python-ready",
        "solitaire: main.py",
        *(f"solitaire: import {name}" for name in main_steps()),
        "solitaire: start",
        "solitaire: started",
    ]
    assert [m for m in marks if m in want] == want
    assert ui.page.locator("body[data-ready='true']").count() == 1
    assert ui.page.locator("#table .card").count() > 0


@pytest.mark.browser
def test_the_steps_import_what_they_name_and_bind_nothing_in_main(
    ui: Ui, first_visit: dict[str, Any]
) -> None:
    names = [name for step in bootstrap_steps() for name in step] + main_steps()
    code = f"""import sys, __main__, json
json.dumps([[n for n in {names!r} if n not in sys.modules],
            [n for n in ("tokenize", "ssl", "zipfile") if n in vars(__main__)],
            sys.modules["game.rules"].__file__])"""
    missing, bound, engine = json.loads(ui.page.evaluate(PYTHON, [code]))
    assert missing == [] and bound == []
    assert engine == "/lib/python314.zip/game/rules.pyc"  # the browser runs the bytecode


@pytest.mark.browser
def test_pythons_big_downloads_start_once_the_first_paint_is_on_screen(
    first_visit: dict[str, Any],
) -> None:
    """The first paint's table is the largest paint: nothing of Python's 5 MB competes with
    it (static/start.mjs waits for the Paint Timing entry; index.html preloads none of it),
    while the small module that starts Python is fetched at once."""
    fetched, paint = first_visit["fetched"], first_visit["paint"]
    big = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python.zip"]
    assert {name: fetched[name] >= paint for name in big} == dict.fromkeys(big, True)
    assert fetched["start.mjs"] < paint


@pytest.mark.browser
def test_pyodide_streams_its_webassembly(first_visit: dict[str, Any]) -> None:
    """instantiateStreaming, from a response served as application/wasm (netlify.toml,
    scripts/serve.py): compiled while it downloads, never from an array of bytes."""
    assert first_visit["wasm"] == [
        ["streaming", "/static/vendor/pyodide-314.0.2/pyodide.asm.wasm", "application/wasm"]
    ]


@pytest.mark.browser
def test_a_step_that_fails_is_said_at_once_with_reload(page: Page, browser_log: BrowserLog) -> None:
    shipped = (ROOT / "main.py").read_text()
    broken = shipped.replace('"game.ui.dom",', '"game.ui.no_such_step",', 1)
    assert broken != shipped
    page.route("**/main.py", lambda route: route.fulfill(body=broken, content_type="text/plain"))
    page.goto("/?game=whitehead&deal=1")
    failed = page.locator("#loading.failed")
    failed.wait_for(timeout=60_000)
    assert "ModuleNotFoundError: No module named 'game.ui.no_such_step'" in failed.inner_text()
    assert failed.get_by_role("button", name="Reload").is_visible()
    assert page.evaluate("() => document.body.dataset.ready") == "false"
    errors = browser_log.console_errors  # the traceback, for whoever debugs it
    assert errors and all("no_such_step" in e for e in errors), errors
    errors.clear()


def test_the_wasm_is_served_for_streaming() -> None:
    """scripts/serve.py (and so Netlify: tests/test_netlify_headers.py) sends
    application/wasm, which instantiateStreaming requires."""
    import serve

    rules = serve.load_rules(ROOT / "netlify.toml")
    wasm = f"/{startup.PYODIDE}/pyodide.asm.wasm"
    assert serve.headers_for(rules, wasm)["Content-Type"] == "application/wasm"
    assert serve.TYPES[".wasm"] == "application/wasm"
