"""Game records as files: the name a saved record gets, its text, and a file read back in.

A file comes from anywhere (another program, an editor, a damaged download), so reading
it checks everything the way ``python -m game replay`` does, move by move, and fails
with one :class:`RecordError` line saying what is wrong: too big, not JSON, not a record,
an unknown game, or the first illegal move.
"""

from __future__ import annotations

import json
from typing import Any

from .i18n import _, number
from .notation import shown
from .records import RecordError, loads, replay
from .state import Game

MAX_BYTES = 2_000_000  # a real record is a few kilobytes; the engine allows 100,000 moves


def file_name(game: Game) -> str:
    """``whitehead-deal-123.json``; house rules on add their names: ``linus-pgs-deal-5.json``."""
    rules = "".join(f"-{name.replace('_', '-')}" for name in sorted(game.rules.active))
    return f"{game.rules.name}{rules}-deal-{game.deal}.json"


def file_text(record: dict[str, Any]) -> str:
    """A record as a file: the engine's JSON, one field a line, the moves on one line."""
    head = {k: v for k, v in record.items() if k != "moves"}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in head.items()]
    lines.append(f'  "moves": {json.dumps(record.get("moves", []))}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def read_file(text: object, size: int | None = None) -> Game:
    """The game a record file describes, every move played; ``size`` is its size in bytes
    when known before reading (a huge file is refused without reading it)."""
    if size is not None:
        check_size(size)
    if not isinstance(text, str):
        raise RecordError(_("it is not text but {value}").format(value=shown(text)))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _too_big(len(text))
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors write first
    if not text.strip():
        raise RecordError(_("it is empty"))
    data = loads(text)
    if not isinstance(data, dict):
        raise RecordError(_not_a_record(data))
    return replay(data)


def check_size(size: int) -> None:
    """Refuse a file by its size alone, before reading it."""
    if size > MAX_BYTES:
        raise _too_big(size)


def _too_big(size: int) -> RecordError:
    # Translators: {megabytes} is the file's size in megabytes, as in "3.0".
    said = _("it is too big for a game record ({megabytes} MB; a record is a few kilobytes)")
    return RecordError(said.format(megabytes=number(round(size / 1_000_000, 1))))


def _not_a_record(value: object) -> str:
    """What a file holds instead of a record (a JSON object), in words."""
    if isinstance(value, list):
        return _("it is not a game record (a JSON object), but a list")
    if isinstance(value, str):
        return _("it is not a game record (a JSON object), but a string")
    if isinstance(value, bool):
        return _("it is not a game record (a JSON object), but a true/false")
    if value is None:
        return _("it is not a game record (a JSON object), but a null")
    return _("it is not a game record (a JSON object), but a number")
