"""The page's language: the one static/paint.js chose, spoken by Python too.

static/paint.js chooses before the first paint (``?lang=``, then the Settings' language,
then the browser's languages: the first we speak, else English), translates the page's
own markup and says what it chose in ``<html lang>``. Python takes the same language from
there, so the two never disagree, and numbers and days in that language's forms from the
browser's ``Intl``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import js
from pyodide.ffi import to_js

from .. import i18n


def chosen() -> str:
    """The language paint.js chose (English if it did not run)."""
    return i18n.match(str(js.document.documentElement.lang or "")) or i18n.ENGLISH


def start() -> str:
    """Speak the page's language from now on; its code."""
    code = chosen()
    i18n.set_language(code)
    tag = regional(code)
    numbers = js.Intl.NumberFormat.new(tag)
    percents = js.Intl.NumberFormat.new(tag, _options(style="percent"))
    days = js.Intl.DateTimeFormat.new(tag, _options(dateStyle="long"))
    i18n.use_formats(
        number=lambda n: str(numbers.format(n)),
        percent=lambda f: str(percents.format(f)),
        day=lambda d: str(days.format(_date(d))),
    )
    return code


def regional(code: str) -> str:
    """The tag Intl formats with: the browser's own for that language where it has one
    (en-US writes "December 1, 2026", en-GB "1 December 2026", de-AT "1. Dezember 2026"),
    else the language's (the pseudo-locale: English)."""
    code = "en" if code == i18n.PSEUDO else code
    wanted = list(js.navigator.languages or []) or [str(js.navigator.language)]
    return next((str(t) for t in wanted if i18n.match(str(t)) == code), code)


def _options(**options: str) -> Any:
    return to_js(options, dict_converter=js.Object.fromEntries)


def _date(day: date) -> Any:
    return js.Date.new(day.year, day.month - 1, day.day)
