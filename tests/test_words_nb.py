"""Norwegian (nb): the rank and suit words players say at a table are read as cards, and the
catalog keeps to docs/glossary/nb.md (no refused variant in any running text)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
    "Kn♠": (11, "S"),                   # the Norwegian letters before a suit
    "KnH": (11, "H"),
    "E♥": (1, "H"),
    "DS": (12, "S"),
}


@pytest.mark.parametrize("text, card", TABLE_WORDS.items())
def test_norwegian_table_words_are_cards(text, card):
    i18n.use("nb")
    assert read_card(text) == card


def test_several_norwegian_cards_at_once():
    i18n.use("nb")
    assert read_cards("hjerter dama, spar ess kløver 10") == [(12, "H"), (1, "S"), (10, "C")]
