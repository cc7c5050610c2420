"""The saved game: a round trip keeps position, redo stack and time; anything damaged is
refused with one line."""

from __future__ import annotations

import json

import pytest

import game
from game.saved import MAX_TEXT, VERSION, SavedError, pack, unpack
from game.stats import Help
from game.turns import Turns


def played() -> game.Game:
    g = game.new_game("whitehead", 1)
    for move in ["t1>t4", "t2>t1", "t6>t4", "s", "s", "s"]:
        g.play(move)
    g.undo()
    g.undo()
    return g


def test_a_saved_game_comes_back_with_its_redo_stack_and_time() -> None:
    g = played()
    saved = unpack(pack(g, 83.4))
    assert saved.game.layout() == g.layout()
    assert [str(m) for m in saved.game.moves] == [str(m) for m in g.moves]
    assert [str(m) for m in saved.game.redo_moves] == ["s", "s"]
    assert saved.elapsed == pytest.approx(83.4)
    saved.game.redo()
    g.redo()
    assert saved.game.layout() == g.layout()


def test_undo_and_redo_steps_come_back_as_they_were() -> None:
    g = played()  # six moves, the last two undone
    saved = unpack(pack(g, 1, Turns([1, 2, 1], [1, 1])))
    assert (saved.turns.done, saved.turns.undone) == ([1, 2, 1], [1, 1])
    g = game.new_game("whitehead", 1)
    for move in ["t1>t4", "t2>t1", "t6>t4", "s", "s", "s"]:
        g.play(move)
    for _ in range(4):
        g.undo()
    # a move with an auto-move (two moves, one step), then two more undone in one step
    saved = unpack(pack(g, 1, Turns([2], [1, 3])))
    assert (saved.turns.done, saved.turns.undone) == ([2], [1, 3])


def test_steps_that_do_not_add_up_are_not_saved_and_old_saves_get_one_move_a_step() -> None:
    g = played()
    assert "turns" not in json.loads(pack(g, 1, Turns([1, 1], [2])))
    saved = unpack(pack(g, 1))
    assert (saved.turns.done, saved.turns.undone) == ([1, 1, 1, 1], [1, 1])


def test_the_deals_own_auto_moves_stay_a_step_undo_never_takes() -> None:
    g = played()  # six moves, two undone: say the first two were the deal's auto-moves
    saved = unpack(pack(g, 1, Turns([2, 1, 1], [1, 1], 2)))
    assert (saved.turns.done, saved.turns.dealt) == ([2, 1, 1], 2)
    # kept only as the first undo step; never without the steps; older saves have none
    assert "dealt" not in json.loads(pack(g, 1, Turns([1, 2, 1], [1, 1], 2)))
    assert "dealt" not in json.loads(pack(g, 1, Turns(dealt=2)))
    assert unpack(pack(g, 1, Turns([1, 2, 1], [1, 1]))).turns.dealt == 0


def test_house_rules_survive_a_save() -> None:
    g = game.new_game("linus", 9, pgs=True)
    g.play("r")
    assert unpack(pack(g, 0)).game.layout() == g.layout()


def test_the_help_a_game_had_comes_back_and_older_saves_had_none() -> None:
    g = played()
    for had in (Help(hints=4), Help(verdict=True), Help(finish=True), Help(2, True, True)):
        assert unpack(pack(g, 1, help=had)).help == had
    assert "help" not in json.loads(pack(g, 1, help=Help()))  # none: nothing to store
    older = pack(g, 1)  # as saved before help was kept
    assert "help" not in json.loads(older) and unpack(older).help == Help()
    assert json.loads(pack(g, 1, help=Help(hints=1)))["version"] == VERSION == 1


GOOD = json.loads(pack(played(), 5))


def damaged() -> list[object]:
    text = pack(played(), 5)
    illegal = {**GOOD, "record": {**GOOD["record"], "moves": ["t1>t4", "t1>t4"]}}
    return [
        None,
        17,
        "",
        "not json",
        text[: len(text) // 2],  # truncated
        json.dumps({**GOOD, "version": VERSION + 1}),
        json.dumps({**GOOD, "version": "1"}),
        json.dumps({k: v for k, v in GOOD.items() if k != "version"}),
        json.dumps(illegal),
        json.dumps({**GOOD, "record": "moves"}),
        json.dumps({**GOOD, "elapsed": -1}),
        json.dumps({**GOOD, "elapsed": "ten"}),
        json.dumps({**GOOD, "elapsed": float("nan")}),
        json.dumps({**GOOD, "elapsed": float("inf")}),
        json.dumps({**GOOD, "undone": 99}),
        json.dumps({**GOOD, "undone": True}),
        json.dumps([GOOD]),
        json.dumps({**GOOD, "turns": [1, 1, 1]}),  # fewer moves than the record's
        json.dumps({**GOOD, "turns": [3, 3]}),  # a step across the undo point
        json.dumps({**GOOD, "turns": [0, 4, 2]}),
        json.dumps({**GOOD, "turns": "1,1"}),
        json.dumps({**GOOD, "turns": [2, 1, 1, 1, 1], "dealt": 3}),  # not the first step
        json.dumps({**GOOD, "turns": [2, 1, 1, 1, 1], "dealt": "2"}),
        json.dumps({**GOOD, "turns": [2, 1, 1, 1, 1], "dealt": -2}),
        json.dumps({**GOOD, "help": {"hints": -3}}),
        json.dumps({**GOOD, "help": {"hints": 2.5}}),
        json.dumps({**GOOD, "help": {"verdict": "yes"}}),
        json.dumps({**GOOD, "help": {"finish": 1}}),
        json.dumps({**GOOD, "help": {"undos": 9}}),
        json.dumps({**GOOD, "help": True}),
        "x" * (MAX_TEXT + 1),
        "[" * 100_000,
    ]


@pytest.mark.parametrize("text", damaged(), ids=lambda t: repr(t)[:30])
def test_a_damaged_save_is_refused_in_one_line(text: object) -> None:
    with pytest.raises(SavedError) as caught:
        unpack(text)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 300
