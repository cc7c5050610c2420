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

from .. import GAMES, i18n
from ..assist import AUTOMOVE
from ..i18n import N_, _
from ..settings import ANIMATION, VERDICTS, Settings, four_colour_helps, loads
from .dom import by_id, listen
from .kept import Kept

if TYPE_CHECKING:
    from ..state import Game
    from .ports import Preferring

KEY = "solitaire/settings"
EMBED_KEY = "solitaire/embedded/settings"
AUTOMOVE_TEXT = {"off": N_("Off"), "safe": N_("Safe"), "always": N_("Always")}
ANIMATION_TEXT = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
MOTION_TEXT = {"reduce": N_("Always"), "full": N_("Never")}
VERDICTS_TEXT = {
    "always": N_("Always"),
    "asked": N_("After a hint, or when the game is over"),
    "never": N_("Never"),
}


class Prefs:
    def __init__(self, app: Preferring) -> None:
        self.app = app
        self.settings = Settings()
        self.kept = Kept(KEY)
        self.dialog: Any = by_id("settings-panel")
        self.system_reduces = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        _options(by_id("automove-select"), {m: _(AUTOMOVE_TEXT[m]) for m in AUTOMOVE})
        _options(by_id("set-animation"), {a: _(ANIMATION_TEXT[a]) for a in ANIMATION})
        system = (
            _("As the system says (on)") if self.system_reduces else _("As the system says (off)")
        )
        motion = {k: _(v) for k, v in MOTION_TEXT.items()}
        _choices(by_id("set-motion"), "motion", {"system": system, **motion})
        _choices(by_id("set-verdicts"), "verdicts", {v: _(VERDICTS_TEXT[v]) for v in VERDICTS})
        _languages(by_id("set-language"))
        by_id("house-rules").innerHTML = "".join(
            f'<label><input type="checkbox" name="{g}:{h.name}"> '
            + _("<b>{game}</b>: {rule}").format(
                game=escape(_(rules.title)), rule=escape(_(h.summary))
            )
            + "</label>"
            for g, rules in GAMES.items()
            for h in rules.house_rules
        )
        listen(self.dialog, "change", self._changed)

    def load(self, embed: bool) -> str:
        if embed:
            self.kept = Kept(EMBED_KEY)
        self.settings = (
            self.kept.load(
                loads,
                newer=_(
                    "Your settings were kept by a newer version of the game: reload to use "
                    "them (the defaults are used until then)."
                ),
                # Translators: {error} says what is wrong with them
                damaged=_(
                    "Your settings could not be read ({error}): kept aside, the defaults are used."
                ),
            )
            or Settings()
        )
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
        self._choice("motion", s.motion)
        self._choice("verdicts", s.verdicts)
        by_id("set-language").value = s.language if self.kept.storage else ""
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

    def _choice(self, name: str, value: str) -> None:
        self.dialog.querySelector(f'input[name="{name}"][value="{value}"]').checked = True

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
        if name == "language":
            self._speak(str(value))
            return
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
            app.say(left + _("House rules changed: the deal starts again."))

        def keep() -> None:
            box.checked = not on

        app.ask_abandon(_("Changing the house rules"), deal_again, keep)

    def speak_for_host(self, code: str) -> str:
        """The embedding page's ``language`` command: "" once under way, else why not."""
        if code == i18n.language():
            return ""
        if not self.app.store.on:
            return "this frame has no storage to keep the game while it opens again: give ?lang= in its URL"
        self.app.save()
        url = js.URL.new(js.location.href)
        url.searchParams.set("lang", code)  # the host's choice, for this frame
        js.history.replaceState(js.history.state, "", url.href)
        js.location.reload()
        return ""

    def _speak(self, code: str) -> None:
        """Another language: the page opens again in it (static/paint.js translates its
        markup before the first paint), the game as it was (saved as the page is left).
        A URL's ?lang= would win over the setting: it goes; where nothing can be kept
        (no storage), the language is the URL's instead."""
        url = js.URL.new(js.location.href)
        if self.kept.storage is not None:
            url.searchParams.delete("lang")
        else:
            url.searchParams.set("lang", code or i18n.language())
        js.history.replaceState(js.history.state, "", url.href)
        js.location.reload()

    def _save(self, settings: Settings) -> None:
        self.settings = settings
        self.kept.save(settings.dumps())


def _options(select: Any, labels: dict[str, str]) -> None:
    select.innerHTML = "".join(
        f'<option value="{k}">{escape(v)}</option>' for k, v in labels.items()
    )


def _languages(select: Any) -> None:
    """ "As the browser says", then each language in its own words (and its own lang, so a
    screen reader says it right); the pseudo-locale only while it is shown."""
    codes = [*i18n.LANGUAGES, *([i18n.PSEUDO] if i18n.language() == i18n.PSEUDO else [])]
    own = {**i18n.LANGUAGES, i18n.PSEUDO: "Pseudo (en-XA)"}
    browser = escape(_("As the browser says"))
    select.innerHTML = f'<option value="">{browser}</option>' + "".join(
        f'<option value="{c}" lang="{c}">{escape(own[c])}</option>' for c in codes
    )


def _choices(fieldset: Any, name: str, labels: dict[str, str]) -> None:
    """Radio buttons, one per choice, after the fieldset's legend: a label of any length
    wraps (a menu would cut it off on a phone, in a longer language)."""
    for el in list(fieldset.querySelectorAll("label")):
        el.remove()
    fieldset.insertAdjacentHTML(
        "beforeend",
        "".join(
            f'<label><input type="radio" name="{name}" value="{k}"> {escape(v)}</label>'
            for k, v in labels.items()
        ),
    )
