"""French-suited cards: the universal notation, parsing what a learner types, and decks."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.cards import RANKS, SUITS, Card, make_decks, parse_code, rank_code, suit_symbol


def test_code_is_the_universal_notation_without_the_copy():
    assert Card(1, "S").code == "AS"
    assert Card(10, "H").code == "10H"
    assert Card(12, "D", copy=3).code == "QD"
    assert str(Card(13, "C")) == "KC"
    assert [rank_code(r) for r in RANKS] == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def test_copies_are_distinct_cards_with_one_code():
    a, b = Card(7, "H", 0), Card(7, "H", 1)
    assert a != b and a.code == b.code
    assert len({a, b}) == 2


def test_cards_order_by_rank_then_suit_then_copy():
    cards = [Card(2, "S"), Card(1, "H", 1), Card(1, "H"), Card(2, "C")]
    assert sorted(cards) == [Card(1, "H"), Card(1, "H", 1), Card(2, "C"), Card(2, "S")]


def test_cards_are_frozen():
    with pytest.raises(AttributeError):
        Card(2, "S").rank = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AS", (1, "S")),
        ("as", (1, "S")),
        ("10h", (10, "H")),
        ("10H", (10, "H")),
        ("TH", (10, "H")),
        ("th", (10, "H")),
        ("qd", (12, "D")),
        ("JC", (11, "C")),
        ("KS", (13, "S")),
        ("1S", (1, "S")),
        ("2c", (2, "C")),
        (" 9d ", (9, "D")),
        ("10♥", (10, "H")),
        ("A♠", (1, "S")),
        ("Q♦", (12, "D")),
        ("K♣", (13, "C")),
        ("7♡", (7, "H")),
        ("7♤", (7, "S")),
    ],
)
def test_parse_code_accepts_what_a_learner_types(text, expected):
    assert parse_code(text) == expected


@pytest.mark.parametrize("text", ["", "A", "T", "S", "11S", "0H", "14C", "AX", "10", "ZZ", "A S S", "♠A"])
def test_parse_code_rejects_what_is_no_card(text):
    assert parse_code(text) is None


def test_every_code_parses_back():
    for card in make_decks(1):
        assert parse_code(card.code) == (card.rank, card.suit)
        assert parse_code(f"{rank_code(card.rank)}{suit_symbol(card.suit)}") == (card.rank, card.suit)


def test_suit_symbols():
    assert [suit_symbol(s) for s in SUITS] == ["♣", "♦", "♥", "♠"]


def test_make_decks_holds_52_cards_per_deck_with_the_deck_as_copy():
    one = make_decks(1)
    assert len(one) == 52 and len(set(one)) == 52
    assert Counter(c.suit for c in one) == {s: 13 for s in SUITS}
    four = make_decks(4)
    assert len(four) == 208 and len(set(four)) == 208
    assert Counter(c.code for c in four) == {c.code: 4 for c in one}
    assert {c.copy for c in four} == {0, 1, 2, 3}
    assert make_decks(2) == make_decks(2)  # a fixed order: a Chance shuffles it


def test_make_decks_needs_a_deck():
    with pytest.raises(ValueError):
        make_decks(0)
