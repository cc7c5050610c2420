"""What each controller of the page may ask of it: narrow ports, as Protocols.

A controller (pointer, keys, Finish, the daily deal, Settings, the replay viewer and its
links, statistics, the welcome) takes the port it needs, never the App: adding a button
means learning one of these, not app.py. App (app.py) is every one of them; tests may
pass anything else that is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, Protocol

from ..notation import Move
from ..review import Review
from ..saved import Saved
from ..settings import Settings
from ..share import Claim
from ..state import Game, Plain
from ..stats import Help
from .session import Session
from .sound import Sound
from .store import Store
from .table import Table

Then = Callable[[], None]


class Reads(Protocol):
    """The game shown, and the status line."""

    @property
    def game(self) -> Game: ...

    def say(self, text: str) -> None: ...


class Asks(Protocol):
    """Leaving the game in progress: asked first when it would count as abandoned
    (``doing``: what would leave it, translated, as a sentence's subject: "A new deal")."""

    def ask_abandon(self, doing: str, then: Then, otherwise: Then | None = None) -> None: ...


class Board(Reads, Protocol):
    """pointer.py: the table, and what a tap or a drop on it means."""

    table: Table

    def accepting(self) -> bool: ...

    def tap(
        self, pile: int, index: int, at: float, where: tuple[float, float] | None = None
    ) -> None: ...

    def drop(self, src: int, dst: int, n: int, els: list[Any]) -> None: ...


class Player(Board, Protocol):
    """keys.py: every command a key gives."""

    def act(self, move: Move | Plain | str, quiet: bool = False) -> bool: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def hint(self) -> None: ...

    def ask_new_deal(self) -> None: ...


class Finishing(Reads, Protocol):
    """finisher.py: playing the rest home, move by move."""

    table: Table
    session: Session

    def act(self, move: Move | Plain | str, quiet: bool = False) -> bool: ...

    def may_play(self) -> bool: ...

    def flush_later(self, *names: str) -> None: ...

    def finishing(self) -> None: ...


class Dealing(Reads, Asks, Protocol):
    """welcome.py, dailyview.py, linkview.py: dealing a game."""

    session: Session

    @property
    def settings(self) -> Settings: ...

    def new(
        self,
        name: str,
        deal: int,
        rules: dict[str, bool],
        daily: date | None = None,
        claim: Claim | None = None,
    ) -> str: ...

    def deal_of(self, name: str, rules: dict[str, bool]) -> None: ...

    def elapsed(self) -> float: ...

    @property
    def help(self) -> Help: ...


class Replaying(Dealing, Protocol):
    """replay.py: a game from a file or a link becomes the one in play."""

    def resume(self, saved: Saved) -> None: ...

    def cancel_finder(self) -> None: ...


class Preferring(Dealing, Protocol):
    """prefs.py: what a setting changes at once."""

    table: Table
    sound: Sound
    store: Store

    def rules_on(self) -> dict[str, bool]: ...

    def save(self) -> None: ...

    def set_automove(self, mode: str) -> None: ...

    def show_verdict(self) -> None: ...


class Counting(Reads, Protocol):
    """statsview.py: what statistics ask of the page."""

    @property
    def settings(self) -> Settings: ...

    @property
    def playing(self) -> bool: ...


class Viewing(Protocol):
    """linkview.py: the replay viewer a game link opens in (replay.py's Viewer)."""

    dialog: Any
    review: Review | None
    source: str

    @property
    def app(self) -> Replaying: ...

    def show(self, review: Review, source: str, message: str = "") -> None: ...

    def tell(self, line: str) -> None: ...
