"""The daily deal: one deal a day for each game, the same on every device, found offline.

A day's deal is worked out from (game, date) alone, exactly so:

1. Seed deals.py's SplitMix64 with ``crc32(b"daily " + name) << 32 | day.toordinal()``:
   ``name`` as in the URL (``blind-alleys``), zlib's CRC-32, and the date's proleptic
   Gregorian ordinal (2026-12-01 is 739951). "daily " keeps it apart from the shuffle of
   deal 739951, seeded ``crc32(name) << 32 | 739951`` (deals.py).
2. Draw candidates from it one after another: ``rng.below(9_999_999) + 1``, deal numbers of
   at most seven digits, easy to read out.
3. Deal each candidate with no house rules, make the game's search (PLANS) on it and call
   its ``run(nodes=budget)`` once, with no time limit: nodes, never seconds, so a slow
   phone and a fast desktop agree. The first candidate it proves won is the day's deal:
   always winnable, and the search's winning line (``Daily.line``) is the proof.
4. If TRIES candidates in a row are not won, the next TRIES get four times the budget, and
   so on; a deal the search has not won is never chosen.

Steps 1-2 are plain arithmetic; step 3 runs the solver, whose node counts and move order
are part of the derivation: a change there may change the deals of past days, and the
golden tests (tests/test_daily.py) fail when it does. The searches are deterministic: pure
integer work, and the dives (restarts.py) draw from ``random.Random`` seeded by dive number,
whose algorithms are the same in CPython 3.11 and Pyodide's 3.14.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from zlib import crc32

from .deals import SplitMix64
from .i18n import _
from .notation import shown
from .records import new_game
from .solver import BestFirst, Restarts, Search
from .state import Game

LARGEST = 9_999_999  # candidates: 1 ... LARGEST (seven digits at most)
TRIES = 24  # candidates at a budget before the budget grows (step 4)
GROWTH = 4
FIRST_DAY = date(2000, 1, 1)  # the earliest date a daily deal is given for


@dataclass(frozen=True)
class Plan:
    """How a game's candidates are searched: the kind of search and its node budget."""

    search: Callable[[Game], Search]
    nodes: int


# Chosen by bench/daily.py (median/max pick times there). Depth-first wins Whitehead and
# Blind Alleys within a few thousand nodes when it wins at all; Linus's wins are found by
# the dives (restarts.py), Unlimited's by best-first (best.py).
PLANS: dict[str, Plan] = {
    "whitehead": Plan(Search, 5_000),
    "blind-alleys": Plan(Search, 3_000),
    "linus": Plan(Restarts, 3_000),
    "unlimited": Plan(BestFirst, 2_000),
}


@dataclass(frozen=True)
class Daily:
    """A day's deal, with the winning line that proves it and what finding it took."""

    game: str
    day: date
    deal: int
    line: tuple[str, ...]  # the solver's winning line from the deal's start
    tried: int  # candidates searched, this one included
    nodes: int  # the searches' nodes, all candidates together


def candidates(game: str, day: date) -> SplitMix64:
    """Steps 1-2: the generator whose draws, ``below(LARGEST) + 1``, are the candidates."""
    return SplitMix64(crc32(b"daily " + game.encode()) << 32 | day.toordinal())


def pick(game: str, day: date, plan: Plan | None = None, tries: int = TRIES) -> Daily:
    """Steps 3-4: the first candidate the plan's search proves won (``plan`` and ``tries``
    differ from the game's own only in tests)."""
    for found in picking(game, day, plan, tries):
        if found is not None:
            return found
    raise AssertionError("picking ends only with a deal")  # pragma: no cover


def picking(
    game: str, day: date, plan: Plan | None = None, tries: int = TRIES
) -> Iterator[Daily | None]:
    """:func:`pick` one candidate a step: None after each candidate not won, then the day's
    Daily. A page or its solver's worker (game/solver/remote.py) can then look at its
    mailbox between candidates; the steps are pick's own, so the deal is the same."""
    plan = plan or PLANS[game]
    rng = candidates(game, day)
    nodes, spent, tried = plan.nodes, 0, 0
    while True:
        for _try in range(tries):
            deal = rng.below(LARGEST) + 1
            search = plan.search(new_game(game, deal))
            result = search.run(nodes=nodes, seconds=math.inf)  # nodes only: same everywhere
            tried += 1
            spent += search.nodes
            if result is not None and result.result == "won":
                yield Daily(game, day, deal, tuple(result.moves), tried, spent)
                return
            yield None
        nodes *= GROWTH


@lru_cache(maxsize=64)
def daily(game: str, day: date) -> Daily:
    """The day's deal of ``game`` (remembered: asked again in a session, it is instant)."""
    if game not in PLANS:
        new_game(game, 1)  # raises the engine's GameError, naming the games
    return pick(game, day)


def daily_deal(game: str, day: date) -> int:
    """The deal number of ``game``'s daily deal on ``day``."""
    return daily(game, day).deal


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only: \d takes any script's


def parse_day(text: str, today: date) -> date:
    """The day ``?daily=`` names: ``YYYY-MM-DD``, or today for empty text.

    ``today`` is the player's local date. The next day is allowed too: a link from a player
    east of them, already on the next day, must open. Two days on is not out yet.
    Errors are one ValueError line quoting the text (shortened, as notation.shown does).
    """
    if not text:
        return today
    if not _DATE.fullmatch(text):
        # Translators: {example} is a date as a link writes it, "2026-12-01".
        said = _("the daily deal's date {date} is not a date like {example}")
        raise ValueError(said.format(date=shown(text), example="2026-12-01"))
    try:
        day = date.fromisoformat(text)
    except ValueError:
        said = _("the daily deal's date {date} is not a day of the calendar")
        raise ValueError(said.format(date=shown(text))) from None
    if day < FIRST_DAY:
        # Translators: {first} and {date} are dates as a link writes them, "2000-01-01".
        said = _("daily deals begin on {first}, not {date}")
        raise ValueError(said.format(first=FIRST_DAY, date=shown(text)))
    if day > today + timedelta(days=1):
        # Translators: {date} and {today} are dates as a link writes them, "2026-12-01".
        said = _("the daily deal of {date} is not out yet (today is {today})")
        raise ValueError(said.format(date=shown(text), today=today))
    return day
