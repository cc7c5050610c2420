"""The rules panel's text: plain words from the declarations, true to RULES.md for every game."""

from __future__ import annotations

import itertools
import re

import pytest

from game.help import rules_text
from game.rules import GAMES, Rules

# (game, house rules switched on) for every game and every combination of its house rules
COMBINATIONS = [
    (name, on)
    for name, rules in GAMES.items()
    for n in range(len(rules.house_rules) + 1)
    for on in itertools.combinations([h.name for h in rules.house_rules], n)
]


def text_of(name: str, on: tuple[str, ...] = ()) -> str:
    return "\n".join(rules_text(GAMES[name].with_house_rules(**dict.fromkeys(on, True))))


def lines_of(name: str, on: tuple[str, ...] = ()) -> list[str]:
    return rules_text(GAMES[name].with_house_rules(**dict.fromkeys(on, True)))


@pytest.mark.parametrize(("name", "on"), COMBINATIONS)
def test_the_rules_use_no_notation_and_no_identifiers(name: str, on: tuple[str, ...]) -> None:
    text = text_of(name, on)
    rules = GAMES[name]
    for word in ("kings_only", "pgs", "(s)", "(r)", "_", "None", "True", "False", "Build."):
        assert word not in text
    for word in [h.name for h in rules.house_rules]:
        assert not re.search(rf"\b{re.escape(word)}\b", text), word
    # pile and foundation codes of the move notation: t1, f1, w, s
    assert not re.search(r"\b[tf]\d+\b", text)
    assert not re.search(r"\b[twsf]\b", text)
    assert not re.search(r"[>]", text)


@pytest.mark.parametrize(("name", "on"), COMBINATIONS)
def test_each_house_rule_shows_its_title_and_whether_it_is_on(
    name: str, on: tuple[str, ...]
) -> None:
    text = text_of(name, on)
    for house in GAMES[name].house_rules:
        assert house.title, f"{name}: house rule {house.name} needs a title"
        state = "on" if house.name in on else "off"
        other = "off" if state == "on" else "on"
        assert f"{house.title} ({state})" in text
        assert f"{house.title} ({other})" not in text


@pytest.mark.parametrize(("name", "on"), COMBINATIONS)
def test_the_rules_read_goal_layout_moves_stock_then_house_rules(
    name: str, on: tuple[str, ...]
) -> None:
    lines = lines_of(name, on)
    assert lines[0].startswith("Goal: ")
    assert lines[1].startswith("Layout: ")
    order = [next(i for i, line in enumerate(lines) if line.startswith(p)) for p in
             ("Goal", "Layout", "Foundations", "Build", "Stock")]  # fmt: skip
    assert order == sorted(order)
    houses = [i for i, line in enumerate(lines) if line.startswith("House rule")]
    assert houses == list(range(len(lines) - len(GAMES[name].house_rules), len(lines)))
    for line in lines:
        assert line[0].isupper() and line.endswith("."), line


def test_whitehead_rules() -> None:
    text = text_of("whitehead")
    assert "52 cards (one deck) to the 4 foundations" in text
    assert "7 columns of 1 to 7 cards" in text and "28 cards" in text
    assert "All cards are dealt face up." in text
    assert "same colour: red on red, black on black" in text
    assert "going down in one suit moves together" in text
    assert "Other runs move one card at a time." in text
    assert "Any card or run can fill an empty column." in text
    assert "the other 24 cards" in text
    assert "Deal a card from the stock" in text
    assert "the waste is never turned over" in text
    assert "Kings only (off)" in text
    kings = text_of("whitehead", ("kings_only",))
    assert "Only a King, or a run starting with a King, can fill an empty column." in kings
    assert "Kings only (on)" in kings


def test_blind_alleys_rules() -> None:
    text = text_of("blind-alleys")
    assert "6 columns of 3 cards" in text and "18 cards" in text
    assert "the bottom two cards are face down and the top card is face up" in text
    assert "A face-down card turns face up" in text
    assert "alternating colours: red on black, black on red" in text
    assert "going down in alternating colours moves together" in text
    assert "Any card or run can fill an empty column." in text
    assert "the other 34 cards" in text
    assert "turn the waste over to make a new stock, once: two passes in all" in text
    assert "House rule" not in text


def test_linus_rules() -> None:
    text = text_of("linus")
    assert "18 fans: 17 fans of 3 cards and 1 fan of 1 card (52 cards in all)" in text
    assert "All cards are dealt face up." in text
    assert "alternating colours" in text
    assert "Move one card at a time. A run of cards never moves together." in text
    assert "Only a King can fill an empty fan." in text
    assert "Stock: none." in text and "There is no redeal." in text
    assert "waste" not in text and "pile" not in text
    assert "Pretty Good Solitaire (off)" in text
    pgs = text_of("linus", ("pgs",))
    assert "An empty fan stays empty" in pgs
    assert "You have two redeals: gather the cards left in the fans, shuffle them" in pgs
    assert "deal them again in threes" in pgs
    assert "Only a King" not in pgs and "no redeal" not in pgs
    assert "Pretty Good Solitaire (on)" in pgs


def test_unlimited_rules() -> None:
    text = text_of("unlimited")
    assert "104 cards (two decks) to the 8 foundations" in text
    assert "any Ace can start any empty foundation" in text
    assert "7 columns of 7 cards (49 cards in all)" in text
    assert "the 2nd, 4th and 6th cards are face down and the others are face up" in text
    assert "same suit" in text
    assert "going down in one suit moves together" in text
    assert "Only a King, or a run starting with a King, can fill an empty column." in text
    assert "the other 55 cards" in text
    assert "turn the waste over" in text and "the passes are unlimited" in text
    assert "House rule" not in text


def test_the_face_down_pattern_is_read_from_the_declaration() -> None:
    """Not a fixed phrase: the words follow the pattern the engine deals."""
    rules = GAMES["unlimited"]
    down = [i + 1 for i in range(7) if rules.face_down.is_down(i, 7)]
    assert down == [2, 4, 6]
    blind: Rules = GAMES["blind-alleys"]
    assert [blind.face_down.is_down(i, 3) for i in range(3)] == [True, True, False]
