"""What a screen reader hears: names of piles, and each turn told in words (pure).

A pile's label is read when focus enters it; a turn (a move and its auto-moves, a deal,
an undo) is told through the page's live region. Face-down cards are never named.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..assist import destinations
from ..cards import DOWN, RANK_NAMES, SUIT_NAMES, rank_of, spoken, suit_of
from ..names import the, title
from ..notation import F0, STOCK, T0, WASTE, Move
from ..state import Game


def pile_title(game: Game, pile: int) -> str:
    """``Column 3``, ``Fan 12``, ``Stock``: the pile's one name (game/names.py), as the
    table shows it and hints and the rules panel say it."""
    return title(game.rules, pile)


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def pile_label(game: Game, pile: int, cards: Sequence[int]) -> str:
    """``Column 3, 4 cards (2 face down), top: seven of hearts``; ``Stock, 20 cards``;
    ``Foundation 1, ace to five of spades``; an empty pile says ``empty``."""
    title = pile_title(game, pile)
    if not cards:
        return f"{title}, empty"
    if pile == STOCK:
        return f"{title}, {_count(len(cards))}"
    top = cards[-1]
    if F0 <= pile < T0:
        suit = SUIT_NAMES[suit_of(top)]
        if len(cards) == 1:
            return f"{title}, ace of {suit}"
        done = ", complete" if rank_of(top) == len(RANK_NAMES) - 1 else ""
        return f"{title}, ace to {RANK_NAMES[rank_of(top)]} of {suit}{done}"
    down = sum(c >= DOWN for c in cards)
    hidden = f" ({down} face down)" if down else ""
    return f"{title}, {_count(len(cards))}{hidden}, top: {spoken(top)}"


def run_words(cards: Sequence[int]) -> str:
    """``seven of hearts`` or ``seven of hearts and the 2 cards above it``."""
    head = spoken(cards[0])
    return head if len(cards) == 1 else f"{head} and the {_count(len(cards) - 1)} above it"


def _to(game: Game, dst: int) -> str:
    return the(game.rules, dst)


def _step(board: Game, m: Move) -> str:
    """One move in words, told on ``board`` before it is played."""
    src, dst, n = m
    piles = board.piles
    if src == STOCK and n:
        card = piles[STOCK][-1] & ~DOWN
        left = len(piles[STOCK]) - 1
        return f"dealt {spoken(card)}, {_count(left)} left in the stock"
    if src == STOCK and board.rules.shuffle_redeals:
        left = (board.redeals_left or 0) - 1
        return f"redeal: the fans are shuffled and dealt again, {_count(left, 'redeal')} left"
    if src == STOCK:
        return f"the waste is turned over: {_count(len(piles[WASTE]))} in the stock"
    moving, onto = piles[src][-n:], piles[dst]
    text = f"{run_words(moving)} to {_to(board, dst)}"
    if onto and dst >= T0:
        text += f", on {spoken(onto[-1])}"
    rest = piles[src][:-n]
    if rest and rest[-1] >= DOWN:
        text += f"; {spoken(rest[-1] & ~DOWN)} turned up"
    return text


def sentence(text: str) -> str:
    """``9♣ cannot go on J♠`` → ``9♣ cannot go on J♠.``"""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def tell_pickup(game: Game, src: int, n: int) -> str:
    """Cards just picked up, and where they may go: a player who cannot see the table
    learns as much as one who sees where a tap would send them."""
    places = [_to(game, dst) for _, dst, _ in destinations(game, src, n)]
    if not places:
        where = "nothing takes them now" if n > 1 else "nothing takes it now"
    else:
        where = "they go to " if n > 1 else "it goes to "
        where += places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]
    return sentence(f"picked up {run_words(game.piles[src][-n:])}; {where}") + (
        " Space puts down, Escape puts back."
    )


def tell_turn(before: Game, moves: Sequence[Move], redone: bool = False) -> str:
    """A turn in words, told from the position ``before`` it (which this plays out):
    ``Seven of hearts to column 3, on eight of hearts; six of clubs turned up.``"""
    board = before.copy()
    parts: list[str] = []
    for i, m in enumerate(moves):
        text = _step(board, m)
        parts.append(sentence(text if i == 0 else "then " + text))
        board.apply(m)
    told = " ".join(parts)
    return f"Redone: {told[:1].lower()}{told[1:]}" if redone and told else told


def tell_undo(after: Game, moves: Sequence[Move]) -> str:
    """Undone moves in words, told on the position ``after`` the undo, where the first of
    ``moves`` (the player's; the rest are its auto-moves) is to play again."""
    if not moves:
        return ""
    src, _, n = moves[0]
    if src == STOCK:
        what = (
            "the deal"
            if n
            else ("the redeal" if after.rules.shuffle_redeals else "turning the waste over")
        )
    else:
        what = f"{run_words(after.piles[src][-n:])} back to {_to(after, src)}"
    extra = len(moves) - 1
    tail = f", and {_count(extra, 'auto-move')}" if extra else ""
    return f"Undone: {what}{tail}."
