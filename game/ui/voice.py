"""What a screen reader hears: names of piles, and each turn told in words (pure).

A pile's label is read when focus enters it; a turn (a move and its auto-moves, a deal,
an undo) is told through the page's live region. Face-down cards are never named.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..assist import destinations
from ..cards import DOWN, RANK_NAMES, rank_of, spoken
from ..i18n import _, ngettext, number, pgettext
from ..names import the, title
from ..notation import F0, STOCK, T0, WASTE, Move
from ..state import Game


def pile_title(game: Game, pile: int) -> str:
    """``Column 3``, ``Fan 12``, ``Stock``: the pile's one name (game/names.py), as the
    table shows it and hints and the rules panel say it."""
    return title(game.rules, pile)


def pile_label(game: Game, pile: int, cards: Sequence[int]) -> str:
    """``Column 3, 4 cards (2 face down), top: seven of hearts``; ``Stock, 20 cards``;
    ``Foundation 1, ace to five of spades``; an empty pile says ``empty``."""
    name = pile_title(game, pile)
    n = len(cards)
    if not cards:
        return _("{pile}, empty").format(pile=name)
    if pile == STOCK:
        return ngettext("{pile}, {n} card", "{pile}, {n} cards", n).format(pile=name, n=number(n))
    top = cards[-1]
    if F0 <= pile < T0:
        if n == 1:
            # Translators: a foundation holding its ace alone: "Foundation 1, ace of spades"
            text = _("{pile}, {card}")
        elif rank_of(top) == len(RANK_NAMES) - 1:
            text = _("{pile}, ace to {card}, complete")
        else:
            # Translators: {card} is the top card: "Foundation 1, ace to five of spades"
            text = _("{pile}, ace to {card}")
        return text.format(pile=name, card=spoken(top))
    down = sum(c >= DOWN for c in cards)
    if not down:
        text = ngettext("{pile}, {n} card, top: {card}", "{pile}, {n} cards, top: {card}", n)
        return text.format(pile=name, n=number(n), card=spoken(top))
    cards_text = ngettext("{n} card", "{n} cards", n).format(n=number(n))
    # Translators: {cards} is a count of cards ("4 cards"); the plural form is that of {down}
    text = ngettext(
        "{pile}, {cards} ({down} face down), top: {card}",
        "{pile}, {cards} ({down} face down), top: {card}",
        down,
    )
    return text.format(pile=name, cards=cards_text, down=number(down), card=spoken(top))


def run_words(cards: Sequence[int]) -> str:
    """``seven of hearts`` or ``seven of hearts and the 2 cards above it``."""
    head = spoken(cards[0])
    if len(cards) == 1:
        return head
    n = len(cards) - 1
    text = ngettext("{card} and the {n} card above it", "{card} and the {n} cards above it", n)
    return text.format(card=head, n=number(n))


def _to(game: Game, dst: int) -> str:
    return the(game.rules, dst)


def _step(board: Game, m: Move) -> str:
    """One move in words, told on ``board`` before it is played (lower case: ``sentence``
    makes it one)."""
    src, dst, n = m
    piles = board.piles
    if src == STOCK and n:
        card = piles[STOCK][-1] & ~DOWN
        left = len(piles[STOCK]) - 1
        text = ngettext(
            "dealt {card}, {n} card left in the stock",
            "dealt {card}, {n} cards left in the stock",
            left,
        )
        return text.format(card=spoken(card), n=number(left))
    if src == STOCK and board.rules.shuffle_redeals:
        left = (board.redeals_left or 0) - 1
        text = ngettext(
            "redeal: the fans are shuffled and dealt again, {n} redeal left",
            "redeal: the fans are shuffled and dealt again, {n} redeals left",
            left,
        )
        return text.format(n=number(left))
    if src == STOCK:
        left = len(piles[WASTE])
        text = ngettext(
            "the waste is turned over: {n} card in the stock",
            "the waste is turned over: {n} cards in the stock",
            left,
        )
        return text.format(n=number(left))
    moving, onto = piles[src][-n:], piles[dst]
    run, to = run_words(moving), _to(board, dst)
    if onto and dst >= T0:
        # Translators: "seven of hearts to column 3, on eight of spades"
        text = _("{cards} to {pile}, on {card}").format(cards=run, pile=to, card=spoken(onto[-1]))
    else:
        # Translators: "seven of hearts to column 3"; {cards} may be "… and the 2 cards above it"
        text = _("{cards} to {pile}").format(cards=run, pile=to)
    rest = piles[src][:-n]
    if rest and rest[-1] >= DOWN:
        # Translators: {move} is a move in words ("seven of hearts to column 3")
        text = _("{move}; {card} turned up").format(move=text, card=spoken(rest[-1] & ~DOWN))
    return text


def sentence(text: str) -> str:
    """``9♣ cannot go on J♠`` → ``9♣ cannot go on J♠.``"""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _either(places: list[str]) -> str:
    """``column 2``, ``column 2 or a foundation``, ``column 2, column 5 or a foundation``."""
    if len(places) < 2:
        return "".join(places)
    # Translators: the last of a list of piles: "column 2, column 5 or a foundation"
    return _("{piles} or {pile}").format(piles=", ".join(places[:-1]), pile=places[-1])


def tell_pickup(game: Game, src: int, n: int) -> str:
    """Cards just picked up, and where they may go: a player who cannot see the table
    learns as much as one who sees where a tap would send them."""
    places = [_to(game, dst) for _src, dst, _n in destinations(game, src, n)]
    if not places:
        text = ngettext(
            "picked up {cards}; nothing takes it now",
            "picked up {cards}; nothing takes them now",
            n,
        )
    else:
        # Translators: {piles} is one pile or a list of them: "column 2 or a foundation"
        text = ngettext(
            "picked up {cards}; it goes to {piles}", "picked up {cards}; they go to {piles}", n
        )
    told = text.format(cards=run_words(game.piles[src][-n:]), piles=_either(places))
    # Translators: Space and Escape are keys, named as keyboards label them
    return sentence(told) + " " + _("Space puts down, Escape puts back.")


def tell_turn(before: Game, moves: Sequence[Move], redone: bool = False) -> str:
    """A turn in words, told from the position ``before`` it (which this plays out):
    ``Seven of hearts to column 3, on eight of hearts; six of clubs turned up.``"""
    board = before.copy()
    parts: list[str] = []
    for i, m in enumerate(moves):
        text = _step(board, m)
        if i:
            # Translators: a move after the first of a turn (auto-moves): "then six of clubs to…"
            text = _("then {move}").format(move=text)
        elif redone:
            # Translators: a move played again by Redo: "Redone: seven of hearts to column 3"
            text = _("Redone: {move}").format(move=text)
        parts.append(sentence(text))
        board.apply(m)
    return " ".join(parts)


def tell_undo(after: Game, moves: Sequence[Move]) -> str:
    """Undone moves in words, told on the position ``after`` the undo, where the first of
    ``moves`` (the player's; the rest are its auto-moves) is to play again."""
    if not moves:
        return ""
    src, _dst, n = moves[0]
    if src == STOCK and n:
        what = pgettext("undone", "the deal")
    elif src == STOCK and after.rules.shuffle_redeals:
        what = pgettext("undone", "the redeal")
    elif src == STOCK:
        what = pgettext("undone", "turning the waste over")
    else:
        what = _("{cards} back to {pile}").format(
            cards=run_words(after.piles[src][-n:]), pile=_to(after, src)
        )
    extra = len(moves) - 1
    if not extra:
        # Translators: {move} is what Undo took back: "the deal", "seven of hearts back to…"
        return _("Undone: {move}.").format(move=what)
    text = ngettext(
        "Undone: {move}, and {n} auto-move.", "Undone: {move}, and {n} auto-moves.", extra
    )
    return text.format(move=what, n=number(extra))
