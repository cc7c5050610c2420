"""Where keyboard focus rests on the table, and where an arrow key takes it (pure).

A spot is ``(pile, index)``: a card of the pile (0 = its bottom card), or -1 for the pile
itself. Focus rests on cards a player may pick up or read: every face-up card of a
tableau pile where runs move as a unit, the top card elsewhere (the waste, Linus's fans),
and on the pile itself when it has no such card (the stock, a foundation, an empty pile).
The piles come in rows as the page lays them out (left to right, top to bottom), so the
arrows follow what the player sees on any screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DOWN
from ..notation import F0, STOCK, T0, WASTE
from ..state import Game

Spot = tuple[int, int]
Rows = Sequence[Sequence[tuple[int, float]]]  # each row: (pile, x of its centre), left first


def stops(game: Game, pile: int) -> list[int]:
    """The indexes of the cards focus may rest on, bottom first; [] for the pile itself."""
    cards = game.piles[pile]
    if pile == STOCK or F0 <= pile < T0 or not cards:
        return []
    if pile == WASTE or game.rules.unit is None:
        return [len(cards) - 1]
    return [i for i, c in enumerate(cards) if c < DOWN]


def top(game: Game, pile: int) -> Spot:
    """The spot of a pile's top card, or of the pile itself."""
    s = stops(game, pile)
    return (pile, s[-1] if s else -1)


def settle(game: Game, spot: Spot) -> Spot:
    """The spot nearest ``spot`` that is still one after the position changed."""
    pile, index = spot
    s = stops(game, pile)
    if not s:
        return (pile, -1)
    if index in s:
        return spot
    if index < 0 or index > s[-1]:
        return (pile, s[-1])
    return (pile, min(s, key=lambda i: abs(i - index)))


def step(game: Game, rows: Rows, spot: Spot, command: str) -> Spot:
    """Where ``command`` (left, right, up, down, deepest, top) takes focus from ``spot``."""
    pile, index = settle(game, spot)
    order = [p for row in rows for p, _ in row]
    if pile not in order:
        return top(game, order[0]) if order else (pile, index)
    s = stops(game, pile)
    if command in ("left", "right"):
        i = order.index(pile) + (1 if command == "right" else -1)
        return top(game, order[i % len(order)])
    if command == "deepest":
        return (pile, s[0]) if s else (pile, index)
    if command == "top":
        return (pile, s[-1]) if s else (pile, index)
    if command not in ("up", "down"):
        return (pile, index)
    ahead = -1 if command == "up" else 1
    if index in s and 0 <= s.index(index) + ahead < len(s):
        return (pile, s[s.index(index) + ahead])
    r = next(i for i, row in enumerate(rows) if any(p == pile for p, _ in row))
    if not 0 <= r + ahead < len(rows) or not rows[r + ahead]:
        return (pile, index)
    x = next(x for p, x in rows[r] if p == pile)
    nearest = min(rows[r + ahead], key=lambda px: abs(px[1] - x))[0]
    return top(game, nearest)
