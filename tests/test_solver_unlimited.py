"""The solver in Unlimited: the reserve (stock and waste) is played only in chains that end
with a tableau card (game/solver/reserve.py), and each rule keeps the win on a position
built to need it; wins replay, and deals won before are never called lost."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import game
from game.notation import STOCK, WASTE
from game.solver import BestFirst, Restarts, Search, solve
from game.solver.reserve import foundation_chains, goes_home, stuck, tableau_chains

SOLVERS = (Search, BestFirst, Restarts)
HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "golden" / "solver_wins.json").read_text())
# Wins found since the reserve rules (deals the solver could not decide before), pinned.
PINNED = json.loads((HERE / "golden" / "solver_wins_unlimited.json").read_text())["wins"]
WINS = [w for w in GOLDEN["wins"] if w["game"] == "unlimited"] + PINNED


def layout(tableau: list[list[str]], stock: list[str], **more: Any) -> game.Game:
    return game.from_layout(
        {"game": "unlimited", "deal": 1, "tableau": tableau, "stock": stock, **more}
    )


def won_line(g: game.Game, kind: type[Search]) -> list[str]:
    """The winning line ``kind`` finds from ``g``, checked by replaying it to "won"."""
    result = kind(g).run(seconds=10)
    assert result is not None and result.result == "won", kind.__name__
    board = g.copy()
    for move in result.moves:
        board.play(move)
    assert board.status == "won"
    return result.moves


def test_a_run_goes_onto_reserve_cards_played_to_the_tableau_just_before() -> None:
    """4♠ covers the only A♠: it must go on a 5♠, and the only 5♠ (and the 6♠ it needs) are
    in the stock, to be played on the 7♠ first. Nothing else frees the Ace."""
    g = layout([["AS", "4S"], ["7S"]], ["6s", "5s", "2s", "3s"])
    store = set(g.piles[0])
    steps = [step for step, _ in tableau_chains(g, store)]
    six, five, t1, t2 = 5 * 4, 4 * 4, 10, 11
    assert ((-1, six, t2), (-1, five, t2), (t1, t2, 1)) in steps
    for kind in SOLVERS:
        moves = won_line(g, kind)
        onto = moves.index("t1>t2")
        assert moves[:onto].count("w>t2") == 2, moves
    assert solve(g, seconds=10).result == "won"


def test_a_king_from_the_reserve_takes_a_run_to_an_empty_pile() -> None:
    """Q♠ covers the A♠; only K♠ from the stock, on the empty pile, can take it."""
    spades = [r + "s" for r in "23456789tjk"]
    g = layout([["AS", "QS"], []], spades)
    steps = [step for step, _ in tableau_chains(g, set(g.piles[0]))]
    king, t1, t2 = 12 * 4, 10, 11
    assert ((-1, king, t2), (t1, t2, 1)) in steps
    for kind in SOLVERS:
        moves = won_line(g, kind)
        assert moves.index("w>t2") < moves.index("t1>t2"), moves


def test_a_tableau_card_goes_home_over_reserve_cards_played_to_its_foundation() -> None:
    """4♠ covers A♥ and has no 5♠ to go on: the stock's 2♠ and 3♠ go home on the A♠,
    then the 4♠, then the hearts."""
    g = layout([["AH", "4S"]], ["2s", "3s", "2h"], foundations=[["AS"]])
    steps = foundation_chains(g, set(g.piles[0]))
    two, three, f1, t1 = 1 * 4, 2 * 4, 2, 10
    assert steps == [((-1, two, f1), (-1, three, f1), (t1, f1, 1))]
    for kind in SOLVERS:
        moves = won_line(g, kind)
        assert moves.index("t1>f1") > moves.index("w>f1"), moves


def test_an_empty_tableau_wins_when_the_stock_can_go_home() -> None:
    full = layout([], ["as", "2s", "ah"])
    assert goes_home(full)
    result = solve(full, seconds=5)
    assert result.result == "won" and result.moves.count("s") >= 3
    board = full.copy()
    for move in result.moves:
        board.play(move)
    assert board.status == "won"
    no_ace = layout([], ["2s", "ah"])  # the 2♠ can never go home
    assert not goes_home(no_ace)
    assert solve(no_ace, seconds=5).result == "lost"


def test_a_card_whose_parents_and_way_home_are_all_under_it_is_stuck() -> None:
    """4♠ lies on 5♠ and A♠ (no other copies): it can go home only after that A♠, and
    only on that 5♠, both under it. Lost. With the second deck's A♠ to 5♠ in the stock
    it has ways out (on the stock's 5♠ played on the 6♠, or home), and it is won."""
    blocked = layout([["5S", "AS", "4S"], ["6S"]], ["2s", "3s"])
    assert stuck(blocked, set(blocked.piles[STOCK]))
    assert solve(blocked, seconds=5).result == "lost"
    free = layout([["5S", "AS", "4S"], ["6S"]], ["2s", "3s", "as", "2s", "3s", "4s", "5s"])
    assert not stuck(free, set(free.piles[STOCK]))
    for kind in SOLVERS:
        won_line(free, kind)
    # a King is never stuck: an empty pile may take it
    king = layout([["AS", "KS"], ["2S"]], [r + "s" for r in "3456789tjq"])
    assert not stuck(king, set(king.piles[STOCK]))


def test_nothing_is_stuck_along_a_winning_line() -> None:
    """stuck() is a proof of loss: it never fires on a position a known win passes through
    (the pinned Unlimited wins, every position of each line)."""
    assert len(WINS) >= 8
    for win in WINS:
        g = game.new_game("unlimited", win["deal"])
        for move in win["moves"]:
            assert not stuck(g, set(g.piles[STOCK] + g.piles[WASTE])), (win["deal"], move)
            g.play(move)
        assert g.status == "won"


@pytest.mark.parametrize("deal", [1, 4, 7, 10, 12, 14, 18, 20])
def test_deals_won_before_the_reserve_rules_are_still_won(deal: int) -> None:
    """The previous solver (every reserve card anywhere) won these; their lines replay."""
    result = solve(game.new_game("unlimited", deal), seconds=20)
    assert result.result == "won"
    assert game.replay({"game": "unlimited", "deal": deal, "moves": result.moves}).status == "won"


@pytest.mark.parametrize("win", PINNED, ids=[str(w["deal"]) for w in PINNED])
def test_a_pinned_win_replays_and_is_never_called_lost(win: dict[str, Any]) -> None:
    """From the deal's start and from half-way along its line, won or unknown, never lost."""
    assert game.replay(win).status == "won"
    for cut in (0, len(win["moves"]) // 2):
        g = game.replay({**win, "moves": win["moves"][:cut]})
        result = solve(g, seconds=0.5)
        assert result.result != "lost", (win["deal"], cut)
        if result.result == "won":
            board = g.copy()
            for move in result.moves:
                board.play(move)
            assert board.status == "won"


def exhaustive(g: game.Game) -> str:
    """Won or lost by plain search over the engine's own moves: the real stock and waste,
    unlimited passes, no shortcut of the solver's."""
    seen = {g.key()}
    stack = [g.copy()]
    while stack:
        board = stack.pop()
        if board.status == "won":
            return "won"
        for m in board.plain_moves():
            board.apply(m)
            if board.key() not in seen:
                seen.add(board.key())
                stack.append(board.copy())
            board.retract()
    return "lost"


def small_deal(rng: random.Random) -> game.Game:
    """Two decks of one or two suits up to a low rank, some cards on 2-4 piles (some face
    down), the rest in the stock."""
    suits = rng.sample("SHDC", rng.choice([1, 2]))
    cards = [r + s for s in suits for r in "A23456"[: rng.randint(3, 6)]] * 2
    rng.shuffle(cards)
    tableau: list[list[str]] = [[] for _ in range(rng.randint(2, 4))]
    stock = []
    for c in cards:
        if rng.random() < 0.55:
            rng.choice(tableau).append(c)
        else:
            stock.append(c.lower())
    for p in tableau:
        p[:-1] = [c.lower() if rng.random() < 0.35 else c for c in p[:-1]]
    return layout(tableau, stock)


def test_on_small_random_deals_the_verdicts_match_a_plain_exhaustive_search() -> None:
    """Every shortcut at once (reserve chains, an empty tableau, stuck(), forced moves)
    against the engine's moves searched to the end: never a different verdict."""
    rng = random.Random(5)
    seen = set()
    for _ in range(40):
        g = small_deal(rng)
        truth = exhaustive(g)
        seen.add(truth)
        for kind in SOLVERS:
            result = kind(g).run(seconds=10)
            assert result is not None and result.result == truth, (g.layout(), kind.__name__)
            if truth == "won":
                board = g.copy()
                for move in result.moves:
                    board.play(move)
                assert board.status == "won"
    assert seen == {"won", "lost"}
