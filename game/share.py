"""Sharing a finished game: a short text without spoilers, a link to the same deal, and
the challenge that link may carry.

The text names the game, the deal (or the daily's date), won or lost, the time, the moves
and whether help was had (:class:`game.stats.Help`); never a move. The link opens the
same deal: ``?game=whitehead&deal=123`` or ``?game=whitehead&daily=2026-12-01``, with
``&rules=kings_only`` when house rules are on, and for a win without help the challenge
``&beat=97-252``: 97 moves, 252 seconds (whole seconds, as the clock shows them).

A claim is only a claim: nothing checks that the sharer played the game as it says, since
anyone can write any numbers into a link. Nothing here reads or writes statistics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from urllib.parse import urlencode

from .notation import GameError, shown
from .records import MAX_MOVES
from .rules import GAMES
from .state import Game
from .stats import DailySummary, Help, Tally

BEAT = "beat"  # the query parameter of a challenge
MAX_SECONDS = 360_000  # a hundred hours: a claim beyond that is junk
_CLAIM = re.compile(r"([1-9][0-9]{0,5})-(0|[1-9][0-9]{0,5})")  # ASCII digits, no leading 0


class ClaimError(GameError):
    """A challenge in a link that cannot be read; the page ignores it and says so."""


def clock(seconds: float) -> str:
    """``4:12``: whole seconds as the page's clock shows them (minutes may pass 59)."""
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _moves(n: int) -> str:
    return f"{n} move{'s' * (n != 1)}"


@dataclass(frozen=True)
class Claim:
    """A sharer's result, to beat: ``moves`` in ``seconds`` (whole seconds)."""

    moves: int
    seconds: int

    @property
    def param(self) -> str:
        """The value of ``beat=`` in a link: ``97-252``."""
        return f"{self.moves}-{self.seconds}"

    @property
    def text(self) -> str:
        """``Beat 97 moves in 4:12``."""
        return f"Beat {_moves(self.moves)} in {clock(self.seconds)}"

    def compare(self, won: bool, moves: int, seconds: float) -> str:
        """The end dialog's line: how this game did against the claim.

        Beating it takes a win in no more moves and no more time, and fewer of one.
        """
        theirs = f"{_moves(self.moves)} in {clock(self.seconds)}"
        if not won:
            return f"Not won this time: the challenge, {theirs}, still stands."
        mine, fewer, faster = int(seconds), moves < self.moves, int(seconds) < self.seconds
        head = f"You won in {_moves(moves)}, {clock(mine)}: "
        if (moves, mine) == (self.moves, self.seconds):
            return head + f"you matched the challenge, {theirs}, exactly."
        if moves <= self.moves and mine <= self.seconds:
            return head + f"you beat the challenge, {theirs}."
        if fewer:
            return head + f"fewer moves than the challenge, but slower than {clock(self.seconds)}."
        if faster:
            return head + f"faster than the challenge, but more moves than {self.moves}."
        return head + f"you did not beat the challenge, {theirs}."


def read_claim(text: object, game: str | None = None, home: int = 0) -> Claim | None:
    """The claim in a link's ``beat=`` value; None when there is none.

    Raises ClaimError (one line) for anything else; with ``game`` known, a claim no win can
    make is refused too (:func:`check_claim`).
    """
    if text is None or text == "":
        return None
    if not isinstance(text, str):
        raise ClaimError(f"the challenge is not text but {shown(text)}; ignored")
    m = _CLAIM.fullmatch(text)
    if m is None:
        raise ClaimError(
            f"the challenge {shown(text[:24])} is not moves-seconds, like 97-252; ignored"
        )
    claim = Claim(int(m[1]), int(m[2]))
    if claim.moves > MAX_MOVES or claim.seconds > MAX_SECONDS:
        raise ClaimError(f"the challenge {claim.param} is beyond any real game; ignored")
    if game is not None:
        check_claim(claim, game, home)
    return claim


def check_claim(claim: Claim, game: str, home: int = 0) -> None:
    """Refuse (ClaimError) a claim of fewer moves than a win of ``game`` takes: every card
    must reach a foundation, less ``home``, the cards the deal's own auto-moves sent there
    (a claim counts the player's moves, as the page does, not the deal's)."""
    rules = GAMES.get(game)
    if rules and claim.moves < rules.cards - home:
        raise ClaimError(
            f"the challenge {claim.param} is impossible: a win of {rules.title} takes at "
            f"least {_moves(rules.cards - home)}; ignored"
        )


def title(game: Game, daily: date | None = None) -> str:
    """``Whitehead (Kings only), deal 123`` or ``Whitehead daily, 2026-12-01``."""
    rules = game.rules
    house = [h.title or h.name for h in rules.house_rules if h.name in rules.active]
    name = f"{rules.title} ({', '.join(house)})" if house else rules.title
    return f"{name} daily, {daily.isoformat()}" if daily else f"{name}, deal {game.deal}"


def share_text(
    game: Game,
    seconds: float,
    help: Help | None = None,
    daily: date | None = None,
    moves: int | None = None,
) -> str:
    """``Whitehead, deal 123: won in 97 moves, 4:12, without help.`` A game that is not
    won is shared as lost (the page offers sharing once a game has ended). ``moves``: the
    player's, as the page counts them (not the deal's own auto-moves); all by default."""
    had = help or Help()
    helped = f"with help ({had.words()})" if had.given else "without help"
    moves = len(game.moves) if moves is None else moves
    result = "won in" if game.status == "won" else "lost after"
    return f"{title(game, daily)}: {result} {_moves(moves)}, {clock(seconds)}, {helped}."


def deal_link(base: str, game: Game, daily: date | None = None, claim: Claim | None = None) -> str:
    """The page's address ``base`` (its query and fragment dropped) opening the same deal."""
    parts = {"game": game.rules.name}
    if daily:
        parts["daily"] = daily.isoformat()
    else:
        parts["deal"] = str(game.deal)
    if game.rules.active:
        parts["rules"] = ",".join(game.rules.active)
    if claim:
        parts[BEAT] = claim.param
    return f"{base.split('#')[0].split('?')[0]}?{urlencode(parts, safe=',')}"


@dataclass(frozen=True)
class Shared:
    text: str  # the lines to share: no moves, no spoilers
    link: str  # the same deal; with the challenge when the game was won without help


def share(
    game: Game,
    seconds: float,
    base: str,
    help: Help | None = None,
    daily: date | None = None,
    moves: int | None = None,
) -> Shared:
    """What the Share button hands the system's share sheet (text and link apart);
    ``moves`` as for :func:`share_text`."""
    text = share_text(game, seconds, help, daily, moves)
    claim = None
    if game.status == "won" and not (help and help.given) and seconds <= MAX_SECONDS:
        # only a win without help: the same wins that set statistics' bests
        claim = Claim(len(game.moves) if moves is None else moves, int(seconds))
        text += "\nCan you beat it?"
    return Shared(text, deal_link(base, game, daily, claim))


MARKS = {"won": "🟩", "lost": "🟥", None: "⬜"}  # a day of the daily calendar, shared


def stats_text(title: str, tally: Tally, daily: DailySummary | None = None) -> str:
    """The statistics dialog's Share: a game's record, and its daily deals with the last
    week as a row of squares (won, lost, not played). Bests count wins without help."""
    text = f"{title}: won {tally.won} of {_games(tally.played)}"
    if tally.played:
        text += f" ({tally.win_percent:.0f}%)"
    if tally.best_seconds is not None and tally.fewest_moves is not None:
        text += f", best time {clock(tally.best_seconds)}, fewest moves {tally.fewest_moves}"
    text += "."
    if daily is not None and daily.played:
        week = "".join(MARKS[outcome] for _, outcome in daily.days[-7:])
        text += (
            f"\nDaily deals: won {daily.won} of {daily.played}, streak {daily.streak}"
            f" (best {daily.best_streak}). {week}"
        )
    return text


def _games(n: int) -> str:
    return f"{n} game{'s' * (n != 1)}"
