"""Card faces (game/ui/markup.py, static/css/table.css): every covered card shows its full
index, rank and suit, in what its pile leaves visible; A-10 carry their pips; J, Q and K
differ at a glance. Checked natively for the markup and in the page, on a phone and a
desktop screen, for the start of each game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser
from test_table_kit import DEALS, Ui, booted, engine_piles, identity_traces

import game
from game.cards import RANKS, SUITS, rank_of, suit_of
from game.notation import T0
from game.ui.markup import card_html, face_html

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 800}}


# -- the markup ----------------------------------------------------------------------------


@pytest.mark.parametrize("c", range(52))
def test_a_face_shows_its_index_and_its_pips_or_court(c: int) -> None:
    html = face_html(c)
    r, s = rank_of(c), SUITS[suit_of(c)]
    rank = "10" if r == 9 else RANKS[r]
    assert html.startswith(
        f'<span class="idx" aria-hidden="true"><b>{rank}</b><svg><use href="#suit-{s}"/></svg>'
    )
    assert "<div" not in html  # kept_markup reads the table's own divs only
    # static/paint.js draws a kept table only if it links to the "#suit-" marks alone
    assert all(h.startswith("#suit-") for h in re.findall(r'href="([^"]*)"', html))
    assert set(re.findall(r'href="#suit-(\w)"', html)) == {s}
    pips = re.findall(r'<svg class="([^"]*)"><use href="#suit-', html)
    if r == 0:
        assert pips == ["ace"]
    elif r <= 9:
        assert len(pips) == r + 1
        places = [tuple(p.split()[:2]) for p in pips]
        assert len(set(places)) == len(places)  # no two pips in one place
    else:
        assert pips == []
        letter = "JQK"[r - 10]
        assert f'<span class="court {letter}" aria-hidden="true">' in html
        assert f'href="#suit-court-{letter}"' in html and f"<b>{letter}</b>" in html


def test_a_face_is_built_once() -> None:
    assert face_html(37) is face_html(37)


def test_a_face_down_card_still_says_nothing() -> None:
    for c in range(52):
        assert identity_traces(card_html(c, False)) == []


def test_a_seven_and_an_eight_differ_in_their_pips() -> None:
    def places(c: int) -> set[str]:
        return set(re.findall(r'<svg class="(\w t\d)', face_html(c)))

    faces = [places(4 * r) for r in range(1, 10)]
    assert len({frozenset(f) for f in faces}) == len(faces)


# -- the page ------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=list(SIZES))
def ui(request: pytest.FixtureRequest, browser: Browser, server_url: str) -> Iterator[Ui]:
    with booted(browser, server_url, viewport=SIZES[request.param]) as shared:
        yield shared


# For each face-up card covered by the next card of its pile: the rects of its index (rank,
# suit) and the part of the card the next one leaves visible (a fan: its left strip; a
# column: its top strip). Also each face-up card's pips and court panel.
FACES_JS = """() => {
  const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const covered = [], faces = [];
  for (const pile of document.querySelectorAll('#table [data-pile]')) {
    const cards = [...pile.querySelectorAll(':scope > .card')];
    cards.forEach((card, i) => {
      if (card.dataset.face !== 'up') return;
      const court = card.querySelector('.court');
      faces.push({
        card: card.dataset.card,
        pips: [...card.querySelectorAll('.pips svg')].filter((p) => {
          const r = p.getBoundingClientRect();
          return r.width > 2 && r.height > 2;
        }).length,
        court: court && [getComputedStyle(court).backgroundColor,
          court.querySelector('use').getAttribute('href'), court.textContent],
      });
      const next = cards[i + 1];
      if (!next) return;
      const r = card.getBoundingClientRect(), n = next.getBoundingClientRect();
      const fan = pile.classList.contains('fan');
      const seen = fan ? {...box(r), right: n.left} : {...box(r), bottom: n.top};
      const idx = card.querySelector('.idx');
      covered.push({
        card: card.dataset.card, pile: pile.dataset.pile, seen,
        parts: [idx, ...idx.children].map((e) => box(e.getBoundingClientRect())),
      });
    });
  }
  return {covered, faces};
}"""


def _inside(part: dict[str, float], seen: dict[str, float]) -> bool:
    slack = 0.5  # sub-pixel rounding
    return (
        part["left"] >= seen["left"] - slack
        and part["top"] >= seen["top"] - slack
        and part["right"] <= seen["right"] + slack
        and part["bottom"] <= seen["bottom"] + slack
    )


def _faces(ui: Ui, name: str, builds: int = 0) -> dict[str, Any]:
    """The faces at the start of a deal, after up to ``builds`` moves onto other piles."""
    ui.at(name, DEALS[name], automove="off")
    g = game.new_game(name, DEALS[name])
    done: set[tuple[int, int, int]] = set()
    for _ in range(builds):
        m = next((m for m in g.plain_moves() if m[1] >= T0 and m not in done), None)
        if m is None:
            break
        done |= {m, (m[1], m[0], m[2])}  # not back again
        ui.play(m, g)
        g.apply(m)
        ui.wait_layout(engine_piles(g))
    ui.settle()
    got: dict[str, Any] = ui.page.evaluate(FACES_JS)
    return got


@pytest.mark.browser
@pytest.mark.parametrize("name", list(DEALS))
def test_every_covered_card_shows_its_whole_index(ui: Ui, name: str) -> None:
    got = _faces(ui, name, builds=6)
    covered = got["covered"]
    assert covered, "no covered face-up card"
    hidden = [
        f"{c['card']} in {c['pile']}"
        for c in covered
        if not all(_inside(p, c["seen"]) for p in c["parts"])
    ]
    assert hidden == []
    if name in ("linus", "unlimited"):  # a covered 10 (in a fan; in a column)
        assert any(c["card"].startswith("T") for c in covered)


@pytest.mark.browser
@pytest.mark.parametrize("name", list(DEALS))
def test_pips_count_the_rank_and_courts_differ(ui: Ui, name: str) -> None:
    faces = _faces(ui, name)["faces"]
    courts: dict[str, tuple[str, ...]] = {}
    for face in faces:
        rank = face["card"][0]
        if rank in "JQK":
            courts[rank] = tuple(face["court"])
            continue
        assert face["court"] is None
        want = 1 if rank == "A" else 10 if rank == "T" else int(rank)
        assert face["pips"] == want, face["card"]
    for rank, (background, emblem, letter) in courts.items():
        assert letter == rank and emblem == f"#suit-court-{rank}"
        others = [c[0] for r, c in courts.items() if r != rank]
        assert background not in others
    assert len(courts) == 3 or name != "linus"
