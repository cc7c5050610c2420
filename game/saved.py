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

from .notation import GameError, NewerVersion, newer
from .records import RecordError, loads, replay
from .state import Game
from .stats import Help

VERSION = 1
MAX_TEXT = 2_000_000  # characters; a real save is a few kilobytes


class SavedError(GameError):
    """A stored game that cannot be used."""


class SavedNewer(SavedError, NewerVersion):
    """A game saved by a newer version of the page."""


@dataclass
class Saved:
    game: Game
    elapsed: float  # seconds of play so far
    undone: int  # moves undone and not redone: the redo stack comes back too
    turns: list[int] = field(default_factory=list)  # moves per undo step, oldest first
    redo: list[int] = field(default_factory=list)  # moves per redo step, next to redo last
    # Moves made with the deal (its opening auto-moves): the first undo step, which Undo
    # never takes back; 0 when there were none or the steps are not known.
    dealt: int = 0
    help: Help = field(default_factory=Help)  # the help the game has had (stats.Help)


def pack(
    game: Game,
    elapsed: float,
    turns: list[int] | None = None,
    redo: list[int] | None = None,
    dealt: int = 0,
    help: Help | None = None,
) -> str:
    """The text to store: the record of every move played (undone ones included).

    ``turns`` and ``redo`` are the page's undo and redo steps (a move and its auto-moves
    undo together); they are kept only when they add up to the moves, else each move is
    its own step when the game comes back. ``dealt`` is kept with them when it is their
    first step. ``help`` is kept when the game has had some (older saves had none).
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
    turns, redo = turns or [], redo or []
    if sum(turns) == len(game.moves) and sum(redo) == len(undone):
        data["turns"] = [*turns, *reversed(redo)]  # in the order of the record's moves
        if dealt and turns[:1] == [dealt]:
            data["dealt"] = dealt
    if help is not None and help.given:
        data["help"] = asdict(help)
    return json.dumps(data, separators=(",", ":"))


def unpack(text: object) -> Saved:
    """The game stored in ``text``, its undone moves back on the redo stack."""
    if not isinstance(text, str):
        raise SavedError("the saved game is not text")
    if len(text) > MAX_TEXT:
        raise SavedError(f"the saved game is too large ({len(text):,} characters)")
    try:
        data: Any = loads(text)
    except RecordError as e:
        raise SavedError(f"the saved game is damaged: {e}") from None
    if not isinstance(data, dict):
        raise SavedError("the saved game is damaged: not an object")
    version = data.get("version")
    if newer(version, VERSION):
        raise SavedNewer(f"the saved game is from a newer version ({version}, not {VERSION})")
    if version != VERSION:
        raise SavedError(f"the saved game is from another version ({version!r}, not {VERSION})")
    elapsed, undone = data.get("elapsed", 0), data.get("undone", 0)
    number = isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool)
    if not number or not (math.isfinite(elapsed) and elapsed >= 0):  # JSON may say NaN
        raise SavedError("the saved game is damaged: bad elapsed time")
    if type(undone) is not int or undone < 0:
        raise SavedError("the saved game is damaged: bad undo count")
    try:
        game = replay(data.get("record"))  # type: ignore[arg-type]
    except RecordError as e:
        raise SavedError(f"the saved game is damaged: {e}") from None
    if undone > len(game.moves):
        raise SavedError("the saved game is damaged: more undone moves than moves")
    for _ in range(undone):
        game.undo()
    turns, redo = _steps(data.get("turns"), len(game.moves), undone)
    dealt = data.get("dealt", 0)
    if type(dealt) is not int or (dealt and turns[:1] != [dealt]):
        raise SavedError("the saved game is damaged: its dealt moves do not fit its undo steps")
    try:
        had = Help.read(data.get("help", {}))
    except ValueError as e:
        raise SavedError(f"the saved game is damaged: {e}") from None
    return Saved(game, float(elapsed), undone, turns, redo, dealt, had)


def _steps(steps: object, played: int, undone: int) -> tuple[list[int], list[int]]:
    """The undo and redo steps of a save; one move a step when it has none (older saves)."""
    if steps is None:
        return [1] * played, [1] * undone
    if not (isinstance(steps, list) and all(type(k) is int and k > 0 for k in steps)):
        raise SavedError("the saved game is damaged: bad undo steps")
    total, split = 0, 0
    while split < len(steps) and total < played:
        total += steps[split]
        split += 1
    if total != played or sum(steps[split:]) != undone:
        raise SavedError("the saved game is damaged: its undo steps do not fit its moves")
    return steps[:split], steps[split:][::-1]
