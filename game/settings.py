"""The player's settings: defaults, versioned JSON, and a check of everything read back (pure).

What is stored comes back from outside (a browser's storage, possibly old or tampered
with), so :func:`loads` checks each field and fails with one :class:`SettingsError` line;
the caller keeps the bad text aside and plays on with the defaults.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .assist import AUTOMOVE
from .i18n import LANGUAGES, _
from .jsontext import parse
from .notation import GameError, NewerVersion, newer, shown
from .rules import GAMES, Build, Rules

VERSION = 1
MAX_TEXT = 10_000  # characters; real settings are a few hundred

# How long a moved card glides, in milliseconds; "off": it jumps.
ANIMATION = {"off": 0, "fast": 90, "normal": 160, "slow": 280}
# Reduced motion: as the system says (prefers-reduced-motion), always, or never.
MOTION = ("system", "reduce", "full")
# When the solver's verdict ("Winnable", "No longer winnable", "This deal cannot be won")
# shows: always; once a hint is asked or the game is over ("asked", the default: a verdict
# at the deal gives away what the player came to find out); never. Seen, it is help.
VERDICTS = ("always", "asked", "never")


class SettingsError(GameError):
    """Stored settings that cannot be used."""


class SettingsNewer(SettingsError, NewerVersion):
    """Settings kept by a newer version of the page."""


@dataclass(frozen=True)
class Settings:
    automove: str = "safe"
    four_colour: bool = False
    house_rules: dict[str, tuple[str, ...]] = field(default_factory=dict)  # game → rules on
    animation: str = "normal"
    motion: str = "system"
    winnable_only: bool = False
    confirm_abandon: bool = True
    verdicts: str = "asked"  # one of VERDICTS (a field added in version 1: old ones load)
    sound: bool = True  # deal, place and win sounds, quiet (README: why on); added in v1 too
    # Every pile's name (its number) shown above it; off, only where it helps (a focused,
    # hinted or empty pile: table.css). Added in v1 too: old settings load without it.
    pile_names: bool = False
    # The page's language, a code of i18n.LANGUAGES; "": the browser's (added in v1 too).
    language: str = ""

    def rules_for(self, game: str) -> dict[str, bool]:
        """The house rules a new deal of ``game`` uses."""
        return dict.fromkeys(self.house_rules.get(game, ()), True)

    def with_rules(self, game: str, rules: dict[str, bool]) -> Settings:
        on = tuple(sorted(k for k, v in rules.items() if v))
        chosen = {**self.house_rules, game: on}
        return replace(self, house_rules={g: r for g, r in chosen.items() if r})

    def glide_ms(self, system_reduces: bool) -> int:
        """The glide of a moved card; 0 when motion is reduced."""
        reduced = self.motion == "reduce" or (self.motion == "system" and system_reduces)
        return 0 if reduced else ANIMATION[self.animation]

    def dumps(self) -> str:
        data = asdict(self)
        data["house_rules"] = {g: list(r) for g, r in self.house_rules.items()}
        return json.dumps({"version": VERSION, **data}, separators=(",", ":"))


def four_colour_helps(rules: Rules) -> bool:
    """A four-colour deck helps where piles build in suit (Unlimited); where they build by
    colour, blue diamonds and green clubs would hide the colours the rules are about."""
    return rules.build is Build.SAME_SUIT


CHOICES: dict[str, tuple[str, ...]] = {
    "automove": AUTOMOVE,
    "animation": tuple(ANIMATION),
    "motion": MOTION,
    "verdicts": VERDICTS,
    "language": ("", *LANGUAGES),
}
FLAGS = ("four_colour", "winnable_only", "confirm_abandon", "sound", "pile_names")


def loads(text: object) -> Settings:
    """The settings stored in ``text``; fields left out keep their defaults."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise SettingsError(_("the settings are damaged (not text, or far too long)"))
    try:
        data: Any = parse(text)
    except (ValueError, RecursionError):
        raise SettingsError(_("the settings are damaged (not JSON)")) from None
    if not isinstance(data, dict):
        raise SettingsError(_("the settings are damaged (not an object)"))
    if "version" not in data:  # before versions: {"winnable_only": true} and nothing else
        if set(data) <= {"winnable_only"} and data.get("winnable_only", False) in (True, False):
            return Settings(winnable_only=data.get("winnable_only", False))
        raise SettingsError(_("the settings are damaged (no version)"))
    if newer(data["version"], VERSION):
        raise SettingsNewer(
            _("the settings are from a newer version ({version})").format(
                version=shown(data["version"])
            )
        )
    if data["version"] != VERSION:
        raise SettingsError(
            _("the settings are from another version ({version})").format(
                version=shown(data["version"])
            )
        )
    out: dict[str, Any] = {}
    for name, value in data.items():
        if name == "version":
            continue
        if name in CHOICES:
            if value not in CHOICES[name] or not isinstance(value, str):
                options = ", ".join(c or '""' for c in CHOICES[name])
                raise SettingsError(
                    _("setting {name} must be one of {options}, not {value}").format(
                        name=name, options=options, value=shown(value)
                    )
                )
        elif name in FLAGS:
            if not isinstance(value, bool):
                raise SettingsError(
                    _("setting {name} must be true or false, not {value}").format(
                        name=name, value=shown(value)
                    )
                )
        elif name == "house_rules":
            value = _house_rules(value)
        else:
            raise SettingsError(
                _("the settings are damaged (unknown setting {name})").format(name=shown(name))
            )
        out[name] = value
    return Settings(**out)


def _house_rules(value: object) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        raise SettingsError(_("setting house_rules must be an object of games"))
    out: dict[str, tuple[str, ...]] = {}
    for game, names in value.items():
        if game not in GAMES:
            raise SettingsError(
                _("setting house_rules names an unknown game {game}").format(game=shown(game))
            )
        known = {h.name for h in GAMES[game].house_rules}
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SettingsError(
                _("setting house_rules of {game} must be a list of names").format(game=game)
            )
        for n in names:
            if n not in known:
                raise SettingsError(
                    _("{game} has no house rule {rule}").format(
                        game=_(GAMES[game].title), rule=shown(n)
                    )
                )
        if names:
            out[game] = tuple(sorted(set(names)))
    return out
