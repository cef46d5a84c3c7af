"""The 33 coach's figures, worked out from what the player to move can see (33.5-33.9).

`risk` is the chance that the player is stuck (33.8) at their next turn or the one after,
if everyone, the player too, plays on as the `normal` bot does, and the cards the player
cannot see lie in any order consistent with what the table saw. The playouts follow the
rules to the letter: every player draws after playing, and an empty stock is refilled from
the pile (33.9), turned over by default (so its order is known to all) or shuffled
(`recycle=shuffle`).

The figure is exact when the worlds consistent with the position are few enough
(`EXACT_LEAVES`): near the end of a deck, or after a flip-over, when the only unknown cards
are those in the others' hands. Otherwise it is sampled until its 95% error is at most
`TARGET` (0.7 of a percentage point: within the one point asked of every quoted figure,
with room left for the rounding to whole percents). Two things keep the samples few: the
card the player draws is never dealt in advance, since the others never see it (its chance
of leaving them stuck is counted exactly over the cards it may be: conditional
expectation), and each play is sampled only as long as it may still be the best or its
figure is quoted; a verdict on the edge of the coach's tolerance is sampled further
(`settle`). The random
numbers come from a canonical form of the position and the play (`Seen.key`): seats are
counted from the player, hands and the pile sorted where their order cannot matter, so the
same table gives the same figures whoever sits where.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tutor.games.thirty_three.bots.normal import normal_key
from tutor.games.thirty_three.deck import FACES, LIMIT, VALUES
from tutor.games.thirty_three.engine import Play, State

#: The 95% error a sampled figure is brought down to (a share: 0.01 would be one point).
TARGET = 0.007
#: Worlds sampled at a time, and at most per play.
BATCH = 512
MAX_WORLDS = 48_000
#: At most this many worlds per play to settle a verdict that sits on its margin.
SETTLE_WORLDS = 16_384
#: The most leaves an exact count may visit per play, before sampling takes over.
EXACT_LEAVES = 4_000
_Z = 1.96

_INDEX = {face: i for i, face in enumerate(FACES)}
_NF = len(FACES)
_LOW = tuple(min(VALUES[f]) for f in FACES)
_NEVER = -(1 << 30)


class _Rows(dict[int, tuple[tuple[int, int], ...]]):
    """total -> per card index: (key of its best `normal` play, its value); _NEVER if none fits."""

    def __missing__(self, total: int) -> tuple[tuple[int, int], ...]:
        row = []
        for card, face in enumerate(FACES):
            best = (_NEVER, 0)
            for value in VALUES[face]:
                if total + value <= LIMIT:
                    key = normal_key(face, value, total + value)
                    if key > best[0]:
                        best = (key, value)
            row.append(best)
        self[total] = tuple(row)
        return self[total]


class _Bad(dict[int, tuple[int, ...]]):
    """total -> the card indices that do not fit under 33 at that total."""

    def __missing__(self, total: int) -> tuple[int, ...]:
        self[total] = tuple(c for c in range(_NF) if total + _LOW[c] > LIMIT)
        return self[total]


_ROWS = _Rows()
_BAD = _Bad()


@dataclass(frozen=True)
class Seen:
    """A position as the player to move sees it. Seats are counted from them in the order of
    play (0 is the player); cards are faces."""

    total: int
    hand: tuple[str, ...]  # sorted
    sizes: tuple[int, ...]  # cards each seat holds
    shown: tuple[tuple[str, ...], ...]  # cards each seat is known to hold (33.9, flip), sorted
    pool: tuple[str, ...]  # the cards nobody has shown: in the others' other cards and an unknown stock
    stock: tuple[str, ...] | None  # the stock's order (top card last) when it is public, else None
    stock_size: int
    pile: tuple[str, ...]  # bottom first
    shuffle: bool  # 33.9 option: an empty stock is refilled by shuffling

    @property
    def players(self) -> int:
        return len(self.sizes)

    def key(self) -> str:
        """The position in a canonical form: the pile's order only where it may matter (a
        flip-over within the two rounds a figure looks at)."""
        draws = 2 * self.players + 1
        pile = self.pile if self.stock_size <= draws and not self.shuffle else tuple(sorted(self.pile))
        return repr((self.total, self.hand, self.sizes, self.shown, tuple(sorted(self.pool)), self.stock,
                     self.stock_size, pile, self.shuffle))


def seen(state: State, player: int | None = None) -> Seen:
    """What `player` (the player to move by default) sees of `state`: their hand, the pile,
    how many cards each holds, and what 33.9 made public."""
    me = state.current if player is None else player
    n = state.players
    order = [(me + i) % n for i in range(n)]
    shown = tuple(() if q == me else tuple(sorted(state.shown[q])) for q in order)
    public = tuple(state.stock) if state.stock_public else None
    pool = Counter(state.options.deck)
    pool.subtract(state.hands[me])
    pool.subtract(state.pile)
    for cards in shown:
        pool.subtract(cards)
    if public is not None:
        pool.subtract(public)
    return Seen(
        total=state.total,
        hand=tuple(sorted(state.hands[me])),
        sizes=tuple(len(state.hands[q]) for q in order),
        shown=shown,
        pool=tuple(sorted(pool.elements())),
        stock=public,
        stock_size=len(state.stock),
        pile=tuple(state.pile),
        shuffle=state.options.shuffle_recycle,
    )


@dataclass(frozen=True)
class Estimate:
    value: float  # the chance, 0 to 1
    error: float  # the 95% error (half the interval); 0 when exact
    worlds: int  # worlds sampled; 0 when exact

    @property
    def exact(self) -> bool:
        return self.worlds == 0


# --------------------------------------------------------------------------- next player


def next_stuck(view: Seen, total: int) -> float:
    """The exact chance that the next player has no card that fits at `total` (33.8): their
    known cards, and the rest any cards of the pool."""
    if view.players < 2:
        return 0.0
    known = view.shown[1]
    if any(total + _LOW[_INDEX[c]] <= LIMIT for c in known):
        return 0.0
    k = view.sizes[1] - len(known)
    n = len(view.pool)
    if k <= 0:
        return 1.0 if known else 0.0
    if n < k:
        return 0.0
    bad = sum(1 for c in view.pool if total + _LOW[_INDEX[c]] > LIMIT)
    return math.comb(bad, k) / math.comb(n, k)


# --------------------------------------------------------------------------- the playout, shared


class _Start:
    """What every world of one play starts from: cards as indices, unknown slots as -1 - urn."""

    def __init__(self, view: Seen, play: Play) -> None:
        self.n = view.players
        kept = list(view.hand)
        kept.remove(play.card)
        self.kept = sorted(_INDEX[c] for c in kept)
        self.total = view.total + play.value
        self.pile = [_INDEX[c] for c in view.pile] + [_INDEX[play.card]]
        self.hands: list[list[int]] = [[]]
        for q in range(1, self.n):
            known = [_INDEX[c] for c in view.shown[q]]
            self.hands.append(known + [-1] * (view.sizes[q] - len(known)))
        self.stock = [_INDEX[c] for c in view.stock] if view.stock is not None else [-1] * view.stock_size
        self.pool = [_INDEX[c] for c in view.pool]
        counts = [0] * _NF
        for c in self.pool:
            counts[c] += 1
        self.counts = counts
        self.shuffle = view.shuffle


def best_play(row: tuple[tuple[int, int], ...], hand: list[int]) -> tuple[int, int]:
    """Where in `hand` the `normal` play is, and its value; (-1, 0) if no card fits (33.8)."""
    best, pos, val = _NEVER, -1, 0
    for i, c in enumerate(hand):
        key, value = row[c]
        if key > best:
            best, pos, val = key, i, value
    return pos, val


def _refilled(pile: list[int], urns: list[list], flip: bool) -> list[int]:
    """33.9: the new stock (top card last) from the pile: turned over, its cards known; or
    shuffled, a new urn of them (`urns` gains it) from which its slots are drawn."""
    if flip:
        return pile[::-1]
    counts = [0] * _NF
    for c in pile:
        counts[c] += 1
    urns.append([pile, len(pile), counts])
    return [-len(urns)] * len(pile)


# --------------------------------------------------------------------------- exact


class _TooMany(Exception):
    pass


def _hypergeometric(counts: list[int], m: int, k: int) -> Iterator[tuple[list[int], float]]:
    """Every multiset of `k` cards drawn from an urn (`counts` per card, `m` in all), with its
    chance."""
    faces = [c for c in range(_NF) if counts[c]]
    whole = math.comb(m, k)

    def walk(i: int, left: int, picked: list[int], ways: int) -> Iterator[tuple[list[int], float]]:
        if left == 0:
            yield picked, ways / whole
            return
        if i == len(faces):
            return
        c = faces[i]
        for x in range(min(left, counts[c]), -1, -1):
            yield from walk(i + 1, left - x, picked + [c] * x, ways * math.comb(counts[c], x))

    yield from walk(0, k, [], 1)


class _Exact:
    """The figure as a sum over every consistent world, card by card as it comes into play."""

    def __init__(self, start: _Start, leaves: int) -> None:
        self.s = start
        self.left = leaves

    def run(self) -> float:
        s = self.s
        urns = [(list(s.counts), len(s.pool))]
        return self._draw_mine(s.total, [list(h) for h in s.hands], list(s.stock), list(s.pile), urns,
                               list(s.kept), 0)

    def _spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _TooMany

    def _refill(self, stock: list[int], pile: list[int], urns: list[tuple[list[int], int]]
                ) -> tuple[list[int], list[int], list[tuple[list[int], int]]]:
        if stock:
            return stock, pile, urns
        shaped: list[list] = [[None, m, counts] for counts, m in urns]  # as the sampler keeps them
        stock = _refilled(pile, shaped, not self.s.shuffle)
        return stock, [], [(counts, m) for _, m, counts in shaped]

    def _draw_mine(self, total: int, hands: list[list[int]], stock: list[int], pile: list[int],
                   urns: list[tuple[list[int], int]], kept: list[int], step: int) -> float:
        stock, pile, urns = self._refill(stock, pile, urns)
        stock = stock[:]
        slot = stock.pop()
        return self._others(total, hands, stock, pile, urns, kept, slot, step, 1)

    def _others(self, total: int, hands: list[list[int]], stock: list[int], pile: list[int],
                urns: list[tuple[list[int], int]], kept: list[int], slot: int, step: int, q: int) -> float:
        """Seat `q` is to play (the player, seat 0, once q reaches the table's size)."""
        if q == self.s.n:
            return self._mine(total, hands, stock, pile, urns, kept, slot, step)
        hand = hands[q]
        unknown = [c for c in hand if c < 0]
        if not unknown:
            return self._play_other(total, hands, stock, pile, urns, kept, slot, step, q, hand)
        # Reveal the unknown cards, urn by urn (all from one urn, but for a shuffled refill).
        urn_id = -1 - unknown[0]
        k = sum(1 for c in unknown if c == unknown[0])
        counts, m = urns[urn_id]
        rest = [c for c in hand if c != unknown[0]]
        result = 0.0
        for picked, chance in _hypergeometric(counts, m, k):
            new_counts = list(counts)
            for c in picked:
                new_counts[c] -= 1
            new_urns = list(urns)
            new_urns[urn_id] = (new_counts, m - k)
            new_hands = list(hands)
            new_hands[q] = rest + picked
            result += chance * self._others(total, new_hands, stock, pile, new_urns, kept, slot, step, q)
        return result

    def _play_other(self, total: int, hands: list[list[int]], stock: list[int], pile: list[int],
                    urns: list[tuple[list[int], int]], kept: list[int], slot: int, step: int, q: int,
                    hand: list[int]) -> float:
        self._spend()
        pos, val = best_play(_ROWS[total], hand)
        if pos < 0:
            return 0.0  # they are stuck (33.8), and the game ends before the player's turn
        hand = hand[:pos] + hand[pos + 1:]
        pile = pile + [hands[q][pos]]
        stock, pile, urns = self._refill(stock, pile, urns)
        stock = stock[:]
        hand.append(stock.pop())
        hands = list(hands)
        hands[q] = hand
        return self._others(total + val, hands, stock, pile, urns, kept, slot, step, q + 1)

    def _mine(self, total: int, hands: list[list[int]], stock: list[int], pile: list[int],
              urns: list[tuple[list[int], int]], kept: list[int], slot: int, step: int) -> float:
        self._spend()
        fits = any(total + _LOW[c] <= LIMIT for c in kept)
        if slot >= 0:
            if not fits and total + _LOW[slot] > LIMIT:
                return 1.0
            return 0.0 if step == 1 else self._play_mine(total, hands, stock, pile, urns, kept + [slot])
        urn_id = -1 - slot
        counts, m = urns[urn_id]
        bad = sum(counts[c] for c in _BAD[total])
        stuck = 0.0 if fits else bad / m
        if step == 1 or stuck == 1.0:
            return stuck
        result = stuck
        for c in range(_NF):
            if counts[c] and (fits or total + _LOW[c] <= LIMIT):
                new_counts = list(counts)
                new_counts[c] -= 1
                new_urns = list(urns)
                new_urns[urn_id] = (new_counts, m - 1)
                result += counts[c] / m * self._play_mine(total, hands, stock, pile, new_urns, kept + [c])
        return result

    def _play_mine(self, total: int, hands: list[list[int]], stock: list[int], pile: list[int],
                   urns: list[tuple[list[int], int]], hand: list[int]) -> float:
        pos, val = best_play(_ROWS[total], hand)
        kept = hand[:pos] + hand[pos + 1:]
        return self._draw_mine(total + val, hands, stock, pile + [hand[pos]], urns, kept, 1)


def _worlds_bound(start: _Start) -> float:
    """How many ways the unknown cards may come into play, at most (in the horizon of two
    rounds): each other seat's unknown cards, then the card each draws and the player's own."""
    m = len(start.pool)
    kinds = sum(1 for c in start.counts if c)
    bound = 1.0
    for hand in start.hands[1:]:
        k = sum(1 for c in hand if c < 0)
        if k:
            bound *= min(math.comb(max(m, k), k), math.comb(kinds + k - 1, k))
            m -= k
    draws = sum(1 for c in start.stock[-(2 * start.n + 1):] if c < 0)
    return bound * float(min(kinds, max(m, 1))) ** draws


def exact_risk(view: Seen, play: Play, leaves: int = EXACT_LEAVES) -> float | None:
    """The figure summed over every consistent world, or None if that takes more than `leaves`
    steps."""
    start = _Start(view, play)
    if _worlds_bound(start) > leaves:
        return None
    try:
        return _Exact(start, leaves).run()
    except _TooMany:
        return None


# --------------------------------------------------------------------------- sampled


def _sample(start: _Start, worlds: int, rng: random.Random) -> tuple[float, float]:
    """Sum and sum of squares of the figure over `worlds` sampled worlds: each is the chance
    of being stuck given the cards the others were dealt and drew (the player's own draws
    counted exactly, by conditional expectation)."""
    rand = rng.random
    n, rows, bads, low = start.n, _ROWS, _BAD, _LOW
    flip = not start.shuffle
    total_sum = total_sq = 0.0
    for _ in range(worlds):
        urns = [[list(start.pool), len(start.pool), list(start.counts)]]
        hands = [list(h) for h in start.hands]
        stock = list(start.stock)
        pile = list(start.pile)
        total = start.total
        kept = list(start.kept)
        value = 0.0
        carry = 1.0  # the chance of not having been stuck at an earlier turn
        for step in (0, 1):
            # The player draws: a refill first if the stock is empty (33.9).
            if not stock:
                stock, pile = _refilled(pile, urns, flip), []
            slot = stock.pop()
            stuck_other = False
            for q in range(1, n):
                hand = hands[q]
                for i, c in enumerate(hand):
                    if c < 0:
                        urn = urns[-1 - c]
                        cards, m = urn[0], urn[1] - 1
                        j = int(rand() * (m + 1))
                        card = cards[j]
                        cards[j] = cards[m]
                        cards[m] = card
                        urn[1] = m
                        urn[2][card] -= 1
                        hand[i] = card
                pos, val = best_play(rows[total], hand)
                if pos < 0:
                    stuck_other = True
                    break
                pile.append(hand.pop(pos))
                total += val
                if not stock:
                    stock, pile = _refilled(pile, urns, flip), []
                hand.append(stock.pop())
            if stuck_other:
                break
            # The player's turn: their chance of being stuck, over the card they drew.
            fits = False
            for c in kept:
                if total + low[c] <= LIMIT:
                    fits = True
                    break
            if slot >= 0:
                stuck = 0.0 if fits or total + low[slot] <= LIMIT else 1.0
            elif fits:
                stuck = 0.0
            else:
                urn = urns[-1 - slot]
                counts = urn[2]
                bad = 0
                for c in bads[total]:
                    bad += counts[c]
                stuck = bad / urn[1]
            value += carry * stuck
            carry *= 1.0 - stuck
            if step == 1 or carry == 0.0:
                break
            if slot < 0:
                # The card they drew, among those that leave them a play.
                urn = urns[-1 - slot]
                cards, m = urn[0], urn[1]
                while True:
                    j = int(rand() * m)
                    card = cards[j]
                    if fits or total + low[card] <= LIMIT:
                        break
                m -= 1
                cards[j] = cards[m]
                cards[m] = card
                urn[1] = m
                urn[2][card] -= 1
                slot = card
            hand = kept + [slot]
            pos, val = best_play(rows[total], hand)
            pile.append(hand.pop(pos))
            total += val
            kept = hand
        total_sum += value
        total_sq += value * value
    return total_sum, total_sq


class _Running:
    """One play's sampled figure so far."""

    def __init__(self, view: Seen, play: Play) -> None:
        self.start = _Start(view, play)
        digest = hashlib.sha256((view.key() + repr((play.card, play.value))).encode()).digest()
        self.rng = random.Random(int.from_bytes(digest[:8], "big"))
        self.sum = self.sq = 0.0
        self.worlds = 0

    def more(self, worlds: int) -> None:
        s, q = _sample(self.start, worlds, self.rng)
        self.sum += s
        self.sq += q
        self.worlds += worlds

    @property
    def mean(self) -> float:
        return self.sum / self.worlds

    @property
    def error(self) -> float:
        n = self.worlds
        var = max(self.sq / n - self.mean ** 2, 0.0) * n / max(n - 1, 1)
        # A figure with no spread yet (all 0 so far) still has the error of a rare event.
        return _Z * math.sqrt(max(var, 1.0 / n) / n)

    def estimate(self) -> Estimate:
        return Estimate(min(max(self.mean, 0.0), 1.0), self.error, self.worlds)


def risks(view: Seen, plays: Sequence[Play], quoted: Sequence[Play] = (), target: float = TARGET,
          max_worlds: int = MAX_WORLDS, exact_leaves: int = EXACT_LEAVES,
          settle: tuple[Play, float] | None = None) -> dict[Play, Estimate]:
    """Each play's figure: exact where the worlds are few; else sampled until the 95% error
    of every play that may be the best, and of every `quoted` play, is at most `target`.

    A play that is clearly worse than the best (their intervals apart) stops being sampled
    unless it is quoted; its estimate stays as far as it got. With `settle` = (play, margin),
    that play and the best are then sampled on (up to `SETTLE_WORLDS` each) while their gap
    is too close to `margin` for their errors to tell which side it is on.
    """
    out: dict[Play, Estimate] = {}
    running: dict[Play, _Running] = {}
    for play in plays:
        value = exact_risk(view, play, exact_leaves) if exact_leaves > 0 else None
        if value is not None:
            out[play] = Estimate(value, 0.0, 0)
        else:
            running[play] = _Running(view, play)
    if not running:
        return out
    for r in running.values():
        r.more(BATCH)
    while True:
        ests = {p: r.estimate() for p, r in running.items()}
        ests.update(out)
        lead = min(ests.values(), key=lambda e: e.value + e.error)
        ceiling = lead.value + lead.error
        busy = [p for p, r in running.items()
                if r.worlds < max_worlds and r.error > target
                and (p in quoted or r.mean - r.error <= ceiling)]
        if not busy:
            break
        for p in busy:
            running[p].more(BATCH)
    if settle is not None:
        mine, margin = settle
        while mine in running:
            ests = {p: r.estimate() for p, r in running.items()}
            ests.update(out)
            lead = min(ests, key=lambda p: ests[p].value)
            gap = ests[mine].value - ests[lead].value
            close = abs(gap - margin) <= ests[mine].error + ests[lead].error
            busy = [p for p in {mine, lead} if p in running and running[p].worlds < SETTLE_WORLDS]
            if lead == mine or not close or not busy:
                break
            for p in busy:
                running[p].more(BATCH)
    for p, r in running.items():
        out[p] = r.estimate()
    return out
