"""Each pile's one name (game/names.py), and everything that speaks to a player using it:
hints, explanations, the announcer, the rules panel and the numbers the table shows."""

from __future__ import annotations

import itertools
import re

import pytest

import game
from game import names
from game.explain import why_illegal
from game.help import rules_text
from game.notation import ANY_FOUNDATION, F0, STOCK, T0, WASTE, GameError, Move
from game.review import describe
from game.rules import GAMES
from game.ui.markup import table_look
from game.ui.voice import pile_label, tell_pickup, tell_turn

# every game with every set of its house rules
VARIANTS = [
    (name, on)
    for name, rules in GAMES.items()
    for n in range(len(rules.house_rules) + 1)
    for on in itertools.combinations([h.name for h in rules.house_rules], n)
]


def new(name: str, on: tuple[str, ...] = (), deal: int = 1) -> game.Game:
    return game.new_game(name, deal, **dict.fromkeys(on, True))


@pytest.mark.parametrize(("name", "on"), VARIANTS)
def test_every_pile_of_a_game_has_exactly_one_name(name: str, on: tuple[str, ...]) -> None:
    g = new(name, on)
    stock = [STOCK, WASTE] if g.rules.passes != 0 else []
    every = names.names(g.rules)
    assert list(every) == [*stock, *g.found, *g.tab]  # reading order: top row, then tableau
    assert len(set(every.values())) == len(every)  # no two piles share a name
    assert all(names.name(g.rules, p) == n for p, n in every.items())


@pytest.mark.parametrize("name", list(GAMES))
def test_piles_are_numbered_from_one_in_reading_order(name: str) -> None:
    rules = GAMES[name]
    word = "fan" if name == "linus" else "column"
    tableau = [names.name(rules, T0 + i) for i in range(len(rules.tableau))]
    assert tableau == [f"{word} {i}" for i in range(1, len(rules.tableau) + 1)]
    found = [names.name(rules, F0 + i) for i in range(rules.foundations)]
    assert found == [f"foundation {i}" for i in range(1, rules.foundations + 1)]
    assert [names.number(rules, T0 + i) for i in range(len(rules.tableau))] == list(
        range(1, len(rules.tableau) + 1)
    )


def test_linus_has_eighteen_fans_and_no_stock_or_waste() -> None:
    rules = GAMES["linus"]
    assert names.name(rules, T0 + 17) == "fan 18"
    assert STOCK not in names.names(rules) and WASTE not in names.names(rules)
    with pytest.raises(GameError, match=r"^Linus has no pile number 0$"):
        names.name(rules, STOCK)


def test_the_stock_and_the_waste_have_a_word_and_no_number() -> None:
    rules = GAMES["whitehead"]
    assert (names.name(rules, STOCK), names.name(rules, WASTE)) == ("stock", "waste")
    assert names.number(rules, STOCK) is None and names.number(rules, WASTE) is None
    assert names.the(rules, STOCK) == "the stock" and names.the(rules, T0 + 2) == "column 3"
    assert names.the(rules, ANY_FOUNDATION) == "a foundation"
    assert names.title(rules, WASTE) == "Waste" and names.title(rules, F0 + 1) == "Foundation 2"


def test_a_pile_a_game_does_not_have_is_a_one_line_error() -> None:
    with pytest.raises(GameError, match=r"^Blind Alleys has no pile number 16$"):
        names.number(GAMES["blind-alleys"], T0 + 6)  # six columns: t7 is not one


# -- who uses the names ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "on"), VARIANTS)
def test_the_table_shows_each_number_on_its_pile(name: str, on: tuple[str, ...]) -> None:
    """The small number on a pile is the number of its name, hidden from a screen reader
    whose label for the pile already starts with the whole name."""
    g = new(name, on)
    html = table_look(g).html
    piles = re.findall(
        r'<div class="pile ([^"]*)" data-pile="(\w+)"[^>]*aria-label="([^"]*)">(.*?)</div>', html
    )
    assert len(piles) == len(names.names(g.rules))
    for (_, _, label, inside), (pile, called) in zip(
        piles, names.names(g.rules).items(), strict=True
    ):
        assert label.startswith(names.title(g.rules, pile) + ",")
        n = names.number(g.rules, pile)
        if n is None:
            assert inside == ""
        else:
            assert inside == f'<span class="pile-name" aria-hidden="true">{n}</span>'
            assert called.endswith(f" {n}")


def test_hints_explanations_and_the_announcer_name_piles_alike() -> None:
    g = new("whitehead", deal=1545)  # t3: 3C 7S 6S moves onto t2's 8C
    run = Move(T0 + 2, T0 + 1, 2)
    assert describe(g, run) == "7♠ and the 1 above it to column 2"  # what a hint says
    assert tell_turn(g, [run]).startswith("Seven of spades and the 1 card above it to column 2,")
    assert "they go to column 2." in tell_pickup(g, T0 + 2, 2)
    assert pile_label(g, T0 + 1, g.piles[T0 + 1]).startswith("Column 2, ")
    assert why_illegal(g, (T0 + 2, T0 + 1, 5)) == "column 3 has only 3 cards"
    assert describe(g, Move(T0, F0, 1)) == "A♥ to foundation 1"


def test_linus_hints_and_announcements_say_fan() -> None:
    g = new("linus", deal=2)
    for src, dst, n in g.legal_moves():
        if dst >= T0:
            number = dst - T0 + 1
            assert describe(g, Move(src, dst, n)).endswith(f" to fan {number}")
            assert f" to fan {number}, on " in tell_turn(g, [Move(src, dst, n)])
            break
    else:
        pytest.fail("no fan-to-fan move at Linus deal 2")
    assert why_illegal(g, (T0, T0 + 1, 2)) == "in Linus cards move one at a time"
    assert why_illegal(g, (T0 + 17, T0 + 1, 2)) == "fan 18 has only 1 card"


@pytest.mark.parametrize(("name", "on"), VARIANTS)
def test_the_rules_panel_uses_the_same_words_and_numbers(name: str, on: tuple[str, ...]) -> None:
    g = new(name, on)
    text = "\n".join(rules_text(g.rules))
    word = g.rules.pile
    other = {"column", "fan", "pile", "tableau"} - {word}
    assert not any(re.search(rf"\b{w}s?\b", text) for w in other), text
    line = names.legend(g.rules)
    assert line in rules_text(g.rules)
    first, last = names.name(g.rules, T0), names.name(g.rules, g.tab[-1])
    assert f"{word}s 1 to {last.split()[-1]}" in line and first == f"{word} 1"
    assert f"foundations 1 to {g.rules.foundations}" in line
    if name == "linus":
        assert "row by row" in line
