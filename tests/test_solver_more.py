"""More of the solver's promise: "lost" is never said of a winnable position, and each
pruning rule keeps the win on a position built to need what the rule might cut.

tests/golden/solver_wins.json pins wins of every game (found by bench/solver.py at 10 s a
deal, each line replayed to "won" here, so they stay proofs whatever the solver becomes),
and winnable positions one move from a proven loss. tests/test_solver.py has the first
tests of forced moves, dead(), the stock and the reserve; these add the rest.

Two of the solver's shortcuts were unsound in Linus with the pgs house rule while redeals
remain (a redeal shuffles the fans, in pile order): the dead-position cut, and the position
key that sorts the fans (both fixed; their tests guard the fixes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game
from game.notation import T0
from game.solver import BestFirst, Restarts, Search, solve
from game.solver.key import position_key

GOLDEN = json.loads((Path(__file__).parent / "golden" / "solver_wins.json").read_text())
WINS: list[dict[str, Any]] = GOLDEN["wins"]
NEAR_LOSSES: list[dict[str, Any]] = GOLDEN["one_move_from_loss"]


def named(record: dict[str, Any]) -> str:
    rules = "+".join(record["rules"])
    return f"{record['game']}{'-' + rules if rules else ''}-{record['deal']}"


def win_params() -> list[Any]:
    return [pytest.param(w, id=named(w)) for w in WINS]


def at(record: dict[str, Any], moves: int | None = None) -> game.Game:
    """The position after the record's first ``moves`` moves (all of them: None)."""
    return game.replay({**record, "moves": record["moves"][:moves]})


def replays_to_won(g: game.Game, moves: list[str]) -> bool:
    board = g.copy()
    for move in moves:
        board.play(move)
    return board.status == "won"


def layout(name: str, tableau: list[list[str]], **more: Any) -> game.Game:
    return game.from_layout({"game": name, "deal": 1, "tableau": tableau, **more})


def suit(s: str, up_to: str) -> list[str]:
    """Foundation cards of suit ``s`` from the Ace up to rank ``up_to``."""
    ranks = "A23456789TJQK"
    return [r + s for r in ranks[: ranks.index(up_to) + 1]]


# -- a lost verdict is never given for a deal for which a win is known -----------------------


def test_the_pinned_wins_cover_every_game_and_replay_to_won() -> None:
    assert {w["game"] for w in WINS} == set(game.GAMES)
    for name in game.GAMES:
        assert sum(w["game"] == name for w in WINS) >= 4, name
    for w in WINS:
        assert at(w).status == "won", named(w)


@pytest.mark.parametrize("win", win_params())
def test_a_deal_with_a_known_win_is_never_called_lost(win: dict[str, Any]) -> None:
    """From the deal's start and from positions along its winning line (each winnable:
    the rest of the line wins), the solver may say won or unknown, never lost; near the
    end of the line it must find the win."""
    moves = len(win["moves"])
    for cut, seconds in ((0, 0.5), (moves // 2, 0.3), (moves * 3 // 4, 0.3)):
        result = solve(at(win, cut), seconds=seconds)
        assert result.result != "lost", f"{named(win)} after {cut} of {moves} moves"
        if result.result == "won":
            assert replays_to_won(at(win, cut), result.moves)
    end = at(win, moves * 9 // 10)
    result = solve(end, seconds=5)
    assert result.result == "won", f"{named(win)}, {moves - moves * 9 // 10} moves from the end"
    assert replays_to_won(end, result.moves)


@pytest.mark.parametrize("near", NEAR_LOSSES, ids=[named(n) for n in NEAR_LOSSES])
def test_one_move_from_a_loss_the_solver_tells_the_two_apart(near: dict[str, Any]) -> None:
    """Winnable, and won by the solver; after the losing move, proven lost; and the line it
    would hint from the winnable position does not start with that move."""
    record = {k: near[k] for k in ("game", "deal", "rules", "moves")}
    before = at(record)
    assert before.status == "playing"
    won = solve(before, seconds=10)
    assert won.result == "won"
    assert replays_to_won(before, won.moves)
    losing = before.resolve(near["losing"])
    assert won.moves[0] != str(game.Move(*losing))
    after = before.copy()
    after.play(near["losing"])
    assert after.status == "playing"  # not lost on its face: only the search can tell
    assert solve(after, seconds=10).result == "lost"


# -- each pruning rule keeps the win -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rules", "tableau", "foundations", "needed"),
    [
        # The King of hearts lies on A♠ and Q♥; nothing takes it but an empty pile.
        ("whitehead", {}, [["QH", "AS", "KH"], []], [suit("H", "J")], "t1>t2"),
        ("whitehead", {"kings_only": True}, [["QH", "AS", "KH"], []], [suit("H", "J")], "t1>t2"),
        # A King-led run of two (same suit runs move as a unit in Whitehead and Unlimited;
        # with Kings only in empty piles, the Q♦ may not go alone).
        (
            "whitehead",
            {"kings_only": True},
            [["QH", "JD", "AS", "KD", "QD"], []],
            [suit("H", "J"), suit("D", "T")],
            "t1>t2x2",
        ),
        (
            "unlimited",
            {},
            [["QH", "JD", "AS", "KD", "QD"], []],
            [suit("H", "J"), suit("D", "T")],
            "t1>t2x2",
        ),
        ("linus", {}, [["QH", "AS", "KH"], []], [suit("H", "J")], "t1>t2"),
        ("blind-alleys", {}, [["QH", "AS", "KH"], []], [suit("H", "J")], "t1>t2"),
    ],
)
def test_rule_4_keeps_a_king_moved_to_an_empty_pile_from_cards_under_it(
    name: str,
    rules: dict[str, bool],
    tableau: list[list[str]],
    foundations: list[list[str]],
    needed: str,
) -> None:
    """Rule 4 skips moving a *whole* pile to an empty one (the same position, piles
    swapped). A King (or King-led run) with cards under it must still go: here the win
    needs exactly that, and nothing else can free the A♠ and Q♥."""
    g = layout(name, tableau, rules=rules, foundations=foundations)
    assert needed in [str(m) for m in g.legal_moves()]
    n = int(needed.partition("x")[2] or 1)
    for kind in (Search, BestFirst, Restarts):
        result = kind(g).run(seconds=5)
        assert result is not None and result.result == "won", kind.__name__
        assert replays_to_won(g, result.moves)
        # its first move: the King (and its run) from t1 to an empty pile (any is as good)
        src, dst, count = g.resolve(result.moves[0])
        assert (src, count) == (T0, n) and not g.piles[dst] and dst >= T0, result.moves[0]
    assert solve(g, seconds=5).result == "won"


def test_the_transposition_table_keeps_a_win_through_a_position_seen_in_another_branch() -> None:
    """A♠ and A♥ lie under 3♥ and 3♠; the win moves both threes (onto 4♥, 4♠) in either
    order, and each order reaches the same position: the second time, the table drops it.
    Whichever branch meets it first, the win through it is found (depth- and best-first)."""
    tableau = [["AS", "3H"], ["AH", "3S"], ["4H"], ["4S"], ["2H", "2S"], ["5H"], ["5S"]]
    g = layout("whitehead", tableau)
    one, two = g.copy(), g.copy()
    for move in ("t1>t3", "t2>t4"):
        one.play(move)
    for move in ("t2>t4", "t1>t3"):
        two.play(move)
    assert one.piles == two.piles and position_key(one) == position_key(two)
    # and piles in another order are one position too (the key sorts them)
    swapped = layout("whitehead", [tableau[i] for i in (1, 0, 3, 2, 4, 6, 5)])
    assert position_key(swapped) == position_key(g)
    for start in (g, swapped):
        for kind in (Search, BestFirst, Restarts):
            result = kind(start).run(seconds=5)
            assert result is not None and result.result == "won", kind.__name__
            assert replays_to_won(start, result.moves)
        assert solve(start, seconds=5).result == "won"


def test_linus_pgs_no_move_is_forced_while_a_redeal_can_still_win() -> None:
    """A♠ to its foundation is as safe as a move gets, but the redeal shuffles what is on
    the fans: with A♠ there, the redeal (deal 8's second shuffle) puts A♥ above 2♥ and wins;
    with A♠ gone home first, it leaves 2♥ on A♥ for good. Forcing it would lose the win."""
    g = game.from_layout(
        {
            "game": "linus",
            "deal": 8,
            "rules": {"pgs": True},
            "tableau": [["AS"], ["AH", "2H"]],
            "redeals_left": 1,
        }
    )
    early = g.copy()
    early.play("t1>f")
    assert solve(early, seconds=5).result == "lost"
    for kind in (Search, BestFirst, Restarts):
        result = kind(g).run(seconds=5)
        assert result is not None and result.result == "won", kind.__name__
        assert replays_to_won(g, result.moves)
        redeal = result.moves.index("r")
        assert not any(">f" in move for move in result.moves[:redeal]), result.moves
    assert solve(g, seconds=5).result == "won"


def test_linus_pgs_a_card_stuck_on_its_fan_is_freed_by_a_redeal() -> None:
    """2♠ covers A♠ and could only go on 3♥ or 3♦, both home: dead() says it never moves.
    But a redeal remains, and deal 1's shuffle deals A♠ above 2♠: won in three moves."""
    g = game.from_layout(
        {
            "game": "linus",
            "deal": 1,
            "rules": {"pgs": True},
            "tableau": [["AS", "2S"]],
            "foundations": [suit("H", "3"), suit("D", "3")],
            "redeals_left": 1,
        }
    )
    assert replays_to_won(g, ["r", "t1>f", "t1>f"])
    assert solve(g, seconds=5).result == "won"


def test_linus_pgs_positions_that_share_a_key_are_equally_winnable() -> None:
    """The transposition table treats positions with one key as one. With a redeal left,
    the fans' order decides what the shuffle deals (deal 14: A♠ first, then A♥ 2♥, wins;
    the other order does not), so a key must tell them apart."""

    def fans(tableau: list[list[str]]) -> game.Game:
        return game.from_layout(
            {
                "game": "linus",
                "deal": 14,
                "rules": {"pgs": True},
                "tableau": tableau,
                "redeals_left": 1,
            }
        )

    ace_first, ace_last = fans([["AS"], ["AH", "2H"]]), fans([["AH", "2H"], ["AS"]])
    assert replays_to_won(ace_first, ["r", *["t1>f"] * 3])
    verdicts = (solve(ace_first, seconds=5).result, solve(ace_last, seconds=5).result)
    assert verdicts == ("won", "lost")
    assert position_key(ace_first) != position_key(ace_last)
