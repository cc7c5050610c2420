"""The Settings dialog: the player's settings (game.settings) kept in localStorage, shown,
changed, and applied to the page.

A change applies at once and is saved at once. None touches the game in progress except
its own house rules, which deal it again (an abandon: asked first, see StatsView).
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

import js

from .. import GAMES
from ..assist import AUTOMOVE
from ..settings import ANIMATION, VERDICTS, Settings, four_colour_helps, loads
from .dom import by_id, listen
from .kept import Kept

if TYPE_CHECKING:
    from ..state import Game
    from .ports import Preferring

KEY = "solitaire/settings"
EMBED_KEY = "solitaire/embedded/settings"
MOTION_TEXT = {"system": "As the system says", "reduce": "Always", "full": "Never"}
VERDICTS_TEXT = {
    "always": "Always",
    "asked": "After a hint, or when the game is over",
    "never": "Never",
}


class Prefs:
    def __init__(self, app: Preferring) -> None:
        self.app = app
        self.settings = Settings()
        self.kept = Kept(KEY)
        self.dialog: Any = by_id("settings-panel")
        self.system_reduces = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        _options(by_id("automove-select"), {m: m.capitalize() for m in AUTOMOVE})
        _options(by_id("set-animation"), {a: a.capitalize() for a in ANIMATION})
        now = "on" if self.system_reduces else "off"
        _options(by_id("set-motion"), {**MOTION_TEXT, "system": f"As the system says ({now})"})
        _options(by_id("set-verdicts"), {v: VERDICTS_TEXT[v] for v in VERDICTS})
        by_id("house-rules").innerHTML = "".join(
            f'<label><input type="checkbox" name="{g}:{h.name}"> '
            f"<b>{escape(rules.title)}</b>: {escape(h.summary)}</label>"
            for g, rules in GAMES.items()
            for h in rules.house_rules
        )
        listen(self.dialog, "change", self._changed)

    def load(self, embed: bool) -> str:
        if embed:
            self.kept = Kept(EMBED_KEY)
        self.settings = self.kept.load(loads, "settings", "the defaults are used") or Settings()
        return self.kept.notice

    def show(self) -> None:
        self._controls()
        if not self.dialog.open:
            self.dialog.showModal()

    def _controls(self) -> None:
        """The dialog's controls show what is in force now."""
        s, game = self.settings, self.app.game
        by_id("automove-select").value = self.app.session.automove
        by_id("set-animation").value = s.animation
        by_id("set-motion").value = s.motion
        by_id("set-verdicts").value = s.verdicts
        for name in ("winnable_only", "confirm_abandon", "four_colour", "pile_names"):
            self._box(name).checked = getattr(s, name)
        self._box("sound").checked = self.app.sound.on  # the URL's may be in force
        for box in by_id("house-rules").querySelectorAll("input"):
            g, rule = str(box.name).split(":")
            on = game.rules.active if g == game.rules.name else s.house_rules.get(g, ())
            box.checked = rule in on

    def apply(self, game: Game) -> None:
        """Make the page look and move as set (at start, on each change, for each game)."""
        s = self.settings
        body = js.document.body.classList
        body.toggle("four-colour", s.four_colour and four_colour_helps(game.rules))
        body.toggle("pile-names", s.pile_names)  # each pile's number above it (table.css)
        glide = s.glide_ms(self.system_reduces)
        body.toggle("still", glide == 0)  # no card glides (and no cascade: celebrate.py)
        self.app.table.glide_ms, self.app.table.motion = glide, glide > 0
        self._controls()

    def _box(self, name: str) -> Any:
        return self.dialog.querySelector(f'input[name="{name}"]')

    def _changed(self, event: Any) -> None:
        el, s, app = event.target, self.settings, self.app
        name = str(el.name)
        if ":" in name:
            self._house_rule(el)
            return
        value: Any = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
        self._save(replace(s, **{name: value}))
        if name == "automove":
            app.set_automove(str(value))
        if name == "sound":  # on: a card put down, to hear how loud
            app.sound.on = bool(value)
            app.sound.place()
        self.apply(app.game)
        if name == "verdicts":  # the verdict line shows, or goes, at once
            app.show_verdict()

    def _house_rule(self, box: Any) -> None:
        g, rule = str(box.name).split(":")
        app, on = self.app, bool(box.checked)
        game = app.game
        current = g == game.rules.name
        chosen = {**(app.rules_on() if current else self.settings.rules_for(g)), rule: on}
        if not current:
            self._save(self.settings.with_rules(g, chosen))
            return

        def deal_again() -> None:
            self._save(self.settings.with_rules(g, chosen))
            left = app.new(g, game.deal, {k: v for k, v in chosen.items() if v})
            app.say(f"{left}House rules changed: the deal starts again.")

        def keep() -> None:
            box.checked = not on

        app.ask_abandon("Changing the house rules", deal_again, keep)

    def _save(self, settings: Settings) -> None:
        self.settings = settings
        self.kept.save(settings.dumps())


def _options(select: Any, labels: dict[str, str]) -> None:
    select.innerHTML = "".join(
        f'<option value="{k}">{escape(v)}</option>' for k, v in labels.items()
    )
