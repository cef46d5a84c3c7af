"""A hand of French-suited cards on screen, as the rummy games and Toepen show it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.cards import Card
from tutor.games.three_thirteen.narrate import card_style, show_card
from tutor.trainer.console import Fragments

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # black and red alternate


def rummy_order(cards: Iterable[Card], wild: int | None) -> list[Card]:
    """Wild cards last; the rest by suit, then rank."""
    return sorted(cards, key=lambda c: (c.rank == wild, SUIT_ORDER[c.suit], c.rank, c.copy))


def hand_fragments(cards: Sequence[Card], ascii_only: bool, wild: int | None = None,
                   marked: Card | None = None) -> Fragments:
    """Each card coloured by suit; a wild one with `*`, the `marked` one (just drawn) in brackets."""
    frags: Fragments = []
    for card in cards:
        text = show_card(card.code, ascii_only)
        if wild is not None and card.rank == wild:
            text += "*"
        if card is marked:
            text = "(" + text + ")"
        frags += [(card_style(card.code), text), ("", " ")]
    return frags
