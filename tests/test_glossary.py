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
REVIEWED = {"fr": ["brelan", "jouée comme", "Enter"], "es": ["el %(card)s", "con reloj"],
            "de": ["Stapel", "Rang", "Sie behalten"], "nb": ["banking", "bunken", "innfall"],
            "ru": ["наитию", "пойдите"], "cs": ["smel", "jako druhý v kole"], "lt": ["rūšis", "raundas"]}


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


# One English word, two meanings (issue 14): where the glossary gives each meaning its own word,
# the word of the other meaning must not appear. Each rule: the language, which entries (by
# their English), and the word refused there.
def _located_in(*parts):
    return lambda message: bool(message.locations) and all(any(p in path for p in parts)
                                                            for path, _line in message.locations)


def _english(pattern):
    def test(message):
        text = message.id if isinstance(message.id, str) else message.id[0]
        return bool(re.search(pattern, text, re.IGNORECASE))
    return test


def _at_most_as_often(english):
    """A refused word that may appear only as often as `english` does in the msgid (German
    „Runde“ once for each round or hand the English names, never once more for the table)."""
    def allowed(message, count):
        text = message.id if isinstance(message.id, str) else message.id[0]
        return count <= len(re.findall(english, text, re.IGNORECASE))
    return allowed


NEVER = lambda message, count: count == 0  # noqa: E731

MEANINGS = [
    # German: the players at a table are „Tisch“; „Runde“ is a round or a deal only.
    ("de", _english(r"\btables?\b"), r"\bRunden?\b", _at_most_as_often(r"\b(rounds?|hands?|deals?|cycles?)\b")),
    # Spanish and Norwegian: the program is tutor; entrenador / treneren is the coach alone.
    ("es", _english(r"\b(trainer|tutor)\b"), r"\bentrenador", _at_most_as_often(r"\bcoach")),
    ("nb", _english(r"\b(trainer|tutor)\b"), r"\btrener", _at_most_as_often(r"\bcoach")),
    # 3-13 Speed calls any meld a "set": the word for Three Thirteen's same-rank set is refused there.
    ("de", _located_in("speed"), r"\bS[äa]tze?\b", NEVER),
    ("nb", _located_in("speed"), r"\bsett(et|ene)?\b", NEVER),
    ("ru", _located_in("speed"), r"\bсет\w*", NEVER),
    ("cs", _located_in("speed"), r"\bskupin\w*", NEVER),
    # Czech: a Speed cycle is „cyklus“; „tah“ is a player's turn, which Speed does not have.
    ("cs", _located_in("speed"), r"\b[Tt]ah(u|y|em)?\b", NEVER),
]


@pytest.mark.parametrize("lang, applies, refused_word, allowed", MEANINGS)
def test_each_meaning_keeps_its_own_word(lang, applies, refused_word, allowed):
    with (data_dir("locales") / lang / "LC_MESSAGES" / "tutor.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    found = []
    for message in catalog:
        if not message.id or message.context in TYPED or not applies(message):
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        found += [f"{message.id!r}: {s!r}" for s in strings if not allowed(message, len(re.findall(refused_word, s)))]
    assert not found, "\n".join(found)


def test_the_stock_of_each_game_has_its_own_entry():
    """33 and Three Thirteen count their stock under their own msgctxt, so a language may word each."""
    with (data_dir("locales") / "tutor.pot").open("rb") as fh:
        contexts = {m.context for m in read_po(fh) if m.id and m.id[0] == "%(count)d card in the stock"}
    assert contexts == {"33", "Three Thirteen"}
