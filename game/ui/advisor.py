"""The solver at the table: hints, "winnable" / "no longer winnable", Finish.

The search runs from the moment a position is shown. Where the solver's own thread is up
(helper.py: a Web Worker started in idle time once the table is shown, ``warm``), the whole
portfolio runs there and the page only waits for its answer. Until then, and on a device
where none can run, the page searches itself, in slices of at most SLICE posted one after
another through a MessageChannel (setTimeout would wait 4 ms between them, a quarter of the
time); where the browser says whether input is waiting (Chromium's
navigator.scheduling.isInputPending) a slice looks every CHUNK and ends at once when it
is. In a hidden tab, slices wait on setTimeout, which the browser slows down. A worker that
becomes ready mid-search takes the whole search over; one that fails gives it back whole.
Any move, undo or new game starts over on the new position (a winning line the player
keeps following is reused, not searched again).

A Hint asked while the search runs says "Thinking…" and waits up to HINT_WAIT for the
verdict (SHORT_WAIT once the search has run LIKELY seconds: the sure answer may still be
moments away), then shows the most promising move (game/guess.py), saying it is only that;
when the verdict comes later, the hint is told again, sure, and says so: the same move,
now sure, or another one, and why it replaces the guess shown.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js

from ..assist import finish_is_help, won_on_paper
from ..guess import most_promising
from ..i18n import _, ngettext, number
from ..notation import Move
from ..records import replay
from ..solver import Portfolio
from .dom import by_id, guarded
from .helper import Helper, shared
from .pace import title

if TYPE_CHECKING:
    from ..state import Game

SLICE = 0.008  # seconds of search per task on the page (only while no worker is up)
CHUNK = 0.004  # search between looks at waiting input, within a slice
# Nodes between the page's searches' looks at the clock: at search.py's 256 (the worker's),
# one depth-first slice in Whitehead ran 20 ms at the 95th percentile and 190 ms at worst
# in CPython (a 4 ms slice); at 16, 8 and 15 ms.
PAGE_CHECK = 16
BUDGET = 30.0  # seconds of search for one position before giving up ("unknown")
# A hint asked while the search runs waits up to HINT_WAIT for the verdict, then shows the
# most promising move (saying it is only that) while the search goes on. A search that has
# run LIKELY seconds undecided is not one that ends soon: its hint is the guess at once.
HINT_WAIT = 2.5
LIKELY = 3.5
SHORT_WAIT = 1.0


def page_search(game: Game) -> Portfolio:
    """The portfolio for a search on the page's own thread, slices of which end on time."""
    portfolio = Portfolio(game)
    for search in portfolio.searches:
        search.CHECK = min(search.CHECK, PAGE_CHECK)
    return portfolio


class Advisor:
    def __init__(
        self,
        say: Callable[[str], None],
        show_hint: Callable[..., None],
        turns: Callable[[], list[int]] | None = None,
        undoable: Callable[[], int] | None = None,
        tell: Callable[[], bool] | None = None,
        helper: Helper | None = None,
    ) -> None:
        self.say, self.show_hint = say, show_hint
        self.turns = turns  # engine moves per undo step (a move and its auto-moves)
        self.undoable = undoable  # undo steps left (the deal's own auto-moves are none)
        # Asked before a verdict shows: may it (the setting)? Yes means the player sees it,
        # which is help (statsview.py). None: always.
        self.tell = tell
        self.game: Game | None = None
        self.search: Portfolio | None = None
        self.verdicts: dict[object, str] = {}  # position key -> "won" / "lost"
        self.lines: dict[object, list[str]] = {}  # position key -> a winning line from it
        # position key -> what Finish would be there (assist.finish_is_help)
        self.finishes: dict[object, bool | None] = {}
        self.asked: float | None = None  # when a hint was asked that waits for the search
        self.wait = HINT_WAIT  # how long that hint waits
        self.guessed: Move | None = None  # the "most promising" move shown, while unsure
        # The position a "most promising" hint was shown for: when the search then decides
        # it, the hint is told again, now sure (or the loss is said), without a second ask.
        self.unsure: object = None
        self.running = False
        self._tick = create_proxy(guarded(self.tick))
        self.key: object = None  # the position followed
        self.began = 0.0  # when its search began (perf_counter)
        self.slices = 0  # the page's own slices of search, all positions together
        # Slices follow each other through a MessageChannel: no 4 ms wait between them.
        self._channel = js.MessageChannel.new()
        self._channel.port1.onmessage = self._tick
        scheduling = getattr(js.navigator, "scheduling", None)  # Chromium's
        self._scheduling: Any = scheduling if hasattr(scheduling, "isInputPending") else None
        self._continuous = to_js({"includeContinuous": True}, dict_converter=js.Object.fromEntries)
        # The solver's own thread (helper.py): ``remote`` is the id the position followed
        # was sent with, while the worker searches it (then ``search`` is None).
        self.helper: Helper = helper or shared()
        self.remote: int | None = None
        self._warm = False
        self._wait = create_proxy(guarded(self._waited))

    def warm(self) -> None:
        """The table is shown: start the solver's own thread in idle time (where it can
        run), so that searches leave the page's thread."""
        if not self._warm:
            self._warm = True
            self.helper.start_idle()
            self.helper.when_ready(self._hand_over)

    # -- following the table -----------------------------------------------------------------

    def follow(self, game: Game, played: list[str] | None = None, previous: object = None) -> None:
        """The position changed (by ``played``, a move and its auto-moves, from
        ``previous``; or anything else). A winning line is followed only while the moves
        made are its own, auto-moves included."""
        self.game = game
        self.warm()  # (until app.start() calls warm() once the table is shown: idempotent)
        key = game.key()
        if key == self.key and (self.searching or key in self.verdicts):
            self.show()  # the same position (a refresh): its search goes on
            return
        self.key, self.unsure, self.asked, self.guessed = key, None, None, None
        self._drop_remote()
        line = self.lines.get(previous) if previous is not None else None
        if key not in self.lines and line and played and line[: len(played)] == played:
            self.lines[key], self.verdicts[key] = line[len(played) :], "won"
        self.search = None
        if key not in self.verdicts:
            self.began = time.perf_counter()
            if not self._send():
                self.search = page_search(game)
                self._start()
        self.show()

    @property
    def searching(self) -> bool:
        """Is the position followed being searched (here or on the worker)?"""
        return self.search is not None or self.remote is not None

    def searched(self) -> float:
        """Seconds of search so far on the position followed: the page's own, or the
        worker's (which has a core to itself: the time since it was sent)."""
        if self.search is not None:
            return self.search.seconds
        return time.perf_counter() - self.began if self.remote is not None else 0.0

    def known(self, game: Game, line: list[str]) -> None:
        """A winning line from the start of this deal, found elsewhere (the deal finder).
        The moves made since (the opening auto-moves) must be its first ones, or it is of
        no use here and the search goes on."""
        done = [str(m) for m in game.moves]
        if line[: len(done)] != done:
            return
        key = game.key()
        self.lines[key], self.verdicts[key] = line[len(done) :], "won"
        self.search = None
        self._drop_remote()
        self.show()

    def _start(self) -> None:
        if not self.running:
            self.running = True
            if js.document.hidden:  # a hidden tab: the browser slows timers, and so it should
                js.setTimeout(self._tick, 0)
            else:
                self._channel.port2.postMessage(None)

    def _waiting(self) -> bool:
        """Is input waiting for the page (where the browser can tell)?"""
        return self._scheduling is not None and bool(
            self._scheduling.isInputPending(self._continuous)
        )

    def tick(self, event: object = None) -> None:
        self.running = False
        search, game = self.search, self.game
        if search is None or game is None:
            return
        self.slices += 1
        by_id("advice").dataset.pageSlices = str(self.slices)
        end = time.perf_counter() + SLICE
        chunk = CHUNK if self._scheduling is not None else SLICE
        while True:
            result = search.run(seconds=min(chunk, end - time.perf_counter()))
            if result is not None or time.perf_counter() >= end or self._waiting():
                break
        if result is None and search.seconds < BUDGET:
            self._start()
            if self.asked is not None and time.monotonic() - self.asked > self.wait:
                self.hint(wait=False)
            return
        if result is not None and result.result in ("won", "lost"):
            self._decided(result.result, result.moves, "page", search.seconds)
        else:
            self._decided("unknown", [], "page", search.seconds)

    def _decided(self, verdict: str, line: list[str], by: str, seconds: float) -> None:
        """The search of the position followed ended: won (with ``line``), lost, unknown."""
        game = self.game
        if game is None or not self.searching:
            return
        key = game.key()
        self.verdicts[key] = verdict
        if verdict == "won":
            self.lines[key] = line
        # For bench/sure_hint.py and the tests: the seconds of search (the page's or the
        # worker's), the seconds since the search began, and who decided ("page" or "helper")
        took = time.perf_counter() - self.began
        advice = by_id("advice")
        advice.dataset.searched = f"{seconds:.3f} {took:.3f}"
        advice.dataset.decidedBy = by
        self.search = None
        self._drop_remote()
        self.show()
        if self.asked is not None or (self.unsure == key and self.verdicts[key] != "unknown"):
            self.hint()

    # -- the solver's own thread ------------------------------------------------------------

    def _send(self) -> bool:
        """Send the position followed to the worker, if it is ready; whether it was."""
        game = self.game
        if game is None or self.remote is not None:
            return self.remote is not None
        ident = self.helper.ask(
            "position", self._answered, self._helper_lost, record=game.record(), seconds=BUDGET
        )
        self.remote = ident
        return ident is not None

    def _hand_over(self) -> None:
        """The worker became ready: the page's search of the position followed goes to it,
        whole (the page runs no more slices)."""
        if self.search is not None and self._send():
            self.search = None

    def _drop_remote(self) -> None:
        if self.remote is not None:
            self.helper.stop(self.remote)
            self.remote = None

    def _answered(self, answer: dict[str, Any]) -> None:
        """The worker's answer for the position it was sent (stopped requests never come)."""
        verdict = answer.get("result")
        seconds = answer.get("seconds")
        took = float(seconds) if isinstance(seconds, (int, float)) else 0.0
        if verdict in ("won", "lost"):
            moves = answer.get("moves")
            self._decided(str(verdict), [str(m) for m in moves or []], "helper", took)
        else:
            self._decided("unknown", [], "helper", took)

    def _helper_lost(self) -> None:
        """The worker stopped for good: the search it was running starts again here, whole."""
        if self.remote is None or self.game is None:
            return
        self.remote = None
        self.search = page_search(self.game)
        self._start()

    def _waited(self) -> None:
        """HINT_WAIT after a hint was asked: the guess, if the search has not decided."""
        if self.asked is not None and time.monotonic() - self.asked >= self.wait - 0.05:
            self.hint(wait=False)

    # -- telling -----------------------------------------------------------------------------

    def show(self) -> None:
        """Finish, when foundation moves alone win (whatever the setting), and the verdict
        line, when ``tell`` lets it show. A lost game says how far back a win was, if known.
        ``data-verdict``: the verdict shown, "hidden" when one is kept back, "none" when a
        game over has nothing to say."""
        game = self.game
        if game is None:
            return
        verdict = self.verdicts.get(game.key())
        advice, finish = by_id("advice"), by_id("finish")
        key = game.key()
        if js.document.body.hasAttribute("data-finishing"):  # Finish plays: none to offer now
            finish.hidden = True
        elif key not in self.finishes:  # (forced() may look at thousands of positions)
            self.finishes[key] = finish_is_help(game) if game.status == "playing" else None
        help = self.finishes.get(key)
        finish.hidden = finish.hidden if key not in self.finishes else help is None
        if help is not None:  # said beforehand: does Finish count as help here?
            finish.title = title(help)
            finish.dataset.help = "yes" if help else "no"
        text = ""
        if game.status == "lost":
            back = self.back_to_winnable(game)
            if back:
                text = ngettext(
                    "It could have been won: undo {n} move",
                    "It could have been won: undo {n} moves",
                    back,
                ).format(n=number(back))
        elif game.status != "playing":
            pass
        elif verdict == "won":
            text = _("Winnable")
        elif verdict == "lost":
            back = self.back_to_winnable(game)
            if back:
                text = ngettext(
                    "No longer winnable: undo {n} move to get back",
                    "No longer winnable: undo {n} moves to get back",
                    back,
                ).format(n=number(back))
            elif (self.undoable() if self.undoable is not None else len(game.moves)) == 0:
                text = _("This deal cannot be won")
            else:
                text = _("Cannot be won from here")
        shown = bool(text) and (self.tell is None or self.tell())
        advice.textContent = text if shown else ""
        if text and not shown:
            advice.dataset.verdict = "hidden"
        elif game.status != "playing" and not text:
            advice.dataset.verdict = "none"
        else:
            advice.dataset.verdict = verdict or "thinking"

    def back_to_winnable(self, game: Game) -> int:
        """How many undo steps back (a move and its auto-moves are one) the nearest position
        known to be winnable lies (0: none)."""
        board = replay(game.record())
        steps = self.turns() if self.turns is not None else []
        if sum(steps) != len(game.moves):
            steps = [1] * len(game.moves)
        if self.undoable is not None:  # not past what Undo can reach
            steps = steps[max(0, len(steps) - self.undoable()) :]
        for back, size in enumerate(reversed(steps), start=1):
            for _move in range(size):
                board.retract()
            if self.verdicts.get(board.key()) == "won":
                return back
        return 0

    def hint(self, wait: bool = True) -> None:
        """Point at the next move of a winning line, or say honestly that none is known
        (after waiting up to HINT_WAIT for the search, when ``wait``)."""
        game = self.game
        if game is None or game.status != "playing":
            return
        key = game.key()
        verdict = self.verdicts.get(key)
        if verdict is None and wait and self.searching:
            if self.asked is None:
                self.asked = time.monotonic()
                self.wait = HINT_WAIT if self.searched() < LIKELY else SHORT_WAIT
                js.setTimeout(self._wait, self.wait * 1000)
            # Translators: a hint waits for the solver
            self.say(_("Thinking…"))
            return
        self.asked = self.unsure = None
        guessed, self.guessed = self.guessed, None
        if verdict == "won" and self.lines.get(key):
            move = Move(*game.resolve(self.lines[key][0]))
            if guessed is not None:  # it replaces the guess shown: say so, and why
                self.show_hint(move, True, guessed)
            else:
                self.show_hint(move, True)
            return
        if verdict == "lost":
            back = self.back_to_winnable(game)
            if not back:
                self.say(_("No move can win from here."))
                return
            text = ngettext(
                "No move can win from here: undo {n} move.",
                "No move can win from here: undo {n} moves.",
                back,
            )
            self.say(text.format(n=number(back)))
            return
        best = self.most_promising(game)
        if best is None:
            self.say(_("No move can win from here.") if game.plain_moves() else _("No move left."))
            return
        self.unsure = key if self.searching else None
        self.guessed = best if self.searching else None
        self.show_hint(best, False)

    def most_promising(self, game: Game) -> Move | None:
        """The guess (game/guess.py): the cheapest step for good, then the best-first score;
        never a move into a position known lost, nor back to one this game has been in
        while another move is left."""
        lost = {k for k, v in self.verdicts.items() if v == "lost"}
        return most_promising(game, lost)

    def finish_line(self) -> list[Move]:
        game = self.game
        line = won_on_paper(game) if game is not None else None
        return [Move(*m) for m in line or []]
