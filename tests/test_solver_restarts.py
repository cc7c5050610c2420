"""Restarts (game/solver/restarts.py): short dives in score order with random tie-breaks,
begun again on Luby budgets. They find wins a single depth-first search misses for long,
their lines win, the same game always gives the same line, and only a dive that saw
everything says "lost"."""

from __future__ import annotations

from solver_kit import replays_to_won

import game
from game.solver import BestFirst, Portfolio, Restarts, Search
from game.solver.restarts import BASE, luby


def test_the_dive_budgets_follow_the_luby_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(31) == 16 and luby(32) == 1


def test_dives_win_a_linus_deal_that_depth_first_misses_on_the_same_budget() -> None:
    """Linus deal 14: depth-first in pile order needs about 400,000 nodes; the dives win
    within 60,000, and begin again several times on the way (each with a fresh table)."""
    g = game.new_game("linus", 14)
    plain = Search(g)
    assert plain.run(nodes=60_000, seconds=600) is None  # still searching
    dives = Restarts(g)
    result = dives.run(nodes=60_000, seconds=600)
    assert result is not None and result.result == "won"
    assert dives.dive > 3 and dives.nodes <= 60_000 + 256
    assert replays_to_won(g, result.moves)


def test_the_same_game_gives_the_same_dives_and_line() -> None:
    lines = []
    for _ in range(2):
        search = Restarts(game.new_game("linus", 7))
        result = search.run(nodes=100_000, seconds=600)
        assert result is not None and result.result == "won"
        lines.append((result.moves, search.nodes, search.dive))
    assert lines[0] == lines[1]


def test_a_dive_cut_by_its_budget_proves_nothing_but_one_that_ends_does() -> None:
    """Whitehead deal 72 is lost, proven by depth-first in about 680,000 nodes: dives of a
    few thousand nodes never finish, so they never say so. A small lost position fits in
    one dive, which then proves it."""
    g = game.new_game("whitehead", 72)
    dives = Restarts(g)
    assert dives.run(nodes=20 * BASE, seconds=600) is None
    assert dives.dive > 1
    small = game.from_layout(
        {
            "game": "linus",
            "deal": 1,
            "tableau": [["AS", "2H"], ["AH", "2S"], ["KD"], ["QC"], ["3D", "3H"]],
        }
    )
    result = Restarts(small).run(nodes=BASE, seconds=60)
    assert result is not None and result.result == "lost"
    assert Search(small).run(seconds=60).result == "lost"  # type: ignore[union-attr]


def test_the_portfolio_gives_every_search_its_turn_across_short_calls() -> None:
    """The page runs the solver in slices of a few milliseconds; turns carry over from call
    to call, so the dives get theirs (before, each call began with depth-first again)."""
    search = Portfolio(game.new_game("linus", 5))
    dives = search.searches[1]
    assert isinstance(dives, Restarts)
    for _ in range(60):  # 0.3 s in all: depth-first's 0.1 s turn, then the dives'
        assert search.run(seconds=0.005) is None
    assert all(s.nodes > 0 for s in search.searches)
    # three shares to one: past depth-first's first turn, the dives have had more time
    assert dives.seconds > search.searches[0].seconds


def test_shuffled_dives_win_a_whitehead_deal_the_other_searches_do_not() -> None:
    """Whitehead deal 18: dives of 20,000 nodes in random order win it within 60,000;
    depth-first and best-first have not in millions (bench figures), nor in 60,000 here."""
    g = game.new_game("whitehead", 18)
    for other in (Search(g), BestFirst(g)):
        assert other.run(nodes=60_000, seconds=600) is None
    dives = Restarts(g, base=20_000, scored=False)
    result = dives.run(nodes=60_000, seconds=600)
    assert result is not None and result.result == "won"
    assert replays_to_won(g, result.moves)
    portfolio = Portfolio(g)
    assert [type(s) for s in portfolio.searches] == [Search, BestFirst, Restarts]
    shuffled = portfolio.searches[2]
    assert isinstance(shuffled, Restarts) and not shuffled.scored


def test_a_slice_never_runs_far_past_its_budget() -> None:
    """The page gives the solver a few milliseconds at a time; a search looks at its budget
    every CHECK nodes, moves to seen positions included (two in three in Whitehead), so
    a slice ends within that many nodes of its budget."""
    for search in (
        Search(game.new_game("whitehead", 195)),
        Restarts(game.new_game("linus", 196)),
        Restarts(game.new_game("whitehead", 195), base=20_000, scored=False),
    ):
        for _ in range(200):
            was = search.nodes
            assert search.run(nodes=100, seconds=600) is None
            assert search.nodes - was <= 100 + search.CHECK, type(search).__name__
