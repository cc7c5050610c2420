"""A solver for all four games: won (with a line), lost (proven), or unknown within a budget.

Pure Python on the engine's API; runs the same in CPython and Pyodide, in slices.
"""

from .best import BestFirst
from .portfolio import Portfolio, solve
from .restarts import Restarts
from .search import MAX_POSITIONS, Result, Search

__all__ = ["MAX_POSITIONS", "BestFirst", "Portfolio", "Restarts", "Result", "Search", "solve"]
