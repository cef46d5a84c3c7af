"""Czech cards typed as a player says them at the table (issue 14, point 6): the mariáš-style
names "sedma", "osma" beside "sedmička", "osmička", the other case forms, words typed without
diacritics, and "trefy" for clubs."""

from __future__ import annotations

import pytest

from tutor import i18n
from tutor.cards import parse_code
from tutor.trainer.cardnames import read_card, read_cards, stray_word

WORDS = {
    "kárová sedma": (7, "D"),
    "sedma kár": (7, "D"),
    "srdcová osma": (8, "H"),
    "osmu pikovou": (8, "S"),
    "křížovou sedmu": (7, "C"),
    "pikovou sedmičku": (7, "S"),
    "karova sedma": (7, "D"),
    "krizova osmicka": (8, "C"),
    "srdcova desitka": (10, "H"),
    "piková devítka": (9, "S"),
    "trefová dáma": (12, "C"),
    "trefovou damu": (12, "C"),
    "křížový kluk": (11, "C"),
    "pikový spodek": (11, "S"),
    "kárové eso": (1, "D"),
    "srdcového krále": (13, "H"),
    "pikovou šestku": (6, "S"),
    "kárová pětka": (5, "D"),
    "srdcová čtyřka": (4, "H"),
    "ctyrka kary": (4, "D"),
    "piková trojka": (3, "S"),
    "křížová dvojka": (2, "C"),
    "sedmy kárové": (7, "D"),
    "desítky srdcové": (10, "H"),
    "devítka kár": (9, "D"),
    "desítka piková": (10, "S"),
    "srdcovou dámu": (12, "H"),
    "pikové dámy": (12, "S"),
    "křížovému klukovi": (11, "C"),
    "károvým králem": (13, "D"),
    "srdcovým esem": (1, "H"),
    "pikovým spodkem": (11, "S"),
    "kárová osmička": (8, "D"),
}


@pytest.mark.parametrize("text,card", sorted(WORDS.items()))
def test_czech_table_words_name_the_card(text, card):
    i18n.use("cs")
    assert read_card(text) == card
    assert stray_word(text) is None


def test_czech_words_in_a_list_and_none_is_a_code():
    i18n.use("cs")
    assert read_cards("kárová sedma, srdcová osma QS") == [(7, "D"), (8, "H"), (12, "S")]
    for word in ("sedma", "sedmu", "osma", "osmu", "tref", "pet", "tri", "sest"):
        assert parse_code(word) is None  # a rank word never shadows the notation
    assert read_card("sedma") is None  # a rank alone is no card
