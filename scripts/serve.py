"""Serve the repository root locally with the headers Netlify would send.

    python3 scripts/serve.py [--port N] [--dir dist]     (make serve; PORT=N make serve)

The [[headers]] blocks of netlify.toml are applied by path the way Netlify's own headers
engine applies them (a port of @netlify/headers-parser and @netlify/headers, checked
against them by tests/test_netlify_headers.py), so CSP and caching problems show up here
and in the browser tests, not first in production. --port 0 picks a free port; the first
line printed is always the URL.

Nothing generated is ever stale: static/boot/ (scripts/startup.py: python.zip with the
engine inside, the memory snapshot) and sw.js are made again at start and whenever one
of them is requested after a file they are made from changed, so an edit of game/ runs
at the next reload and shows up in an open page as "New version — reload", as a deploy
would.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
import tomllib
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import build
import paint
import startup

ROOT = Path(__file__).resolve().parent.parent

# Types Python's mimetypes gets wrong or lacks; browsers are strict about these.
TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
}

Rules = list[tuple[re.Pattern[str], dict[str, str]]]


def netlify_pattern(for_path: str) -> re.Pattern[str]:
    """A `for` path as a regex, as headers-parser's getForRegExp builds it: `:name` is one
    segment, `*` alone an optional rest; a `*` inside a segment becomes `(.*)` and the
    rest of that segment is NOT escaped (Netlify's quirk: `/*.wasm` matches `/xwasm`)."""
    parts = []
    for part in filter(None, (p.rstrip() for p in for_path.strip().split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append(part.replace("*", "(.*)"))
        else:
            parts.append(re.escape(part))
    # \Z: JavaScript's $, which (unlike Python's) never matches before a final newline.
    return re.compile("^/" + "/".join(parts) + r"/?\Z", re.IGNORECASE)


def netlify_value(value: str | list[str]) -> str:
    """A header value as headers-parser normalizes it: trimmed, commas as ", ", a list
    joined with ", " (so a multi-line TOML string is one line)."""
    if isinstance(value, list):
        return ", ".join(item.strip() for item in value)
    return ", ".join(re.split(r"\s*,\s*", value.strip()))


def load_rules(config: Path) -> Rules:
    """netlify.toml's [[headers]], in file order; a block without values is dropped."""
    rules: Rules = []
    for block in tomllib.loads(config.read_text()).get("headers", []):
        values = {k.strip(): netlify_value(v) for k, v in block.get("values", {}).items()}
        if values:
            rules.append((netlify_pattern(block["for"]), values))
    return rules


def headers_for(rules: Rules, path: str) -> dict[str, str]:
    """Every matching block applies, in file order; a later one wins a repeated name.
    `path` is the URL's path as requested (percent-encoded), as Netlify matches it."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.match(path):
            found.update(values)
    return found


class Handler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a boot fetches ~40 files
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    rules: ClassVar[Rules] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extra: dict[str, str] = {}  # before super(): it handles the request
        super().__init__(*args, **kwargs)

    def parse_request(self) -> bool:
        self.extra = {}
        ok = super().parse_request()
        if ok:
            self.extra = headers_for(self.rules, urlsplit(self.path).path)
        return ok

    def send_header(self, keyword: str, value: str) -> None:
        # netlify.toml wins over the defaults (e.g. a Content-Type it sets).
        if keyword.lower() not in {k.lower() for k in self.extra}:
            super().send_header(keyword, value)

    def end_headers(self) -> None:
        for keyword, value in self.extra.items():
            super().send_header(keyword, value)
        if not any(k.lower() == "cache-control" for k in self.extra):
            # Netlify's default: revalidate every time (no stale main.py while editing).
            super().send_header("Cache-Control", "public, max-age=0, must-revalidate")
        super().end_headers()

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if path == "/" + build.SW or path.startswith(f"/{startup.BOOT}/"):
            fresh_sw(Path(self.directory))
        return super().send_head()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if isinstance(code, int) and code >= 400:  # quiet: only failures
            super().log_request(code, size)


_sw_lock = threading.Lock()
_sw_seen: dict[Path, tuple[object, ...]] = {}
_boot_seen: dict[Path, tuple[object, ...]] = {}


def fresh_sw(root: Path) -> None:
    """Remake static/boot/, then root/sw.js, if a file they come from changed since."""
    with _sw_lock:
        try:
            made = [*startup.inputs(root), paint.SCRIPT] if (root / "game").is_dir() else []
            sources = tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in made)
            if _boot_seen.get(root) != sources:
                build.make_startup(root)
                _boot_seen[root] = sources
            files = build.shipped_files(root)
            stats = [(root / f).stat() for f in files]
            seen = (
                build.TEMPLATE.stat().st_mtime_ns,
                *((f, s.st_mtime_ns, s.st_size) for f, s in zip(files, stats, strict=True)),
            )
            if _sw_seen.get(root) != seen or not (root / build.SW).is_file():
                build.write_sw(root)
                _sw_seen[root] = seen
        except (build.BuildError, OSError) as e:
            print(f"serve: cannot write {build.SW}: {e}", file=sys.stderr)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's backlog is 5: a boot opens a dozen connections at once, and the tests'
    # browsers more; a connection past the backlog waits a second for its SYN to be resent.
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a closed tab is no error
            super().handle_error(request, client_address)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT, help="what to serve (the repository)")
    args = parser.parse_args()

    Handler.rules = load_rules(ROOT / "netlify.toml")
    fresh_sw(args.dir)
    server = Server((args.host, args.port), partial(Handler, directory=str(args.dir)))
    print(f"http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
