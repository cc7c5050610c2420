"""A whole game as a link: every game and house rule round-trips, real games fit the size
targets, and any damaged, cut, forged or oversized fragment fails in one LinkError line."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

import game
from game import replaylink
from game.deals import MAX_DEAL
from game.notation import NewerVersion
from game.records import RecordError, from_layout, replay
from game.replaylink import (
    GAME_CODES,
    HOUSE_RULES,
    MAX_MOVES,
    MAX_TEXT,
    LinkError,
    LinkNewer,
    decode,
    encode,
    link,
)
from game.solver import solve

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"  # base64url
PREFIX = "https://example.com/#r="  # what a realistic link adds to the fragment
VARIANTS: list[tuple[str, dict[str, bool]]] = [(name, {}) for name in game.GAMES] + [
    (name, {h.name: True}) for name, r in game.GAMES.items() for h in r.house_rules
]


def randomly(name: str, deal: int, moves: int, seed: int = 1, **rules: bool) -> game.Game:
    """Seeded random legal play: up to ``moves`` moves, fewer if the game ends first."""
    rng = random.Random(seed)
    g = game.new_game(name, deal, **rules)
    for _ in range(moves):
        legal = g.plain_moves()
        if not legal:
            break
        g.play(legal[rng.randrange(len(legal))])
    return g


def won_line(name: str, deal: int, **rules: bool) -> game.Game:
    """The deal played along the solver's winning line: a real game, undo-free."""
    g = game.new_game(name, deal, **rules)
    result = solve(g, seconds=30)
    assert result.result == "won", f"{name} deal {deal}: {result.result}"
    for move in result.moves:
        g.play(move)
    return g


def same_game(a: game.Game, b: game.Game) -> None:
    assert (a.rules.name, a.rules.active, a.deal) == (b.rules.name, b.rules.active, b.deal)
    assert a.moves == b.moves
    assert a.key() == b.key()


def round_trip(g: game.Game) -> str:
    text = encode(g)
    back = decode(text)
    same_game(back, g)
    same_game(replay(back.record()), g)  # what an import of the record gives
    assert encode(back) == text
    return text


def raises_one_line(text: object) -> str:
    with pytest.raises(LinkError) as caught:
        decode(text)
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 160, message
    return message


# -- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rules"), VARIANTS, ids=lambda v: v if isinstance(v, str) else ",".join(v)
)
def test_every_game_and_house_rule_round_trips(name: str, rules: dict[str, bool]) -> None:
    for deal in (1, 2, 77, MAX_DEAL):
        round_trip(game.new_game(name, deal, **rules))
        for seed in range(3):
            round_trip(randomly(name, deal, 300, seed, **rules))


@pytest.mark.parametrize(
    ("name", "deal"), [("whitehead", 1), ("blind-alleys", 2), ("linus", 3), ("unlimited", 1)]
)
def test_solver_winning_lines_round_trip(name: str, deal: int) -> None:
    g = won_line(name, deal)
    assert g.status == "won"
    assert decode(round_trip(g)).status == "won"


def test_link_puts_the_text_in_the_fragment_and_decode_reads_any_wrapping() -> None:
    g = randomly("linus", 5, 40, pgs=True)
    text = encode(g)
    url = link("https://example.com/play?x=1#old", g)
    assert url == f"https://example.com/play?x=1#r={text}"
    for wrapped in (url, f"#r={text}", f"r={text}", f" {text}\n"):
        same_game(decode(wrapped), g)


def test_only_the_moves_played_go_in_a_link_not_the_undone_ones() -> None:
    g = randomly("whitehead", 9, 30)
    kept = encode(g)
    g.play(g.plain_moves()[0])
    g.undo()
    assert encode(g) == kept


def test_the_format_is_pinned_a_link_made_today_reads_the_same_later() -> None:
    moves = ["t5>t6", "s", "w>t3", "t3>t6x2", "s", "t3>t7", "s", "t4>t3"]
    g = game.new_game("whitehead", 123, kings_only=True)
    for move in moves:
        g.play(move)
    assert encode(g) == "1BGO2Xhc4k1MIVX_p"
    assert [str(m) for m in decode("1BGO2Xhc4k1MIVX_p").moves] == moves
    assert encode(game.new_game("unlimited", 2)) == "1I-NkPw"


def test_every_game_and_house_rule_has_a_fixed_code() -> None:
    assert set(GAME_CODES) == set(game.GAMES)
    for name, rules in game.GAMES.items():
        assert set(HOUSE_RULES.get(name, ())) == {h.name for h in rules.house_rules}
        assert len(HOUSE_RULES.get(name, ())) <= 2  # RULES_RADIX holds two bits


# -- size -----------------------------------------------------------------------------------


def test_a_140_move_whitehead_game_fits_in_400_characters_of_url() -> None:
    g = won_line("whitehead", 1)
    assert len(g.moves) >= 140
    assert len(PREFIX + encode(g)) <= 400
    first_140 = game.new_game("whitehead", 1)
    for move in g.moves[:140]:
        first_140.play(move)
    assert len(PREFIX + round_trip(first_140)) <= 400
    wandering = randomly("whitehead", 2, 140, kings_only=True)
    assert len(wandering.moves) == 140
    assert len(PREFIX + round_trip(wandering)) <= 400


def test_a_1000_move_unlimited_game_fits_under_2000_characters_of_url() -> None:
    g = randomly("unlimited", 2026, 1000)
    assert len(g.moves) == 1000
    assert len(PREFIX + round_trip(g)) < 2000


# -- refused --------------------------------------------------------------------------------


def fragments() -> Iterator[str]:
    yield encode(randomly("whitehead", 11, 140))
    yield encode(randomly("unlimited", 12, 400))


def test_every_truncation_of_a_real_link_is_refused() -> None:
    for text in fragments():
        for cut in range(len(text)):
            raises_one_line(text[:cut])


def test_every_flipped_character_of_a_real_link_is_refused() -> None:
    rng = random.Random(14)
    for text in fragments():
        for at in range(1, len(text)):
            for other in rng.sample([c for c in ALPHABET if c != text[at]], 6):
                raises_one_line(text[:at] + other + text[at + 1 :])
        raises_one_line(text + "A")  # one character too many
        raises_one_line(text + "AAAA")


def test_random_junk_is_refused_in_one_line() -> None:
    rng = random.Random(2026)
    for _ in range(2000):
        n = rng.randrange(40)
        junk = [
            rng.randbytes(n).decode("latin-1"),
            "".join(chr(rng.randrange(0x110000)) for _ in range(n)),
            "1" + "".join(rng.choice("AZaz09-_+/=%#") for _ in range(n)),
        ]
        for text in junk:
            try:
                decode(text)
            except LinkError as e:
                assert "\n" not in str(e)


def test_oversized_and_wrong_kinds_of_input_are_refused_at_once() -> None:
    started = time.perf_counter()
    assert "too long" in raises_one_line("1" + "A" * 10_000_000)
    assert "too long" in raises_one_line("1" * (MAX_TEXT + 1))
    assert time.perf_counter() - started < 1
    for value in (None, b"1AAAA", 7, ["1AAAA"]):
        assert "is text" in raises_one_line(value)
    assert "empty" in raises_one_line("")
    assert "empty" in raises_one_line("https://example.com/#r=")
    assert "not a game link" in raises_one_line("x" * 100)
    assert "characters" in raises_one_line("1AAA=")
    raises_one_line("\ud800" * 3)  # lone surrogates: refused, not a UnicodeError


def test_a_link_from_a_newer_version_says_so() -> None:
    with pytest.raises(LinkNewer, match="newer version") as caught:
        decode("2" + encode(game.new_game("linus", 1))[1:])
    assert isinstance(caught.value, NewerVersion) and isinstance(caught.value, RecordError)


def forge(x: int) -> str:
    """A text with a right check around any integer: what someone forging links can make."""
    payload = x.to_bytes((x.bit_length() + 7) // 8, "big")
    return "1" + replaylink._b64(payload + replaylink._check(payload))


def test_forged_links_with_a_right_check_give_a_legal_game_or_one_line() -> None:
    rng = random.Random(5)
    for _ in range(60):
        text = forge(int.from_bytes(rng.randbytes(rng.randrange(30)), "big"))
        try:
            g = decode(text)
        except LinkError as e:
            assert "\n" not in str(e)
        else:  # a legal game after all: every move came from the legal moves
            assert encode(g) == text
    assert "no game" in raises_one_line(forge(7))
    assert "house rule" in raises_one_line(forge(2 * 8 + 1))  # Blind Alleys has none
    assert "more than its moves" in raises_one_line(forge(1 << 200))


def test_a_forged_link_cannot_ask_for_more_work_than_max_moves() -> None:
    for code in range(len(GAME_CODES)):
        started = time.perf_counter()
        x = ((MAX_MOVES * MAX_DEAL + 41) * 4) * 8 + code  # the longest game, moves 0
        assert len(decode(forge(x)).moves) == MAX_MOVES  # legal, if pointless, and quick
        assert time.perf_counter() - started < 5


def test_leading_zeros_and_stray_bits_are_refused_so_each_game_has_one_text() -> None:
    payload = b"\0\x01"
    assert "not written" in raises_one_line(
        "1" + replaylink._b64(payload + replaylink._check(payload))
    )
    text = encode(game.new_game("whitehead", 3))
    assert len(text[1:]) % 4  # its last character carries unused bits
    last = ALPHABET.index(text[-1])
    assert "damaged or cut short" in raises_one_line(text[:-1] + ALPHABET[last ^ 1])


def test_games_that_cannot_be_a_link_are_refused_by_encode(monkeypatch: pytest.MonkeyPatch) -> None:
    layout = game.new_game("whitehead", 4).layout()
    layout["tableau"][0], layout["tableau"][1] = layout["tableau"][1], layout["tableau"][0]
    with pytest.raises(LinkError, match="did not start from its deal"):
        encode(from_layout(layout))
    monkeypatch.setattr(replaylink, "MAX_MOVES", 10)
    with pytest.raises(LinkError, match="too long"):
        encode(randomly("whitehead", 4, 11))
