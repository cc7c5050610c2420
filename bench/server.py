"""The bench's own HTTP server: the repository as a compressing host would serve it.

    python bench/boot.py --serve [--port 8000] [--identity]    (this server, alone)

scripts/serve.py's handler, so netlify.toml's headers, and bodies gzip-compressed as a
compressing host (Netlify) would send them: every file but .png, .zip and .gz, gzip level 6,
when the browser accepts gzip (`--identity`, compress=False: sent as they are, as
scripts/serve.py does). It also serves /__bench/host.html?game=URL, a page of another site
embedding URL in an iframe (bench/embed.py).

serve() runs it in a process of its own (`bench/boot.py --serve`: this file has no command
line, since `make bench` runs every bench/*.py), serving() in this process, logging what
it sends when given a SentLog (bench/transfer.py). run() is the standalone server's body.
"""

from __future__ import annotations

import email.utils
import gzip
import html
import importlib
import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC
from functools import lru_cache, partial
from http import HTTPStatus
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
# scripts/serve.py (netlify.toml's headers). Imported by name at run time: `mypy bench`
# alone does not see scripts/, so to mypy it is Any either way.
netlify: Any = importlib.import_module("serve")

HOST_PAGE = "/__bench/host.html"
SENT_AS_IS = (".png", ".zip", ".gz")  # compressed already: a host sends them as they are
GZIP_LEVEL = 6
STANDALONE = Path(__file__).resolve().parent / "boot.py"  # its --serve runs run()


@dataclass
class Sent:
    path: str  # the URL's path, unquoted
    status: int
    size: int  # body bytes as sent (compressed when `gzip`)
    at: float  # ms since the epoch, when the request arrived
    gzip: bool


@dataclass
class SentLog:
    """Every response of a server in this process (bench/transfer.py counts them)."""

    sent: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sent: Sent) -> None:
        with self.lock:
            self.sent.append(sent)

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def since(self, mark: int) -> list[Sent]:
        with self.lock:
            return self.sent[mark:]


@lru_cache(maxsize=256)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's gzip body (keyed by its stat too: a rebuilt file is compressed again)."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)


def compressible(path: str) -> bool:
    return not path.lower().endswith(SENT_AS_IS)


def not_modified(since: str | None, mtime: float) -> bool:
    """If-Modified-Since as http.server judges it (Last-Modified has whole seconds)."""
    if since is None:
        return False
    try:
        when = email.utils.parsedate_to_datetime(since)
    except (TypeError, IndexError, OverflowError, ValueError):
        return False
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return int(mtime) <= when.timestamp()


NOT_MINE = object()  # send_gzip leaves the request to scripts/serve.py's handler


class Handler(netlify.Handler):  # type: ignore[misc]  # Any to mypy, see `netlify`
    """scripts/serve.py's handler (netlify.toml's headers), compressing like a CDN."""

    rules = netlify.load_rules(ROOT / "netlify.toml")
    compress: ClassVar[bool] = True
    log: ClassVar[SentLog | None] = None

    def send_response(self, code: int, message: str | None = None) -> None:
        self.sent_code = code
        super().send_response(code, message)

    def send_head(self) -> Any:
        url = urlsplit(self.path)
        path = unquote(url.path)
        if path == HOST_PAGE:
            return self.host_page(url.query)
        self.sent_code = 0
        at = time.time() * 1000
        body: Any = NOT_MINE
        if self.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = self.send_gzip(path)
        if body is NOT_MINE:
            body = super().send_head()
        if self.log is not None:
            if isinstance(body, io.BytesIO):
                size = len(body.getbuffer())
            else:
                size = os.fstat(body.fileno()).st_size if body is not None else 0
            self.log.add(Sent(path, self.sent_code, size, at, isinstance(body, io.BytesIO)))
        return body

    def send_gzip(self, path: str) -> Any:
        name = path + "index.html" if path.endswith("/") else path
        if not compressible(name):
            return NOT_MINE
        if path == "/sw.js" or path.startswith("/static/boot/"):
            netlify.fresh_sw(Path(self.directory))  # as scripts/serve.py does
        file = Path(self.translate_path(name))
        if not file.is_file():
            return NOT_MINE  # a folder's redirect or listing, a 404
        stat = file.stat()
        if "If-None-Match" not in self.headers and not_modified(
            self.headers.get("If-Modified-Since"), stat.st_mtime
        ):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        data = gzipped(str(file), stat.st_mtime_ns, stat.st_size)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(file)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if not self.path.startswith("/favicon.ico"):  # bare.html and the host page have none
            super().log_request(code, size)

    def log_error(self, format: str, *args: Any) -> None:
        if not self.path.startswith("/favicon.ico"):
            super().log_error(format, *args)

    def host_page(self, query: str) -> io.BytesIO:
        """Another site's page embedding ?game=URL (no netlify.toml headers: not ours)."""
        src = html.escape(parse_qs(query).get("game", ["/"])[0])
        body = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            "<title>Another site</title></head><body>"
            f'<iframe id="game" src="{src}" title="Solitaire" width="800" height="600">'
            "</iframe></body></html>"
        ).encode()
        self.extra: dict[str, str] = {}  # none of netlify.toml's headers
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def warm(root: Path = ROOT) -> None:
    """Compress the big files before the first request asks for them."""
    netlify.fresh_sw(root)
    names = [*netlify.build.shipped_files(root), "index.html"]
    names += [str(p.relative_to(root)) for p in (root / "bench" / "pages").iterdir()]
    vendor = root / "static" / "vendor" / f"pyodide-{netlify.startup.PYODIDE_VERSION}"
    names += [str(p.relative_to(root)) for p in vendor.iterdir()]
    for name in names:
        file = root / name
        if compressible(name) and file.is_file():
            stat = file.stat()
            gzipped(str(file), stat.st_mtime_ns, stat.st_size)


@contextmanager
def serving(
    compress: bool = True, log: SentLog | None = None, port: int = 0, background: bool = True
) -> Iterator[tuple[str, Callable[[], None]]]:
    """The bench's server in this process: yields its origin 'http://127.0.0.1:N' and its
    serve_forever, which runs in a thread here when ``background``, else is the caller's."""
    if not (ROOT / "static" / "vendor").is_dir():
        sys.exit("static/vendor/ is missing: run `make vendor`")
    handler = type("Configured", (Handler,), {"compress": compress, "log": log})
    server = netlify.Server(("127.0.0.1", port), partial(handler, directory=str(ROOT)))
    if compress:
        warm()
    else:
        netlify.fresh_sw(ROOT)
    thread = None
    if background:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.serve_forever
    finally:
        if thread is not None:
            server.shutdown()
        server.server_close()


@contextmanager
def serve(quiet: bool = False, compress: bool = True) -> Iterator[str]:
    """The bench's server in a process of its own (`boot.py --serve`, off the GIL of the
    process driving chromium); yields its origin, 'http://127.0.0.1:N'. ``quiet`` drops
    its log (Lighthouse asks for robots.txt and source maps: 404s)."""
    if not (ROOT / "static" / "vendor").is_dir():
        sys.exit("static/vendor/ is missing: run `make vendor`")
    command = [sys.executable, str(STANDALONE), "--serve", "--port", "0"]
    proc = subprocess.Popen(
        command + ([] if compress else ["--identity"]),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL if quiet else None,
        text=True,
    )
    assert proc.stdout is not None
    try:
        url = proc.stdout.readline().strip().rstrip("/")
        if not url.startswith("http://"):
            sys.exit(f"the bench's server did not start (exit code {proc.wait()})")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()


def run(port: int = 8000, compress: bool = True) -> None:
    """The standalone server (`boot.py --serve`): prints its origin, serves until ^C."""
    with serving(compress, port=port, background=False) as (origin, forever):
        print(f"{origin}/", flush=True)
        with suppress(KeyboardInterrupt):
            forever()


def served_as(compress: bool) -> str:
    if compress:
        return (
            "netlify.toml's headers, gzip -6 bodies as a compressing host sends (not .png/.zip/.gz)"
        )
    return "netlify.toml's headers, bodies uncompressed (as scripts/serve.py sends)"
