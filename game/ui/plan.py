"""What a page opening shows, decided once: the saved game, or a new deal (which game,
which deal if the URL names one, which house rules, whether it is a daily deal).

Pure. App.start follows it, and so does static/paint.js's ``plan``, which draws the table
before Python has started; tests/test_plan.py runs both on the same table of cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..rules import GAMES
from . import params


@dataclass(frozen=True)
class Stored:
    """What the decision needs of the saved game: which deal of which game, with which
    house rules (sorted), and the day it is the daily deal of (ISO; None: not one)."""

    game: str
    deal: int
    rules: tuple[str, ...] = ()
    daily: str | None = None


@dataclass(frozen=True)
class Plan:
    """Resume the saved game, or deal ``game``: deal ``deal`` (0: a fresh one, or the daily
    deal's, worked out by Python), with house ``rules`` (sorted), ``daily`` (ISO) or None."""

    resume: bool
    game: str
    deal: int = 0
    rules: tuple[str, ...] = ()
    daily: str | None = None


def plan(
    query: dict[str, str], house: dict[str, list[str]], saved: Stored | None, today: date
) -> Plan:
    """The decision for a page opened at ``query`` (its URL's, the last of each name),
    with the Settings' ``house`` rules per game, the ``saved`` game (None: none that can
    be read) and the player's ``today``."""
    choice = params.read(query, today)
    daily = choice.daily.isoformat() if choice.daily else None
    rules = tuple(sorted(choice.rules))
    if "rules" not in query and "deal" not in query and daily is None:  # a new deal's own
        own = {h.name for h in GAMES[choice.game].house_rules}
        rules = tuple(sorted(set(house.get(choice.game, ())) & own))
    if saved is not None and saved.game in GAMES:
        asked = "game" in query or "deal" in query or daily is not None  # a shared link
        if not asked or (
            (saved.game, saved.daily) == (choice.game, daily)
            if daily
            else (saved.game, saved.deal, saved.rules) == (choice.game, choice.deal, rules)
        ):
            return Plan(True, saved.game, saved.deal, saved.rules, saved.daily)
    return Plan(False, choice.game, 0 if daily else choice.deal, rules, daily)
