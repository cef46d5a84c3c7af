"""The Three Thirteen hand solver: the arrangement into melds that leaves the fewest points.

A hand is scored by arranging it into melds so that the unmatched cards score as little as
possible (TT.10). Melds are sets (3+ cards of one rank; with several decks identical cards
may sit together) and runs (3+ consecutive cards of one suit; aces low only, or also above
the king with `aces="both"`, never K-A-2) (TT.6, TT.13). Cards of the wild rank stand for
any card (TT.7): any number per meld, a meld may be all wilds, unless the options ask for a
natural card in every meld or at most one wild per meld. A card of the wild rank is always
a wild, also where it stands for itself. A wild left unmatched scores its face value.

How the search works. Wild cards are interchangeable, so they are a count, not cards. The
natural cards are a multiset, packed into one integer with a small counter per distinct
card (suit by suit, ace first), so that taking a group of cards out is one subtraction and
checking that they are there is one mask test. The solver always decides the first card
left: it is unmatched, or it heads a meld made of it and later cards (a set of its rank, or
a run of its suit in which it is the lowest natural card, or, with aces both, an ace above
a Q/K). Each such natural group knows how many wilds it needs at least (to fill gaps and
reach three cards) and how many more it could take (its slack). The best penalty of the
cards left depends only on (cards left, wilds left, slack so far, capped at wilds left), so
it is memoised on that; it is exact because every partition into melds is one path. A first
card none of whose groups the wilds left can pay for is unmatched at once. At the end the
wilds still free join melds with room, form a meld of their own (three or more, if allowed),
or score their face value. The choice made in each memoised state is kept, so the melds
of the best arrangement are read off without searching again. Each option is searched only
as far as it could beat the best one found so far (the memo then keeps a lower bound).

Which of several equally good arrangements is shown is fixed (records hold the melds, and a
replay asks again): the first card left heads the first group, fewest wilds then most cards,
that keeps the best penalty, and is unmatched only when that scores strictly less.

What makes it cheaper. A hand with no wild at all takes a shorter path (`_solve_plain`, the
same arrangement): the cards that can sit in no meld are found with bit masks, melds that share
no card are read off directly, and only the rest goes to the search. With fewer than two wilds a meld
may need (no wild, one wild, or one wild per meld), a card with no set of its rank and no
neighbour in its suit can sit in no meld: it is left out of the search. The groups of a card are built when the search first
decides it. Finished arrangements are kept by the hand's cards (copies aside) and number of
wilds, per rule set and wild rank, as positions in the hand's sorted order, so a hand met
again, or the same cards in other copies, costs a look-up (a bounded table, oldest answers
dropped first; `clear_caches` drops them all). `can_go_out` first counts the loose cards
(every suit's ranks are bits of one number), then searches once whether all but one card
can be melded, stopping at the first way, before it tries each discard.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, islice
from operator import attrgetter, itemgetter, mul
from typing import Any

from tutor.cards import Card

_BIG = 1 << 20  # "no limit" for the wilds a meld can take
_BY_RANK = attrgetter("rank", "suit", "copy")  # the order of Card, but quicker as a key
_FIRST = itemgetter(0)
_RANK_FIRST = [(g % 13 * 4 + g // 13) << 12 for g in range(52)]  # a kind's place by rank, then suit
_STRIPPED = (0, 0, 0, 0)  # no choice kept for a state: its first kind heads no group it can pay for


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
def _points(rules: MeldRules) -> tuple[int, ...]:
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


# A natural group: (its place in the order groups are tried, packed cards, wilds it needs at
# least, wilds it could take beyond that).
_Group = tuple[int, int, int, int]
# An arrangement with the hand's cards as positions: the naturals sorted by (suit, rank,
# copy), then the wilds sorted by (rank, suit, copy). (penalty, melds, deadwood), each meld
# and the deadwood (of two cards or more) as an itemgetter of those positions.
_Template = tuple[int, tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...], Any]

_SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}
_UNITS = [[1 << (width * i) for i in range(64)] for width in range(9)]  # counters by width
_KIND_BIT = [1 << (32 * (g // 13) + g % 13 + 1) for g in range(52)]  # as the bit lanes below
_KEPT = 16384  # answers of each kind kept (about 10 MB at most); past that the oldest quarter goes
_arrangements: dict[tuple[MeldRules, int | None, tuple[int, ...], int], _Template] = {}
_go_outs: dict[tuple[MeldRules, int | None, tuple[int, ...], int], tuple[tuple[int, ...], bool]] = {}


def _keep(table: dict[Any, Any], key: Any, value: Any) -> None:
    """table[key] = value, dropping the oldest quarter of the table when it is full."""
    if len(table) >= _KEPT:
        for old in list(islice(table, _KEPT // 4)):
            del table[old]
    table[key] = value


def clear_caches() -> None:
    """Forget every answer kept between calls (benchmarks use it to time cold calls)."""
    _arrangements.clear()
    _go_outs.clear()


class _Solver:
    """The memoised search for one hand (shared by all the discards of a hand).

    The hand's natural cards are read once into `flat` (sorted by suit, rank and copy, the
    wilds after them) and `key` (each natural as its kind, suit * 13 + rank - 1): every
    answer is first looked up by `key` and the number of wilds, and the search is only set
    up (`prepare`) when it is not known yet.
    """

    def __init__(self, hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        index = _SUIT_INDEX
        wilds: list[Card] = []
        order: list[int] = []
        for n, c in enumerate(hand):
            r = c.rank
            if r == wild_rank:
                wilds.append(c)
            else:
                order.append((index[c.suit] * 13 + r - 1) << 24 | c.copy << 12 | n)
        order.sort()
        if len(wilds) > 1:
            wilds.sort(key=_BY_RANK)
        self.wilds = wilds
        self.flat = [hand[k & 4095] for k in order] + wilds
        # Distinct natural cards ("kinds"), suit by suit, ace first, and their copies.
        self.key = key = tuple([k >> 24 for k in order])
        self.kinds = kinds = list(dict.fromkeys(key))
        self.counts = list(map(key.count, kinds)) if len(kinds) < len(key) else [1] * len(kinds)
        self.best: Callable[[int, int, int], int] | None = None
        self.groups: list[list[_Group] | None] | None = None

    def prepare(self) -> None:
        """Sets up the search (the packed hand first)."""
        if self.best is None:
            self.pack()
            self.table = table = _points(self.rules)
            self.wild_points = table[self.wild_rank] if self.wilds else 0  # type: ignore[index]
            self.points = [table[g % 13 + 1] for g in self.lkinds]
            self.memo: dict[int, int] = {}
            self.how: dict[int, _Group | None] = {}  # the choice that gave each memo entry
            self.best = self._make_search()

    def pack(self) -> None:
        """One counter per kind, `width` bits wide with a guard bit on top: taking a group
        out of the cards left is a subtraction, and it fits iff no guard bit is borrowed.
        The groups each kind heads are built when first needed."""
        if self.groups is not None:
            return
        rules = self.rules
        kinds, counts = self.kinds, self.counts
        wilds = len(self.wilds)
        most = 1 if rules.max_one_wild else wilds  # the most wilds one group may need
        # Every kind as a bit (32 per suit, rank r at bit r), and those with two, three copies.
        bit = _KIND_BIT
        seen = sum(map(bit.__getitem__, kinds))
        twice = thrice = 0
        if len(kinds) < len(self.key):
            for g, c in zip(kinds, counts):
                if c > 1:
                    twice |= bit[g]
                    if c > 2:
                        thrice |= bit[g]
        c0, c1, c2, c3 = seen & _RANKS, (seen >> 32) & _RANKS, (seen >> 64) & _RANKS, seen >> 96
        self.multi = multi = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)  # ranks in two suits or more
        # The kinds that can sit in a meld at all ("live"); the search leaves the others
        # out: they are unmatched in every arrangement, and the same in every option.
        if min(most, wilds) < 2:
            mask = _live(seen, twice, thrice, multi, (c0, c1, c2, c3), min(most, wilds), rules.aces == "both")
            self.live = live = [i for i, g in enumerate(kinds) if mask & bit[g]]
            if len(live) < len(kinds):
                kinds = [kinds[i] for i in live]
                counts = [counts[i] for i in live]
        else:
            self.live = list(range(len(kinds)))
        self.lkinds, self.lcounts = kinds, counts
        n = len(kinds)
        self.width = width = max(counts, default=1).bit_length() + 1
        self.unit = unit = _UNITS[width][:n] if width < len(_UNITS) else [1 << (width * i) for i in range(n)]
        self.guards = sum(unit) << (width - 1)
        self.full = sum(map(mul, counts, unit))
        self.where = dict(zip(kinds, range(n)))
        self.most = most
        self.all_wild_ok = not rules.natural_required and not rules.max_one_wild
        self.wbits = max(wilds, 1).bit_length()
        self.groups = [None] * n
        self.groups_of = self._make_groups_of()
        self.fits_memo: dict[int, bool] = {}

    def _make_groups_of(self) -> Callable[[int], list[_Group]]:
        """groups_of(i): every natural group kind i heads, a copy of i and only later kinds,
        built when first asked for.

        Kinds are sorted suit by suit, ace first, so a group headed by i is a set of i's rank
        (i with copies of i and of the same rank in later suits), or a run of i's suit in
        which i is the lowest natural card, or (aces both) a run with ace i above a Q or K.
        Sorted fewest wilds first (the search stops at a group that leaves nothing to
        score), then more cards (a player would rather show longer melds on a tie).
        """
        kinds, counts, unit, most, groups = self.lkinds, self.lcounts, self.unit, self.most, self.groups
        cap = 1 if self.rules.max_one_wild else _BIG  # the most wilds one meld may hold
        both = self.rules.aces == "both"
        where = self.where
        multi = self.multi
        n = len(kinds)
        single = len(self.kinds) == len(self.key)

        def groups_of(i: int) -> list[_Group]:
            g = kinds[i]
            r = g % 13 + 1
            ui = unit[i]
            ci = counts[i]
            found: list[_Group] = []
            same = [where[h] for h in (g + 13, g + 26, g + 39) if h in where] if multi >> r & 1 else None
            if same:
                if single:  # one copy of every card
                    combos = [(ui, 1)]
                    for j in same:
                        u = unit[j]
                        combos += [(p + u, k + 1) for p, k in combos]
                else:
                    combos = [(ui * c, c) for c in range(1, ci + 1)]
                    for j in same:
                        u = unit[j]
                        combos = [(p + u * c, k + c) for p, k in combos for c in range(counts[j] + 1)]
                for p, k in combos:
                    need = 3 - k if k < 3 else 0
                    if need <= most:
                        found.append((need * 64 - k, p, need, cap - need))
            elif ci == 1:
                if most >= 2:
                    found.append((127, ui, 2, cap - 2))
            elif ci + most >= 3:
                for k in range(1, ci + 1):
                    need = 3 - k if k < 3 else 0
                    if need <= most:
                        found.append((need * 64 - k, ui * k, need, cap - need))
            # Runs of two or more naturals in which this card is the lowest: the later cards
            # of its suit that the wilds can reach (the gaps below them at most `most`).
            top = g - r + 14  # the first kind of the next suit
            nxt = kinds[i + 1] if i + 1 < n else 52  # the next kind, if of this suit
            if nxt < top and nxt - g - 1 <= most:
                end = i + 2
                while end < n and kinds[end] < top and kinds[end] - g - (end - i) <= most:
                    end += 1
                if end == i + 2:  # one card in reach: a run of two naturals
                    need = nxt - g - 1 if nxt - g > 1 else 1
                    if need <= most:
                        found.append((need * 64 - 2, ui + unit[i + 1], need, (cap if cap < 11 else 11) - need))
                else:
                    _runs(found, ui, [(kinds[j] - g, unit[j]) for j in range(i + 1, end)], most, cap)
            if r == 1 and both and nxt < top:
                # The ace at 14, the others below it.
                end = bisect_left(kinds, top, i + 1)
                _runs(found, ui, [(13 - kinds[j] + g, unit[j]) for j in range(end - 1, i, -1)], most, cap)
                # The same cards may make a run both ways: keep the way that needs fewer wilds.
                fewest: dict[int, _Group] = {}
                for group in found:
                    old = fewest.get(group[1])
                    if old is None or group[2] < old[2]:
                        fewest[group[1]] = group
                found = list(fewest.values())
            if len(found) > 1:
                found.sort()
            groups[i] = found
            return found

        return groups_of

    # -- the search ---------------------------------------------------------------------

    def _make_search(self) -> Callable[[int, int, int], int]:
        """best(state, w, s): the fewest points the naturals in `state` and `w` wilds can
        score, when earlier melds have room for `s` more wilds (capped at w)."""
        memo = self.memo
        how = self.how
        groups = self.groups
        groups_of = self.groups_of
        unit = self.unit
        points = self.points
        guards = self.guards
        width = self.width
        field = (1 << width) - 1
        wbits = self.wbits
        wild_points = self.wild_points
        all_wild_ok = self.all_wild_ok

        def search(state: int, w: int, s: int, key: int, beta: int) -> int:
            """best() for a state not in the memo yet (or only as a bound below `beta`):
            exact if under `beta`, else a lower bound of at least `beta`. Each option is
            searched only as far as it could beat the best one found so far."""
            # A first kind that heads no group the wilds left can pay for is unmatched,
            # every copy of it: no earlier card is left to meld it with.
            extra = 0
            while state:
                i = ((state & -state).bit_length() - 1) // width
                gs = groups[i]
                if gs is None:
                    gs = groups_of(i)
                if gs and gs[0][2] <= w:
                    break
                n = (state >> (width * i)) & field
                extra += n * points[i]
                if extra >= beta:  # the unmatched cards alone already score too much
                    memo[key] = ~extra
                    return extra
                state -= n * unit[i]
            if not state:
                v = extra + (0 if (w == 0 or (all_wild_ok and w >= 3)) else wild_points * (w - s))
                memo[key] = v
                return v
            if extra:
                # The cards left, as a state of their own (its answer may be known already).
                k = (((state << wbits) | w) << wbits) | s
                v = memo.get(k)
                if v is not None and (v >= 0 or ~v >= beta - extra):
                    v = (v if v >= 0 else ~v) + extra
                    memo[key] = v if v < beta else ~v
                    return v
                outer = key
                key = k
                beta -= extra
            # Melds first: when one leaves nothing to score, the search stops there.
            v = beta
            low = _BIG  # when nothing beats beta: the least lower bound found
            pick = None
            hs = state + guards
            for group in gs:
                _, g, need, slack = group
                if need > w:
                    break
                if (hs - g) & guards == guards:
                    rest = state - g
                    w2 = w - need
                    s2 = s + slack
                    if s2 > w2:
                        s2 = w2
                    if rest:
                        k = (((rest << wbits) | w2) << wbits) | s2
                        c = memo.get(k)
                        if c is None or (c < 0 and ~c < v):
                            c = search(rest, w2, s2, k, v)
                        elif c < 0:
                            c = ~c
                    else:
                        c = 0 if (w2 == 0 or (all_wild_ok and w2 >= 3)) else wild_points * (w2 - s2)
                    if c < v:
                        v = c
                        pick = group
                        if not c:
                            break
                    elif c < low:
                        low = c
            p = points[i]
            if v > p:  # unmatched, when that could score less than every meld
                rest = state - unit[i]
                k = (((rest << wbits) | w) << wbits) | s
                c = memo.get(k)
                if c is None or (c < 0 and ~c < v - p):
                    c = search(rest, w, s, k, v - p)
                elif c < 0:
                    c = ~c
                c += p
                if c < v:
                    v = c
                    pick = None
                elif c < low:
                    low = c
            elif p < low:
                low = p
            if v < beta:
                memo[key] = v
                how[key] = pick
            else:
                memo[key] = ~low
                v = low
            if extra:
                v += extra
                memo[outer] = v if v < beta + extra else ~v
            return v

        def best(state: int, w: int, s: int) -> int:
            """The exact best(): values kept in the memo are exact, or (negative, ~bound)
            lower bounds."""
            key = (((state << wbits) | w) << wbits) | s
            v = memo.get(key)
            return search(state, w, s, key, _BIG) if v is None or v < 0 else v

        return best

    def melds_all(self, state: int, w: int, spare: bool) -> bool:
        """Whether every natural in `state` and the `w` wilds can be melded (best() == 0),
        or with `spare`, all but at most one card (a natural, or a wild): searched only as
        far as a first way, or until it is clear there is none."""
        self.pack()
        memo = self.fits_memo  # shared by the calls for one hand
        groups, groups_of, unit, guards = self.groups, self.groups_of, self.unit, self.guards
        width, wbits, all_wild_ok = self.width, self.wbits, self.all_wild_ok

        def fits(state: int, w: int, s: int, spare: bool) -> bool:
            key = (((((state << wbits) | w) << wbits) | s) << 1) | spare
            found = memo.get(key)
            if found is not None:
                return found
            if not state:
                # The wilds left join melds with room or make a meld of their own; with a
                # card to spare, one of them may be that card.
                found = w == 0 or s >= w or (all_wild_ok and w >= 3) or (
                    spare and (w == 1 or s >= w - 1 or (all_wild_ok and w >= 4))
                )
            else:
                found = False
                i = ((state & -state).bit_length() - 1) // width
                gs = groups[i]
                if gs is None:
                    gs = groups_of(i)
                hs = state + guards
                for _, g, need, slack in gs:
                    if need > w:
                        break
                    if (hs - g) & guards == guards:
                        w2 = w - need
                        s2 = s + slack
                        if fits(state - g, w2, s2 if s2 < w2 else w2, spare):
                            found = True
                            break
                if not found and spare:
                    found = fits(state - unit[i], w, s, False)
            memo[key] = found
            return found

        return fits(state, w, 0, spare)

    # -- the answer ---------------------------------------------------------------------

    def template(self, key: tuple[int, ...], w: int, without: int | None = None) -> _Template:
        """The best arrangement of the naturals `key` and `w` wilds, as positions: this
        hand's naturals, less one copy of kind `without` if given."""
        at = (self.rules, self.wild_rank, key, w)
        found = _arrangements.get(at)
        if found is None:
            self.prepare()
            counts = self.counts
            if without is not None:
                counts = list(counts)
                counts[without] -= 1
            found = self._make_template(counts, w)
            _keep(_arrangements, at, found)
        return found

    def _make_template(self, counts: list[int], w: int) -> _Template:
        """The best arrangement of the naturals with these `counts` and `w` wilds, as positions:
        the choices kept along an optimal path, each kind's copies taking the next positions
        in turn (melds first, in the order chosen), then the wilds."""
        live, kinds, unit = self.live, self.kinds, self.unit
        table = self.table
        if counts is self.counts:  # the whole hand (not less a discard)
            state = self.full
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
        points += self.best(state, w, 0)  # type: ignore[misc]
        width, wbits, how = self.width, self.wbits, self.how
        field = (1 << width) - 1
        both = self.rules.aces == "both"
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
            if self.all_wild_ok and w >= 3 and sum([min(r, w) for _, _, r in room]) < w:
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
                deadwood += [((self.wild_rank or 1) - 1) * 4 << 12 | p for p in rest]  # in order of suit and copy
        melds += [run[2] for run in runs]
        deadwood.sort()
        dead_at = [p & 4095 for p in deadwood]
        dead_cards = itemgetter(*dead_at) if len(dead_at) > 1 else tuple(dead_at)
        return points, tuple([itemgetter(*m) for m in melds]), dead_cards


def _runs(found: list[_Group], head: int, rest: list[tuple[int, int]], most: int, cap: int) -> None:
    """Adds to `found` the runs of the card packed as `head` with two or more of `rest`: later
    cards of its suit as (distance in ranks from the head, packed), nearest first (upwards,
    or downwards from an ace above the king). A run needs a wild for each gap, or one if it
    is two cards side by side (one natural and two wilds is already a set)."""
    stack = [(0, head, 2, 0, 0)]
    while stack:
        start, p, k, last, gaps = stack.pop()
        for t in range(start, len(rest)):
            d, u = rest[t]
            gp = gaps + d - last - 1
            if gp > most:
                break
            need = gp if d >= 2 else 1
            if need <= most:
                found.append((need * 64 - k, p + u, need, (cap if cap < 13 - k else 13 - k) - need))
            if t + 1 < len(rest):
                stack.append((t + 1, p + u, k + 1, d, gp))


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


def _arrangement(template: _Template, flat: Sequence[Card]) -> Arrangement:
    points, melds, dead = template
    cards = tuple([flat[p] for p in dead]) if type(dead) is tuple else dead(flat)
    return Arrangement(points, tuple([meld(flat) for meld in melds]), cards)


def solve(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()) -> Arrangement:
    """The arrangement of `hand` with the fewest penalty points (TT.10), exactly."""
    found = _solve_plain(hand, wild_rank, rules)
    if found is not None:
        return found
    solver = _Solver(hand, wild_rank, rules)
    return _arrangement(solver.template(solver.key, len(solver.wilds)), solver.flat)


def _solve_plain(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> Arrangement | None:
    """solve() for a hand without a wild, or None for a hand with one.

    The same arrangement as `_Solver`, most often without it: the cards that can sit in no
    meld are found with bit masks (most cards of most such hands), melds that share no card
    are read off directly, and only cards whose melds overlap (or identical cards from
    several decks) go to the general search, without the others.
    """
    lane = _LANE
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
    c0, c1, c2, c3 = seen & _RANKS, (seen >> 32) & _RANKS, (seen >> 64) & _RANKS, seen >> 96
    multi = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)
    both = rules.aces == "both"
    mask = _live(seen, twice, thrice, multi, (c0, c1, c2, c3), 0, both)
    table = _points(rules)
    if not mask:
        return Arrangement(sum([table[c.rank] for c in hand]), (), tuple(sorted(hand, key=_BY_RANK)))
    if not twice:
        found = _apart(hand, bits, seen, mask, (c0, c1, c2, c3), both, table)
        if found is not None:
            return found
    # The cards left (those that can meld, in melds that share cards): the general search,
    # which leaves the others out of its arrangement and its choices alike.
    live = [c for c, b in zip(hand, bits) if mask & b]
    dead = [c for c, b in zip(hand, bits) if not mask & b]
    solver = _Solver(live, None, rules)
    found = _arrangement(solver.template(solver.key, 0), solver.flat)
    points = found.penalty + sum([table[c.rank] for c in dead])
    dead += found.deadwood
    dead.sort(key=_BY_RANK)
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
    if near & three * _LANES or (both and seen & _ACES & (seen >> 11) & (seen >> 12)):
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
        x = (near >> lane) & _RANKS
        while x:
            low = x & -x
            row = x & ~(x + low)
            x ^= row
            low <<= lane
            runs.append(tuple([at[low << k] for k in range(row.bit_count())]))
    dead.sort(key=_BY_RANK)
    return Arrangement(
        sum([table[c.rank] for c in dead]), tuple([m for _, m in melds]) + tuple(runs), tuple(dead)
    )


_KIND = {"C": 0, "D": 13, "H": 26, "S": 39}  # a card's kind is _KIND[suit] + rank - 1


def discards(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[tuple[Card, Arrangement]]:
    """For each distinct card (rank and suit), the best arrangement of the hand without it.

    Sorted best first: by penalty, then by card. Of identical copies the lowest is named.
    The hands without one card share one search.
    """
    solver = _Solver(hand_after_draw, wild_rank, rules)
    flat, key = solver.flat, solver.key
    w = len(solver.wilds)
    out: list[tuple[tuple[int, int, str, int], Card, Arrangement]] = []
    pos = 0
    for i, n in enumerate(solver.counts):
        card = flat[pos]
        sub = key[:pos] + key[pos + 1 :]
        arr = _arrangement(solver.template(sub, w, i), flat[:pos] + flat[pos + 1 :])
        out.append(((arr.penalty, card.rank, card.suit, card.copy), card, arr))
        pos += n
    if w:
        template = solver.template(key, w - 1)
        seen: set[str] = set()
        for t in range(pos, pos + w):
            card = flat[t]
            if card.suit in seen:
                continue
            seen.add(card.suit)
            arr = _arrangement(template, flat[:t] + flat[t + 1 :])
            out.append(((arr.penalty, card.rank, card.suit, card.copy), card, arr))
    out.sort(key=_FIRST)
    return [(card, arr) for _, card, arr in out]


# Ranks as bits 1..13 of one 32-bit lane per suit (C D H S): shifting by up to 13 never
# carries a rank into another suit's ranks.
_LANE = {"C": 0, "D": 32, "H": 64, "S": 96}
_ACES = sum(2 << lane for lane in _LANE.values())
_LANES = sum(1 << lane for lane in _LANE.values())
_RANKS = 0x3FFE


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
    lane = _LANE
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
        aces = seen & _ACES
        for d in range(1, reach + 1):  # an ace above the king: 14 - rank <= reach
            near |= aces & (seen >> (13 - d))
            near |= seen & (aces << (13 - d))
    c0, c1, c2, c3 = seen & _RANKS, (seen >> 32) & _RANKS, (seen >> 64) & _RANKS, seen >> 96
    shared = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)  # ranks in two suits or more
    loose = (seen & ~(near | twice | shared * _LANES)).bit_count()
    if loose < 2:
        return False
    return wilds < 2 or mow or 2 * (loose - 1) > wilds


def can_go_out(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[Card]:
    """The discards that leave every other card melded (TT.8), lowest card first."""
    if _hopeless(hand_after_draw, wild_rank, rules):
        return []
    solver = _Solver(hand_after_draw, wild_rank, rules)
    key = (rules, wild_rank, solver.key, len(solver.wilds))
    found = _go_outs.get(key)
    if found is None:
        found = _go_out_kinds(solver)
        _keep(_go_outs, key, found)
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


def _go_out_kinds(solver: _Solver) -> tuple[tuple[int, ...], bool]:
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


def _live(seen: int, twice: int, thrice: int, shared: int, suits: tuple[int, int, int, int], most: int,
          both: bool) -> int:
    """The cards (bits as in `seen`) that can sit in some meld when one needs at most `most`
    (0 or 1) wilds: enough cards of their rank for a set (two with one wild, three with
    none), or neighbours in their suit for a run (one within two ranks with one wild, two
    that make three in a row with none; an ace also above a Q or K with aces both)."""

    def ranks(cards: int) -> int:
        return (cards | (cards >> 32) | (cards >> 64) | (cards >> 96)) & _RANKS

    if most:
        sets = shared | ranks(twice)
        near = seen & ((seen << 1) | (seen >> 1) | (seen << 2) | (seen >> 2))
        if both:
            aces = seen & _ACES
            near |= aces & ((seen >> 11) | (seen >> 12))
            near |= seen & ((aces << 11) | (aces << 12))
    else:
        c0, c1, c2, c3 = suits
        three = (c0 & c1 & (c2 | c3)) | ((c0 | c1) & c2 & c3)  # ranks in three suits or more
        sets = three | (shared & ranks(twice)) | ranks(thrice)
        start = seen & (seen >> 1) & (seen >> 2)
        near = start | (start << 1) | (start << 2)
        if both:
            top = seen & _ACES & (seen >> 11) & (seen >> 12)  # Q K A
            near |= top | (top << 11) | (top << 12)
    return (seen & sets * _LANES) | near
