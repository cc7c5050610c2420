"""Deal numbers to layouts: a seeded shuffle on an integer generator we own.

``random.Random`` is not used: its algorithms are CPython internals that may change, and a
deal must be the same on every machine, in CPython and Pyodide, in every release. SplitMix64
is 64-bit integer arithmetic, exact in any Python; golden tests pin the results.
"""

from __future__ import annotations

from zlib import crc32

from .cards import DOWN, deck
from .i18n import _
from .notation import shown
from .rules import Rules

MAX_DEAL = 2**31 - 1
_MASK = 2**64 - 1


class SplitMix64:
    """Steele, Lea & Flood's SplitMix64: tiny, fast, and passes BigCrush."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in ``0 … n-1``: rejection keeps it free of modulo bias."""
        limit = 2**64 - 2**64 % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def check_deal(deal: object) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        said = _("deal number must be a whole number from 1 to {largest}, not {value}")
        raise ValueError(said.format(largest=MAX_DEAL, value=shown(deal)))
    return deal


def shuffled(cards: list[int], game: str, deal: int, stream: int = 0) -> list[int]:
    """Fisher–Yates with a generator seeded by (game, deal, stream).

    Stream 0 is the deal itself; stream k is Linus's k-th shuffled redeal (house rule).
    """
    rng = SplitMix64((crc32(game.encode()) << 32 | deal) ^ (stream * 0xD1B54A32D192ED03))
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_piles(rules: Rules, deal: int) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """(stock, tableau piles) of a fresh deal; each pile listed bottom to top.

    Piles are dealt left to right, each from the shuffled deck in order; the rest is the
    stock, whose last card is its top (the next one dealt).
    """
    cards = shuffled(deck(rules.decks), rules.name, check_deal(deal))
    tableau = []
    at = 0
    for size in rules.tableau:
        pile = cards[at : at + size]
        at += size
        tableau.append(
            tuple(c | DOWN if rules.face_down.is_down(i, size) else c for i, c in enumerate(pile))
        )
    return tuple(cards[at:]), tableau


def redeal_fans(
    cards: list[int], game: str, deal: int, redeal: int, fans: int
) -> list[tuple[int, ...]]:
    """Linus's shuffled redeal: shuffle, then deal in threes left to right; the rest empty."""
    mixed = shuffled(cards, game, deal, stream=redeal)
    piles = [tuple(mixed[i : i + 3]) for i in range(0, len(mixed), 3)]
    return piles + [()] * (fans - len(piles))
