"""When the rest of a game is forced (game.assist.forced): Finish pressed then is no help.

Forced means every order of foundation moves wins, with no deal, redeal or other move:
nothing is left to decide. Checked on the golden winning lines of all four games, at every
position: each forced one is won by foundation moves in every order (every order tried,
where few cards are left; random orders otherwise), and each one Finish is offered in that
is not forced needs the stock, or (two decks) has an order of foundation moves that loses.
(Positions of the last ENDGAME moves of each line, where Finish comes; all would be slow.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import game
from game.assist import forced, won_on_paper
from game.notation import F0, STOCK, T0

GOLDEN = Path(__file__).parent / "golden"
WINS = [
    *json.loads((GOLDEN / "solver_wins.json").read_text())["wins"],
    *json.loads((GOLDEN / "solver_wins_unlimited.json").read_text())["wins"],
]


ENDGAME = 100


def positions(record: dict[str, object], last: int | None = None) -> list[game.Game]:
    """The positions of a winning record, from the deal (or ``last`` moves before the win)
    to the win."""
    g = game.new_game(record["game"], record["deal"], **record["rules"])  # type: ignore[arg-type]
    moves: list[str] = record["moves"]  # type: ignore[assignment]
    start = 0 if last is None else max(0, len(moves) - last)
    out = [g.copy()] if start == 0 else []
    for i, text in enumerate(moves, start=1):
        g.apply(g.resolve(text))
        if i >= start:
            out.append(g.copy())
    return out


def home(g: game.Game) -> list[tuple[int, int, int]]:
    return [m for m in g.plain_moves() if F0 <= m[1] < T0]


def home_in_random_order(g: game.Game, rng: random.Random) -> bool:
    """Send cards home, a random one of those that may go each time, until none may."""
    board = g.copy()
    while moves := home(board):
        board.apply(rng.choice(moves))
    return board.status == "won"


def every_order_wins(g: game.Game) -> bool:
    """Try every order of foundation moves (no shortcut, no limit): does each one win?"""
    moves = home(g)
    if not moves:
        return g.status == "won"
    for m in moves:
        after = g.copy()
        after.apply(m)
        if not every_order_wins(after):
            return False
    return True


def test_forced_is_every_order_of_foundation_moves_winning() -> None:
    rng = random.Random(13)
    seen = dict.fromkeys(["forced", "forced, other moves legal", "needs the stock", "twins"], 0)
    for record in WINS:
        for g in positions(record, last=ENDGAME):
            line = won_on_paper(g)
            left = g.rules.cards - sum(len(g.piles[f]) for f in range(F0, T0))
            if forced(g):
                assert line is not None and all(m[0] != STOCK for m in line)
                if left <= 8:
                    assert every_order_wins(g), (record["game"], record["deal"], left)
                else:
                    assert all(home_in_random_order(g, rng) for _ in range(5)), record["deal"]
                seen["forced"] += 1
                if any(not F0 <= m[1] < T0 for m in g.plain_moves()):
                    seen["forced, other moves legal"] += 1  # legal, and needless
            elif line is not None and any(m[0] == STOCK for m in line):
                seen["needs the stock"] += 1  # Finish would deal or redeal: a choice
            elif line is not None:  # two decks: twins, and an order that loses
                assert g.rules.decks == 2 and not every_order_wins(g), record["deal"]
                seen["twins"] += 1
    assert all(n >= 3 for n in seen.values()), seen  # each case came up


def test_the_end_of_a_game_is_forced_and_the_deal_is_not() -> None:
    for record in WINS:
        every = positions(record)
        assert forced(every[-1]) and every[-1].status == "won"
        assert not forced(every[0])


def test_a_game_lost_is_not_forced() -> None:
    g = game.new_game("whitehead", 5)  # no move is left once the stock is dealt
    while g.status == "playing":
        g.play("s")
    assert g.status == "lost" and not forced(g)
