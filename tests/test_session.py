"""The game in progress (game/ui/session.py), without a browser: moves and their
auto-moves as one step, what listeners hear, the clock, and what a tap means."""

from __future__ import annotations

import pytest

import game
from game.assist import auto_moves, destinations
from game.notation import STOCK, T0, WASTE, Move
from game.turns import Turns
from game.ui.session import Change, Session

DEAL = 1545  # Whitehead: three safe auto-moves at the start


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def dealt(name: str = "whitehead", deal: int = DEAL) -> tuple[Session, Clock, list[Change]]:
    clock, heard = Clock(), list[Change]()
    s = Session(game.new_game("whitehead", 1), "safe", clock)
    s.listen(heard.append)
    s.start(game.new_game(name, deal))
    s.deal()
    return s, clock, heard


def test_a_deal_makes_its_own_auto_moves_which_are_not_the_players() -> None:
    s, clock, heard = dealt()
    assert heard == [Change("deal")]
    assert s.turns == Turns([3], [], 3) and s.made == 0 and s.elapsed() == 0.0
    clock.t += 30  # the clock waits for the first move
    assert s.elapsed() == 0.0


def test_a_move_and_its_auto_moves_are_one_step_and_start_the_clock() -> None:
    s, clock, heard = dealt()
    twin = game.new_game("whitehead", DEAL)
    auto_moves(twin, "safe")
    before = s.game.key()
    change = s.act("s")
    assert change == Change("move", Move(STOCK, WASTE, 1), before) and heard[-1] is change
    twin.play("s")
    step = 1 + len(auto_moves(twin, "safe"))
    assert s.turns.done[-1] == step and s.game.layout() == twin.layout()
    assert s.made == len(twin.moves) - 3
    clock.t += 12.5
    assert s.elapsed() == 12.5
    assert s.undo() == Change("undo") and s.made == 0
    assert s.undo() is None and s.redo() == Change("redo") and s.redo() is None


def test_an_illegal_move_changes_nothing_and_tells_no_one() -> None:
    s, _, heard = dealt()
    layout = s.game.layout()
    with pytest.raises(game.IllegalMove):
        s.act("w>t1")
    assert s.game.layout() == layout and heard == [Change("deal")] and s.started is None


def test_auto_move_set_on_makes_its_moves_as_a_step_of_their_own() -> None:
    clock = Clock()
    s = Session(game.new_game("whitehead", 1), "off", clock)
    s.start(game.new_game("whitehead", DEAL))
    s.deal()
    assert s.turns == Turns() and not s.game.moves
    assert s.set_automove("safe") == Change("auto")
    assert s.turns.done == [3] and s.turns.dealt == 0 and s.turns.undoable == 1


def test_the_clock_resumes_from_a_save_stops_at_the_end_and_goes_on() -> None:
    s, clock, _ = dealt()
    g = s.game.copy()
    s.start(g, Turns.fitted(g, [3], [], 3), elapsed=40.0)
    clock.t += 2
    assert s.elapsed() == 42.0
    s.stop_clock()
    clock.t += 100
    assert s.elapsed() == 42.0
    s.go_on()
    clock.t += 1
    assert s.elapsed() == 43.0


def two_places(s: Session) -> tuple[int, int, list[int]]:
    """A card with two or more places (the pinned deal has one, a run of two): its pile and
    index, and its places best first."""
    g = s.game
    for t in g.tab:
        for n in range(1, len(g.piles[t]) + 1):
            places = [m[1] for m in destinations(g, t, n)]
            if len(places) > 1:
                return t, len(g.piles[t]) - n, places
    raise AssertionError("the pinned deal has a card with two places")


def test_a_tap_moves_to_the_best_place_and_a_second_tap_on_it_tries_the_next() -> None:
    s, _, _ = dealt()
    src, index, places = two_places(s)
    assert s.tap(src, index, 1.0) is None
    first = s.game.moves[len(s.game.moves) - s.turns.last].dst
    assert first == places[0] and s.last_tap is not None
    landed = s.last_tap.landed
    assert landed == (first, len(s.game.piles[first]) - 2)  # under the run's other card
    assert s.tap(*landed, 5.0) is None  # the same card again: its next place, same turn
    assert s.game.moves[len(s.game.moves) - s.turns.last].dst == places[1]
    assert len(s.turns.done) == 2  # the deal's step and this one: the first was undone


def test_the_second_click_of_a_double_click_moves_nothing_more() -> None:
    s, _, _ = dealt()
    src, index, places = two_places(s)
    s.tap(src, index, 1.0, (50.0, 50.0))
    assert s.last_tap is not None
    landed, moves = s.last_tap.landed, list(s.game.moves)
    assert s.tap(*landed, 1.2, (52.0, 49.0)) is None and s.game.moves == moves
    s.tap(*landed, 1.6, (52.0, 49.0))  # later: a tap of its own, the next place
    assert s.game.moves[len(s.game.moves) - s.turns.last].dst == places[1]


def test_a_tap_says_why_instead_of_moving() -> None:
    s, _, _ = dealt()
    g = s.game
    home = next(f for f in g.found if g.piles[f])
    assert s.tap(home, len(g.piles[home]) - 1, 1.0) == (
        f"{game.cards.pretty(g.piles[home][-1])} is on a foundation: cards stay there."
    )
    assert s.tap(T0, -1, 1.0) == ""  # an empty spot: an older message goes
    assert s.tap(STOCK, -1, 1.0) is None and s.game.moves[-1] == Move(STOCK, WASTE, 1)
