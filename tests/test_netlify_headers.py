"""scripts/serve.py sends exactly the headers Netlify's own engine gives for netlify.toml.

Netlify's answer comes from its npm packages, @netlify/headers and @netlify/headers-parser
(pinned in tests/netlify/, `make netlify`), run by tests/netlify/headers.mjs over a dist/
built as `make dist` builds it. serve.py keeps its own Python port (it must run without
Node packages), and this is what keeps the port honest.

What is compared, per path (names case-insensitive):
- every header Netlify's engine gives must be sent with exactly that value, once;
- every other header serve.py sends must be one Netlify's host sends on its own: Date,
  Server, Content-Length, Last-Modified, Connection, a Content-Type (compared only where
  netlify.toml sets one: otherwise Netlify picks the type itself), and, where netlify.toml
  sets no Cache-Control, Netlify's default one. Anything else (an X-Frame-Options, a COOP
  on a path netlify.toml does not give one) fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from conftest import ROOT, serve_py

sys.path.insert(0, str(ROOT / "scripts"))
import serve

NETLIFY = ROOT / "tests" / "netlify"
SCRIPT = NETLIFY / "headers.mjs"
ENGINE = NETLIFY / "node_modules" / "@netlify" / "headers"
PINNED = ("@netlify/headers", "@netlify/headers-parser")

# Netlify's own, whatever netlify.toml says (Cache-Control only where it sets none).
HOST_HEADERS = {"date", "server", "content-length", "last-modified", "connection"}
DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"


def netlify_headers(dist: Path, project: Path, *paths: str) -> dict[str, dict[str, str]]:
    """{pathname: headers} from Netlify's engine, for every file in dist, "/" and paths."""
    if not ENGINE.is_dir():
        pytest.fail(f"{ENGINE} is missing: run `make netlify` (or `make test`)")
    done = subprocess.run(
        ["node", str(SCRIPT), str(dist), str(project), *paths],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, f"headers.mjs failed:\n{done.stderr}"
    found: dict[str, dict[str, str]] = json.loads(done.stdout)
    return found


@pytest.fixture(scope="module")
def dist_url(dist: Path) -> Iterator[str]:
    """dist/ served by scripts/serve.py, as `make dist && serve.py --dir dist` serves it."""
    with serve_py("--dir", str(dist)) as url:
        yield url


def served_headers(url: str) -> list[tuple[str, str]]:
    request = urllib.request.Request(url, method="HEAD")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200, url
        return [(k.lower(), v) for k, v in response.headers.items()]


def differences(netlify: dict[str, str], served: list[tuple[str, str]]) -> list[str]:
    """How what serve.py sent differs from what Netlify sends (see the module's doc)."""
    want = {k.lower(): v for k, v in netlify.items()}
    want.setdefault("cache-control", DEFAULT_CACHE_CONTROL)
    names = [k for k, _ in served]
    got = {k: v for k, v in served if k not in HOST_HEADERS}
    if "content-type" not in want:
        got.pop("content-type", None)
    out = [f"{k} sent {names.count(k)} times" for k in sorted(set(names)) if names.count(k) > 1]
    for name in sorted(want.keys() | got.keys()):
        if want.get(name) != got.get(name):
            out.append(f"{name}: Netlify {want.get(name)!r}, serve.py {got.get(name)!r}")
    return out


def test_the_pinned_engine_is_the_one_installed() -> None:
    package = json.loads((NETLIFY / "package.json").read_text())
    lock = json.loads((NETLIFY / "package-lock.json").read_text())
    for name in PINNED:
        pinned = lock["packages"][f"node_modules/{name}"]["version"]
        assert package["dependencies"][name] == pinned  # exact, no range
        installed = NETLIFY / "node_modules" / name / "package.json"
        if not installed.is_file():
            pytest.fail(f"{installed} is missing: run `make netlify` (or `make test`)")
        assert json.loads(installed.read_text())["version"] == pinned


def test_serve_sends_what_netlify_sends_for_every_published_path(dist: Path, dist_url: str) -> None:
    netlify = netlify_headers(dist, ROOT)
    published = sorted("/" + p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assert sorted(unquote(k) for k in netlify) == ["/", *published]  # all, nothing else
    # The rules do something: the page is isolated, the runtime immutable.
    assert netlify["/"]["Cross-Origin-Opener-Policy"] == "same-origin"
    assert netlify["/static/vendor/pyscript-0.7.31/core.js"]["Cache-Control"].endswith("immutable")

    wrong = {}
    for path, headers in netlify.items():
        if found := differences(headers, served_headers(dist_url + path)):
            wrong[path] = found
    assert not wrong, "serve.py differs from Netlify:\n" + json.dumps(wrong, indent=1)


def test_every_header_named_in_netlify_toml_is_compared(dist: Path) -> None:
    """Each name netlify.toml sets reaches some published path, so the test above sees it."""
    named = {k.lower() for block in serve.load_rules(ROOT / "netlify.toml") for k in block[1]}
    given = {k.lower() for headers in netlify_headers(dist, ROOT).values() for k in headers}
    assert named == given


# Rules that exercise every corner of Netlify's `for` matching and value normalizing:
# `*` alone and inside a segment (whose rest is a regex there, unescaped), `:placeholder`,
# case, spaces around `for`, a trailing slash, a block without values, later rules
# winning, lists and multi-line values, percent-encoded paths.
CORNERS_TOML = """
[[headers]]
  for = "/*"
  [headers.values]
    X-All = "  a ,b,   c  "
    X-Later = "first"
[[headers]]
  for = "/*.wasm"
  [headers.values]
    Content-Type = "application/wasm"
[[headers]]
  for = " /Static/:file "
  [headers.values]
    X-One = "one"
    X-Later = "second"
[[headers]]
  for = "/static/*"
  [headers.values]
    X-Rest = "rest"
    X-List = ["x", " y ", "z,w"]
[[headers]]
  for = "/a*b/c"
  [headers.values]
    X-Mid = '''
    p,
      q'''
[[headers]]
  for = "/empty"
[[headers]]
  for = "/dir/"
  [headers.values]
    " X-Spaced " = "v"
[[headers]]
  for = "/a b/*"
  [headers.values]
    X-Space = "raw"
[[headers]]
  for = "/a%20b/:file"
  [headers.values]
    X-Space = "encoded"
[[headers]]
  for = "/x+y.txt"
  [headers.values]
    X-Plus = "1"
[[headers]]
  for = "/é/*"
  [headers.values]
    X-Accent = "1"
"""
CORNER_FILES = [
    "fooXwasm",
    "a.WASM",
    "b.wasm.map",
    "static/boot.js",
    "static/sub/deep.js",
    "STATIC/X.JS",
    "aZZb/c",
    "ab/c",
    "a b/c.txt",
    "x+y.txt",
    "xxy.txt",
    "empty",
    "é/1",
    "dir/index.html",
]
CORNER_PATHS = [
    "/ab/c/d",
    "/dir",
    "/dir/",
    "/dir//",
    "/static",
    "/static/",
    "/static/boot.js/",
    "//",
]


def test_the_port_matches_netlify_on_every_corner(tmp_path: Path) -> None:
    (tmp_path / "netlify.toml").write_text(textwrap.dedent(CORNERS_TOML))
    site = tmp_path / "site"
    for name in CORNER_FILES:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("")
    netlify = netlify_headers(site, tmp_path, *CORNER_PATHS)
    rules = serve.load_rules(tmp_path / "netlify.toml")
    port = {path: serve.headers_for(rules, path) for path in netlify}
    assert port == netlify
    # Netlify's quirks, pinned so a port that "fixes" them fails loudly.
    assert netlify["/fooXwasm"]["Content-Type"] == "application/wasm"
    assert netlify["/a.WASM"]["Content-Type"] == "application/wasm"
    assert netlify["/static/boot.js"]["X-Later"] == "second"
    assert netlify["/STATIC/X.JS"]["X-One"] == "one"
    assert netlify["/"]["X-All"] == "a, b, c"
    assert netlify["/static/boot.js"]["X-List"] == "x, y, z,w"
    assert netlify["/aZZb/c"]["X-Mid"] == "p, q"
    assert "X-Mid" not in netlify["/ab/c/d"]
    assert netlify["/dir/"]["X-Spaced"] == "v"
    assert netlify["/a%20b/c.txt"]["X-Space"] == "encoded"
    assert "X-Plus" not in netlify["/xxy.txt"]
