"""What a meld is and what a card scores: the rules the Three Thirteen solver works to.

`MeldRules` holds the options that change them, `is_meld` checks one meld as laid out, and
`card_points` is what a card left unmatched scores (`rank_points`, the same by rank, is the
table the solver reads).

Melds are sets (3+ cards of one rank; with several decks identical cards may sit together)
and runs (3+ consecutive cards of one suit; aces low only, or also above the king with
`aces="both"`, never K-A-2). Cards of the wild rank stand for any card: any number per
meld, a meld may be all wilds, unless the options ask for a natural card in every meld or
at most one wild per meld. A card of the wild rank is always a wild, also where it stands
for itself. A wild left unmatched scores its face value.

RULEBOOK: TT.2 (ranks, aces low), TT.6 (sets and runs), TT.7 (wild cards and their two
options), TT.10 (penalty points: A = 1, 2-10 face value, J Q K = 10; an unmatched wild its
face value), TT.13 (aces high or low, a leftover ace scores 15), TT.14 (faces 11/12/13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from tutor.cards import Card

BY_RANK = attrgetter("rank", "suit", "copy")  # the order of Card, but quicker as a key


@dataclass(frozen=True)
class MeldRules:
    """The options that change what a meld is and what a card scores."""

    aces: str = "low"  # "low" (TT.2) or "both" (TT.13: A-2-3 or Q-K-A, never K-A-2; a leftover ace scores 15)
    natural_required: bool = False  # TT.7 option: at least one natural card per meld
    max_one_wild: bool = False  # TT.7 option: at most one wild per meld
    face_points: str = "10"  # "10" (TT.10: J Q K = 10) or "11-13" (TT.14)

    def __post_init__(self) -> None:
        if self.aces not in ("low", "both"):
            raise ValueError(f"aces must be 'low' or 'both', not {self.aces!r}")
        if self.face_points not in ("10", "11-13"):
            raise ValueError(f"face_points must be '10' or '11-13', not {self.face_points!r}")


@dataclass(frozen=True)
class Arrangement:
    """A hand arranged into melds; `penalty` is what the unmatched cards (`deadwood`) score."""

    penalty: int
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]


def card_points(card: Card, rules: MeldRules = MeldRules()) -> int:
    """What `card` scores when left unmatched (TT.10, TT.13, TT.14); a wild scores its face value."""
    if card.rank == 1:
        return 15 if rules.aces == "both" else 1
    if card.rank > 10 and rules.face_points == "10":
        return 10
    return card.rank


@lru_cache(maxsize=16)
def rank_points(rules: MeldRules) -> tuple[int, ...]:
    """card_points by rank (index 0 unused)."""
    return (0,) + tuple(card_points(Card(rank, "S"), rules) for rank in range(1, 14))


def is_meld(cards: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()) -> bool:
    """Whether `cards` (in any order) can be laid out as one set or run under `rules`."""
    if len(cards) < 3:
        return False
    naturals = [c for c in cards if c.rank != wild_rank]
    wilds = len(cards) - len(naturals)
    if rules.max_one_wild and wilds > 1:
        return False
    if rules.natural_required and not naturals:
        return False
    if not naturals:
        return True
    if len({c.rank for c in naturals}) == 1:
        return True
    if len({c.suit for c in naturals}) != 1 or len(cards) > 13:
        return False
    ranks = sorted(c.rank for c in naturals)
    placings = [ranks]
    if rules.aces == "both" and ranks[0] == 1:
        placings.append(sorted(ranks[1:] + [14]))
    # Distinct positions whose span the wilds can fill; a window of len(cards) <= 13
    # around them always fits in A..K or 2..A.
    return any(
        len(set(p)) == len(p) and p[-1] - p[0] + 1 <= len(cards) for p in placings
    )
