"""Helpers shared by the solver tests: cards by name, replaying a line, small random
deals, and every position reachable from one worked out with no rules at all."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import game

SUITS = "SHDC"
RANKS = "A23456789TJQK"
Key = tuple[object, ...]


def suit(s: str, up_to: str) -> list[str]:
    """Foundation cards of suit ``s`` from the Ace up to rank ``up_to``."""
    return [r + s for r in RANKS[: RANKS.index(up_to) + 1]]


def replays_to_won(g: game.Game, moves: list[str]) -> bool:
    board = g.copy()
    for move in moves:
        board.play(move)
    return board.status == "won"


def small_deal(rng: random.Random, most: int) -> tuple[list[list[str]], list[str]]:
    """Foundations and 4 to ``most`` shuffled cards: a few consecutive ranks of each suit
    (those below are home, those above absent)."""
    while True:
        founds, cards = [], []
        for s in SUITS:
            h = rng.randrange(13)
            m = min(rng.randrange(4), 13 - h)
            founds.append(suit(s, RANKS[h - 1]) if h else [])
            cards += [RANKS[r] + s for r in range(h, h + m)]
        if 4 <= len(cards) <= most:
            rng.shuffle(cards)
            return founds, cards


def winnable_positions(
    g: game.Game, key: Callable[[game.Game], Key] = game.Game.key, limit: int | None = None
) -> tuple[dict[Key, game.Game], set[Any]] | None:
    """Every position reachable from ``g`` (by the engine's moves, nothing pruned), named
    by ``key``, and the keys of those from which some line wins; None past ``limit``."""
    boards = {key(g): g.copy()}
    parents: dict[Key, list[Key]] = {}
    todo = [key(g)]
    while todo:
        here = todo.pop()
        board = boards[here]
        for m in board.plain_moves():
            child = board.copy()
            child.apply(m)
            k = key(child)
            parents.setdefault(k, []).append(here)
            if k not in boards:
                boards[k] = child
                todo.append(k)
                if limit is not None and len(boards) > limit:
                    return None
    good = {k for k, b in boards.items() if b.status == "won"}
    todo = list(good)
    while todo:
        for k in parents.get(todo.pop(), []):
            if k not in good:
                good.add(k)
                todo.append(k)
    return boards, good
