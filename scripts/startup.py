"""The files the page starts from, in static/boot/ (scripts/build.py runs this).

    python3 scripts/startup.py          (make build; also make serve, make dist, Netlify)

- python.zip: the standard library cut to the modules the page imports (their sources
  without docstrings and comments) and game/ as it is in the repository, its command line
  excepted. Pyodide's `stdLibURL`: the one Python file a boot fetches. A module missing
  from it fails tests/test_startup.py and the browser tests, which boot from this file.
- snapshot.bin.gz: Pyodide's memory once it has started and imported the engine, its UI
  and the standard-library modules of python.zip (scripts/snapshot.mjs), gzipped (31 MB,
  half zeros, become 6 to download). The service worker keeps it inflated, as
  snapshot.bin; a return visit restores it instead of starting Python (static/start.mjs).
- snapshot.json: what the page checks before it uses the snapshot: the Pyodide version,
  the size and SHA-256 of python.zip and of snapshot.bin as kept (a file cut short or
  changed is never loaded), those of the shipped snapshot.bin.gz, and `made_from`, a hash
  of everything they were made from; the build is skipped when that hash is unchanged.

The snapshot holds the engine as python.zip holds it, and the page uses the snapshot only
with the python.zip it was made with, so a snapshot never runs other code than the site
ships. Both are reproducible (same inputs, same bytes): a deploy that changes nothing
changes neither, and players download them again only when they did change.
"""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

import catalogs

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"
BOOT = "static/boot"
SNAPSHOT = "snapshot.bin.gz"  # shipped; the service worker keeps it inflated, as IMAGE
IMAGE = "snapshot.bin"
PYODIDE_VERSION = "314.0.2"
PYODIDE = f"static/vendor/pyodide-{PYODIDE_VERSION}"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# What PyScript 0.7.31 imports from the standard library as it starts (its own `pyscript`
# package, which it writes into the file system at every boot, so it cannot be imported
# here): measured in chromium from the page's sys.modules. The engine's own imports are
# found in its sources. Also the modules an error report needs (traceback, linecache),
# and codecs a browser may ask for (cp437: zipfile's names).
PAGE_MODULES = (
    "asyncio", "base64", "copy", "dataclasses", "enum", "functools", "glob", "hashlib",
    "html", "html.entities", "inspect", "json", "linecache", "pathlib", "random", "re",
    "shutil", "string", "tempfile", "textwrap", "traceback", "typing", "urllib.parse",
    "warnings", "weakref", "zipfile", "encodings.ascii", "encodings.latin_1",
    "encodings.utf_8_sig", "encodings.cp437",
)  # fmt: skip
ENGINE_PREFIX = "game"  # the snapshot imports all of it, game.ui too (`js` survives)


# Run once in the snapshot: every game dealt, so the tables the engine builds once per rule
# (rules.accepts, rules.links: 50 ms of a return visit's start) are in the image.
WARM = "import game\nfor name in game.GAMES: game.new_game(name, 1)"


class StartupError(Exception):
    pass


def game_sources(root: Path) -> list[Path]:
    """What the page ships of game/: every module but the command line (game/__main__.py)."""
    return [p for p in sorted((root / "game").rglob("*.py")) if p.name != "__main__.py"]


def game_modules(root: Path) -> list[str]:
    """Every module the page ships of game/, by dotted name, sorted."""
    out = []
    for path in game_sources(root):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


# Two builds in threads (tests/test_startup.py) must not parse at once: CPython 3.11.7's
# AST conversion keeps its recursion depth per interpreter, not per thread, and fails with
# "SystemError: AST constructor recursion depth mismatch" when two threads interleave.
_PARSING = threading.Lock()


def imported_names(root: Path) -> set[str]:
    """Every absolute import in game/ and main.py, those inside functions too."""
    names: set[str] = set()
    for path in [*game_sources(root), root / "main.py"]:
        with _PARSING:
            tree = ast.parse(path.read_bytes(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {n for n in names if n.split(".")[0] not in {"js", "pyodide", "__future__"}}


def stdlib_modules(root: Path) -> list[str]:
    """What python.zip must make importable, besides game/ itself."""
    engine = {m for m in imported_names(root) if m.split(".")[0] != ENGINE_PREFIX}
    return sorted(engine | set(PAGE_MODULES))


def integrity(path: Path) -> str:
    """A Subresource Integrity string, as fetch's `integrity` option takes it."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def inputs(root: Path) -> list[Path]:
    """Everything static/boot/ is made from: the runtime, the engine, this script and its
    node half."""
    return [
        *(root / PYODIDE / name for name in RUNTIME),
        *game_sources(root),
        *catalogs.inputs(root),
        root / "main.py",
        Path(__file__).resolve(),
        Path(catalogs.__file__).resolve(),
        SCRIPT,
    ]


def made_from(root: Path) -> str:
    """A hash of every input (their paths relative to the repository, and contents)."""
    digest = hashlib.sha256()
    for path in inputs(root):
        name = path.relative_to(root if path.is_relative_to(root) else ROOT).as_posix()
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def node(*args: str, env: dict[str, str] | None = None) -> None:
    node_bin = shutil.which("node")
    if node_bin is None:
        raise StartupError("node is missing (Node.js 20+ makes the snapshot)")
    done = subprocess.run(
        [node_bin, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    )
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise StartupError(f"snapshot.mjs {args[0]} failed: {tail[0]}")


# Run in Node by compiled(): python.zip's modules as bytecode, compiled by the vendored
# Pyodide itself (the .pyc format and its magic number are its Python's). Unchecked
# hash-based .pyc (PEP 552): no timestamps, so the same sources give the same bytes, and
# zipimport loads them without reading a source. Each is compiled under the name zipimport
# would give its source (/lib/python314.zip/game/rules.py), so tracebacks read the same.
# The standard library goes as bytecode alone; the engine keeps its sources beside it, so
# that a traceback shows its lines (and python.zip still holds the repository's files).
COMPILE_JS = """
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, zip, code] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, env: { PYTHONHASHSEED: "0" } });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(zip));
pyodide.runPython(code);
writeFileSync(zip, pyodide.FS.readFile("/tmp/compiled.zip"));
"""
COMPILE_PY = """
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
ZIP = next(p for p in sys.path if p.endswith('.zip'))  # where Pyodide keeps its library
KEEP_SOURCE = 'game/'
source = zipfile.ZipFile('/tmp/source.zip')
with zipfile.ZipFile('/tmp/compiled.zip', 'w') as out:
    def put(info, name, data):
        entry = zipfile.ZipInfo(name, info.date_time)
        entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
        out.writestr(entry, data, compresslevel=9)
    for info in source.infolist():
        data = source.read(info)
        if not info.filename.endswith('.py'):
            put(info, info.filename, data)
            continue
        code = compile(data, f'{ZIP}/{info.filename}', 'exec', dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        put(info, info.filename + 'c', bytes(pyc))
        if info.filename.startswith(KEEP_SOURCE):
            put(info, info.filename, data)
"""


def compiled(pyodide: str, zip_path: Path) -> None:
    """Rewrite python.zip with every module compiled (COMPILE_PY): a first visit imports
    ~280 modules, and compiling their sources was most of its Python's start."""
    node_bin = shutil.which("node")
    if node_bin is None:
        raise StartupError("node is missing (Node.js 20+ compiles python.zip)")
    done = subprocess.run(
        [node_bin, "--input-type=module", "-e", COMPILE_JS, pyodide, str(zip_path), COMPILE_PY],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise StartupError(f"compiling python.zip failed: {tail[0]}")


def add_catalogs(root: Path, zip_path: Path) -> None:
    """The compiled catalogs into python.zip, beside game/i18n.py, which reads them."""
    with zipfile.ZipFile(zip_path, "a") as out:
        for name, data in sorted(catalogs.mo_files(root).items()):
            info = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            out.writestr(info, data, compresslevel=9)


def current(root: Path) -> dict[str, object] | None:
    """The manifest, if it and the files it names are those of the current inputs."""
    try:
        manifest = json.loads((root / BOOT / "snapshot.json").read_text())
        if manifest["made_from"] != made_from(root):
            return None
        for entry in (manifest["stdlib"], manifest["snapshot"]["packed"]):
            path = root / BOOT / entry["file"]
            if path.stat().st_size != entry["size"] or integrity(path) != entry["integrity"]:
                return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return dict(manifest)


def build(root: Path = ROOT) -> tuple[bool, dict[str, object]]:
    """Make static/boot/ unless it is current; (whether it was rebuilt, the manifest)."""
    if not (root / PYODIDE / "pyodide.mjs").is_file():
        raise StartupError(f"{PYODIDE}/ is missing: run `make vendor` first")
    manifest = current(root)
    if manifest is not None:
        return False, manifest
    boot = root / BOOT
    boot.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=boot, prefix=".build-") as tmp:
        work = Path(tmp)
        pyodide = str((root / PYODIDE).resolve())
        zip_path, raw, snap_path = work / "python.zip", work / "memory", work / SNAPSHOT
        modules = [*stdlib_modules(root), *game_modules(root)]
        shipped = [p.relative_to(root).as_posix() for p in game_sources(root)]
        node("stdlib", pyodide, str(root.resolve()), str(zip_path), *modules,
             env={"SNAPSHOT_GAME": json.dumps(shipped)})  # fmt: skip
        add_catalogs(root, zip_path)
        compiled(pyodide, zip_path)
        node("snapshot", pyodide, str(zip_path), str(raw), *modules, env={"SNAPSHOT_WARM": WARM})
        memory = raw.read_bytes()
        # Half of the image is zeros: 31 MB become 6, for every host, in the cache too.
        snap_path.write_bytes(gzip.compress(memory, compresslevel=6, mtime=0))
        manifest = {
            "pyodide": PYODIDE_VERSION,
            "made_from": made_from(root),
            "stdlib": entry(zip_path),
            # What the page reads: the image as the service worker keeps it, inflated.
            "snapshot": {**entry(raw), "file": IMAGE, "packed": entry(snap_path)},
        }
        for path in (zip_path, snap_path):
            os.chmod(path, 0o644)
            os.replace(path, boot / path.name)
    (boot / "snapshot.json").write_text(json.dumps(manifest, indent=2) + "\n")
    for stale in boot.glob("snapshot*"):  # of an earlier build's naming: never shipped
        if stale.name not in (SNAPSHOT, "snapshot.json"):
            stale.unlink()
    return True, manifest


def entry(path: Path) -> dict[str, object]:
    return {"file": path.name, "size": path.stat().st_size, "integrity": integrity(path)}


def main() -> int:
    try:
        rebuilt, manifest = build(ROOT)
    except StartupError as e:
        print(f"startup: {e}", file=sys.stderr)
        return 1
    sizes = ", ".join(
        f"{manifest[k]['file']} {manifest[k]['size'] / 1e6:.1f} MB"  # type: ignore[index]
        for k in ("stdlib", "snapshot")
    )
    print(f"startup: {BOOT}/ {'made' if rebuilt else 'up to date'} ({sizes})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
