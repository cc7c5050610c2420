"""Canonical position keys: positions that differ only by the order of interchangeable
piles get one key, a 64-bit number.

Tableau piles are interchangeable (no rule looks at a pile's number, except Linus's
shuffled redeal, which gathers the fans in order: then the order is kept) and so are
foundations (a foundation is its suit and height). So the key is a *sum* of 64-bit hashes,
one per pile: the order of the piles cannot change it, and unlike a xor two identical piles
(Unlimited has two decks) do not cancel. Each distinct pile is hashed once (blake2b) and
remembered; a move changes two piles, so most of a key is lookups. The hashes are 64-bit,
not ``hash()`` (32 bits under Pyodide, where millions of positions would collide); a false
"seen" needs about 4·10^9 positions.
"""

from __future__ import annotations

from hashlib import blake2b

from ..deals import SplitMix64
from ..notation import STOCK, WASTE
from ..state import Game

MASK = 2**64 - 1
_rng = SplitMix64(0x5EED)
FOUNDATION = [_rng.next() for _ in range(4 * 16)]  # suit, height
RESERVE = [_rng.next() for _ in range(128)]  # a card in Unlimited's unordered reserve
REDEALS = [_rng.next() for _ in range(17)]  # redeals left (16: unlimited)
MEMO_LIMIT = 1_000_000

_piles: dict[tuple[int, ...], int] = {}
_talons: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}


def _hash(data: bytes) -> int:
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "little")


def pile_hash(p: tuple[int, ...]) -> int:
    """A tableau pile's share of the key (remembered: most piles come back again and again)."""
    h = _piles.get(p)
    if h is None:
        if len(_piles) > MEMO_LIMIT:
            _piles.clear()
        h = _piles[p] = _hash(bytes(p))
    return h


def foundation_hash(p: tuple[int, ...]) -> int:
    """A foundation's share: its suit and height."""
    return FOUNDATION[(p[-1] & 3) * 16 + len(p)] if p else 0


def talon_hash(stock: tuple[int, ...], waste: tuple[int, ...]) -> int:
    """The stock and waste's share, in that order (remembered)."""
    if not stock and not waste:
        return 0
    pair = (stock, waste)
    h = _talons.get(pair)
    if h is None:
        if len(_talons) > MEMO_LIMIT:
            _talons.clear()
        h = _talons[pair] = _hash(b"t" + bytes(stock) + b"\xfe" + bytes(waste))
    return h


def position_key(game: Game, unordered_stock: bool = False) -> int:
    piles = game.piles
    memo = _piles
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    total = 0
    if game.rules.shuffle_redeals and game.redeals_left:
        # A Linus redeal gathers the fans in pile order: here the order is part of the
        # position, so each fan is hashed with its place.
        for t in game.tab:
            total += _hash(bytes((t,)) + bytes(piles[t]))
    else:
        for t in game.tab:
            p = piles[t]
            h = memo.get(p)
            if h is None:
                h = memo[p] = _hash(bytes(p))
            total += h
    for f in game.found:
        p = piles[f]
        if p:
            total += FOUNDATION[(p[-1] & 3) * 16 + len(p)]
    stock, waste = piles[STOCK], piles[WASTE]
    if unordered_stock:
        for c in stock:
            total += RESERVE[c]
        for c in waste:
            total += RESERVE[c]
    else:
        total += talon_hash(stock, waste)
    red = game.redeals_left
    total += REDEALS[16 if red is None else red]
    return total & MASK
