"""Russian cards typed as a player says them at a table (issue 14, point 6), and the Russian
catalog held to its glossary's refused words (docs/glossary/ru.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import i18n
from tutor.trainer.cardnames import read_card, read_cards, stray_word

ROOT = Path(__file__).resolve().parent.parent

TABLE_WORDS = [
    ("десятка червей", (10, "H")), ("червовая десятка", (10, "H")), ("десятку червей", (10, "H")),
    ("девятка пик", (9, "S")), ("восьмерка треф", (8, "C")), ("семёрку бубен", (7, "D")),
    ("валет треф", (11, "C")), ("валетом пик", (11, "S")), ("дама червей", (12, "H")),
    ("пиковая баба", (12, "S")), ("бубновая дама", (12, "D")), ("король бубен", (13, "D")),
    ("королю треф", (13, "C")), ("туз пик", (1, "S")), ("тузом червей", (1, "H")),
    ("крестовый валет", (11, "C")), ("туз крестей", (1, "C")), ("буби 10", (10, "D")),
    ("бубей король", (13, "D")), ("черви дама", (12, "H")), ("чирвовый туз", (1, "H")),
    ("шестерка червей", (6, "H")), ("двойкой треф", (2, "C")), ("вини дама", (12, "S")),
    ("трефовая 10", (10, "C")), ("Дама Пик", (12, "S")),
    # the words the issue names, in the cases a player types them ("о тузе пик", "с семёркой треф")
    ("десятка пик", (10, "S")), ("валет бубен", (11, "D")), ("туз треф", (1, "C")), ("семёрка червей", (7, "H")),
    ("семерка червей", (7, "H")), ("семерку пик", (7, "S")), ("дама бубен", (12, "D")), ("король пик", (13, "S")),
    ("тузе пик", (1, "S")), ("короле червей", (13, "H")), ("валете треф", (11, "C")), ("десятке бубен", (10, "D")),
    ("семёрке пик", (7, "S")), ("семеркой треф", (7, "C")), ("десятки червей", (10, "H")), ("туза бубен", (1, "D")),
    ("короля треф", (13, "C")), ("даму пик", (12, "S")), ("пиковую даму", (12, "S")), ("трефового валета", (11, "C")),
    # the Russian letters of the cards, before a suit (docs/glossary/ru.md, "Card faces")
    ("Д♥", (12, "H")), ("ВS", (11, "S")), ("т♣", (1, "C")), ("КD", (13, "D")),
]


@pytest.mark.parametrize("text,card", TABLE_WORDS)
def test_russian_table_words_name_the_card(text, card):
    i18n.use("ru")
    assert read_card(text) == card


def test_several_russian_cards_and_a_stray_word():
    i18n.use("ru")
    assert read_cards("туз пик, червовая дама 10 бубен") == [(1, "S"), (12, "H"), (10, "D")]
    assert stray_word("туз пик, мяу") == "мяу"
    assert read_card("туз") is None and read_card("пики") is None  # half a card is no card
