"""Help for a player's hand, pure and testable: where a tapped card goes, and auto-moves.

The UI asks these questions; nothing here touches the browser.
"""

from __future__ import annotations

from .cards import DOWN, rank_of
from .notation import F0, STOCK, T0, WASTE
from .state import Game, Plain

AUTOMOVE = ("off", "safe", "always")


def run_length(game: Game, pile: int, index: int) -> int:
    """How many cards a grab at ``index`` (0 = bottom) of ``pile`` takes: it and all above."""
    return len(game.piles[pile]) - index


def destinations(game: Game, src: int, n: int) -> list[Plain]:
    """Legal moves of the top ``n`` cards of ``src``, best first (RULES.md): a foundation,
    then non-empty tableau piles, then empty ones, each left to right."""
    moves = [m for m in game.plain_moves() if m[0] == src and m[2] == n]

    def rank(m: Plain) -> tuple[int, int]:
        dst = m[1]
        if dst < T0:
            return (0, dst)
        return (2 if not game.piles[dst] else 1, dst)

    return sorted(moves, key=rank)


def is_safe(game: Game, c: int) -> bool:
    """May card ``c`` go to a foundation without ever being needed on the tableau again?

    It is needed only as a place for the cards that build on it (one rank lower, fitting the
    build rule); once every copy of those is on a foundation, nothing can ever go on it.
    """
    r = rank_of(c)
    if r <= 0:
        return True
    on_foundations: dict[int, int] = {}
    for f in game.found:
        for card in game.piles[f]:
            on_foundations[card] = on_foundations.get(card, 0) + 1
    build = game.rules.build
    return all(
        on_foundations.get(below, 0) >= game.rules.decks
        for below in range(52)
        if rank_of(below) == r - 1 and build.fits(below, c & ~DOWN)
    )


def auto_move(game: Game, mode: str) -> Plain | None:
    """The next foundation move the auto-move setting makes, or None (``off``: never)."""
    if mode == "off":
        return None
    for m in game.plain_moves():
        if F0 <= m[1] < T0 and (m[0] == WASTE or m[0] >= T0):
            card = game.piles[m[0]][-1]
            if mode == "always" or is_safe(game, card):
                return m
    return None


def auto_moves(game: Game, mode: str) -> list[Plain]:
    """Play every auto-move in turn; return them (the caller groups them with the move)."""
    played: list[Plain] = []
    while (m := auto_move(game, mode)) is not None:
        game.apply(m)
        played.append(m)
    return played


def movable(game: Game, pile: int, n: int) -> bool:
    """Do the top ``n`` cards of ``pile`` form a unit that may be picked up together?"""
    p = game.piles[pile]
    if not 1 <= n <= len(p) or p[-n] >= DOWN:
        return False
    if n == 1:
        return True
    unit = game.rules.unit
    return unit is not None and all(
        unit.fits(p[i + 1], p[i]) for i in range(len(p) - n, len(p) - 1)
    )


def won_on_paper(game: Game) -> list[Plain] | None:
    """The moves that finish the game using foundation moves, deals and redeals only, or
    None when that does not win (then the game is not yet "won on paper").

    Works on a copy; a full round of the stock that sends nothing home ends the try, so
    unlimited passes cannot loop.
    """
    board = game.copy()
    line: list[Plain] = []
    idle = 0  # deals and redeals since the last card went home
    while board.status != "won":
        moves = board.plain_moves()
        step = next((m for m in moves if F0 <= m[1] < T0), None)
        if step is not None:
            idle = 0
        else:
            step = next((m for m in moves if m[0] == STOCK), None)
            talon = len(board.piles[STOCK]) + len(board.piles[WASTE])
            if step is None or idle > 2 * talon + 2:
                return None
            idle += 1
        board.apply(step)
        line.append(step)
    return line


def forced(game: Game) -> bool:
    """Is the rest forced, nothing left to decide: does every order of foundation moves win
    from here, with no deal, redeal or other move needed? (Finish pressed then only saves
    taps; before, it plays a line the player has not found.)

    With one deck every order wins once one does (won_on_paper, without the stock): sending
    a card home never keeps another from going after it, as it takes only its own card.
    With two it may not: of twin cards both free to go home with one place for them, the
    first to go can leave the other stuck above a card it covers. So every order is tried,
    each position once; past FORCED_NODES of them, it counts as not forced.
    """
    line = won_on_paper(game)
    if line is None or any(m[0] == STOCK for m in line):
        return False
    return game.rules.decks == 1 or _every_order_wins(game.copy(), set())


def finish_is_help(game: Game) -> bool | None:
    """What pressing Finish would be (RULES.md, stats.py): None when Finish is not offered
    (foundation moves, deals and redeals alone do not win), False when it only saves taps
    (the rest is forced: no help, the win counts as won without it), True when it plays a
    line the player has not found (help: the win counts apart, "with help")."""
    if won_on_paper(game) is None:
        return None
    return not forced(game)


FORCED_NODES = 5_000  # two-deck positions looked at before forced() gives up: no


def _every_order_wins(board: Game, seen: set[object]) -> bool:
    key = board.key()
    if key in seen:  # already shown to win
        return True
    if len(seen) >= FORCED_NODES:
        return False
    seen.add(key)
    home = [m for m in board.plain_moves() if F0 <= m[1] < T0]
    if not home:
        return board.status == "won"
    for m in home:
        board.apply(m)
        wins = _every_order_wins(board, seen)
        board.retract()
        if not wins:
            return False
    return True
