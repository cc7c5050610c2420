"""Reading the page's URL: ``?game=whitehead&deal=123&automove=safe&rules=kings_only``
(and ``sound=1`` or ``0``).

Pure: a bad parameter becomes a notice and a sane default, never an exception.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..assist import AUTOMOVE
from ..deals import MAX_DEAL
from ..rules import GAMES

DEFAULT_GAME = "whitehead"


@dataclass
class Choice:
    game: str = DEFAULT_GAME
    deal: int = 0  # 0: draw a fresh one
    automove: str = "safe"
    rules: dict[str, bool] = field(default_factory=dict)
    sound: bool | None = None  # None: as the settings say (off in the embedded page)
    notices: list[str] = field(default_factory=list)


def fresh_deal(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randint(1, MAX_DEAL)


def read(query: dict[str, str]) -> Choice:
    """The choice a URL's query makes, with a notice for each part that was ignored."""
    c = Choice()
    name = query.get("game")
    if name is not None:
        if name in GAMES:
            c.game = name
        else:
            c.notices.append(f"Unknown game {_short(name)}; playing {GAMES[c.game].title}.")
    deal = query.get("deal")
    if deal is not None:
        if deal.isascii() and deal.isdigit() and 1 <= int(deal) <= MAX_DEAL:
            c.deal = int(deal)
        else:
            c.notices.append(
                f"Deal {_short(deal)} is not a number from 1 to {MAX_DEAL}; dealt a new one."
            )
    mode = query.get("automove")
    if mode is not None:
        if mode in AUTOMOVE:
            c.automove = mode
        else:
            c.notices.append(
                f"Auto-move {_short(mode)} is not off, safe or always; using your setting."
            )
    sound = query.get("sound")
    if sound is not None:
        if sound in ("0", "1"):
            c.sound = sound == "1"
        else:
            c.notices.append(f"Sound {_short(sound)} is not 1 (on) or 0 (off); ignored.")
    names = [n for n in query.get("rules", "").split(",") if n]
    known = {h.name for h in GAMES[c.game].house_rules}
    for n in names:
        if n in known:
            c.rules[n] = True
        else:
            c.notices.append(f"{GAMES[c.game].title} has no house rule {_short(n)}; ignored.")
    return c


def query_of(game: str, deal: int, rules: dict[str, bool], extra: dict[str, str]) -> str:
    """The query string that shares this deal (other parameters kept as they were)."""
    parts = {**extra, "game": game, "deal": str(deal)}
    on = ",".join(n for n, v in rules.items() if v)
    if on:
        parts["rules"] = on
    else:
        parts.pop("rules", None)
    from urllib.parse import urlencode

    return "?" + urlencode(parts, safe=",")


def _short(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:24] + "…")
