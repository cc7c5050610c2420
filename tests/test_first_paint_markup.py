"""What the first paint draws, checked natively: the empty tables scripts/paint.py writes
into static/boot/tables.js, and the table's markup game/ui/store.py keeps beside the saved
game (game/ui/markup.py). The page itself: tests/test_first_paint.py."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import game
from game.notation import STOCK, WASTE, pile_name
from game.ui.keymap import BINDINGS
from game.ui.markup import STACK_SHOWN, card_html, first_look, kept_markup, redeal_text, table_look

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import paint


def test_every_game_and_set_of_house_rules_has_its_empty_table() -> None:
    data = paint.tables()
    tables = data["tables"]
    assert isinstance(tables, dict)
    want = {"whitehead", "whitehead+kings_only", "blind-alleys", "linus", "linus+pgs", "unlimited"}
    assert set(tables) == want
    for key, table in tables.items():
        name, *rules = key.split("+")
        g = game.new_game(name, 1, **dict.fromkeys(rules, True))
        look, dealt = table_look(g), first_look(g)
        backs = STACK_SHOWN if g.rules.passes != 0 else 0  # a stock's top cards, face down
        assert table == {
            "class": look.classes,
            "props": look.props,
            "html": look.html,
            "dealt": {"html": dealt.html, "places": [""] * backs},
            "redeal": redeal_text(g) if rules == ["pgs"] else "",
        }
        names = re.findall(r'data-pile="(\w+)"', look.html)
        tops = [STOCK, WASTE] if g.rules.passes != 0 else []
        assert names == [pile_name(p) for p in [*tops, *g.found, *g.tab]]
        assert '<div class="card' not in look.html  # every pile empty
        # A new deal's: its stock holds face-down cards, the same in every deal of a game,
        # and says how many; the rest is as empty.
        stock = g.piles[STOCK]
        assert dealt.html.count(card_html(0, False)) == backs
        if backs:
            assert f'aria-label="Stock, {len(stock)} cards"' in dealt.html
            assert all(len(game.new_game(name, d).piles[STOCK]) == len(stock) for d in (2, 99))
        assert re.sub(r'<div class="card"[^>]*></div>|aria-label="[^"]*"', "", dealt.html) == (
            re.sub(r'aria-label="[^"]*"', "", look.html)
        )
    assert data["rules"] == {
        "whitehead": ["kings_only"],
        "blind-alleys": [],
        "linus": ["pgs"],
        "unlimited": [],
    }
    keys = data["keys"]
    assert isinstance(keys, list) and set(keys) == {k for b in BINDINGS for k in b.keys}
    assert data["maxDeal"] == 2**31 - 1


@pytest.mark.parametrize("name", list(game.GAMES))
def test_the_table_of_a_game_is_sized_by_its_declaration(name: str) -> None:
    g = game.new_game(name, 1)
    look = table_look(g)
    fans = g.rules.passes == 0
    assert look.classes == f"table game-{name} {'fans' if fans else 'columns'}"
    assert look.props.get("--cols") == (None if fans else str(len(g.rules.tableau)))
    assert look.props["--founds"] == str(g.rules.foundations)


def test_tables_js_is_written_once_and_is_a_script_around_the_data(tmp_path: Path) -> None:
    assert paint.write(tmp_path) and not paint.write(tmp_path)  # unchanged: left alone
    text = (tmp_path / paint.OUT).read_text()
    assert text.startswith("// ")
    head, _, body = text.partition("self.solitaireTables = ")
    assert "do not edit" in head and body.endswith(";\n")
    assert json.loads(body[:-2]) == paint.tables()


def test_the_kept_markup_loses_styles_focus_and_passing_states_and_keeps_offsets() -> None:
    card = card_html(12, True)  # a face-up card, as table.py dresses one
    shown = (
        '<div class="board" role="application"><div class="tableau">'
        '<div class="pile column hint-target flying" data-pile="t1" tabindex="0">'
        + card.replace('class="card"', 'class="card held" style="top: 0px;"')
        + card.replace('class="card"', 'style="top: 40.2px;" class="card hint" tabindex="0"')
        + '</div><div class="pile stock" data-pile="s">'
        + card_html(3, False).replace('class="card"', 'class="card" style="visibility: hidden;"')
        + "</div></div></div>"
    )
    html, places = kept_markup(shown)
    assert places == ["top: 0px;", "top: 40.2px;", "visibility: hidden;"]
    assert "style=" not in html and "tabindex" not in html
    assert not re.search(r"\b(held|hint|hint-target|dragging|flying)\b", html)
    assert html.count('<div class="card"') == html.count('<div class="card" role') == 3
    assert '<div class="pile column" data-pile="t1">' in html
    assert card in html  # the rest as it was, faces included
