"""The hard Toepen bot's search: its chance of taking the last trick (TOE.1, TOE.4, TOE.5, TOE.10).

`last_trick_chance` deals the cards a seat cannot see at random among the players still in,
consistent with what it saw (a player who did not follow a suit has none of it, TOE.5; a
thrown hand that was shown is out of play, TOE.4), weights each deal by how well it fits who
knocked and who stayed, and plays each out with a simple policy for everyone; the fourth
trick goes to the best card of the suit led among the players still in (TOE.10). Cards are
small ints for speed: suit * 8 + power (TOE.1), so cards of one suit compare by power.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.cards import SUITS, Card
from tutor.games.toepen.engine import DECK, Phase, State, power

#: hard: rollouts per decision, and the wall-time budget of one decision (seconds).
SAMPLES = 160
BUDGET = 0.12

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
#: A card as a small int: suit * 8 + power, so cards of one suit compare by power.
_INT: dict[Card, int] = {c: _SUIT_INDEX[c.suit] * 8 + power(c) for c in DECK}


@dataclass
class _Setup:
    """What a seat knows for sampling the cards it cannot see."""

    seat: int
    pool: list[int]  # the cards it cannot see
    opponents: list[int]  # still in, constrained ones first
    sizes: dict[int, int]
    voids: dict[int, set[int]]  # suits a player has shown they do not hold
    knocked: set[int]
    stayed: set[int]


def _setup(state: State, seat: int) -> _Setup:
    seen: set[Card] = set(state.hands[seat]) | set(state.thrown[seat])
    voids: dict[int, set[int]] = {s: set() for s in range(state.players)}
    for trick in [*state.tricks, state.trick]:
        if not trick:
            continue
        led = trick[0][1].suit
        for s, c in trick:
            seen.add(c)
            if c.suit != led:
                voids[s].add(_SUIT_INDEX[led])
    for s in range(state.players):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    pool = [_INT[c] for c in DECK if c not in seen]
    opponents = [s for s in range(state.players) if s != seat and state.in_hand[s]]
    opponents.sort(key=lambda s: -len(voids[s]))
    knocked: set[int] = set()
    stayed: set[int] = set()
    for e in state.log:
        kind = e["event"]
        if kind == "knock":
            knocked.add(e["player"])
        elif kind == "stay":
            stayed.add(e["player"])
    return _Setup(seat, pool, opponents, {s: len(state.hands[s]) for s in opponents}, voids, knocked, stayed)


def _sample(setup: _Setup, rng: random.Random) -> dict[int, list[int]] | None:
    """One deal of the unseen cards to the opponents still in, consistent with their voids."""
    cards = setup.pool[:]
    rng.shuffle(cards)
    hands: dict[int, list[int]] = {}
    for s in setup.opponents:
        need = setup.sizes[s]
        void = setup.voids[s]
        if not void:
            hands[s] = cards[:need]
            del cards[:need]
        else:
            got: list[int] = []
            rest: list[int] = []
            for c in cards:
                if len(got) < need and (c >> 3) not in void:
                    got.append(c)
                else:
                    rest.append(c)
            if len(got) < need:
                return None
            hands[s] = got
            cards = rest
    return hands


#: hard: how likely a player with this best card (power 0-7) was to knock, or to stay after a knock.
_KNOCK_FIT = (0.08, 0.1, 0.14, 0.2, 0.3, 0.5, 0.8, 1.0)
_STAY_FIT = (0.3, 0.35, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0)


def _weight(setup: _Setup, hands: dict[int, list[int]]) -> float:
    w = 1.0
    for s in setup.opponents:
        hand = hands[s]
        if not hand:
            continue
        best = max(c & 7 for c in hand)
        if s in setup.knocked:
            w *= _KNOCK_FIT[best]
        elif s in setup.stayed:
            w *= _STAY_FIT[best]
    return w


def _policy(hand: list[int], trick: list[tuple[int, int]]) -> int:
    """The rollout policy: keep the strongest card for the last trick, win cheaply, dump low."""
    if len(hand) == 1:
        return hand[0]
    keeper = max(hand, key=lambda c: c & 7)
    spare = [c for c in hand if c != keeper]
    if not trick:
        high = max(spare, key=lambda c: c & 7)
        if len(hand) == 2 or (high & 7) >= 6:
            return high
        return min(spare, key=lambda c: c & 7)
    led = trick[0][1] >> 3
    follow = [c for c in hand if c >> 3 == led]
    if follow:
        if len(follow) == 1:
            return follow[0]
        top = max(c for _, c in trick if c >> 3 == led)
        beat = [c for c in follow if c > top and c != keeper]
        if beat:
            return min(beat)
        low = [c for c in follow if c != keeper]
        return min(low) if low else keeper
    return min(spare, key=lambda c: c & 7)


def _finish(
    n: int, in_hand: list[bool], hands: dict[int, list[int]], trick: list[tuple[int, int]], leader: int, done: int
) -> int:
    """Plays the hand out with the rollout policy (no more knocks); the winner of the fourth trick."""
    while True:
        start = (trick[-1][0] + 1) % n if trick else leader
        played = {s for s, _ in trick}
        for i in range(n):
            s = (start + i) % n
            if in_hand[s] and s not in played:
                hand = hands[s]
                card = _policy(hand, trick)
                hand.remove(card)
                trick.append((s, card))
        led = trick[0][1] >> 3
        done += 1
        if done == 4:
            best = -1
            winner = -1
            for s, c in trick:
                if in_hand[s] and c >> 3 == led and c > best:
                    best, winner = c, s
            if winner < 0:
                winner = next(s for s, _ in trick if in_hand[s])
            return winner
        best = -1
        winner = -1
        for s, c in trick:
            if c >> 3 == led and c > best:
                best, winner = c, s
        if not in_hand[winner]:
            for i in range(1, n + 1):
                if in_hand[(winner + i) % n]:
                    winner = (winner + i) % n
                    break
        leader = winner
        trick = []


def evaluate(
    state: State,
    seat: int,
    rng: random.Random,
    candidates: Sequence[Card] | None,
    samples: int,
    budget: float | None,
) -> list[float]:
    """The chance of `seat` winning the hand after playing each candidate (or, with None, as it stands)."""
    setup = _setup(state, seat)
    n = state.players
    in_hand = list(state.in_hand)
    base_trick = [(s, _INT[c]) for s, c in state.trick]
    mine = [_INT[c] for c in state.hands[seat]]
    done = state.tricks_done
    leader = state.leader
    if state.phase is not Phase.PLAY and not in_hand[leader]:
        leader = next(s for s in state.seats_from(leader) if in_hand[s])
    options = [None] if candidates is None else [_INT[c] for c in candidates]
    wins = [0.0] * len(options)
    total = 0.0
    deadline = None if budget is None else time.perf_counter() + budget
    tries = 0
    drawn = 0
    while drawn < samples and tries < samples * 4:
        tries += 1
        hands = _sample(setup, rng)
        if hands is None:
            continue
        drawn += 1
        w = _weight(setup, hands)
        total += w
        for k, card in enumerate(options):
            world = {s: h[:] for s, h in hands.items()}
            world[seat] = mine[:]
            trick = base_trick[:]
            if card is not None:
                world[seat].remove(card)
                trick.append((seat, card))
            if _finish(n, in_hand, world, trick, leader, done) == seat:
                wins[k] += w
        if deadline is not None and drawn % 8 == 0 and time.perf_counter() > deadline:
            break
    if total <= 0:
        return [0.0] * len(options)
    return [x / total for x in wins]


def last_trick_chance(
    state: State, seat: int, rng: random.Random, samples: int = SAMPLES, budget: float | None = None
) -> float:
    """The chance that `seat` wins the hand (takes the last trick), if nobody else folds.

    Deals the cards `seat` cannot see at random among the players still in (a player who did
    not follow a suit gets none of it), weights each deal by how well it fits who knocked
    and who stayed this hand, and plays each out with a simple policy for everyone. When
    `seat` is to play a card, the chance is that of its best card. 0 for a seat out of the hand.
    """
    if state.is_over or not state.in_hand[seat]:
        return 0.0
    if sum(state.in_hand) == 1:
        return 1.0
    if state.phase is Phase.PLAY and state.current == seat:
        options = state.playable(seat)
        return max(evaluate(state, seat, rng, options, samples, budget))
    return evaluate(state, seat, rng, None, samples, budget)[0]
