"""How Python starts: static/boot/ (scripts/startup.py) and static/start.mjs.

python.zip must hold everything the page imports (a module missing from it would fail a
player, so it fails here first), the build must be reproducible, the snapshot must be used
on a return visit, and every way it can be unfit (missing, cut short, changed, made for
another Pyodide or from another engine, failing to restore) must fall back to the
ordinary start with one console warning, the game playing exactly as before.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, ConsoleMessage
from test_table_kit import Ui, booted, engine_piles, play_texts

import game
from game.assist import auto_moves

sys.path.insert(0, str(ROOT / "scripts"))
import startup

BOOT = ROOT / startup.BOOT
VENDOR = ROOT / startup.PYODIDE
WARNING = "solitaire: started without the memory snapshot"


Manifest = dict[str, Any]


@pytest.fixture(scope="module")
def manifest() -> Manifest:
    path = BOOT / "snapshot.json"
    if not path.is_file():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: run `make build` (or `make test`)")
    found: Manifest = json.loads(path.read_text())
    return found


def node(script: str, *args: str) -> str:
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


# -- python.zip ---------------------------------------------------------------------------


def test_python_zip_ships_the_engine_but_not_its_command_line(
    manifest: Manifest,
) -> None:
    names = zipfile.ZipFile(BOOT / "python.zip").namelist()
    shipped = {n for n in names if n.startswith("game/") and n.endswith(".py")}
    on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    assert shipped == on_disk - {"game/__main__.py"}
    for name in shipped:  # as they are in the repository: tracebacks point at real lines
        assert zipfile.ZipFile(BOOT / "python.zip").read(name) == (ROOT / name).read_bytes()
    # the standard library is cut: no test suite, no tkinter, no argparse (the CLI's); it
    # is bytecode alone (tests/test_first_visit.py), the engine its sources and bytecode
    stdlib = [n for n in names if not n.startswith("game/")]
    assert len(stdlib) < 250
    assert not [n for n in names if n.startswith(("test/", "tkinter/", "argparse"))]
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "traceback.pyc"} <= set(stdlib)


IMPORT_ALL = """
const [pyodideDir, zip, modules] = process.argv.slice(1);
const { loadPyodide } = await import(`file://${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: zip });
console.log(pyodide.runPython(`
import importlib, json, sys
failed = {}
for name in ${modules}:
    try:
        importlib.import_module(name)
    except Exception as e:
        failed[name] = f"{type(e).__name__}: {e}"
json.dumps({"failed": failed, "game": sys.modules["game"].__file__})
`));
"""


def test_every_module_the_page_imports_is_in_python_zip(
    manifest: Manifest,
) -> None:
    """The engine and UI (in Node, where `js` is Node's globals) and every name imported
    anywhere in game/ or main.py, functions included: all from python.zip alone."""
    modules = [*startup.game_modules(ROOT), *sorted(startup.imported_names(ROOT))]
    assert "urllib.parse" in modules and "html" in modules  # imported inside functions
    out = json.loads(node(IMPORT_ALL, str(VENDOR), str(BOOT / "python.zip"), json.dumps(modules)))
    assert out["failed"] == {}
    assert out["game"] == "/lib/python314.zip/game/__init__.pyc"  # its bytecode, compiled


def test_the_check_can_find_a_missing_module(tmp_path: Path) -> None:
    cut = tmp_path / "python.zip"
    with (
        zipfile.ZipFile(BOOT / "python.zip") as full,
        zipfile.ZipFile(cut, "w") as out,
    ):
        for info in full.infolist():
            if info.filename != "html/__init__.pyc":  # the engine's, not Pyodide's
                out.writestr(info, full.read(info))
    modules = json.dumps(["game.solver", "game.ui.markup"])
    out_json = json.loads(node(IMPORT_ALL, str(VENDOR), str(cut), modules))
    assert list(out_json["failed"]) == ["game.ui.markup"]
    assert "'html'" in out_json["failed"]["game.ui.markup"]


# -- the snapshot: pinned, reproducible ---------------------------------------------------


def test_pyodide_private_snapshot_api_is_the_one_pinned() -> None:
    """`_loadSnapshot`, `_makeSnapshot` and the image's header belong to this exact build."""
    loader = (VENDOR / "pyodide.mjs").read_text()
    runtime = (VENDOR / "pyodide.asm.mjs").read_text()
    assert "e._loadSnapshot" in loader and "_makeSnapshot" in runtime
    assert "makeMemorySnapshot" in runtime
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', loader)
    assert build_id is not None
    header = gzip.decompress((BOOT / startup.SNAPSHOT).read_bytes())[:48]
    magic, size, _, _, *packed = struct.unpack("<12I", header)
    assert magic == 1886286592 and size % 16 == 0  # Pyodide's magic number
    assert "".join(f"{word:08x}" for word in packed) == build_id.group(1)


def test_start_mjs_is_pinned_to_the_vendored_pyodide() -> None:
    source = (ROOT / "static" / "start.mjs").read_text()
    version = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    assert version == startup.PYODIDE_VERSION
    assert set(re.findall(r"vendor/pyodide-([\d.]+)/", source)) == {version}
    lock = json.loads((VENDOR / "pyodide-lock.json").read_text())
    info = re.search(r"info: \{(.*?)\}", source)
    assert info is not None
    assert dict(re.findall(r'(\w+): "([^"]*)"', info.group(1))) == lock["info"]
    assert (
        '{ PYTHONHASHSEED: "0" }' in source
        and "PYTHONHASHSEED" in (ROOT / "scripts" / "snapshot.mjs").read_text()
    )


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_the_manifest_names_what_is_there(manifest: Manifest) -> None:
    assert manifest["pyodide"] == startup.PYODIDE_VERSION
    assert manifest["made_from"] == startup.made_from(ROOT)  # the build is current
    zip_bytes, packed = (BOOT / "python.zip").read_bytes(), (BOOT / startup.SNAPSHOT).read_bytes()
    memory = gzip.decompress(packed)
    assert manifest["stdlib"] == {
        "file": "python.zip",
        "size": len(zip_bytes),
        "integrity": sri(zip_bytes),
    }
    assert manifest["snapshot"] == {
        "file": "snapshot.bin",  # as the service worker keeps it: inflated
        "size": len(memory),
        "integrity": sri(memory),
        "packed": {"file": startup.SNAPSHOT, "size": len(packed), "integrity": sri(packed)},
    }
    assert len(memory) > 5 * len(packed)  # mostly zeros: worth packing


def copy_of_the_sources(root: Path) -> Path:
    (root / "static" / "vendor").mkdir(parents=True)
    (root / startup.PYODIDE).symlink_to(VENDOR)
    shutil.copytree(ROOT / "game", root / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "main.py", root / "main.py")
    return root


# Two builds (three if the repository's is stale), each three runs of Pyodide in Node (the
# library, its bytecode, the snapshot): minutes on a loaded machine, more than the suite's
# 120 s.
@pytest.mark.timeout(420)
def test_same_inputs_give_the_same_bytes_and_a_change_remakes_them(tmp_path: Path) -> None:
    one = copy_of_the_sources(tmp_path / "one")
    # The same sources built in another folder: the repository's own build (`make build`
    # made it before the tests), unless a source was edited since; then a second copy's.
    stale = startup.current(ROOT) is None
    other = copy_of_the_sources(tmp_path / "b" / "2") if stale else ROOT
    with ThreadPoolExecutor(2) as pool:
        made = list(pool.map(startup.build, (one, other)))
    assert [rebuilt for rebuilt, _ in made] == [True, stale]
    assert made[0][1] == made[1][1]  # in another folder: the same manifest ...
    for name in ("python.zip", startup.SNAPSHOT):  # ... and the same bytes
        assert (one / startup.BOOT / name).read_bytes() == (
            other / startup.BOOT / name
        ).read_bytes()

    assert startup.build(one) == (False, made[0][1])  # current: nothing to do
    rules = one / "game" / "rules.py"
    rules.write_text(rules.read_text() + "\nENGINE_EDITED = True\n")
    rebuilt, changed = startup.build(one)
    assert rebuilt
    for key in ("made_from", "stdlib", "snapshot"):
        assert changed[key] != made[0][1][key], key
    with zipfile.ZipFile(one / startup.BOOT / "python.zip") as z:
        assert b"ENGINE_EDITED" in z.read("game/rules.py")


# -- in the browser -----------------------------------------------------------------------

URL = "/?game=whitehead&deal=1&automove=safe"

# The service worker installed (its precache complete) and active: the next visit is its.
PRECACHED = """async () => !!navigator.serviceWorker.controller &&
  (await navigator.serviceWorker.ready).active.state === "activated" &&
  !!(await caches.match("static/boot/snapshot.bin"))"""

# Changes what the service worker's cache holds of static/boot/, as a damaged or stale
# cache would: every cache entry of the file is replaced (or deleted).
SPOIL = """async ([how]) => {
  const at = (name) => new URL(`static/boot/${name}`, document.baseURI).href;
  const each = async (name, change) => {
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      const hit = await cache.match(at(name));
      if (!hit) continue;
      const body = await change(new Uint8Array(await hit.arrayBuffer()));
      if (body === null) await cache.delete(at(name));
      else await cache.put(at(name), new Response(body, { headers: hit.headers }));
    }
  };
  const sri = async (bytes) =>
    "sha256-" + btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))));
  const manifest = (edit) => each("snapshot.json", async (bytes) => {
    const data = JSON.parse(new TextDecoder().decode(bytes));
    await edit(data);
    return JSON.stringify(data);
  });
  const image = "snapshot.bin";
  if (how === "missing") await each(image, async () => null);
  if (how === "truncated") await each(image, async (b) => b.slice(0, b.length - 3000000));
  if (how === "flipped") await each(image, async (b) => { b[b.length >> 1] ^= 0xff; return b; });
  if (how === "no-manifest") await each("snapshot.json", async () => "null");
  if (how === "other-pyodide") await manifest(async (m) => { m.pyodide = "0.29.3"; });
  if (how === "other-engine") await manifest(async (m) => { m.stdlib.integrity = await sri(new Uint8Array([1])); });
  // Bytes that check out, but are no memory image: its magic number is off.
  if (how === "unrestorable") {
    let spoilt;
    await each(image, async (b) => { b[0] ^= 0xff; spoilt = b; return b; });
    await manifest(async (m) => { m.snapshot.integrity = await sri(spoilt); });
  }
}"""

PYTHON = """async ([code]) => (await (await import("/static/start.mjs")).begin()).runPython(code)"""


# What the service worker's cache holds of the snapshot, kept aside (under other URLs, which
# the page's `caches.match` never asks for) and put back: every unfit case starts from the
# cache of a return visit, in one context whose HTTP and code caches stay warm.
KEPT = ["snapshot.bin", "snapshot.json"]
KEEP = """async ([back, names]) => {
  const at = (name) => new URL(`static/boot/${name}`, document.baseURI).href;
  const kept = await caches.open("test-kept");
  for (const key of await caches.keys()) {
    if (key === "test-kept") continue;
    const cache = await caches.open(key);
    for (const name of names) {
      if (!back) {
        const hit = await cache.match(at(name));
        if (hit) await kept.put(at(name) + "?kept=" + key, hit);
      } else {
        const hit = await kept.match(at(name) + "?kept=" + key);
        const body = hit && (await hit.arrayBuffer());
        if (hit) await cache.put(at(name), new Response(body, { headers: hit.headers }));
      }
    }
  }
}"""


@pytest.fixture
def ui(browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url) as shared:
        yield shared
        shared.check_log()


@pytest.fixture(scope="module")
def returning(browser: Browser, server_url: str) -> Iterator[Ui]:
    """A page on its return visit: the service worker's, its snapshot kept aside."""
    with booted(browser, server_url) as shared:
        first_then_return_visit(shared)
        shared.page.evaluate(KEEP, [False, KEPT])
        yield shared


@pytest.fixture
def warned(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """The page's "solitaire:" console warnings while the test runs."""
    ui: Ui = request.getfixturevalue("returning" if "returning" in request.fixturenames else "ui")
    seen: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning" and message.text.startswith("solitaire:"):
            seen.append(message.text)

    ui.page.on("console", on_console)
    yield seen
    ui.page.remove_listener("console", on_console)


def first_then_return_visit(ui: Ui) -> str:
    """The first visit's start; then visits until one is the service worker's from its
    start (chromium sends the first navigation after the worker's activation past it)."""
    ui.page.context.add_init_script(
        "window.__controlled = !!(navigator.serviceWorker || {}).controller"
    )
    ui.open(URL)
    first = ui.page.evaluate("document.documentElement.dataset.python")
    # Python's start (a long task) did not pass for IndexedDB not answering (idb-guard.js)
    assert ui.page.evaluate("document.documentElement.dataset.storage") is None
    deadline = time.monotonic() + 60
    while not ui.page.evaluate(PRECACHED):  # (wait_for_function would not await it)
        assert time.monotonic() < deadline, "the service worker did not install"
        ui.page.wait_for_timeout(100)
    for _ in range(3):
        ui.page.reload()
        ui.wait_ready()
        if ui.page.evaluate("window.__controlled"):
            break
    return str(first)


def reload(ui: Ui) -> str:
    ui.page.reload()
    ui.wait_ready()
    return str(ui.page.evaluate("document.documentElement.dataset.python"))


def plays_a_move(ui: Ui) -> None:
    g = game.new_game("whitehead", 1)
    auto_moves(g, "safe")
    ui.wait_layout(engine_piles(g))
    move = next(m for m in g.legal_moves() if str(m) != "s")
    play_texts(ui, g, [str(move)])


pytestmark = pytest.mark.browser


def test_a_return_visit_starts_from_the_snapshot(ui: Ui, warned: list[str]) -> None:
    assert first_then_return_visit(ui) == "ordinary"  # a first visit never waits for it
    # the service worker keeps the snapshot inflated, and only so
    kept = """async () => [await caches.match("static/boot/snapshot.bin.gz"),
        await caches.match("static/boot/snapshot.bin")].map((r) => r && r.headers.get("content-type"))"""
    assert ui.page.evaluate(kept) == [None, "application/octet-stream"]
    assert reload(ui) == "snapshot"
    draws = [ui.page.evaluate(PYTHON, ["import random; random.random()"])]
    assert ui.page.evaluate(PYTHON, ["import game; game.__file__"]).startswith("/lib/python314")
    # the snapshot holds every module: Pyodide's start is not stepped (static/start.mjs),
    # main.py's steps are there and cost nothing
    marks = ui.page.evaluate("performance.getEntriesByType('mark').map((e) => e.name)")
    assert "python-main-done" not in marks and "solitaire: started" in marks
    assert reload(ui) == "snapshot"
    draws.append(ui.page.evaluate(PYTHON, ["import random; random.random()"]))
    assert draws[0] != draws[1]  # reseeded: the image's own state is never drawn from
    plays_a_move(ui)
    assert warned == []


@pytest.mark.parametrize(
    ("how", "why"),
    [
        ("missing", "not in the cache"),
        ("no-manifest", "snapshot.json is not as expected"),
        ("truncated", "bytes, not"),
        ("flipped", "does not match its SHA-256"),
        ("other-pyodide", "made for Pyodide 0.29.3, not 314.0.2"),
        ("other-engine", "python.zip does not match its SHA-256"),
        ("unrestorable", "restoring it failed"),
    ],
)
def test_an_unfit_snapshot_falls_back_to_the_ordinary_start(
    returning: Ui, warned: list[str], how: str, why: str
) -> None:
    ui = returning
    ui.clear_log()
    ui.page.evaluate(KEEP, [True, KEPT])  # the cache as the return visit found it
    assert reload(ui) == "snapshot" and warned == []
    ui.at("whitehead", 1, automove="safe")  # restarted: the last case's move undone
    ui.page.evaluate(SPOIL, [how])
    how_it_went = reload(ui)
    assert how_it_went.startswith("fallback: ") and why in how_it_went, how_it_went
    assert len(warned) == 1 and why in warned[0], warned
    plays_a_move(ui)
    ui.check_log()
