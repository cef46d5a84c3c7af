"""Spanish table words for French-suited cards: what a player in Spain or Latin America says
(la jota / la sota, la reina / la dama, el rey, el as; picas or espadas, tréboles, diamantes or
rombos, corazones), with or without the article, are read as cards."""

from __future__ import annotations

import pytest

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards, stray_word

WORDS = {
    "jota de diamantes": (11, "D"),
    "la jota de picas": (11, "S"),
    "sota de corazones": (11, "H"),
    "la reina de corazones": (12, "H"),
    "dama de tréboles": (12, "C"),
    "el rey de espadas": (13, "S"),
    "rey de trébol": (13, "C"),
    "el as de picas": (1, "S"),
    "as de rombos": (1, "D"),
    "siete de corazón": (7, "H"),
    "el diez de diamantes": (10, "D"),
    "dos de treboles": (2, "C"),
    "10 de corazones": (10, "H"),
    "ocho del trebol": (8, "C"),
    "Q♥": (12, "H"),                    # Spanish packs print J Q K A: the codes are the letters
    "jd": (11, "D"),
}


@pytest.mark.parametrize("text,card", sorted(WORDS.items()))
def test_spanish_table_words(text, card):
    i18n.use("es")
    assert read_card(text) == card


def test_several_spanish_cards_and_strays():
    i18n.use("es")
    assert read_cards("la reina de picas, el as de corazones") == [(12, "S"), (1, "H")]
    assert stray_word("la jota de picas") is None
    assert stray_word("la jota de copas") == "copas"  # a Spanish-suited suit is no French suit
