"""Linus: sound cuts for a fan game where cards move one at a time (search.py's hooks).

Two rules, each proven below not to lose a win:

- :func:`safe_home`, a wider "safe foundation move" than search.py's (Horne's rule of
  FreeCell, re-proven for fans without free cells): it is forced, the only move tried.
- :func:`stuck`, a dead-position test: an order in which every card could first leave its
  place must exist, or no line wins. It subsumes search.py's older per-card test.

Neither is used while a pgs redeal remains (a redeal reshuffles the fans: cards "stuck"
now may be dealt free, and a card sent home changes every later deal).
"""

from __future__ import annotations

from ..state import Game

KING = 12


def _parents(c: int) -> tuple[int, int]:
    """The two cards ``c`` may be built on: one rank higher, the other colour."""
    up = ((c >> 2) + 1) * 4
    return (up + 1, up + 2) if c & 3 in (0, 3) else (up, up + 3)


PARENTS = [_parents(c) if c < 48 else (-1, -1) for c in range(52)]
CHILDREN = [tuple(x for x in range(52) if c in PARENTS[x]) for c in range(52)]
OTHER_COLOURS = ((1, 2), (0, 3), (0, 3), (1, 2))  # by suit S H D C
SAME_COLOUR = (3, 2, 1, 0)  # the other suit of the same colour


def safe_home(card: int, home: list[int]) -> bool:
    """Is sending ``card`` home (its foundation takes it now) safe, so it may be forced?

    ``home[suit]`` is how many cards of the suit are home. Let ``card`` have rank r; its
    children x (rank r-1, the other colour) are the only cards that may ever go on it.

    1. Both children home: nothing can ever go on ``card``; sending it home now only
       uncovers what lies under it (search.py's rule).
    2. Both other-colour suits home up to rank r-2 and the other suit of ``card``'s colour
       up to r-3. Take any winning line from here; play ``card`` home first, then the line
       with these changes: the line's moves of ``card`` are dropped; a move of a child x
       onto ``card`` becomes "x home" (x's suit is home up to r-2, and x was uncovered to
       move), and x's later moves are dropped; a move of a child y of x (rank r-2,
       ``card``'s colour) onto such an x becomes "y home" (y of ``card``'s suit is already
       home, so y is of the other suit, home up to r-3), and y's later moves are dropped;
       nothing ever goes on y (its children, rank r-3 of the other colour, are home).
       Every fan then holds the line's cards less some that are home already, so each kept
       move is still legal (a King's empty fan is still empty) and the line still wins.
    Ranks here count from 1; a Two (its children are Aces, which go home whenever they can
    move) is always safe.
    """
    rank = (card >> 2) + 1
    a, b = OTHER_COLOURS[card & 3]
    if home[a] >= rank - 1 and home[b] >= rank - 1:
        return True
    return home[a] >= rank - 2 and home[b] >= rank - 2 and home[SAME_COLOUR[card & 3]] >= rank - 3


def stuck(game: Game) -> bool:
    """Is there no order in which every card on the fans could first leave its place?

    To win, every card on the fans must leave its place (at least to go home). Look at the
    moment card c first leaves. Then every card above c in its fan has left before, and c
    goes (a) home: every lower card of its suit is home, so each one not home now has left
    its place before; or (b) onto a parent p (one of the two cards one rank higher of the
    other colour) on top of a fan: p is not home, and every card above p in p's fan now has
    left before (if p has moved it left its place, after those); a p lying beneath c in
    c's own fan never qualifies; or (c) a King, to an empty fan: one is empty now, or every
    card of another fan has left before.

    So the cards that leave, in the order of their first departures, can each be added to a
    set ("may leave") when its condition holds of the cards added before. The least set
    closed under these conditions is computed by a fixpoint; if some card is not in it, that
    card never leaves in any line and none wins. In a fan, the cards that may leave are
    always a top run (each needs those above it gone), so the set is kept as each fan's
    count of cards still held (``held``): card c may leave once it is the top held card of
    its fan; a card has left its place if it is above its fan's held ones. A fan is looked
    at again only when a card its top held card may wait for has left (a lower card of its
    suit, the card over a parent, a whole fan for a King); a card deeper in a fan is looked
    at when the cards above it have gone.
    """
    piles = game.piles
    home = [0, 0, 0, 0]
    for f in game.found:
        p = piles[f]
        if p:
            home[p[-1] & 3] = len(p)
    fans = [piles[t] for t in game.tab if piles[t]]
    kings = game.rules.empty.name == "KINGS"
    cleared = kings and len(fans) < len(game.tab)  # an empty fan, now or once one clears
    where = [-1] * 52  # the fan of each card on the fans (-1: home, or not in the game)
    depth = [0] * 52
    for f, p in enumerate(fans):
        for i, c in enumerate(p):
            where[c] = f
            depth[c] = i
    held = [len(p) for p in fans]
    # (a) as one lookup: per suit, the rank of its lowest card that has not left its place
    # (home cards count as left, and so does nothing missing from the game: it never does)
    lowest = home[:]
    # Worklist: a fan is looked at again when its top held card may have become free to go.
    todo = list(range(len(fans)))
    waiting_kings: list[int] = []
    while todo:
        f = todo.pop()
        p = fans[f]
        k = held[f]
        while k:
            c = p[k - 1]
            suit = c & 3
            rank = c >> 2
            if lowest[suit] != rank:  # not (a)
                if rank < KING:  # (b) a parent on the fans, everything above it gone
                    q1, q2 = PARENTS[c]
                    w1, w2 = where[q1], where[q2]
                    if not (w1 >= 0 and depth[q1] >= held[w1] - 1) and not (
                        w2 >= 0 and depth[q2] >= held[w2] - 1
                    ):
                        break
                elif not cleared:  # (c) a King, to an empty fan (not its own: it holds it)
                    waiting_kings.append(f)
                    break
            # c may leave: what that frees
            k -= 1
            held[f] = k
            if lowest[suit] == rank:
                r = rank + 1
                while r < 13 and where[r * 4 + suit] >= 0:
                    d = r * 4 + suit
                    w = where[d]
                    if depth[d] < held[w]:
                        if depth[d] == held[w] - 1:
                            todo.append(w)  # the suit's next card, a fan's top: may go home
                        break
                    r += 1
                lowest[suit] = r
            if k:
                u = p[k - 1]  # now uncovered (as far as this order goes): its children may go
                for x in CHILDREN[u]:
                    w = where[x]
                    if w >= 0 and depth[x] == held[w] - 1:
                        todo.append(w)
            elif kings and not cleared:
                cleared = True
                todo += waiting_kings
    return any(held)
