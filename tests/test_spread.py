"""How far apart a pile's cards sit (game/ui/spread.py): every covered card keeps the strip
its index needs, piles use the room they have, and cards shrink only when they must."""

from __future__ import annotations

import itertools

import pytest

from game.ui import spread

H = 100.0  # a card's height, in pixels


def gaps(tops: list[float], card_h: float = H) -> list[float]:
    return [(b - a) / card_h for a, b in itertools.pairwise(tops)]


def test_a_short_column_in_a_tall_room_spreads_out_but_no_further_than_max_up() -> None:
    tops = spread.column([False] * 4, room=2000, card_h=H)
    assert gaps(tops) == [spread.MAX_UP] * 3


def test_a_column_with_just_its_usual_room_keeps_its_usual_offsets() -> None:
    down = [True, True, False, False]
    need = H + (2 * spread.DOWN + spread.UP) * H
    assert gaps(spread.column(down, room=need, card_h=H)) == pytest.approx(
        [spread.DOWN, spread.DOWN, spread.UP]
    )


def test_a_long_column_closes_face_down_gaps_first() -> None:
    down = [True] * 6 + [False] * 6
    usual = H + (6 * spread.DOWN + 5 * spread.UP) * H
    g = gaps(spread.column(down, room=usual - 20, card_h=H))
    assert g[:6] == pytest.approx([spread.DOWN - 20 / 6 / H] * 6, abs=0.002)
    assert g[6:] == pytest.approx([spread.UP] * 5, abs=0.002)


def test_face_up_gaps_never_go_below_the_index_while_there_is_room_for_it() -> None:
    down = [False] * 14
    least = H + 13 * spread.MIN_UP * H
    g = gaps(spread.column(down, room=least + 1, card_h=H))
    assert min(g) >= spread.MIN_UP
    assert H * sum(g) + H <= least + 1


def test_a_column_beyond_any_room_is_squeezed_evenly_and_ends_in_its_room() -> None:
    down = [True] * 3 + [False] * 14
    least = H + (3 * spread.MIN_DOWN + 13 * spread.MIN_UP) * H
    tops = spread.column(down, room=least - 60, card_h=H)
    assert tops[-1] + H == pytest.approx(least - 60, abs=0.2)
    g = gaps(tops)
    assert g[3:] == pytest.approx([g[3]] * len(g[3:]), abs=0.002)  # face up, all alike
    assert g[3] / g[0] == pytest.approx(spread.MIN_UP / spread.MIN_DOWN, rel=0.05)


def test_one_card_and_no_cards() -> None:
    assert spread.column([False], room=50, card_h=H) == [0.0]
    assert spread.column([], room=50, card_h=H) == []


def test_the_column_cap_is_the_card_height_at_which_the_pile_fits_exactly() -> None:
    down = [True, True, False, False, False]
    avail = 900.0
    cap = spread.column_cap(down, avail)
    # The top row (one card) above, the pile at its usual offsets: exactly `avail`.
    assert cap * (2 + 2 * spread.DOWN + 2 * spread.UP) == pytest.approx(avail)
    tight = spread.column_cap(down, avail, tight=True)
    assert tight > cap
    room = avail - cap  # below the top row
    assert gaps(spread.column(down, room=room, card_h=cap), cap) == pytest.approx(
        [spread.DOWN, spread.DOWN, spread.UP, spread.UP], abs=0.002
    )


def test_a_fan_spreads_by_its_step_and_closes_up_in_a_narrow_room() -> None:
    assert spread.fan(3, width=500, card_w=H) == [0.0, 52.0, 104.0]
    lefts = spread.fan(6, width=200, card_w=H)
    assert lefts[-1] == pytest.approx(100) and lefts[1] == pytest.approx(20)


def test_the_fan_cap_leaves_every_covered_card_its_index() -> None:
    for n in range(1, 14):
        w = spread.fan_cap(n, width=210)
        lefts = spread.fan(n, width=210, card_w=w)
        steps = [b - a for a, b in itertools.pairwise(lefts)]
        assert all(s >= spread.MIN_STEP * w - 0.1 for s in steps), (n, steps)
        assert lefts[-1] + w <= 210 + 0.1


def test_cards_shrink_at_once_and_grow_back_only_by_enough() -> None:
    assert spread.resize(100, 92) and spread.resize(100, 99.5, spread.GROW)  # shrink: always
    assert spread.resize(92, 100)  # a new game or a resize: to the size that fits
    assert not spread.resize(92, 100, spread.GROW)  # after a move: not for one strip
    assert spread.resize(92, 92 * spread.GROW, spread.GROW)
    assert not spread.resize(100, 100, spread.GROW)
