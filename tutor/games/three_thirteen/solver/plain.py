"""`solve`: a hand's best arrangement, with the shorter path for a hand without a wild.

A hand with no wild at all takes a shorter path (`_solve_plain`, the same arrangement the
search gives): the cards that can sit in no meld are found with bit masks (`lanes`), melds
that share no card are read off directly (`_apart`), and only the rest goes to the search.
A hand with a wild goes to the search (`search.Solver`) and its answer (`answers`).

RULEBOOK: TT.6 (sets and runs), TT.10 (the arrangement that leaves the fewest penalty
points), TT.13 (with aces both, Q-K-A runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from tutor.cards import Card
from tutor.games.three_thirteen.solver.answers import arrangement_from, template
from tutor.games.three_thirteen.solver.lanes import ACES, LANE, LANES, RANKS, meldable
from tutor.games.three_thirteen.solver.melds import (
    BY_RANK,
    Arrangement,
    MeldRules,
    rank_points,
)
from tutor.games.three_thirteen.solver.search import Solver

_FIRST = itemgetter(0)
_KIND = {"C": 0, "D": 13, "H": 26, "S": 39}  # a card's kind is _KIND[suit] + rank - 1


def solve(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()) -> Arrangement:
    """The arrangement of `hand` with the fewest penalty points (TT.10), exactly."""
    found = _solve_plain(hand, wild_rank, rules)
    if found is not None:
        return found
    solver = Solver(hand, wild_rank, rules)
    return arrangement_from(template(solver, solver.key, len(solver.wilds)), solver.flat)


def _solve_plain(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> Arrangement | None:
    """solve() for a hand without a wild, or None for a hand with one.

    The same arrangement as `Solver`, most often without it: the cards that can sit in no
    meld are found with bit masks (most cards of most such hands), melds that share no card
    are read off directly, and only cards whose melds overlap (or identical cards from
    several decks) go to the general search, without the others.
    """
    lane = LANE
    seen = twice = thrice = 0
    bits = []
    for c in hand:
        r = c.rank
        if r == wild_rank:
            return None
        b = 1 << (lane[c.suit] + r)
        if seen & b:
            if twice & b:
                thrice |= b
            twice |= b
        seen |= b
        bits.append(b)
    c0, c1, c2, c3 = seen & RANKS, (seen >> 32) & RANKS, (seen >> 64) & RANKS, seen >> 96
    multi = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)
    both = rules.aces == "both"
    mask = meldable(seen, twice, thrice, multi, (c0, c1, c2, c3), 0, both)
    table = rank_points(rules)
    if not mask:
        return Arrangement(sum([table[c.rank] for c in hand]), (), tuple(sorted(hand, key=BY_RANK)))
    if not twice:
        found = _apart(hand, bits, seen, mask, (c0, c1, c2, c3), both, table)
        if found is not None:
            return found
    # The cards left (those that can meld, in melds that share cards): the general search,
    # which leaves the others out of its arrangement and its choices alike.
    live = [c for c, b in zip(hand, bits) if mask & b]
    dead = [c for c, b in zip(hand, bits) if not mask & b]
    solver = Solver(live, None, rules)
    found = arrangement_from(template(solver, solver.key, 0), solver.flat)
    points = found.penalty + sum([table[c.rank] for c in dead])
    dead += found.deadwood
    dead.sort(key=BY_RANK)
    return Arrangement(points, found.melds, tuple(dead))


def _apart(
    hand: Sequence[Card], bits: list[int], seen: int, mask: int, suits: tuple[int, int, int, int], both: bool,
    table: tuple[int, ...],
) -> Arrangement | None:
    """The arrangement of a hand of distinct cards with no wild whose possible melds share
    no card (most such hands), or None when two of them do.

    Then every card that can be melded is: each rank held in three or four suits is one
    set, each longest row of three or more in a suit is one run, and that is the arrangement
    the search would give (its first group is the longest, and leaves nothing to score):
    sets first, then runs, each in the order of their lowest card (suit, then rank)."""
    c0, c1, c2, c3 = suits
    three = (c0 & c1 & (c2 | c3)) | ((c0 | c1) & c2 & c3)  # ranks in three suits or more
    start = seen & (seen >> 1) & (seen >> 2)
    near = start | (start << 1) | (start << 2)
    if near & three * LANES or (both and seen & ACES & (seen >> 11) & (seen >> 12)):
        return None  # a card in a set and a run, or an ace in a run from the ace and one to it
    at = {}
    dead = []
    for c, b in zip(hand, bits):
        if mask & b:
            at[b] = c
        else:
            dead.append(c)
    melds = []
    while three:
        low = three & -three
        three ^= low
        cards = [at[low << lane] for lane in (0, 32, 64, 96) if seen >> lane & low]
        melds.append((_KIND[cards[0].suit] + low.bit_length() - 2, tuple(cards)))
    if len(melds) > 1:
        melds.sort(key=_FIRST)
    runs = []
    for suit, lane in enumerate((0, 32, 64, 96)):
        x = (near >> lane) & RANKS
        while x:
            low = x & -x
            row = x & ~(x + low)
            x ^= row
            low <<= lane
            runs.append(tuple([at[low << k] for k in range(row.bit_count())]))
    dead.sort(key=BY_RANK)
    return Arrangement(
        sum([table[c.rank] for c in dead]), tuple([m for _, m in melds]) + tuple(runs), tuple(dead)
    )
