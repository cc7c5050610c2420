"""Depth-first search for a win, resumable in slices so a page can run it between frames.

It searches a copy of the game with full information (face-down cards and the stock order
are known to it, never shown to the player). Each rule below keeps every win; the argument
is given where the rule is made:

1. Transposition table: a position whose canonical key was seen is not searched again.
   Plain reachability: the set of positions reachable from the root is explored once, so a
   win is found if one exists, and "lost" means no reachable position is won. Cycles (a
   card moved back and forth, or Unlimited's endless passes) end at a seen key. A path is
   cut at MAX_DEPTH (memory); a search that cut one never says "lost".
2. Safe foundation moves are forced (the only move tried) — see :func:`forced` (Linus:
   a wider rule, fans.safe_home).
3. The stock is a move per reachable waste card (stock.py); in Unlimited, an unordered
   reserve whose cards are played only in chains ending with a tableau card (reserve.py).
4. A whole pile moved onto an empty pile gives the same position with piles swapped, which
   rule 1 would drop anyway; it is skipped before it is made.
5. Dead positions are cut (one card at a time games only) — see :func:`dead` (Linus:
   fans.stuck, an order in which every card can first leave must exist).
6. Unlimited: an empty tableau is a win, and a position where some cards can never move
   again is cut — see reserve.py's :func:`goes_home` and :func:`stuck`.
Move order (foundations, moves that turn a card or empty a pile, then the rest; in
Whitehead, moves that make a same-suit run before the rest and those that split one last)
only decides how soon a win is found, never whether.
"""

from __future__ import annotations

import time
from collections.abc import Container
from dataclasses import dataclass, field
from functools import cache

from ..cards import DOWN
from ..notation import F0, REDEAL, STOCK, T0, WASTE, Move
from ..rules import Build, accepts
from ..state import Game, Plain
from . import fans
from .fans import safe_home
from .key import MASK, foundation_hash, pile_hash, position_key, talon_hash
from .reserve import dump, foundation_chains, goes_home, stuck, tableau_chains
from .stock import reach, reachable, steps

MAX_POSITIONS = 2_000_000  # ~120 MB of keys in CPython: a browser tab stays under 300 MB
# Depth-first paths are cut this deep: each level holds its moves and the board's history
# (~1.5 KB), and a wandering path reached 176,000 levels (290 MB) on Whitehead deal 123.
# A cut keeps every "won" true but ends "lost" proofs: the search then ends "unknown".
MAX_DEPTH = 40_000

# A solver move: engine moves played in order (deals then a play), or a reserve play in
# Unlimited, ("reserve", card, destination), made on the search's own copy.
Step = tuple[Plain, ...]


@dataclass
class Result:
    result: str  # "won", "lost" or "unknown"
    moves: list[str] = field(default_factory=list)  # the winning line, from the start position
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # why unknown: "time", "nodes" or "memory"

    def as_dict(self) -> dict[str, object]:
        return {
            "result": self.result,
            "moves": self.moves,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
        }


def forced(game: Game, move: Plain, heights: list[list[int]]) -> bool:
    """Is this foundation move safe, so it may be the only move tried?

    A card is needed on the tableau only as a place for cards one rank lower that fit on it;
    once every copy of those is on a foundation, nothing can ever go on it again, and
    moving it earlier than a winning line does only uncovers what lay under it (a waste or
    pile top) — never a loss. Not in Linus with redeals left: a redeal shuffles whatever is
    on the tableau, so taking a card away changes every later deal.
    """
    if game.rules.shuffle_redeals and game.redeals_left:
        return False
    card = game.piles[move[0]][-1]
    if game.rules.name == "linus":  # a wider rule, for fans (fans.py)
        return safe_home(card, [h[0] if h else 0 for h in heights])
    if game.rules.build is Build.SAME_COLOUR and game.rules.decks == 1:
        return _safe_same_colour(card, heights)
    return _safe_card(game, card, heights)


def _safe_same_colour(card: int, heights: list[list[int]]) -> bool:
    """Whitehead's wider rule: a card of rank r may go home at once when the other suit of
    its colour is home up to r-2 (not only r-1, as :func:`_safe_card` asks).

    Only two cards ever go on ``card``: the r-1 of its own suit (home: ``card`` goes home)
    and x, the r-1 of the other suit of its colour. Take a winning line; send ``card`` home
    first, then play the line with its moves of ``card`` dropped, and a move of x onto
    ``card`` made "x home" instead (its suit stands at exactly r-2 then: at least r-2 now,
    and x not yet home), with x's later moves dropped. x moves alone (the r-2 of its suit
    is home, so no same-suit run hangs below it), and nothing goes on x (both r-2 cards of
    its colour are home). Every other move finds the same card on top as in the line, or a
    pile emptied earlier (harmless, whatever empty piles take); the waste is the line's less
    ``card``, and a pass deals it once: that deal is dropped (stock.py covers any line).
    """
    rank = (card >> 2) + 1
    if rank <= 2:
        return True  # x is an Ace, or there is none
    twin = heights[3 - (card & 3)]  # suits S H D C: S-C and H-D share a colour
    return bool(twin) and twin[0] >= rank - 2


def _safe_card(game: Game, card: int, heights: list[list[int]]) -> bool:
    rank = (card >> 2) + 1  # 1-based; a card of rank r-1 is on a foundation of height >= r-1
    if rank == 1:
        return True
    decks = game.rules.decks
    for below in accepts(game.rules.build)[card]:
        if sum(h >= rank - 1 for h in heights[below & 3]) < decks:
            return False
    return True


def dead(game: Game) -> bool:
    """Can some card provably never leave its pile, so the game can never be won?

    Only where cards move one at a time (Linus). If card ``c`` lies above a lower card of
    its own suit, ``c`` cannot reach a foundation first; it can leave only onto a card it
    builds on. If every such card is on a foundation or lies beneath ``c`` in the same pile
    (it cannot come to the top while ``c`` covers it), and ``c`` cannot go to an empty pile
    (only a King can, and not at all with the house rule), then ``c`` never moves and the
    lower card never reaches its foundation: no win. Not while a Linus redeal remains: it
    shuffles every fan, so nothing is stuck for good.
    """
    rules = game.rules
    if rules.unit is not None or (rules.shuffle_redeals and game.redeals_left):
        return False  # runs, or a redeal to come (it reshuffles whatever seems stuck)
    if rules.name == "linus":  # the stronger test of fans.py finds every cut made below
        return fans.stuck(game)
    piles = game.piles
    on_foundation = {c for f in game.found for c in piles[f]}
    onto = _parents(rules.build)
    kings_move = rules.empty.name == "KINGS"
    for t in game.tab:
        p = piles[t]
        lowest = [99, 99, 99, 99]  # per suit, the lowest rank seen so far from the bottom
        below: set[int] = set()
        for c in p:
            suit, rank = c & 3, c >> 2
            covers_lower = lowest[suit] < rank and not (kings_move and rank == 12)
            if covers_lower and all(q in on_foundation or q in below for q in onto[c]):
                return True
            if rank < lowest[suit]:
                lowest[suit] = rank
            below.add(c)
    return False


@cache
def _parents(build: Build) -> list[tuple[int, ...]]:
    """For each card, the cards it may be built on (one rank higher, fitting the rule)."""
    table = accepts(build)
    return [tuple(t for t in range(52) if c in table[t]) for c in range(52)]


class Search:
    """A depth-first search from ``game``'s position; call :meth:`run` until it has a result."""

    CHECK = 256  # nodes between looks at the clock: a page's slice overruns by that much

    def __init__(self, game: Game, max_positions: int = MAX_POSITIONS) -> None:
        self.start = game.copy()
        self.reserve = game.redeals_left is None and game.rules.passes is None
        self.max_positions = max_positions
        self.single = game.rules.unit is None
        # Whitehead: cards build by colour but move together only in suit, so a move that
        # makes a same-suit run is tried early and one that splits one late (order only)
        self.suit_runs = game.rules.build is Build.SAME_COLOUR
        self.nodes = 0
        self.seconds = 0.0
        self.result: Result | None = None
        self._begin()

    def _begin(self) -> None:
        """Set the board, the table and the path at the start position (again, to restart)."""
        self.board = self.start.copy()
        if self.reserve:  # unlimited passes: stock and waste are one unordered reserve
            self.board.piles[STOCK] = tuple(
                sorted(self.board.piles[STOCK] + self.board.piles[WASTE])
            )
            self.board.piles[WASTE] = ()
        self.seen: set[int] = set()
        self.cut = False  # a path was cut at MAX_DEPTH: no proof of a loss
        self.path: list[Step] = []
        # Each frame: the moves to try at a depth, the next one's index, and the key there.
        self.frames: list[tuple[list[Step], list[int], int]] = []
        if self._won():
            self.result = Result("won", self._line())
        else:
            key = self._key()
            self.seen.add(key)
            self.frames.append((self._moves(), [0], key))

    # -- the position ------------------------------------------------------------------------

    def _key(self) -> int:
        return position_key(self.board, self.reserve)

    def _child_key(self, key: int, step: Step) -> int | None:
        """The key after ``step`` from the position of key ``key``, worked out without
        playing it: one move from a pile or the waste changes two piles, so two shares of
        the key (key.py) change. Most moves lead to positions already seen (two in three
        in Whitehead), and those are then dropped without being played. None for a deal,
        a reserve play, or while Linus's redeals keep the fans in order: play it then."""
        if len(step) != 1:
            return None
        src, dst, n = step[0]
        board = self.board
        if (
            src < WASTE
            or (src == WASTE and self.reserve)
            or (board.rules.shuffle_redeals and board.redeals_left)
        ):
            return None
        piles = board.piles
        p, q = piles[src], piles[dst]
        rest = p[:-n]
        if rest and rest[-1] >= DOWN:  # the uncovered card turns face up (Game.apply)
            rest = (*rest[:-1], rest[-1] - DOWN)
        if src == WASTE:
            key += talon_hash(piles[STOCK], rest) - talon_hash(piles[STOCK], p)
        else:
            key += pile_hash(rest) - pile_hash(p)
        if dst >= T0:
            key += pile_hash(q + p[-n:]) - pile_hash(q)
        else:
            key += foundation_hash(q + p[-n:]) - foundation_hash(q)
        return key & MASK

    def _enter(self, here: int, step: Step, seen: Container[int]) -> int | None:
        """Play ``step`` from the position of key ``here`` and return the new key, unless
        it leads to a position in ``seen``: then None, and the board is as it was (the
        key worked out unplayed where :meth:`_child_key` can)."""
        key = self._child_key(here, step)
        if key is None:
            self._play(step)
            key = self._key()
            if key in seen:
                self._unplay(step)
                return None
        elif key in seen:
            return None
        else:
            self._play(step)
        return key

    def _won(self) -> bool:
        """Every card home; with a reserve, an empty tableau (the reserve then goes home)."""
        piles = self.board.piles
        if any(piles[t] for t in self.board.tab):
            return False
        return goes_home(self.board) if self.reserve else not piles[STOCK] and not piles[WASTE]

    def _play(self, step: Step) -> None:
        board = self.board
        for m in step:
            if m[0] == -1:  # a reserve play: (-1, card, destination)
                card, dst = m[1], m[2]
                stock = board.piles[STOCK]
                i = stock.index(card)
                board._history.append((m, STOCK, stock, dst, board.piles[dst], None))
                board.piles[STOCK] = stock[:i] + stock[i + 1 :]
                board.piles[dst] = board.piles[dst] + (card,)
                board._cached = None
            else:
                board.apply(m)

    def _unplay(self, step: Step) -> None:
        for _ in step:
            self.board.retract()

    def _moves(self) -> list[Step]:
        """The moves worth trying here, best first (or the one forced move)."""
        board = self.board
        piles = board.piles
        heights: list[list[int]] = [[], [], [], []]
        for f in board.found:
            if piles[f]:
                heights[piles[f][-1] & 3].append(len(piles[f]))
        to_foundation: list[Step] = []
        opening: list[Step] = []
        from_waste: list[Step] = []
        others: list[Step] = []
        natural: list[Step] = []
        splits: list[Step] = []
        redeal: list[Step] = []
        for m in board.plain_moves():
            src, dst, n = m
            if src == STOCK:
                if m == REDEAL and board.rules.shuffle_redeals:
                    redeal.append((m,))
                continue  # deals are covered by the stock moves below
            if F0 <= dst < T0:
                if forced(board, m, heights):
                    return [(m,)]
                to_foundation.append((m,))
            elif src == WASTE:
                from_waste.append((m,))
            else:
                p = piles[src]
                if n == len(p):
                    if not piles[dst]:
                        continue  # rule 4: a whole pile to an empty pile
                    opening.append((m,))
                elif p[-n - 1] >= DOWN:
                    opening.append((m,))
                elif self.suit_runs and p[-n - 1] - p[-n] == 4:  # splits a run: seldom of use
                    splits.append((m,))
                elif self.suit_runs and piles[dst] and piles[dst][-1] - p[-n] == 4:  # makes one
                    natural.append((m,))
                else:
                    others.append((m,))
        if self.reserve:  # reserve cards only in chains that end with a tableau card
            store = set(piles[STOCK])
            to_home = board.targets()[0]
            for card in sorted(store):  # a safe reserve card to its foundation is forced
                if card in to_home and _safe_card(board, card, heights):
                    return [((-1, card, to_home[card]),)]
            if stuck(board, store):
                return []
            to_foundation += foundation_chains(board, store)
            for step, opens in tableau_chains(board, store):
                (opening if opens else others).append(step)
            talon: list[Step] = []
        else:
            talon = self._talon_moves()
        if self.single and dead(board):
            return []
        return to_foundation + opening + from_waste + natural + others + talon + splits + redeal

    def _talon_moves(self) -> list[Step]:
        board = self.board
        if not board.piles[STOCK] and not (board.piles[WASTE] and board.redeals_left):
            return []
        to_foundation, to_tableau, empties = board.targets()
        takes = board._takes
        out: list[Step] = []
        for k, card in reachable(board):
            if k == 0:
                continue  # the waste top now: already among the plain moves
            dests = to_tableau.get(card, [])
            f = to_foundation.get(card)
            if f is None and not dests and not (empties and takes[card]):
                continue
            prefix = tuple(steps(board, k))
            if f is not None:
                out.append((*prefix, (WASTE, f, 1)))
            for d in dests:
                out.append((*prefix, (WASTE, d, 1)))
            if takes[card]:
                for d in empties:
                    out.append((*prefix, (WASTE, d, 1)))
        return out

    # -- searching ---------------------------------------------------------------------------

    def run(self, nodes: int = 10_000_000, seconds: float = 10.0) -> Result | None:
        """Search on for at most ``nodes`` positions or ``seconds``; the result once known.

        Returns None when the budget ran out first (call again to go on), unless the memory
        bound is reached, which ends the search as ``unknown``.
        """
        if self.result is not None:
            return self.result
        began = time.perf_counter()
        try:
            self.result = self._search(self.nodes + nodes, began + seconds)
            return self.result
        finally:
            self.seconds += time.perf_counter() - began
            if self.result is not None:
                self.result.seconds = self.seconds

    def _search(self, budget: int, deadline: float) -> Result | None:
        """Depth-first until a result, or None once ``budget`` nodes or ``deadline`` pass."""
        frames, seen, path = self.frames, self.seen, self.path
        check = self.nodes  # the budget and the clock are looked at every CHECK nodes
        while frames:
            if self.nodes >= check:  # here, not only at new positions: a run of seen ones
                check = self.nodes + self.CHECK  # (two in three in Whitehead) must not overrun
                if len(seen) >= self.max_positions:
                    return Result("unknown", [], self.nodes, reason="memory")
                if self.nodes >= budget or time.perf_counter() >= deadline:
                    return None
            moves, at, here = frames[-1]
            if at[0] == len(moves):
                frames.pop()
                if path:
                    self._unplay(path.pop())
                continue
            step = moves[at[0]]
            at[0] += 1
            self.nodes += 1
            key = self._enter(here, step, seen)
            if key is None:
                continue
            seen.add(key)
            path.append(step)
            if self._won():
                return Result("won", self._line(), self.nodes)
            if len(path) >= MAX_DEPTH:
                self.cut = True
                frames.append(([], [0], key))  # a leaf: backed out of at once
            else:
                frames.append((self._moves(), [0], key))
        if self.cut:
            return Result("unknown", [], self.nodes, reason="memory")
        return Result("lost", [], self.nodes)

    def _line(self) -> list[str]:
        """The winning line as real moves from the start (reserve plays become deals)."""
        game = self.start.copy()
        out: list[str] = []
        for step in self.path:
            for m in step:
                plays = [*reach(game, m[1]), (WASTE, m[2], 1)] if m[0] == -1 else [m]
                for p in plays:
                    out.append(str(Move(*game.resolve(p))))
                    game.apply(game.resolve(p))
        if self.reserve:
            out += [str(Move(*m)) for m in dump(game)]
        return out
