"""Copy the pinned browser runtime from node_modules/ into static/vendor/.

Run after `npm ci` (make vendor, or Netlify's build command). static/vendor/ is
rebuilt from scratch and ends with a stamp named after the lock file's hash, which
is how `make` knows the copy matches package-lock.json.

Each runtime goes into a folder named with its version (static/vendor/pyodide-314.0.2/)
because netlify.toml caches static/vendor/ as immutable: a version bump must change
the URLs, so index.html, pyscript.toml, static/start.mjs and static/idb-guard.js name
the folders (and 404 loudly if stale).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# What pyodide.mjs fetches at boot when no packages are requested (checked in the
# browser by tests/test_boot.py). Everything else in the npm package is not needed.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# fake-indexeddb: the in-memory IndexedDB static/idb-guard.js gives PyScript where the
# browser denies storage. Its ES module entry and every module that imports, nothing else.
FAKE_IDB = "fake-indexeddb"
# What an ES module imports: `import x from "s"`, `export {x} from "s"`, `import "s"`, `import("s")`.
IMPORT = re.compile(r"""(?:\bfrom|^\s*import|\bimport\s*\()\s*["']([^"']+)["']""", re.MULTILINE)
DYNAMIC = re.compile(r"\bimport\s*\(")


def module_files(package: Path, entry: str) -> list[str]:
    """`entry` and every module it imports, transitively, as paths relative to `package`.
    Each import must be a relative path to a file of the package: the browser fetches
    nothing from anywhere else (the CSP allows this site only)."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        source = (package / name).read_text()
        if len(DYNAMIC.findall(source)) != len(re.findall(r"\bimport\s*\(\s*[\"']", source)):
            sys.exit(f"vendor: {package.name}/{name} imports a module whose name is computed")
        for spec in IMPORT.findall(source):
            target = (package / name).parent.joinpath(spec).resolve()
            if not spec.startswith(("./", "../")) or not target.is_relative_to(package.resolve()):
                sys.exit(f"vendor: {package.name}/{name} imports {spec!r}, not a file of its own")
            if not target.is_file():
                sys.exit(f"vendor: {package.name}/{name} imports {spec!r}, which is missing")
            todo.append(target.relative_to(package.resolve()).as_posix())
    return sorted(seen)


def esm_entry(package: Path) -> str:
    """The file `import "package"` loads (its package.json's exports)."""
    exports = json.loads((package / "package.json").read_text())["exports"]
    return str(exports["."]["import"]).removeprefix("./")


def lock_stamp() -> str:
    """Stamp file name; the Makefile computes the same name with sha256sum."""
    digest = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    return f".lock-{digest[:16]}"


def installed_version(package: str) -> str:
    manifest = json.loads((MODULES / package / "package.json").read_text())
    return str(manifest["version"])


def pyodide_wanted_by_pyscript(dist: Path) -> str:
    """The Pyodide version PyScript's core bundle defaults to (its CDN URL)."""
    for chunk in sorted(dist.glob("core-*.js")):
        found = re.search(r'type:"pyodide",module:\(\w+="([\d.]+)"\)', chunk.read_text())
        if found:
            return found.group(1)
    raise SystemExit("vendor: cannot find PyScript's Pyodide version in its core bundle")


def main() -> int:
    if not MODULES.is_dir():
        sys.exit("vendor: node_modules/ is missing: run `npm ci` first")
    pyodide = installed_version("pyodide")
    pyscript = installed_version("@pyscript/core")
    dist = MODULES / "@pyscript" / "core" / "dist"
    wanted = pyodide_wanted_by_pyscript(dist)
    if wanted != pyodide:
        sys.exit(f"vendor: PyScript {pyscript} expects Pyodide {wanted}, got {pyodide}")

    shutil.rmtree(VENDOR, ignore_errors=True)
    (VENDOR / f"pyodide-{pyodide}").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(MODULES / "pyodide" / name, VENDOR / f"pyodide-{pyodide}" / name)
    # PyScript loads its chunks lazily, so ship the whole dist/ (source maps excepted).
    shutil.copytree(dist, VENDOR / f"pyscript-{pyscript}", ignore=shutil.ignore_patterns("*.map"))
    # fake-indexeddb: its modules keep their places relative to the entry's folder.
    fake_idb = installed_version(FAKE_IDB)
    package = MODULES / FAKE_IDB
    entry = esm_entry(package)
    base = Path(entry).parent
    for name in module_files(package, entry):
        target = VENDOR / f"{FAKE_IDB}-{fake_idb}" / Path(name).relative_to(base)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(package / name, target)
    (VENDOR / lock_stamp()).write_text(
        f"pyodide {pyodide}\n@pyscript/core {pyscript}\n{FAKE_IDB} {fake_idb}\n"
    )

    size = sum(p.stat().st_size for p in VENDOR.rglob("*") if p.is_file())
    print(
        f"vendor: Pyodide {pyodide} + PyScript {pyscript} + {FAKE_IDB} {fake_idb} -> "
        f"{VENDOR.relative_to(ROOT)}/ "
        f"({size / 1e6:.1f} MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
