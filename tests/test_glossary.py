"""Every catalog keeps to its language's glossary (`docs/glossary/<lang>.md`): a variant the
glossary refuses appears in no translated text (typed-word entries, which list what a
learner may type, are exempt)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.i18n import LANGUAGES
from tutor.locate import data_dir

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary"
TYPED = {"card word", "card name", "suit stem", "command"}
REFUSED = re.compile(r"^- `([^`]+)` → ")


def refused(lang: str) -> list[str]:
    text = (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8")
    section = text.split("## Refused", 1)[1] if "## Refused" in text else ""
    return [m.group(1) for line in section.splitlines() if (m := REFUSED.match(line.strip()))]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_a_glossary_with_card_faces(lang):
    text = (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8")
    assert "| concept | term |" in text and "## Card faces" in text and "## Refused" in text


# The wrong variants the native review found (issue 14): each glossary refuses them.
REVIEWED = {"fr": ["brelan", "jouée comme", "Enter"], "es": ["el %(card)s"], "de": ["Stapel", "Rang"],
            "nb": ["banking", "bunken", "innfall"], "ru": ["наитию", "пойдите"], "cs": ["smel"],
            "lt": ["rūšis", "raundas"]}


@pytest.mark.parametrize("lang", sorted(REVIEWED))
def test_the_reviews_wrong_variants_are_refused(lang):
    assert set(REVIEWED[lang]) <= set(refused(lang))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_catalog_keeps_to_the_glossary(lang):
    words = refused(lang)
    with (data_dir("locales") / lang / "LC_MESSAGES" / "tutor.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    found = []
    for message in catalog:
        if not message.id or message.context in TYPED:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for word in words:
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
            if any(pattern.search(s) for s in strings):
                found.append(f"{word!r} in {message.id!r}")
    assert not found, "\n".join(found)
