"""Norwegian (nb): the rank and suit words players say at a table are read as cards, and the
catalog keeps to docs/glossary/nb.md (no refused variant in any running text)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards

ROOT = Path(__file__).resolve().parent.parent
TABLE_WORDS = {
    "hjerter dama": (12, "H"),         # the colloquial definite form of "dame"
    "spardama": (12, "S"),
    "ruter dronningen": (12, "D"),
    "kløverknekt": (11, "C"),
    "hjerteress": (1, "H"),             # hjerter + ess, written as one word
    "hjerte ess": (1, "H"),
    "spar syveren": (7, "S"),
    "spar syver": (7, "S"),
    "sjueren i kløver": (7, "C"),       # "i" stands between rank and suit
    "esset i spar": (1, "S"),
    "ruter tier": (10, "D"),
    "hjerter kongen": (13, "H"),
    "spar esset": (1, "S"),
    "klover 9": (9, "C"),               # typed without ø
}


@pytest.mark.parametrize("text, card", TABLE_WORDS.items())
def test_norwegian_table_words_are_cards(text, card):
    i18n.use("nb")
    assert read_card(text) == card


def test_several_norwegian_cards_at_once():
    i18n.use("nb")
    assert read_cards("hjerter dama, spar ess kløver 10") == [(12, "H"), (1, "S"), (10, "C")]


def _refused() -> list[str]:
    text = (ROOT / "docs" / "glossary" / "nb.md").read_text(encoding="utf-8")
    section = text.split("## Refused", 1)[1]
    return re.findall(r"^- `([^`]+)` →", section, flags=re.M)


def test_catalog_keeps_to_the_glossary():
    refused = _refused()
    assert "banking" in refused and "bunken" in refused
    with open(ROOT / "locales" / "nb" / "LC_MESSAGES" / "tutor.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id or message.context in ("card word", "card name", "suit stem", "command"):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for word in refused:
            pattern = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.I)
            found += [(word, s) for s in strings if pattern.search(s)]
    assert not found
