"""Gettext catalogs without tools: read a .po file, write a .mo file, make the pseudo-locale.

The standard library reads compiled catalogs (``gettext.GNUTranslations``) but cannot make
them, and the build runs on a bare Python (Netlify's, a fresh machine's ``make build``), so
this is GNU msgfmt's job in a hundred lines: scripts/catalogs.py compiles game/locale/*.po
into python.zip with it, and game/i18n.py compiles a catalog in memory where none was built
(the command line and the tests, run from the repository).

A message's key is its ``msgid``; with a context, ``msgctxt + "\\x04" + msgid``; with a
plural, the key is the singular and the forms are a tuple. The header (key ``""``) carries
``Plural-Forms``.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

# Escapes a .po string may hold (what msgfmt understands; anything else is an error).
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
TAG = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;")


class PoError(ValueError):
    """A .po file that cannot be read: the line says where."""


@dataclass
class Message:
    msgid: str
    msgstr: str = ""
    plural: str | None = None  # msgid_plural
    forms: list[str] = field(default_factory=list)  # msgstr[0], msgstr[1], …
    context: str | None = None
    fuzzy: bool = False
    line: int = 0
    open: bool = False  # a msgctxt read, its msgid not yet
    places: list[str] = field(default_factory=list)  # "#: file:line" references

    @property
    def key(self) -> str:
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return all(self.forms) and bool(self.forms) if self.plural else bool(self.msgstr)


def _unquote(text: str, line: int) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {line}: a string in double quotes was expected")
    out, body, i = [], text[1:-1], 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            if i + 1 >= len(body) or body[i + 1] not in ESCAPES:
                raise PoError(f"line {line}: unknown escape in {text[:40]}")
            out.append(ESCAPES[body[i + 1]])
            i += 2
            continue
        if c == '"':
            raise PoError(f"line {line}: a bare double quote inside a string")
        out.append(c)
        i += 1
    return "".join(out)


def read(text: str) -> list[Message]:
    """The messages of a .po file, the header (msgid "") first if it has one."""
    messages: list[Message] = []
    current: Message | None = None
    fuzzy, field_name, index, places = False, "", 0, []
    keyword = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(\".*\")$")

    def finish() -> None:
        if current is not None:
            messages.append(current)

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith("#:"):
                places += line[2:].split()
            continue
        if line.startswith('"'):
            if current is None or not field_name:
                raise PoError(f"line {number}: a continued string outside a message")
            _append(current, field_name, index, _unquote(line, number))
            continue
        match = keyword.match(line)
        if not match:
            raise PoError(f"line {number}: not a .po line: {line[:40]}")
        name, idx, value = match.group(1), match.group(2), _unquote(match.group(3), number)
        # A message begins at its msgctxt, or at its msgid when it has no context.
        starts = name == "msgctxt" or (name == "msgid" and not (current and current.open))
        if starts:
            finish()
            current = Message("", line=number, fuzzy=fuzzy, places=places)
            current.open, fuzzy, places = name == "msgctxt", False, []
        elif name == "msgid" and current is not None:
            current.open = False
        elif current is None:
            raise PoError(f"line {number}: {name} before any msgid")
        field_name, index = name, int(idx) if idx is not None else 0
        if name == "msgctxt":
            current.context = ""
        if name == "msgstr" and idx is not None:
            while len(current.forms) <= index:
                current.forms.append("")
        if name == "msgid_plural":
            current.plural = ""
        _append(current, name, index, value)
    finish()
    return messages


def _append(message: Message, name: str, index: int, value: str) -> None:
    if name == "msgctxt":
        message.context = (message.context or "") + value
    elif name == "msgid":
        message.msgid += value
    elif name == "msgid_plural":
        message.plural = (message.plural or "") + value
    elif message.plural is not None:
        message.forms[index] += value
    else:
        message.msgstr += value


def header(messages: list[Message]) -> dict[str, str]:
    """The header's fields (``Plural-Forms``, ``Language``…), from the msgid "" entry."""
    for m in messages:
        if m.msgid == "" and m.context is None:
            pairs = (line.split(":", 1) for line in m.msgstr.splitlines() if ":" in line)
            return {k.strip(): v.strip() for k, v in pairs}
    return {}


def compile_mo(messages: list[Message]) -> bytes:
    """A .mo file (GNU gettext's format, little-endian) of the translated messages; fuzzy
    and untranslated ones are left out, so they read as English."""
    pairs: dict[bytes, bytes] = {}
    for m in messages:
        if m.fuzzy and m.msgid:
            continue
        if m.msgid == "" and m.context is None:
            pairs[b""] = m.msgstr.encode()
        elif m.translated:
            key = m.key if m.plural is None else f"{m.key}\x00{m.plural}"
            value = m.msgstr if m.plural is None else "\x00".join(m.forms)
            pairs[key.encode()] = value.encode()
    keys = sorted(pairs)
    start = 7 * 4
    ids_at, strs_at = start, start + len(keys) * 8
    data_at = strs_at + len(keys) * 8
    ids, strs, table_ids, table_strs = b"", b"", [], []
    for k in keys:
        table_ids.append((len(k), data_at + len(ids)))
        ids += k + b"\0"
    for k in keys:
        v = pairs[k]
        table_strs.append((len(v), data_at + len(ids) + len(strs)))
        strs += v + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(keys), ids_at, strs_at, 0, 0)
    out += b"".join(struct.pack("<2I", *p) for p in table_ids)
    out += b"".join(struct.pack("<2I", *p) for p in table_strs)
    return out + ids + strs


# -- the pseudo-locale ------------------------------------------------------------------------

PSEUDO = "en-XA"  # as Chrome and Android name it
ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ",
)


def pseudo(text: str) -> str:
    """``Undo`` → ``[Ŭƞḓǿ ··]``: every letter accented, 40% longer, in brackets, so that
    text nobody translated, and text cut off, show at a glance. Placeholders (``{moves}``)
    and markup (``<b>``, ``&amp;``) are kept as they are."""
    if not text.strip():
        return text
    parts, last = [], 0
    for match in re.finditer(f"{PLACEHOLDER.pattern}|{TAG.pattern}", text):
        parts.append(text[last : match.start()].translate(ACCENTED))
        parts.append(match.group(0))
        last = match.end()
    parts.append(text[last:].translate(ACCENTED))
    visible = len(TAG.sub("", text))
    pad = max(1, round(visible * 0.4) - 3)
    return f"[{''.join(parts)} {'·' * pad}]"


def pseudo_catalog(template: list[Message]) -> list[Message]:
    """The pseudo-locale of a template (.pot): every message "translated" by pseudo()."""
    head = "Language: en-XA\nContent-Type: text/plain; charset=UTF-8\n"
    out = [Message("", head + "Plural-Forms: nplurals=2; plural=(n != 1);\n")]
    for m in template:
        if not m.msgid:
            continue
        if m.plural is None:
            out.append(Message(m.msgid, pseudo(m.msgid), context=m.context))
        else:
            forms = [pseudo(m.msgid), pseudo(m.plural)]
            out.append(Message(m.msgid, plural=m.plural, forms=forms, context=m.context))
    return out
