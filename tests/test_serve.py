"""scripts/serve.py sends netlify.toml's headers, matched by path the way Netlify does."""

from __future__ import annotations

import sys
import tomllib
import urllib.error
import urllib.request

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import build
import serve

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "public, max-age=0, must-revalidate"  # Netlify's default


def head(url: str) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}


@pytest.mark.parametrize(
    ("path", "content_type", "cache_control"),
    [
        ("/", "text/html", "no-cache"),
        ("/index.html", "text/html", "no-cache"),
        ("/main.py", "text/plain; charset=utf-8", "no-cache"),
        ("/pyscript.toml", "text/plain; charset=utf-8", "no-cache"),
        ("/static/start.mjs", "text/javascript", "no-cache"),
        ("/static/boot/python.zip", "application/zip", "no-cache"),
        ("/static/boot/snapshot.bin.gz", "application/gzip", "no-cache"),
        ("/static/boot/snapshot.json", "application/json", "no-cache"),
        ("/static/css/table.css", "text/css", "no-cache"),
        ("/static/boot.js", "text/javascript", "no-cache"),
        ("/static/pwa.js", "text/javascript", "no-cache"),
        ("/static/favicon.svg", "image/svg+xml", "no-cache"),
        ("/static/icons/icon-192.png", "image/png", "no-cache"),
        ("/manifest.webmanifest", "application/manifest+json", "no-cache"),
        ("/sw.js", "text/javascript", "no-cache"),
        ("/static/vendor/pyodide-314.0.2/pyodide.asm.wasm", "application/wasm", IMMUTABLE),
        ("/static/vendor/pyodide-314.0.2/pyodide.mjs", "text/javascript", IMMUTABLE),
        ("/static/vendor/pyscript-0.7.31/core.js", "text/javascript", IMMUTABLE),
        ("/static/vendor/pyscript-0.7.31/core.css", "text/css", IMMUTABLE),
    ],
)
def test_headers_follow_netlify_toml(
    server_url: str, path: str, content_type: str, cache_control: str
) -> None:
    status, headers = head(server_url + path)
    assert status == 200
    assert headers["content-type"] == content_type
    assert headers["cache-control"] == cache_control
    assert headers["content-security-policy"].startswith("default-src 'self';")
    assert "x-frame-options" not in headers


def test_missing_files_are_404(server_url: str) -> None:
    assert head(server_url + "/no/such/file.js")[0] == 404


def test_each_shipped_file_gets_one_cache_control() -> None:
    """No two [[headers]] blocks set Cache-Control on one file (Netlify may join them):
    the versioned runtime is immutable, the rest is revalidated every time."""
    blocks = tomllib.loads((ROOT / "netlify.toml").read_text())["headers"]
    caching = [
        (serve.netlify_pattern(b["for"]), b["values"]["Cache-Control"])
        for b in blocks
        if "Cache-Control" in b["values"]
    ]
    for name in [*build.shipped_files(ROOT), "sw.js"]:
        paths = ["/", "/index.html"] if name == "index.html" else ["/" + name]
        for path in paths:
            found = [value for pattern, value in caching if pattern.match(path)]
            want = IMMUTABLE if name.startswith("static/vendor/") else "no-cache"
            assert found == [want], path
    for not_shipped in ("/tests/pyodide/check.html", "/game/state.py"):
        assert not [v for p, v in caching if p.match(not_shipped)]


def test_not_shipped_files_get_the_default_caching(server_url: str) -> None:
    status, headers = head(server_url + "/tests/pyodide/check.html")
    assert status == 200 and headers["cache-control"] == REVALIDATE


@pytest.mark.parametrize("path", ["/", "/?game=linus&deal=3", "/index.html"])
def test_the_page_is_cross_origin_isolated(server_url: str, path: str) -> None:
    headers = head(server_url + path)[1]
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["cross-origin-embedder-policy"] == "require-corp"
