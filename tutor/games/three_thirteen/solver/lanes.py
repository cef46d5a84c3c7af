"""A hand's ranks as bits, one lane per suit, and the cards that can sit in a meld at all.

Ranks are bits 1..13 of one 32-bit lane per suit (C D H S), so that shifting by up to 13
never carries a rank into another suit's ranks, and one mask test answers for every suit at
once. `meldable` gives the cards that can sit in some meld when a meld needs at most no
wild or one: with enough cards of their rank for a set, or neighbours in their suit for a
run. The others are unmatched in every arrangement, the same in every option, so the
plain-hand path (`plain`) and the search (`search`) leave them out; `going_out` counts the
loose cards the same way.

RULEBOOK: TT.6 (a set needs three of a rank, a run three in a row of a suit), TT.7 (one
wild fills one place: two of a rank, or a neighbour within two ranks), TT.13 (with aces
both, an ace also above a Q or K).
"""

from __future__ import annotations

# Ranks as bits 1..13 of one 32-bit lane per suit (C D H S): shifting by up to 13 never
# carries a rank into another suit's ranks.
LANE = {"C": 0, "D": 32, "H": 64, "S": 96}
ACES = sum(2 << lane for lane in LANE.values())
LANES = sum(1 << lane for lane in LANE.values())
RANKS = 0x3FFE


def meldable(
    seen: int, twice: int, thrice: int, shared: int, suits: tuple[int, int, int, int], most: int, both: bool
) -> int:
    """The cards (bits as in `seen`) that can sit in some meld when one needs at most `most`
    (0 or 1) wilds: enough cards of their rank for a set (two with one wild, three with
    none), or neighbours in their suit for a run (one within two ranks with one wild, two
    that make three in a row with none; an ace also above a Q or K with aces both)."""

    def ranks(cards: int) -> int:
        return (cards | (cards >> 32) | (cards >> 64) | (cards >> 96)) & RANKS

    if most:
        sets = shared | ranks(twice)
        near = seen & ((seen << 1) | (seen >> 1) | (seen << 2) | (seen >> 2))
        if both:
            aces = seen & ACES
            near |= aces & ((seen >> 11) | (seen >> 12))
            near |= seen & ((aces << 11) | (aces << 12))
    else:
        c0, c1, c2, c3 = suits
        three = (c0 & c1 & (c2 | c3)) | ((c0 | c1) & c2 & c3)  # ranks in three suits or more
        sets = three | (shared & ranks(twice)) | ranks(thrice)
        start = seen & (seen >> 1) & (seen >> 2)
        near = start | (start << 1) | (start << 2)
        if both:
            top = seen & ACES & (seen >> 11) & (seen >> 12)  # Q K A
            near |= top | (top << 11) | (top << 12)
    return (seen & sets * LANES) | near
