"""The player's language: gettext catalogs, and numbers and dates in that language's form.

Every word the game shows or says goes through ``_`` (or ``ngettext`` for a count,
``pgettext`` where one English word has two meanings). The English text is the key, so
English needs no catalog and a message nobody translated yet reads as English. Text
declared at import time (rules, house rules) is marked with ``N_`` and translated where it
is shown. Placeholders are named (``_("Deal {deal}").format(deal=7)``): a translation may
put them in any order, and tests/test_catalogs.py checks each keeps them all.

The catalogs are game/locale/<code>.po (made from messages.pot: README, Languages), compiled
to .mo files inside python.zip by scripts/catalogs.py; run from the repository (the command
line, the tests) a catalog is compiled in memory from its .po instead. ``en-XA`` is the
pseudo-locale, made from the template: every string accented, longer and in brackets.

Numbers, percentages and days are shown by ``number``, ``percent`` and ``day``: plain forms
here (tests, the command line), the browser's ``Intl`` in the page (game/ui/ installs it
through ``use_formats``).
"""

from __future__ import annotations

import gettext
import io
import pkgutil
from collections.abc import Callable
from datetime import date
from pathlib import Path

from . import po

ENGLISH = "en"
# The languages a player can choose, by code, each named in its own words; the first match
# of the browser's languages is taken (static/paint.js, game/ui/lang.py).
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "pl": "Polski",
}
PSEUDO = po.PSEUDO
CODES = (*LANGUAGES, PSEUDO)  # what ?lang= and the embedding API take
HERE = Path(__file__).resolve().parent

_catalog: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def catalog_of(code: str) -> gettext.NullTranslations:
    """The translations of a language: compiled ones from python.zip, else from its .po."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    if code not in CODES:
        raise ValueError(f"no such language: {code}")
    try:
        data = pkgutil.get_data(__name__.rpartition(".")[0], f"locale/{code}.mo")
    except OSError:
        data = None
    if data is None:
        if code == PSEUDO:
            template = po.read((HERE / "locale" / "messages.pot").read_text("utf-8"))
            data = po.compile_mo(po.pseudo_catalog(template))
        else:
            data = po.compile_mo(po.read((HERE / "locale" / f"{code}.po").read_text("utf-8")))
    return gettext.GNUTranslations(io.BytesIO(data))


def match(tag: str) -> str | None:
    """The language a tag asks for, or None: ``de-AT`` → ``de``, ``EN`` → ``en``,
    ``en-XA`` → the pseudo-locale (which a browser's own languages never choose)."""
    tag = tag.strip().replace("_", "-")
    if tag.lower() == PSEUDO.lower():
        return PSEUDO
    primary = tag.split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def set_language(code: str) -> None:
    """Speak ``code`` from now on (one of CODES; anything else: English)."""
    global _catalog, _language
    code = code if code in CODES else ENGLISH
    _catalog, _language = catalog_of(code), code


def language() -> str:
    return _language


def _(message: str) -> str:
    # "" would be the catalog's header: a title left empty stays empty
    return _catalog.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _catalog.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks text for the catalogs where it is declared; ``_`` translates it where shown."""
    return message


# -- numbers and days ------------------------------------------------------------------------


def _number(n: float) -> str:
    return f"{n:,}" if isinstance(n, int) else f"{n:,.1f}"


def _percent(fraction: float) -> str:
    return f"{round(fraction * 100)}%"


def _day(day: date) -> str:
    return f"{day.day} {day:%B} {day.year}"


_formats: dict[str, Callable[..., str]] = {"number": _number, "percent": _percent, "day": _day}


def use_formats(**formats: Callable[..., str]) -> None:
    """The page's own forms (Intl, in the player's language): number, percent, day."""
    _formats.update(formats)


def number(n: float) -> str:
    """``12,345`` in English, ``12.345`` in German."""
    return _formats["number"](n)


def percent(fraction: float) -> str:
    """0.45 → ``45%`` in English, ``45 %`` in French."""
    return _formats["percent"](fraction)


def day(value: date) -> str:
    """A calendar day in words: ``6 December 2026``, ``6. Dezember 2026``."""
    return _formats["day"](value)
