"""The saved game in progress: a versioned JSON text around a record, checked on the way in.

What is stored comes back from outside (a browser's storage, possibly old, truncated or
tampered with), so reading it checks everything and fails with one :class:`SavedError`
line; the caller keeps the bad text aside and starts clean.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any

from .i18n import _, ngettext, number
from .notation import GameError, NewerVersion, newer
from .records import RecordError, loads, replay
from .state import Game
from .stats import Help
from .turns import Turns

VERSION = 1
MAX_TEXT = 2_000_000  # characters; a real save is a few kilobytes


class SavedError(GameError):
    """A stored game that cannot be used."""


class SavedNewer(SavedError, NewerVersion):
    """A game saved by a newer version of the page."""


@dataclass
class Saved:
    game: Game  # its undone moves on its redo stack
    elapsed: float  # seconds of play so far
    turns: Turns = field(default_factory=Turns)  # its undo and redo steps (turns.py)
    help: Help = field(default_factory=Help)  # the help the game has had (stats.Help)


def pack(game: Game, elapsed: float, turns: Turns | None = None, help: Help | None = None) -> str:
    """The text to store: the record of every move played (undone ones included).

    ``turns`` are the page's undo and redo steps (a move and its auto-moves undo
    together); they are kept only when they fit the game's moves, else each move is its
    own step when the game comes back, and the deal's own step only as their first.
    ``help`` is kept when the game has had some (older saves had none).
    """
    record = game.record()
    undone = [str(m) for m in reversed(game.redo_moves)]
    record["moves"] = record["moves"] + undone
    data: dict[str, object] = {
        "version": VERSION,
        "record": record,
        "elapsed": round(elapsed, 1),
        "undone": len(undone),
    }
    if turns is not None and turns.fits(game):
        data["turns"] = turns.steps()
        if turns.dealt and turns.done[:1] == [turns.dealt]:
            data["dealt"] = turns.dealt
    if help is not None and help.given:
        data["help"] = asdict(help)
    return json.dumps(data, separators=(",", ":"))


def unpack(text: object) -> Saved:
    """The game stored in ``text``, its undone moves back on the redo stack."""
    if not isinstance(text, str):
        raise SavedError(_("the saved game is not text"))
    if len(text) > MAX_TEXT:
        said = ngettext(
            "the saved game is too large ({n} character)",
            "the saved game is too large ({n} characters)",
            len(text),
        )
        raise SavedError(said.format(n=number(len(text))))
    try:
        data: Any = loads(text)
    except RecordError as e:
        raise _damaged(e) from None
    if not isinstance(data, dict):
        raise SavedError(_("the saved game is damaged: not an object"))
    version = data.get("version")
    if newer(version, VERSION):
        # Translators: {version} is the saved game's version number, {ours} this page's.
        said = _("the saved game is from a newer version ({version}, not {ours})")
        raise SavedNewer(said.format(version=version, ours=VERSION))
    if version != VERSION:
        # Translators: {version} is the saved game's version, {ours} this page's.
        said = _("the saved game is from another version ({version}, not {ours})")
        raise SavedError(said.format(version=repr(version), ours=VERSION))
    elapsed, undone = data.get("elapsed", 0), data.get("undone", 0)
    numeric = isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool)
    if not numeric or not (math.isfinite(elapsed) and elapsed >= 0):  # JSON may say NaN
        raise SavedError(_("the saved game is damaged: bad elapsed time"))
    if type(undone) is not int or undone < 0:
        raise SavedError(_("the saved game is damaged: bad undo count"))
    try:
        game = replay(data.get("record"))  # type: ignore[arg-type]
    except RecordError as e:
        raise _damaged(e) from None
    if undone > len(game.moves):
        raise SavedError(_("the saved game is damaged: more undone moves than moves"))
    for _undone in range(undone):
        game.undo()
    try:
        turns = Turns.read(data.get("turns"), len(game.moves), undone, data.get("dealt", 0))
        had = Help.read(data.get("help", {}))
    except ValueError as e:
        raise _damaged(e) from None
    return Saved(game, float(elapsed), turns, had)


def _damaged(why: Exception) -> SavedError:
    # Translators: {reason} says what is wrong, as in "not valid JSON (…)".
    return SavedError(_("the saved game is damaged: {reason}").format(reason=why))
