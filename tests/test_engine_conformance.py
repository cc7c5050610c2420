"""One generic suite over every game and house rule: random playouts checked step by step.

Besides the engine's own invariants (no card lost or duplicated, undo/redo, replay, notation
round trips, play accepts exactly the listed moves), every position is checked against a
small *reference* of the rules written here from RULES.md, working on layout dicts only:
it lists the legal moves, predicts the layout after each move and the status. It is slow and
plain on purpose and shares no code with the engine.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game

MAX_DEAL = 2**31 - 1
RANKS = "A23456789TJQK"
KING = 12

VARIANTS = [
    pytest.param("whitehead", {}, id="whitehead"),
    pytest.param("whitehead", {"kings_only": True}, id="whitehead-kings_only"),
    pytest.param("blind-alleys", {}, id="blind-alleys"),
    pytest.param("linus", {}, id="linus"),
    pytest.param("linus", {"pgs": True}, id="linus-pgs"),
    pytest.param("unlimited", {}, id="unlimited"),
]

deals = st.integers(min_value=1, max_value=MAX_DEAL)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
quick = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Layout = dict[str, Any]


# -- a reference of the rules, on layout dicts --------------------------------------------


def rank(c: str) -> int:
    return RANKS.index(c[0].upper())


def suit(c: str) -> str:
    return c[1].upper()


def red(c: str) -> bool:
    return suit(c) in "HD"


def face_up(c: str) -> bool:
    return c.isupper()


def builds(how: str, c: str, onto: str) -> bool:
    """May face-up ``c`` sit on face-up ``onto`` (one rank lower) under rule ``how``?"""
    if not (face_up(c) and face_up(onto) and rank(c) + 1 == rank(onto)):
        return False
    if how == "same colour":
        return red(c) == red(onto)
    if how == "alternate colours":
        return red(c) != red(onto)
    return suit(c) == suit(onto)  # "same suit"


BUILD = {"whitehead": "same colour", "blind-alleys": "alternate colours",
         "linus": "alternate colours", "unlimited": "same suit"}  # fmt: skip
UNIT = {"whitehead": "same suit", "blind-alleys": "alternate colours",
        "linus": None, "unlimited": "same suit"}  # fmt: skip
DECKS = {"whitehead": 1, "blind-alleys": 1, "linus": 1, "unlimited": 2}
# A fresh deal: cards dealt to each tableau pile, stock size, foundations, redeals_left.
SHAPE = {
    "whitehead": ([1, 2, 3, 4, 5, 6, 7], 24, 4, 0),
    "blind-alleys": ([3] * 6, 34, 4, 1),
    "linus": ([3] * 17 + [1], 0, 4, 0),
    "unlimited": ([7] * 7, 55, 8, None),
}


def dealt_face_down(name: str, index: int, size: int) -> bool:
    """Is the card at ``index`` (from the bottom) of a freshly dealt pile face down?"""
    if name == "blind-alleys":
        return index < size - 1
    return name == "unlimited" and index in (1, 3, 5)


def empty_takes(layout: Layout, head: str) -> bool:
    name, house = layout["game"], layout["rules"]
    if name == "linus":
        return not house.get("pgs") and rank(head) == KING
    if name == "unlimited" or house.get("kings_only"):
        return rank(head) == KING
    return True


def foundation_for(layout: Layout, c: str) -> str | None:
    """The lowest-numbered foundation that takes ``c``, if any."""
    for i, f in enumerate(layout["foundations"]):
        if (not f and rank(c) == 0) or (
            f and suit(f[-1]) == suit(c) and rank(f[-1]) + 1 == rank(c)
        ):
            return f"f{i + 1}"
    return None


def card_moves(layout: Layout) -> set[str]:
    """Every legal move of cards (no s, no r), as notation."""
    name = layout["game"]
    tableau = layout["tableau"]
    sources: list[tuple[str, list[str]]] = []
    if layout["waste"]:
        sources.append(("w", layout["waste"][-1:]))
    for i, pile in enumerate(tableau):
        for n in range(1, len(pile) + 1):
            run = pile[-n:]
            if not all(face_up(c) for c in run):
                break
            unit = UNIT[name]
            if n > 1 and (unit is None or not all(
                builds(unit, run[k + 1], run[k]) for k in range(n - 1)
            )):  # fmt: skip
                break
            sources.append((f"t{i + 1}", run))
    moves = set()
    for src, run in sources:
        suffix = f"x{len(run)}" if len(run) > 1 else ""
        if len(run) == 1 and (f := foundation_for(layout, run[0])):
            moves.add(f"{src}>{f}")
        for j, pile in enumerate(tableau):
            dst = f"t{j + 1}"
            if dst != src and (
                builds(BUILD[name], run[0], pile[-1]) if pile else empty_takes(layout, run[0])
            ):
                moves.add(f"{src}>{dst}{suffix}")
    return moves


def reference_moves(layout: Layout) -> set[str]:
    moves = card_moves(layout)
    if layout["stock"]:
        moves.add("s")
    elif layout["redeals_left"] != 0:
        if layout["rules"].get("pgs"):
            if any(layout["tableau"]):
                moves.add("r")
        elif layout["waste"]:
            moves.add("r")
    return moves


def reference_status(layout: Layout) -> str:
    if not layout["stock"] and not layout["waste"] and not any(layout["tableau"]):
        return "won"
    moves = reference_moves(layout)
    if not moves:
        return "lost"
    if layout["redeals_left"] is None and moves <= {"s", "r"}:
        tableau = layout["tableau"]
        for c in (c.upper() for c in layout["stock"] + layout["waste"]):
            if foundation_for(layout, c) or any(
                builds(BUILD[layout["game"]], c, p[-1]) if p else empty_takes(layout, c)
                for p in tableau
            ):
                return "playing"
        return "lost"
    return "playing"


def pile_of(layout: Layout, name: str) -> list[str]:
    if name == "w":
        pile: list[str] = layout["waste"]
    else:
        pile = layout["foundations" if name[0] == "f" else "tableau"][int(name[1:]) - 1]
    return pile


def reference_play(layout: Layout, text: str) -> Layout:
    """The layout after ``text`` (not for Linus's shuffled redeal); status left out."""
    new = copy.deepcopy(layout)
    del new["status"]
    if text == "s":
        new["waste"].append(new["stock"].pop().upper())
    elif text == "r":
        new["stock"] = [c.lower() for c in reversed(new["waste"])]
        new["waste"] = []
        if new["redeals_left"] is not None:
            new["redeals_left"] -= 1
    else:
        src_dst, _, n = text.partition("x")
        src_name, dst_name = src_dst.split(">")
        src, dst = pile_of(new, src_name), pile_of(new, dst_name)
        count = int(n or 1)
        dst.extend(src[-count:])
        del src[-count:]
        if src_name[0] == "t" and src and not face_up(src[-1]):
            src[-1] = src[-1].upper()
    return new


# -- helpers ------------------------------------------------------------------------------


def all_cards(layout: Layout) -> Counter[str]:
    piles = [layout["stock"], layout["waste"], *layout["foundations"], *layout["tableau"]]
    return Counter(c.upper() for p in piles for c in p)


def full_deck(name: str) -> Counter[str]:
    return Counter({r + s: DECKS[name] for r in RANKS for s in "SHDC"})


def playout(g: game.Game, seed: int, steps: int, greedy: bool = False) -> Iterator[game.Move]:
    """Random legal moves (as Move or as text, by turns) until ``steps`` or the game ends.

    A greedy playout plays to a foundation whenever it can, which ends many games.
    """
    rnd = random.Random(seed)
    for i in range(steps):
        if g.status != "playing":
            return
        moves = g.legal_moves()
        home = [m for m in moves if ">f" in str(m)]
        m = rnd.choice(home if greedy and home else moves)
        played = g.play(m if i % 2 else str(m))
        assert played == m
        yield m


def check_position(g: game.Game) -> None:
    """Every invariant of one position, against the reference."""
    layout = g.layout()
    assert all_cards(layout) == full_deck(g.rules.name)
    for pile in layout["tableau"]:
        assert not pile or face_up(pile[-1]), f"face-down top in {pile}"
    assert all(face_up(c) for p in [layout["waste"], *layout["foundations"]] for c in p)
    assert not any(face_up(c) for c in layout["stock"])
    listed = [str(m) for m in g.legal_moves()]
    assert len(listed) == len(set(listed)), f"duplicate moves {listed}"
    assert set(listed) == reference_moves(layout)
    won = sum(map(len, layout["foundations"])) == 52 * DECKS[g.rules.name]
    assert (g.status == "won") == won
    if g.rules.name != "unlimited":
        assert (g.status == "lost") == (not listed and not won)
    assert g.status == reference_status(layout)


# -- the suite ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals)
@settings(max_examples=20, deadline=None)
def test_fresh_deal_follows_the_rules(name: str, house: dict[str, bool], deal: int) -> None:
    g = game.new_game(name, deal, **house)
    layout = g.layout()
    sizes, stock, foundations, redeals_left = SHAPE[name]
    assert [len(p) for p in layout["tableau"]] == sizes
    for pile in layout["tableau"]:
        assert [c.islower() for c in pile] == [
            dealt_face_down(name, i, len(pile)) for i in range(len(pile))
        ]
    assert len(layout["stock"]) == stock
    assert layout["waste"] == [] and layout["foundations"] == [[]] * foundations
    assert layout["redeals_left"] == (2 if house.get("pgs") else redeals_left)
    assert layout["rules"] == house and layout["game"] == name and layout["deal"] == deal
    assert g.moves == [] and not g.can_undo and not g.can_redo
    check_position(g)
    assert game.new_game(name, deal, **house).layout() == layout  # deterministic


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@quick
def test_random_playout_matches_the_reference(
    name: str, house: dict[str, bool], deal: int, seed: int
) -> None:
    g = game.new_game(name, deal, **house)
    check_position(g)
    before = g.layout()
    for m in playout(g, seed, 120):
        after = g.layout()
        if str(m) == "r" and house.get("pgs"):
            assert Counter(c for p in after["tableau"] for c in p) == Counter(
                c for p in before["tableau"] for c in p
            )
            sizes = [len(p) for p in after["tableau"]]
            dealt = [s for s in sizes if s]  # in threes, the last one may be short
            assert sizes == dealt + [0] * (len(sizes) - len(dealt))
            assert all(s == 3 for s in dealt[:-1]) and 0 < dealt[-1] <= 3
            assert after["redeals_left"] == before["redeals_left"] - 1
        else:
            expected = reference_play(before, str(m))
            assert {k: v for k, v in after.items() if k != "status"} == expected
        check_position(g)
        before = after


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@settings(max_examples=6, deadline=None)
def test_greedy_playouts_end_as_the_reference_says(
    name: str, house: dict[str, bool], deal: int, seed: int
) -> None:
    g = game.new_game(name, deal, **house)
    for i, _ in enumerate(playout(g, seed, 400, greedy=True)):
        if i % 10 == 0:
            check_position(g)
    check_position(g)
    if g.status == "won":
        assert g.legal_moves() == []
        assert game.replay(g.record()).status == "won"


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@quick
def test_undo_restores_every_layout_back_to_the_deal_and_redo_replays_them(
    name: str, house: dict[str, bool], deal: int, seed: int
) -> None:
    g = game.new_game(name, deal, **house)
    seen = [(g.layout(), g.key())]
    played = []
    for m in playout(g, seed, 80):
        played.append(m)
        seen.append((g.layout(), g.key()))
    assert g.moves == played
    for m in reversed(played):
        assert g.undo() == m
        seen.pop()
        assert (g.layout(), g.key()) == seen[-1]
    assert g.undo() is None and not g.can_undo
    assert g.layout() == game.new_game(name, deal, **house).layout()
    for i, m in enumerate(played):
        assert g.redo() == m
        assert g.moves == played[: i + 1]
    assert g.redo() is None and not g.can_redo
    assert g.moves == played


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@quick
def test_undo_and_redo_in_any_order_follow_a_stack(
    name: str, house: dict[str, bool], deal: int, seed: int
) -> None:
    g = game.new_game(name, deal, **house)
    rnd = random.Random(seed)
    past: list[object] = [g.key()]  # the model: keys of positions
    future: list[object] = []
    for _ in range(150):
        action = rnd.choice(("play", "play", "undo", "redo"))
        if action == "play" and g.legal_moves():
            g.play(rnd.choice(g.legal_moves()))
            past.append(g.key())
            future.clear()
        elif action == "undo":
            moved = g.undo()
            assert (moved is None) == (len(past) == 1)
            if moved is not None:
                future.append(past.pop())
        elif action == "redo":
            moved = g.redo()
            assert (moved is None) == (not future)
            if moved is not None:
                past.append(future.pop())
        assert g.key() == past[-1]
        assert g.can_undo == (len(past) > 1) and g.can_redo == bool(future)
    hash(g.key())


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@quick
def test_replay_of_the_record_reproduces_the_layout(
    name: str, house: dict[str, bool], deal: int, seed: int
) -> None:
    g = game.new_game(name, deal, **house)
    for _ in playout(g, seed, 100):
        pass
    record = g.record()
    assert record == {"game": name, "deal": deal, "rules": house,
                      "moves": [str(m) for m in g.moves]}  # fmt: skip
    text = json.dumps(record)
    assert json.loads(text) == record
    for again in (game.replay(record), game.replay(text), game.replay(json.loads(text))):
        assert again.layout() == g.layout()
        assert again.key() == g.key()
        assert again.record() == record
    layout = g.layout()
    assert json.loads(json.dumps(layout)) == layout
    constructed = game.from_layout(layout)
    assert constructed.layout() == layout and constructed.key() == g.key()


def candidate_moves(max_run: int = 13) -> list[str]:
    """Every pile pair of the notation, every run length, plus s and r."""
    sources = ["w"] + [f"f{i}" for i in range(1, 9)] + [f"t{i}" for i in range(1, 19)]
    targets = ["s", "w", "f", *sources[1:]]
    return ["s", "r"] + [
        f"{a}>{b}" + (f"x{n}" if n > 1 else "")
        for a in sources
        for b in targets
        for n in range(1, max_run + 1)
    ]


CANDIDATES = candidate_moves()


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds, steps=st.integers(min_value=0, max_value=60))
@settings(max_examples=4, deadline=None)
def test_play_accepts_every_listed_move_and_nothing_else(
    name: str, house: dict[str, bool], deal: int, seed: int, steps: int
) -> None:
    g = game.new_game(name, deal, **house)
    for _ in playout(g, seed, steps):
        pass
    listed = {str(m) for m in g.legal_moves()}
    key, history = g.key(), g.moves
    accepted = set()
    for text in CANDIDATES:
        try:
            played = g.play(text)
        except game.IllegalMove as e:
            assert str(e) and "\n" not in str(e)
            assert g.key() == key and g.moves == history
            if text.endswith(">f"):
                assert not any(m.startswith(text) for m in listed), text
            continue
        if text.endswith(">f"):
            assert str(played) in listed and str(played).startswith(text), text
        else:
            assert str(played) == text
            accepted.add(text)
        assert g.undo() == played
        assert g.key() == key and g.moves == history
    assert accepted == listed


@pytest.mark.parametrize(("name", "house"), VARIANTS)
@given(deal=deals, seed=seeds)
@quick
def test_move_notation_round_trips(name: str, house: dict[str, bool], deal: int, seed: int) -> None:
    g = game.new_game(name, deal, **house)
    positions = 0
    for _ in playout(g, seed, 60):
        positions += 1
        for m in g.legal_moves():
            text = str(m)
            assert str(game.parse_move(text)) == text
            assert game.parse_move(text) == m
            assert game.Move.parse(text) == m
            assert tuple(m) in g.plain_moves()
    assert positions or g.status != "playing"


@pytest.mark.parametrize(("name", "house"), VARIANTS)
def test_reference_perft_agrees_with_the_engine(name: str, house: dict[str, bool]) -> None:
    """Depth-3 move trees from deal 1: the engine's moves and results, node by node."""
    g = game.new_game(name, 1, **house)

    def walk(depth: int) -> int:
        layout = g.layout()
        moves = [str(m) for m in g.legal_moves()]
        assert set(moves) == reference_moves(layout)
        if depth == 0:
            return 1
        total = 0
        for text in moves:
            g.play(text)
            if not (text == "r" and house.get("pgs")):
                assert {k: v for k, v in g.layout().items() if k != "status"} == reference_play(
                    layout, text
                )
            total += walk(depth - 1)
            g.undo()
        return total

    assert walk(3) > 0
