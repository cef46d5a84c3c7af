"""French-suited playing cards, shared by Three Thirteen, 3-13 Speed and Toepen.

A card is a rank (1 = ace ... 10, 11 = jack, 12 = queen, 13 = king) and a suit letter
(`C D H S`). Games played with several decks hold identical cards; `copy` (the deck a card
came from) tells those physical cards apart, while the universal notation (`AS`, `10H`,
`QD`) names the card without it, as records and the learner write it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

RANKS: tuple[int, ...] = tuple(range(1, 14))
SUITS: tuple[str, ...] = ("C", "D", "H", "S")

_RANK_CODES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}
_RANK_BY_CODE: dict[str, int] = {
    **{code: rank for rank, code in _RANK_CODES.items()},
    "1": 1,
    "T": 10,
}
_SUIT_SYMBOLS: dict[str, str] = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
# Filled and outlined symbols both name a suit; the learner's font decides which they see.
_SUIT_BY_TEXT: dict[str, str] = {
    **{s: s for s in SUITS},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    "\u2667": "C",
    "\u2662": "D",
    "\u2661": "H",
    "\u2664": "S",
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One physical card; `copy` is the index of the deck it belongs to (slots: the solvers
    read these fields millions of times)."""

    rank: int
    suit: str
    copy: int = 0

    @property
    def code(self) -> str:
        """The universal notation: `AS`, `10H`, `QD` (the copy is not part of it)."""
        return rank_code(self.rank) + self.suit

    def __str__(self) -> str:
        return self.code


def rank_code(rank: int) -> str:
    """`A`, `2` ... `10`, `J`, `Q`, `K`."""
    return _RANK_CODES[rank]


def suit_symbol(suit: str) -> str:
    """The suit's symbol: C -> ♣, D -> ♦, H -> ♥, S -> ♠."""
    return _SUIT_SYMBOLS[suit]


def parse_suit(text: str) -> str | None:
    """The suit one character names: a universal suit letter in any case, or a suit symbol."""
    return _SUIT_BY_TEXT.get(text.upper()) if len(text) == 1 else None


def parse_code(text: str) -> tuple[int, str] | None:
    """The (rank, suit) a card code names, or None.

    Accepts any case and surrounding spaces, `10` or `T` for ten, `1` for ace, and suit
    symbols: `10h`, `AS`, `qd`, `TH`, `10♥`, `A♠`.
    """
    t = text.strip().replace(" ", "")
    if len(t) < 2:
        return None
    rank = _RANK_BY_CODE.get(t[:-1].upper())
    suit = parse_suit(t[-1])
    if rank is None or suit is None:
        return None
    return rank, suit


def codes(cards: Iterable[Card]) -> list[str]:
    """The universal notation of each card (`["AS", "10H"]`), as records write them."""
    return [c.code for c in cards]


def make_decks(n: int) -> list[Card]:
    """`n` full 52-card decks in a fixed order; each card's `copy` is its deck's index."""
    if n < 1:
        raise ValueError("at least one deck")
    return [Card(rank, suit, copy) for copy in range(n) for suit in SUITS for rank in RANKS]
