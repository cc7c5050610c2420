"""Finish, natively: what pressing it would be (game.assist.finish_is_help), its pace
(game/ui/pace.py), and the words of the small things it goes with: a hint that replaces a
guess (hintwords.py) and game names in a URL (params.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import game
from game.assist import finish_is_help, forced, won_on_paper
from game.notation import STOCK, Move
from game.ui import pace
from game.ui.hintwords import guess_words, sure_words
from game.ui.params import game_named, read

GOLDEN = Path(__file__).parent / "golden"
WHITEHEAD_WINS = json.loads((GOLDEN / "solver_wins.json").read_text())["wins"]
UNLIMITED_WINS = json.loads((GOLDEN / "solver_wins_unlimited.json").read_text())["wins"]
LOST_THEN_WON = json.loads((GOLDEN / "whitehead_lost_then_won.json").read_text())
EARLY = ("whitehead", 32, 124)  # Finish offered, but it needs the stock: a choice
LONG = ("unlimited", 2, 603)  # Finish offered with 63 moves to play


def position(name: str, deal: int, at: int) -> game.Game:
    wins = UNLIMITED_WINS if name == "unlimited" else WHITEHEAD_WINS
    record = next(r for r in wins if (r["game"], r["deal"], r["rules"]) == (name, deal, {}))
    return game.replay({**record, "moves": record["moves"][:at]})


def forced_end() -> game.Game:
    """Whitehead deal 385 where foundation moves alone win: the rest is forced."""
    record = LOST_THEN_WON
    g = game.replay({k: record[k] for k in ("game", "deal", "rules", "moves")})
    for text in record["line"]:
        g.apply(g.resolve(text))
    return g


# -- what Finish would be -----------------------------------------------------------------------


def test_finish_is_not_offered_at_the_deal() -> None:
    assert finish_is_help(game.new_game("whitehead", 32)) is None


def test_finish_is_no_help_when_every_move_left_is_forced() -> None:
    g = forced_end()
    assert forced(g) and finish_is_help(g) is False


def test_finish_is_help_when_the_line_needs_the_stock() -> None:
    g = position(*EARLY)
    line = won_on_paper(g)
    assert line is not None and any(m[0] == STOCK for m in line)
    assert finish_is_help(g) is True


def test_finish_is_help_when_two_decks_leave_a_choice() -> None:
    g = position(*LONG)
    assert finish_is_help(g) is True and len(won_on_paper(g) or []) == 63


def test_a_lost_game_offers_no_finish() -> None:
    g = game.new_game("whitehead", 5)
    while g.status == "playing":
        g.play("s")
    assert finish_is_help(g) is None


def test_finish_is_what_the_statistics_count() -> None:
    """The button says what statsview.finishing records: help exactly when not forced."""
    for g in (forced_end(), position(*EARLY), position(*LONG)):
        assert finish_is_help(g) is (not forced(g))


# -- its pace -----------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [1, 2, 3, 12, 30, 31, 63, 77, 160, 1000])
def test_a_finish_of_any_length_waits_well_under_three_seconds(moves: int) -> None:
    sizes, gap = pace.schedule(moves)
    assert sum(sizes) == moves and all(n >= 1 for n in sizes)
    assert len(sizes) <= pace.MAX_STEPS
    assert pace.waited_ms(moves) <= pace.TOTAL_MS < 3000
    assert pace.MIN_STEP_MS <= gap <= pace.STEP_MS
    assert max(sizes) - min(sizes) <= 1  # evenly paced


def test_a_short_finish_plays_a_card_a_step_at_the_leisurely_pace() -> None:
    assert pace.schedule(3) == ([1, 1, 1], pace.STEP_MS)


def test_the_unlimited_case_is_cut_into_steps_of_several_cards() -> None:
    sizes, gap = pace.schedule(77)
    assert len(sizes) == pace.MAX_STEPS and sizes[0] == 4 and gap == pace.MIN_STEP_MS


def test_without_motion_finish_is_one_step() -> None:
    assert pace.schedule(77, motion=False) == ([77], 0)
    assert pace.schedule(0) == ([], 0)


# -- a hint that replaces a guess ----------------------------------------------------------------


def test_a_sure_hint_after_a_guess_says_why_it_replaces_it() -> None:
    guess, deal = Move(9, 12, 1), Move(STOCK, 1, 1)
    assert guess_words("move 7♣ to column 4").startswith("No winning line found yet; ")
    assert sure_words("deal a card") == "Hint: deal a card."
    replaced = sure_words("deal a card", guess, deal)
    assert replaced.startswith("Hint: deal a card (") and "instead" in replaced
    confirmed = sure_words("move 7♣ to column 4", guess, guess)
    assert "instead" not in confirmed and "winning line" in confirmed


# -- game names in the URL -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Whitehead", "whitehead"),
        ("WHITEHEAD", "whitehead"),
        (" whitehead ", "whitehead"),
        ("Blind Alleys", "blind-alleys"),
        ("blind_alleys", "blind-alleys"),
        ("Blind-Alleys", "blind-alleys"),
        ("Unlimited", "unlimited"),
        ("whiteheads", None),
        ("", None),
    ],
)
def test_game_names_are_read_however_they_are_written(text: str, name: str | None) -> None:
    assert game_named(text) == name


def test_a_capitalised_name_is_no_unknown_game() -> None:
    choice = read({"game": "Whitehead", "automove": "Always", "rules": "Kings_Only"})
    assert (choice.game, choice.automove, choice.notices) == ("whitehead", "always", [])
    assert choice.rules == {"kings_only": True}
    linus = read({"game": "LINUS", "rules": "PGS"})
    assert (linus.game, linus.rules, linus.notices) == ("linus", {"pgs": True}, [])


def test_a_truly_unknown_game_keeps_its_one_line_message() -> None:
    choice = read({"game": "Klondike"})
    assert choice.game == "whitehead"
    assert choice.notices == ["Unknown game 'Klondike'; playing Whitehead."]
