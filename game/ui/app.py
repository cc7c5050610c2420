"""The page's controller: one game at a time, the toolbar, dialogs, URL and keyboard.

Data flows one way: pointer or key → move text → engine → table sync → DOM. The task of
an input draws the piles that changed and the toolbar; what else a move calls for (the
save, embed events, statistics, the advisor, the keyboard cursor, sound) runs after that
frame has painted (later.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from typing import Any
from urllib.parse import parse_qsl

import js
from pyodide.ffi import create_proxy, to_js

from .. import GAMES, IllegalMove, new_game, review
from ..daily import daily_deal
from ..help import rules_text
from ..i18n import N_, _, day, ngettext, number
from ..notation import ANY_FOUNDATION, F0, STOCK, T0, Move, sentence
from ..saved import Saved, SavedError, unpack
from ..settings import Settings
from ..share import Claim, ClaimError, check_claim, clock
from ..state import Game, Plain
from ..stats import Help, variant
from ..turns import Turns
from . import dialogs, hintmark, lang, params, scripting
from .advisor import Advisor
from .celebrate import Celebration
from .confirm import Confirm
from .dailyview import DailyView
from .dom import absent, by_id, guarded, listen
from .embed import Embed
from .finder import DealFinder
from .finisher import Finisher
from .hintwords import guess_words, sure_words
from .keys import Keys
from .later import Later
from .markup import redeal_text
from .messages import Command
from .plan import Stored, plan
from .pointer import Pointer
from .prefs import Prefs
from .replay import Viewer
from .session import Change, Session
from .sound import Sound
from .statsview import StatsView
from .store import EMBED_KEY, Store
from .table import Table
from .welcome import Welcome
from .writer import Texts, Writer

ELSEWHERE = N_(
    "This game is open in another tab or window. Play here to go on with it in this one."
)


class App:
    def __init__(self) -> None:
        self.table = Table(by_id("table"))
        # the game in progress (a placeholder until start()): moved only through it
        self.session = Session(new_game("whitehead", 1))
        self.session.listen(self._heard)
        self.extra: dict[str, str] = {}
        self.shown_outcome = "playing"
        self.store = Store()
        self.later = Later()
        self.table.later = self.later.after_paint
        self.embed = Embed(self.command)
        self.embed.soon = lambda: self.later.after_paint("embed", self.embed.flush)
        self.advisor = Advisor(
            self.say,
            self.show_hint,
            lambda: self.session.turns.done,
            self.undoable,
            tell=self._tell,
        )
        self.moved: tuple[object, str] | None = None  # (position before, move) just played
        # The moves since the advisor last looked, and the position they were made from
        # (None: not moves alone, an undo or a new game, say); None: nothing since.
        self.trail: tuple[object, list[str]] | None = None
        self.finder: DealFinder | None = None
        self.sound = Sound()  # on or off: start()
        self.celebration = Celebration()
        self.prefs = Prefs(self)
        self.stats = StatsView(self, Confirm())
        self.dailies = DailyView(self, self.stats)
        self.finisher = Finisher(self)
        self.writer = Writer(None, "", lambda: None, lambda t: None, dict, lambda k: None, str)

    # -- start-up ---------------------------------------------------------------------------

    def start(self) -> None:
        query = dict(parse_qsl(str(js.location.search).lstrip("?"), keep_blank_values=True))
        choice = params.read(query)
        own = ("game", "deal", "rules", "daily", "beat")  # the deal's, not kept across deals
        self.extra = {k: v for k, v in query.items() if k not in own}
        self._build_menus()
        self._bind()
        self.pointer = Pointer(self)
        self.keys = Keys(self)
        self.later.flush_on_leave()  # a move's save, if it waits, is written first
        self.store.save_on_leave(self.save)
        self.viewer = Viewer(self)
        embed = query.get("embed") == "1"
        if embed:
            js.document.body.classList.add("embed")
            self.store.key = EMBED_KEY  # its own saved game, not the one of the game's page
        self.welcome = Welcome(self)
        dialogs.wire()  # every dialog: its ✕, Escape, a tap outside
        greet = self.welcome.due(query)  # asked before this visit deals and saves a game
        notices = [*choice.notices, self.prefs.load(embed), self.stats.load(embed)]
        # The URL's sound=1/0 wins for this visit; the embedded page is silent unless asked.
        # On only once the first deal is shown: a page opening makes no sound (and starts no
        # AudioContext, 120 ms and more of the first visit's main thread here).
        sound = self.prefs.settings.sound and not embed
        sound = sound if choice.sound is None else choice.sound
        if choice.automove != self.extra.get("automove", "").strip().lower():  # none valid
            self.extra.pop("automove", None)
            self.session.automove = self.prefs.settings.automove
        else:  # the URL's wins over the settings for this visit
            self.session.automove = choice.automove
        saved = self.store.load()
        house = {g: list(r) for g, r in self.prefs.settings.house_rules.items()}
        decided = plan(query, house, self._stored(saved), date.today())  # as paint.js does
        # This page takes the game before it saves anything (writer.py); another tab that
        # played it goes idle. A newer page's save is left alone: this page plays apart.
        shared = self.store.storage if self.store.on and not self.store.newer else None
        self.writer = Writer(
            shared,
            self.store.key,
            self._lost,
            self._gained,
            self._give,
            self._changed,
            lambda: self.store.written,
        )
        self.writer.claim()
        listen(by_id("play-here"), "click", lambda e: self.writer.take())
        if saved is not None and decided.resume:
            self.resume(saved)
        else:
            if choice.daily is not None:  # worked out here, the same on every device
                choice.deal = daily_deal(choice.game, choice.daily)
            deal = choice.deal or params.fresh_deal()
            rules = dict.fromkeys(decided.rules, True)
            notices.append(self.new(choice.game, deal, rules, daily=choice.daily))
        self.sound.on = sound
        # A challenge is to beat on the link's own deal (one with no deal names none).
        if choice.daily is not None and decided.resume:  # the daily's deal: the one resumed
            choice.deal = self.game.deal if self.dailies.daily == choice.daily else 0
        here = (self.game.rules.name, self.game.deal) == (choice.game, choice.deal)
        if choice.claim is not None and choice.deal and here:
            try:  # the deal's own auto-moves are not counted in a claim, as on the page
                check_claim(choice.claim, choice.game, self.session.turns.dealt)
            except ClaimError as e:
                notices.append(f"{sentence(str(e))}.")
            else:
                self.dailies.shown(self.dailies.daily, choice.claim)
            self._share()
        notices.append(self.store.notice)
        if any(notices):
            self.say(" ".join(n for n in notices if n))
        loading = by_id("loading")
        if not absent(loading):
            loading.remove()
        version = ".".join(map(str, sys.version_info[:3]))
        by_id("engine").textContent = _("Engine: Python {version} in your browser.").format(
            version=version
        )
        self.viewer.from_fragment()  # a game link (#r=…): over the welcome, which waits
        scripting.install(self.command, self._about)  # window.solitaire
        js.document.body.dataset.ready = "true"
        self.embed.send("ready", **self._about())
        self.advisor.warm()  # the solver's own thread, in idle time from now
        self.sound.warm()  # the browser's audio, before the first sound needs it
        if greet:  # a first visit: over the table, once Python is up
            self.welcome.show(first=True)

    def _stored(self, saved: Saved | None) -> Stored | None:
        """What plan() needs of the saved game; a daily deal if statistics' game in progress
        is that deal with a day (static/paint.js reads the same)."""
        if saved is None:
            return None
        g, current = saved.game, self.stats.stats.current
        rules = tuple(sorted(g.rules.active))
        daily = None
        if current is not None and (current.key, current.deal) == (
            variant(g.rules.name, rules),
            g.deal,
        ):
            daily = current.daily.isoformat() if current.daily else None
        return Stored(g.rules.name, g.deal, rules, daily)

    def _about(self) -> dict[str, object]:
        g = self.game
        return {
            "game": g.rules.name,
            "deal": g.deal,
            "rules": dict.fromkeys(g.rules.active, True),
            "status": g.status,
            "moves": self.moves_made(),
        }

    def command(self, command: Command) -> str:
        """A command from the embedding page, or from a script in this one (scripting.py),
        checked by messages.check: "" once carried out, else why not."""
        if not self.may_play():
            js.console.warn("solitaire: ignored a command: the game is open in another tab")
            return "the game is open in another tab: play here first"
        if command.kind == "newGame" and command.daily is not None:
            self.dailies.open(command.game, command.daily)
        elif command.kind == "newGame":
            self.new(command.game, command.deal or params.fresh_deal(), command.rules)
        elif command.kind == "undo":
            self.undo()
        elif command.kind == "redo":
            self.redo()
        elif command.kind == "restart":
            self.restart()
        elif command.kind == "language":
            return self.prefs.speak_for_host(command.lang)
        elif command.kind == "load" and command.loaded is not None:
            g = command.loaded  # as a record file opened is (replay.py), without asking
            self.viewer.take(g, 0.0)
            n = len(g.moves)
            self.say(
                ngettext(
                    "{game}, deal {deal}: a game of {n} move, loaded.",
                    "{game}, deal {deal}: a game of {n} moves, loaded.",
                    n,
                ).format(game=_(g.rules.title), deal=g.deal, n=number(n))
            )
        return ""

    def _bind(self) -> None:
        buttons: dict[str, Callable[[], object]] = {
            "undo": self.undo,
            "redo": self.redo,
            "restart": self._ask_restart,
            "new-game": self.ask_new_deal,
            "redeal": lambda: self.act(Move(STOCK, STOCK, 0)),
            "rules-button": lambda: by_id("rules-panel").showModal(),
            "stats-button": self.stats.show,
            "settings-button": self.prefs.show,
            "hint": self.hint,
            "finish": self.finish,
            "outcome-undo": self._closing(self.undo),
            "outcome-restart": self._closing(self.restart),
            "outcome-new": self._closing(self.new_deal),
            "outcome-stats": self.stats.show,
            "outcome-share": self.dailies.offer,
            "daily-button": self.dailies.ask_today,
        }
        for id_, fn in buttons.items():
            listen(by_id(id_), "click", lambda e, fn=fn: fn())
        listen(by_id("game-select"), "change", lambda e: self._choose(str(e.target.value)))
        listen(js.document, "keydown", self.key)
        listen(js.window, "resize", lambda e: self.table.refit())
        js.setInterval(create_proxy(guarded(self._tick)), 1000)

    def _ask_restart(self) -> None:
        # Translators: what the player asked for, as the subject of "… leaves the game in
        # progress unfinished: it counts as a loss in your statistics."
        self.stats.ask_abandon(_("Restarting the deal"), self.restart)

    def _build_menus(self) -> None:
        select = by_id("game-select")
        select.innerHTML = "".join(
            f'<option value="{name}">{_escape(_(rules.title))}</option>'
            for name, rules in GAMES.items()
        )

    # -- games ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game in play (the session's)."""
        return self.session.game

    # -- what the controllers ask (ports.py) ------------------------------------------------

    @property
    def settings(self) -> Settings:
        return self.prefs.settings

    @property
    def playing(self) -> bool:
        """Does this page play the game (writer.py), rather than show another tab's?"""
        return self.writer.playing

    @property
    def help(self) -> Help:
        """The help the game in progress has had (statistics keep it)."""
        return self.stats.help

    def ask_abandon(
        self, doing: str, then: Callable[[], None], otherwise: Callable[[], None] | None = None
    ) -> None:
        self.stats.ask_abandon(doing, then, otherwise)

    def flush_later(self, *names: str) -> None:
        self.later.flush(*names)

    def finishing(self) -> None:
        """Finish was pressed: help, unless nothing was left to decide."""
        self.stats.finishing(self.game)

    def cancel_finder(self) -> None:
        """A deal being searched for would replace the game later: not any more."""
        if self.finder is not None:
            self.finder.cancel()
            self.finder = None

    def show_verdict(self) -> None:
        self.advisor.show()

    def rules_on(self) -> dict[str, bool]:
        return dict.fromkeys(self.game.rules.active, True)

    def new(
        self,
        name: str,
        deal: int,
        rules: dict[str, bool],
        daily: date | None = None,
        claim: Claim | None = None,
    ) -> str:
        """Deal it (``daily``: it is that day's daily deal; ``claim``: a challenge to play
        it against); what to say if that abandoned a game in progress (it is said too)."""
        if not self.may_play():
            return ""
        self.cancel_finder()  # whatever asked for this game, the search is moot
        self._show(new_game(name, deal, **rules), Turns(), daily=daily, claim=claim)
        left = self.stats.begin(self.game, daily=daily)
        title = _(self.game.rules.title)
        dealt = (
            _("{game}, the daily deal of {day}.").format(game=title, day=day(daily))
            if daily
            else _("{game}, deal {deal}.").format(game=title, deal=deal)
        )
        self.say(f"{left}{dealt}{self.dailies.practice_words()}")
        self.session.deal()  # its own auto-moves (heard: _heard)
        return left

    def resume(self, saved: Saved) -> None:
        """The saved game, as it was: its undo and redo steps, its clock."""
        if not self.may_play():
            return
        self._show(saved.game, saved.turns, saved.elapsed)  # the clock goes on from there
        left = self.stats.resume(self.game, saved.help)
        self.dailies.shown(self.stats.daily)
        self._share()
        back = _("{game}, deal {deal}: your game is back.")
        self.say(left + back.format(game=_(self.game.rules.title), deal=self.game.deal))
        self.refresh()

    def _show(
        self,
        game: Game,
        turns: Turns,
        elapsed: float = 0.0,
        daily: date | None = None,
        claim: Claim | None = None,
    ) -> None:
        self.later.flush("stats", "save", "embed")  # the game shown until now, done with
        self.session.start(game, turns, elapsed)
        self.dailies.shown(daily, claim)
        self.shown_outcome = "playing"
        self._close_asking()  # (a host's command, say, over the won game's dialog)
        self.celebration.stop()  # the game it celebrated is gone
        self.table.build(game)
        self.table.sync(animate=False)
        name, deal = game.rules.name, game.deal
        by_id("game-select").value = name
        by_id("deal-number").textContent = str(deal)
        self._rules_panel()
        self.prefs.apply(game)
        self._share()

    def _share(self) -> None:
        """The URL shares this deal (with the URL's own automove, if it came with one)."""
        name, deal, daily = self.game.rules.name, self.game.deal, self.dailies
        query = params.query_of(name, deal, self.rules_on(), self.extra, daily.daily, daily.claim)
        js.history.replaceState(None, "", query)

    def ask_new_deal(self) -> None:
        # Translators: what the player asked for, as the subject of "… leaves the game in
        # progress unfinished: it counts as a loss in your statistics."
        self.stats.ask_abandon(_("A new deal"), self.new_deal)

    def _choose(self, name: str) -> None:
        """Another game from the menu, with its house rules (Settings)."""

        def back() -> None:  # not asked for after all: the menu shows the game still on
            by_id("game-select").value = self.game.rules.name

        rules = self.prefs.settings.rules_for(name)
        # Translators: what the player asked for, as the subject of "… leaves the game in
        # progress unfinished: it counts as a loss in your statistics."
        doing = _("Switching to {game}").format(game=_(GAMES[name].title))
        self.stats.ask_abandon(doing, lambda: self.deal_of(name, rules), back)

    def new_deal(self) -> None:
        """A fresh deal of the same game and house rules (proven winnable, if so set)."""
        self.deal_of(self.game.rules.name, self.rules_on())

    def deal_of(self, name: str, rules: dict[str, bool]) -> None:
        if not self.may_play():
            return
        self.cancel_finder()
        if not self.prefs.settings.winnable_only:
            self.new(name, params.fresh_deal(), rules)
            return

        def found(deal: int, line: list[str]) -> None:
            self.finder = None
            self.new(name, deal, rules)
            self.advisor.known(self.game, line)
            won = _("{game}, deal {deal}: the solver has won it.")
            self.say(won.format(game=_(self.game.rules.title), deal=deal))

        self.finder = DealFinder(name, rules, found, self.say)
        self.finder.start()

    def _tell(self) -> bool:
        """May the solver's verdict show? (Settings; seen, it is help: statsview.py)"""
        return self.stats.tell()

    def hint(self) -> None:
        self.later.flush()  # the advisor must know the position shown
        if self.may_play():
            if self.game.status == "playing":  # help: a win counts apart (statsview.py)
                self.stats.hinted()
            self.advisor.hint()
            self.advisor.show()  # a hint may let the verdict show (Settings)

    def show_hint(self, move: Move, sure: bool, guessed: Move | None = None) -> None:
        """Show a move on the table (the cards lifted, their ghost where they go:
        hintmark.py) and say it: the next move of a winning line when ``sure``, else only
        the most promising one; ``guessed``: the guess shown before, that this replaces."""
        hintmark.show(self.table, move, sure)
        if sure:
            self.say(sure_words(describe(self.game, move), guessed, move))
        else:
            self.say(guess_words(describe(self.game, move)))

    def _clear_hint(self) -> None:
        hintmark.clear()

    def finish(self) -> None:
        """Play the rest to the foundations at a brisk, skippable pace (finisher.py)."""
        self.finisher.start()

    def _closing(self, then: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            by_id("outcome").close()
            then()

        return run

    def restart(self) -> None:
        """The same deal from its start: still the daily deal, still the challenge."""
        again = self.dailies
        self.new(self.game.rules.name, self.game.deal, self.rules_on(), again.daily, again.claim)

    def accepting(self) -> bool:
        return absent(js.document.querySelector("dialog[open]"))

    # -- moves ------------------------------------------------------------------------------

    def act(self, move: Move | Plain | str, quiet: bool = False) -> bool:
        """Play a player's move and its auto-moves as one undoable turn; say why if illegal."""
        if not self.may_play():
            self.table.snap_back()
            return False
        try:
            self.session.act(move)  # heard: _heard
        except IllegalMove as e:
            self.say(sentence(e.reason))
            self.table.snap_back()
            return False
        return True

    def _heard(self, change: Change) -> None:
        """The session changed the game: show it now, and the rest after the frame."""
        played = change.played
        if played is not None:  # a move clears the last message; the outcome says its own
            self.moved = (change.before, str(played))
            self.embed.move(str(played))  # its event goes before the "status" of refresh
            self.say("")
            self.later.after_paint("stats", self.stats.moved)
            if self.sound.on:
                self.later.after_paint("sound", lambda: self.sound.moved(played))
        elif change.kind == "deal" and self.sound.on:
            self.later.after_paint("sound", self.sound.deal)
        self.refresh()

    def moves_made(self) -> int:
        """The moves the player made (theirs and what they set off): the deal's own
        auto-moves are not the player's, so a deal untouched shows Moves 0."""
        return self.session.made

    def undoable(self) -> int:
        """Undo steps the player can take (the deal's own auto-moves are not one)."""
        return self.session.turns.undoable

    def undo(self) -> None:
        if self.may_play() and self.session.undo() is None:
            self.say(_("Nothing to undo."))

    def redo(self) -> None:
        if self.may_play() and self.session.redo() is None:
            self.say(_("Nothing to redo."))

    def tap(
        self, pile: int, index: int, at: float, where: tuple[float, float] | None = None
    ) -> None:
        """A tap at ``at`` (ms, as an event's timeStamp) on card ``index`` of ``pile``,
        by a pointer at ``where`` or a key (None): session.py says what it means."""
        if not self.may_play():
            self.table.snap_back()
            return
        try:
            said = self.session.tap(pile, index, at / 1000, where)
        except IllegalMove as e:
            said = sentence(e.reason)
            self.table.snap_back()
        if said is not None:
            self.say(said)

    def drop(self, src: int, dst: int, n: int, els: list[Any]) -> None:
        self.session.last_tap = None
        if F0 <= dst < T0:
            dst = ANY_FOUNDATION  # any foundation the card is dropped on will do
        self.act(Move(src, dst, n))

    # -- one writer (writer.py) -------------------------------------------------------------

    def may_play(self) -> bool:
        """Is this page the one that plays the game? If not, say so (and it is idle)."""
        if self.writer.check():
            return True
        self.say(_(ELSEWHERE))
        return False

    def _close_asking(self) -> None:
        """Close the dialogs that would act on the game shown (the end of the game, "are
        you sure?"): it is gone, or no longer this page's."""
        for dialog in js.document.querySelectorAll("dialog[open]"):
            if str(dialog.id) in ("outcome", "confirm"):
                dialog.close()

    def _lost(self) -> None:
        """Another tab or window took the game: show it, play nothing, offer Play here."""
        self.finisher.stop()
        self.celebration.stop()
        self.cancel_finder()
        self._close_asking()
        self.pointer.cancel(None)
        self.table.snap_back()
        self.session.stop_clock()  # the clock stops here
        self._tick()
        js.document.body.dataset.elsewhere = "yes"  # the table takes no pointer (CSS)
        by_id("elsewhere").hidden = False
        by_id("play-here").focus()
        self.say(_(ELSEWHERE))

    def _gained(self, texts: Texts) -> None:
        """This page plays the game now: the latest one, as the last writer left it."""
        js.document.body.dataset.elsewhere = "no"
        by_id("elsewhere").hidden = True
        self.stats.reload(texts.get(self.stats.kept.key))
        saved = self.store.load(texts.get(self.store.key))
        if saved is not None:
            self.resume(saved)
        else:  # nothing stored (site data cleared): the game shown is the one
            self.session.go_on()
            self.refresh()
        g = self.game
        self.say(_("Playing here: {game}, deal {deal}.").format(game=_(g.rules.title), deal=g.deal))

    def _give(self) -> Texts:
        """Play here was clicked elsewhere: save now (the clock too) and hand it over."""
        self.save()
        texts = {self.stats.kept.key: self.stats.stats.dumps()}
        if self.store.written is not None:
            texts[self.store.key] = self.store.written
        return texts

    def _changed(self, key: str) -> None:
        """While idle: the writer saved the game; show it as it is now."""
        if key != self.store.key:
            return
        text = self.store.storage.getItem(key) if self.store.storage is not None else None
        try:
            saved = unpack(text)
        except SavedError:
            return  # being replaced, or damaged: the writer deals with it
        self._show(saved.game, saved.turns, saved.elapsed)
        self.session.stop_clock()  # shown as the writer left it, standing still
        self.table.root.dataset.status = saved.game.status
        _set(by_id("moves-count"), "textContent", str(self.session.made))
        _set(by_id("undo"), "disabled", True)
        _set(by_id("redo"), "disabled", True)
        self._tick()

    # -- showing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the position: the piles that changed and the toolbar now; the rest once
        the frame has painted (later.py), once for moves made quickly."""
        if not self.writer.playing:  # idle: the position shown follows the writer's
            self.table.sync()
            return
        game = self.game
        self.table.sync()
        status = game.status
        _set(self.table.root.dataset, "status", status)
        _set(by_id("undo"), "disabled", self.undoable() <= 0)
        _set(by_id("redo"), "disabled", not self.session.turns.undone)
        redeal = by_id("redeal")
        _set(redeal, "hidden", not game.rules.shuffle_redeals)
        can_redeal = Move(STOCK, STOCK, 0) in game.plain_moves()
        if game.rules.shuffle_redeals:
            _set(redeal.querySelector(".label"), "textContent", redeal_text(game))  # by its icon
            _set(redeal, "disabled", not can_redeal)
        stock = self.table.pile_el.get(STOCK)
        if stock is not None:
            _set(stock.dataset, "redeal", "yes" if can_redeal else "no")
        _set(by_id("moves-count"), "textContent", str(self.moves_made()))
        self._tick()
        self._clear_hint()
        self.later.after_paint("save", self.save)
        self.embed.send("status", **self._about())  # posted after the paint, in order
        self._follow_later()
        self._outcome(status, fresh=self.moved is not None)
        self.moved = None
        self.keys.noted()  # what to tell of it, told after the frame with the cursor
        self.later.after_paint("keys", self.keys.shown)

    def _follow_later(self) -> None:
        """The advisor follows the table after the paint: the moves made since it last
        looked, if they were moves alone (its winning line is kept while they are its own)."""
        previous, played = self.moved or (None, None)
        if played is not None and self.session.turns.last:  # the turn: move and auto-moves
            turn = [str(m) for m in self.game.moves[-self.session.turns.last :]]
            if self.trail is None:
                self.trail = (previous, turn)
            elif self.trail[0] is not None:
                self.trail = (self.trail[0], self.trail[1] + turn)
        else:
            self.trail = (None, [])
        self.later.after_paint("advisor", self._advise)

    def _advise(self) -> None:
        previous, turn = self.trail or (None, [])
        self.trail = None
        self.advisor.follow(self.game, turn or None, previous)

    def _outcome(self, status: str, fresh: bool = False) -> None:
        """The end of the game, or the game going on again; ``fresh``: a move just made it."""
        if status == self.shown_outcome:
            return
        self.shown_outcome = status
        self.later.flush("stats")  # a move's statistics before the game's end is counted
        dialog = by_id("outcome")
        if status == "playing":
            if dialog.open:
                dialog.close()
            self.session.run_clock()
            return
        self.session.stop_clock()
        moves, took = self.moves_made(), by_id("clock").textContent
        better = self.stats.finish(status, self.elapsed(), moves)
        if status == "won":
            # Translators: {record} is what a win bettered: "New best time", "Fewest moves yet"
            records = "".join(" " + _("{record}!").format(record=w) for w in better)  # no help
            text, said = _won_words(moves, took, self.stats.help)
            by_id("outcome-title").textContent = _("You won!")
            by_id("outcome-text").textContent = text + records
            self.say(said + records)
        else:
            by_id("outcome-title").textContent = _("No moves left")
            by_id("outcome-text").textContent = _(
                "This game is lost. Undo, restart the deal or deal again."
            )
            self.say(_("No moves left: the game is lost."))
        challenge = self.dailies.ended(status == "won", moves, self.elapsed())
        by_id("outcome-challenge").textContent = challenge
        by_id("outcome-challenge").hidden = not challenge
        dialog.dataset.outcome = status
        by_id("outcome-undo").hidden = status == "won"
        if status == "won" and fresh:  # just won: a chime, the cascade, then the dialog

            def reveal() -> None:  # unless the game moved on meanwhile (a host's command)
                if self.shown_outcome == "won" and self.writer.playing and not dialog.open:
                    dialog.showModal()
                    by_id("outcome-new").focus()  # Enter deals anew, never replays the deal

            self.sound.win()
            self.celebration.play(self.table, reveal)
        else:
            dialog.showModal()
            if status == "won":
                by_id("outcome-new").focus()
        self.embed.send(status, **self._about(), share=self.dailies.shared())

    def save(self) -> None:
        self.later.drop("save")  # this is the save a move waits for, if one does
        if not self.writer.check():
            return
        notice = self.store.save(self.game, self.elapsed(), self.session.turns, self.stats.help)
        if notice:
            self.say(notice)

    def elapsed(self) -> float:
        return self.session.elapsed()

    def _tick(self) -> None:
        by_id("clock").textContent = clock(self.elapsed())

    def say(self, text: str) -> None:
        by_id("status-line").textContent = text

    def _rules_panel(self) -> None:
        rules = self.game.rules
        by_id("rules-title").textContent = _("How to play {game}").format(game=_(rules.title))
        items = "".join(f"<li>{_escape(line)}</li>" for line in rules_text(rules))
        by_id("rules-list").innerHTML = items

    def set_automove(self, mode: str) -> None:
        """From Settings: it replaces the URL's for this visit too."""
        self.extra.pop("automove", None)
        self._share()
        self.session.set_automove(mode)

    def key(self, event: Any) -> None:
        self.later.flush("keys")  # the cursor where the last move left it
        self.keys.key(event)  # every key: keys.py (the map: keymap.py)


def _set(el: Any, prop: str, value: object) -> None:
    """Write a DOM property only if it changes: an unchanged write still costs a style pass."""
    if getattr(el, prop, None) != value:  # (a data- attribute not yet set: undefined)
        setattr(el, prop, value)


def _won_words(moves: int, took: str, had: Help) -> tuple[str, str]:
    """The end dialog's line and the status line's, for a win in ``moves`` and ``took``."""
    n, words = number(moves), had.words()
    if had.given:
        # Translators: {help} is the help the game had: "2 hints, the solver's verdict"
        text = ngettext(
            "Won with help: {help}. {n} move in {time}.",
            "Won with help: {help}. {n} moves in {time}.",
            moves,
        )
        said = ngettext(
            "Won in {n} move, {time}, with help: {help}.",
            "Won in {n} moves, {time}, with help: {help}.",
            moves,
        )
    else:
        text = ngettext(
            "Won without help. {n} move in {time}.", "Won without help. {n} moves in {time}.", moves
        )
        said = ngettext(
            "Won in {n} move, {time}, without help.",
            "Won in {n} moves, {time}, without help.",
            moves,
        )
    return text.format(n=n, time=took, help=words), said.format(n=n, time=took, help=words)


def describe(game: Game, move: Move) -> str:
    """``move 7♥ to column 3``, ``deal a card``: a move in words, as a hint says it, the
    piles named as the table shows them (game/names.py)."""
    words = review.describe(game, move)
    # Translators: a hint's move, in the middle of a sentence: {move} is "7♥ to column 3"
    return words if move[0] == STOCK else _("move {move}").format(move=words)


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


def start() -> App:
    """Start the table; if that fails, say so on the page at once instead of freezing:
    static/boot.js shows an error event in its failure box, with Reload."""
    try:
        js.performance.mark("solitaire: language")  # its catalog read: bench/languages.py
        lang.start()  # the language static/paint.js chose, before a word is drawn
        js.performance.measure("solitaire: language", "solitaire: language")
        app = App()
        app.start()
    except Exception as e:
        why = f"{type(e).__name__}: {e}"[:120]
        event = to_js({"message": why}, dict_converter=js.Object.fromEntries)
        js.window.dispatchEvent(js.ErrorEvent.new("error", event))
        raise
    return app
