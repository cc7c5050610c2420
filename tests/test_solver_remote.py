"""The solver's worker protocol (game/solver/remote.py) and the portfolio's split in two
(Portfolio.lead and without_lead). The page's Web Worker runs the whole portfolio now
(game/ui/advisor.py), but each part alone must still answer truly: a "won" comes with a
line that wins, a "lost" is a proof.
"""

from __future__ import annotations

import json

import pytest

import game
from game.records import RecordError, replay
from game.solver import BestFirst, Portfolio, Restarts, Search
from game.solver.remote import Remote


def finish(record: dict[str, object], moves: list[str]) -> str:
    """The status after playing ``moves`` from the record's position."""
    g = replay(record)
    for m in moves:
        g.play(g.resolve(m))
    return g.status


@pytest.mark.parametrize(
    ("name", "lead"),
    [("whitehead", Search), ("blind-alleys", Search), ("unlimited", Search), ("linus", Restarts)],
)
def test_the_lead_is_the_search_with_the_largest_share(name: str, lead: type) -> None:
    portfolio = Portfolio(game.new_game(name, 1))
    assert type(portfolio.lead()) is lead
    kinds = [type(s) for s in portfolio.searches]
    portfolio.without_lead()
    kinds.remove(lead)
    assert [type(s) for s in portfolio.searches] == kinds
    assert len(portfolio.shares) == len(portfolio.searches)


def test_the_rest_keep_their_shares_and_decide_without_the_lead() -> None:
    # Whitehead deal 18: depth-first (the lead) finds no win in seconds; the dives do.
    portfolio = Portfolio(game.new_game("whitehead", 18))
    portfolio.without_lead()
    assert [type(s) for s in portfolio.searches] == [BestFirst, Restarts]
    assert portfolio.shares == (0.75, 0.25)
    result = portfolio.run(seconds=30)
    assert result is not None and result.result == "won"
    assert finish(game.new_game("whitehead", 18).record(), result.moves) == "won"


def test_remote_answers_in_slices_with_a_line_that_wins() -> None:
    g = game.new_game("blind-alleys", 61)
    g.play(g.plain_moves()[0])
    record = g.record()
    remote = Remote(json.dumps(record))
    slices, answer = 0, None
    while answer is None:
        answer = remote.run(0.02)
        slices += 1
    assert slices > 1  # it did stop and go on
    data = json.loads(answer)
    assert set(data) == {"result", "moves", "nodes", "seconds"}
    if data["result"] == "won":
        assert finish(record, data["moves"]) == "won"
    else:  # the first move may lose it: then depth-first proves so
        assert data["result"] == "lost" and data["moves"] == []


def test_remote_proves_a_loss() -> None:
    # Unlimited deal 68 cannot be won; depth-first proves it in about half a second.
    remote = Remote(json.dumps(game.new_game("unlimited", 68).record()))
    answer = None
    while answer is None:
        answer = remote.run(0.05)
    assert json.loads(answer)["result"] == "lost"


def test_remote_refuses_a_bad_record_in_one_line() -> None:
    with pytest.raises(RecordError, match=r"^[^\n]+$"):
        Remote('{"game": "whitehead", "deal": 1, "moves": ["t9>f1"]}')
