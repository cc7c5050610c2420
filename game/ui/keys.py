"""Play by keyboard, and what a screen reader is told.

The table is one Tab stop (a roving tabindex): one element, the card or pile at the
keyboard's spot, has ``tabindex=0``; the arrows move that spot (see ``cursor``). Space or
Enter picks the card up with the cards above it, and on another pile puts them down: the
move is played through ``App.act`` like a drag. ``sync`` moves card elements between
piles, which drops the browser's focus, so after every refresh the spot's element takes
focus again while the player is on the table. Every turn is told in the live region
``#announcer`` (``voice``); messages (why a move is illegal, hints) stay in the status line.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import js

from ..assist import movable
from ..explain import why_illegal
from ..i18n import _
from ..names import the
from ..notation import ANY_FOUNDATION, F0, STOCK, T0, WASTE, Move
from ..state import Game
from .cursor import Rows, Spot, settle, step, top
from .dom import absent, by_id, listen
from .keymap import command_of, help_rows, shortcuts
from .voice import pile_title, sentence, tell_pickup, tell_turn, tell_undo

if TYPE_CHECKING:
    from .ports import Player

FOCUS = ("left", "right", "up", "down", "deepest", "top")
CONTROLS = ("button", "a", "summary")  # Space and Enter are theirs
BUTTONS = {
    "undo": "undo",
    "redo": "redo",
    "new-game": "new",
    "hint": "hint",
    "rules-button": "help",
}


class Keys:
    def __init__(self, app: Player) -> None:
        self.app = app
        self.spot: Spot = (STOCK, -1)
        self.held: tuple[int, int] | None = None  # (pile, n): the top n cards picked up
        self.el: Any = None  # the element with tabindex 0
        self.engaged = False  # the player is on the table (focus there, or lost by a redraw)
        self.seen: Game | None = None  # a copy of the position last told, and of its game:
        self.seen_game: Game | None = None
        self.seen_moves = 0
        self.seen_redo: list[Move] = []
        self.telling: str | None = None  # what the last change noted is, to be told
        self.echo = False
        root = app.table.root
        listen(root, "focusin", self._focus_in)
        listen(root, "focusout", self._focus_out)
        for dialog in js.document.querySelectorAll("dialog"):  # back to the table after one
            listen(dialog, "close", lambda e: self._show())
        for id_, command in BUTTONS.items():  # a screen reader tells a button's key
            button = by_id(id_)
            if not absent(button):
                button.setAttribute("aria-keyshortcuts", shortcuts(command))
        listing = by_id("keys-list")
        if not absent(listing):
            listing.innerHTML = "".join(
                f"<dt>{escape(keys)}</dt><dd>{escape(does)}</dd>" for keys, does in help_rows()
            )

    # -- keys -------------------------------------------------------------------------------

    def key(self, event: Any) -> None:
        app = self.app
        if _dialog_open() or event.altKey:
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        ctrl = bool(event.ctrlKey or event.metaKey)
        command = command_of(str(event.key), ctrl, bool(event.shiftKey))
        if command is None:
            return
        on_table = bool(app.table.root.contains(event.target))
        if self._run(command, on_table, tag, float(event.timeStamp)):
            event.preventDefault()

    def _run(self, command: str, on_table: bool, tag: str, at: float) -> bool:
        app = self.app
        if command in FOCUS:
            if on_table:
                self.spot = step(app.game, self._rows(), self.spot, command)
            elif tag != "body":
                return False
            self.engaged = True  # from no control at all, an arrow goes to the table
            self._show()
        elif command == "pick":
            if tag in CONTROLS:
                return False
            if on_table:
                self._pick()
            elif STOCK in app.table.pile_el:  # from no control: the stock deals, as ever
                self._deal()
        elif command == "cancel":
            if self.held is None:
                return False
            self._put_back()
        elif command in ("foundation", "move"):
            if not on_table:
                return False
            self._foundation() if command == "foundation" else self._best(at)
        elif command == "deal":
            self._deal()
        elif command == "help":
            panel = by_id("rules-panel")
            if absent(panel):
                return False
            keys = by_id("keys-help")
            if not absent(keys):
                keys.open = True  # "?" asks for the keys: shown, the rules above them
            panel.showModal()
        else:
            {"undo": app.undo, "redo": app.redo, "new": app.ask_new_deal, "hint": app.hint}[
                command
            ]()
        return True

    # -- acts -------------------------------------------------------------------------------

    def _pick(self) -> None:
        app = self.app
        game, (pile, index) = app.game, self.spot
        if self.held is not None:
            src, n = self.held
            if pile == src:
                self._put_back()
                return
            if pile in (STOCK, WASTE):
                app.say(_("Cards cannot be put on {pile}.").format(pile=the(game.rules, pile)))
                return
            self.spot = (pile, len(game.piles[pile]))  # where the first card lands
            if not app.act(Move(src, ANY_FOUNDATION if F0 <= pile < T0 else pile, n)):
                self.spot = (pile, index)  # still held: another pile, or Escape
            return
        if pile == STOCK:
            self._deal()
            return
        if index < 0:
            if F0 <= pile < T0:
                text = _("{pile}: cards never leave a foundation.")
            else:
                text = _("{pile}: nothing to pick up.")
            app.say(text.format(pile=pile_title(game, pile)))
            return
        n = len(game.piles[pile]) - index
        if not movable(game, pile, n):  # why, asked of a move to another pile than its own
            app.say(sentence(why_illegal(game, (pile, T0 + (pile == T0), n))))
            return
        self.held = (pile, n)
        self.say(tell_pickup(game, pile, n))
        self._show()

    def _put_back(self) -> None:
        self.held = None
        # Translators: the cards picked up went back where they were (Escape)
        self.say(_("Put back."))
        self._show()

    def _foundation(self) -> None:
        app = self.app
        pile, index = self.spot
        if self.held is not None:
            src, n = self.held
            app.act(Move(src, ANY_FOUNDATION, n))
            return
        if index < 0:
            app.say(_("{pile}: no card to send.").format(pile=pile_title(app.game, pile)))
            return
        app.act(Move(pile, ANY_FOUNDATION, len(app.game.piles[pile]) - index))

    def _best(self, at: float) -> None:
        """The tap of a pointer: the card to its best place, again to the next place."""
        app, (pile, index) = self.app, self.spot
        self.held = None
        cards = app.game.piles[pile]
        if F0 <= pile < T0 and cards:
            index = len(cards) - 1  # the card M just sent here: M again tries the next place
        elif index < 0 and pile != STOCK:
            app.say(_("{pile}: no card to move.").format(pile=pile_title(app.game, pile)))
            return
        el = app.table.cards[pile][index] if index >= 0 else None
        app.tap(pile, index, at)
        for p, els in app.table.cards.items():  # focus follows the card, so M cycles
            for i, other in enumerate(els):
                if el is not None and other == el:
                    self.spot = (p, i)
        self._show()

    def _deal(self) -> None:
        app = self.app
        game = app.game
        self.held = None
        if STOCK in app.table.pile_el:
            app.act("s" if game.piles[STOCK] else "r")
        elif game.rules.shuffle_redeals:
            app.act("r")
        else:
            # Translators: {game} is the game's name (Linus)
            app.say(_("{game} has no stock.").format(game=_(game.rules.title)))

    # -- after every change -------------------------------------------------------------------

    def noted(self) -> None:
        """The app has shown a new position: work out what to tell of it (in the move's
        task, so that each change is told as it was, however quickly they come)."""
        game = self.app.game
        moves, redo = game.moves, game.redo_moves
        if game is not self.seen_game or self.seen is None:
            self.held = None
            self.spot = (STOCK, -1) if STOCK in self.app.table.pile_el else top(game, T0)
        elif len(moves) != self.seen_moves:
            self.held = None
            k = len(moves) - self.seen_moves
            if k > 0:
                redone = (
                    moves[self.seen_moves :] == self.seen_redo[:k] and redo == self.seen_redo[k:]
                )
                self.telling = tell_turn(self.seen, moves[self.seen_moves :], redone)
            else:
                self.telling = tell_undo(game, redo[:-k])
        self.seen, self.seen_game = game.copy(), game
        self.seen_moves, self.seen_redo = len(moves), redo

    def shown(self) -> None:
        """After the frame (app.py's Later): tell the last change noted, keep the spot,
        focus it."""
        if self.telling is not None:
            text, self.telling = self.telling, None
            self.say(text)
        self._show()

    def _show(self) -> None:
        """The spot's element gets tabindex 0 (and focus, while the player is on the table);
        the cards held are marked."""
        app = self.app
        table, game = app.table, app.game
        self.spot = settle(game, self.spot)
        pile, index = self.spot
        el = table.cards[pile][index] if index >= 0 else table.pile_el.get(pile)
        if el is None:
            return
        if self.el is not None and self.el != el:
            self.el.removeAttribute("tabindex")
        el.setAttribute("tabindex", "0")
        self.el = el
        for old in table.root.querySelectorAll(".held"):
            old.classList.remove("held")
        if self.held is not None:
            src, n = self.held
            for card in table.cards[src][-n:]:
                card.classList.add("held")
        if self.engaged and not _dialog_open() and js.document.activeElement != el:
            el.focus()

    def _focus_in(self, event: Any) -> None:
        self.engaged = True

    def _focus_out(self, event: Any) -> None:
        going = event.relatedTarget  # None when the element left the page (a redraw)
        if absent(going) or self.app.table.root.contains(going):
            return
        if absent(going.closest("dialog")):  # a dialog the player comes back from is no exit
            self.engaged = False

    def _rows(self) -> Rows:
        """The piles in rows as the page shows them, each left to right."""
        boxes = sorted(
            ((p, el.getBoundingClientRect()) for p, el in self.app.table.pile_el.items()),
            key=lambda pb: (pb[1].top, pb[1].left),
        )
        rows: list[list[tuple[int, float, float]]] = []
        for p, box in boxes:
            if not rows or box.top - rows[-1][0][2] > box.height / 2:
                rows.append([])
            rows[-1].append((p, box.left + box.width / 2, box.top))
        return [[(p, x) for p, x, _top in sorted(row, key=lambda r: r[1])] for row in rows]

    # -- the live region -------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Tell ``text`` in ``#announcer``; the same text twice is told twice."""
        self.echo = not self.echo  # a changed text is what makes a live region speak
        region = by_id("announcer")
        if not absent(region):
            region.textContent = text + ("\u00a0" if self.echo and text else "")


def _dialog_open() -> bool:
    """Any dialog of the page (a modal one holds the keys, and focus, until it closes)."""
    return not absent(js.document.querySelector("dialog[open]"))
