"""The "most promising" guess (game/guess.py): it never burns a one-pass stock, a last pass
or a card a tableau pile may need while a safer move exists, and never walks into a known
loss or back to where the game has been while something else is left."""

from __future__ import annotations

import random
from typing import Any

import pytest

import game
from game.guess import BURNS, FREE, SPENDS, most_promising, past_keys, ranked, risk
from game.notation import DEAL, REDEAL


def position(name: str, tableau: list[str], **fields: Any) -> game.Game:
    """A constructed position: piles bottom card first, face-down cards in lower case."""
    layout: dict[str, Any] = {"game": name, "deal": 1, "tableau": [p.split() for p in tableau]}
    for field in ("stock", "waste"):
        layout[field] = fields.pop(field, "").split()
    layout["foundations"] = [f.split() for f in fields.pop("foundations", [])]
    layout.update(fields)
    return game.from_layout(layout)


def guess(g: game.Game, **kw: Any) -> str:
    move = most_promising(g, **kw)
    return "none" if move is None else str(move)


def test_blind_alleys_deal_5_starts_with_a_tableau_move_not_a_deal() -> None:
    g = game.new_game("blind-alleys", 5)
    assert DEAL in g.legal_moves()
    assert risk(g, DEAL) == SPENDS  # the first of two passes
    assert guess(g) != "s"
    assert ">t" in guess(g) or ">f" in guess(g)


def test_a_deal_is_guessed_when_it_is_the_only_move_left() -> None:
    g = position("blind-alleys", ["9S", "9H", "9D", "9C", "7S", "7H"], stock="2s 3s")
    assert [str(m) for m in g.legal_moves()] == ["s"]
    assert guess(g) == "s"
    whitehead = position("whitehead", ["9S", "9H", "9D", "9C", "7S", "7H", "4D"], stock="2s")
    assert [str(m) for m in whitehead.legal_moves()] == ["s"]
    assert risk(whitehead, DEAL) == BURNS
    assert guess(whitehead) == "s"


def test_whitehead_never_deals_from_its_one_pass_while_a_tableau_move_exists() -> None:
    for deal in range(1, 31):
        g = game.new_game("whitehead", deal)
        assert risk(g, DEAL) == BURNS
        if any(str(m) != "s" for m in g.legal_moves()):
            assert guess(g) != "s", deal


def test_what_each_step_costs() -> None:
    first = position("blind-alleys", ["9S"], stock="2s", waste="KD")
    assert risk(first, DEAL) == SPENDS
    last = position("blind-alleys", ["9S"], stock="2s", waste="KD", redeals_left=0)
    assert risk(last, DEAL) == BURNS  # the last card of the last pass
    turn = position("blind-alleys", ["9S"], waste="KD 2S")
    assert risk(turn, REDEAL) == BURNS  # the waste turned over: the last pass begins
    unlimited = position("unlimited", ["9S"], stock="2s", waste="KD")
    assert risk(unlimited, DEAL) == FREE  # the stock comes round again
    assert risk(position("unlimited", ["9S"], waste="KD"), REDEAL) == FREE
    linus = position("linus", ["9S"], rules={"pgs": True}, redeals_left=2)
    assert risk(linus, REDEAL) == BURNS  # a redeal shuffles the fans


def test_a_card_home_is_free_only_when_no_card_can_need_it() -> None:
    # 2♥ home: a black Ace may still want to go on it (alternate colours), so it burns;
    # once both black Aces are home, nothing can
    g = position("linus", ["2H", "JS", "TD"], foundations=["AH"])
    assert risk(g, (game.notation.T0, game.notation.F0, 1)) == BURNS
    assert guess(g) == "t3>t2"  # the Ten onto the Jack, not the Two home
    safe = position("linus", ["2H", "JS", "TD"], foundations=["AH", "AS", "AC"])
    assert risk(safe, (game.notation.T0, game.notation.F0, 1)) == FREE
    assert guess(safe) == "t1>f1"


def test_an_unsafe_card_goes_home_when_nothing_safer_is_left() -> None:
    g = position("linus", ["2H", "JS"], foundations=["AH"])
    assert guess(g) == "t1>f1"


def test_a_move_into_a_known_loss_is_never_guessed() -> None:
    g = position("linus", ["2H", "JS", "TD"], foundations=["AH"])
    after = g.copy()
    after.play("t3>t2")
    assert guess(g, lost={after.key()}) == "t1>f1"
    home = g.copy()
    home.play("t1>f1")
    assert guess(g, lost={after.key(), home.key()}) == "none"


def test_a_move_back_is_no_alternative_unless_nothing_else_is_left() -> None:
    # 9♥ on 10♦ (Whitehead builds by colour): moved to 10♥, the guess would not move it back
    g = position("whitehead", ["TD 9H", "TH", "5C", "5S", "KH", "KD", "2C"], stock="2s")
    g.play("t1>t2")
    assert "t2>t1" in [str(m) for m in g.legal_moves()]
    assert guess(g) == "s"  # the deal burns, but going back is not a move forward
    stuck = position("whitehead", ["TD 9H", "TH", "5C", "5S", "KH", "KD", "2C"])
    stuck.play("t1>t2")
    assert guess(stuck) == "t2>t1"


def test_past_keys_are_the_positions_before_this_one() -> None:
    g = game.new_game("blind-alleys", 5)
    start = g.key()
    g.play("t2>f1")
    middle = g.key()
    g.play("s")
    assert past_keys(g) == {start, middle}
    assert g.key() not in past_keys(g)


@pytest.mark.parametrize("name", list(game.GAMES))
def test_the_guess_is_never_dearer_than_the_cheapest_move_forward(name: str) -> None:
    """Over random positions: the guess costs no more than any move that goes somewhere new
    (and no more than any move at all when every move goes back)."""
    rng = random.Random(13)
    checked = 0
    for deal in range(1, 9):
        g = game.new_game(name, deal)
        for _ in range(60):
            if g.status != "playing":
                break
            options = ranked(g, seen=past_keys(g))
            best = most_promising(g)
            assert best is not None and options
            assert best == options[0][3]
            assert risk(g, best) == min(o[0] for o in options)
            checked += 1
            g.play(rng.choice(g.plain_moves()))
    assert checked > 100
