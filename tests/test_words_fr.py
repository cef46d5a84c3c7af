"""French card words as players say them at a table: articles and elision ("l’as de pique",
"la dame de cœur"), plurals of the suit ("valet de carreaux"), old spellings ("coeur", "trefle")."""

from __future__ import annotations

import pytest

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards, stray_word


@pytest.fixture(autouse=True)
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


@pytest.mark.parametrize("text, card", [
    ("l’as de pique", (1, "S")),
    ("l'as de cœur", (1, "H")),
    ("as de trèfle", (1, "C")),
    ("la dame de cœur", (12, "H")),
    ("la reine de coeur", (12, "H")),
    ("le roi de trèfle", (13, "C")),
    ("le valet de carreaux", (11, "D")),
    ("le dix de pique", (10, "S")),
    ("sept de piques", (7, "S")),
    ("huit de trefle", (8, "C")),
    ("Dame de Pique", (12, "S")),
    ("V de pique", (11, "S")),
    ("R de cœur", (13, "H")),
    ("d de carreau", (12, "D")),
    ("D♥", (12, "H")),
    ("RC", (13, "C")),
    ("DD", (12, "D")),  # dame de carreau: the suit is the last letter
])
def test_table_words(text, card):
    assert read_card(text) == card


def test_several_cards_with_articles():
    assert read_cards("la dame de cœur, l’as de pique le roi de carreau") == [(12, "H"), (1, "S"), (13, "D")]
    assert stray_word("la dame de cœur") is None
    assert stray_word("la dame de cœur et") == "et"


def test_an_article_alone_is_no_card():
    assert read_card("la dame") is None
    assert read_card("le cœur") is None
