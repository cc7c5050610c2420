"""The catalogs, compiled for what ships (scripts/startup.py, paint.py and build.py call this).

game/locale/messages.pot is the template (`make pot` extracts it: README, Languages) and
game/locale/<code>.po each language's translations. From them, at build time:
- a .mo file per language, and one for the pseudo-locale (en-XA, made from the template),
  put into python.zip as game/locale/<code>.mo, where game/i18n.py reads them;
- the page's words per language (the messages of index.html and static/*.js, as the
  template's references say), for static/paint.js's first paint (scripts/paint.py);
- the service worker's words (scripts/sw.template.js's offline page: scripts/build.py);
- a web app manifest per language, static/boot/manifest.<code>.webmanifest, its name and
  description translated (static/paint.js links the page's language's).
Standard library only: the build runs on a bare Python.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the engine: game/

from game import po
from game.i18n import ENGLISH, LANGUAGES, PSEUDO

ROOT = Path(__file__).resolve().parent.parent
LOCALE = "game/locale"
TEMPLATE = f"{LOCALE}/messages.pot"
PAGE_SOURCES = ("index.html", "static/")
SW_SOURCE = "scripts/sw.template.js"
MANIFEST = "manifest.webmanifest"


def codes() -> list[str]:
    """Every language but English, and the pseudo-locale: what has a catalog."""
    return [*(c for c in LANGUAGES if c != ENGLISH), PSEUDO]


def template(root: Path = ROOT) -> list[po.Message]:
    return po.read((root / TEMPLATE).read_text("utf-8"))


def catalog(code: str, root: Path = ROOT) -> list[po.Message]:
    """A language's messages (the pseudo-locale's made from the template)."""
    if code == PSEUDO:
        return po.pseudo_catalog(template(root))
    return po.read((root / LOCALE / f"{code}.po").read_text("utf-8"))


def inputs(root: Path = ROOT) -> list[Path]:
    """The files the catalogs are made from."""
    return [root / TEMPLATE, *(root / LOCALE / f"{c}.po" for c in codes() if c != PSEUDO)]


def mo_files(root: Path = ROOT) -> dict[str, bytes]:
    """python.zip's game/locale/<code>.mo, by path."""
    return {f"{LOCALE}/{c}.mo": po.compile_mo(catalog(c, root)) for c in codes()}


def _from(root: Path, sources: tuple[str, ...]) -> set[str]:
    """The keys of the template's messages found in `sources` (files, or folders ending /)."""

    def used(place: str) -> bool:
        file = place.rsplit(":", 1)[0]
        return any(file == s or (s.endswith("/") and file.startswith(s)) for s in sources)

    return {m.key for m in template(root) if m.plural is None and any(map(used, m.places))}


def words(code: str, sources: tuple[str, ...], root: Path = ROOT) -> dict[str, str]:
    """The translations of the messages of `sources`, by English text (translated only)."""
    keys = _from(root, sources)
    return {
        m.msgid: m.msgstr
        for m in catalog(code, root)
        if m.key in keys and m.context is None and m.translated and not m.fuzzy
    }


def page_words(code: str, root: Path = ROOT) -> dict[str, str]:
    return words(code, PAGE_SOURCES, root)


def sw_words(root: Path = ROOT) -> dict[str, dict[str, str]]:
    return {c: words(c, (SW_SOURCE,), root) for c in codes()}


def manifests(root: Path = ROOT) -> dict[str, str]:
    """static/boot/manifest.<code>.webmanifest's text, by path: the page's manifest in each
    language. They live two folders down, so their URLs are written from there; start_url,
    scope and id resolve to the same addresses (the same app, whatever its language)."""
    base = json.loads((root / MANIFEST).read_text("utf-8"))
    out = {}
    for code in codes():
        said = page_words(code, root)
        data = dict(base)
        data["lang"] = code
        for field in ("name", "short_name", "description"):
            data[field] = said.get(base[field], base[field])
        data["start_url"] = data["scope"] = "../../"
        data["icons"] = [{**icon, "src": "../../" + icon["src"]} for icon in base["icons"]]
        out[f"static/boot/manifest.{code}.webmanifest"] = json.dumps(data, indent=2) + "\n"
    return out


def write_manifests(root: Path = ROOT) -> None:
    for path, text in manifests(root).items():
        target = root / path
        if not target.is_file() or target.read_text("utf-8") != text:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
