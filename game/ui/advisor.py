"""The solver at the table: hints, "winnable" / "no longer winnable", Finish.

The search runs from the moment a position is shown, in slices posted one after another
through a MessageChannel (setTimeout would wait 4 ms between them, a quarter of the time).
Where the browser says whether input is waiting (Chromium's
navigator.scheduling.isInputPending), a slice looks every CHUNK and ends at once when it
is, and slices are 16 ms while the player is at the table, 48 ms once nobody has touched
it for a second; elsewhere 8 and 24 ms, so that input never waits longer than that. In a
hidden tab, slices wait on setTimeout, which the browser slows down. Any move, undo or new
game starts over on the new position (a winning line the player keeps following is reused,
not searched again).

The portfolio's lead search runs on a second thread once one is up (helper.py: started by
the first search that runs HELPER_AFTER undecided); the page runs the others, and the
first to decide answers. Pyodide searches about twice as slowly as CPython, and the lead
then gets a core of its own (bench/sure_hint.py).

A Hint asked while the search runs says "Thinking…" and waits up to HINT_WAIT for the
verdict, then shows the most promising move (game/guess.py), saying it is only that; when
the verdict comes later, the hint is told again, sure.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js

from ..assist import won_on_paper
from ..guess import most_promising
from ..notation import Move
from ..records import replay
from ..solver import Portfolio
from .dom import by_id, guarded, listen
from .helper import Helper

if TYPE_CHECKING:
    from ..state import Game

# Seconds of search per task (while the player is at the table, once nobody has touched
# the page for IDLE_AFTER seconds), where waiting input ends a slice at once, and where not.
SLICES = (0.016, 0.048)
BLIND_SLICES = (0.008, 0.024)
IDLE_AFTER = 1.0
CHUNK = 0.004  # search between looks at waiting input, within a slice
BUDGET = 30.0  # seconds of search for one position before giving up ("unknown")
# A hint asked while the search runs waits up to HINT_WAIT for the verdict, then shows the
# most promising move (saying it is only that) while the search goes on. A search that has
# run LIKELY seconds undecided is not one that ends soon: its hint is the guess at once.
HINT_WAIT = 2.5
LIKELY = 3.5
# The solver's second thread (helper.py) starts once a search has run this long undecided:
# easy positions never pay for a second Python (about 55 MB once it has searched).
HELPER_AFTER = 0.5


class Advisor:
    def __init__(
        self,
        say: Callable[[str], None],
        show_hint: Callable[[Move, bool], None],
        turns: Callable[[], list[int]] | None = None,
        undoable: Callable[[], int] | None = None,
        tell: Callable[[], bool] | None = None,
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
        self.asked: float | None = None  # when a hint was asked that waits for the search
        # The position a "most promising" hint was shown for: when the search then decides
        # it, the hint is told again, now sure (or the loss is said), without a second ask.
        self.unsure: object = None
        self.running = False
        self._tick = create_proxy(guarded(self.tick))
        self.key: object = None  # the position followed
        self.began = 0.0  # when its search began (perf_counter)
        # Slices follow each other through a MessageChannel: no 4 ms wait between them.
        self._channel = js.MessageChannel.new()
        self._channel.port1.onmessage = self._tick
        self.touched = 0.0  # performance.now() of the player's last press, tap, key or wheel
        for kind in ("pointerdown", "pointerup", "keydown", "wheel"):
            listen(js.window, kind, self._touch)
        scheduling = getattr(js.navigator, "scheduling", None)  # Chromium's
        self._scheduling: Any = scheduling if hasattr(scheduling, "isInputPending") else None
        self._continuous = to_js({"includeContinuous": True}, dict_converter=js.Object.fromEntries)
        # The solver's second thread (helper.py) runs the lead search of the position
        # followed: ``lead`` is the id it was sent with, ``lead_over`` that it answered
        # "unknown", ``page_over`` that the page's own searches did.
        self.helper = Helper(self._helped, self._helper_lost)
        self.helper.on_ready = self._hand_over
        self.lead: int | None = None
        self.lead_over = self.page_over = False
        self._wait = create_proxy(guarded(self._waited))

    # -- following the table -----------------------------------------------------------------

    def follow(self, game: Game, played: list[str] | None = None, previous: object = None) -> None:
        """The position changed (by ``played``, a move and its auto-moves, from
        ``previous``; or anything else). A winning line is followed only while the moves
        made are its own, auto-moves included."""
        self.game = game
        key = game.key()
        if key == self.key and (self.search is not None or key in self.verdicts):
            self.show()  # the same position (a refresh): its search goes on
            return
        self.key, self.unsure, self.asked = key, None, None
        if self.lead is not None:
            self.helper.stop()
            self.lead = None
        line = self.lines.get(previous) if previous is not None else None
        if key not in self.lines and line and played and line[: len(played)] == played:
            self.lines[key], self.verdicts[key] = line[len(played) :], "won"
        self.search = None
        if key not in self.verdicts:
            self.search = Portfolio(game)
            self.began = time.perf_counter()
            self.page_over = False
            self._hand_over()
            self._start()
        self.show()

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
        self._drop_lead()
        self.show()

    def _touch(self, event: object = None) -> None:
        self.touched = js.performance.now()

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
        idle = js.performance.now() - self.touched > IDLE_AFTER * 1000
        end = time.perf_counter() + (SLICES if self._scheduling is not None else BLIND_SLICES)[idle]
        while True:
            result = search.run(seconds=min(CHUNK, end - time.perf_counter()))
            if result is not None or time.perf_counter() >= end or self._waiting():
                break
        if result is None and search.seconds < BUDGET:
            if search.seconds > HELPER_AFTER:
                self.helper.start_soon()
            self._start()
            if self.asked is not None and (
                time.monotonic() - self.asked > HINT_WAIT or search.seconds > LIKELY
            ):
                self.hint(wait=False)
            return
        if result is not None and result.result in ("won", "lost"):
            self._decided(result.result, result.moves, "page")
        elif self.lead is None or self.lead_over:
            self._decided("unknown", [], "page")
        else:  # out of budget or memory here: the helper's search may still decide
            self.page_over = True

    def _decided(self, verdict: str, line: list[str], by: str) -> None:
        """The search of the position followed ended: won (with ``line``), lost, unknown."""
        game, search = self.game, self.search
        if game is None or search is None:
            return
        key = game.key()
        self.verdicts[key] = verdict
        if verdict == "won":
            self.lines[key] = line
        # For bench/sure_hint.py and the tests: the page's own seconds of search, the
        # seconds since the search began, and who decided ("page" or "helper")
        took = time.perf_counter() - self.began
        advice = by_id("advice")
        advice.dataset.searched = f"{search.seconds:.3f} {took:.3f}"
        advice.dataset.decidedBy = by
        self.search = None
        self._drop_lead()
        self.show()
        if self.asked is not None or (self.unsure == key and self.verdicts[key] != "unknown"):
            self.hint()

    # -- the second thread -------------------------------------------------------------------

    def _hand_over(self) -> None:
        """Give the lead search of the position followed to the helper, when it is ready
        (at a new position, or when it becomes ready during a search)."""
        if self.search is None or self.lead is not None or self.game is None:
            return
        lead = self.helper.ask(self.game)
        if lead is not None:
            self.search.without_lead()
            self.lead, self.lead_over = lead, False

    def _drop_lead(self) -> None:
        if self.lead is not None:
            self.helper.stop()
            self.lead = None

    def _helped(self, lead: int, answer: dict[str, Any]) -> None:
        if lead != self.lead or self.search is None:
            return  # an answer for a position left since
        verdict = answer.get("result")
        if verdict in ("won", "lost"):
            moves = answer.get("moves")
            self._decided(str(verdict), [str(m) for m in moves or []], "helper")
        else:
            self.lead_over = True
            if self.page_over:
                self._decided("unknown", [], "helper")

    def _helper_lost(self) -> None:
        """The helper stopped for good: a search it was running starts again here, whole."""
        if self.lead is None or self.search is None or self.game is None:
            return
        self.lead = None
        self.search = Portfolio(self.game)
        self.page_over = False
        self._start()

    def _waited(self) -> None:
        """HINT_WAIT after a hint was asked: the guess, if the search has not decided."""
        if self.asked is not None and time.monotonic() - self.asked >= HINT_WAIT - 0.05:
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
        finish.hidden = game.status != "playing" or won_on_paper(game) is None
        text = ""
        if game.status == "lost":
            back = self.back_to_winnable(game)
            text = f"It could have been won: undo {back} move{'s' * (back != 1)}" if back else ""
        elif game.status != "playing":
            pass
        elif verdict == "won":
            text = "Winnable"
        elif verdict == "lost":
            back = self.back_to_winnable(game)
            text = (
                f"No longer winnable: undo {back} move{'s' * (back != 1)} to get back"
                if back
                else "This deal cannot be won"
                if (self.undoable() if self.undoable is not None else len(game.moves)) == 0
                else "Cannot be won from here"
            )
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
            for _ in range(size):
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
        likely = self.search is not None and self.search.seconds < LIKELY
        if verdict is None and wait and likely:
            if self.asked is None:
                self.asked = time.monotonic()
                js.setTimeout(self._wait, HINT_WAIT * 1000)
            self.say("Thinking…")
            return
        self.asked = self.unsure = None
        if verdict == "won" and self.lines.get(key):
            move = game.resolve(self.lines[key][0])
            self.show_hint(Move(*move), True)
            return
        if verdict == "lost":
            back = self.back_to_winnable(game)
            self.say(
                f"No move can win from here: undo {back} move{'s' * (back != 1)}."
                if back
                else "No move can win from here."
            )
            return
        best = self.most_promising(game)
        if best is None:
            self.say("No move can win from here." if game.plain_moves() else "No move left.")
            return
        self.unsure = key if self.search is not None else None
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
