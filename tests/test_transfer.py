"""Record files and the replay viewer's stepping, natively: file names, a file's text
replays to the same position (the command line reads it too), bad files are refused in
one line naming what is wrong, and a review steps along a line and hands it back."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT

import game
from game.cards import DOWN, pretty
from game.names import the
from game.records import MAX_MOVES
from game.review import Review, describe
from game.transfer import MAX_BYTES, file_name, file_text, read_file


def played(name: str = "whitehead", deal: int = 123, n: int = 12, **rules: bool) -> game.Game:
    """A game of `n` moves, each chosen by a fixed rule (a deal only when nothing else)."""
    g = game.new_game(name, deal, **rules)
    for i in range(n):
        moves = g.legal_moves()
        others = [m for m in moves if m.src != 0]
        g.play(others[i % len(others)] if others else moves[0])
    assert len(g.moves) == n
    return g


def test_file_names_say_game_house_rules_and_deal() -> None:
    assert file_name(game.new_game("whitehead", 123)) == "whitehead-deal-123.json"
    assert file_name(game.new_game("linus", 5, pgs=True)) == "linus-pgs-deal-5.json"
    g = game.new_game("whitehead", 9, kings_only=True)
    assert file_name(g) == "whitehead-kings-only-deal-9.json"


@pytest.mark.parametrize("name", list(game.GAMES))
def test_a_file_replays_to_the_same_position_here_and_on_the_command_line(name: str) -> None:
    g = played(name, 77, 15)
    text = file_text(g.record())
    assert json.loads(text) == g.record()
    assert read_file(text).layout() == g.layout()
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", "-"],
        input=text,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert g.status in out.stdout


def test_a_file_with_a_byte_order_mark_is_read() -> None:
    g = played("linus", 4, 5)
    assert read_file("\ufeff" + file_text(g.record())).layout() == g.layout()


def bad_files() -> dict[str, tuple[object, str]]:
    record = played().record()
    illegal = {**record, "moves": [*record["moves"][:4], "t1>t1", "s"]}
    return {
        "empty": ("  \n", "empty"),
        "not JSON": ("whitehead 123 t1>t4", "not valid JSON"),
        "truncated": (file_text(record)[:40], "not valid JSON"),
        "a list": (json.dumps([record]), "not a game record"),
        "unknown game": (json.dumps({**record, "game": "freecell"}), "unknown game 'freecell'"),
        "bad deal": (json.dumps({**record, "deal": 0}), "deal number"),
        "illegal move": (json.dumps(illegal), "move 5 (index 4) is illegal: t1>t1"),
        "not a move": (json.dumps({**record, "moves": ["t1>t99"]}), "move 1 (index 0)"),
        "extra field": (json.dumps({**record, "time": 3}), "no field 'time'"),
        "too many moves": (json.dumps({**record, "moves": ["s"] * (MAX_MOVES + 1)}), "at most"),
        "too big": ("[" + " " * MAX_BYTES + "]", "too big"),
        "not text": (b"{}", "not text"),
    }


@pytest.mark.parametrize("case", list(bad_files()))
def test_a_bad_file_is_refused_in_one_line_saying_what_is_wrong(case: str) -> None:
    text, says = bad_files()[case]
    with pytest.raises(game.RecordError) as caught:
        read_file(text)
    message = str(caught.value)
    assert says in message and "\n" not in message and len(message) < 300


def test_a_file_too_big_is_refused_by_its_size_before_it_is_read() -> None:
    with pytest.raises(game.RecordError, match=r"too big .*3\.0 MB"):
        read_file(None, size=3_000_000)


def test_a_review_steps_back_and_forth_through_the_line() -> None:
    g = played("blind-alleys", 4, 20)
    positions = [game.new_game("blind-alleys", 4).layout()]
    replayed = game.new_game("blind-alleys", 4)
    for m in g.moves:
        replayed.play(m)
        positions.append(replayed.layout())
    review = Review(g)
    assert (review.at, review.total) == (20, 20)
    for at in [0, 1, 7, 20, 3, 19, 0]:
        review.go(at)
        assert review.at == at and review.game.layout() == positions[at]
    review.go(99)
    assert review.at == 20
    review.go(-5)
    assert review.at == 0


def test_a_review_of_a_game_with_undone_moves_covers_them_and_starts_where_it_stands() -> None:
    g = played("whitehead", 123, 10)
    line = [str(m) for m in g.moves]
    for _ in range(4):
        g.undo()
    review = Review(g)
    assert (review.at, review.total) == (6, 10)
    assert review.game.layout() == g.layout()
    review.go(10)
    assert [str(m) for m in review.game.moves] == line
    assert review.record() == {**g.record(), "moves": line}


def test_play_from_here_keeps_the_rest_of_the_line_to_redo() -> None:
    g = played("unlimited", 8, 16)
    review = Review(g, at=5)
    here = review.playable()
    assert [str(m) for m in here.moves] == [str(m) for m in g.moves[:5]]
    assert [str(m) for m in here.redo_moves] == [str(m) for m in g.moves[5:]]
    assert here.layout() == review.game.layout()
    while here.redo():
        pass
    assert here.layout() == g.layout()


def test_captions_say_the_move_in_words_and_never_a_face_down_card() -> None:
    g = game.new_game("unlimited", 3)
    review = Review(played("unlimited", 3, 30))
    assert review.caption() == f"Move 30 of 30: {describe_last(review)}"
    review.go(0)
    assert review.caption() == "The deal, before move 1 of 30"
    for at in range(1, 31):
        review.go(at)
        m = review.line[at - 1]
        words = review.caption().split(": ", 1)[1]
        if m.src == 0:
            assert words == "deal a card"
        else:
            card = g.piles[m.src][-m.n]
            assert card < DOWN  # the moved card was face up where it stood
            assert words.startswith(pretty(card)) and words.endswith(f" to {the(g.rules, m.dst)}")
        g.play(m)


def describe_last(review: Review) -> str:
    review.game.undo()
    words = describe(review.game, review.line[-1])
    review.game.redo()
    return words


def test_a_deal_without_moves_says_so() -> None:
    assert Review(game.new_game("linus", 1)).caption() == "The deal: no moves yet"


def test_a_linus_redeal_is_told_as_such() -> None:
    g = game.new_game("linus", 9, pgs=True)
    g.play("r")
    assert Review(g).caption() == "Move 1 of 1: redeal the fans"
