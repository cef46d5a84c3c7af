"""Discards and going out: the best arrangement without each card, and who can go out.

`discards` answers, for each distinct card, the best arrangement of the hand without it
(what a bot or the coach weighs every turn); the hands without one card share one search.
`can_go_out` first counts the loose cards (every suit's ranks are bits of one number,
`lanes`), then searches once whether all but one card can be melded, stopping at the first
way, before it tries each discard; its answers are kept by `answers`.

RULEBOOK: TT.5 (a turn ends with a discard), TT.7 (a loose card melds only with two wilds,
never with one wild per meld), TT.8 (going out: every card but the discard melded), TT.10
(the penalty each discard leaves).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from tutor.cards import Card
from tutor.games.three_thirteen.solver.answers import (
    arrangement_from,
    keep,
    kept_go_outs,
    template,
)
from tutor.games.three_thirteen.solver.lanes import ACES, LANE, LANES, RANKS
from tutor.games.three_thirteen.solver.melds import Arrangement, MeldRules
from tutor.games.three_thirteen.solver.search import Solver

_FIRST = itemgetter(0)


def discards(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[tuple[Card, Arrangement]]:
    """For each distinct card (rank and suit), the best arrangement of the hand without it.

    Sorted best first: by penalty, then by card. Of identical copies the lowest is named.
    The hands without one card share one search.
    """
    solver = Solver(hand_after_draw, wild_rank, rules)
    flat, key = solver.flat, solver.key
    w = len(solver.wilds)
    out: list[tuple[tuple[int, int, str, int], Card, Arrangement]] = []
    pos = 0
    for i, n in enumerate(solver.counts):
        card = flat[pos]
        sub = key[:pos] + key[pos + 1 :]
        arr = arrangement_from(template(solver, sub, w, i), flat[:pos] + flat[pos + 1 :])
        out.append(((arr.penalty, card.rank, card.suit, card.copy), card, arr))
        pos += n
    if w:
        less_a_wild = template(solver, key, w - 1)
        seen: set[str] = set()
        for t in range(pos, pos + w):
            card = flat[t]
            if card.suit in seen:
                continue
            seen.add(card.suit)
            arr = arrangement_from(less_a_wild, flat[:t] + flat[t + 1 :])
            out.append(((arr.penalty, card.rank, card.suit, card.copy), card, arr))
    out.sort(key=_FIRST)
    return [(card, arr) for _, card, arr in out]


def _hopeless(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> bool:
    """True when the loose cards are too many for anybody to go out.

    A natural card is loose when no other natural card can share a meld with it: none of
    its rank, none of its suit near enough for the wilds to fill the gap. A loose card is
    melded only as one natural and two wilds (never with at most one wild per meld), and
    going out leaves one card aside: so two loose cards are hopeless with fewer than two
    wilds or one wild per meld, and n loose cards with fewer than 2(n - 1) wilds. A cheap
    test, every suit's ranks being bits of one number, that spares most hands the search.
    """
    seen = 0
    twice = 0  # identical cards
    wilds = 0
    lane = LANE
    for c in hand:
        r = c.rank
        if r == wild_rank:
            wilds += 1
            continue
        b = 1 << (lane[c.suit] + r)
        twice |= seen & b
        seen |= b
    mow = rules.max_one_wild
    reach = 2 if wilds < 2 or mow else min(wilds + 1, 13)  # the farthest neighbour in a suit
    spread = 0
    for d in range(1, reach + 1):
        spread |= (seen << d) | (seen >> d)
    near = seen & spread
    if rules.aces == "both":
        aces = seen & ACES
        for d in range(1, reach + 1):  # an ace above the king: 14 - rank <= reach
            near |= aces & (seen >> (13 - d))
            near |= seen & (aces << (13 - d))
    c0, c1, c2, c3 = seen & RANKS, (seen >> 32) & RANKS, (seen >> 64) & RANKS, seen >> 96
    shared = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)  # ranks in two suits or more
    loose = (seen & ~(near | twice | shared * LANES)).bit_count()
    if loose < 2:
        return False
    return wilds < 2 or mow or 2 * (loose - 1) > wilds


def can_go_out(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[Card]:
    """The discards that leave every other card melded (TT.8), lowest card first."""
    if _hopeless(hand_after_draw, wild_rank, rules):
        return []
    solver = Solver(hand_after_draw, wild_rank, rules)
    key = (rules, wild_rank, solver.key, len(solver.wilds))
    found = kept_go_outs.get(key)
    if found is None:
        found = _go_out_kinds(solver)
        keep(kept_go_outs, key, found)
    kinds, wild = found
    if not kinds and not wild:
        return []
    flat = solver.flat
    firsts = []
    pos = 0
    for n in solver.counts:
        firsts.append(flat[pos])
        pos += n
    out = [firsts[i] for i in kinds]
    if wild:
        out += list({c.suit: c for c in reversed(solver.wilds)}.values())
    return sorted(out)


def _go_out_kinds(solver: Solver) -> tuple[tuple[int, ...], bool]:
    """The kinds whose discard leaves the rest all melded, and whether a wild's does."""
    wilds = len(solver.wilds)
    solver.pack()
    full, live = solver.full, solver.live
    idle = [i for i in range(len(solver.kinds)) if i not in set(live)] if len(live) < len(solver.kinds) else []
    if idle:
        # A card that never melds must be the one discarded.
        if len(idle) > 1 or solver.counts[idle[0]] > 1:
            return (), False
        return ((idle[0],) if solver.melds_all(full, wilds, False) else ()), False
    # One search with a card to spare first: most hands stop there.
    if not solver.melds_all(full, wilds, True):
        return (), False
    kinds = tuple(live[t] for t, u in enumerate(solver.unit) if solver.melds_all(full - u, wilds, False))
    return kinds, wilds > 0 and solver.melds_all(full, wilds - 1, False)
