"""Undo steps (game/turns.py): a move and its auto-moves undo together, the deal's own
auto-moves never, steps are cut for "play from here", and read back from a save."""

from __future__ import annotations

import pytest

import game
from game.assist import auto_moves
from game.turns import Turns

DEAL = 1545  # Whitehead: three safe auto-moves at the start (tests/test_table_kit.DEALS)


def dealt() -> tuple[game.Game, Turns]:
    g = game.new_game("whitehead", DEAL)
    turns = Turns()
    turns.played(len(auto_moves(g, "safe")), dealing=True)
    return g, turns


def test_the_deals_own_auto_moves_are_a_step_undo_never_takes() -> None:
    g, turns = dealt()
    assert (turns.done, turns.dealt, turns.undoable, turns.made(g)) == ([3], 3, 0, 0)
    assert turns.undo(g) == 0 and len(g.moves) == 3
    g.play("s")
    turns.played(1 + len(auto_moves(g, "safe")))
    assert turns.undoable == 1 and turns.made(g) == len(g.moves) - 3
    assert turns.undo(g) == turns.undone[-1] and len(g.moves) == 3
    assert turns.undo(g) == 0  # back at the deal: nothing more


def test_a_step_undoes_and_redoes_whole_and_a_new_move_drops_the_redo_stack() -> None:
    g = game.new_game("whitehead", 1)
    turns = Turns()
    for text in ["t1>t4", "t6>t1"]:
        g.play(text)
        turns.played(1)
    g.play("s")
    g.play("s")
    turns.played(2)  # say a move and an auto-move
    start = g.layout()
    assert turns.undo(g) == 2 and len(g.moves) == 2
    assert turns.redo(g) == 2 and g.layout() == start
    assert turns.undo(g) == 2 and turns.undone == [2]
    g.play("s")
    turns.played(1)
    assert turns.undone == [] and turns.redo(g) == 0
    turns.played(0)
    assert turns.done == [1, 1, 1]  # no moves: no step


def test_steps_that_do_not_fit_become_one_move_each_and_the_deal_only_first() -> None:
    g, _ = dealt()
    g.play("s")
    g.undo()
    assert Turns.fitted(g, [3], [1], 3) == Turns([3], [1], 3)
    assert Turns.fitted(g, [2], [1], 3) == Turns([1, 1, 1], [1], 0)  # 2 != 3 moves
    assert Turns.fitted(g, [1, 2], [1], 1) == Turns([1, 2], [1], 1)
    assert Turns.fitted(g, [1, 2], [1], 2) == Turns([1, 2], [1], 0)  # not its first step


@pytest.mark.parametrize(
    ("at", "before", "redo"),
    [
        (0, [], [1, 2, 3]),
        (3, [3], [1, 2]),  # redo stack: the next step to redo last
        (4, [3, 1], [1, 1]),  # the step of two cut through: one move each side
        (5, [3, 2], [1]),
        (6, [3, 2, 1], []),
    ],
)
def test_steps_cut_at_a_move_split_the_step_it_falls_in(
    at: int, before: list[int], redo: list[int]
) -> None:
    cut = Turns([3, 2, 1]).cut(at)
    assert (cut.done, cut.undone) == (before, redo)
    assert Turns([3, 2], [1]).cut(at) == cut  # undone steps count as the line's too


def test_a_cut_keeps_the_deals_step_out_of_undo_unless_it_cuts_through_it() -> None:
    turns = Turns([3, 1, 2], [], 3)
    assert turns.cut(4).dealt == 3 and turns.cut(3).dealt == 3
    assert turns.cut(2) == Turns([2], [2, 1, 1], 0)  # played from inside the deal's step


def test_steps_are_kept_in_the_records_order_and_read_back() -> None:
    turns = Turns([3, 1], [2, 1], 3)  # 1 is redone next, then 2
    assert turns.steps() == [3, 1, 1, 2]
    assert Turns.read(turns.steps(), 4, 3, 3) == turns
    assert Turns.read(None, 2, 1) == Turns([1, 1], [1])  # older saves: one move a step
    for steps, dealt, why in [
        ([3, 1, 1, 2], 2, "dealt moves"),
        ([3, 1, 1, 1], 3, "do not fit"),
        ([3, 0, 1, 3], 0, "bad undo steps"),
        ("3,1", 0, "bad undo steps"),
        ([3, 1, 1, 2], "3", "dealt moves"),
    ]:
        with pytest.raises(ValueError, match=why):
            Turns.read(steps, 4, 3, dealt)
