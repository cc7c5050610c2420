"""The catalogs: complete, consistent with the sources, and compiled as gettext reads them.

Every language has every message of the template, none fuzzy or empty, with the same
placeholders and markup; plural forms as its Plural-Forms says; the template is what
`make pot` extracts from the sources now; and game/po.py's .mo files read back the same in
Python's gettext and in Babel.
"""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages import mofile, pofile

from game import i18n, po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
LANGS = [c for c in i18n.LANGUAGES if c != i18n.ENGLISH]
TAG = re.compile(r"</?[a-z]+>")


def messages(path: Path) -> list[po.Message]:
    return [m for m in po.read(path.read_text("utf-8")) if m.msgid]


def template() -> list[po.Message]:
    return messages(LOCALE / "messages.pot")


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[^{}]*\}", text))


def test_every_language_of_the_menu_has_a_catalog() -> None:
    assert sorted(p.stem for p in LOCALE.glob("*.po")) == sorted(LANGS)
    assert i18n.LANGUAGES["en"] == "English" and len(LANGS) >= 5


@pytest.mark.parametrize("code", LANGS)
def test_a_catalog_has_every_message_translated_with_its_placeholders(code: str) -> None:
    ours = {m.key: m for m in messages(LOCALE / f"{code}.po")}
    wanted = {m.key: m for m in template()}
    assert set(ours) == set(wanted), "run `make pot`, then translate what it added"
    forms = po.header(po.read((LOCALE / f"{code}.po").read_text("utf-8")))["Plural-Forms"]
    nplurals = int(forms.split("nplurals=")[1].split(";")[0])
    problems = []
    for key, m in ours.items():
        english = wanted[key]
        if m.fuzzy or not m.translated:
            problems.append(f"untranslated: {m.msgid!r}")
            continue
        texts = m.forms if m.plural is not None else [m.msgstr]
        if m.plural is not None and len(m.forms) != nplurals:
            problems.append(f"{len(m.forms)} plural forms, not {nplurals}: {m.msgid!r}")
        for text in texts:
            # a plural's forms may leave out the count's placeholder (Polish "jeden ruch")
            need = set(placeholders(english.msgid)) | set(placeholders(english.plural or ""))
            have = set(placeholders(text))
            if not have <= need or (m.plural is None and have != need):
                problems.append(f"placeholders {sorted(have)} for {sorted(need)}: {m.msgid!r}")
            if sorted(TAG.findall(text)) != sorted(TAG.findall(english.msgid)):
                problems.append(f"markup differs: {m.msgid!r} → {text!r}")
    assert not problems, "\n".join(problems[:20])


def test_the_template_is_what_the_sources_say(tmp_path: Path) -> None:
    """`make pot` was run after the last change to a message in the sources."""
    out = tmp_path / "messages.pot"
    done = subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "N_", "--add-comments", "Translators:", "--no-wrap", "--sort-by-file",
         "-o", str(out), "."],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT / "scripts"), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-500:]
    fresh = {(m.key, m.plural) for m in messages(out)}
    kept = {(m.key, m.plural) for m in template()}
    assert fresh == kept, (
        f"run `make pot`: new {sorted(fresh - kept)[:5]}, gone {sorted(kept - fresh)[:5]}"
    )


@pytest.mark.parametrize("code", [*LANGS, i18n.PSEUDO])
def test_compiled_catalogs_read_the_same_in_gettext_and_babel(code: str) -> None:
    source = (
        po.pseudo_catalog(template())
        if code == i18n.PSEUDO
        else po.read((LOCALE / f"{code}.po").read_text("utf-8"))
    )
    data = po.compile_mo(source)
    ours = gettext.GNUTranslations(io.BytesIO(data))
    theirs = mofile.read_mo(io.BytesIO(data))
    for m in source:
        if not m.msgid or not m.translated:
            continue
        if m.plural is None:
            got = ours.pgettext(m.context, m.msgid) if m.context else ours.gettext(m.msgid)
            assert got == m.msgstr
            found = theirs.get(m.msgid, m.context)
            assert found is not None and found.string == m.msgstr
        else:
            assert ours.ngettext(m.msgid, m.plural, 1) == m.forms[0]
            found = theirs.get(m.msgid, m.context)
            assert found is not None and isinstance(found.string, (tuple, list))
            assert list(found.string) == m.forms


def test_our_reader_reads_what_babel_reads() -> None:
    for path in [LOCALE / "messages.pot", *(LOCALE / f"{c}.po" for c in LANGS)]:
        with path.open("rb") as f:
            theirs = pofile.read_po(f)
        mine = {m.key: m for m in messages(path)}
        for m in theirs:
            if not m.id:
                continue
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            key = msgid if m.context is None else f"{m.context}\x04{msgid}"
            ours = mine.pop(key)
            if isinstance(m.string, str):
                assert ours.msgstr == m.string
            else:
                assert tuple(ours.forms) == tuple(m.string or ())
        assert not mine


def test_polish_counts_take_three_forms() -> None:
    i18n.set_language("pl")
    try:
        forms = [
            i18n.ngettext("{n} move in {time}", "{n} moves in {time}", n).format(n=n, time="1:05")
            for n in (1, 2, 5, 22, 25)
        ]
    finally:
        i18n.set_language(i18n.ENGLISH)
    assert len({f.split()[1] for f in forms[:3]}) == 3, forms  # ruch, ruchy, ruchów
    assert forms[3].split()[1] == forms[1].split()[1] and forms[4].split()[1] == forms[2].split()[1]


def test_the_pseudo_locale_is_longer_accented_and_keeps_placeholders_and_markup() -> None:
    text = po.pseudo("Moved <b>{card}</b> to {pile} &amp; more")
    assert text.startswith("[") and text.endswith("]")
    assert "{card}" in text and "{pile}" in text and "<b>" in text and "&amp;" in text
    assert not re.search(r"[A-Za-z]{2}", TAG.sub("", re.sub(r"\{\w+\}|&\w+;", "", text)))
    assert len(po.pseudo("Undo")) >= len("Undo") * 1.4
    for m in template()[:50]:
        assert len(po.pseudo(m.msgid)) >= 1.4 * len(m.msgid) - 1


def test_bad_po_text_is_one_clear_line() -> None:
    with pytest.raises(po.PoError, match="line 2"):
        po.read('msgid "a"\nmsgstr "b\\q"\n')
    with pytest.raises(po.PoError, match="line 1"):
        po.read("msgid a\n")


def test_a_language_is_matched_as_a_browser_names_it() -> None:
    assert i18n.match("de-AT") == "de" and i18n.match("PL") == "pl"
    assert i18n.match("en-XA") == i18n.PSEUDO and i18n.match("pt-BR") is None
    assert i18n.match("") is None


def test_the_offline_page_speaks_every_language() -> None:
    """sw.js's words (scripts/catalogs.py): every message of its offline page, translated."""
    import catalogs  # scripts/ (conftest puts it on the path)

    words = catalogs.sw_words()
    english = {m.msgid for m in template() if any("sw.template.js" in p for p in m.places)}
    assert len(english) >= 6  # its title, its four reasons, Reload…
    for code in [*LANGS, i18n.PSEUDO]:
        assert set(words[code]) >= english, code
        assert all(words[code][m] != m for m in english), code
