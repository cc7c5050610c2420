"""The keyboard's pure parts: the key map, where the arrows take focus, and what a screen
reader is told (game/ui/keymap.py, cursor.py, voice.py). The page: test_keyboard.py."""

from __future__ import annotations

import pytest

import game
from game.cards import DOWN, parse_card
from game.notation import F0, STOCK, T0, WASTE, Move
from game.ui.cursor import settle, step, stops, top
from game.ui.keymap import BINDINGS, command_of, help_rows, shortcuts
from game.ui.voice import pile_label, tell_pickup, tell_turn, tell_undo

# -- the key map ---------------------------------------------------------------------------


def test_every_bound_key_gives_its_command_and_no_key_is_bound_twice() -> None:
    seen: dict[str, str] = {}
    for b in BINDINGS:
        for key in b.keys:
            assert key not in seen, (key, seen.get(key), b.command)
            seen[key] = b.command
            ctrl = key.startswith("ctrl+")
            name = key.removeprefix("ctrl+shift+").removeprefix("ctrl+")
            event_key = {"space": " ", "arrowleft": "ArrowLeft", "enter": "Enter"}.get(name, name)
            assert command_of(event_key, ctrl, "shift+" in key) == b.command


@pytest.mark.parametrize(
    ("key", "ctrl", "shift", "command"),
    [
        ("z", False, False, "undo"),
        ("Z", False, True, "undo"),  # shift alone does not matter
        ("z", True, False, "undo"),
        ("Z", True, True, "redo"),
        ("y", True, False, "redo"),
        (" ", False, False, "pick"),
        ("Enter", False, False, "pick"),
        ("Escape", False, False, "cancel"),
        ("ArrowUp", False, False, "up"),
        ("F", False, True, "foundation"),
        ("?", False, True, "help"),
        ("n", True, False, None),  # the browser's
        ("ArrowLeft", True, False, None),
        ("q", False, False, None),
    ],
)
def test_a_key_press_asks_for_a_command(key: str, ctrl: bool, shift: bool, command: str) -> None:
    assert command_of(key, ctrl, shift) == command


def test_the_help_lists_every_binding_in_order() -> None:
    rows = help_rows()
    assert [does for _, does in rows] == [b.does for b in BINDINGS]
    assert all(keys and does.endswith(".") for keys, does in rows)


def test_shortcuts_are_written_as_aria_keyshortcuts_wants() -> None:
    assert shortcuts("undo") == "Z Control+Z"
    assert shortcuts("redo") == "Y Control+Y Control+Shift+Z"
    assert shortcuts("pick") == "Space Enter"
    assert shortcuts("help") == "?"
    assert shortcuts("enter-table") == ""


# -- where focus goes ----------------------------------------------------------------------


def rows_of(g: game.Game) -> list[list[tuple[int, float]]]:
    """The rows of the page's column layout: stock, waste, foundations over the tableau
    (the foundations sit on the right, over the last columns)."""
    n = len(g.tab)
    upper = [(STOCK, 0.0), (WASTE, 1.0)] if g.rules.passes != 0 else []
    upper += [(f, float(n - len(g.found) + i)) for i, f in enumerate(g.found)]
    return [upper, [(t, float(i)) for i, t in enumerate(g.tab)]]


def test_left_and_right_go_through_every_pile_and_wrap() -> None:
    g = game.new_game("whitehead", 1545)
    rows, spot = rows_of(g), (STOCK, -1)
    seen = []
    for _ in range(2 + 4 + 7):
        spot = step(g, rows, spot, "right")
        seen.append(spot)
    assert [p for p, _ in seen] == [WASTE, *g.found, *g.tab, STOCK]
    # a pile's top card, or the pile itself when it has none to pick up
    assert seen[0] == (WASTE, -1) and seen[5] == (T0, 0) and seen[-2] == (T0 + 6, 6)
    assert step(g, rows, (STOCK, -1), "left") == (T0 + 6, 6)


def test_up_walks_down_a_column_card_by_card_then_to_the_pile_above() -> None:
    g = game.new_game("whitehead", 1545)  # t6: 5C 5D QC QH JS JD, all face up
    rows, spot = rows_of(g), top(g, T0 + 5)
    assert spot == (T0 + 5, 5)
    walked = []
    for _ in range(6):
        spot = step(g, rows, spot, "up")
        walked.append(spot)
    assert walked[:5] == [(T0 + 5, i) for i in (4, 3, 2, 1, 0)]
    assert walked[5] == (F0 + 2, -1)  # t6 stands under foundation 3
    assert step(g, rows, walked[5], "up") == walked[5]  # nothing above the top row
    assert step(g, rows, walked[5], "down") == (T0 + 5, 5)  # into a column: its top card
    assert step(g, rows, (T0 + 5, 1), "down") == (T0 + 5, 2)
    assert step(g, rows, (T0 + 5, 5), "down") == (T0 + 5, 5)  # nothing below the tableau
    assert step(g, rows, (T0 + 5, 3), "deepest") == (T0 + 5, 0)
    assert step(g, rows, (T0 + 5, 0), "top") == (T0 + 5, 5)


def test_focus_never_rests_on_a_face_down_card() -> None:
    g = game.new_game("blind-alleys", 9)  # each pile: two face down, one face up
    assert all(stops(g, t) == [2] for t in g.tab)
    assert step(g, rows_of(g), (T0, 2), "up") == (STOCK, -1)
    assert settle(g, (T0, 0)) == (T0, 2)
    u = game.new_game("unlimited", 5)  # face-down cards between face-up ones
    assert stops(u, T0) == [0, 2, 4, 6]
    assert step(u, rows_of(u), (T0, 4), "up") == (T0, 2)


def test_linus_fans_and_the_waste_offer_their_top_card_only() -> None:
    g = game.new_game("linus", 2)
    assert all(stops(g, t) == [len(g.piles[t]) - 1] for t in g.tab)
    rows = [[(f, float(i)) for i, f in enumerate(g.found)]] + [
        [(T0 + r * 6 + c, float(c)) for c in range(6)] for r in range(3)
    ]
    assert step(g, rows, (T0 + 1, 2), "down") == (T0 + 7, 2)  # the fan below
    assert step(g, rows, (T0 + 7, 2), "up") == (T0 + 1, 2)
    w = game.new_game("whitehead", 1545)
    for _ in range(3):
        w.play("s")
    assert stops(w, WASTE) == [2] and stops(w, STOCK) == [] and stops(w, F0) == []


def test_the_spot_settles_after_the_position_changes() -> None:
    g = game.new_game("whitehead", 1545)
    g.play("t1>f")  # t1 is empty now
    assert settle(g, (T0, 0)) == (T0, -1)
    g.play("t7>f")
    assert settle(g, (T0 + 6, 6)) == (T0 + 6, 5)  # the card left: the new top card
    assert settle(g, (F0, 0)) == (F0, -1)


# -- what is told ----------------------------------------------------------------------------


def test_pile_labels_name_the_pile_its_size_and_top_card() -> None:
    g = game.new_game("blind-alleys", 9)
    assert pile_label(g, T0, g.piles[T0]) == "Column 1, 3 cards (2 face down), top: ace of clubs"
    assert pile_label(g, STOCK, g.piles[STOCK]) == "Stock, 34 cards"
    assert pile_label(g, WASTE, ()) == "Waste, empty"
    assert pile_label(g, F0, ()) == "Foundation 1, empty"
    spades = tuple(parse_card(r + "S") for r in "A2345")
    assert pile_label(g, F0, spades[:1]) == "Foundation 1, ace of spades"
    assert pile_label(g, F0 + 1, spades) == "Foundation 2, ace to five of spades"
    full = tuple(parse_card(r + "H") for r in "A23456789TJQK")
    assert pile_label(g, F0, full) == "Foundation 1, ace to king of hearts, complete"
    linus = game.new_game("linus", 2)
    assert pile_label(linus, T0 + 2, linus.piles[T0 + 2]).startswith("Fan 3, 3 cards, top:")


def test_a_label_never_names_a_face_down_card() -> None:
    g = game.new_game("unlimited", 5)
    for t in g.tab:
        text = pile_label(g, t, g.piles[t])
        for c in g.piles[t]:
            if c >= DOWN:
                assert game.cards.spoken(c) not in text
    text = pile_label(g, STOCK, g.piles[STOCK])
    assert text == "Stock, 55 cards"


def test_a_move_is_told_with_the_card_it_goes_on_and_the_card_turned_up() -> None:
    g = game.new_game("blind-alleys", 9)  # t1: tc 4h AC; t3: 6h jd 2H
    told = tell_turn(g, [Move(T0, F0, 1)])
    assert told == "Ace of clubs to foundation 1; four of hearts turned up."
    g.play("t1>f")
    assert tell_turn(g, [Move(T0 + 2, T0, 1)]) == (
        "Two of hearts to column 1, on four of hearts; jack of diamonds turned up."
    )
    assert g.moves == [Move(T0, F0, 1)]  # telling plays on a copy


def test_a_run_a_deal_and_auto_moves_are_told() -> None:
    w = game.new_game("whitehead", 1545)  # t3: 3C 7S 6S moves onto t2's 8C
    assert tell_turn(w, [Move(T0 + 2, T0 + 1, 2)]) == (
        "Seven of spades and the 1 card above it to column 2, on eight of clubs."
    )
    dealt = tell_turn(w, [Move(STOCK, WASTE, 1)])
    card = game.cards.spoken(w.piles[STOCK][-1])
    assert dealt == f"Dealt {card}, 23 cards left in the stock."
    two = tell_turn(w, [Move(T0, F0, 1), Move(T0 + 6, F0 + 1, 1)])
    assert two == "Ace of hearts to foundation 1. Then ace of diamonds to foundation 2."
    assert tell_turn(w, [Move(T0, F0, 1)], redone=True).startswith("Redone: ace of hearts")


def test_turning_the_waste_over_and_a_linus_redeal_are_told() -> None:
    u = game.new_game("unlimited", 5)
    for _ in range(55):
        u.play("s")
    assert (
        tell_turn(u, [Move(STOCK, STOCK, 0)]) == "The waste is turned over: 55 cards in the stock."
    )
    pgs = game.new_game("linus", 2, pgs=True)
    assert tell_turn(pgs, [Move(STOCK, STOCK, 0)]) == (
        "Redeal: the fans are shuffled and dealt again, 1 redeal left."
    )


def test_an_undo_is_told_from_the_position_it_leaves() -> None:
    g = game.new_game("whitehead", 1545)
    g.play("t1>f")
    g.play("t7>f")
    g.undo()
    g.undo()
    assert tell_undo(g, g.redo_moves[:2]) == (
        "Undone: ace of hearts back to column 1, and 1 auto-move."
    )
    g.play("s")
    g.undo()
    assert tell_undo(g, g.redo_moves[:1]) == "Undone: the deal."
    assert tell_undo(g, []) == ""


def test_cards_picked_up_are_told_with_where_they_may_go() -> None:
    g = game.new_game("whitehead", 1545)  # t1: AH; t3: 3C 7S 6S; t4: … 4D
    assert tell_pickup(g, T0 + 2, 2) == (
        "Picked up seven of spades and the 1 card above it; they go to column 2. "
        "Space puts down, Escape puts back."
    )
    assert tell_pickup(g, T0, 1).startswith(
        "Picked up ace of hearts; it goes to foundation 1 or column 5."
    )
    assert tell_pickup(g, T0 + 3, 1).startswith("Picked up four of diamonds; nothing takes it now.")
