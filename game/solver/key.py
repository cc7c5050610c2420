"""Canonical position keys: positions that differ only by the order of interchangeable
piles get one key, stored as a 64-bit digest.

Tableau piles are interchangeable (no rule looks at a pile's number) and so are
foundations (a foundation is its suit and height), so the piles are sorted before hashing.
The digest is blake2b, not ``hash()``: Python's hash is only 32 bits under Pyodide (wasm32),
where millions of positions would collide. At 64 bits a false "seen" needs ~4·10^9 keys.
"""

from __future__ import annotations

from hashlib import blake2b

from ..notation import STOCK, WASTE
from ..state import Game


def position_key(game: Game, unordered_stock: bool = False) -> int:
    piles = game.piles
    tableau = b"\xff".join(sorted(bytes(piles[t]) for t in game.tab))
    founds = bytes(sorted(((piles[f][-1] & 3) << 4 | len(piles[f])) if piles[f] else 0
                          for f in game.found))  # fmt: skip
    if unordered_stock:
        talon = bytes(sorted(piles[STOCK] + piles[WASTE]))
    else:
        talon = bytes(piles[STOCK]) + b"\xfe" + bytes(piles[WASTE])
    red = game.redeals_left
    data = b"".join((tableau, b"\xfd", founds, b"\xfc", talon, b"\xfb", bytes((red or 0,))))
    return int.from_bytes(blake2b(data, digest_size=8).digest(), "little")
