"""Bad input: every malformed move, record or layout ends in one clear GameError line.

And a failed play leaves the game exactly as it was: position, history and redo stack.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game


def one_line(error: BaseException) -> str:
    message = str(error)
    assert message.strip() and len(message.splitlines()) == 1 and "\n" not in message
    assert len(message) < 300, message
    return message


def label(value: object) -> str:
    """A short test id for any value; the same in every process (pytest-xdist's workers
    must collect the same ids), so a plain object is not named by its address."""
    if type(value) is object:
        return "object()"
    return reprlib.repr(value)[:30]


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


# -- move text ------------------------------------------------------------------------------

BAD_MOVE_TEXT = [
    "", " ", "   ", "\t\n", "x", "t", "f", "w", "ss", "rr", "s s", "S", "R",
    "t0>t1", "t19>t1", "t1>t19", "t1>t0", "f9", "f9>t1", "t1>f9", "f0>t1", "t1>f0",
    "t1>t2x1", "t1>t2x0", "t1>t2x", "t1>t2x01", "t1>t2x100", "t1>t2X2", "t1>t2 x2",
    "t1 > t2", "t1>>t2", "t1-t2", "t1t2", "T1>T2", "t1>t2>t3", ">t1", "t1>", ">",
    "f>t1", "f>f", "s>t1", "s>w", "s>f", "t01>t2", "t1>t02", "t+1>t2", "t-1>t2",
    "t1>t2x-2", "t1>t2x2.0", "t1\n>t2", "t1>t2\x00", "\x00",
    "t１>t2", "t1>t２", "t1>t2x٣", "t¹>t2", "♠", "t1→t2", "ｓ", "t1\u2028>t2",
    "a" * 100_000, "t1>t2" * 10_000, "t1>t2x" + "9" * 5000, "s" * 1000,
]  # fmt: skip


@pytest.mark.parametrize("text", BAD_MOVE_TEXT, ids=label)
def test_malformed_move_text_is_refused_by_the_parser(text: str) -> None:
    with pytest.raises(game.IllegalMove) as e:
        game.parse_move(text)
    assert isinstance(e.value, game.GameError) and isinstance(e.value, ValueError)
    assert "not a move" in one_line(e.value)


NOT_TEXT: list[object] = [
    None, 0, 3, 3.5, True, b"t1>t2", bytearray(b"s"), ["t1", "t2"], {"src": "t1"}, object(),
    ("t1", "t2", 1), (10, 11), (10, 11, 1, 0), (10, 11, True), (10.0, 11, 1), (10, 11, None),
    deep(5000), [1] * 100_000,
]  # fmt: skip


@pytest.mark.parametrize("value", NOT_TEXT, ids=label)
def test_a_move_that_is_not_text_is_refused_by_the_parser(value: object) -> None:
    with pytest.raises(game.IllegalMove) as e:
        game.parse_move(value)
    one_line(e.value)


def played_game() -> game.Game:
    """Whitehead deal 1 after a few moves, with one move undone (so redo has something)."""
    g = game.new_game("whitehead", 1)
    for move in ("t1>t4", "t6>t1", "s", "s"):
        g.play(move)
    g.undo()
    return g


ODD_TUPLES: list[object] = [
    (10, 11, -1), (10, 11, 0), (10, 11, 14), (10, 11, 2**70), (28, 10, 1), (0, 10, 1),
    (0, 0, 1), (0, 1, 0), (1, 0, 1), (-1, 10, 1), (10, -5, 1), (2**70, 10, 1), (10, 10, 1),
    (2, 10, 1), (10, 9, 1), (10, 27, 1), game.Move(28, 10), game.Move(10, 28, 3),
]  # fmt: skip


@pytest.mark.parametrize("move", BAD_MOVE_TEXT + NOT_TEXT + ODD_TUPLES, ids=label)
def test_failed_play_leaves_the_game_untouched(move: object) -> None:
    g = played_game()
    before, history, key = g.layout(), g.moves, g.key()
    legal = g.legal_moves()
    with pytest.raises(game.IllegalMove) as e:
        g.play(move)  # type: ignore[arg-type]
    one_line(e.value)
    assert g.layout() == before and g.moves == history and g.key() == key
    assert g.legal_moves() == legal
    assert g.can_redo and str(g.redo()) == "s"  # the redo stack survived too


def test_illegal_moves_name_the_move_and_why() -> None:
    g = game.new_game("whitehead", 1)  # t1 QD; t2 6C 8C; t3 TH 9S 2C; t4 … KD; …
    cases = {
        "t3>t1": "t3>t1: 2♣ cannot go on Q♦",
        "t2>t1x2": "t2>t1x2: the top 2 cards of column 2 are not a run that moves together "
        "(in Whitehead runs move as a unit only when built in same suit)",
        "t2>t1x3": "t2>t1x3: column 2 has only 2 cards",
        "t1>t8": "t1>t8: Whitehead has no pile t8",
        "t1>f5": "t1>f5: Whitehead has no pile f5",
        "t1>t1": "t1>t1: a pile cannot move onto itself",
        "t1>w": "t1>w: cards cannot be played to the waste",
        "t1>s": "t1>s: cards cannot be played to the stock",
        "w>t1": "w>t1: the waste is empty",
        "t1>f1": "t1>f1: only an Ace starts a foundation",
        "t1>f": "t1>f: no foundation takes Q♦ yet",
        "f1>t1": "f1>t1: cards never leave a foundation",
        "r": "r: the stock is not empty yet",
        " t3>t1 ": "t3>t1: 2♣ cannot go on Q♦",  # surrounding blanks are forgiven
    }
    for move, message in cases.items():
        with pytest.raises(game.IllegalMove) as e:
            g.play(move)
        assert str(e.value) == message


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_any_text_either_parses_to_a_move_that_prints_back_or_is_refused(text: str) -> None:
    try:
        move = game.parse_move(text)
    except game.IllegalMove as e:
        one_line(e)
        return
    assert game.parse_move(str(move)) == move
    assert str(move) == text.strip()  # blanks around a move are forgiven, nothing else


@given(st.text(alphabet="stfwrx>0123456789 ", max_size=12))
@settings(max_examples=300, deadline=None)
def test_any_move_like_text_played_is_legal_or_refused_cleanly(text: str) -> None:
    g = played_game()
    key, history, legal = g.key(), g.moves, g.legal_moves()
    try:
        played = g.play(text)
    except game.IllegalMove as e:
        one_line(e)
        assert g.key() == key and g.moves == history
        return
    assert played in legal and g.moves == [*history, played]


# -- records --------------------------------------------------------------------------------

GOOD = {"game": "whitehead", "deal": 7, "rules": {"kings_only": True}, "moves": []}

BAD_RECORDS: dict[str, object] = {
    "a list": [],
    "a number": 7,
    "a string that is not JSON text": "whitehead 7",
    "null": None,
    "bytes": b'{"game": "whitehead", "deal": 7}',
    "no game": {"deal": 7},
    "game null": {"game": None, "deal": 7},
    "game a number": {"game": 1, "deal": 7},
    "unknown game": {"game": "klondike", "deal": 7},
    "game in capitals": {"game": "Whitehead", "deal": 7},
    "long game name": {"game": "x" * 100_000, "deal": 7},
    "no deal": {"game": "whitehead"},
    "deal 0": {"game": "whitehead", "deal": 0},
    "deal -1": {"game": "whitehead", "deal": -1},
    "deal 2**31": {"game": "whitehead", "deal": 2**31},
    "deal huge": {"game": "whitehead", "deal": 10**5000},
    "deal '7'": {"game": "whitehead", "deal": "7"},
    "deal 1.5": {"game": "whitehead", "deal": 1.5},
    "deal 7.0": {"game": "whitehead", "deal": 7.0},
    "deal True": {"game": "whitehead", "deal": True},
    "deal null": {"game": "whitehead", "deal": None},
    "deal nested": {"game": "whitehead", "deal": deep(5000)},
    "rules a list": {"game": "whitehead", "deal": 7, "rules": []},
    "rules a string": {"game": "whitehead", "deal": 7, "rules": "kings_only"},
    "rules null": {"game": "whitehead", "deal": 7, "rules": None},
    "rules with a number key": {"game": "whitehead", "deal": 7, "rules": {1: True}},
    "unknown house rule": {"game": "whitehead", "deal": 7, "rules": {"pgs": True}},
    "house rule of another game": {"game": "linus", "deal": 7, "rules": {"kings_only": True}},
    "house rule 'yes'": {"game": "whitehead", "deal": 7, "rules": {"kings_only": "yes"}},
    "house rule 1": {"game": "whitehead", "deal": 7, "rules": {"kings_only": 1}},
    "house rule nested": {"game": "whitehead", "deal": 7, "rules": {"kings_only": deep(5000)}},
    "unknown field": {**GOOD, "player": "me"},
    "moves a string": {**GOOD, "moves": "t1>f1"},
    "moves an object": {**GOOD, "moves": {"0": "s"}},
    "moves null": {**GOOD, "moves": None},
    "too many moves": {**GOOD, "moves": ["s"] * 100_001},
}


@pytest.mark.parametrize("record", list(BAD_RECORDS.values()), ids=list(BAD_RECORDS))
def test_malformed_record_is_refused(record: object) -> None:
    with pytest.raises(game.RecordError) as e:
        game.replay(record)  # type: ignore[arg-type]
    one_line(e.value)
    assert e.value.index is None
    try:
        text = json.dumps(record)
    except (TypeError, ValueError, RecursionError):  # not expressible as JSON text
        return
    with pytest.raises(game.RecordError) as e:
        game.replay(text)  # the same record as JSON text
    one_line(e.value)


def test_the_good_record_replays() -> None:
    assert game.replay(GOOD).layout()["rules"] == {"kings_only": True}
    assert game.replay(json.dumps(GOOD)).record() == GOOD


@pytest.mark.parametrize("bad", ["t3>t2", "t0>t1", "", 7, None, ["s"], "f>t1"])
@pytest.mark.parametrize("k", [0, 1, 3])
def test_illegal_move_in_a_record_names_its_index(bad: object, k: int) -> None:
    moves: list[object] = [*["t1>t4", "t6>t1", "s", "s"][:k], bad, "s"]
    with pytest.raises(game.RecordError) as e:
        game.replay({"game": "whitehead", "deal": 1, "moves": moves})
    message = one_line(e.value)
    assert e.value.index == k
    assert message.startswith(f"move {k + 1} (index {k}) is illegal: ")
    if bad == "t3>t2":
        assert message.endswith("t3>t2: 2♣ cannot go on 8♣")


BAD_JSON = [
    "", " ", "{", "}", "{'game': 'whitehead'}", '{"game": "whitehead", "deal": 7,}',
    '{"game": "whitehead" "deal": 7}', "nan", "NaN", "[]", "null", "7", '"text"',
    '{"game": "whitehead", "deal": 1e400}', '{"game": "whitehead", "deal": ' + "9" * 5000 + "}",
    "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
    '{"game": "whitehead", "deal": 7, "rules": {"kings_only": ' + "[" * 900 + "]" * 900 + "}}",
    "\ufeff{}", '{"game": "whitehead", "deal": 7}garbage', "\x00",
]  # fmt: skip


@pytest.mark.parametrize("text", BAD_JSON, ids=label)
def test_invalid_or_hostile_json_text_is_refused(text: str) -> None:
    with pytest.raises(game.RecordError) as e:
        game.replay(text)
    one_line(e.value)


@pytest.mark.parametrize("text", BAD_JSON, ids=label)
def test_loads_refuses_only_invalid_json(text: str) -> None:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        with pytest.raises(game.RecordError) as e:
            game.loads(text)
        one_line(e.value)
    else:
        assert game.loads(text) == json.loads(text) or text.strip().lower() == "nan"


def test_new_game_refuses_bad_names_deals_and_house_rules() -> None:
    for args, house in [
        (("klondike", 1), {}),
        (("whitehead", 0), {}),
        (("whitehead", 2**31), {}),
        (("whitehead", True), {}),
        (("whitehead", 1), {"pgs": True}),
        (("whitehead", 1), {"kings_only": "yes"}),
        (("linus", 1), {"pgs": None}),
    ]:
        with pytest.raises(game.GameError) as e:
            game.new_game(*args, **house)  # type: ignore[arg-type]
        one_line(e.value)
    assert game.new_game("whitehead", 2**31 - 1).deal == 2**31 - 1


# -- layouts --------------------------------------------------------------------------------


def layout(**fields: object) -> dict[str, object]:
    return {"game": "whitehead", "deal": 1, "tableau": [["KS"]], **fields}


BAD_LAYOUTS: dict[str, object] = {
    "not a dict": [["KS"]],
    "a string": "game",
    "unknown field": layout(tablaeu=[["KS"]]),
    "no game": {"deal": 1, "tableau": []},
    "no deal": {"game": "whitehead", "tableau": []},
    "two copies of a card": layout(tableau=[["KS"], ["QH", "KS"]]),
    "two copies across piles": layout(waste=["AS"], foundations=[["AS"]]),
    "three copies in two decks": layout(game="unlimited", tableau=[["AS"], ["AS"], ["AS"]]),
    "face-down top": layout(tableau=[["KS", "qh"]]),
    "face-down waste": layout(waste=["as"]),
    "face-down foundation": layout(foundations=[["as"]]),
    "foundation skips a rank": layout(foundations=[["AS", "3S"]]),
    "foundation mixes suits": layout(foundations=[["AS", "2H"]]),
    "foundation starts with a two": layout(foundations=[["2S"]]),
    "foundation goes down": layout(foundations=[["2S", "AS"]]),
    "stock in Linus": layout(game="linus", stock=["2c"]),
    "waste in Linus": layout(game="linus", waste=["2C"]),
    "too many piles": layout(tableau=[["KS"]] * 8),
    "too many foundations": layout(foundations=[[]] * 5),
    "tableau not a list": layout(tableau="KS"),
    "pile not a list": layout(tableau=["KS"]),
    "card not text": layout(tableau=[[13]]),
    "card not a card": layout(tableau=[["1S"]]),
    "ten written 10": layout(tableau=[["10S"]]),
    "mixed case card": layout(tableau=[["Ks"]]),
    "redeals_left negative": layout(redeals_left=-1),
    "redeals_left text": layout(redeals_left="1"),
    "redeals_left true": layout(redeals_left=True),
    "redeals_left null with one pass": layout(redeals_left=None),
    "redeals_left counted in Unlimited": layout(game="unlimited", redeals_left=3),
    "unknown game": layout(game="klondike"),
    "unknown house rule": layout(rules={"pgs": True}),
}


@pytest.mark.parametrize("bad", list(BAD_LAYOUTS.values()), ids=list(BAD_LAYOUTS))
def test_from_layout_refuses_bad_layouts(bad: object) -> None:
    with pytest.raises(game.RecordError) as e:
        game.from_layout(bad)  # type: ignore[arg-type]
    one_line(e.value)


def test_from_layout_takes_what_layout_gives() -> None:
    g = game.new_game("unlimited", 3)
    assert game.from_layout(g.layout()).layout() == g.layout()
    two = layout(game="unlimited", tableau=[["AS"], ["AS"]], redeals_left=None)
    assert game.from_layout(two).layout()["tableau"][:2] == [["AS"], ["AS"]]
