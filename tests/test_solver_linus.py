"""Linus's own solver rules (game/solver/fans.py): each keeps every win and cuts what it
should, on positions built by hand, and on many small random positions checked against a
search with no rules at all (every reachable position, winnable or not, worked out)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from solver_kit import RANKS, replays_to_won, small_deal, suit, winnable_positions

import game
from game.notation import F0, T0
from game.solver import BestFirst, Restarts, Search, solve
from game.solver.fans import safe_home, stuck
from game.solver.search import forced


def layout(tableau: list[list[str]], **more: Any) -> game.Game:
    return game.from_layout({"game": "linus", "deal": 1, "tableau": tableau, **more})


def wins_with_both_searches(g: game.Game) -> list[list[str]]:
    lines = []
    for kind in (Search, BestFirst, Restarts):
        result = kind(g).run(seconds=5)
        assert result is not None and result.result == "won", kind.__name__
        assert replays_to_won(g, result.moves)
        lines.append(result.moves)
    assert solve(g, seconds=5).result == "won"
    return lines


def home_counts(g: game.Game) -> list[int]:
    home = [0, 0, 0, 0]
    for f in g.found:
        if g.piles[f]:
            home[g.piles[f][-1] & 3] = len(g.piles[f])
    return home


# -- safe foundation moves -------------------------------------------------------------------


def test_a_three_is_sent_home_when_the_aces_it_could_hold_are_home() -> None:
    """3♠ could hold 2♥ or 2♦, but with A♥ and A♦ home either can go home instead: the
    wider rule forces 3♠ home (the only move tried), and the win is kept."""
    g = layout(
        [["3S"], ["2D", "2H"], ["3H"]],
        foundations=[suit("S", "2"), suit("H", "A"), suit("D", "A")],
    )
    three = g.resolve("t1>f")
    heights = [[2], [1], [1], []]
    assert forced(g, three, heights)
    assert [step for step in Search(g)._moves()] == [(three,)]
    for line in wins_with_both_searches(g):
        assert line[0] == "t1>f1"


def test_a_card_a_lower_card_still_needs_is_not_forced_home() -> None:
    """2♥ must go on 3♠ to free A♥ beneath it; 3♠ home first would lose. A♥ is not home,
    so 3♠ is not safe, and the solver wins by moving 2♥ onto it first."""
    g = layout([["AH", "2H"], ["3S"]], foundations=[suit("S", "2")])
    assert not safe_home(g.piles[T0 + 1][-1], home_counts(g))
    early = g.copy()
    early.play("t2>f")
    assert solve(early, seconds=5).result == "lost"
    for line in wins_with_both_searches(g):
        assert line[0] == "t1>t2"


@pytest.mark.parametrize(
    ("card", "home", "safe"),
    [
        ("2S", [1, 0, 0, 0], True),  # a Two: the Aces it could hold go home instead
        ("3S", [2, 1, 1, 0], True),  # A♥ A♦ home (rank r-2), clubs to r-3 (nothing)
        ("3S", [2, 1, 0, 0], False),  # A♦ out: 2♦ may need the 3♠
        ("5H", [4, 4, 0, 4], True),  # both children (4♠ 4♣) home: the first rule
        ("5H", [3, 4, 2, 3], True),  # blacks home to 3 (r-2), diamonds to 2 (r-3)
        ("5H", [3, 4, 1, 3], False),  # 3♦ out: it may need a 4♠ that needs the 5♥
        ("5H", [3, 4, 2, 2], False),  # 3♣ out: 4♣ may need the 5♥
    ],
)
def test_the_safe_rule_by_heights(card: str, home: list[int], safe: bool) -> None:
    assert safe_home(game.cards.parse_card(card), home) is safe


# -- stuck positions -------------------------------------------------------------------------


def test_stuck_sees_two_fans_that_block_each_other() -> None:
    """2♥ covers A♠ and 2♠ covers A♥: each Two waits for the Ace under the other, and
    nothing takes a Two (the Threes are home). Moves remain (Q♣ onto K♦), so the engine
    cannot tell; the per-card test of search.py misses it (no card covers a lower card of
    its own suit); stuck() sees that neither Two can ever leave first."""
    g = layout(
        [["AS", "2H"], ["AH", "2S"], ["KD"], ["QC"]],
        foundations=[[], [], suit("D", "Q"), suit("C", "J")],
    )
    assert g.status == "playing" and stuck(g)
    assert Search(g)._moves() == []  # cut at once
    for kind in (Search, BestFirst, Restarts):
        result = kind(g).run(seconds=5)
        assert result is not None and result.result == "lost"


def test_a_card_goes_home_once_a_lower_one_elsewhere_is_freed() -> None:
    """2♥ covers A♠ and has no parent in play (no 3♠ or 3♣); it can only go home, after A♥,
    which lies under 4♦; 4♦ goes home (A♦ to 3♦ are): then A♥, 2♥, A♠. Not stuck; won."""
    g = layout([["AS", "2H"], ["AH", "4D"]], foundations=[[], [], suit("D", "3")])
    assert not stuck(g)
    wins_with_both_searches(g)


def test_deal_140_is_lost_from_the_start() -> None:
    """Deal 140 deals J♦ over Q♣ over 8♥ and J♥ over Q♠ over 8♦. J♦ can go only on Q♠
    (under J♥) or home (after 8♦, under J♥); J♥ only on Q♣ (under J♦) or home (after 8♥,
    under J♦): each Jack must wait for the other, so neither ever moves. stuck() sees it
    at once (the old per-card test could not: no card covers a lower one of its suit)."""
    g = game.new_game("linus", 140)
    fans = [" ".join(game.cards.code(c) for c in g.piles[t]) for t in g.tab]
    assert "8H QC JD" in fans and "8D QS JH" in fans
    assert stuck(g)
    result = solve(g, seconds=5)
    assert result.result == "lost" and result.nodes <= 1


def full_fans(first: list[list[str]]) -> list[list[str]]:
    """``first``, then single clubs and spades until all 18 fans hold cards (no empty
    fan: a King needs one to be cleared)."""
    fillers = [[r + "C"] for r in RANKS] + [[r + "S"] for r in "3456789TJQK"]
    return first + fillers[: 18 - len(first)]


def test_a_king_leaves_for_a_fan_cleared_later() -> None:
    """K♥ covers A♠; Q♥ lies under 2♠, which waits for A♠: only an empty fan frees the K♥,
    and all 18 fans hold cards. Clearing one (J♦ home, say) lets the K♥ go: not stuck, won.
    With the pgs house rule (empty fans stay empty), the K♥ never moves: stuck, lost."""
    tableau = full_fans([["AS", "KH"], ["QH", "2S"], ["JD"]])
    founds = [[], suit("H", "J"), suit("D", "T")]
    g = layout(tableau, foundations=founds)
    assert all(g.piles[t] for t in g.tab) and not stuck(g)
    wins_with_both_searches(g)
    pgs = layout(tableau, foundations=founds, rules={"pgs": True}, redeals_left=0)
    assert stuck(pgs)
    assert solve(pgs, seconds=5).result == "lost"


def test_a_card_leaves_onto_a_parent_freed_later() -> None:
    """2♥ covers A♠ and waits for A♥, which lies under 2♠, which waits for A♠. The way out
    is 3♣, 2♥'s parent (3♠ is not in play), once 4♦ above it goes home: not stuck, won.
    With the 3♣ under the 2♥ itself instead, it never comes out: stuck, and lost."""
    founds = [[], [], suit("D", "3"), suit("C", "2")]
    g = layout([["AS", "2H"], ["3C", "4D"], ["AH", "2S"]], foundations=founds)
    assert not stuck(g)
    wins_with_both_searches(g)
    g = layout([["3C", "AS", "2H"], ["4D"], ["AH", "2S"]], foundations=founds)
    assert stuck(g)
    assert solve(g, seconds=5).result == "lost"


# -- against a search with no rules, on small random positions --------------------------------


def random_position(rng: random.Random, pgs: bool) -> game.Game:
    """A few consecutive ranks of each suit on 2-5 fans (the rest home, or absent)."""
    founds, cards = small_deal(rng, 9)
    fans: list[list[str]] = [[] for _ in range(rng.randrange(2, 6))]
    for c in cards:
        fans[rng.randrange(len(fans))].append(c)
    more: dict[str, Any] = {"rules": {"pgs": True}, "redeals_left": 0} if pgs else {}
    return layout([f for f in fans if f], foundations=founds, **more)


@pytest.mark.parametrize("pgs", [False, True], ids=["kings-to-empty-fans", "pgs-no-redeal"])
def test_the_rules_agree_with_a_search_without_rules(pgs: bool) -> None:
    """In every position reachable from 150 random small ones: stuck() is said only of
    positions no line wins; a forced move home never leads from a winnable position to an
    unwinnable one; and the solver's verdict is the truth."""
    rng = random.Random(5 + pgs)
    said = {"stuck": 0, "forced": 0, "won": 0, "lost": 0}
    for _ in range(150):
        start = random_position(rng, pgs)
        space = winnable_positions(start)
        assert space is not None
        boards, good = space
        for key, board in boards.items():
            if stuck(board):
                assert key not in good, board.layout()
                said["stuck"] += 1
            home = home_counts(board)
            for m in board.plain_moves():
                if F0 <= m[1] < T0 and safe_home(board.piles[m[0]][-1], home):
                    after = board.copy()
                    after.apply(m)
                    assert key not in good or after.key() in good, (board.layout(), m)
                    said["forced"] += 1
        result = Search(start).run(seconds=5)
        assert result is not None
        assert result.result == ("won" if start.key() in good else "lost"), start.layout()
        said[result.result] += 1
        if result.result == "won":
            assert replays_to_won(start, result.moves)
    # the check means something: each rule fired, and both verdicts came up
    assert min(said.values()) >= 10, said
