"""Reading the page's URL: ``?game=whitehead&deal=123&automove=safe&rules=kings_only``
(and ``sound=1`` or ``0``); ``?game=linus&daily=2026-12-01`` (or a bare ``daily``: today's)
for a daily deal (game/daily.py); ``beat=97-252`` for a challenge (game/share.py).

Pure: a bad parameter becomes a notice and a sane default, never an exception.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date

from ..assist import AUTOMOVE
from ..daily import parse_day
from ..deals import MAX_DEAL
from ..i18n import LANGUAGES, _, match
from ..rules import GAMES
from ..share import BEAT, Claim, ClaimError, read_claim

DEFAULT_GAME = "whitehead"
# New deals are drawn from 1 ... READABLE: seven digits at most, easy to read out and
# type. Every number up to MAX_DEAL still opens (links made before this).
READABLE = 9_999_999


@dataclass
class Choice:
    game: str = DEFAULT_GAME
    deal: int = 0  # 0: draw a fresh one
    automove: str = "safe"
    rules: dict[str, bool] = field(default_factory=dict)
    sound: bool | None = None  # None: as the settings say (off in the embedded page)
    daily: date | None = None  # the daily deal of this day (then deal and rules are unused)
    claim: Claim | None = None  # a challenge to beat (only a claim: never checked)
    lang: str | None = None  # ?lang=: the language asked for (static/paint.js speaks it)
    notices: list[str] = field(default_factory=list)


def fresh_deal(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randint(1, READABLE)


def read(query: dict[str, str], today: date | None = None) -> Choice:
    """The choice a URL's query makes, with a notice for each part that was ignored.
    ``today``: the player's local date (a test's own)."""
    c = Choice()
    name = query.get("game")
    if name is not None:
        named = game_named(name)
        if named is not None:
            c.game = named
        else:
            c.notices.append(
                _("Unknown game {name}; playing {game}.").format(
                    name=_short(name), game=_(GAMES[c.game].title)
                )
            )
    deal = query.get("deal")
    if deal is not None:
        if deal.isascii() and deal.isdigit() and 1 <= int(deal) <= MAX_DEAL:
            c.deal = int(deal)
        else:
            c.notices.append(
                _("Deal {deal} is not a number from 1 to {most}; dealt a new one.").format(
                    deal=_short(deal), most=MAX_DEAL
                )
            )
    mode = query.get("automove")
    if mode is not None:
        if mode.strip().lower() in AUTOMOVE:
            c.automove = mode.strip().lower()
        else:
            c.notices.append(
                _("Auto-move {mode} is not off, safe or always; using your setting.").format(
                    mode=_short(mode)
                )
            )
    sound = query.get("sound")
    if sound is not None:
        if sound in ("0", "1"):
            c.sound = sound == "1"
        else:
            c.notices.append(
                _("Sound {sound} is not 1 (on) or 0 (off); ignored.").format(sound=_short(sound))
            )
    names = [n.strip() for n in query.get("rules", "").split(",") if n.strip()]
    known = {h.name.lower(): h.name for h in GAMES[c.game].house_rules}
    for n in names:
        if n.lower() in known:
            c.rules[known[n.lower()]] = True
        else:
            c.notices.append(
                _("{game} has no house rule {rule}; ignored.").format(
                    game=_(GAMES[c.game].title), rule=_short(n)
                )
            )
    day = query.get("daily")
    if day is not None:
        try:
            c.daily = parse_day(day, today or date.today())
        except ValueError as e:
            c.notices.append(_("{error}; dealt a new one.").format(error=_sentence(str(e))))
        else:
            c.deal = 0
            if c.rules:  # the daily deal is proven winnable as the game is, without them
                c.notices.append(_("The daily deal is played without house rules."))
                c.rules = {}
    try:
        c.claim = read_claim(query.get(BEAT))  # what a win takes: app.py, once dealt
    except ClaimError as e:
        c.notices.append(f"{_sentence(str(e))}.")
    lang = query.get("lang")
    if lang is not None:
        c.lang = match(lang)
        if c.lang is None:
            c.notices.append(
                _("Unknown language {lang} (known: {codes}); ignored.").format(
                    lang=_short(lang), codes=", ".join(LANGUAGES)
                )
            )
    return c


def game_named(text: str) -> str | None:
    """The game a URL names, however it is written: ``Whitehead``, ``BLIND-ALLEYS``,
    ``blind_alleys``, ``Blind Alleys`` (its title); None for no game of ours."""
    wanted = "-".join(text.strip().lower().replace("_", " ").split())
    for name, rules in GAMES.items():
        if wanted in (name, "-".join(rules.title.lower().split())):
            return name
    return None


def query_of(
    game: str,
    deal: int,
    rules: dict[str, bool],
    extra: dict[str, str],
    daily: date | None = None,
    claim: Claim | None = None,
) -> str:
    """The query string that shares this deal (other parameters kept as they were): a
    daily deal by its date, and the challenge it is played against, if any."""
    parts = {**extra, "game": game}
    parts.update({"daily": daily.isoformat()} if daily else {"deal": str(deal)})
    if claim:
        parts[BEAT] = claim.param
    on = ",".join(n for n, v in rules.items() if v)
    if on:
        parts["rules"] = on
    else:
        parts.pop("rules", None)
    from urllib.parse import urlencode

    return "?" + urlencode(parts, safe=",")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _short(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "…")
