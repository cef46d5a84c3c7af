"""The best arrangement read off the search, and the answers kept between calls.

`template` gives a hand's best arrangement as positions in the hand's sorted order (the
naturals by suit, rank and copy, then the wilds): the choices the search kept along an
optimal path, each kind's copies taking the next positions in turn (melds first, in the
order chosen), the wilds filling the gaps of runs and then, if any are still free, joining
melds with room, forming a meld of their own (three or more, if allowed) or scoring their
face value. `arrangement_from` puts the cards of one hand into those positions.

Finished arrangements are kept by the hand's cards (copies aside) and number of wilds, per
rule set and wild rank, so a hand met again, or the same cards in other copies, costs a
look-up (a bounded table, oldest answers dropped first). The answers of `can_go_out`
(`going_out`) are kept here too, and `clear_caches` drops them all.

RULEBOOK: TT.7 (where the free wilds go), TT.10 (the melds and deadwood of the best
arrangement; the one shown among equally good ones is fixed, because records hold it and a
replay asks again), TT.13 (an ace laid above the king).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate, islice
from operator import itemgetter, mul
from typing import Any

from tutor.cards import Card
from tutor.games.three_thirteen.solver.melds import Arrangement, MeldRules
from tutor.games.three_thirteen.solver.search import Solver

# An arrangement with the hand's cards as positions: the naturals sorted by (suit, rank,
# copy), then the wilds sorted by (rank, suit, copy). (penalty, melds, deadwood), each meld
# and the deadwood (of two cards or more) as an itemgetter of those positions.
_Template = tuple[int, tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...], Any]

_RANK_FIRST = [(g % 13 * 4 + g // 13) << 12 for g in range(52)]  # a kind's place by rank, then suit
_STRIPPED = (0, 0, 0, 0)  # no choice kept for a state: its first kind heads no group it can pay for
_KEPT = 16384  # answers of each kind kept (about 10 MB at most); past that the oldest quarter goes
kept_arrangements: dict[tuple[MeldRules, int | None, tuple[int, ...], int], _Template] = {}
kept_go_outs: dict[tuple[MeldRules, int | None, tuple[int, ...], int], tuple[tuple[int, ...], bool]] = {}


def keep(table: dict[Any, Any], key: Any, value: Any) -> None:
    """table[key] = value, dropping the oldest quarter of the table when it is full."""
    if len(table) >= _KEPT:
        for old in list(islice(table, _KEPT // 4)):
            del table[old]
    table[key] = value


def clear_caches() -> None:
    """Forget every answer kept between calls (benchmarks use it to time cold calls)."""
    kept_arrangements.clear()
    kept_go_outs.clear()


def template(solver: Solver, key: tuple[int, ...], w: int, without: int | None = None) -> _Template:
    """The best arrangement of the naturals `key` and `w` wilds, as positions: this
    hand's naturals, less one copy of kind `without` if given."""
    at = (solver.rules, solver.wild_rank, key, w)
    found = kept_arrangements.get(at)
    if found is None:
        solver.prepare()
        counts = solver.counts
        if without is not None:
            counts = list(counts)
            counts[without] -= 1
        found = _make_template(solver, counts, w)
        keep(kept_arrangements, at, found)
    return found


def _make_template(solver: Solver, counts: list[int], w: int) -> _Template:
    """The best arrangement of the naturals with these `counts` and `w` wilds, as positions:
    the choices kept along an optimal path, each kind's copies taking the next positions
    in turn (melds first, in the order chosen), then the wilds."""
    live, kinds, unit = solver.live, solver.kinds, solver.unit
    table = solver.table
    if counts is solver.counts:  # the whole hand (not less a discard)
        state = solver.full
    elif len(live) < len(counts):
        state = sum([counts[i] * u for i, u in zip(live, unit)])
    else:
        state = sum(map(mul, counts, unit))
    if len(live) < len(counts):
        dead = [i for i in set(range(len(counts))).difference(live) for _ in range(counts[i])]
        points = sum([table[kinds[i] % 13 + 1] for i in dead])  # the kinds that never meld
    else:
        dead = []
        points = 0
    points += solver.best(state, w, 0)  # type: ignore[misc]
    width, wbits, how = solver.width, solver.wbits, solver.how
    field = (1 << width) - 1
    both = solver.rules.aces == "both"
    nxt = list(accumulate(counts, initial=0))
    pos = nxt.pop()
    spare = iter(range(pos, pos + w))
    sets: list[list[int]] = []
    runs: list[list[Any]] = []  # [lowest rank, highest rank, positions in rank order]
    room: list[tuple[list[Any], bool, int]] = []  # (meld, is a run, wilds it has room for)
    s = 0
    while state:
        t = ((state & -state).bit_length() - 1) // width
        pick = how.get((((state << wbits) | w) << wbits) | s, _STRIPPED)
        if pick is None:  # unmatched
            dead.append(live[t])
            state -= unit[t]
            continue
        if pick is _STRIPPED:  # no choice kept: the first kind heads no group the wilds pay for
            n = (state >> (width * t)) & field
            dead += [live[t]] * n
            state -= n * unit[t]
            continue
        _, packed, need, slack = pick
        state -= packed
        w -= need
        s = s + slack if s + slack < w else w
        members: list[int] = []  # the kinds in the group, each as often as it has copies there
        meld: list[int] = []
        while packed:
            at = ((packed & -packed).bit_length() - 1) // width
            n = (packed >> (at * width)) & field
            packed -= n * unit[at]
            j = live[at]
            p = nxt[j]
            nxt[j] = p + n
            if n == 1:
                members.append(j)
                meld.append(p)
            else:
                members += [j] * n
                meld += range(p, p + n)
        lo = kinds[members[0]] % 13 + 1
        hi = kinds[members[-1]] % 13 + 1
        if lo == hi:
            meld += islice(spare, need)
            sets.append(meld)
            if slack:
                room.append((meld, False, slack))
            continue
        ranks = [kinds[j] % 13 + 1 for j in members]
        if lo == 1 and both and max(3, hi) - len(members) != need:
            # The ace sits above the king.
            meld.append(meld.pop(0))
            ranks = ranks[1:] + [14]
            lo, hi = ranks[0], 14
        if hi - lo + 1 > len(meld):  # the gaps, filled with wilds in rank order
            filled = []
            k = 0
            for r in range(lo, hi + 1):
                if ranks[k] == r:
                    filled.append(meld[k])
                    k += 1
                else:
                    filled.append(next(spare))
            meld = filled
        run = [lo, hi, meld]
        while run[1] - run[0] < 2:
            _grow(run, next(spare))
        runs.append(run)
        if slack:
            room.append((run, True, slack))
    # Deadwood sorts by rank, suit and copy: rank - 1, suit and position in one number.
    deadwood = []
    order = _RANK_FIRST
    for j in dead:
        p = nxt[j]
        nxt[j] = p + 1
        deadwood.append(order[kinds[j]] | p)
    melds = sets
    if w:
        rest = list(spare)
        if solver.all_wild_ok and w >= 3 and sum([min(r, w) for _, _, r in room]) < w:
            melds.append(rest)
        else:
            for meld, is_run, r in room:
                take, rest = rest[:r], rest[r:]
                for wild in take:
                    if is_run:
                        _grow(meld, wild)
                    else:
                        meld.append(wild)
                if not rest:
                    break
            deadwood += [((solver.wild_rank or 1) - 1) * 4 << 12 | p for p in rest]  # in order of suit and copy
    melds += [run[2] for run in runs]
    deadwood.sort()
    dead_at = [p & 4095 for p in deadwood]
    dead_cards = itemgetter(*dead_at) if len(dead_at) > 1 else tuple(dead_at)
    return points, tuple([itemgetter(*m) for m in melds]), dead_cards


def _grow(run: list[Any], wild: int) -> None:
    """One wild more at an end of a run [lowest rank, highest rank, positions]: up to the
    king, else down, else (aces both) up to the ace. A run with room is under 13 cards, so
    one of these is open."""
    lo, hi, cards = run
    if hi < 13:
        run[1] = hi + 1
        cards.append(wild)
    elif lo > (2 if hi == 14 else 1):
        run[0] = lo - 1
        cards.insert(0, wild)
    else:
        run[1] = 14
        cards.append(wild)


def arrangement_from(template: _Template, flat: Sequence[Card]) -> Arrangement:
    points, melds, dead = template
    cards = tuple([flat[p] for p in dead]) if type(dead) is tuple else dead(flat)
    return Arrangement(points, tuple([meld(flat) for meld in melds]), cards)
