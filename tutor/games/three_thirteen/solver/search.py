"""The memoised search for a hand's best arrangement into melds (`Solver`).

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
or score their face value. The choice made in each memoised state is kept, so that
`answers` reads the melds of the best arrangement off without searching again. Each option
is searched only as far as it could beat the best one found so far (the memo then keeps a
lower bound).

Groups are tried fewest wilds first, then most cards, and a card is unmatched only when
that scores strictly less: this fixes which of several equally good arrangements is shown.

What makes it cheaper: with fewer than two wilds a meld may need (no wild, one wild, or one
wild per meld), a card that can sit in no meld (`lanes.meldable`) is left out of the
search; the groups of a card are built when the search first decides it. `melds_all` asks
only whether everything (or all but one card) melds, and stops at the first way.

RULEBOOK: TT.6 (sets, runs, identical cards in a set), TT.7 (wilds: any number per meld,
all-wild melds, and the options of a natural card per meld, at most one wild per meld),
TT.10 (the fewest penalty points, exactly), TT.13 (aces below the 2 or above the king,
never K-A-2).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import mul

from tutor.cards import Card
from tutor.games.three_thirteen.solver.lanes import RANKS, meldable
from tutor.games.three_thirteen.solver.melds import BY_RANK, MeldRules, rank_points

_BIG = 1 << 20  # "no limit" for the wilds a meld can take

# A natural group: (its place in the order groups are tried, packed cards, wilds it needs at
# least, wilds it could take beyond that).
_Group = tuple[int, int, int, int]

_SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}
_UNITS = [[1 << (width * i) for i in range(64)] for width in range(9)]  # counters by width
_KIND_BIT = [1 << (32 * (g // 13) + g % 13 + 1) for g in range(52)]  # as the bit lanes of `lanes`


class Solver:
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
            wilds.sort(key=BY_RANK)
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
            self.table = table = rank_points(self.rules)
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
        c0, c1, c2, c3 = seen & RANKS, (seen >> 32) & RANKS, (seen >> 64) & RANKS, seen >> 96
        self.multi = multi = (c0 & (c1 | c2 | c3)) | (c1 & (c2 | c3)) | (c2 & c3)  # ranks in two suits or more
        # The kinds that can sit in a meld at all ("live"); the search leaves the others
        # out: they are unmatched in every arrangement, and the same in every option.
        if min(most, wilds) < 2:
            mask = meldable(seen, twice, thrice, multi, (c0, c1, c2, c3), min(most, wilds), rules.aces == "both")
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
