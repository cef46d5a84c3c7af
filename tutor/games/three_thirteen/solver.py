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
it is memoised on that; it is exact because every partition into melds is one path. At the
end the wilds still free join melds with room, form a meld of their own (three or more, if
allowed), or score their face value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.cards import Card

_BIG = 1 << 20  # "no limit" for the wilds a meld can take


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


# A natural group: (packed cards, wilds needed, slack, layout). The layout is
# ("set", (card index, ...)) or ("run", ((position, card index), ...)) with positions 1..14.
_Group = tuple[int, int, int, tuple]


class _Solver:
    """The memoised search for one hand (shared by all the discards of a hand)."""

    def __init__(self, hand: Sequence[Card], wild_rank: int | None, rules: MeldRules) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.wilds = sorted(c for c in hand if c.rank == wild_rank)
        naturals = sorted(
            (c for c in hand if c.rank != wild_rank), key=lambda c: (c.suit, c.rank, c.copy)
        )
        self.wild_points = card_points(Card(wild_rank, "S"), rules) if wild_rank in range(1, 14) else 0
        self.all_wild_ok = not rules.natural_required and not rules.max_one_wild
        # Distinct natural cards, suit by suit, ace first; their copies in the hand.
        self.kinds: list[tuple[int, str]] = []
        self.copies: list[list[Card]] = []
        for c in naturals:
            if not self.kinds or self.kinds[-1] != (c.rank, c.suit):
                self.kinds.append((c.rank, c.suit))
                self.copies.append([])
            self.copies[-1].append(c)
        counts = [len(cs) for cs in self.copies]
        self.width = max(counts, default=1).bit_length() + 1
        self.unit = [1 << (self.width * i) for i in range(len(self.kinds))]
        guard = 1 << (self.width - 1)
        self.guards = sum(guard * u for u in self.unit)
        self.full = sum(n * u for n, u in zip(counts, self.unit))
        self.points = [card_points(Card(r, s), rules) for r, s in self.kinds]
        total_wilds = len(self.wilds)
        self.groups: list[list[_Group]] = [
            self._groups_of(i, counts, total_wilds) for i in range(len(self.kinds))
        ]
        self.wbits = max(total_wilds, 1).bit_length()
        self.memo: dict[int, int] = {}
        self.best: Callable[[int, int, int], int] = self._make_search()

    # -- natural groups ---------------------------------------------------------------

    def _groups_of(self, i: int, counts: list[int], total_wilds: int) -> list[_Group]:
        """Every natural group headed by kind `i` (it holds a copy of i and only later kinds)."""
        rules = self.rules
        mow = rules.max_one_wild
        rank, suit = self.kinds[i]
        found: dict[int, _Group] = {}

        def add(packed: int, need: int, cap: int, layout: tuple) -> None:
            if need > total_wilds or (mow and need > 1):
                return
            slack = min(cap, 1 if mow else _BIG) - need
            old = found.get(packed)
            if old is None or (need, -slack) < (old[1], -old[2]):
                found[packed] = (packed, need, slack, layout)

        # Sets: any number of copies of kind i with any copies of the same rank in later suits.
        same = [j for j in range(i + 1, len(self.kinds)) if self.kinds[j][0] == rank]
        choices: list[list[tuple[int, ...]]] = [[(i,) * n for n in range(1, counts[i] + 1)]]
        for j in same:
            choices.append([(j,) * n for n in range(counts[j] + 1)])
        combos: list[tuple[int, ...]] = [()]
        for opts in choices:
            combos = [c + o for c in combos for o in opts]
        for combo in combos:
            packed = sum(self.unit[j] for j in combo)
            add(packed, max(0, 3 - len(combo)), _BIG, ("set", combo))

        # Runs: kind i is the lowest natural card (or, with aces both, an ace above a Q/K).
        later = {self.kinds[j][0]: j for j in range(i + 1, len(self.kinds)) if self.kinds[j][1] == suit}
        placings = [(rank, sorted((r, j) for r, j in later.items()))]
        if rank == 1 and rules.aces == "both":
            placings.append((14, sorted((r, j) for r, j in later.items())))
        for top_ace, (base, cands) in enumerate(placings):
            if top_ace:
                # The ace sits at 14; the others at their ranks, at least 2.
                self._runs_down(i, cands, total_wilds, add)
                continue
            cands = [(r, j) for r, j in cands if r - base <= 12]

            def extend(start: int, chosen: list[tuple[int, int]], gaps: int) -> None:
                last = chosen[-1][0]
                k = len(chosen)
                span = last - base + 1
                packed = sum(self.unit[j] for _, j in chosen)
                add(packed, max(3, span) - k, 13 - k, ("run", tuple(chosen)))
                for n in range(start, len(cands)):
                    r, j = cands[n]
                    g = gaps + r - last - 1
                    if g > total_wilds or (mow and g > 1):
                        break
                    chosen.append((r, j))
                    extend(n + 1, chosen, g)
                    chosen.pop()

            extend(0, [(base, i)], 0)
        return sorted(found.values(), key=lambda g: (g[1], -g[0].bit_count()))

    def _runs_down(self, ace: int, cands: list[tuple[int, int]], total_wilds: int, add) -> None:
        """Runs with the ace of kind `ace` above the king, the other naturals below it."""
        mow = self.rules.max_one_wild
        down = sorted(cands, reverse=True)

        def extend(start: int, chosen: list[tuple[int, int]], gaps: int) -> None:
            low = chosen[-1][0]
            k = len(chosen)
            if k > 1:  # the ace alone is already a low run
                packed = sum(self.unit[j] for _, j in chosen)
                add(packed, max(3, 14 - low + 1) - k, 13 - k, ("run", tuple(reversed(chosen))))
            for n in range(start, len(down)):
                r, j = down[n]
                g = gaps + low - r - 1
                if g > total_wilds or (mow and g > 1):
                    break
                chosen.append((r, j))
                extend(n + 1, chosen, g)
                chosen.pop()

        extend(0, [(14, ace)], 0)

    # -- the search ---------------------------------------------------------------------

    def _make_search(self) -> Callable[[int, int, int], int]:
        memo = self.memo
        groups = self.groups
        unit = self.unit
        points = self.points
        guards = self.guards
        width = self.width
        wbits = self.wbits
        wild_points = self.wild_points
        all_wild_ok = self.all_wild_ok

        def best(state: int, w: int, s: int) -> int:
            key = (((state << wbits) | w) << wbits) | s
            v = memo.get(key)
            if v is not None:
                return v
            if not state:
                v = 0 if (w == 0 or (all_wild_ok and w >= 3)) else wild_points * (w - s)
                memo[key] = v
                return v
            i = ((state & -state).bit_length() - 1) // width
            v = points[i] + best(state - unit[i], w, s)
            if v:
                hs = state + guards
                for g, need, slack, _ in groups[i]:
                    if need > w:
                        break
                    if (hs - g) & guards == guards:
                        w2 = w - need
                        s2 = s + slack
                        c = best(state - g, w2, s2 if s2 < w2 else w2)
                        if c < v:
                            v = c
                            if not c:
                                break
            memo[key] = v
            return v

        return best

    def _path(self, state: int, w: int, s: int) -> tuple[list[int], list[_Group], int, int]:
        """The choices along an optimal path: unmatched kinds, natural groups, wilds and slack left."""
        dead: list[int] = []
        chosen: list[_Group] = []
        best = self.best
        while state:
            target = best(state, w, s)
            i = ((state & -state).bit_length() - 1) // self.width
            if self.points[i] + best(state - self.unit[i], w, s) == target:
                dead.append(i)
                state -= self.unit[i]
                continue
            hs = state + self.guards
            for group in self.groups[i]:
                g, need, slack, _ = group
                if need <= w and (hs - g) & self.guards == self.guards:
                    w2 = w - need
                    s2 = min(s + slack, w2)
                    if best(state - g, w2, s2) == target:
                        chosen.append(group)
                        state, w, s = state - g, w2, s2
                        break
            else:  # pragma: no cover - the memo guarantees a matching choice
                raise AssertionError("solver path lost")
        return dead, chosen, w, s

    # -- the answer ---------------------------------------------------------------------

    def arrangement(self, state: int, wilds: list[Card], without: Card | None = None) -> Arrangement:
        """The best arrangement of the naturals in `state` (not `without`) and the wild cards."""
        dead, chosen, left, _ = self._path(state, len(wilds), 0)
        pool = [[c for c in cs if c is not without] for cs in self.copies]
        spare = list(wilds)
        melds: list[list[Card]] = []
        room: list[tuple[int, str, list[int]]] = []  # meld index, kind, run positions
        for _, need, slack, (kind, layout) in chosen:
            if kind == "set":
                meld = [pool[j].pop(0) for j in layout]
                meld += [spare.pop(0) for _ in range(need)]
                melds.append(meld)
                room += [(len(melds) - 1, "set", [])] * min(slack, left)
            else:
                positions = [p for p, _ in layout]
                cards = {p: pool[j].pop(0) for p, j in layout}
                top = 14 if positions[-1] == 14 else 13
                lo, hi = positions[0], positions[-1]
                while hi - lo + 1 < 3:
                    if hi < top:
                        hi += 1
                    else:
                        lo -= 1
                for p in range(lo, hi + 1):
                    if p not in cards:
                        cards[p] = spare.pop(0)
                melds.append([cards[p] for p in sorted(cards)])
                room += [(len(melds) - 1, "run", [])] * min(slack, left)
        deadwood = [pool[i].pop(0) for i in dead]
        if left:
            if self.all_wild_ok and left >= 3 and len(room) < left:
                melds.append(spare[:left])
                spare = spare[left:]
            else:
                for m, kind, _ in room:
                    if not spare:
                        break
                    if kind == "set":
                        melds[m].append(spare.pop(0))
                    else:
                        self._extend_run(melds[m], spare.pop(0))
                deadwood += spare
        penalty = sum(card_points(c, self.rules) for c in deadwood)
        return Arrangement(
            penalty,
            tuple(tuple(m) for m in melds),
            tuple(sorted(deadwood)),
        )

    def _extend_run(self, meld: list[Card], wild: Card) -> None:
        """Add a spare wild at whichever end of a run has room (the run is under 13 cards)."""
        naturals = [(n, c) for n, c in enumerate(meld) if c.rank != self.wild_rank]
        n0, c0 = naturals[0]
        # The position of the first card of the run: the first natural's, counted back.
        pos0 = c0.rank - n0
        if self.rules.aces == "both" and c0.rank == 1 and n0 > 0:
            pos0 = 14 - n0
        pos_end = pos0 + len(meld) - 1
        top = 14 if self.rules.aces == "both" and pos0 > 1 else 13
        if pos_end < top:
            meld.append(wild)
        else:
            meld.insert(0, wild)

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


def can_go_out(
    hand_after_draw: Sequence[Card], wild_rank: int | None, rules: MeldRules = MeldRules()
) -> list[Card]:
    """The discards that leave every other card melded (TT.8), lowest card first."""
    solver = _Solver(hand_after_draw, wild_rank, rules)
    wilds = len(solver.wilds)
    out = [
        copies[0]
        for n, copies in enumerate(solver.copies)
        if solver.value(solver.full - solver.unit[n], wilds) == 0
    ]
    if wilds and solver.value(solver.full, wilds - 1) == 0:
        out += list({(c.rank, c.suit): c for c in reversed(solver.wilds)}.values())
    return sorted(out)
