"""The solver: its wins replay, its 'lost' is never said of a winnable deal, each pruning
rule keeps the win on a position built to tempt it."""

from __future__ import annotations

from typing import Any

import pytest

import game
from game.solver import Search, solve
from game.solver.search import dead
from game.solver.stock import reach, reachable

# Deals the solver has won (their lines replay to "won"): a later change must never call
# one of them lost.
KNOWN_WINS = {
    "whitehead": [1, 2, 3, 4, 5, 7, 8, 9],
    "blind-alleys": [1, 2, 3, 4, 7, 8],
    "unlimited": [7, 10],
}


@pytest.mark.parametrize(("name", "deal"), [(n, d) for n, ds in KNOWN_WINS.items() for d in ds])
def test_a_won_line_replays_to_won_and_wins_are_never_called_lost(name: str, deal: int) -> None:
    result = solve(game.new_game(name, deal), seconds=20)
    assert result.result == "won"
    replayed = game.replay({"game": name, "deal": deal, "moves": result.moves})
    assert replayed.status == "won"


def test_a_search_in_slices_finds_the_same_line_as_in_one_go() -> None:
    whole = solve(game.new_game("whitehead", 1), seconds=20)
    search = Search(game.new_game("whitehead", 1))
    result = None
    slices = 0
    while result is None:
        result = search.run(nodes=300, seconds=5)
        slices += 1
    assert slices > 3
    assert result.result == "won" and result.moves == whole.moves


def test_solving_from_a_played_position_starts_there() -> None:
    g = game.new_game("whitehead", 2)
    first = solve(g, seconds=10).moves[:3]
    for move in first:
        g.play(move)
    rest = solve(g, seconds=10)
    assert rest.result == "won"
    for move in rest.moves:
        g.play(move)
    assert g.status == "won"


def layout(name: str, tableau: list[list[str]], **more: Any) -> game.Game:
    return game.from_layout({"game": name, "deal": 1, "tableau": tableau, **more})


def test_a_lost_position_is_proven_lost() -> None:
    # Whitehead: 2♠ covers A♠ and nothing will ever take it; every pile is blocked the same
    # way; the one stock card can be played (8♣ on 9♠), which changes nothing that matters.
    blocked = [["AS", "2S"], ["KH", "KD"], ["KS", "KC"], ["5H", "7D"], ["4C", "9S"],
               ["3D", "JH"], ["4H", "6C"]]  # fmt: skip
    g = layout("whitehead", blocked, stock=["8c"])
    assert g.status == "playing"
    assert solve(g, seconds=5).result == "lost"
    g.play("s")
    g.play("w>t5")
    assert g.status == "lost"


def test_forced_safe_foundation_moves_keep_the_win() -> None:
    # A♥ and 2♥ are safe and forced; the win then needs 3♠ moved to the pile they emptied.
    g = layout("whitehead", [["AH"], ["3S", "AS"], ["2S"], ["2H"]])
    result = solve(g, seconds=5)
    assert result.result == "won"
    for move in result.moves:
        g.play(move)
    assert g.status == "won"


def test_dead_sees_a_card_that_can_never_leave_its_fan() -> None:
    # Linus: 5♠ lies on 3♠; 5♠ could go only on 6♥ or 6♦, both on foundations.
    hearts = ["AH", "2H", "3H", "4H", "5H", "6H"]
    diamonds = ["AD", "2D", "3D", "4D", "5D", "6D"]
    stuck = layout("linus", [["3S", "5S"], ["2S", "AS"], ["4S"]], foundations=[hearts, diamonds])
    assert dead(stuck)
    assert solve(stuck, seconds=5).result == "lost"
    # With 6♦ still on the tableau the 5♠ has somewhere to go: not dead, and won.
    free = layout(
        "linus",
        [["3S", "5S"], ["2S", "AS"], ["6D"], ["4S"]],
        foundations=[hearts, diamonds[:-1]],
    )
    assert not dead(free)
    result = solve(free, seconds=5)
    assert result.result == "won"


def test_the_stock_is_one_move_per_reachable_waste_card() -> None:
    # Blind Alleys, two passes: after the stock, the waste comes round again in order.
    g = layout("blind-alleys", [["KS"]], stock=["ah", "2h"], waste=["3H"], redeals_left=1)
    three, two, ace = 9, 5, 1  # card codes of 3♥ 2♥ A♥
    assert reachable(g) == [(0, three), (1, two), (2, ace), (4, three), (5, two), (6, ace)]
    assert solve(g, seconds=5).result == "lost"  # K♠ can never leave: nothing takes it


def test_unlimited_reserve_reaches_a_card_anywhere_in_the_stock() -> None:
    ace_deep = ["ah", "qs", "ks", "js"]  # the A♥ is at the bottom of the stock
    g = layout("unlimited", [["2H"]], stock=ace_deep, waste=["TS"], redeals_left=None)
    deals = reach(g, 1)  # A♥
    assert [str(game.Move(*m)) for m in deals] == ["s", "s", "s", "s"]
    result = solve(g, seconds=5)
    assert result.result == "lost"  # the spades have no Ace: they can never go up
    winnable = layout("unlimited", [["2H"]], stock=["ah", "3h"], waste=[], redeals_left=None)
    result = solve(winnable, seconds=5)
    assert result.result == "won"
    for move in result.moves:
        winnable.play(move)
    assert winnable.status == "won"


def test_best_first_finds_a_linus_win_whose_line_replays() -> None:
    from game.solver import BestFirst

    search = BestFirst(game.new_game("linus", 1))
    result = search.run(seconds=30)
    assert result is not None and result.result == "won"
    replayed = game.replay({"game": "linus", "deal": 1, "moves": result.moves})
    assert replayed.status == "won"


def test_best_first_proves_the_same_losses_as_depth_first() -> None:
    from game.solver import BestFirst

    blocked = [["AS", "2S"], ["KH", "KD"], ["KS", "KC"], ["5H", "7D"], ["4C", "9S"],
               ["3D", "JH"], ["4H", "6C"]]  # fmt: skip
    result = BestFirst(layout("whitehead", blocked, stock=["8c"])).run(seconds=5)
    assert result is not None and result.result == "lost"


def test_a_path_cut_for_memory_keeps_wins_but_proves_no_loss(monkeypatch: Any) -> None:
    """Depth-first paths stop at MAX_DEPTH (memory); a search that cut one may still win,
    but its "lost" would not be a proof, so it says "unknown" instead."""
    import game.solver.search as search

    lost = Search(game.new_game("whitehead", 96))
    assert lost.run() is not None and lost.result is not None
    assert lost.result.result == "lost" and not lost.cut
    monkeypatch.setattr(search, "MAX_DEPTH", 3)
    cut = Search(game.new_game("whitehead", 96))
    result = cut.run()
    assert result is not None and cut.cut
    assert (result.result, result.reason) == ("unknown", "memory")
    assert len(cut.path) <= 3
    monkeypatch.setattr(search, "MAX_DEPTH", 150)
    start = game.new_game("whitehead", 8)  # won on a path that does not go that deep
    deep = Search(start)
    result = deep.run()
    assert result is not None and result.result == "won" and deep.cut
    replayed = start.copy()
    for m in result.moves:
        replayed.play(m)
    assert replayed.status == "won"


@pytest.mark.parametrize(
    ("name", "rules"),
    [(name, {}) for name in game.GAMES] + [("linus", {"pgs": True})],
)
def test_a_key_worked_out_without_playing_the_move_is_the_key_after_it(
    name: str, rules: dict[str, bool]
) -> None:
    """Depth-first drops a move to a seen position by its key alone, worked out from the
    two piles it changes (Search._child_key). Along random games, for every move the search
    would try, that key is the one the position has once the move is played. (Not while
    Linus's redeals keep the fans in order: there the move is always played.)"""
    import random

    rng = random.Random(name)
    worked = 0
    for deal in range(1, 4):
        search = Search(game.new_game(name, deal, **rules))
        for _ in range(60):
            key = search._key()
            moves = search._moves()
            if not moves:
                break
            for step in moves:
                child = search._child_key(key, step)
                search._play(step)
                if child is not None:
                    assert child == search._key(), (name, deal, step)
                    worked += 1
                elif rules and search.board.redeals_left:
                    worked += 1  # never worked out (ordered fans), as it should be
                search._unplay(step)
                assert search._key() == key
            search._play(rng.choice(moves))
    assert worked >= 100, worked
