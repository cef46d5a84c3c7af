"""German table words for French-suited cards: the forms a German player says or types
(Zwo, Siebner, Bauer, Eckstein, Schüppe, the pack letters B D K A) are read as cards."""

from __future__ import annotations

import pytest

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards


@pytest.mark.parametrize("text, card", [
    ("Kreuzbube", (11, "C")), ("Kreuz-Bauer", (11, "C")),
    ("Herz Buben", (11, "H")), ("Pik Junge", (11, "S")), ("Pik B", (11, "S")),
    ("Herzdame", (12, "H")), ("Karo D", (12, "D")), ("Kreuz K", (13, "C")),
    ("Pik-Ass", (1, "S")), ("Herz A", (1, "H")), ("Eckstein-Dame", (12, "D")),
    ("Schüppe Ass", (1, "S")), ("Schippe König", (13, "S")), ("Treff Zehner", (10, "C")),
    ("Pik Zwo", (2, "S")), ("Karo-Siebner", (7, "D")), ("Herz Siebener", (7, "H")),
    ("Kreuzkoenig", (13, "C")), ("Herz Neun", (9, "H")),
    ("DD", (12, "D")), ("D♥", (12, "H")), ("B♣", (11, "C")), ("AS", (1, "S")), ("Herz Könige", (13, "H")),
])
def test_german_table_words(text, card):
    i18n.use("de")
    assert read_card(text) == card


def test_german_words_in_a_list():
    i18n.use("de")
    assert read_cards("Pik Zwo, Herzdame Kreuz B") == [(2, "S"), (12, "H"), (11, "C")]
    assert read_card("KD") == (13, "D")  # the universal code still means the king of diamonds
