"""scripts/serve.py sends netlify.toml's headers, matched by path the way Netlify does."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

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
        ("/main.py", "text/plain; charset=utf-8", REVALIDATE),
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
