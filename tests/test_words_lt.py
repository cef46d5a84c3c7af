"""Lithuanian cards typed as players name them at a table (issue 14, point 6): every rank word in
its common cases, with or without Lithuanian letters, the colloquial dešimtukas and the dešimtukė
the Toepen lessons once taught, and the colloquial suit names (trefai, bubnai, čirvai, pikai)."""

from __future__ import annotations

import pytest

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards, stray_word

CASES = [
    ("širdžių dešimtukas", (10, "H")),
    ("dešimtukas širdžių", (10, "H")),
    ("širdžių dešimtuką", (10, "H")),
    ("būgnų dešimtukė", (10, "D")),
    ("būgnų dešimtukę", (10, "D")),
    ("vynų dešimtakė", (10, "S")),
    ("vynų dešimtakę", (10, "S")),
    ("kryžių dešimtuko", (10, "C")),
    ("sirdziu desimtukas", (10, "H")),
    ("bugnu desimtuke", (10, "D")),
    ("Širdžių Dešimtukas", (10, "H")),
    ("kryžių septynakė", (7, "C")),
    ("vynų devynakę", (9, "S")),
    ("būgnų aštuonakės", (8, "D")),
    ("širdžių tūzu", (1, "H")),
    ("vynų karaliumi", (13, "S")),
    ("kryžių berniuką", (11, "C")),
    ("kryžių valetas", (11, "C")),
    ("būgnų damą", (12, "D")),
    ("trefų dama", (12, "C")),
    ("bubnų tūzas", (1, "D")),
    ("čirvų karalius", (13, "H")),
    ("cirvu karalius", (13, "H")),
    ("pikų dešimtukas", (10, "S")),
    ("širdžių dešimtakėje", (10, "H")),
    ("vynų dešimtukėje", (10, "S")),
    ("būgnų septynakėje", (7, "D")),
    ("kryžių dešimtakę", (10, "C")),
    ("širdžių damoje", (12, "H")),
    ("vynų tūze", (1, "S")),
]


@pytest.mark.parametrize("text, card", CASES)
def test_lithuanian_table_words_name_cards(text, card):
    i18n.use("lt")
    assert read_card(text) == card
    assert stray_word(text) is None


def test_several_lithuanian_cards_in_one_line():
    i18n.use("lt")
    assert read_cards("širdžių dešimtukas, būgnų dešimtukė vynų dešimtakė") == [(10, "H"), (10, "D"), (10, "S")]


def test_dešimtukas_is_not_read_in_another_language():
    i18n.use("en")
    assert read_card("širdžių dešimtukas") is None
