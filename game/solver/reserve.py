"""Unlimited's reserve: the stock and waste as a passive store of cards, and the moves that
draw on it.

With unlimited passes every card of the stock and waste can be brought to the waste top at
any time, so the search holds them as one unordered reserve (search.py, rule 3). A reserve
card is only ever worth playing as part of a *chain* that ends with a tableau card:

- **To the tableau.** Take a winning line and a reserve card X it plays onto pile P. Until
  the next move that involves X, no move touches P (X covers its top), so X can wait in the
  reserve until then: every move in between stays legal (P's old top is merely uncovered),
  and afterwards the positions are the same. If that next move takes X away alone (to a
  foundation or another pile), X can go straight there from the reserve instead; if it
  carries X on top of a run headed by a card below X, the run can move without X and X
  follow it from the reserve onto the same card; if it puts a card on X, X is played just
  before it. Each change drops a reserve play or makes one later, so repeating them ends,
  with every reserve play onto the tableau right before a chain of them that ends with a
  tableau run moved onto the last one: "move the run headed by Y onto P, first filling the
  ranks between from the reserve", one move here (:func:`tableau_chains`).
- **To a foundation.** Likewise a reserve card played to a foundation can wait until a
  card is played on it there (nothing else looks at a foundation's top), so it is played
  right before that: a chain ending with a tableau card going home
  (:func:`foundation_chains`), or, if nothing is ever played on it, at the very end, once
  the tableau is empty. Then whatever is left goes home in rank order if anything can
  (:func:`goes_home`; in a full deal always: each suit's missing cards are all there).

So the search plays the tableau and nothing else, and finds a win if there is one. The
reserve card to a foundation that search.py forces when safe stays: forcing a safe move is
sound on its own (search.py, rule 2), whichever moves are tried after it.
"""

from __future__ import annotations

from ..cards import DOWN
from ..notation import STOCK, WASTE
from ..state import Game, Plain
from .stock import reach

Step = tuple[Plain, ...]
RESERVE = -1  # a reserve play in a Step: (RESERVE, card, destination)


def _run_heads(p: tuple[int, ...]) -> list[tuple[int, int]]:
    """``(n, card)`` for each card heading a movable run of the top ``n`` cards."""
    out: list[tuple[int, int]] = []
    n = 1
    while n <= len(p):
        c = p[-n]
        if c >= DOWN:
            break
        out.append((n, c))
        if n == len(p):
            break
        below = p[-n - 1]
        if below >= DOWN or below != c + 4:  # in suit, one rank up: the run goes on
            break
        n += 1
    return out


def tableau_chains(game: Game, reserve: set[int]) -> list[tuple[Step, bool]]:
    """Runs moved onto a pile (or an empty one, King first) over one or more reserve cards
    played there just before: ``(step, opens)``, where ``opens`` says the run leaves its
    pile empty or turns a card. Direct moves (no reserve card) are the engine's own."""
    piles = game.piles
    tops: dict[int, list[int]] = {}  # face-up top card -> the piles it tops
    empty = 0
    for t in game.tab:
        p = piles[t]
        if p:
            if p[-1] < DOWN:
                tops.setdefault(p[-1], []).append(t)
        elif not empty:
            empty = t  # empty piles are interchangeable: one will do
    out: list[tuple[Step, bool]] = []
    for src in game.tab:
        p = piles[src]
        for n, head in _run_heads(p):
            opens = n == len(p) or p[-n - 1] >= DOWN
            chain: list[int] = []
            c = head + 4
            while c < 52 and c in reserve:
                chain.append(c)
                c += 4
                for dst in tops.get(c, ()):
                    if dst != src:
                        plays = tuple((RESERVE, x, dst) for x in reversed(chain))
                        out.append(((*plays, (src, dst, n)), opens))
            if c >= 52 and chain and empty:
                plays = tuple((RESERVE, x, empty) for x in reversed(chain))
                out.append(((*plays, (src, empty, n)), opens))
    return out


def foundation_chains(game: Game, reserve: set[int]) -> list[Step]:
    """A tableau top card sent home over one or more reserve cards of its suit played to
    the same foundation just before. Direct moves are the engine's own."""
    piles = game.piles
    nexts: dict[int, int] = {}  # the card a foundation takes next -> that foundation
    for f in game.found:
        p = piles[f]
        if not p:
            for ace in range(4):
                nexts.setdefault(ace, f)
        elif p[-1] < 48:
            nexts.setdefault(p[-1] + 4, f)
    out: list[Step] = []
    for src in game.tab:
        p = piles[src]
        if not p or p[-1] >= DOWN:
            continue
        top = p[-1]
        c = top - 4
        chain: list[int] = []
        while c >= 0 and c in reserve:
            chain.append(c)
            home = nexts.get(c)
            if home is not None:
                plays = tuple((RESERVE, x, home) for x in reversed(chain))
                out.append((*plays, (src, home, 1)))
            c -= 4
    return out


def goes_home(game: Game) -> bool:
    """Can every stock and waste card go home, played in rank order? (Always, once the
    tableau is empty, in a full deal; a constructed position may lack a card.)"""
    store = game.piles[STOCK] + game.piles[WASTE]
    home = sum(len(game.piles[f]) for f in game.found)
    return sum(map(sum, reach_heights(game, list(store)))) == home + len(store)


def dump(game: Game) -> list[Plain]:
    """Deals and plays that take every stock and waste card home (the tableau is empty)."""
    out: list[Plain] = []
    while game.piles[STOCK] or game.piles[WASTE]:
        to_foundation = game.targets()[0]
        card = min(c for c in game.piles[STOCK] + game.piles[WASTE] if c in to_foundation)
        for m in [*reach(game, card), (WASTE, to_foundation[card], 1)]:
            game.apply(m)
            out.append(m)
    return out


__all__ = [
    "RESERVE",
    "dump",
    "foundation_chains",
    "goes_home",
    "reach_heights",
    "stuck",
    "tableau_chains",
]


def reach_heights(game: Game, store: list[int]) -> list[list[int]]:
    """Per suit, each foundation's height once the reserve cards that fit on it (in rank
    order) have gone up: what the foundations can be without touching the tableau."""
    heights: list[list[int]] = [[], [], [], []]
    empty = 0
    for f in game.found:
        p = game.piles[f]
        if p:
            heights[p[-1] & 3].append(len(p))
        else:
            empty += 1
    for c in sorted(store):  # rank by rank
        suit, rank = c & 3, c >> 2
        if rank in heights[suit]:
            heights[suit][heights[suit].index(rank)] += 1
        elif rank == 0 and empty:
            empty -= 1
            heights[suit].append(1)
    return heights


def stuck(game: Game, store: set[int]) -> bool:
    """Is some tableau card provably never to move again (so never to go home)?

    A set F of tableau cards, none lying on the card it would continue a run with (so each
    can leave only as the head of its own run), none of which can ever move: a card under
    a member of F is *covered* for good, and a pile holding one never empties. A card of F
    would need its foundation built up to it — some lower card of its suit with every copy
    covered (and none home or in the reserve) rules that out — or else a place: a King an
    empty pile (every pile holding a card of F rules that out), any other card its parent
    (same suit, one rank up) at the top of a pile, either a tableau copy not covered or a
    reserve copy that can be played onto the tableau (a King while a pile may empty, or a
    card whose own parent can be had the same way). The first card of F to move would
    break one of these, so none ever moves. F starts as every candidate; only each pile's
    highest card of F covers anything, so that one is dropped while it might move
    (uncovering more), until none is. A card left means the game is lost: the highest ones
    left make such a set.
    """
    piles = game.piles
    top_home = [0, 0, 0, 0]  # per suit, the tallest foundation
    for f in game.found:
        p = piles[f]
        if p and len(p) > top_home[p[-1] & 3]:
            top_home[p[-1] & 3] = len(p)
    # Each non-empty pile and the index of its highest card of F (the bottom card is always
    # a candidate, so every such pile holds one; a card continuing a run is not one).
    tops: list[tuple[int, ...]] = []
    highest: list[int] = []
    free: set[int] = set()  # cards with a tableau copy not covered by F
    for t in game.tab:
        p = piles[t]
        if p:
            i = len(p) - 1
            while i and p[i - 1] & 63 == (p[i] & 63) + 4:
                i -= 1
            tops.append(p)
            highest.append(i)
            free.update(c & 63 for c in p[i:])
    holding = len(tops)  # piles that can never empty
    emptiable = holding < len(game.tab)

    def playable(card: int) -> bool:  # a reserve copy can reach the tableau
        while card in store:
            if card >= 48:
                return emptiable
            card += 4
            if card in free:
                return True
        return False

    dropped = True
    while dropped:
        dropped = False
        for k, p in enumerate(tops):
            i = highest[k]
            while i >= 0:
                c = p[i] & 63
                moves = emptiable if c >= 48 else c + 4 in free or playable(c + 4)
                if not moves:
                    moves = True
                    for below in range(top_home[c & 3] * 4 + (c & 3), c, 4):
                        if below not in store and below not in free:
                            moves = False
                            break
                if not moves:
                    break
                was, i = i, i - 1
                while i > 0 and p[i - 1] & 63 == (p[i] & 63) + 4:
                    i -= 1
                free.update(c & 63 for c in p[max(i, 0) : was])
                dropped = True
                if i < 0:
                    holding -= 1
                    emptiable = True
            highest[k] = i
    return holding > 0
