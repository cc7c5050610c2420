"""Sharing a finished game: the text names game, deal or date, result, time, moves and help
but no move; the link opens the same deal and, for a win without help, carries a challenge
whose claim is read strictly and compared in the end dialog's words."""

from __future__ import annotations

import random
import re
from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest

import game
from game.notation import GameError
from game.share import (
    MAX_SECONDS,
    Claim,
    ClaimError,
    clock,
    deal_link,
    read_claim,
    share,
    share_text,
    stats_text,
)
from game.solver import solve
from game.stats import DailySummary, Help, Tally

BASE = "https://example.com/solitaire/"


@pytest.fixture(scope="module")
def won() -> game.Game:
    g = game.new_game("whitehead", 1)
    result = solve(g, seconds=30)
    assert result.result == "won"
    for move in result.moves:
        g.play(move)
    return g


def lost() -> game.Game:
    """Whitehead deal 1 always taking the last legal move (so dealing first): soon lost."""
    g = game.new_game("whitehead", 1)
    while g.plain_moves() and len(g.moves) < 300:
        g.play(g.plain_moves()[-1])
    assert g.status == "lost"
    return g


def query(link: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query, strict_parsing=True).items()}


def test_clock_reads_like_the_page_clock() -> None:
    assert [clock(s) for s in (0, 9.99, 60, 252.7, 4321)] == [
        "0:00",
        "0:09",
        "1:00",
        "4:12",
        "72:01",
    ]


def test_a_win_is_shared_with_deal_result_time_moves_and_no_help(won: game.Game) -> None:
    n = len(won.moves)
    shared = share(won, 252.7, BASE)
    assert (
        shared.text == f"Whitehead, deal 1: won in {n} moves, 4:12, without help.\nCan you beat it?"
    )
    assert shared.link == f"{BASE}?game=whitehead&deal=1&beat={n}-252"


def test_the_text_never_gives_a_move_away(won: game.Game) -> None:
    for help in (None, Help(3, True, True)):
        text = share(won, 100, BASE, help).text
        assert not any(str(m) in text.split() for m in won.moves)
        assert not re.search(r"\b[twf][0-9]+>|\b[2-9TJQKA][SHDC]\b", text)
        assert len(text.splitlines()) <= 2 and all(len(line) < 120 for line in text.splitlines())


def test_help_is_said_and_a_win_with_help_carries_no_challenge(won: game.Game) -> None:
    shared = share(won, 61, BASE, Help(hints=2, verdict=True))
    assert shared.text.endswith("1:01, with help (2 hints, the solver's verdict).")
    assert "beat" not in query(shared.link)
    assert "without help" in share_text(won, 61, Help())


def test_a_loss_is_shared_without_a_challenge() -> None:
    g = lost()
    shared = share(g, 30, BASE)
    assert shared.text == f"Whitehead, deal 1: lost after {len(g.moves)} moves, 0:30, without help."
    assert query(shared.link) == {"game": "whitehead", "deal": "1"}


def test_a_daily_names_its_date_and_links_to_it(won: game.Game) -> None:
    shared = share(won, 252, BASE, daily=date(2026, 12, 1))
    assert shared.text.startswith("Whitehead daily, 2026-12-01: won in")
    assert query(shared.link) == {
        "game": "whitehead",
        "daily": "2026-12-01",
        "beat": f"{len(won.moves)}-252",
    }


def test_house_rules_are_named_and_kept_in_the_link() -> None:
    g = game.new_game("linus", 5, pgs=True)
    assert share_text(g, 0).startswith("Linus (Pretty Good Solitaire), deal 5: lost after 0 moves")
    link = deal_link("https://example.com/?old=1#r=1abc", g)
    assert link == "https://example.com/?game=linus&deal=5&rules=pgs"


def test_the_moves_shared_are_the_players_as_the_page_counts_them(won: game.Game) -> None:
    shared = share(won, 252.9, BASE, moves=len(won.moves) - 3)  # less the deal's own three
    assert f"won in {len(won.moves) - 3} moves," in shared.text
    assert query(shared.link)["beat"] == f"{len(won.moves) - 3}-252"


def test_one_move_is_one_move() -> None:
    g = game.new_game("whitehead", 2)
    g.play("s")
    assert "after 1 move," in share_text(g, 5)


def test_a_claim_round_trips_through_the_link(won: game.Game) -> None:
    claim = read_claim(query(share(won, 252.9, BASE).link)["beat"], "whitehead")
    assert claim == Claim(len(won.moves), 252)
    assert claim.text == f"Beat {len(won.moves)} moves in 4:12"


def test_no_claim_is_none() -> None:
    assert read_claim(None) is None
    assert read_claim("") is None


@pytest.mark.parametrize(
    "junk",
    ["97", "97-", "-252", "97.252", "097-252", "97-0252", "0-10", "97-252-1", " 97-252",
     "97-252\n", "٩٧-٢٥٢", "1e2-5", "97_252", "x" * 10_000, "9" * 5000 + "-1"],
)  # fmt: skip
def test_junk_claims_are_refused_in_one_line(junk: str) -> None:
    with pytest.raises(ClaimError) as caught:
        read_claim(junk)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_claims_beyond_any_real_game_are_refused() -> None:
    assert read_claim(f"100000-{MAX_SECONDS}") == Claim(100_000, MAX_SECONDS)
    for text in ("100001-5", f"97-{MAX_SECONDS + 1}", "999999-999999"):
        with pytest.raises(ClaimError, match="beyond"):
            read_claim(text)
    with pytest.raises(ClaimError, match="at least 104 moves"):
        read_claim("60-100", "unlimited")
    assert read_claim("60-100", "whitehead") == Claim(60, 100)
    # the deal's own auto-moves sent 4 cards home: the player's moves need not count them
    assert read_claim("100-100", "unlimited", home=4) == Claim(100, 100)
    with pytest.raises(ClaimError, match="at least 100 moves"):
        read_claim("99-100", "unlimited", home=4)
    for value in (97, ["97-252"], b"97-252"):
        with pytest.raises(GameError, match="not text"):
            read_claim(value)


def test_the_end_dialog_compares_a_game_with_the_claim() -> None:
    claim = Claim(97, 252)
    said = {
        (90, 238.4): "You won in 90 moves, 3:58: you beat the challenge, 97 moves in 4:12.",
        (97, 200): "You won in 97 moves, 3:20: you beat the challenge, 97 moves in 4:12.",
        (
            97,
            252.8,
        ): "You won in 97 moves, 4:12: you matched the challenge, 97 moves in 4:12, exactly.",
        (
            90,
            300,
        ): "You won in 90 moves, 5:00: fewer moves than the challenge, but slower than 4:12.",
        (
            120,
            100,
        ): "You won in 120 moves, 1:40: faster than the challenge, but more moves than 97.",
        (120, 300): "You won in 120 moves, 5:00: you did not beat the challenge, 97 moves in 4:12.",
        (97, 253): "You won in 97 moves, 4:13: you did not beat the challenge, 97 moves in 4:12.",
    }
    for (moves, seconds), line in said.items():
        assert claim.compare(True, moves, seconds) == line
    assert (
        claim.compare(False, 50, 10)
        == "Not won this time: the challenge, 97 moves in 4:12, still stands."
    )


def test_a_win_too_slow_for_a_claim_is_shared_without_one(won: game.Game) -> None:
    shared = share(won, MAX_SECONDS + 1, BASE)
    assert "beat" not in query(shared.link) and "Can you beat it" not in shared.text


def test_random_junk_claims_give_a_claim_or_one_line_never_a_crash() -> None:
    rng = random.Random(14)
    for _ in range(3000):
        text = "".join(rng.choice("0123456789-x .٣\n") for _ in range(rng.randrange(12)))
        try:
            claim = read_claim(text, rng.choice([None, "linus", "nonsense"]))
        except ClaimError as e:
            assert "\n" not in str(e)
        else:
            assert claim is None or read_claim(claim.param) == claim


def test_the_statistics_are_shared_with_a_week_of_daily_squares() -> None:
    days = [(date(2026, 11, d), None) for d in range(3, 26)]
    week: list[tuple[date, str | None]] = [
        (date(2026, 11, 26), "won"),
        (date(2026, 11, 27), "lost"),
        (date(2026, 11, 28), None),
        (date(2026, 11, 29), "won"),
        (date(2026, 11, 30), "won"),
        (date(2026, 12, 1), "won"),
        (date(2026, 12, 2), None),
    ]
    summary = DailySummary(played=5, won=4, streak=3, best_streak=3, days=days + week)
    tally = Tally(played=20, won=12, best_seconds=192.7, fewest_moves=98)
    assert stats_text("Linus", tally, summary) == (
        "Linus: won 12 of 20 games (60%), best time 3:12, fewest moves 98.\n"
        "Daily deals: won 4 of 5, streak 3 (best 3). 🟩🟥⬜🟩🟩🟩⬜"
    )
    assert stats_text("Linus (PGS)", Tally()) == "Linus (PGS): won 0 of 0 games."
    none_played = DailySummary(0, 0, 0, 0, days + week)
    assert "\n" not in stats_text("Linus", Tally(played=1), none_played)
