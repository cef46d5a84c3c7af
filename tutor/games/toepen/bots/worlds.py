"""Deals of the unseen cards and their playouts, many at once (numpy): the arithmetic of `sampling.py`.

`deals` gives every deal that fits a `Position` (when they are few) or draws that many exactly at
random: how many cards of each suit each opponent gets is drawn by the number of deals each
choice leaves (`known.ways`), so a void suit never goes to a player who showed the void and
the other players get it exactly as often as the deals that fit say; then the cards of each
suit are shuffled among them. `playout` plays all deals to the end at once, everyone by
`policy` (no more knocks or folds), the seat's next card forced to each card it may play.
`evaluate` turns that into the `Estimate` of the seat's best continuation.

Cards are small ints, suit * 8 + power (TOE.1), -1 for an empty slot; a deal is an array of
hands (deal, seat, slot).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from math import comb

import numpy as np

from tutor.games.toepen.bots.known import (
    INT_CARD,
    Estimate,
    Position,
    compositions,
    count_deals,
    trick_complete,
    ways,
)

#: The 95% quantile of the normal distribution (for the errors).
Z95 = 1.96


# ------------------------------------------------------------------ deals


def deals(pos: Position, samples: int, rng: np.random.Generator, exact: int | None = None) -> tuple[np.ndarray, bool]:
    """Hands of every seat in each deal, shape (deals, players, 4), and whether that is all of them
    (when no more than `exact` deals fit, default twice `samples`)."""
    total = count_deals(pos)
    if not total:  # a built position whose tricks show voids its hands break: take the hands as they are
        pos = replace(pos, opponents=tuple((seat, size, 0) for seat, size, _ in pos.opponents))
        total = count_deals(pos)
    if total <= (2 * samples if exact is None else exact):
        return _every_deal(pos), True
    return _drawn_deals(pos, samples, rng), False


def _empty(pos: Position, count: int) -> np.ndarray:
    hands = np.full((count, pos.players, 4), -1, dtype=np.int8)
    hands[:, 0, : len(pos.mine)] = pos.mine
    return hands


def _every_deal(pos: Position) -> np.ndarray:
    """Every deal that fits, each once (a deal: which unseen cards each opponent still in holds)."""
    opponents = [o for o in pos.opponents if o[1]]
    blocks: list[np.ndarray] = []  # (deals, cards of every opponent in turn)
    width = sum(size for _, size, _ in opponents)

    def allowed(left: tuple[int, ...], voids: int) -> list[int]:
        return [c for c in left if not (voids >> (c >> 3)) & 1]

    def deal(i: int, left: tuple[int, ...], prefix: tuple[int, ...]) -> None:
        _, size, voids = opponents[i]
        if i == len(opponents) - 1:  # the last one: all its hands at once
            hands = np.array(list(combinations(allowed(left, voids), size)), dtype=np.int8).reshape(-1, size)
            if len(hands):
                block = np.empty((len(hands), width), dtype=np.int8)
                block[:, : len(prefix)] = prefix
                block[:, len(prefix):] = hands
                blocks.append(block)
            return
        for hand in combinations(allowed(left, voids), size):
            taken = set(hand)
            deal(i + 1, tuple(c for c in left if c not in taken), prefix + hand)

    if opponents:
        deal(0, pos.pool, ())
    every = np.concatenate(blocks) if blocks else np.zeros((1, 0), dtype=np.int8)
    hands = _empty(pos, len(every))
    start = 0
    for seat, size, _ in opponents:
        hands[:, seat, :size] = every[:, start:start + size]
        start += size
    return hands


def _drawn_deals(pos: Position, count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` deals drawn exactly at random among those that fit (every one equally likely).

    First the players who showed a void: how many cards of each suit each gets, one after the
    other, with the chance of each choice proportional to the deals it leaves for everyone
    after (`sampling.ways`); then which cards, each suit shuffled. Then the cards left, shuffled,
    to the players with no void.
    """
    hands = _empty(pos, count)
    pool = np.array(pos.pool, dtype=np.int8)
    bound = [(seat, size, voids) for seat, size, voids in pos.opponents if voids and size]
    free = [(seat, size) for seat, size, voids in pos.opponents if not voids and size]
    owner = np.full((count, len(pool)), len(bound), dtype=np.int8)  # len(bound): not dealt yet
    cards = np.tile(pool, (count, 1))
    if bound:
        need = tuple((size, voids) for _, size, voids in bound) + tuple((size, 0) for _, size in free)
        base = [sum(1 for c in pos.pool if c >> 3 == s) for s in range(4)]
        rem = np.zeros(count, dtype=np.int64)  # the cards left of each suit, as one number (base 9)
        for s in range(4):
            rem = rem * 9 + base[s]
        taken = np.zeros((count, len(bound), 4), dtype=np.int64)
        for i in range(len(bound)):
            states, inverse = np.unique(rem, return_inverse=True)
            inverse = inverse.reshape(-1)
            table, choices = _choice_table(need[i:], tuple(int(x) for x in states))
            pick = (rng.random(count)[:, None] >= table[inverse]).sum(axis=1)
            chosen = choices[inverse, pick]  # (count, 4)
            taken[:, i] = chosen
            rem = rem - ((chosen[:, 0] * 9 + chosen[:, 1]) * 9 + chosen[:, 2]) * 9 - chosen[:, 3] * 1
        # Each suit's cards in a random order, dealt in turn by those counts.
        start = 0
        for s in range(4):
            n_s = base[s]
            if not n_s:
                continue
            block = cards[:, start:start + n_s]
            cards[:, start:start + n_s] = rng.permuted(block, axis=1)
            ends = np.cumsum(taken[:, :, s], axis=1)  # (count, bound)
            place = np.arange(n_s)
            owner[:, start:start + n_s] = (place[None, :, None] >= ends[:, None, :]).sum(axis=2)
            start += n_s
        for i, (seat, size, _) in enumerate(bound):
            hands[:, seat, :size] = cards[owner == i].reshape(count, size)
    if free:
        rest = cards[owner == len(bound)].reshape(count, -1)
        rest = rng.permuted(rest, axis=1)
        start = 0
        for seat, size in free:
            hands[:, seat, :size] = rest[:, start:start + size]
            start += size
    return hands


_tables: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}


def _choice_table(need: tuple[tuple[int, int], ...], states: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """For each state (cards left by suit, base 9): the cumulative chances of the first player's
    choices of how many cards of each suit, and the choices, padded to the same length."""
    key = (need, states)
    found = _tables.get(key)
    if found is not None:
        return found
    size, voids = need[0]
    after = need[1:]
    rows = []
    for state in states:
        r = (state // 729 % 9, state // 81 % 9, state // 9 % 9, state % 9)
        options = compositions(size, r, voids)
        weights = [comb(r[0], x[0]) * comb(r[1], x[1]) * comb(r[2], x[2]) * comb(r[3], x[3])
                   * ways(after, (r[0] - x[0], r[1] - x[1], r[2] - x[2], r[3] - x[3])) for x in options]
        rows.append((options, weights))
    width = max(len(o) for o, _ in rows)
    table = np.full((len(states), width), 2.0)  # past the last choice: never reached
    choices = np.zeros((len(states), width, 4), dtype=np.int64)
    for k, (options, weights) in enumerate(rows):
        total = sum(weights)
        running = 0
        for j, (x, w) in enumerate(zip(options, weights)):
            running += w
            table[k, j] = running / total
            choices[k, j] = x
        table[k, len(options) - 1] = 2.0
    if len(_tables) > 512:
        _tables.clear()
    _tables[key] = (table, choices)
    return table, choices


# ------------------------------------------------------------------ playing out
#
# In a playout a card is its strength in a hand, power * 4 + suit (0-31), and a hand is four
# slots (seat, slot, deal) kept strongest first, -1 when empty: the card kept for the last trick
# is slot 0, the lowest the last card. Every hand in play holds the same number of cards at the
# start of a trick, so the policy knows how many without looking.


def strength(card: int) -> int:
    """A card (suit * 8 + power) as its strength in a hand: power, then suit."""
    return (card & 7) * 4 + (card >> 3)


def slots(hands: np.ndarray) -> np.ndarray:
    """Hands as cards (deal, seat, slot; -1 empty) to strengths, strongest first (seat, slot, deal)."""
    order = np.where(hands >= 0, (hands & 7).astype(np.int16) * 4 + (hands >> 3), -1).astype(np.int16)
    order = -np.sort(-order, axis=2)
    return np.ascontiguousarray(order.transpose(1, 2, 0))


def _pick(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`a` where `cond`, else `b` (as np.where, but several times faster on these small ints)."""
    return b + cond * (a - b)


def policy(hand: list[np.ndarray], led: np.ndarray | int, top: np.ndarray | int) -> np.ndarray:
    """The card (strength) each hand plays: keep the strongest card for the last trick, win
    cheaply, throw low. `hand` is its slots, strongest first, all full.

    Leading (`led` -1): the last card; with two cards, the other one; else a 9 or 10 it can
    spare (to keep the lead), or its lowest card. Following suit: the only card of the suit;
    the lowest card it can spare that beats `top` (the highest power of the suit led so far,
    -1 for none); else its lowest card of the suit. Not able to follow: its lowest card (the
    strongest is kept).
    """
    size = len(hand)
    first, last = hand[0], hand[-1]
    if size == 1:
        return first
    second = hand[1]
    lead = second if size == 2 else _pick((second >> 2) >= 6, second, last)
    if isinstance(led, int) and led < 0:
        return lead
    same = (first & 3) == led
    count = same.astype(np.int16)
    only = same * (first + 1)
    cheap = np.full_like(first, -1)
    least = cheap
    for j in range(1, size):
        card = hand[j]
        same = (card & 3) == led
        count = count + same
        only = only + same * (card + 1)
        cheap = _pick(same & ((card >> 2) > top), card, cheap)
        least = _pick(same, card, least)
    follow = _pick(count == 1, only - 1, _pick(cheap >= 0, cheap, least))
    played = _pick(count > 0, follow, last)
    if isinstance(led, int):
        return played
    return _pick(led < 0, lead, played)


def _without(hand: list[np.ndarray], card: np.ndarray) -> list[np.ndarray]:
    """The hand after playing `card` (one slot fewer, still strongest first)."""
    out = []
    gone = hand[0] == card
    for j in range(len(hand) - 1):
        out.append(_pick(gone, hand[j + 1], hand[j]))
        gone = gone | (hand[j + 1] == card)
    return out


def _turned(hands: list[list[np.ndarray]], by: np.ndarray, zero: np.ndarray) -> list[list[np.ndarray]]:
    """Hands by place, each deal turned by `by` places: place i gets the hand at place i + by."""
    m = len(hands)
    out = []
    for i in range(m):
        place = []
        for j in range(len(hands[i])):
            slot = zero
            for o in range(m):
                slot = slot + (by == o) * hands[(i + o) % m][j]
            place.append(slot)
        out.append(place)
    return out


def playout(pos: Position, hands: np.ndarray, forced: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Plays every deal to the end; `hands` are slots (seat, slot, deal); `forced` (per deal) is
    the strength of the seat's next card, -1 for the policy's. Returns, per deal: the seat took
    the last trick; what the seat saw at its next card (who led, the suit led, the highest card
    so far) as one number; the forced card was legal there."""
    n, _, count = hands.shape
    in_hand = pos.in_hand
    seats_in = [s for s in range(n) if in_hand[s]]
    m = len(seats_in)
    held = {s: [hands[s, j] for j in range(4 - pos.done)] for s in seats_in}  # by seat
    seen = np.zeros(count, dtype=np.int16)
    legal = np.ones(count, dtype=bool)
    holds = np.array([any(c >> 3 == s for c in pos.mine) for s in range(4)] + [False])  # [-1]: leading
    zero = np.zeros(count, dtype=np.int16)

    def decide(card, mask, leader, led, top):
        """The seat's next card: what it saw, and the card forced on it (where legal)."""
        nonlocal seen, legal
        seen = _pick(mask, (leader * 5 + led + 1) * 9 + top + 1, seen)
        if forced is None:
            return card
        ok = (forced >= 0) & ((led < 0) | ~holds[led] | ((forced & 3) == led))
        legal = (mask & ok) | (~mask & legal)
        return _pick(mask & (forced >= 0), forced, card)

    done = pos.done
    if pos.trick:  # the trick under way: the same seats play it in every deal
        led0 = pos.trick[0][1] >> 3
        counted = [(s, c) for s, c in pos.trick if done < 3 or in_hand[s]]
        follow = [(c & 7, s) for s, c in counted if c >> 3 == led0]
        top0, win0 = max(follow) if follow else (-1, -1)
        first = next((s for s, _ in pos.trick if in_hand[s]), -1)
        led = zero + led0
        top = zero + top0
        win = zero + win0
        played = {s for s, _ in pos.trick}
        start = (pos.trick[-1][0] + 1) % n
        for i in range(n):
            s = (start + i) % n
            if not in_hand[s] or s in played:
                continue
            card = policy(held[s], led, top)
            if s == 0:
                card = decide(card, np.ones(count, dtype=bool), pos.trick[0][0], led, top)
            held[s] = _without(held[s], card)
            better = ((card & 3) == led) & ((card >> 2) > top)
            top = _pick(better, card >> 2, top)
            win = _pick(better, s, win)
            if first < 0:
                first = s
        if done == 3:
            return (_pick(win >= 0, win, first) == 0), seen, legal
        next_in = np.array([next((s + i) % n for i in range(n) if in_hand[(s + i) % n]) for s in range(n)])
        index_of = np.zeros(n, dtype=np.int16)
        for i, s in enumerate(seats_in):
            index_of[s] = i
        lead = index_of[next_in[win]]
        done += 1
        deciding = 0 in played  # the seat played to it: its next card is in the next trick
    else:
        lead = zero + seats_in.index(pos.leader)
        deciding = True
    # The fresh tricks: hands by their place in the trick (hand[0] leads), turned after each trick.
    order = _turned([held[s][: 4 - done] for s in seats_in], lead, zero)
    seats = np.array(seats_in, dtype=np.int16)
    me = seats_in.index(0)
    mine = (me - lead) % m  # the seat's place in the trick
    while True:
        leader = seats[lead] if deciding else 0
        led: np.ndarray | int = -1
        top: np.ndarray | int = -1
        wpos = zero
        for i in range(m):
            card = policy(order[i], led, top)
            if deciding:
                mask = mine == i
                if mask.any():
                    card = decide(card, mask, leader, zero + led, zero + top)
            order[i] = _without(order[i], card)
            if i == 0:
                led, top = card & 3, card >> 2
            else:
                better = ((card & 3) == led) & ((card >> 2) > top)
                top = _pick(better, card >> 2, top)
                wpos = wpos + better * (i - wpos)
        done += 1
        deciding = False
        if done == 4:
            return wpos == mine, seen, legal
        order = _turned(order, wpos, zero)
        lead = (lead + wpos) % m
        mine = (mine - wpos) % m


def evaluate(pos: Position, samples: int, exact_up_to: int | None = None) -> Estimate:
    """The seat's best continuation: its best next card for what it will have seen, then the policy.

    Every deal that fits when they are at most `exact_up_to` (default twice `samples`), else
    `samples` deals drawn from a generator seeded by the position."""
    rng = np.random.default_rng(pos.seed(samples))
    hands, exact = deals(pos, samples, rng, exact_up_to)
    count = hands.shape[0]
    mine = pos.mine
    if not mine:  # the seat played its last card: nothing is left to choose
        wins = playout(pos, slots(hands), None)[0]
        value = float(wins.mean())
        error = 0.0 if exact else float(Z95 * wins.std() / np.sqrt(count))
        return Estimate(value, {}, None, error, exact, count, {})
    now = pos.next_is_mine
    if now and pos.trick and not trick_complete(pos):
        led = pos.trick[0][1] >> 3
        options = [i for i, c in enumerate(mine) if c >> 3 == led] or list(range(len(mine)))
    else:
        options = list(range(len(mine)))
    k = len(options)
    forced = np.repeat(np.array([strength(mine[i]) for i in options], dtype=np.int16), count)
    wins, seen, legal = playout(pos, np.tile(slots(hands), (1, 1, k)), forced)
    wins = wins.reshape(k, count)
    legal = legal.reshape(k, count)
    seen = seen.reshape(k, count)[0]
    cards = [INT_CARD[mine[i]] for i in options]
    weaker = [(-(mine[i] & 7), -(mine[i] >> 3)) for i in options]  # ties: the weaker card
    if now:
        means = wins.mean(axis=1)
        best = max(range(k), key=lambda o: (means[o], weaker[o]))
        chosen = wins[best]
        after = {cards[o]: float(means[o]) for o in range(k)}
        diff = {}
        if not exact:
            for a in range(k):
                for b in range(a + 1, k):
                    d = wins[a].astype(np.float64) - wins[b]
                    diff[(cards[a], cards[b])] = float(Z95 * d.std() / np.sqrt(count))
        value = float(means[best])
        error = 0.0 if exact else float(Z95 * chosen.std() / np.sqrt(count))
        return Estimate(value, after, cards[best], error, exact, count, diff)
    groups, inverse = np.unique(seen, return_inverse=True)
    inverse = inverse.reshape(-1)
    sums = np.stack([np.bincount(inverse, weights=wins[o] & legal[o], minlength=len(groups)) for o in range(k)])
    allowed = np.stack([np.bincount(inverse, weights=legal[o], minlength=len(groups)) for o in range(k)]) > 0
    sums = np.where(allowed, sums, -1.0)
    pick = np.zeros(len(groups), dtype=np.int64)
    for g in range(len(groups)):
        pick[g] = max(range(k), key=lambda o: (sums[o, g], weaker[o]))
    chosen = wins[pick[inverse], np.arange(count)]
    value = float(chosen.mean())
    error = 0.0 if exact else float(Z95 * chosen.std() / np.sqrt(count))
    return Estimate(value, {}, None, error, exact, count, {})
