"""The most promising move while no winning line is known: a guess that never burns what
cannot be had back while a safer move exists.

The page's solver searches every position; until it decides, a Hint can only guess. The
guess orders moves first by what they cost for good, then by the best-first search's score
of the position each leads to (solver/best.py: lower is better).

What a move costs (:func:`risk`), from the rules (RULES.md):

- FREE: a move to a tableau pile (from a pile or the waste; a face-down card it uncovers
  turns up, which only tells the player something); a card home that no card can ever need
  again (assist.is_safe: every card that could go on it is home); with unlimited passes
  (Unlimited), a deal or turning the waste over, since the stock comes round again.
- SPENDS: a deal while another pass remains (Blind Alleys' first pass). It cannot be taken
  back without Undo, but every card it passes comes round again on the next pass; what it
  spends is time before the last pass.
- BURNS: a step nothing can give back. A deal in the last pass (Whitehead's only one,
  Blind Alleys' second): the card dealt covers the waste for good and the stock is finite.
  Turning the waste over to start the last pass. A card home that a tableau card may still
  need to build on (cards never leave a foundation). A Linus redeal (it shuffles the fans).

A cheaper move always comes before a dearer one, whatever the scores. Moves that only come
back to where the game has been (a position earlier in this game, or this one with two
piles swapped: a whole pile moved to an empty one) are no alternative: they are left out
unless nothing else is left. A move into a position known to be lost is never offered.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Hashable

from .assist import is_safe
from .cards import DOWN
from .notation import F0, STOCK, T0, WASTE, Move
from .solver import Search
from .solver.best import score
from .state import Game, Plain

FREE, SPENDS, BURNS = 0, 1, 2


def risk(game: Game, m: Plain) -> int:
    """What move ``m`` (legal here) costs for good: FREE, SPENDS or BURNS (module doc)."""
    src, dst, n = m
    left = game.redeals_left
    if src == STOCK:
        if game.rules.shuffle_redeals and n == 0:
            return BURNS  # a Linus redeal shuffles the fans: nothing brings them back
        if left is None:
            return FREE  # unlimited passes: the stock comes round again
        if n == 0:
            return BURNS if left <= 1 else SPENDS  # the waste turned over: the next pass
        return SPENDS if left > 0 else BURNS
    if F0 <= dst < T0:
        return FREE if is_safe(game, game.piles[src][-1]) else BURNS
    return FREE


def idle(game: Game, m: Plain) -> bool:
    """Does ``m`` move a whole pile to an empty one (the same position, piles swapped)?"""
    src, dst, n = m
    return src >= T0 and dst >= T0 and n == len(game.piles[src]) and not game.piles[dst]


def past_keys(game: Game) -> set[Hashable]:
    """The keys (Game.key) of the positions this game has been in before this one."""
    board = game.copy()
    board._history = list(game._history)
    keys: set[Hashable] = set()
    while board._history:
        board.retract()
        keys.add(board.key())
    return keys


def scored(board: Game) -> int:
    """best.py's score of ``board``'s position, as the page's best-first search sees it
    (with unlimited passes, stock and waste as one unordered reserve, as search.py does)."""
    probe = Search.__new__(Search)  # only what score() reads: no search is set up
    probe.reserve = board.redeals_left is None and board.rules.passes is None
    if probe.reserve:
        board = board.copy()
        board.piles[STOCK] = tuple(sorted(board.piles[STOCK] + board.piles[WASTE]))
        board.piles[WASTE] = ()
    probe.board = board
    return score(probe)


def ranked(
    game: Game, lost: Container[Hashable] = (), seen: Collection[Hashable] = ()
) -> list[tuple[int, int, int, Plain]]:
    """The legal moves as (risk, score, order, move), best first; none into a position in
    ``lost``, and moves back into ``seen`` (or idle ones) only when nothing else is left."""
    fresh: list[tuple[int, int, int, Plain]] = []
    stale: list[tuple[int, int, int, Plain]] = []
    # A move within the tableau that brings back an earlier layout of foundations and
    # tableau goes back to it, whatever deals came between: runs moved to and fro.
    layouts = {k[F0:-1] for k in seen if isinstance(k, tuple)}
    board = game.copy()
    for order, m in enumerate(game.plain_moves()):
        src, dst, n = m
        pile = game.piles[src]
        uncovers = src >= T0 and n < len(pile) and pile[-n - 1] >= DOWN
        cost = risk(game, m)
        board.apply(m)
        key = board.key()
        back = key in seen or (src >= T0 and dst >= T0 and key[F0:-1] in layouts)
        if key not in lost:
            # a card turned up is worth a little: it is news, and the player came to see it
            entry = (cost, scored(board) - uncovers, order, m)
            (stale if back or idle(game, m) else fresh).append(entry)
        board.retract()
    return sorted(fresh) or sorted(stale)


def most_promising(
    game: Game, lost: Container[Hashable] = (), seen: Collection[Hashable] | None = None
) -> Move | None:
    """The move to guess (module doc), or None when every move leads to a known loss (or
    there is none). ``seen``: positions already had; by default this game's own history."""
    best = ranked(game, lost, past_keys(game) if seen is None else seen)
    return Move(*best[0][3]) if best else None


__all__ = ["BURNS", "FREE", "SPENDS", "idle", "most_promising", "past_keys", "ranked", "risk"]
