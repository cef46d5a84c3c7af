"""The chance of taking the last trick, as one seat sees the table (TOE.1, TOE.4, TOE.5, TOE.10).

What a seat knows is put in a canonical form first (`Position`): seats counted from that seat's
left, hands and the unseen cards sorted, so the same table gets the same numbers whatever the
seat numbers, the order of the cards in a hand, or whether it was met in play, a drill or a
lesson. Every deal of the unseen cards to the opponents still in that fits what the seat saw
is equally likely: a player who did not follow a suit holds none of it (TOE.5), the cards
played, the seat's own hand and thrown hand and every thrown hand shown in a challenge are
out (TOE.4). Knocks, stays and the way the others played move no weight (a knock is cheap
talk: each player knocks by their own habits).

The chance is the seat's **best continuation**: the seat plays the best card at its next turn
(the card with the best chance after what it will have seen of that trick: who led, the suit
led and the highest card so far), then, like everyone else, keeps its strongest card for the
last trick, wins cheaply and throws its lowest card (`worlds.policy`). Nobody knocks or folds
any more. When the seat is to play now that is simply the chance after its best card, so a
stay/fold, knock or dirty-laundry screen shows the same figure as the card screen after it.

Exact where it is cheap: when the deals that fit are no more than the samples asked for, all of
them are played out (`Estimate.exact`). Otherwise that many deals are drawn exactly at random
under the same rules (the voids counted suit by suit, not by rejection), from a generator
seeded by the canonical position. The 95% error of a figure is `Estimate.error`.

The arrays and the playouts are in `worlds.py` (numpy, imported on first use).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from tutor.cards import SUITS, Card
from tutor.games.toepen.engine import DECK, Phase, State, power

#: Deals played out for the coach: a figure's 95% error is then at most 0.8 points (at 50%).
COACH_SAMPLES = 16_000
#: Deals played out for the hard bot's decisions (95% error at most 2.5 points).
BOT_SAMPLES = 1_600
#: Kept estimates (the coach and the bots ask the same position more than once).
CACHE_SIZE = 256

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: A card as a small int: suit * 8 + power, so cards of one suit compare by power.
CARD_INT: dict[Card, int] = {c: _SUIT_INDEX[c.suit] * 8 + power(c) for c in DECK}
INT_CARD: dict[int, Card] = {v: c for c, v in CARD_INT.items()}


@dataclass(frozen=True)
class Position:
    """What one seat knows of a hand in trick play, seats counted from it (it is seat 0).

    `opponents`: (seat, cards held, void suits as a bit mask) of each other player still in;
    `pool`: the cards the seat cannot see (held by them, in the stock, in folded or unshown
    thrown hands); `trick`: the current trick as (seat, card); `done`: tricks finished;
    `leader`: who led the current trick, or leads it when it is empty (a player still in).
    """

    players: int
    mine: tuple[int, ...]
    pool: tuple[int, ...]
    opponents: tuple[tuple[int, int, int], ...]
    in_hand: tuple[bool, ...]
    trick: tuple[tuple[int, int], ...]
    done: int
    leader: int

    @property
    def key(self) -> bytes:
        return repr(self).encode()

    def seed(self, samples: int) -> int:
        digest = hashlib.blake2b(self.key + b"/%d" % samples, digest_size=8).digest()
        return int.from_bytes(digest, "big")

    @property
    def next_is_mine(self) -> bool:
        """The seat plays the next card (nothing is seen before its decision)."""
        return _next_to_play(self) == 0


def _next_to_play(pos: Position) -> int:
    """Who plays the next card (when everyone still in has played to the trick, and some who
    played to it have folded since: the leader of the next trick, TOE.10)."""
    n = pos.players
    played = {s for s, _ in pos.trick}
    start = (pos.trick[-1][0] + 1) % n if pos.trick else pos.leader
    for i in range(n):
        s = (start + i) % n
        if pos.in_hand[s] and s not in played:
            return s
    led = pos.trick[0][1] >> 3
    winner = max((c, s) for s, c in pos.trick if c >> 3 == led)[1]
    return next((winner + i) % n for i in range(n) if pos.in_hand[(winner + i) % n])


def trick_complete(pos: Position) -> bool:
    """Everyone still in has played to the current trick (the others who had not, folded)."""
    played = {s for s, _ in pos.trick}
    return bool(pos.trick) and all(s in played for s in range(pos.players) if pos.in_hand[s])


def position(state: State, seat: int) -> Position:
    """The canonical form of what `seat` knows (the player to act need not be `seat`)."""
    n = state.players

    def rel(s: int) -> int:
        return (s - seat) % n

    seen: set[Card] = set(state.hands[seat]) | set(state.thrown[seat])
    voids = [0] * n
    for trick in [*state.tricks, state.trick]:
        if not trick:
            continue
        led = trick[0][1].suit
        for s, c in trick:
            seen.add(c)
            if c.suit != led:
                voids[s] |= 1 << _SUIT_INDEX[led]
    for s in range(n):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    pool = tuple(sorted(CARD_INT[c] for c in DECK if c not in seen))
    opponents = tuple(sorted((rel(s), len(state.hands[s]), voids[s]) for s in range(n)
                             if s != seat and state.in_hand[s]))
    in_hand = tuple(state.in_hand[(seat + r) % n] for r in range(n))
    if state.trick:
        leader = state.trick[0][0]
    else:
        leader = state.leader
        if not state.in_hand[leader]:
            leader = next(s for s in state.seats_from(leader) if state.in_hand[s])
    return Position(
        players=n,
        mine=tuple(sorted(CARD_INT[c] for c in state.hands[seat])),
        pool=pool,
        opponents=opponents,
        in_hand=in_hand,
        trick=tuple((rel(s), CARD_INT[c]) for s, c in state.trick),
        done=state.tricks_done,
        leader=rel(leader),
    )


# ------------------------------------------------------------------ counting the deals that fit


def _suit_counts(cards: tuple[int, ...]) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[c >> 3] += 1
    return counts[0], counts[1], counts[2], counts[3]


@lru_cache(maxsize=4096)
def compositions(size: int, rem: tuple[int, ...], voids: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to take `size` cards by suit from `rem` (cards left of each suit), no void suit."""
    out = []
    for a in range(min(size, rem[0]) + 1 if not voids & 1 else 1):
        for b in range(min(size - a, rem[1]) + 1 if not voids & 2 else 1):
            for c in range(min(size - a - b, rem[2]) + 1 if not voids & 4 else 1):
                d = size - a - b - c
                if d <= rem[3] and (d == 0 or not voids & 8):
                    out.append((a, b, c, d))
    return tuple(out)


@lru_cache(maxsize=4096)
def ways(need: tuple[tuple[int, int], ...], rem: tuple[int, ...]) -> int:
    """How many deals give each (size, voids) in `need` its cards from `rem` (the rest stays unseen)."""
    if not need:
        return 1
    size, voids = need[0]
    total = 0
    for x in compositions(size, rem, voids):
        count = comb(rem[0], x[0]) * comb(rem[1], x[1]) * comb(rem[2], x[2]) * comb(rem[3], x[3])
        total += count * ways(need[1:], (rem[0] - x[0], rem[1] - x[1], rem[2] - x[2], rem[3] - x[3]))
    return total


def count_deals(pos: Position) -> int:
    """How many deals of the unseen cards to the opponents still in fit what the seat saw."""
    return ways(tuple((size, voids) for _, size, voids in pos.opponents), _suit_counts(pos.pool))


# ------------------------------------------------------------------ the estimate


@dataclass(frozen=True)
class Estimate:
    """The seat's chance of taking the last trick with its best continuation, and how sure it is.

    `value`: the chance; `after`: when the seat is to play now, the chance after each card it
    may play (else empty); `best`: the card it should play now (None when others play first);
    `error`: the 95% error of `value` (0 when `exact`); `deals`: how many deals were played out.
    """

    value: float
    after: dict[Card, float] = field(default_factory=dict)
    best: Card | None = None
    error: float = 0.0
    exact: bool = True
    deals: int = 0
    #: the 95% error of the difference between the chances after two cards (common deals)
    diff_errors: dict[tuple[Card, Card], float] = field(default_factory=dict)

    def diff_error(self, a: Card, b: Card) -> float:
        if a == b or self.exact:
            return 0.0
        return self.diff_errors.get((a, b), self.diff_errors.get((b, a), self.error * 2))


_cache: OrderedDict[tuple[bytes, int], Estimate] = OrderedDict()


def estimate(state: State, seat: int, samples: int = COACH_SAMPLES) -> Estimate:
    """The chance that `seat` takes the last trick (wins the hand) if nobody else folds or knocks.

    0 for a seat out of the hand, 1 for the only one left in it. The same position (in its
    canonical form) always gets the same estimate.
    """
    if state.is_over or not state.in_hand[seat]:
        return Estimate(0.0)
    if sum(state.in_hand) == 1 or state.phase is Phase.OVER:
        return Estimate(1.0)
    pos = position(state, seat)
    key = (pos.key, samples)
    hit = _cache.get(key)
    if hit is not None:
        _cache.move_to_end(key)
        return hit
    from tutor.games.toepen.bots import worlds  # numpy, loaded on first use

    result = worlds.evaluate(pos, samples)
    _cache[key] = result
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def last_trick_chance(state: State, seat: int, samples: int = COACH_SAMPLES) -> float:
    """The seat's chance of taking the last trick with its best continuation (`estimate`)."""
    return estimate(state, seat, samples).value
