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

from .i18n import _, ngettext, percent
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
        said = ngettext("Beat {n} move in {time}", "Beat {n} moves in {time}", self.moves)
        return said.format(n=self.moves, time=clock(self.seconds))

    def compare(self, won: bool, moves: int, seconds: float) -> str:
        """The end dialog's line: how this game did against the claim.

        Beating it takes a win in no more moves and no more time, and fewer of one.
        """
        theirs = ngettext("{n} move in {time}", "{n} moves in {time}", self.moves).format(
            n=self.moves, time=clock(self.seconds)
        )
        if not won:
            # Translators: {challenge} is the result to beat, as in "97 moves in 4:12".
            said = _("Not won this time: the challenge, {challenge}, still stands.")
            return said.format(challenge=theirs)
        mine, fewer, faster = int(seconds), moves < self.moves, int(seconds) < self.seconds
        if (moves, mine) == (self.moves, self.seconds):
            # Translators: {n} moves and {time} are the player's win; {challenge} the result
            # to beat ("97 moves in 4:12"), {their_time} and {their_moves} its time and moves.
            said = ngettext(
                "You won in {n} move, {time}: you matched the challenge, {challenge}, exactly.",
                "You won in {n} moves, {time}: you matched the challenge, {challenge}, exactly.",
                moves,
            )
        elif moves <= self.moves and mine <= self.seconds:
            said = ngettext(
                "You won in {n} move, {time}: you beat the challenge, {challenge}.",
                "You won in {n} moves, {time}: you beat the challenge, {challenge}.",
                moves,
            )
        elif fewer:
            said = ngettext(
                "You won in {n} move, {time}: fewer moves than the challenge, but slower than "
                "{their_time}.",
                "You won in {n} moves, {time}: fewer moves than the challenge, but slower than "
                "{their_time}.",
                moves,
            )
        elif faster:
            said = ngettext(
                "You won in {n} move, {time}: faster than the challenge, but more moves than "
                "{their_moves}.",
                "You won in {n} moves, {time}: faster than the challenge, but more moves than "
                "{their_moves}.",
                moves,
            )
        else:
            said = ngettext(
                "You won in {n} move, {time}: you did not beat the challenge, {challenge}.",
                "You won in {n} moves, {time}: you did not beat the challenge, {challenge}.",
                moves,
            )
        return said.format(
            n=moves,
            time=clock(mine),
            challenge=theirs,
            their_time=clock(self.seconds),
            their_moves=self.moves,
        )


def read_claim(text: object, game: str | None = None, home: int = 0) -> Claim | None:
    """The claim in a link's ``beat=`` value; None when there is none.

    Raises ClaimError (one line) for anything else; with ``game`` known, a claim no win can
    make is refused too (:func:`check_claim`).
    """
    if text is None or text == "":
        return None
    if not isinstance(text, str):
        said = _("the challenge is not text but {value}; ignored")
        raise ClaimError(said.format(value=shown(text)))
    m = _CLAIM.fullmatch(text)
    if m is None:
        # Translators: {example} is a challenge as a link writes it, "97-252".
        said = _("the challenge {value} is not moves-seconds, like {example}; ignored")
        raise ClaimError(said.format(value=shown(text[:24]), example="97-252"))
    claim = Claim(int(m[1]), int(m[2]))
    if claim.moves > MAX_MOVES or claim.seconds > MAX_SECONDS:
        # Translators: {challenge} is the challenge as the link writes it: moves-seconds.
        said = _("the challenge {challenge} is beyond any real game; ignored")
        raise ClaimError(said.format(challenge=claim.param))
    if game is not None:
        check_claim(claim, game, home)
    return claim


def check_claim(claim: Claim, game: str, home: int = 0) -> None:
    """Refuse (ClaimError) a claim of fewer moves than a win of ``game`` takes: every card
    must reach a foundation, less ``home``, the cards the deal's own auto-moves sent there
    (a claim counts the player's moves, as the page does, not the deal's)."""
    rules = GAMES.get(game)
    if rules and claim.moves < rules.cards - home:
        least = rules.cards - home
        # Translators: {challenge} is the challenge as the link writes it: moves-seconds.
        said = ngettext(
            "the challenge {challenge} is impossible: a win of {game} takes at least {n} move; "
            "ignored",
            "the challenge {challenge} is impossible: a win of {game} takes at least {n} moves; "
            "ignored",
            least,
        )
        raise ClaimError(said.format(challenge=claim.param, game=_(rules.title), n=least))


def title(game: Game, daily: date | None = None) -> str:
    """``Whitehead (Kings only), deal 123`` or ``Whitehead daily, 2026-12-01``."""
    rules = game.rules
    house = [_(h.title) if h.title else h.name for h in rules.house_rules if h.name in rules.active]
    name = _(rules.title)
    if house:
        # Translators: a game and the house rules it is played with: "Linus (Pretty Good
        # Solitaire)".
        name = _("{game} ({house_rules})").format(game=name, house_rules=", ".join(house))
    if daily:
        return _("{game} daily, {date}").format(game=name, date=daily.isoformat())
    return _("{game}, deal {deal}").format(game=name, deal=game.deal)


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
    moves = len(game.moves) if moves is None else moves
    if game.status == "won" and had.given:
        # Translators: {title} is the game and deal ("Whitehead, deal 123"), {n} the moves
        # made, {time} the time taken ("4:12"), {help} the help had ("4 hints, Finish").
        said = ngettext(
            "{title}: won in {n} move, {time}, with help ({help}).",
            "{title}: won in {n} moves, {time}, with help ({help}).",
            moves,
        )
    elif game.status == "won":
        said = ngettext(
            "{title}: won in {n} move, {time}, without help.",
            "{title}: won in {n} moves, {time}, without help.",
            moves,
        )
    elif had.given:
        said = ngettext(
            "{title}: lost after {n} move, {time}, with help ({help}).",
            "{title}: lost after {n} moves, {time}, with help ({help}).",
            moves,
        )
    else:
        said = ngettext(
            "{title}: lost after {n} move, {time}, without help.",
            "{title}: lost after {n} moves, {time}, without help.",
            moves,
        )
    return said.format(title=title(game, daily), n=moves, time=clock(seconds), help=had.words())


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
        text += "\n" + _("Can you beat it?")
    return Shared(text, deal_link(base, game, daily, claim))


MARKS = {"won": "🟩", "lost": "🟥", None: "⬜"}  # a day of the daily calendar, shared


def stats_text(title: str, tally: Tally, daily: DailySummary | None = None) -> str:
    """The statistics dialog's Share: a game's record, and its daily deals with the last
    week as a row of squares (won, lost, not played). Bests count wins without help."""
    n, best = tally.played, tally.best_seconds
    if not n:
        # Translators: {title} is the game ("Linus, Pretty Good Solitaire"); {n} games played,
        # {won} of them won; below, {percent} is the share won ("60%"), {time} and {moves}
        # the bests.
        said = ngettext("{title}: won {won} of {n} game.", "{title}: won {won} of {n} games.", n)
    elif best is None or tally.fewest_moves is None:
        said = ngettext(
            "{title}: won {won} of {n} game ({percent}).",
            "{title}: won {won} of {n} games ({percent}).",
            n,
        )
    else:
        said = ngettext(
            "{title}: won {won} of {n} game ({percent}), best time {time}, fewest moves {moves}.",
            "{title}: won {won} of {n} games ({percent}), best time {time}, fewest moves {moves}.",
            n,
        )
    text = said.format(
        title=title,
        won=tally.won,
        n=n,
        percent=percent(round(tally.win_percent) / 100),  # rounded as ever: 57.5 is 58%
        time=clock(best or 0),
        moves=tally.fewest_moves,
    )
    if daily is not None and daily.played:
        week = "".join(MARKS[outcome] for _day, outcome in daily.days[-7:])
        said = ngettext(
            "Daily deals: won {won} of {n}, streak {streak} (best {best}).",
            "Daily deals: won {won} of {n}, streak {streak} (best {best}).",
            daily.played,
        )
        text += "\n" + said.format(
            won=daily.won, n=daily.played, streak=daily.streak, best=daily.best_streak
        )
        text += f" {week}"
    return text
