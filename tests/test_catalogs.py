"""Every catalog complete: nothing missing, fuzzy, left in English, or with broken placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.i18n import LANGUAGES
from tutor.locate import data_dir

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"%\((\w+)\)([sdifr])")

# Entries that are rightly the same as the English in a language (the same word, a number).
SAME_AS_ENGLISH = {
    "33", "Bot %(number)d", "plus", "minus", "Options", "Arguments", "Error", "Error: %(message)s", "CODE",
    "Total: %(total)d", "Toepen",  # the Dutch name of the game is kept in most languages
}


def catalog(lang):
    with (data_dir("locales") / lang / "LC_MESSAGES" / "tutor.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def template_ids():
    with (data_dir("locales") / "tutor.pot").open("rb") as fh:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}


def forms(message):
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def ids(message):
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete_and_clean(lang):
    cat = catalog(lang)
    problems = []
    seen = set()
    for m in cat:
        if not m.id:
            continue
        key = ids(m)[0]
        seen.add(key)
        strings = forms(m)
        if m.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        if not all(s.strip() for s in strings):
            problems.append(f"untranslated: {key!r}")
            continue
        if len(strings) != (cat.num_plurals if m.pluralizable else 1):
            problems.append(f"wrong number of plural forms: {key!r}")
        wanted = set(PLACEHOLDER.findall(ids(m)[-1]))
        for s in strings:
            if set(PLACEHOLDER.findall(s)) != wanted:
                problems.append(f"placeholders differ: {key!r} -> {s!r}")
            try:
                s % {name: 1 for name, _ in PLACEHOLDER.findall(s)} if "%(" in s else None
            except (ValueError, TypeError) as exc:
                problems.append(f"broken format: {s!r} ({exc})")
        words = PLACEHOLDER.sub("", key)
        if lang != "en" and strings[0] == ids(m)[0] and re.search("[a-z]{4}", words) and key not in SAME_AS_ENGLISH:
            if m.context not in ("card word", "command"):
                problems.append(f"still English: {key!r}")
    missing = template_ids() - seen
    problems += [f"missing: {k!r}" for k in sorted(missing)]
    assert not problems, "\n".join(problems)


def test_template_is_up_to_date(tmp_path, monkeypatch):
    """The .pot holds every message in the code (run the README's extract command if not)."""
    from babel.messages.frontend import CommandLineInterface

    out = tmp_path / "fresh.pot"
    monkeypatch.chdir(ROOT)
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "pyproject.toml", "-o", str(out), "--sort-by-file", "."])
    with out.open("rb") as fh:
        fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}
    assert fresh == template_ids()


def test_compile_accepts_every_catalog(tmp_path):
    from tutor.i18n.catalogs import compile_po

    for lang in LANGUAGES:
        data = (data_dir("locales") / lang / "LC_MESSAGES" / "tutor.po").read_bytes()
        assert len(compile_po(data, lang)) > 1000


def test_no_message_writes_a_percent_sign_by_hand():
    """Percentages go through Babel (`texts.percent_text`), so each locale spaces them its own way."""
    assert not [i for i in template_ids() if "%%" in i]


@pytest.mark.parametrize("lang, shown", [("en", "36%"), ("de", "36\u00a0%"), ("fr", "36\u00a0%"), ("lt", "36\u00a0%")])
def test_a_chance_is_written_the_locales_way(lang, shown):
    from tutor import i18n
    from tutor.games.texts import percent_text

    i18n.use(lang)
    assert percent_text(0.355) == shown
