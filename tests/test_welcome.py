"""The welcome's pure part (game/ui/greeting.py, game/help.py's in_brief): when it shows,
what its flag means, and words drawn from the rules and the key map."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from game.help import in_brief
from game.rules import GAMES, Build, FaceDown
from game.ui import greeting
from game.ui.keymap import BINDINGS

NOTHING: dict[str, str | None] = {key: None for key in (*greeting.RETURNING, greeting.KEY)}


def test_each_game_in_one_sentence_from_its_declaration() -> None:
    assert {name: in_brief(rules) for name, rules in GAMES.items()} == {
        "whitehead": "One deck dealt to 7 columns, every card face up; build down in the same "
        "colour, runs of one suit move together; one pass through the stock.",
        "blind-alleys": "One deck dealt to 6 columns, only the top card of each face up; build "
        "down in alternating colours, runs move together; two passes through the stock.",
        "linus": "One deck dealt to 18 fans, every card face up; build down in alternating "
        "colours, one card at a time; no stock.",
        "unlimited": "Two decks dealt to 7 columns, every other card face down; build down in "
        "suit, runs move together; go through the stock as often as you like.",
    }


def test_the_sentence_follows_the_declaration() -> None:
    base = GAMES["whitehead"]
    changed = replace(
        base, decks=2, face_down=FaceDown.EVEN, build=Build.SAME_SUIT, unit=None, passes=3
    )
    assert in_brief(changed) == (
        "Two decks dealt to 7 columns, every other card face down; build down in suit, "
        "one card at a time; three passes through the stock."
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_has_a_blurb_of_one_short_line(name: str) -> None:
    blurb = GAMES[name].blurb
    assert blurb.endswith(".") and blurb[0].isupper() and len(blurb) <= 72
    assert "\n" not in blurb


def test_only_nothing_stored_means_not_seen() -> None:
    assert greeting.seen(None) is False
    for text in (greeting.record(), "", "{not json", '{"version": 99}', "x" * 10_000, "null"):
        assert greeting.seen(text) is True  # damaged or a newer page's: seen, no error


def test_the_flag_is_a_versioned_record() -> None:
    assert json.loads(greeting.record()) == {"version": greeting.VERSION, "seen": True}


def test_due_on_a_first_visit_to_the_bare_page_only() -> None:
    assert greeting.due({}, NOTHING)
    assert greeting.due({"automove": "off"}, NOTHING)  # a setting, not a game asked for
    for query in ({"embed": "1"}, {"game": "linus"}, {"deal": "5"}, {"game": "x", "deal": "1"}):
        assert not greeting.due(query, NOTHING), query


@pytest.mark.parametrize("key", [*greeting.RETURNING, greeting.KEY])
def test_not_due_once_anything_says_the_player_was_here(key: str) -> None:
    assert not greeting.due({}, {**NOTHING, key: "{}"})


def test_not_due_when_storage_cannot_be_read() -> None:
    """Keys missing from what was read (no storage at all) count as stored: the welcome
    could not be kept from showing again."""
    assert not greeting.due({}, {})


def test_the_welcome_names_the_key_that_lists_every_key() -> None:
    shown = {b.command: b.shown for b in BINDINGS}
    assert f"<kbd>{shown['help']}</kbd> lists every key" in greeting.brief_html()
    assert greeting.keys_of(("left", "right", "up", "down")) == "← → ↑ ↓"


class _Tags(HTMLParser):
    VOID = frozenset({"use", "path", "circle", "br", "img", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids += [v for k, v in attrs if k == "id" and v]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()


def test_the_markup_is_well_formed_with_unique_ids_and_no_inline_style() -> None:
    body = greeting.body_html()
    tags = _Tags()
    tags.feed(body)
    assert tags.open == []
    assert len(tags.ids) == len(set(tags.ids)) == len(GAMES)
    assert not re.search(r"\sstyle=|<script|\son\w+=", body)  # the CSP allows none
    for name, rules in GAMES.items():
        assert f'data-game="{name}"' in body and f"Play {rules.title}" in body
