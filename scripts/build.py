"""Generate the service worker (sw.js) from the files the site ships; optionally the site.

    python3 scripts/build.py               sw.js at the repository root (make build)
    python3 scripts/build.py --dist dist   also dist/: exactly the shipped files + sw.js

The shipped files are the page (index.html, main.py, pyscript.toml, manifest.webmanifest),
everything under static/ (CSS, scripts, icons, the embedding example), the runtime that
scripts/vendor.py copied into static/vendor/ (dot files such as its stamp excepted, and
Pyodide's own standard library and package list, which the page never fetches) and the
start-up files of static/boot/ (python.zip with game/ inside, the memory snapshot), made
first by scripts/startup.py. Nothing else: not game/ itself, tests/, scripts/, bench/ or
node_modules/. Netlify publishes dist/ (netlify.toml).

sw.js is scripts/sw.template.js with the precache list and a version filled in: the
version is a hash of every shipped file's path and content, so any change to any of
them gives a new sw.js, which the browser installs beside the old one and the page
offers as "New version — reload" (static/pwa.js). With them, the size and SHA-256 of
each cache entry (a .gz file's inflated, as the worker keeps it), by which the worker
knows a damaged entry. scripts/serve.py regenerates sw.js whenever it is asked for it,
so the local server never serves a stale one.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import catalogs
import paint
import startup

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "sw.template.js"
PAGE_FILES = ("index.html", "main.py", "pyscript.toml", "manifest.webmanifest")
SW = "sw.js"


class BuildError(Exception):
    pass


# Vendored, but never fetched by the page: static/boot/python.zip replaces the standard
# library, and start.mjs gives Pyodide an empty package list. (bench/pages/bare.html, the
# yardstick of bench/boot.py, uses them from the repository.)
NOT_SHIPPED = (
    f"{startup.PYODIDE}/python_stdlib.zip",
    f"{startup.PYODIDE}/pyodide-lock.json",
)


def static_files(root: Path) -> list[str]:
    """Everything under static/, hidden files and folders excepted."""
    out = []
    for path in (root / "static").rglob("*"):
        rel = path.relative_to(root)
        if (
            path.is_file()
            and not any(part.startswith(".") for part in rel.parts)
            and rel.as_posix() not in NOT_SHIPPED
        ):
            out.append(rel.as_posix())
    return out


def shipped_files(root: Path = ROOT) -> list[str]:
    """The site's files, as paths relative to `root`, sorted; each one must exist."""
    files = sorted({*PAGE_FILES, *static_files(root)})
    missing = [f for f in files if not (root / f).is_file()]
    if missing:
        raise BuildError(f"missing files: {', '.join(missing[:5])}")
    if not any(f.startswith("static/vendor/") for f in files):
        raise BuildError("static/vendor/ is empty: run `make vendor` first")
    if not any(f.startswith(startup.BOOT + "/") for f in files):
        raise BuildError(f"{startup.BOOT}/ is empty: run `make build` first")
    return files


def make_startup(root: Path) -> None:
    """static/boot/ from game/ and the runtime, where they are (not in a built dist/)."""
    if (root / "game").is_dir():
        try:
            startup.build(root)
            paint.write(root)
            catalogs.write_manifests(root)
        except startup.StartupError as e:
            raise BuildError(str(e)) from e
        except subprocess.CalledProcessError as e:
            raise BuildError(f"scripts/paint.py failed: {e.stderr.strip()[-300:]}") from e


def url_of(path: str) -> str:
    """The URL the page uses for a file, relative to sw.js: the page is "./"."""
    return "./" if path == "index.html" else path


def version(root: Path, files: list[str]) -> str:
    """A hash of every file's path and content: the precache's name changes with any."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def stored(root: Path, files: list[str]) -> dict[str, list[int | str]]:
    """What the service worker's cache holds under each URL, [size, "sha256-…"] (SRI form):
    a .gz file is kept inflated, under its name without ".gz" (sw.template.js)."""
    out: dict[str, list[int | str]] = {}
    for name in files:
        data = (root / name).read_bytes()
        key = name.removesuffix(".gz")
        if key != name:
            data = gzip.decompress(data)
        sri = "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
        out[url_of(key)] = [len(data), sri]
    return out


def sw_words(root: Path) -> dict[str, dict[str, str]]:
    """The offline page's words, from the catalogs beside the site (a built dist/ has none:
    those of the repository it was built from)."""
    return catalogs.sw_words(root if (root / catalogs.TEMPLATE).is_file() else catalogs.ROOT)


def sw_source(root: Path = ROOT) -> str:
    files = shipped_files(root)
    urls = json.dumps([url_of(f) for f in files], indent=2)
    text = TEMPLATE.read_text()
    for placeholder, value in (
        ('"__VERSION__"', json.dumps(version(root, files))),
        ('["__FILES__"]', urls),
        ('{ __STORED__: [0, ""] }', json.dumps(stored(root, files), indent=2)),
        ("{ __WORDS__: {} }", json.dumps(sw_words(root), indent=1, ensure_ascii=False)),
    ):
        if placeholder not in text:
            raise BuildError(f"{TEMPLATE.name} lacks {placeholder}")
        text = text.replace(placeholder, value)
    return "// Generated by scripts/build.py from scripts/sw.template.js: do not edit.\n" + text


def write_if_changed(path: Path, text: str) -> bool:
    """Atomically (two servers may start at once); False when it was already so."""
    if path.is_file() and path.read_text() == text:
        return False
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w") as out:
        out.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    return True


def write_sw(root: Path = ROOT) -> bool:
    """Write root/sw.js if its content is not already current; True if it changed."""
    return write_if_changed(root / SW, sw_source(root))


def build_dist(dist: Path, root: Path = ROOT) -> list[str]:
    """dist/ from scratch: the shipped files and sw.js. Returns the files, sorted."""
    files = shipped_files(root)
    if dist.resolve() in (root.resolve(), *root.resolve().parents):
        raise BuildError(f"refusing to replace {dist}")
    shutil.rmtree(dist, ignore_errors=True)
    for name in files:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, dist / name)
    (dist / SW).write_text(sw_source(root))
    return sorted([*files, SW])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, help="also copy the site into this folder")
    args = parser.parse_args()
    try:
        make_startup(ROOT)
        write_sw(ROOT)
        files = shipped_files(ROOT)
        print(f"build: {SW} version {version(ROOT, files)}, {len(files)} files precached")
        if args.dist is not None:
            shipped = build_dist(args.dist, ROOT)
            size = sum((args.dist / f).stat().st_size for f in shipped)
            print(f"build: {args.dist}/ with {len(shipped)} files ({size / 1e6:.1f} MB)")
    except BuildError as e:
        print(f"build: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
