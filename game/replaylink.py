"""A whole game as a link: its record (game, deal, house rules, moves) in a URL fragment.

``encode(game)`` gives the fragment text, ``decode(text)`` the game again, every move
played and checked as :func:`game.records.replay` plays an import. Anything wrong with a
fragment (damaged, cut short, forged, too long) ends in one :class:`LinkError` line.

The format, version 1: ``"1"`` then base64url without padding (``A–Z a–z 0–9 - _``) of
``payload + check``, where

- ``check`` is ``crc32(b"1" + payload) & 0xFFFFFF`` as 3 bytes, big-endian;
- ``payload`` is one unsigned integer X, big-endian in as few bytes as it needs (none for
  0; a leading zero byte is refused, so every game has exactly one text);
- X holds, in mixed radix and least significant first: the game (radix 8, its index in
  ``GAME_CODES``), the house rules (radix 4, bit i for ``HOUSE_RULES[game][i]``), the deal
  less one (radix ``MAX_DEAL``), the number of moves k (radix ``MAX_MOVES + 1``), then each
  move as its index in the position's ``Game.plain_moves()`` (radix: how many there are).
  A position with one legal move costs nothing; X must be used up by the last move.

This is arithmetic coding with every legal move equally likely, done exactly with Python's
integers: about two bits a move. ``plain_moves()`` lists moves in an order fixed by the
code alone (ranges and insertion-ordered dicts); ``game.selfcheck`` hashes that list at
every step in CPython and in Pyodide, so both read a link alike.

Decoding is bounded: a text over ``MAX_TEXT`` characters is refused before anything else,
and at most ``MAX_MOVES`` moves are played.
"""

from __future__ import annotations

import base64
import re
from zlib import crc32

from .deals import MAX_DEAL
from .i18n import _, ngettext, number
from .notation import NewerVersion, shown
from .records import RecordError, new_game
from .rules import GAMES
from .state import Game

VERSION = "1"
KEY = "r"  # the fragment is "#r=<text>"
MAX_TEXT = 8_000  # characters; a 1,000-move game of Unlimited takes about 300
MAX_MOVES = 10_000  # far beyond a real game; bounds the work a forged link can ask for
# Fixed here, not read from rules.py's order: a link made today must read the same later.
GAME_CODES = ("whitehead", "blind-alleys", "linus", "unlimited")
HOUSE_RULES: dict[str, tuple[str, ...]] = {"whitehead": ("kings_only",), "linus": ("pgs",)}
GAME_RADIX, RULES_RADIX = 8, 4  # room for four more games and a second house rule
CHECK_BYTES = 3
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(RecordError):
    """A game link that cannot be read, or a game that cannot be made into one."""


class LinkNewer(LinkError, NewerVersion):
    """A link made by a newer version of the page."""


def encode(game: Game) -> str:
    """The fragment text for ``game``'s record (its moves played, not its undone ones)."""
    name, moves = game.rules.name, game.moves
    if name not in GAME_CODES or set(game.rules.active) - set(HOUSE_RULES.get(name, ())):
        said = _("{game} with these house rules has no link format yet")
        raise LinkError(said.format(game=_(game.rules.title)))
    if len(moves) > MAX_MOVES:
        said = ngettext(
            "this game is too long for a link ({n} move; at most {most})",
            "this game is too long for a link ({n} moves; at most {most})",
            len(moves),
        )
        raise LinkError(said.format(n=number(len(moves)), most=number(MAX_MOVES)))
    fresh = new_game(name, game.deal, **dict.fromkeys(game.rules.active, True))
    digits: list[tuple[int, int]] = []  # (index, radix) of each move
    for move in moves:
        legal = fresh.plain_moves()
        if move not in legal:
            break
        digits.append((legal.index(move), len(legal)))
        fresh.apply(legal[digits[-1][0]])
    if len(digits) < len(moves) or fresh.key() != game.key():
        raise LinkError(_("this game did not start from its deal, so no link can replay it"))
    x = 0
    for index, radix in reversed(digits):
        x = x * radix + index
    rules = sum(1 << i for i, h in enumerate(HOUSE_RULES.get(name, ())) if h in game.rules.active)
    x = x * (MAX_MOVES + 1) + len(moves)
    x = x * MAX_DEAL + game.deal - 1
    x = (x * RULES_RADIX + rules) * GAME_RADIX + GAME_CODES.index(name)
    payload = x.to_bytes((x.bit_length() + 7) // 8, "big")
    text = VERSION + _b64(payload + _check(payload))
    if len(text) > MAX_TEXT:
        said = ngettext(
            "this game is too long for a link ({n} character)",
            "this game is too long for a link ({n} characters)",
            len(text),
        )
        raise LinkError(said.format(n=number(len(text))))
    return text


def link(base: str, game: Game) -> str:
    """The page's address ``base`` with ``game`` in its fragment."""
    return f"{base.split('#')[0]}#{KEY}={encode(game)}"


def decode(text: object) -> Game:
    """The game a fragment holds, every move played; a whole URL or ``#r=…`` is read too."""
    if not isinstance(text, str):
        # Translators: {kind} is the Python name of what was given instead ("int").
        said = _("a game link is text, not {kind}")
        raise LinkError(said.format(kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        said = ngettext(
            "this game link is too long ({n} character; at most {most})",
            "this game link is too long ({n} characters; at most {most})",
            len(text),
        )
        raise LinkError(said.format(n=number(len(text)), most=number(MAX_TEXT)))
    body = text.strip().partition("#")[2] if "#" in text else text.strip()
    body = body.removeprefix(f"{KEY}=")
    if not body:
        raise LinkError(_("this game link is empty"))
    if body[0] != VERSION:
        if body[0] in "23456789":
            # Translators: {version} is the link's format version, a digit.
            said = _(
                "this game link is from a newer version of the page ({version}); reload the page"
            )
            raise LinkNewer(said.format(version=body[0]))
        said = _("this is not a game link (it starts {start})")
        raise LinkError(said.format(start=shown(body[:12])))
    if not _ALPHABET.fullmatch(body, 1):
        raise LinkError(_("this game link is damaged: it holds characters a link never has"))
    data = _unb64(body[1:]) or b""
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if len(data) < CHECK_BYTES or check != _check(payload):
        raise LinkError(_("this game link is damaged or cut short (its check does not match)"))
    if payload[:1] == b"\0":  # a leading zero: not as encode() writes it
        raise LinkError(_("this game link is damaged: it is not written as links are"))
    return _play(int.from_bytes(payload, "big"))


def _play(x: int) -> Game:
    """The game X describes (see the module's docstring); a check passed, so X is forged
    or from a bug if it does not fit, and the messages need only say what does not."""
    x, code = divmod(x, GAME_RADIX)
    x, rules = divmod(x, RULES_RADIX)
    x, deal = divmod(x, MAX_DEAL)
    x, count = divmod(x, MAX_MOVES + 1)
    if code >= len(GAME_CODES):
        raise LinkError(_("this game link is damaged: it names no game"))
    name = GAME_CODES[code]
    house = HOUSE_RULES.get(name, ())
    if rules >> len(house):
        said = _("this game link is damaged: {game} has no such house rule")
        raise LinkError(said.format(game=_(GAMES[name].title)))
    game = new_game(name, deal + 1, **{h: True for i, h in enumerate(house) if rules >> i & 1})
    for i in range(count):
        legal = game.plain_moves()
        if not legal:
            # Translators: {number} counts the link's moves from 1.
            said = _("this game link is damaged: no move is left to play at move {number}")
            raise LinkError(said.format(number=i + 1))
        x, index = divmod(x, len(legal))
        game.play(legal[index])
    if x:
        raise LinkError(_("this game link is damaged: it holds more than its moves"))
    return game


def _check(payload: bytes) -> bytes:
    return (crc32(VERSION.encode() + payload) & 0xFFFFFF).to_bytes(CHECK_BYTES, "big")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes | None:
    """The bytes of canonical unpadded base64url, or None (stray bits, impossible length)."""
    if len(text) % 4 == 1:
        return None
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return data if _b64(data) == text else None
