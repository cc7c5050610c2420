"""The embedding API's messages, natively (game/ui/messages.py is pure): which commands
are accepted, what a malformed one is told, how the allow-list reads, what events say.
The browser side is tests/test_embed.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import game
from game.deals import MAX_DEAL
from game.rules import GAMES
from game.ui.messages import (
    ANY,
    COMMANDS,
    EVENTS,
    SOURCE,
    Command,
    allows,
    check,
    event,
    origin_of,
    parse_origins,
)


@pytest.mark.parametrize(
    ("data", "want"),
    [
        ({"type": "undo"}, Command("undo")),
        ({"type": "redo"}, Command("redo")),
        ({"type": "restart", "extra": [1, 2]}, Command("restart")),  # unknown keys: ignored
        ({"type": "newGame", "game": "linus"}, Command("newGame", "linus")),
        ({"type": "newGame", "game": "whitehead", "deal": 7}, Command("newGame", "whitehead", 7)),
        (
            {"type": "newGame", "game": "linus", "deal": MAX_DEAL},
            Command("newGame", "linus", MAX_DEAL),
        ),
        ({"type": "newGame", "game": "linus", "deal": None}, Command("newGame", "linus")),
        (
            {"type": "newGame", "game": "linus", "deal": 1, "rules": {"pgs": True}},
            Command("newGame", "linus", 1, {"pgs": True}),
        ),
        (  # a rule set to false is simply not on
            {"type": "newGame", "game": "whitehead", "rules": {"kings_only": False}},
            Command("newGame", "whitehead"),
        ),
        ({"type": "newGame", "game": "unlimited", "rules": {}}, Command("newGame", "unlimited")),
        ({"source": "elsewhere", "type": "undo"}, Command("undo")),
    ],
)
def test_accepted_commands(data: dict[str, Any], want: Command) -> None:
    assert check(data) == want


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (None, "a command is an object"),
        ("undo", "a command is an object"),
        ('{"type": "undo"}', "a command is an object"),  # JSON text: not an object
        ([{"type": "undo"}], "a command is an object"),
        (3, "a command is an object"),
        ({}, 'a command needs a "type": newGame, undo, redo, restart, load'),
        (
            {"type": "Undo"},
            'unknown command type "Undo"; known: newGame, undo, redo, restart, load',
        ),
        ({"type": ["undo"]}, 'unknown command type ["undo"]'),
        ({"type": "x" * 500}, 'unknown command type "xxxxxxxx'),
        ({"type": "newGame"}, "newGame needs a game: whitehead, blind-alleys, linus, unlimited"),
        ({"type": "newGame", "game": "chess"}, "newGame needs a game"),
        ({"type": "newGame", "game": ["linus"]}, "newGame needs a game"),
        ({"type": "newGame", "game": "linus", "deal": 0}, "whole number from 1 to 2147483647"),
        ({"type": "newGame", "game": "linus", "deal": MAX_DEAL + 1}, "whole number"),
        ({"type": "newGame", "game": "linus", "deal": -3}, "whole number"),
        ({"type": "newGame", "game": "linus", "deal": 2.5}, "whole number"),
        ({"type": "newGame", "game": "linus", "deal": "5"}, "whole number"),
        ({"type": "newGame", "game": "linus", "deal": True}, "whole number"),
        ({"type": "newGame", "game": "linus", "rules": None}, "rules must be an object"),
        ({"type": "newGame", "game": "linus", "rules": ["pgs"]}, "rules must be an object"),
        ({"type": "newGame", "game": "linus", "rules": {"pgs": 1}}, "true/false for ['pgs']"),
        ({"type": "newGame", "game": "linus", "rules": {"kings_only": True}}, "['pgs']"),
        ({"type": "newGame", "game": "unlimited", "rules": {"pgs": True}}, "for no house rules"),
        ({"type": "load"}, 'load needs a "record": a game record'),
        ({"type": "load", "record": '{"game": "linus"}'}, "load's record: it is not a game record"),
        ({"type": "load", "record": {"deal": 5}}, "load's record: a record needs a game name"),
        (
            {"type": "load", "record": {"game": "whitehead", "deal": 5, "moves": ["t1>t9"]}},
            "load's record: move 1 (index 0) is illegal: t1>t9: Whitehead has no pile t9",
        ),
        (
            {"type": "load", "record": {"game": "whitehead", "deal": 5, "moves": ["x" * 500]}},
            "load's record: move 1 (index 0) is illegal",
        ),
    ],
)
def test_malformed_commands_say_why(data: Any, says: str) -> None:
    with pytest.raises(ValueError) as caught:
        check(data)
    assert says in str(caught.value)
    assert len(str(caught.value)) < 200  # one console line


def test_load_carries_the_records_game_with_its_moves_played() -> None:
    g = game.new_game("linus", 7, pgs=True)
    g.play(str(g.legal_moves()[0]))
    command = check({"type": "load", "record": g.record()})
    assert command.kind == "load" and command.loaded is not None
    assert command.loaded.record() == g.record() and command.loaded.key() == g.key()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(
    st.one_of(
        JSON,
        st.fixed_dictionaries({"type": st.sampled_from(COMMANDS)}, optional={"game": JSON}),
        st.fixed_dictionaries(
            {"type": st.just("newGame"), "game": st.sampled_from(list(GAMES))},
            optional={"deal": JSON, "rules": JSON},
        ),
        st.fixed_dictionaries({"type": st.just("load")}, optional={"record": JSON}),
    )
)
def test_any_message_is_a_command_or_a_value_error(data: Any) -> None:
    """Whatever JSON a page posts, check() answers with a Command or a ValueError."""
    try:
        command = check(data)
    except ValueError:
        return
    assert command.kind in COMMANDS
    if command.kind == "newGame":
        assert command.game in GAMES
        assert command.deal is None or 1 <= command.deal <= MAX_DEAL
        known = {h.name for h in GAMES[command.game].house_rules}
        assert set(command.rules) <= known
        assert all(v is True for v in command.rules.values())


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("https://example.com", "https://example.com"),
        ("https://example.com/", "https://example.com"),
        ("HTTPS://Example.COM:443/", "https://example.com"),
        ("http://example.com:80", "http://example.com"),
        ("http://example.com:8080", "http://example.com:8080"),
        ("https://example.com:80", "https://example.com:80"),
        ("http://localhost:5173", "http://localhost:5173"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000"),
        ("http://[::1]:8000", "http://[::1]:8000"),
        ("https://sub.example.co.uk", "https://sub.example.co.uk"),
        ("example.com", None),
        ("//example.com", None),
        ("https://", None),
        ("https://example.com/games/", None),  # a page, not an origin
        ("https://example.com?x=1", None),
        ("https://example.com#top", None),
        ("https://example.com?", None),
        ("https://user@example.com", None),
        ("https://example.com:99999", None),
        ("https://example.com:port", None),
        ("ftp://example.com", None),
        ("file:///tmp/page.html", None),
        ("null", None),
        ("*.example.com", None),
        ("https://[::1", None),
    ],
)
def test_origin_of(text: str, want: str | None) -> None:
    assert origin_of(text) == want


def test_parse_origins() -> None:
    assert parse_origins(None) == ([ANY], [])  # no meta tag: any page, as documented
    assert parse_origins("*") == ([ANY], [])
    assert parse_origins("") == ([], [])  # an empty list: nobody
    assert parse_origins("  \n ") == ([], [])
    assert parse_origins("https://a.example https://b.example:8443/") == (
        ["https://a.example", "https://b.example:8443"],
        [],
    )
    assert parse_origins("https://a.example https://A.example/") == (["https://a.example"], [])
    assert parse_origins("https://a.example * bad") == ([ANY], ["bad"])
    assert parse_origins("a.example https://b.example/page") == (
        [],
        ["a.example", "https://b.example/page"],
    )


def test_allows() -> None:
    assert allows([ANY], "https://anything.example")
    assert allows([ANY], "null")
    listed = ["https://a.example", "http://localhost:8000"]
    assert allows(listed, "https://a.example")
    assert allows(listed, "http://localhost:8000")
    assert not allows(listed, "http://a.example")
    assert not allows(listed, "https://a.example:8443")
    assert not allows(listed, "https://sub.a.example")
    assert not allows(listed, "http://localhost:8001")
    assert not allows(listed, "null")
    assert not allows([], "https://a.example")


ABOUT = {"game": "linus", "deal": 5, "rules": {"pgs": True}, "status": "playing", "moves": 3}


def test_events() -> None:
    for kind in EVENTS:
        message = event(kind, ABOUT)
        assert message == {"source": SOURCE, "type": kind, **ABOUT}
        assert json.loads(json.dumps(message)) == message  # plain JSON, as posted
    assert event("move", ABOUT, "t1>t4") == {
        "source": "solitaire",
        "type": "move",
        **ABOUT,
        "move": "t1>t4",
    }
    with pytest.raises(ValueError, match="no such event"):
        event("moved", ABOUT)
