"""The messages of the embedding API (README: Embedding), pure: tested natively.

Events the game posts to the page that embeds it (``window.parent``)::

    {"source": "solitaire", "type": "ready" | "move" | "won" | "lost" | "status",
     "game": "whitehead", "deal": 123, "rules": {"kings_only": true},
     "status": "playing" | "won" | "lost", "moves": 12, "move": "t1>t4"}

``move`` is in "move" events only. Commands the game takes from that page::

    {"type": "newGame", "game": "linus", "deal": 5, "rules": {"pgs": true}}
    {"type": "newGame", "game": "linus", "daily": "2026-12-01"}
    {"type": "undo"}   {"type": "redo"}   {"type": "restart"}
    {"type": "load", "record": {"game": "whitehead", "deal": 5, "moves": ["t1>t4"]}}
    {"type": "language", "lang": "de"}

``deal`` and ``rules`` of newGame are optional (a fresh deal; no house rules). ``daily``
asks for that day's daily deal (``""``: today's, by the player's date; no house rules),
instead of a deal. ``load`` makes a game record (a record file's JSON: game/records.py) the
game in play, its moves undoable. ``language`` shows the page in another language (a code
of game/i18n.py's LANGUAGES, or "en-XA"): the page opens again in it, the game as it was,
and says "ready" again; where the frame has no storage to keep the game across that, it is
refused (give ``?lang=`` in the frame's URL instead). "won" and "lost" events also carry ``share``: ``{"text", "link"}``, the
result as the page's Share button gives it (game/share.py: no moves, no spoilers). Who may send
commands is the allow-list of ``<meta name="embed-origins">``: origins separated by spaces,
or ``*`` for any page. Events go to those origins only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from .. import i18n
from ..daily import parse_day
from ..deals import MAX_DEAL
from ..records import RecordError
from ..rules import GAMES
from ..state import Game
from ..transfer import read_file

SOURCE = "solitaire"
EVENTS = ("ready", "move", "won", "lost", "status")
COMMANDS = ("newGame", "undo", "redo", "restart", "load", "language")
ANY = "*"
DEFAULT_PORTS = {"http": 80, "https": 443}


@dataclass(frozen=True)
class Command:
    kind: str
    game: str = ""
    deal: int | None = None  # newGame without a deal: a fresh one
    rules: dict[str, bool] = field(default_factory=dict)
    daily: date | None = None  # newGame of a day's daily deal
    loaded: Game | None = None  # load: the record's game, its moves played
    lang: str = ""  # language: the code of the language asked for


def check(data: Any, today: date | None = None) -> Command:
    """The command a message asks for, or ValueError saying what is wrong with it.

    ``data`` is the message as JSON gives it back (dict, list, str, number, None);
    ``today`` the player's local date (a test's own).
    """
    if not isinstance(data, dict):
        raise ValueError('a command is an object like {"type": "undo"}')
    kind = data.get("type")
    if kind is None:
        raise ValueError(f'a command needs a "type": {", ".join(COMMANDS)}')
    if kind not in COMMANDS:
        shown = json.dumps(kind)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise ValueError(f"unknown command type {shown}; known: {', '.join(COMMANDS)}")
    if kind == "load":
        if "record" not in data:
            raise ValueError('load needs a "record": a game record, as a record file holds it')
        try:
            return Command(kind, loaded=read_file(json.dumps(data.get("record"))))
        except RecordError as e:
            raise ValueError(f"load's record: {e}") from None
    if kind == "language":
        lang = data.get("lang")
        code = i18n.match(lang) if isinstance(lang, str) and len(lang) <= 20 else None
        if code is None:
            raise ValueError(f'language needs a "lang": {", ".join(i18n.CODES)}')
        return Command(kind, lang=code)
    if kind != "newGame":
        return Command(kind)
    name, deal, rules = data.get("game"), data.get("deal"), data.get("rules", {})
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError(f"newGame needs a game: {', '.join(GAMES)}")
    if "daily" in data:
        day = data["daily"]
        if not isinstance(day, str) or deal is not None or rules:
            raise ValueError(
                'newGame\'s daily is a date like "2026-12-01" (or ""), with no deal or rules'
            )
        return Command(kind, name, daily=parse_day(day, today or date.today()))
    if deal is not None and (type(deal) is not int or not 1 <= deal <= MAX_DEAL):
        raise ValueError(f"newGame's deal must be a whole number from 1 to {MAX_DEAL}")
    known = {h.name for h in GAMES[name].house_rules}
    if not isinstance(rules, dict) or not all(
        k in known and type(v) is bool for k, v in rules.items()
    ):
        raise ValueError(
            f"newGame's rules must be an object of true/false for {sorted(known) or 'no'}"
            " house rules"
        )
    return Command(kind, name, deal, {k: True for k, v in rules.items() if v})


def origin_of(text: str) -> str | None:
    """``https://Example.com:443/`` → ``https://example.com``; None if not an origin."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname
    if (
        parts.scheme not in DEFAULT_PORTS
        or not host
        or parts.username is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or text.endswith(("?", "#"))
    ):
        return None
    if ":" in host:
        host = f"[{host}]"  # IPv6
    if port is None or port == DEFAULT_PORTS[parts.scheme]:
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def parse_origins(text: str | None) -> tuple[list[str], list[str]]:
    """The allow-list of a meta tag's content: (origins, what was not understood).

    No meta tag (None) allows any page, like ``*``; an empty one allows none.
    """
    if text is None:
        return [ANY], []
    origins: list[str] = []
    rejected: list[str] = []
    for token in text.split():
        origin = ANY if token == ANY else origin_of(token)
        if origin is None:
            rejected.append(token)
        elif origin not in origins:
            origins.append(origin)
    return ([ANY] if ANY in origins else origins), rejected


def allows(origins: list[str], origin: str) -> bool:
    return ANY in origins or origin in origins


def event(kind: str, about: dict[str, Any], move: str | None = None) -> dict[str, Any]:
    """The event message: ``about`` is the game's state (game, deal, rules, status, moves)."""
    if kind not in EVENTS:
        raise ValueError(f"no such event: {kind}")
    message = {"source": SOURCE, "type": kind, **about}
    if move is not None:
        message["move"] = move
    return message
