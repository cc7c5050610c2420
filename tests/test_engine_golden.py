"""Golden tests: a deal is the same on every machine, in every release.

``tests/golden/deals.json`` pins the exact layout of deals 1, 2 and 1000000 of every game and
house rule (and of Linus's two shuffled redeals). It was generated once by the engine; if a
change makes these tests fail, the change broke every saved game and shared deal number.
Regenerate only for a deliberate, announced change:
``PYTHONPATH=. python3 tests/test_engine_golden.py --regenerate``.

The generator (SplitMix64) and the shuffle are pinned by literals, the first against the
published SplitMix64 reference outputs. Perft counts pin move generation: the number of move
sequences of a given depth from deal 1, checked three ways.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import game
from game.deals import SplitMix64, shuffled
from game.selfcheck import DEALS, REDEALS, VARIANTS  # the variants the browser check digests

GOLDEN = Path(__file__).parent / "golden" / "deals.json"


def layout_now(key: str, deal: int) -> dict[str, Any]:
    """What the engine says now for one entry of the golden file."""
    if key in REDEALS:
        g = game.new_game("linus", deal, pgs=True)
        for m in REDEALS[key]:
            g.play(m)
        return g.layout()
    name, house = VARIANTS[key]
    return game.new_game(name, deal, **house).layout()


def golden_layouts() -> dict[str, dict[str, Any]]:
    return {key: {str(d): layout_now(key, d) for d in DEALS} for key in [*VARIANTS, *REDEALS]}


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, Any]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("key", [*VARIANTS, *REDEALS])
def test_layout_is_pinned(golden: dict[str, dict[str, Any]], key: str, deal: int) -> None:
    assert layout_now(key, deal) == golden[key][str(deal)]


def test_golden_file_holds_every_game(golden: dict[str, dict[str, Any]]) -> None:
    assert set(golden) == {*VARIANTS, *REDEALS}
    assert all(set(deals) == {str(d) for d in DEALS} for deals in golden.values())
    assert {layout["game"] for deals in golden.values() for layout in deals.values()} == set(
        game.GAMES
    )


def test_splitmix64_matches_the_published_reference() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(4)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC,
    ]  # fmt: skip
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]  # fmt: skip


def test_splitmix64_seeds_are_64_bit_and_below_is_pinned() -> None:
    assert SplitMix64(2**64 + 5).next() == SplitMix64(5).next()
    assert SplitMix64(-1).next() == 16490336266968443936
    rng = SplitMix64(42)
    assert [rng.below(n) for n in (1, 2, 3, 52, 10**6, 2**63)] == [
        0, 1, 0, 16, 963250, 6792609088808213254,
    ]  # fmt: skip


def test_shuffled_is_pinned() -> None:
    assert shuffled(list(range(10)), "whitehead", 1) == [8, 5, 3, 0, 2, 1, 4, 7, 9, 6]
    assert shuffled(list(range(52)), "linus", 7, stream=2) == [
        44, 12, 7, 49, 2, 40, 32, 21, 26, 8, 15, 45, 43, 30, 0, 42, 33, 31, 20, 1, 34, 19, 25,
        38, 5, 35, 22, 13, 48, 24, 18, 10, 6, 36, 41, 28, 47, 11, 17, 9, 29, 46, 39, 4, 16, 27,
        37, 23, 51, 14, 50, 3,
    ]  # fmt: skip
    assert shuffled(list(range(104)), "unlimited", 2**31 - 1)[:20] == [
        87, 4, 14, 23, 32, 90, 52, 37, 45, 66, 43, 24, 2, 38, 71, 57, 102, 8, 82, 65,
    ]  # fmt: skip
    cards = list(range(30))
    assert shuffled(cards, "linus", 7) == shuffled(cards, "linus", 7)
    assert cards == list(range(30))  # the input is left alone
    assert sorted(shuffled(cards, "x", 3)) == cards


# -- perft ----------------------------------------------------------------------------------

# (variant, depth) -> number of move sequences of that depth from deal 1
PERFT = {
    ("whitehead", 3): 66,
    ("whitehead-kings_only", 3): 24,
    ("blind-alleys", 3): 9,
    ("linus", 3): 1273,
    ("linus-pgs", 3): 1710,
    ("unlimited", 3): 54,
    ("whitehead", 4): 246,
    ("whitehead-kings_only", 4): 77,
    ("blind-alleys", 4): 17,
    ("linus", 4): 13554,
    ("linus-pgs", 4): 20255,
    ("unlimited", 4): 188,
    ("whitehead", 5): 928,
    ("unlimited", 5): 635,
}


def perft_plain(g: game.Game, depth: int) -> int:
    """Fast: apply/retract on the engine's plain moves."""
    if depth == 0:
        return 1
    total = 0
    for m in list(g.plain_moves()):
        g.apply(m)
        total += perft_plain(g, depth - 1)
        g.retract()
    return total


def perft_public(g: game.Game, depth: int) -> int:
    """Slow: the public API only, moves as text, undo after each."""
    if depth == 0:
        return 1
    total = 0
    for text in [str(m) for m in g.legal_moves()]:
        g.play(text)
        total += perft_public(g, depth - 1)
        assert g.undo() is not None
    return total


@pytest.mark.parametrize(("key", "depth"), list(PERFT))
def test_perft_from_deal_1(key: str, depth: int) -> None:
    name, house = VARIANTS[key]
    g = game.new_game(name, 1, **house)
    start = g.layout()
    assert perft_plain(g, depth) == PERFT[key, depth]
    assert g.layout() == start and g.moves == []


@pytest.mark.parametrize("key", list(VARIANTS))
def test_perft_public_api_agrees_with_plain_moves(key: str) -> None:
    name, house = VARIANTS[key]
    g = game.new_game(name, 1, **house)
    depth = 3 if name == "linus" else 4
    assert perft_public(g, depth) == perft_plain(g, depth) == PERFT[key, depth]
    assert g.moves == [] and not g.can_undo


# -- regenerating the golden file -----------------------------------------------------------


def write_golden() -> None:
    """One layout a line, so a diff shows which deal changed."""
    lines = ["{"]
    data = golden_layouts()
    for i, (key, deals) in enumerate(data.items()):
        lines.append(f"  {json.dumps(key)}: {{")
        for j, (deal, layout) in enumerate(deals.items()):
            comma = "," if j < len(deals) - 1 else ""
            lines.append(f"    {json.dumps(deal)}: {json.dumps(layout, ensure_ascii=False)}{comma}")
        lines.append("  }" + ("," if i < len(data) - 1 else ""))
    lines.append("}")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--regenerate"]:
    write_golden()
