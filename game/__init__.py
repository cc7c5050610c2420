"""Whitehead, Blind Alleys, Linus and Unlimited: a pure-Python solitaire engine.

    >>> import game
    >>> g = game.new_game("whitehead", 7)
    >>> move = g.legal_moves()[0]
    >>> g.play(str(move)) == move
    True

Standard library only, no browser imports: it runs the same in CPython and Pyodide.
"""

from .notation import DEAL, REDEAL, GameError, IllegalMove, Move, parse_move
from .records import RecordError, from_layout, loads, new_game, replay
from .rules import GAMES, Rules, find_rules
from .state import Game

__all__ = [
    "DEAL", "GAMES", "REDEAL", "Game", "GameError", "IllegalMove", "Move", "RecordError",
    "Rules", "find_rules", "from_layout", "loads", "new_game", "parse_move", "replay",
]  # fmt: skip
