"""The start-up decision (game/ui/plan.py) and static/paint.js's copy of it give the same
answer on a table of cases: URLs, Settings' house rules, saved games (dailies too), days;
and so do game/ui/greeting.py and paint.js on whether the first visit's welcome is due."""

from __future__ import annotations

import itertools
import json
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import asdict
from datetime import date

import paint  # scripts/paint.py (conftest puts scripts/ on the path): static/boot/tables.js
from conftest import ROOT

from game.deals import MAX_DEAL
from game.ui import greeting
from game.ui.plan import Plan, Stored, plan

# static/paint.js in Node, on the tables scripts/paint.py makes, with what it touches of a
# page stubbed: its plan() is exposed as self.solitairePlan. Cases on stdin, answers out.
RUN_PAINT_JS = """
const fs = require("fs"), vm = require("vm");
const none = () => null;
const page = {
  console, URLSearchParams, TextEncoder, Date, JSON, Object, Array, String, Math, RegExp,
  location: {search: ""},
  document: {getElementById: none, addEventListener: none, readyState: "complete"},
  MutationObserver: class { observe() {} disconnect() {} },
};
page.self = page.window = page;
vm.createContext(page);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), page);
vm.runInContext(fs.readFileSync(process.argv[2], "utf8"), page);
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const which = page[process.argv[3] || "solitairePlan"];
process.stdout.write(JSON.stringify(cases.map((c) => which(...c))));
"""


def in_paint_js(cases: Sequence[Sequence[object]], function: str = "solitairePlan") -> list[object]:
    """static/paint.js's ``function`` (exposed on self) on each case's arguments, in Node."""
    with tempfile.NamedTemporaryFile("w", suffix=".js") as tables:  # too long for argv
        tables.write(paint.source())
        tables.flush()
        done = subprocess.run(
            ["node", "-e", RUN_PAINT_JS, tables.name, str(ROOT / "static" / "paint.js"), function],
            input=json.dumps(cases),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
    got: list[object] = json.loads(done.stdout)
    return got


QUERIES: list[dict[str, str]] = [
    {},
    {"game": "linus"},
    {"game": "Blind Alleys"},
    {"game": " BLIND_ALLEYS "},
    {"game": "chess"},
    {"game": "linus", "deal": "5"},
    {"game": "linus", "deal": "007"},
    {"game": "whitehead", "deal": "1545"},
    {"deal": "0"},
    {"deal": "12x"},
    {"deal": str(MAX_DEAL + 1)},
    {"deal": "١٢"},
    {"rules": "pgs"},
    {"game": "linus", "rules": "PGS, pgs"},
    {"game": "linus", "deal": "5", "rules": "pgs"},
    {"game": "linus", "rules": "kings_only"},
    {"game": "whitehead", "rules": ",kings_only,"},
    {"game": "unlimited", "automove": "off", "embed": "1"},
    {"game": "linus", "daily": ""},
    {"game": "linus", "daily": "2026-12-04"},
    {"game": "linus", "daily": "2026-12-03", "rules": "pgs"},
    {"game": "linus", "daily": "2026-12-05"},
    {"game": "linus", "daily": "2026-12-06"},
    {"game": "linus", "daily": "2027-01-01"},
    {"game": "linus", "daily": "2026-02-30"},
    {"game": "linus", "daily": "1999-12-31"},
    {"game": "linus", "daily": "2026-1-04"},
    {"daily": "tomorrow"},
    {"daily": ""},
    {"daily": "2026-12-03"},
    {"game": "whitehead", "deal": "5", "daily": "2026-12-04"},
]
HOUSE: list[dict[str, list[str]]] = [
    {},
    {"linus": ["pgs"]},
    {"whitehead": ["kings_only"], "linus": ["pgs"]},
    {"linus": ["nope"]},
]
SAVED: list[Stored | None] = [
    None,
    Stored("whitehead", 1545),
    Stored("linus", 5, ("pgs",)),
    Stored("linus", 5),
    Stored("linus", 77, (), "2026-12-04"),
    Stored("linus", 77, (), "2026-12-03"),
    Stored("chess", 1),
]
TODAY = [date(2026, 12, 4), date(2026, 12, 31)]


def as_js(p: Plan) -> dict[str, object]:
    return {**asdict(p), "rules": list(p.rules)}


def test_python_and_the_first_paint_decide_alike() -> None:
    cases = list(itertools.product(QUERIES, HOUSE, SAVED, TODAY))
    args = [
        [q, h, None if s is None else {**asdict(s), "rules": list(s.rules)}, t.isoformat()]
        for q, h, s, t in cases
    ]
    got = in_paint_js(args)
    want = [as_js(plan(q, h, s, t)) for q, h, s, t in cases]
    differ = [(case, g, w) for case, g, w in zip(cases, got, want, strict=True) if g != w]
    assert differ == []
    # and the table holds each kind of answer
    kinds = {(w["resume"], bool(w["deal"]), bool(w["rules"]), bool(w["daily"])) for w in want}
    assert len(kinds) >= 6, kinds


def test_a_daily_deal_resumes_only_its_own_day_and_game() -> None:
    today, daily = date(2026, 12, 4), Stored("linus", 77, (), "2026-12-04")
    assert plan({"game": "linus", "daily": ""}, {}, daily, today).resume
    assert plan({"game": "Linus", "daily": "2026-12-04"}, {}, daily, today).resume
    assert not plan({"game": "linus", "daily": "2026-12-03"}, {}, daily, today).resume
    assert not plan({"game": "whitehead", "daily": ""}, {}, daily, today).resume
    assert plan({"game": "linus", "daily": ""}, {}, Stored("linus", 77), today) == Plan(
        False, "linus", 0, (), "2026-12-04"
    )  # the same deal, but not kept as the daily: a daily is dealt (Python works it out)


def test_a_new_deal_takes_the_settings_house_rules_unless_the_url_names_a_deal() -> None:
    today, house = date(2026, 12, 4), {"linus": ["pgs"]}
    assert plan({"game": "linus"}, house, None, today) == Plan(False, "linus", 0, ("pgs",))
    assert plan({"game": "linus", "deal": "5"}, house, None, today).rules == ()
    assert plan({"game": "linus", "rules": ""}, house, None, today).rules == ()
    assert plan({}, house, Stored("linus", 5), today) == Plan(True, "linus", 5)


def test_python_and_the_first_paint_agree_when_the_welcome_is_due() -> None:
    keys = [*greeting.RETURNING, greeting.KEY]
    marks: list[dict[str, str | None]] = [
        dict.fromkeys(keys),  # nothing stored: a new player
        {},  # nothing known: taken as stored
        *({**dict.fromkeys(keys), key: text} for key in keys for text in ("{}", "")),
        {k: None for k in keys[1:]},  # one key not asked about
    ]
    queries = [{}, {"automove": "off"}, {"embed": "1"}, {"game": "linus"}, {"deal": "5"},
               {"daily": ""}, {"embed": "0"}]  # fmt: skip
    cases = list(itertools.product(queries, marks))
    got = in_paint_js([[q, m] for q, m in cases], "solitaireGreets")
    want = [greeting.due(q, m) for q, m in cases]
    assert got == want and True in want and False in want
