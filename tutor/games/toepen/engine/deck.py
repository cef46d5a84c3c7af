"""Toepen's cards (RULEBOOK TOE.1): the 32-card deck, the order within a suit, card codes.

32 cards, 7 8 9 10 J Q K A in four suits; in every suit 10 is highest, then 9 8 7 A K Q J;
no trumps. Also the sizes every room counts with: four cards a hand (TOE.3), four tricks a
hand (TOE.5).
"""

from __future__ import annotations

from tutor.cards import SUITS, Card, parse_code

#: TOE.1: the ranks in play, from the highest to the lowest (rank 1 is the ace).
RANKS: tuple[int, ...] = (10, 9, 8, 7, 1, 13, 12, 11)
HAND_SIZE = 4
TRICKS = 4

#: The strength of a card within its suit, indexed by rank: J 0, Q 1, K 2, A 3, 7 4 ... 10 7
#: (`power` reads it; tricks.py indexes it directly, in its hot loop).
POWER_BY_RANK: list[int] = [-1] * 14
for _i, _r in enumerate(RANKS):
    POWER_BY_RANK[_r] = len(RANKS) - 1 - _i

#: The 32 cards in a fixed order (suit by suit, highest first); a shuffle starts from it.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
_BY_CODE: dict[str, Card] = {c.code: c for c in DECK}


def power(card: Card) -> int:
    """TOE.1: the card's strength within its suit, 0 (jack) to 7 (ten)."""
    return POWER_BY_RANK[card.rank]


def card_from_code(code: str) -> Card | None:
    """The Toepen card a code names (`10H`, `as`, `T♥`), or None."""
    card = _BY_CODE.get(code)
    if card is not None:
        return card
    parsed = parse_code(code)
    if parsed is None:
        return None
    return _BY_CODE.get(Card(*parsed).code)

