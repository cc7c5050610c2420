"""One test per rule of RULES.md, each from a small constructed position (game.from_layout).

Piles are written as in a layout, bottom card first, face-down cards in lower case:
``"kd 5c 4H"`` is a pile whose top card is the four of hearts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import game
from game.cards import code, parse_card
from game.deals import shuffled


def position(
    name: str,
    tableau: list[str],
    *,
    foundations: Sequence[str] = (),
    stock: str = "",
    waste: str = "",
    redeals_left: int | str | None = "default",
    deal: int = 1,
    rules: dict[str, bool] | None = None,
    **house: bool,
) -> game.Game:
    layout: dict[str, Any] = {
        "game": name,
        "deal": deal,
        "rules": {**(rules or {}), **house},
        "tableau": [p.split() for p in tableau],
        "foundations": [f.split() for f in foundations],
        "stock": stock.split(),
        "waste": waste.split(),
    }
    if redeals_left != "default":
        layout["redeals_left"] = redeals_left
    return game.from_layout(layout)


def legal(g: game.Game) -> set[str]:
    return {str(m) for m in g.legal_moves()}


def refused(g: game.Game, move: str) -> str:
    """The one-line reason ``move`` is illegal; the game must be left as it was."""
    before, history = g.layout(), g.moves
    with pytest.raises(game.IllegalMove) as e:
        g.play(move)
    assert g.layout() == before and g.moves == history
    assert str(e.value) == f"{e.value.move}: {e.value.reason}"  # its parts, apart
    return str(e.value)


def test_an_illegal_move_names_the_move_and_the_reason_apart() -> None:
    g = game.new_game("whitehead", 1)
    with pytest.raises(game.IllegalMove) as e:
        g.play("w>f")
    assert (e.value.move, e.value.reason) == ("w>f", "the waste is empty")
    with pytest.raises(game.IllegalMove) as e:
        g.play("t1>t1x99")
    assert e.value.move == "t1>t1x99" and e.value.reason
    with pytest.raises(game.IllegalMove) as e:  # no move to name: the reason alone
        g.play("hello")
    assert e.value.move is None and str(e.value) == e.value.reason


def home(g: game.Game) -> set[str]:
    """The legal moves to a foundation."""
    return {m for m in legal(g) if ">f" in m}


def tableau(g: game.Game) -> list[str]:
    return [" ".join(p) for p in g.layout()["tableau"]]


# -- Whitehead ----------------------------------------------------------------------------


def test_whitehead_builds_down_by_colour() -> None:
    g = position("whitehead", ["TD", "9H", "9S", "JS", "TC", "8D", "2H"])
    assert legal(g) == {"t2>t1", "t3>t5", "t5>t4", "t6>t2"}
    assert refused(g, "t3>t1") == "t3>t1: 9♠ cannot go on 10♦"
    assert refused(g, "t2>t5") == "t2>t5: 9♥ cannot go on 10♣"
    assert refused(g, "t6>t1") == "t6>t1: 8♦ cannot go on 10♦"  # one rank down only
    g.play("t2>t1")
    assert tableau(g) == ["TD 9H", "", "9S", "JS", "TC", "8D", "2H"]
    assert "t6>t1" in legal(g)  # 8♦ on 9♥, both red


def test_whitehead_illegal_move_message_names_the_cards() -> None:
    g = position("whitehead", ["7H", "", "9S"])
    assert refused(g, "t3>t1") == "t3>t1: 9♠ cannot go on 7♥"


def test_whitehead_moves_only_same_suit_runs() -> None:
    g = position("whitehead", ["9S 8C", "TC", "9C", "QH JH TH", "KD"])
    moves = legal(g)
    assert "t4>t5x3" in moves  # a run in one suit moves as a unit
    assert "t1>t2x2" not in moves  # 9♠ 8♣: same colour, mixed suits
    assert refused(g, "t1>t2x2") == (
        "t1>t2x2: the top 2 cards of column 1 are not a run that moves together "
        "(in Whitehead runs move as a unit only when built in same suit)"
    )
    for move in ("t1>t3", "t1>t2", "t3>t2"):  # ... so it moves one card at a time
        g.play(move)
    assert tableau(g)[:3] == ["", "TC 9S 8C", "9C"]
    g.play("t4>t5x3")
    assert tableau(g)[3:5] == ["", "KD QH JH TH"]


def test_whitehead_empty_pile_takes_any_card_or_run() -> None:
    g = position("whitehead", ["", "5C 4C 3C", "7D", "KH QH", "8S", "5D", "TD"])
    moves = legal(g)
    assert {"t2>t1", "t2>t1x2", "t2>t1x3", "t3>t1", "t4>t1", "t4>t1x2"} <= moves
    g.play("t2>t1x3")
    assert tableau(g)[:2] == ["5C 4C 3C", ""]


def test_whitehead_kings_only_house_rule() -> None:
    g = position("whitehead", ["", "5C 4C 3C", "7D", "KH QH", "8S", "5D", "TD"], kings_only=True)
    assert legal(g) == {"t4>t1x2"}  # the Queen alone may not
    assert refused(g, "t2>t1x3") == (
        "t2>t1x3: only a King or a King-led run may fill an empty column"
    )
    assert refused(g, "t3>t1") == "t3>t1: only a King or a King-led run may fill an empty column"
    assert game.new_game("whitehead", 5, kings_only=True).layout()["rules"] == {"kings_only": True}
    fresh = game.new_game("whitehead", 5, kings_only=False)
    assert fresh.layout() == game.new_game("whitehead", 5).layout()


def test_whitehead_one_pass_no_redeal() -> None:
    fresh = game.new_game("whitehead", 3).layout()
    assert len(fresh["stock"]) == 24 and fresh["redeals_left"] == 0
    assert [len(p) for p in fresh["tableau"]] == [1, 2, 3, 4, 5, 6, 7]
    assert all(c.isupper() for p in fresh["tableau"] for c in p)  # all face up
    g = position("whitehead", ["KS", "KC", "KH", "KD", "5S", "5H", "7C"], stock="9d 2c")
    assert legal(g) == {"s"}
    g.play("s")
    g.play("s")
    assert g.layout()["waste"] == ["2C", "9D"]
    assert legal(g) == set()
    assert refused(g, "r") == "r: Whitehead allows one pass through the stock, no redeal"
    assert refused(g, "s") == "s: the stock is empty"
    assert g.status == "lost"


# -- Blind Alleys -------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 77, 1_000_000, 2**31 - 1])
def test_blind_alleys_deal_has_two_face_down_per_pile(deal: int) -> None:
    layout = game.new_game("blind-alleys", deal).layout()
    assert len(layout["tableau"]) == 6
    for pile in layout["tableau"]:
        assert len(pile) == 3
        assert pile[0].islower() and pile[1].islower() and pile[2].isupper()
    assert len(layout["stock"]) == 34
    assert layout["foundations"] == [[], [], [], []]  # Aces are not placed before the deal
    assert layout["redeals_left"] == 1


def test_blind_alleys_builds_alternate_colours_and_moves_any_alternating_run() -> None:
    g = position("blind-alleys", ["9S 8H 7C 6D", "TH", "TS", "9C", "7S", "5H 4D"])
    assert legal(g) == {"t1>t2x4", "t1>t4x3", "t1>t5", "t4>t2"}
    assert refused(g, "t1>t3x4") == "t1>t3x4: 9♠ cannot go on 10♠"
    assert refused(g, "t6>t4x2").startswith("t6>t4x2: the top 2 cards of column 6 are not")
    g.play("t1>t2x4")  # mixed suits, alternating colours: one unit
    assert tableau(g)[:2] == ["", "TH 9S 8H 7C 6D"]
    moves = legal(g)
    assert "t6>t1" in moves and "t2>t1x5" in moves  # an empty pile takes any card or run
    assert "t6>t1x2" not in moves


def test_blind_alleys_two_passes() -> None:
    g = position("blind-alleys", ["KS", "KC", "5S", "5C", "9S", "9C"], stock="3c 2d 9h")
    assert g.layout()["redeals_left"] == 1
    first = []
    for _ in range(3):
        g.play("s")
        first.append(g.layout()["waste"][-1])
    assert first == ["9H", "2D", "3C"]
    assert legal(g) == {"r"}
    g.play("r")
    layout = g.layout()
    assert layout["stock"] == ["3c", "2d", "9h"] and layout["waste"] == []
    assert layout["redeals_left"] == 0
    second = []
    for _ in range(3):
        g.play("s")
        second.append(g.layout()["waste"][-1])
    assert second == first  # the second pass deals in the same order as the first
    assert legal(g) == set()
    assert refused(g, "r") == "r: no redeals left"
    assert g.status == "lost"


def test_blind_alleys_two_passes_through_a_full_deal() -> None:
    g = game.new_game("blind-alleys", 7)
    passes = []
    for _ in range(2):
        dealt = []
        while g.layout()["stock"]:
            g.play("s")
            dealt.append(g.layout()["waste"][-1])
        passes.append(dealt)
        if len(passes) == 1:
            g.play("r")
    assert passes[0] == passes[1] and len(passes[0]) == 34
    assert "r" not in legal(g) and g.layout()["redeals_left"] == 0


def test_face_down_card_turns_up_as_part_of_the_move_and_undo_turns_it_back() -> None:
    g = position("blind-alleys", ["kd 5c 4H", "5S"])
    g.play("t1>t2")
    assert tableau(g)[:2] == ["kd 5C", "5S 4H"]
    assert len(g.moves) == 1  # the turn is not a move of its own
    g.undo()
    assert tableau(g)[:2] == ["kd 5c 4H", "5S"]
    g.redo()
    assert tableau(g)[:2] == ["kd 5C", "5S 4H"]
    u = position("unlimited", ["3h AS"])
    u.play("t1>f1")
    assert tableau(u)[0] == "3H"
    u.undo()
    assert tableau(u)[0] == "3h AS"


# -- Linus --------------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 2, 1_000_000])
@pytest.mark.parametrize("pgs", [False, True])
def test_linus_deal_is_17_fans_of_three_and_one_single(deal: int, pgs: bool) -> None:
    layout = game.new_game("linus", deal, pgs=pgs).layout()
    assert [len(p) for p in layout["tableau"]] == [3] * 17 + [1]
    assert all(c.isupper() for p in layout["tableau"] for c in p)
    assert layout["stock"] == [] and layout["waste"] == []
    assert Counter(c for p in layout["tableau"] for c in p) == Counter(
        r + s for r in "A23456789TJQK" for s in "SHDC"
    )
    assert layout["redeals_left"] == (2 if pgs else 0)


def test_linus_moves_one_card_at_a_time() -> None:
    g = position("linus", ["9S 8H", "TD", "9C"])
    assert legal(g) == {"t1>t3", "t3>t2"}  # no t1>t2x2
    assert refused(g, "t1>t2x2") == "t1>t2x2: in Linus cards move one at a time"
    g.play("t1>t3")
    assert legal(g) == {"t1>t2", "t3>t1"}
    g.play("t1>t2")
    g.play("t3>t2")
    assert tableau(g)[:3] == ["", "TD 9S 8H", "9C"]


def test_linus_empty_fan_takes_only_a_king() -> None:
    g = position("linus", ["", "KC", "QD", "5H"])
    moves = legal(g)
    assert "t2>t1" in moves and {"t2>t5", "t2>t18"} <= moves  # any empty fan takes a King
    assert {m for m in moves if not m.startswith("t2>")} == {"t3>t2"}
    assert refused(g, "t3>t1") == "t3>t1: only a King may fill an empty fan"
    assert refused(g, "t4>t1") == "t4>t1: only a King may fill an empty fan"


def test_linus_has_no_stock_or_waste() -> None:
    g = game.new_game("linus", 4)
    assert "s" not in legal(g) and "r" not in legal(g)
    assert refused(g, "s") == "s: Linus has no stock"
    assert refused(g, "r") == "r: Linus has no stock"
    assert refused(g, "w>t1") == "w>t1: Linus has no pile w"


def test_linus_pgs_empty_fans_stay_empty_and_two_shuffled_redeals() -> None:
    g = position("linus", ["", "KC", "QD", "5H 4S", "AH"], deal=9, pgs=True)
    assert g.layout()["redeals_left"] == 2
    assert legal(g) == {"t3>t2", "t5>f1", "r"}
    assert refused(g, "t2>t1") == "t2>t1: empty fans stay empty (house rule)"
    g.play("t5>f1")
    for redeals_left, stream in ((1, 1), (0, 2)):
        before = [c for p in g.layout()["tableau"] for c in p]  # fans in order, bottom up
        g.play("r")
        layout = g.layout()
        assert layout["redeals_left"] == redeals_left
        assert layout["foundations"][0] == ["AH"]
        mixed = [code(c) for c in shuffled([parse_card(c) for c in before], "linus", 9, stream)]
        threes = [mixed[i : i + 3] for i in range(0, len(mixed), 3)]
        assert layout["tableau"] == threes + [[]] * (18 - len(threes))  # the rest empty
    assert "r" not in legal(g)
    assert refused(g, "r") == "r: no redeals left"
    g.undo()
    g.undo()
    assert g.layout()["redeals_left"] == 2
    assert tableau(g) == ["", "KC", "QD", "5H 4S"] + [""] * 14
    full = game.new_game("linus", 9, pgs=True)
    full.play("r")
    full.play("r")
    assert game.replay(full.record()).layout() == full.layout()  # the same when replayed


def test_linus_pgs_redeal_of_a_full_deal_is_deterministic() -> None:
    a = game.new_game("linus", 12345, pgs=True)
    b = game.new_game("linus", 12345, pgs=True)
    a.play("r")
    b.play("r")
    assert a.layout() == b.layout() == game.replay(a.record()).layout()
    assert a.layout()["tableau"] != game.new_game("linus", 12345, pgs=True).layout()["tableau"]
    sizes = [len(p) for p in a.layout()["tableau"]]
    assert sizes == [3] * 17 + [1]
    assert game.new_game("linus", 12346, pgs=True).layout() != a.layout()


# -- Unlimited ----------------------------------------------------------------------------


def test_unlimited_two_decks_eight_foundations() -> None:
    layout = game.new_game("unlimited", 8).layout()
    cards = [c.upper() for p in [layout["stock"], *layout["tableau"]] for c in p]
    assert len(cards) == 104 and set(Counter(cards).values()) == {2}
    assert layout["foundations"] == [[]] * 8
    g = position("unlimited", ["AS", "AS", "2S", "AH"])
    assert home(g) == {"t1>f1", "t2>f1", "t4>f1"}  # the lowest empty foundation only
    g.play("t1>f1")
    assert home(g) == {"t2>f2", "t3>f1", "t4>f2"}
    g.play("t2>f")
    assert (
        refused(g, "t3>f2")
        == "t3>f2: 2♠ goes to the first of the matching foundations, foundation 1"
    )
    g.play("t3>f")
    assert g.layout()["foundations"][:3] == [["AS", "2S"], ["AS"], []]


def test_unlimited_foundation_holds_one_suit_ace_to_king() -> None:
    spades = " ".join(r + "S" for r in "A23456789TJQK")
    g = position("unlimited", ["AH", "KS"], foundations=[spades, "AS"])
    assert refused(g, "t2>f1") == "t2>f1: K♠ cannot go on K♠"
    assert refused(g, "t2>f2") == "t2>f2: K♠ cannot go on A♠"
    assert home(g) == {"t1>f3"}


@pytest.mark.parametrize("deal", [1, 2, 1_000_000])
def test_unlimited_face_down_cards_2_4_6(deal: int) -> None:
    layout = game.new_game("unlimited", deal).layout()
    assert len(layout["tableau"]) == 7 and len(layout["stock"]) == 55
    for pile in layout["tableau"]:
        assert [c.islower() for c in pile] == [False, True, False, True, False, True, False]


def test_unlimited_builds_in_suit() -> None:
    g = position("unlimited", ["JS", "TS 9S", "TC", "TH", "8S"])
    assert legal(g) == {"t2>t1x2", "t5>t2"}
    assert refused(g, "t3>t1") == "t3>t1: 10♣ cannot go on J♠"
    assert refused(g, "t4>t1") == "t4>t1: 10♥ cannot go on J♠"
    g.play("t2>t1x2")
    g.play("t5>t1")
    assert tableau(g)[0] == "JS TS 9S 8S"


def test_unlimited_empty_pile_takes_only_kings() -> None:
    g = position("unlimited", ["", "5D", "3h KS QS", "KD", "4d 9C"])
    moves = legal(g)
    assert {"t3>t1x2", "t4>t1"} <= moves
    assert not any(m.startswith(("t2>", "t5>")) for m in moves)
    message = "only a King or a King-led run may fill an empty column"
    assert refused(g, "t2>t1") == f"t2>t1: {message}"
    assert refused(g, "t3>t1") == f"t3>t1: {message}"  # the Queen alone is not King-led
    g.play("t3>t1x2")
    assert tableau(g)[:3] == ["KS QS", "5D", "3H"]


def test_unlimited_unlimited_passes() -> None:
    g = position("unlimited", ["KS"], stock="7d 2c ah")
    assert g.layout()["redeals_left"] is None
    for _ in range(10):
        dealt = []
        for _ in range(3):
            g.play("s")
            dealt.append(g.layout()["waste"][-1])
        assert dealt == ["AH", "2C", "7D"]
        assert "r" in legal(g)
        g.play("r")
        assert g.layout()["redeals_left"] is None
        assert g.status == "playing"


def test_unlimited_lost_when_no_card_can_ever_play() -> None:
    g = position("unlimited", ["5H", "9C"], stock="2c 7d", waste="3S")
    assert legal(g) == {"s"}
    assert g.status == "lost"  # s and r stay legal, but no card will ever fit
    g.play("s")
    g.play("s")
    assert legal(g) == {"r"} and g.status == "lost"
    g.play("r")
    assert g.status == "lost"
    playing = position("unlimited", ["5H", "9C"], stock="2c 4h", waste="3S")
    assert playing.status == "playing"  # the 4♥ will fit on the 5♥ when it comes up
    king = position("unlimited", ["5H", "9C"], stock="KD 7d")
    assert king.status == "playing"  # a King will fill an empty pile


# -- common to all ------------------------------------------------------------------------


def test_foundation_takes_ace_then_suit_up_and_lowest_empty_foundation_only() -> None:
    g = position("whitehead", ["AH", "3S", "3H", "2H"], foundations=["AS 2S"])
    assert home(g) == {"t1>f2", "t2>f1"}
    assert refused(g, "t1>f3") == "t1>f3: an Ace goes to the first empty foundation, foundation 2"
    assert refused(g, "t3>f1") == "t3>f1: 3♥ cannot go on 2♠"
    assert refused(g, "t4>f2") == "t4>f2: only an Ace starts a foundation"
    assert refused(g, "t3>f1x2") == "t3>f1x2: column 3 has only 1 card"
    g.play("t1>f2")
    assert home(g) == {"t2>f1", "t4>f2"}
    g.play("t4>f2")
    g.play("t3>f2")
    assert g.layout()["foundations"] == [["AS", "2S"], ["AH", "2H", "3H"], [], []]
    assert refused(g, "f2>t1") == "f2>t1: cards never leave a foundation"


def test_f_destination_resolves_to_the_foundation() -> None:
    g = position("whitehead", ["AH", "3S", "3H"], foundations=["AS 2S"], waste="AD")
    assert g.play("t1>f") == game.parse_move("t1>f2")
    assert str(g.moves[-1]) == "t1>f2" and g.record()["moves"] == ["t1>f2"]
    assert str(g.play("w>f")) == "w>f3"
    assert str(g.play("t2>f")) == "t2>f1"
    assert refused(g, "t3>f") == "t3>f: no foundation takes 3♥ yet"
    assert str(game.parse_move("t3>f")) == "t3>f"  # the text form stays position-free
    assert all(not str(m).endswith(">f") for m in g.legal_moves())


def test_undo_of_foundation_move() -> None:
    g = position("blind-alleys", ["5c AS"], foundations=["", ""])
    g.play("t1>f1")
    assert g.layout()["foundations"][0] == ["AS"] and tableau(g)[0] == "5C"
    assert g.undo() == game.parse_move("t1>f1")
    assert g.layout()["foundations"][0] == [] and tableau(g)[0] == "5c AS"
    assert g.redo() == game.parse_move("t1>f1")
    assert g.layout()["foundations"][0] == ["AS"]


@pytest.mark.parametrize("name", ["whitehead", "blind-alleys", "linus", "unlimited"])
def test_won_status(name: str) -> None:
    up = " ".join(r + "S" for r in "A23456789TJQ")
    g = position(name, ["KS"], foundations=[up])
    assert g.status == "playing"
    g.play("t1>f1")
    assert g.status == "won" and g.layout()["status"] == "won"
    assert g.legal_moves() == []
    assert refused(g, "t1>f1") == "t1>f1: the game is already won"
    g.undo()
    assert g.status == "playing"


@pytest.mark.parametrize(
    ("name", "house", "piles", "waste"),
    [  # where an empty pile takes any card, every pile is filled
        ("whitehead", {}, ["5H", "9C", "KS", "KD", "2S", "7H", "JD"], "2C"),
        ("whitehead", {"kings_only": True}, ["5H", "9C"], "2C"),
        ("blind-alleys", {}, ["5H", "9C", "KS", "KD", "2S", "7H"], "2C"),
        ("linus", {}, ["5H", "9C"], ""),
        ("linus", {"pgs": True}, ["5H", "9C"], ""),
    ],
)
def test_lost_status_when_no_moves(
    name: str, house: dict[str, bool], piles: list[str], waste: str
) -> None:
    g = position(name, piles, waste=waste, redeals_left=0, rules=house)
    assert g.legal_moves() == [] and g.status == "lost"
    assert g.layout()["status"] == "lost"
