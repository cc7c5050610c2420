"""The solver worker's protocol (game/solver/remote.py), in CPython: a position, a deal and
a daily pick each get the answer the page would find itself (the daily deal exactly
daily_deal's), requests take turns, a new position replaces the last, and a bad request
gets a one-line error of its own while the desk goes on.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest

import game
from game.daily import daily, daily_deal, pick, picking
from game.records import replay
from game.solver.remote import Desk, read_answer, request


def drain(desk: Desk, slices: int = 100_000) -> list[dict[str, Any]]:
    """Run the desk until it has nothing in hand; its answers, parsed."""
    out: list[dict[str, Any]] = []
    for _ in range(slices):
        if not desk.busy:
            return out
        text = desk.run(0.02)
        if text is not None:
            out.append(read_answer(text))
    raise AssertionError("the desk never went quiet")


def wins(record: dict[str, Any], moves: list[str]) -> bool:
    g = replay(record)
    for m in moves:
        g.play(g.resolve(m))
    return g.status == "won"


def test_a_position_gets_the_whole_portfolios_answer_with_a_line_that_wins() -> None:
    # Whitehead deal 18: only the portfolio's dives win it in seconds, not the lead alone
    record = game.new_game("whitehead", 18).record()
    desk = Desk()
    desk.post(request(7, "position", record=record, seconds=60))
    [answer] = drain(desk)
    assert (answer["id"], answer["kind"]) == (7, "position")
    assert answer["answer"]["result"] == "won"
    assert set(answer["answer"]) == {"result", "moves", "nodes", "seconds"}
    assert wins(record, answer["answer"]["moves"])


def test_a_position_out_of_budget_is_unknown() -> None:
    desk = Desk()
    record = game.new_game("whitehead", 18).record()
    desk.post(request(1, "position", record=record, seconds=0.05))
    [answer] = drain(desk)
    assert answer["answer"]["result"] == "unknown" and answer["answer"]["moves"] == []


def test_a_deal_is_searched_fresh_with_its_house_rules() -> None:
    desk = Desk()
    desk.post(request(2, "deal", game="linus", deal=5, rules={"pgs": True}, seconds=4))
    [answer] = drain(desk)
    assert answer["id"] == 2 and answer["answer"]["result"] in ("won", "lost", "unknown")
    if answer["answer"]["result"] == "won":
        assert wins(game.new_game("linus", 5, pgs=True).record(), answer["answer"]["moves"])


@pytest.mark.parametrize("name", ["whitehead", "blind-alleys", "linus", "unlimited"])
def test_the_daily_pick_is_daily_deals_own(name: str) -> None:
    day = date(2026, 12, 4)
    desk = Desk()
    desk.post(request(3, "daily", game=name, day=day.isoformat()))
    [answer] = drain(desk)
    found = daily(name, day)
    assert answer == {
        "id": 3,
        "kind": "daily",
        "answer": {
            "deal": daily_deal(name, day),
            "line": list(found.line),
            "tried": found.tried,
            "nodes": found.nodes,
        },
    }


def test_picking_steps_are_picks_own() -> None:
    day = date(2026, 12, 1)
    steps = list(picking("unlimited", day))
    found = steps[-1]
    assert found is not None and found == pick("unlimited", day)
    assert steps[:-1] == [None] * (found.tried - 1)


def test_requests_take_turns_and_a_stop_drops_one() -> None:
    desk = Desk()
    long = game.new_game("whitehead", 18).record()
    desk.post(request(1, "position", record=long, seconds=60))
    desk.post(request(2, "daily", game="blind-alleys", day="2026-12-01"))
    first = None
    while first is None:
        text = desk.run(0.02)
        first = None if text is None else read_answer(text)
    assert first["id"] == 2 and first["answer"]["deal"] == 4983783  # not kept waiting
    desk.post(request(1, "stop"))
    assert not desk.busy


def test_a_new_position_replaces_the_last() -> None:
    desk = Desk()
    desk.post(request(1, "position", record=game.new_game("whitehead", 18).record()))
    desk.post(request(2, "position", record=game.new_game("blind-alleys", 1).record()))
    answers = drain(desk)
    assert [a["id"] for a in answers] == [2]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("not json", "a request is a JSON object"),
        ("[1]", "a request is a JSON object"),
        ('{"kind": "position"}', "a request needs an id"),
        ('{"id": true, "kind": "stop"}', "a request needs an id"),
        ('{"id": 4, "kind": "solve"}', "a request's kind is one of"),
        ('{"id": 4, "kind": "position"}', "a position request needs a record"),
        (
            '{"id": 4, "kind": "position", "record": {"game": "whitehead", "deal": 1,'
            ' "moves": ["t9>f1"]}}',
            "t9>f1",
        ),
        ('{"id": 4, "kind": "deal", "game": "whitehead"}', "needs a game and a deal"),
        (
            '{"id": 4, "kind": "deal", "game": "whitehead", "deal": 1, "rules": {"x": 1}}',
            "rules are names",
        ),
        ('{"id": 4, "kind": "deal", "game": "chess", "deal": 1}', "chess"),
        ('{"id": 4, "kind": "deal", "game": "whitehead", "deal": 1, "seconds": -1}', "seconds"),
        ('{"id": 4, "kind": "daily", "game": "chess", "day": "2026-12-01"}', "no daily deal"),
        ('{"id": 4, "kind": "daily", "game": "linus", "day": "2026-02-30"}', "a date like"),
        ("x" * 1_000_001, "a request is a JSON object"),
    ],
)
def test_a_bad_request_gets_its_own_one_line_error(text: str, why: str) -> None:
    desk = Desk()
    desk.post(text)
    desk.post(request(9, "daily", game="whitehead", day="2026-12-01"))  # the desk goes on
    first, second = drain(desk)
    assert why in first["error"] and "\n" not in first["error"], first
    assert first["id"] in (None, 4)
    assert second["id"] == 9 and second["answer"]["deal"] == daily_deal(
        "whitehead", date(2026, 12, 1)
    )


@pytest.mark.parametrize(
    "text",
    ["", "nope", "[]", '{"id": "1", "answer": {}}', '{"id": 1}', '{"ready": 1}', '{"x": 1}'],
)
def test_a_message_of_no_known_form_reads_as_an_error(text: str) -> None:
    assert set(read_answer(text)) == {"error"}


def test_the_workers_own_messages_read_as_they_are() -> None:
    for data in ({"ready": True}, {"error": "Python failed"}, {"id": 3, "error": "no"}):
        assert read_answer(json.dumps(data)) == data
