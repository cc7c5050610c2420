"""The stock as moves: every waste card a run of deals can reach is one move.

Why this loses no win: dealing commutes with every move that does not touch the waste (it
changes only the stock and the waste), so in any winning line each run of deals can be
postponed until just before the waste card it uncovers is played. Deals that uncover
nothing that is then played can be dropped: the next pass deals the same order either way.
So "deal (and turn the waste over) k times, then play the waste top" covers every line.

With unlimited passes (Unlimited) even the order stops mattering: any card of the stock or
waste can be brought to the top at any time, so the solver treats them as one unordered
reserve, and a real move list is made only for the line it finds (:func:`reach`).
"""

from __future__ import annotations

from ..notation import DEAL, REDEAL, STOCK, WASTE
from ..state import Game, Plain


def reachable(game: Game) -> list[tuple[int, int]]:
    """``(steps, card)`` for each waste top reachable by ``steps`` deals/redeals (0: now).

    Finite passes only: the sequence of deals from a position is fixed, so it is computed
    by index arithmetic, without playing it.
    """
    stock, waste = game.piles[STOCK], game.piles[WASTE]
    out: list[tuple[int, int]] = [(0, waste[-1])] if waste else []
    for k in range(1, len(stock) + 1):
        out.append((k, stock[-k]))
    if game.redeals_left != 0 and (waste or stock):
        # One more pass is enough: reaching a card on a later pass without playing on this
        # one gives the same stock and waste with fewer redeals left, which can only be worse.
        # After dealing the whole stock and turning the waste over, the next pass deals the
        # old waste bottom first: W[0], W[1], …, then the cards just dealt, in the same order.
        base = len(stock) + 1
        again = waste + stock[::-1]
        for j, card in enumerate(again, start=1):
            out.append((base + j, card))
    return out


def steps(game: Game, k: int) -> list[Plain]:
    """The deals (and the redeal) that make the ``k``-th reachable card the waste top."""
    stock = len(game.piles[STOCK])
    if k <= stock:
        return [DEAL] * k
    return [*([DEAL] * stock), REDEAL, *([DEAL] * (k - stock - 1))]


def reach(game: Game, card: int) -> list[Plain]:
    """Deals and redeals (unlimited passes) that bring ``card`` to the top of the waste."""
    moves: list[Plain] = []
    stock, waste = list(game.piles[STOCK]), list(game.piles[WASTE])
    for _ in range(2 * (len(stock) + len(waste)) + 2):
        if waste and waste[-1] == card:
            return moves
        if stock:
            waste.append(stock.pop())
            moves.append(DEAL)
        else:
            stock, waste = waste[::-1], []
            moves.append(REDEAL)
    raise ValueError("that card is not in the stock or the waste")
