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
of the best arrangement are read off without searching again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from tutor.cards import Card

_BIG = 1 << 20  # "no limit" for the wilds a meld can take
_BY_RANK = attrgetter("rank", "suit", "copy")  # the order of Card, but quicker as a key
_BY_SUIT = attrgetter("suit", "rank", "copy")


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


# A natural group: (packed cards, wilds it needs at least, wilds it could take beyond that).
_Group = tuple[int, int, int]


def _natural_groups(
    ranks: list[int], suits: list[str], counts: list[int], unit: list[int], wilds: int, rules: MeldRules
) -> list[list[_Group]]:
    """For each kind i, every natural group it heads: a copy of i and only later kinds.

    Kinds are sorted suit by suit, ace first, so a group headed by i is a set of i's rank
    (i with copies of i and of the same rank in later suits), or a run of i's suit in which
    i is the lowest natural card, or (aces both) a run with ace i above a Q or K.
    """
    mow = rules.max_one_wild
    most = 1 if mow else wilds  # the most wilds one group may need
    cap = 1 if mow else _BIG  # the most wilds one meld may hold
    both = rules.aces == "both"
    n = len(ranks)
    by_rank: dict[int, list[int]] = {}
    for i in range(n):
        by_rank.setdefault(ranks[i], []).append(i)
    suit_end = [n] * n  # one past the last kind of i's suit (kinds are sorted by suit)
    for i in range(n - 2, -1, -1):
        suit_end[i] = suit_end[i + 1] if suits[i + 1] == suits[i] else i + 1
    out: list[list[_Group]] = []
    for i in range(n):
        r = ranks[i]
        ui = unit[i]
        # Sort keys: fewest wilds first (the search stops at a group that leaves nothing to
        # score), then more cards (a player would rather show longer melds on a tie).
        found: list[tuple[int, int, int, int]] = []  # (key, packed, need, slack)
        same = [j for j in by_rank[r] if j > i]
        if same:
            if counts[i] + sum(counts[j] for j in same) + most >= 3:
                combos = [(ui * c, c) for c in range(1, counts[i] + 1)]
                for j in same:
                    u = unit[j]
                    combos = [(p + u * c, k + c) for p, k in combos for c in range(counts[j] + 1)]
                for p, k in combos:
                    need = 3 - k if k < 3 else 0
                    if need <= most:
                        found.append((need * 64 - k, p, need, cap - need))
        else:
            for k in range(1, counts[i] + 1):
                need = 3 - k if k < 3 else 0
                if need <= most:
                    found.append((need * 64 - k, ui * k, need, cap - need))
        # Runs of two or more naturals (one natural and two wilds is already a set). The
        # wilds a run needs are its gaps, or one if it is two cards side by side.
        end = suit_end[i]
        if i + 1 < end and ranks[i + 1] - r - 1 <= most:
            run = [(ranks[j], unit[j]) for j in range(i + 1, end)]
            stack = [(0, ui, 2, r, 0)]
            while stack:
                start, p, k, last, gaps = stack.pop()
                for t in range(start, len(run)):
                    rj, u = run[t]
                    g = gaps + rj - last - 1
                    if g > most:
                        break
                    need = g if rj - r >= 2 else 1
                    if need <= most:
                        found.append((need * 64 - k, p + u, need, (cap if cap < 13 - k else 13 - k) - need))
                    if t + 1 < len(run):
                        stack.append((t + 1, p + u, k + 1, rj, g))
        if both and r == 1 and i + 1 < end:
            # The ace at 14, the others below it.
            down = [(ranks[j], unit[j]) for j in range(end - 1, i, -1)]
            stack = [(0, ui, 2, 14, 0)]
            while stack:
                start, p, k, low, gaps = stack.pop()
                for t in range(start, len(down)):
                    rj, u = down[t]
                    g = gaps + low - rj - 1
                    if g > most:
                        break
                    need = g if rj <= 12 else 1
                    if need <= most:
                        found.append((need * 64 - k, p + u, need, (cap if cap < 13 - k else 13 - k) - need))
                    if t + 1 < len(down):
                        stack.append((t + 1, p + u, k + 1, rj, g))
            # The same cards may make a run both ways: keep the way that needs fewer wilds.
            fewest: dict[int, tuple[int, int, int, int]] = {}
            for group in found:
                old = fewest.get(group[1])
                if old is None or group[2] < old[2]:
                    fewest[group[1]] = group
            found = list(fewest.values())
        if len(found) > 1:
            found.sort()
        out.append([(p, need, slack) for _, p, need, slack in found])
    return out


class _Solver:
    """The memoised search for one hand (shared by all the discards of a hand)."""

    def __init__(self, hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        wilds = [c for c in hand if c.rank == wild_rank]
        naturals = [c for c in hand if c.rank != wild_rank]
        wilds.sort(key=_BY_RANK)
        naturals.sort(key=_BY_SUIT)
        table = _points(rules)
        self.wilds = wilds
        self.wild_points = table[wild_rank] if wilds else 0  # type: ignore[index]
        self.all_wild_ok = not rules.natural_required and not rules.max_one_wild
        # Distinct natural cards ("kinds"), suit by suit, ace first; their copies in the hand.
        ranks: list[int] = []
        suits: list[str] = []
        copies: list[list[Card]] = []
        last = None
        for c in naturals:
            if c.rank == last and c.suit == suits[-1]:
                copies[-1].append(c)
            else:
                last = c.rank
                ranks.append(last)
                suits.append(c.suit)
                copies.append([c])
        self.ranks, self.suits, self.copies = ranks, suits, copies
        counts = [len(cs) for cs in copies]
        # One counter per kind, `width` bits wide with a guard bit on top: taking a group
        # out of the cards left is a subtraction, and it fits iff no guard bit is borrowed.
        self.width = width = max(counts, default=1).bit_length() + 1
        self.unit = unit = [1 << (width * i) for i in range(len(ranks))]
        self.guards = sum(unit) << (width - 1)
        self.full = sum(n * u for n, u in zip(counts, unit))
        self.points = [table[r] for r in ranks]
        self.groups = _natural_groups(ranks, suits, counts, unit, len(wilds), rules)
        self.fewest = [gs[0][1] if gs else _BIG for gs in self.groups]  # the fewest wilds a group needs
        self.wbits = max(len(wilds), 1).bit_length()
        self.memo: dict[int, int] = {}
        self.how: dict[int, _Group | None] = {}  # the choice that gave each memo entry
        self.best: Callable[[int, int, int], int] = self._make_search()

    # -- the search ---------------------------------------------------------------------

    def _make_search(self) -> Callable[[int, int, int], int]:
        memo = self.memo
        how = self.how
        groups = self.groups
        fewest = self.fewest
        unit = self.unit
        points = self.points
        guards = self.guards
        width = self.width
        field = (1 << width) - 1
        wbits = self.wbits
        wild_points = self.wild_points
        all_wild_ok = self.all_wild_ok

        def best(state: int, w: int, s: int) -> int:
            key = (((state << wbits) | w) << wbits) | s
            v = memo.get(key)
            if v is not None:
                return v
            # A first kind that heads no group the wilds left can pay for is unmatched,
            # every copy of it: no earlier card is left to meld it with.
            extra = 0
            while state:
                i = ((state & -state).bit_length() - 1) // width
                if fewest[i] <= w:
                    break
                n = (state >> (width * i)) & field
                extra += n * points[i]
                state -= n * unit[i]
            if extra:
                v = best(state, w, s) + extra
                memo[key] = v
                return v
            if not state:
                v = 0 if (w == 0 or (all_wild_ok and w >= 3)) else wild_points * (w - s)
                memo[key] = v
                return v
            # Melds first: when one leaves nothing to score, the search stops there.
            v = _BIG
            pick = None
            hs = state + guards
            for group in groups[i]:
                g, need, slack = group
                if need > w:
                    break
                if (hs - g) & guards == guards:
                    w2 = w - need
                    s2 = s + slack
                    c = best(state - g, w2, s2 if s2 < w2 else w2)
                    if c < v:
                        v = c
                        pick = group
                        if not c:
                            break
            if v:
                c = points[i] + best(state - unit[i], w, s)
                if c < v:
                    v = c
                    pick = None
            memo[key] = v
            how[key] = pick
            return v

        return best

    def _path(self, state: int, w: int, s: int) -> tuple[list[int], list[_Group], int, int]:
        """The choices along an optimal path: unmatched kinds, natural groups, wilds and slack left."""
        self.best(state, w, s)
        dead: list[int] = []
        chosen: list[_Group] = []
        width, field, wbits = self.width, (1 << self.width) - 1, self.wbits
        while state:
            i = ((state & -state).bit_length() - 1) // width
            if self.fewest[i] > w:
                dead += [i] * ((state >> (width * i)) & field)
                state &= ~(field << (width * i))
                continue
            pick = self.how[(((state << wbits) | w) << wbits) | s]
            if pick is None:
                dead.append(i)
                state -= self.unit[i]
            else:
                g, need, slack = pick
                chosen.append(pick)
                state, w = state - g, w - need
                s = min(s + slack, w)
        return dead, chosen, w, s

    # -- the answer ---------------------------------------------------------------------

    def arrangement(self, state: int, wilds: list[Card], without: Card | None = None) -> Arrangement:
        """The best arrangement of the naturals in `state` (not `without`) and the wild cards."""
        dead, chosen, left, _ = self._path(state, len(wilds), 0)
        pool = [iter(cs) for cs in self.copies]
        if without is not None:
            for j, cs in enumerate(self.copies):
                if without in cs:
                    pool[j] = iter([c for c in cs if c is not without])
        spare = iter(wilds)
        ranks = self.ranks
        sets: list[list[Card]] = []
        runs: list[tuple[dict[int, Card], list[int]]] = []  # position -> card, [lo, hi]
        room: list[tuple[list[Card] | None, tuple[dict[int, Card], list[int]] | None]] = []
        for packed, need, slack in chosen:
            kinds = self._kinds_in(packed)
            if ranks[kinds[0]] == ranks[kinds[-1]]:
                meld = [next(pool[j]) for j in kinds]
                meld += [next(spare) for _ in range(need)]
                sets.append(meld)
                room += [(meld, None)] * min(slack, left)
                continue
            positions = [ranks[j] for j in kinds]
            k = len(kinds)
            if positions[0] == 1 and self.rules.aces == "both" and max(3, positions[-1]) - k != need:
                # The ace sits above the king.
                positions = positions[1:] + [14]
                kinds = kinds[1:] + kinds[:1]
            cards = {p: next(pool[j]) for p, j in zip(positions, kinds)}
            for p in range(positions[0], positions[-1]):
                if p not in cards:
                    cards[p] = next(spare)
            run = (cards, [positions[0], positions[-1]])
            while run[1][1] - run[1][0] < 2:
                self._grow(run, next(spare))
            runs.append(run)
            room += [(None, run)] * min(slack, left)
        deadwood = [next(pool[i]) for i in dead]
        points = sum(self.points[i] for i in dead)
        rest = list(spare)
        melds = sets
        if rest:
            if self.all_wild_ok and len(rest) >= 3 and len(room) < len(rest):
                melds.append(rest)
            else:
                for (meld, run), wild in zip(room, rest):
                    if meld is not None:
                        meld.append(wild)
                    else:
                        self._grow(run, wild)  # type: ignore[arg-type]
                extra = rest[len(room) :]
                deadwood += extra
                points += self.wild_points * len(extra)
        melds += [[cards[p] for p in sorted(cards)] for cards, _ in runs]
        deadwood.sort(key=_BY_RANK)
        return Arrangement(points, tuple(map(tuple, melds)), tuple(deadwood))

    def _grow(self, run: tuple[dict[int, Card], list[int]], wild: Card) -> None:
        """One wild more at an end of a run: up to the king, else down, else (aces both)
        up to the ace. A run with room is under 13 cards, so one of these is open."""
        cards, ends = run
        lo, hi = ends
        if hi < 13:
            ends[1] = hi + 1
            cards[hi + 1] = wild
        elif lo > (2 if hi == 14 else 1):
            ends[0] = lo - 1
            cards[lo - 1] = wild
        else:
            ends[1] = 14
            cards[14] = wild

    def _kinds_in(self, packed: int) -> list[int]:
        """The kinds in a packed group, each as often as it has copies there, in order."""
        out: list[int] = []
        mask = (1 << self.width) - 1
        j = 0
        while packed:
            out += [j] * (packed & mask)
            packed >>= self.width
            j += 1
        return out

    def value(self, state: int, wilds: int) -> int:
        return self.best(state, wilds, 0)


def solve(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()) -> Arrangement:
    """The arrangement of `hand` with the fewest penalty points (TT.10), exactly."""
    solver = _Solver(hand, wild_rank, rules)
    return solver.arrangement(solver.full, solver.wilds)


def discards(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[tuple[Card, Arrangement]]:
    """For each distinct card (rank and suit), the best arrangement of the hand without it.

    Sorted best first: by penalty, then by card. Of identical copies the lowest is named.
    """
    solver = _Solver(hand_after_draw, wild_rank, rules)
    out: list[tuple[Card, Arrangement]] = []
    for n, copies in enumerate(solver.copies):
        out.append((copies[0], solver.arrangement(solver.full - solver.unit[n], solver.wilds, copies[0])))
    seen: set[tuple[int, str]] = set()
    for wild in solver.wilds:
        if (wild.rank, wild.suit) in seen:
            continue
        seen.add((wild.rank, wild.suit))
        rest = list(solver.wilds)
        rest.remove(wild)
        out.append((wild, solver.arrangement(solver.full, rest)))
    out.sort(key=lambda item: (item[1].penalty, item[0]))
    return out


def _two_loose(hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> bool:
    """True when at least two cards can sit in no meld at all, so nobody goes out.

    With fewer than two wilds, a natural card melds only beside another natural card of
    its rank, or of its suit within two ranks (a run's gap holds one wild at most here).
    A cheap test that spares the full search for most hands.
    """
    naturals = [c for c in hand if c.rank != wild_rank]
    if len(hand) - len(naturals) >= 2:
        return False
    high = rules.aces == "both"

    def near(a: Card, b: Card) -> bool:
        if a.rank == b.rank:
            return True
        if a.suit != b.suit:
            return False
        gap = abs(a.rank - b.rank)
        if high and 1 in (a.rank, b.rank):
            gap = min(gap, 14 - max(a.rank, b.rank))  # the ace above the king
        return gap <= 2

    loose = 0
    for i, card in enumerate(naturals):
        if not any(near(card, other) for j, other in enumerate(naturals) if j != i):
            loose += 1
            if loose >= 2:
                return True
    return False


def can_go_out(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[Card]:
    """The discards that leave every other card melded (TT.8), lowest card first."""
    if _two_loose(hand_after_draw, wild_rank, rules):
        return []
    solver = _Solver(hand_after_draw, wild_rank, rules)
    wilds = len(solver.wilds)
    # Going out with card c melds everything else, so the whole hand can score points(c):
    # a hand whose best arrangement scores more than its dearest card cannot go out. One
    # search instead of one per card, and most hands stop here.
    if solver.value(solver.full, wilds) > max(card_points(c, rules) for c in hand_after_draw):
        return []
    out = [
        copies[0]
        for n, copies in enumerate(solver.copies)
        if solver.value(solver.full - solver.unit[n], wilds) == 0
    ]
    if wilds and solver.value(solver.full, wilds - 1) == 0:
        out += list({(c.rank, c.suit): c for c in reversed(solver.wilds)}.values())
    return sorted(out)
