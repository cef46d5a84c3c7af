"""What one seat knows of a Toepen hand, in a canonical form, and how many deals fit it (TOE.1, TOE.4, TOE.5, TOE.10).

`position` reads a state as one seat sees it: its hand, the cards it cannot see, who is still
in and how many cards each holds, the suits each has shown it lacks (a player who did not follow
suit holds none of it, TOE.5), the trick under way and who leads; seats counted from that
seat's left and cards sorted, so the same table reads the same whatever the seat numbers or the
order of the cards (`sampling.py` seeds its draws from it). `count_deals` counts the deals of the
unseen cards that fit, suit by suit; `Estimate` is what `sampling.estimate` answers.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from tutor.cards import SUITS, Card
from tutor.games.toepen.engine import DECK, State, power

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
