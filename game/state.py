"""A game in progress: the position, legal moves, play, undo/redo and status.

The position is one list of piles, each a tuple of card codes bottom to top, indexed by the
fixed pile numbers of notation.py. A move replaces at most two tuples, so undo is a stack of
small snapshots (the two old tuples), like python-chess's push/pop. Inside, moves are plain
``(src, dst, n)`` tuples; the public methods hand out :class:`Move`, which compares equal.
"""

from __future__ import annotations

from typing import Any

from .cards import DOWN, SPAN, code
from .deals import check_deal, deal_piles, redeal_fans
from .explain import why_illegal
from .notation import (
    ANY_FOUNDATION,
    DEAL,
    F0,
    REDEAL,
    STOCK,
    T0,
    WASTE,
    IllegalMove,
    Move,
    parse_move,
    shown,
)  # fmt: skip
from .rules import Empty, Rules, accepts, links

Plain = tuple[int, int, int]  # a move as the engine handles it inside
_NO_LINKS = bytes(SPAN * SPAN)


class Game:
    """One deal of one game, with its history. Make one with :func:`game.new_game`."""

    def __init__(self, rules: Rules, deal: int) -> None:
        self.rules = rules
        self.deal = check_deal(deal)
        stock, tableau = deal_piles(rules, deal)
        self.piles: list[tuple[int, ...]] = [stock, ()] + [()] * 8 + tableau
        self.redeals_left: int | None = (
            rules.shuffle_redeals if rules.shuffle_redeals
            else None if rules.passes is None
            else max(rules.passes - 1, 0)
        )  # fmt: skip
        self.found = range(F0, F0 + rules.foundations)
        self.tab = range(T0, T0 + len(rules.tableau))
        self._onto = accepts(rules.build)
        self._links = links(rules.unit) if rules.unit else _NO_LINKS
        self._takes = bytes(rules.empty.takes(c) for c in range(SPAN))
        self._history: list[
            tuple[Plain, int, tuple[Any, ...], int, tuple[int, ...], int | None]
        ] = []
        self._future: list[Plain] = []
        self._cached: list[Plain] | None = None

    # -- what may happen ------------------------------------------------------------------

    def targets(self) -> tuple[dict[int, int], dict[int, list[int]], list[int]]:
        """Who wants which card: foundation by card, tableau piles by card, empty piles.

        Of several foundations that would take a card (empty ones for an Ace, or twin
        foundations in Unlimited) only the lowest-numbered is offered: they are the same move.
        """
        piles = self.piles
        to_foundation: dict[int, int] = {}
        first_empty = 0
        for f in self.found:
            p = piles[f]
            if p:
                if p[-1] < 48 and p[-1] + 4 not in to_foundation:
                    to_foundation[p[-1] + 4] = f
            elif not first_empty:
                first_empty = f
        if first_empty:
            for ace in range(4):
                to_foundation[ace] = first_empty
        onto = self._onto
        to_tableau: dict[int, list[int]] = {}
        empties: list[int] = []
        for t in self.tab:
            p = piles[t]
            if p:
                for c in onto[p[-1]]:
                    if c in to_tableau:
                        to_tableau[c].append(t)
                    else:
                        to_tableau[c] = [t]
            else:
                empties.append(t)
        if self.rules.empty is Empty.NONE:
            empties = []
        return to_foundation, to_tableau, empties

    def plain_moves(self) -> list[Plain]:
        """Every legal move, in the order a tap tries them: foundation, pile, empty pile."""
        if self._cached is not None:
            return self._cached
        piles = self.piles
        to_foundation, to_tableau, empties = self.targets()
        takes, chain = self._takes, self._links
        longest = 13 if self.rules.unit else 1
        moves: list[Plain] = []
        waste = piles[WASTE]
        if waste:
            c = waste[-1]
            if c in to_foundation:
                moves.append((WASTE, to_foundation[c], 1))
            for d in to_tableau.get(c, ()):
                moves.append((WASTE, d, 1))
            if takes[c]:
                for d in empties:
                    moves.append((WASTE, d, 1))
        for s in self.tab:
            p = piles[s]
            if not p:
                continue
            c = p[-1]
            if c in to_foundation:
                moves.append((s, to_foundation[c], 1))
            n, size = 1, len(p)
            while True:  # each card of the movable run, top down, heads a run of n cards
                for d in to_tableau.get(c, ()):
                    moves.append((s, d, n))
                if takes[c]:
                    for d in empties:
                        moves.append((s, d, n))
                if n in (size, longest) or not chain[p[-n - 1] * SPAN + c]:
                    break
                n += 1
                c = p[-n]
        if piles[STOCK]:
            moves.append(DEAL)
        elif self.redeals_left != 0 and (
            waste or (self.rules.shuffle_redeals and any(piles[t] for t in self.tab))
        ):
            moves.append(REDEAL)
        self._cached = moves
        return moves

    def legal_moves(self) -> list[Move]:
        return [Move(*m) for m in self.plain_moves()]

    @property
    def status(self) -> str:
        """``won``, ``lost`` (nothing can ever change the tableau or foundations) or ``playing``."""
        piles = self.piles
        if not piles[STOCK] and not piles[WASTE] and not any(piles[t] for t in self.tab):
            return "won"
        moves = self.plain_moves()
        if not moves:
            return "lost"
        if self.redeals_left is None and all(m[0] == STOCK for m in moves):
            # Unlimited passes: dealing could go on for ever; lost unless some card of the
            # stock or waste will fit somewhere when it comes up.
            to_foundation, to_tableau, empties = self.targets()
            cards = piles[STOCK] + piles[WASTE]
            if not any(
                c in to_foundation or c in to_tableau or (empties and self._takes[c]) for c in cards
            ):
                return "lost"
        return "playing"

    # -- changing the position ------------------------------------------------------------

    def apply(self, m: Plain) -> None:
        """Play a move known to be legal (from :meth:`plain_moves`); no checks, for speed."""
        src, dst, n = m
        piles = self.piles
        red = self.redeals_left
        if src != STOCK:
            p, q = piles[src], piles[dst]
            self._history.append((m, src, p, dst, q, red))
            rest = p[:-n]
            if rest and rest[-1] >= DOWN:  # the uncovered card turns face up, in this move
                rest = (*rest[:-1], rest[-1] - DOWN)
            piles[src] = rest
            piles[dst] = q + p[-n:]
        elif n:  # deal one card
            stock, waste = piles[STOCK], piles[WASTE]
            self._history.append((m, STOCK, stock, WASTE, waste, red))
            piles[STOCK] = stock[:-1]
            piles[WASTE] = waste + stock[-1:]
        elif self.rules.shuffle_redeals:
            self._history.append((m, -1, tuple(piles), 0, (), red))
            cards = [c for t in self.tab for c in piles[t]]
            done = self.rules.shuffle_redeals - (red or 0)
            fans = redeal_fans(cards, self.rules.name, self.deal, done + 1, len(self.tab))
            piles[T0 : T0 + len(fans)] = fans
            self.redeals_left = (red or 0) - 1
        else:  # turn the waste over: the new stock deals in the same order as before
            self._history.append((m, STOCK, piles[STOCK], WASTE, piles[WASTE], red))
            piles[STOCK] = piles[WASTE][::-1]
            piles[WASTE] = ()
            if red is not None:
                self.redeals_left = red - 1
        self._cached = None

    def retract(self) -> Plain:
        """Take back the last move (no redo bookkeeping); the solver's ``pop``."""
        m, src, p, dst, q, red = self._history.pop()
        if src < 0:
            self.piles[:] = p
        else:
            self.piles[src] = p
            self.piles[dst] = q
        self.redeals_left = red
        self._cached = None
        return m

    def play(self, move: Move | tuple[int, int, int] | str) -> Move:
        """Play a move given as text or as a Move; raises IllegalMove saying why not."""
        m = self.resolve(move)
        self.apply(m)
        self._future.clear()
        return Move(*m)

    def resolve(self, move: Move | tuple[int, int, int] | str) -> Plain:
        """The legal move meant by ``move`` (``t1>f`` names its foundation), or IllegalMove."""
        m = parse_move(move) if isinstance(move, str) else move
        if not (isinstance(m, tuple) and len(m) == 3 and all(type(x) is int for x in m)):
            raise IllegalMove(f"{shown(move)} is not a move")
        plain = (m[0], m[1], m[2])
        legal = self.plain_moves()
        if plain[1] == ANY_FOUNDATION:
            for lm in legal:
                if lm[0] == plain[0] and lm[2] == plain[2] and F0 <= lm[1] < T0:
                    return lm
        elif plain in legal:
            return plain
        raise IllegalMove(why_illegal(self, plain), str(Move(*plain)))

    def undo(self) -> Move | None:
        if not self._history:
            return None
        m = self.retract()
        self._future.append(m)
        return Move(*m)

    def redo(self) -> Move | None:
        if not self._future:
            return None
        m = self._future.pop()
        self.apply(m)
        return Move(*m)

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, oldest first."""
        return [Move(*h[0]) for h in self._history]

    @property
    def redo_moves(self) -> list[Move]:
        """The moves undone and not yet redone, the next to redo first."""
        return [Move(*m) for m in reversed(self._future)]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def copy(self) -> Game:
        """The same position with no history: a scratch board for a search."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.piles = list(self.piles)
        twin._history, twin._future, twin._cached = [], [], None
        return twin

    def key(self) -> tuple[object, ...]:
        """A cheap hashable key of the position (not of the history)."""
        return (*self.piles, self.redeals_left)

    # -- views ------------------------------------------------------------------------------

    def layout(self) -> dict[str, Any]:
        """The position as JSON-ready data; face-down cards (stock included) in lower case."""
        piles = self.piles
        return {
            "game": self.rules.name,
            "deal": self.deal,
            "rules": dict.fromkeys(self.rules.active, True),
            "status": self.status,
            "stock": [code(c | DOWN) for c in piles[STOCK]],
            "waste": [code(c) for c in piles[WASTE]],
            "foundations": [[code(c) for c in piles[f]] for f in self.found],
            "tableau": [[code(c) for c in piles[t]] for t in self.tab],
            "redeals_left": self.redeals_left,
        }

    def record(self) -> dict[str, Any]:
        """The game as a record: replaying it with :func:`game.replay` gives this position."""
        return {
            "game": self.rules.name,
            "deal": self.deal,
            "rules": dict.fromkeys(self.rules.active, True),
            "moves": [str(m) for m in self.moves],
        }

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} deal {self.deal}, {len(self._history)} moves, {self.status}>"
        )
