"""Records (game, deal, house rules, moves) and layouts in and out, checked strictly.

A record is ``{"game": "whitehead", "deal": 7, "rules": {"kings_only": true},
"moves": ["t1>f1", "s", …]}``. Everything read from outside is checked here, so a bad
record always ends in one :class:`RecordError` line, never a traceback.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import DOWN, code, parse_card
from .i18n import _, ngettext
from .jsontext import parse
from .notation import F0, STOCK, T0, WASTE, GameError, IllegalMove, shown
from .rules import find_rules
from .state import Game

MAX_MOVES = 100_000  # far beyond any real game; stops a hostile record early
# The fields of Game.layout(); from_layout reads all but "status" (it is worked out again).
LAYOUT_FIELDS = frozenset(
    ("game", "deal", "rules", "status", "stock", "waste", "foundations", "tableau", "redeals_left")
)


class RecordError(GameError):
    """A record or layout that cannot be used; ``index`` is the failing move's, if any."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def new_game(name: str, deal: int, **house_rules: bool) -> Game:
    """A fresh deal: ``new_game("linus", 5, pgs=True)``."""
    try:
        return Game(find_rules(name, **house_rules), deal)
    except ValueError as e:
        raise GameError(str(e)) from None


def _start(record: object) -> Game:
    if not isinstance(record, dict):
        # Translators: {kind} is the Python name of what was found instead ("list", "str").
        said = _("a record is a JSON object, not {kind}")
        raise RecordError(said.format(kind=type(record).__name__))
    unknown = set(record) - {"game", "deal", "rules", "moves"}
    if unknown:
        said = _("a record has no field {field}")
        raise RecordError(said.format(field=shown(min(unknown, key=str))))
    name, rules = record.get("game"), record.get("rules", {})
    if not isinstance(name, str):
        # Translators: {example} is JSON, left as it is: "game": "whitehead".
        said = _("a record needs a game name, e.g. {example}")
        raise RecordError(said.format(example='"game": "whitehead"'))
    if not isinstance(rules, dict) or not all(isinstance(k, str) for k in rules):
        # Translators: "rules" names a field of the record; {example} is JSON, left as it is.
        said = _('"rules" must be an object like {example}')
        raise RecordError(said.format(example='{"kings_only": true}'))
    try:
        return new_game(name, record.get("deal"), **rules)  # type: ignore[arg-type]
    except GameError as e:
        raise RecordError(str(e)) from None


def replay(record: dict[str, Any] | str) -> Game:
    """The game a record describes, its moves played in order (JSON text is accepted too).

    Raises RecordError naming the first move that is illegal, its index and why.
    """
    data = loads(record) if isinstance(record, str) else record
    game = _start(data)
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        # Translators: "moves" names a field of the record, left as it is.
        raise RecordError(_('"moves" must be a list of move texts'))
    if len(moves) > MAX_MOVES:
        # Translators: {n} is the most moves a record may hold, {count} how many this one has.
        said = ngettext(
            "a record holds at most {n} move, this one {count}",
            "a record holds at most {n} moves, this one {count}",
            MAX_MOVES,
        )
        raise RecordError(said.format(n=MAX_MOVES, count=len(moves)))
    for i, text in enumerate(moves):
        try:
            game.play(text)
        except IllegalMove as e:
            # Translators: {number} counts moves from 1, {index} from 0; {reason} says why.
            said = _("move {number} (index {index}) is illegal: {reason}")
            raise RecordError(said.format(number=i + 1, index=i, reason=e), index=i) from None
    return game


RECURSION = 990  # as deep as CPython's json parses (and Pyodide's, checked in the page)


def loads(text: str) -> Any:
    """Parse JSON, turning its errors into one line (deep nesting too: see jsontext)."""
    try:
        return parse(text, max_depth=RECURSION)
    except (ValueError, RecursionError) as e:  # ValueError: also a number over 4300 digits
        # Translators: {reason} is why, often in Python's own English ("Expecting value").
        said = _("not valid JSON ({reason})")
        raise RecordError(said.format(reason=e.msg if hasattr(e, "msg") else e)) from None


def from_layout(layout: dict[str, Any]) -> Game:
    """A game at a constructed position (a layout dict, as :meth:`Game.layout` gives).

    Positions may hold fewer cards than a deck (for tests and puzzles), never more copies
    of a card than the game's decks have, and foundations must be proper suit sequences.
    """
    if not isinstance(layout, dict):
        raise RecordError(f"a layout is a JSON object, not {type(layout).__name__}")
    unknown = set(layout) - LAYOUT_FIELDS
    if unknown:
        raise RecordError(f"a layout has no field {shown(min(unknown, key=str))}")
    game = _start({k: layout[k] for k in ("game", "deal", "rules") if k in layout})
    rules = game.rules

    def cards(field: str, texts: object, face_up: bool = False) -> tuple[int, ...]:
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise RecordError(f'{field} must be a list of cards like ["AS", "td"]')
        try:
            out = tuple(parse_card(t) for t in texts)
        except ValueError as e:
            raise RecordError(f"{field}: {e}") from None
        if face_up and any(c >= DOWN for c in out):
            raise RecordError(f"{field} holds only face-up cards (upper case)")
        return out

    tableau = layout.get("tableau", [])
    founds = layout.get("foundations", [])
    if not isinstance(tableau, list) or len(tableau) > len(game.tab):
        raise RecordError(f"tableau must be a list of at most {len(game.tab)} piles")
    if not isinstance(founds, list) or len(founds) > len(game.found):
        raise RecordError(f"foundations must be a list of at most {len(game.found)} piles")
    piles: list[tuple[int, ...]] = [()] * (T0 + len(game.tab))
    piles[STOCK] = tuple(c & ~DOWN for c in cards("stock", layout.get("stock", [])))
    piles[WASTE] = cards("waste", layout.get("waste", []), face_up=True)
    for i, texts in enumerate(founds):
        pile = piles[F0 + i] = cards(f"foundation {i + 1}", texts, face_up=True)
        if any(c != pile[0] + 4 * k for k, c in enumerate(pile)) or (pile and pile[0] > 3):
            raise RecordError(f"foundation {i + 1} must run from an Ace up in one suit")
    for i, texts in enumerate(tableau):
        pile = piles[T0 + i] = cards(f"tableau {i + 1}", texts)
        if pile and pile[-1] >= DOWN:
            raise RecordError(f"tableau {i + 1}: its top card must be face up")
    counts = Counter(c & ~DOWN for p in piles for c in p)
    extra = [c for c, k in counts.items() if k > rules.decks]
    if extra:
        raise RecordError(
            f"card {code(extra[0])} appears more often than {rules.title}'s decks hold"
        )
    if rules.passes == 0 and (piles[STOCK] or piles[WASTE]):
        raise RecordError(f"{rules.title} has no stock or waste")
    game.piles[:] = piles
    red = layout.get("redeals_left", game.redeals_left)
    if not (red is None or (type(red) is int and red >= 0)) or (red is None) != (
        game.redeals_left is None
    ):
        raise RecordError(
            f"redeals_left must be {'null' if game.redeals_left is None else 'a count'}"
        )
    game.redeals_left = red
    game._cached = None
    return game
