"""Whitehead's wider safe foundation rule (search.py's _safe_same_colour): on positions built
by hand, and on many small random positions checked against a search with no rules at all
(every reachable position, winnable or not, worked out)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from solver_kit import replays_to_won, small_deal, suit, winnable_positions

import game
from game.notation import F0, T0
from game.solver import Search
from game.solver.search import forced


def layout(tableau: list[list[str]], **more: Any) -> game.Game:
    return game.from_layout({"game": "whitehead", "deal": 1, "tableau": tableau, **more})


def heights(g: game.Game) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    for f in g.found:
        if g.piles[f]:
            out[g.piles[f][-1] & 3].append(len(g.piles[f]))
    return out


def foundation_move(g: game.Game, card: str) -> tuple[int, int, int]:
    code = game.cards.parse_card(card)
    return next(m for m in g.plain_moves() if g.piles[m[0]][-1:] == (code,) and m[1] < T0)


def test_a_five_goes_home_once_the_other_red_suit_is_home_to_three() -> None:
    """5♥ may go home (hearts to 4♥) while 4♦ is still out: diamonds are home to 3♦, so
    4♦ will never need 5♥ (it can go home instead). Four of diamonds home is not needed;
    with diamonds at 2♦ it is not forced (3♦ could still want to sit on 4♦ on 5♥)."""
    founds = [[], suit("H", "4"), suit("D", "3"), []]
    g = layout([["4D", "5H"], ["6S"]], foundations=founds)
    assert forced(g, foundation_move(g, "5H"), heights(g))
    lower = layout(
        [["3D", "4D", "5H"], ["6S"]], foundations=[[], suit("H", "4"), suit("D", "2"), []]
    )
    assert not forced(lower, foundation_move(lower, "5H"), heights(lower))


def test_the_search_tries_only_the_forced_move_and_still_wins() -> None:
    """5♥ could also go onto 6♦ or an empty pile; with diamonds home to 3♦ the search tries
    only 5♥ home (the older rule wanted 4♦ home too), and wins. With diamonds at 2♦ it
    tries every move."""
    founds = [suit("S", "K"), suit("H", "4"), suit("D", "3"), suit("C", "K")]
    g = layout([["4D", "5H"], ["6D"], ["5D"]], foundations=founds)
    home = foundation_move(g, "5H")
    assert len(g.plain_moves()) > 2 and Search(g)._moves() == [(home,)]
    result = Search(g).run(seconds=5)
    assert result is not None and result.result == "won"
    assert result.moves[0] == str(game.Move(*home))
    assert replays_to_won(g, result.moves)
    founds[2] = suit("D", "2")
    lower = layout([["4D", "5H"], ["3D", "6D"], ["5D"]], foundations=founds)
    assert len(Search(lower)._moves()) > 1


# -- against a search with no rules, on small random positions --------------------------------


def random_position(rng: random.Random, kings_only: bool) -> game.Game:
    """A few consecutive ranks of each suit on 2-4 piles and a short stock or waste."""
    founds, cards = small_deal(rng, 8)
    talon = rng.randrange(3)
    stock, waste = cards[:talon], cards[talon : talon + rng.randrange(2)]
    piles: list[list[str]] = [[] for _ in range(rng.randrange(2, 5))]
    for c in cards[len(stock) + len(waste) :]:
        piles[rng.randrange(len(piles))].append(c)
    more: dict[str, Any] = {"rules": {"kings_only": True}} if kings_only else {}
    stock = [c.lower() for c in stock]
    return layout(piles, foundations=founds, stock=stock, waste=waste, **more)


def canon(g: game.Game) -> tuple[object, ...]:
    """The position with its tableau piles in sorted order: piles are interchangeable, and
    without this, cards dealt around seven mostly empty piles make millions of positions."""
    tableau = sorted(g.piles[t] for t in g.tab)
    return (*g.piles[: g.tab[0]], *tableau, g.redeals_left)


@pytest.mark.parametrize("kings_only", [False, True], ids=["any-card", "kings-only"])
def test_the_rule_agrees_with_a_search_without_rules(kings_only: bool) -> None:
    """In every position reachable from 200 random small ones (with fewer than 20,000 such
    positions each), a move home the rule forces
    (and the older rule would not) never leads from a winnable position to an unwinnable
    one, and the solver's verdict is the truth. (Any card to an empty pile wins nearly
    every small position; with Kings only, many are lost.)"""
    rng = random.Random(11 + kings_only)
    said = {"wider": 0, "won": 0, "lost": 0}
    tried = 0
    while said["won"] + said["lost"] < 200:
        tried += 1
        start = random_position(rng, kings_only)
        space = winnable_positions(start, canon, limit=20_000)
        if space is None:
            continue
        boards, good = space
        for key, board in boards.items():
            h = heights(board)
            for m in board.plain_moves():
                if F0 <= m[1] < T0 and forced(board, m, h):
                    after = board.copy()
                    after.apply(m)
                    assert key not in good or canon(after) in good, (board.layout(), m)
                    card = board.piles[m[0]][-1]
                    rank = (card >> 2) + 1
                    twin = h[3 - (card & 3)]
                    if rank > 2 and not (twin and twin[0] >= rank - 1):
                        said["wider"] += 1
        result = Search(start).run(seconds=5)
        assert result is not None
        assert result.result == ("won" if canon(start) in good else "lost"), start.layout()
        said[result.result] += 1
    # the rule fired, and (with Kings only) both verdicts came up
    assert min(said.values() if kings_only else (said["wider"], said["won"])) >= 10, said
    assert tried < 1000, tried
