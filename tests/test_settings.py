"""Settings: defaults, the JSON round trip, old entries read, damaged ones refused in one line."""

from __future__ import annotations

import json

import pytest

import game
from game.settings import (
    ANIMATION,
    VERDICTS,
    Settings,
    SettingsError,
    four_colour_helps,
    loads,
)


def test_defaults_are_what_a_new_player_gets() -> None:
    s = Settings()
    assert (s.automove, s.animation, s.motion) == ("safe", "normal", "system")
    assert (s.four_colour, s.winnable_only, s.confirm_abandon) == (False, False, True)
    assert s.rules_for("linus") == {}
    assert s.verdicts == "asked"  # no verdict at the deal: it would spoil it (README)


def test_every_setting_round_trips() -> None:
    s = Settings(
        automove="always",
        four_colour=True,
        animation="slow",
        motion="reduce",
        winnable_only=True,
        confirm_abandon=False,
        verdicts="never",
    ).with_rules("linus", {"pgs": True})
    back = loads(s.dumps())
    assert back == s
    assert back.rules_for("linus") == {"pgs": True} and back.rules_for("whitehead") == {}
    assert loads(Settings().dumps()) == Settings()


def test_house_rules_are_remembered_per_game() -> None:
    s = Settings().with_rules("whitehead", {"kings_only": True}).with_rules("linus", {"pgs": True})
    s = s.with_rules("linus", {"pgs": False})
    assert s.house_rules == {"whitehead": ("kings_only",)}
    assert game.new_game("whitehead", 3, **s.rules_for("whitehead")).rules.active == ("kings_only",)


def test_fields_left_out_keep_their_defaults() -> None:
    assert loads('{"version": 1, "automove": "off"}') == Settings(automove="off")


def test_each_verdict_choice_is_kept_and_settings_stored_before_it_load() -> None:
    for choice in VERDICTS:
        assert loads(Settings(verdicts=choice).dumps()).verdicts == choice
    before = Settings(automove="off", winnable_only=True).dumps()
    before = before.replace(',"verdicts":"asked"', "")
    assert "verdicts" not in before
    assert loads(before) == Settings(automove="off", winnable_only=True, verdicts="asked")


def test_sound_is_on_by_default_kept_when_muted_and_old_settings_load_with_it() -> None:
    assert Settings().sound is True  # quiet, and only after the player's first tap (README)
    assert loads(Settings(sound=False).dumps()).sound is False
    before = json.loads(Settings(automove="off").dumps())
    del before["sound"]  # stored before the setting existed
    assert loads(json.dumps(before)) == Settings(automove="off", sound=True)
    with pytest.raises(SettingsError, match="setting sound must be true or false, not 'off'"):
        loads(json.dumps({**before, "sound": "off"}))


def test_the_settings_of_before_versions_are_read() -> None:
    assert loads('{"winnable_only": true}') == Settings(winnable_only=True)
    assert loads("{}") == Settings()


def test_glides_follow_the_speed_and_reduced_motion() -> None:
    assert Settings().glide_ms(system_reduces=False) == ANIMATION["normal"] > 0
    assert Settings().glide_ms(system_reduces=True) == 0
    assert Settings(motion="full").glide_ms(system_reduces=True) == ANIMATION["normal"]
    assert Settings(motion="reduce").glide_ms(system_reduces=False) == 0
    assert Settings(animation="off").glide_ms(system_reduces=False) == 0
    assert Settings(animation="fast").glide_ms(False) < Settings(animation="slow").glide_ms(False)


def test_four_colours_only_where_piles_build_in_suit() -> None:
    helps = {name for name, rules in game.GAMES.items() if four_colour_helps(rules)}
    assert helps == {"unlimited"}


GOOD = json.loads(Settings().dumps())


@pytest.mark.parametrize(
    "text",
    [
        None,
        42,
        "",
        "{",
        "[]",
        '"safe"',
        "[" * 50_000,
        "x" * 20_000,
        json.dumps({**GOOD, "version": 2}),
        json.dumps({**GOOD, "version": "1"}),
        json.dumps({"winnable_only": "yes"}),
        json.dumps({"winnable_only": True, "colour": 4}),
        json.dumps({**GOOD, "automove": "sometimes"}),
        json.dumps({**GOOD, "automove": ["safe"]}),
        json.dumps({**GOOD, "animation": None}),
        json.dumps({**GOOD, "motion": "wobbly"}),
        json.dumps({**GOOD, "verdicts": "sometimes"}),
        json.dumps({**GOOD, "verdicts": True}),
        json.dumps({**GOOD, "verdicts": ["always"]}),
        json.dumps({**GOOD, "four_colour": 1}),
        json.dumps({**GOOD, "confirm_abandon": "false"}),
        json.dumps({**GOOD, "volume": 11}),
        json.dumps({**GOOD, "house_rules": []}),
        json.dumps({**GOOD, "house_rules": {"chess": []}}),
        json.dumps({**GOOD, "house_rules": {"linus": "pgs"}}),
        json.dumps({**GOOD, "house_rules": {"linus": ["kings_only"]}}),
        json.dumps({**GOOD, "house_rules": {"linus": [["pgs"]]}}),
    ],
)
def test_damaged_settings_are_refused_in_one_line(text: object) -> None:
    with pytest.raises(SettingsError) as caught:
        loads(text)
    message = str(caught.value)
    assert "\n" not in message and 0 < len(message) < 200
