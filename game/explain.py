"""Why a move is illegal, in one line a player understands ("9♠ cannot go on 7♥").

Only called after a move has been found missing from the legal list, so it may be slow and
plain; it never decides legality itself.
"""

from __future__ import annotations

from typing import Protocol

from .cards import DOWN, KING, pretty, rank_of
from .names import the
from .notation import ANY_FOUNDATION, F0, STOCK, T0, WASTE, pile_name
from .rules import Empty, Rules


class Position(Protocol):
    """What an explanation reads of a game (state.Game is one): no import of state.py,
    which asks this module why a move is illegal."""

    rules: Rules
    piles: list[tuple[int, ...]]
    redeals_left: int | None

    @property
    def found(self) -> range: ...

    @property
    def tab(self) -> range: ...

    @property
    def status(self) -> str: ...


def why_illegal(game: Position, m: tuple[int, int, int]) -> str:
    src, dst, n = m
    rules, piles = game.rules, game.piles
    if game.status == "won":
        return "the game is already won"
    if src == STOCK:
        if (dst, n) not in ((WASTE, 1), (STOCK, 0)):
            return "the stock only deals (s) or is turned over (r)"
        return _why_not_stock(game, n)
    if src == ANY_FOUNDATION:
        return "f is a destination only: whichever foundation takes the card"
    if n < 1:
        return "a move carries at least one card"
    for pile in (src, dst):
        exists = pile in (STOCK, WASTE, ANY_FOUNDATION) or pile in game.found or pile in game.tab
        if pile in (STOCK, WASTE) and rules.passes == 0:
            exists = False
        if not exists:
            return f"{rules.title} has no pile {pile_name(pile)}"
    if F0 <= src < T0:
        return "cards never leave a foundation"
    if dst in (STOCK, WASTE):
        return f"cards cannot be played to {the(rules, dst)}"
    if src == dst:
        return "a pile cannot move onto itself"
    p = piles[src]
    if not p:
        return f"{the(rules, src)} is empty"
    if src == WASTE and n > 1:
        return "only the top card of the waste can move"
    if n > len(p):
        return f"{the(rules, src)} has only {len(p)} card{'s' * (len(p) > 1)}"
    run = p[-n:]
    if any(c >= DOWN for c in run):
        return "that would move a face-down card"
    head = run[0]
    if n > 1:
        if (dst >= F0 and dst < T0) or dst == ANY_FOUNDATION:
            return "cards go to a foundation one at a time"
        if rules.unit is None:
            return f"in {rules.title} cards move one at a time"
        if not all(rules.unit.fits(run[i + 1], run[i]) for i in range(n - 1)):
            return (
                f"the top {n} cards of {the(rules, src)} are not a run that moves together "
                f"(in {rules.title} runs move as a unit only when built in {rules.unit.value})"
            )
    if dst == ANY_FOUNDATION or F0 <= dst < T0:
        return _why_not_foundation(game, head, dst)
    q = piles[dst]
    if not q:
        if rules.empty is Empty.NONE:
            return "empty fans stay empty (house rule)"
        if rules.empty is Empty.KINGS and rank_of(head) != KING:
            return f"only a King{' or a King-led run' * (rules.unit is not None)} may fill an empty {rules.pile}"
        return "that move is not allowed"
    return f"{pretty(head)} cannot go on {pretty(q[-1])}"


def _why_not_foundation(game: Position, c: int, dst: int) -> str:
    if dst == ANY_FOUNDATION:
        return f"no foundation takes {pretty(c)} yet"
    q = game.piles[dst]
    if not q:
        if rank_of(c) != 0:
            return "only an Ace starts a foundation"
        first = next(f for f in game.found if not game.piles[f])
        return f"an Ace goes to the first empty foundation, {the(game.rules, first)}"
    if rank_of(q[-1]) + 1 == rank_of(c) and (q[-1] & 3) == (c & 3):
        twin = next(f for f in game.found if game.piles[f] == q)
        return f"{pretty(c)} goes to the first of the matching foundations, {the(game.rules, twin)}"
    return f"{pretty(c)} cannot go on {pretty(q[-1])}"


def _why_not_stock(game: Position, n: int) -> str:
    rules, piles = game.rules, game.piles
    if rules.passes == 0 and not rules.shuffle_redeals:
        return f"{rules.title} has no stock"
    if n:  # deal
        if rules.passes == 0:
            return f"{rules.title} has no stock (r redeals the fans)"
        more = " (turn the waste over with r)" if game.redeals_left != 0 and piles[WASTE] else ""
        return f"the stock is empty{more}"
    if rules.shuffle_redeals:
        return "no redeals left"
    if piles[STOCK]:
        return "the stock is not empty yet"
    if not piles[WASTE]:
        return "the waste is empty"
    if rules.passes == 1:
        return f"{rules.title} allows one pass through the stock, no redeal"
    return "no redeals left"
