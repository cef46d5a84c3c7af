"""The hard 33 bot: possible worlds dealt and played out to the end (33.3-33.9).

It deals the cards it cannot see into possible worlds and, for each candidate play, plays
every world on to the end of the game (`_playout`, 33.5-33.8: the others as `normal` plays,
itself a little more careful with its flexible cards), choosing the play it loses with least
often (33.8). Every candidate meets the same worlds, and worlds are added in batches only while
two plays are still too close to tell apart (`_still_close`).

The worlds are dealt to agree with what the table saw (`_Dealer`): each opponent's last plays
tell what they did not hold (`_histories`, `_agreement`: a `normal` player who stepped the
total down had no plus card that fitted; `_pile_totals` reads the `1/11` and `+-10` plays,
33.1). After a flip-over recycle (33.9) the new stock is the old pile in the order it was
played, so its order, and every card drawn from it, is known to the whole table (the
engine's `stock_public` and `shown`).

It uses only what a player at the table knows: its own hand, the discard pile (the plays in
order), the number of cards in the stock and in each hand, and what 33.9 made public. The
playout and the constants it reads live together here, as module globals, for speed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from tutor.games.thirty_three.bots.normal import (
    Choice,
    non_play,
    normal_key,
    unseen_cards,
)
from tutor.games.thirty_three.deck import FACES, LIMIT, VALUES
from tutor.games.thirty_three.engine import Play, State

BATCH = 64  # worlds dealt at a time
MAX_WORLDS = 1024  # per decision, while two plays are still too close to call
_Z = 2.0  # standard deviations by which a play must trail the best before it is dropped
_DEPTH = 3  # how many of each opponent's last plays a deal must agree with
_REDEALS = 40  # tries to deal an opponent two cards their plays allow, before giving up
_DRAWN = 16  # stock cards shuffled anew in each world; deeper ones keep one shuffle a decision
_HORIZON = 100  # plays a playout may last (a game of 33 with the default deck lasts 10-25)

# In the playouts a card is its index in FACES, so a hand is a short list of ints.
_INDEX = {face: i for i, face in enumerate(FACES)}
_VALS: tuple[tuple[int, ...], ...] = tuple(VALUES[f] for f in FACES)
_FLEXIBLE = frozenset(_INDEX[f] for f in ("+-10", "1/11"))
_PLUS_MINUS_TEN = _INDEX["+-10"]
_NEVER = -(1 << 30)

Row = list[tuple[int, int]]  # per card: (rank of its best play, the value it is played for)
World = tuple[list[list[int]], list[int]]  # hands (none for `me`), stock (top card last)


def _own_rank(card: int, value: int, new: int) -> int:
    """How `hard` sees itself playing on in its playouts: like `normal`, but it pushes with
    plain plus cards before spending `+-10` or `1/11`, and steps down with a minus card before
    spending `+-10`."""
    if value > 0:
        return (1000 if card in _FLEXIBLE else 2000) + new
    if value == 0:
        return 500
    return value if card == _PLUS_MINUS_TEN else 100 + value


class _Rows(dict[int, Row]):
    """total -> Row, for one way of ranking plays; each row is worked out when first needed."""

    def __init__(self, rank: Callable[[int, int, int], int]) -> None:
        super().__init__()
        self.rank = rank

    def __missing__(self, total: int) -> Row:
        row = []
        for card, values in enumerate(_VALS):
            best = (_NEVER, 0)
            for value in values:
                new = total + value
                if new <= LIMIT and self.rank(card, value, new) > best[0]:
                    best = (self.rank(card, value, new), value)
            row.append(best)
        self[total] = row
        return row


_NORMAL_ROWS = _Rows(lambda card, value, new: normal_key(FACES[card], value, new))
_OWN_ROWS = _Rows(_own_rank)


def _playout(hands: list[list[int]], stock: list[int], pile: list[int], total: int, p: int, me: int,
             shuffle: random.Random | None) -> int | None:
    """Plays a world on from player `p`; returns the player who gets stuck (33.8), or None if
    nobody has after `_HORIZON` plays (with a small deck, flip-overs can go round for ever)."""
    n = len(hands)
    normal_rows, own_rows = _NORMAL_ROWS, _OWN_ROWS
    for _ in range(_HORIZON):
        hand = hands[p]
        row = own_rows[total] if p == me else normal_rows[total]
        best, pos, val = _NEVER, -1, 0
        for i, card in enumerate(hand):
            key, value = row[card]
            if key > best:  # of equal plays, the first in the hand, as `normal_play`
                best, pos, val = key, i, value
        if pos < 0:
            return p
        pile.append(hand.pop(pos))
        total += val
        if not stock:  # 33.9: the pile turned over (its first card comes up first), or shuffled
            stock, pile = pile[::-1], []
            if shuffle is not None:
                shuffle.shuffle(stock)
        hand.append(stock.pop())
        p += 1
        if p == n:
            p = 0
    return None


def _pile_totals(pile: list[str], total: int, from_start: bool) -> list[int | None]:
    """The total before each card of the pile was played, where the public record settles it.

    `1/11` and `+-10` can be read two ways; the totals are found by going forward from 0 (when
    the pile holds the whole game) and back from today's total, keeping only the readings that
    never pass 33.
    """
    forward: list[set[int] | None] = [None] * (len(pile) + 1)
    if from_start:
        reach = {0}
        forward[0] = reach
        for i, card in enumerate(pile):
            reach = {t + v for t in reach for v in VALUES[card] if t + v <= LIMIT}
            forward[i + 1] = reach
    out: list[int | None] = [None] * len(pile)
    back = {total}
    for i in range(len(pile) - 1, -1, -1):
        back = {t - v for t in back for v in VALUES[pile[i]] if t - v <= LIMIT}
        if forward[i] is not None:
            back &= forward[i]  # type: ignore[operator]
        if len(back) == 1:
            out[i] = next(iter(back))
        elif not back:
            break
    return out


def _histories(state: State, me: int) -> dict[int, list[tuple[int, int, int]]]:
    """Each opponent's last plays since the pile was started, the latest first, as (card,
    value, total before); they stop at the first play the record does not settle."""
    n, pile = state.players, state.pile
    totals = _pile_totals(pile, state.total, from_start=state.plays == len(pile))
    totals.append(state.total)
    out: dict[int, list[tuple[int, int, int]]] = {q: [] for q in range(n) if q != me}
    unsettled: set[int] = set()
    for j in range(1, min(len(pile), n * _DEPTH) + 1):
        q, i = (me - j) % n, len(pile) - j  # one play a turn: pile[-j] was the player j seats back
        if q == me or q in unsettled:
            continue
        before, after = totals[i], totals[i + 1]
        if before is None or after is None:
            unsettled.add(q)
        else:
            out[q].append((_INDEX[pile[i]], after - before, before))
    return out


def _agreement(history: list[tuple[int, int, int]]) -> Callable[[int, int], bool]:
    """Whether an opponent who now holds two given cards besides the one drawn since their last
    play could have made the plays in `history` as a `normal` player.

    At the latest play they held those two and the card played; at the one before they held
    two of these three (the third is the card drawn in between), and so on back.
    """
    steps = []
    for card, value, before in history:
        mine = normal_key(FACES[card], value, before + value)
        steps.append(([key <= mine for key, _ in _NORMAL_ROWS[before]], card))
    known: dict[tuple[int, int], bool] = {}

    def held(kept: tuple[int, ...], depth: int) -> bool:
        allowed, card = steps[depth]
        if not all(allowed[c] for c in kept):
            return False
        if depth + 1 == len(steps):
            return True
        three = kept + (card,)
        return any(held(three[:i] + three[i + 1:], depth + 1) for i in range(3))

    def agrees(a: int, b: int) -> bool:
        pair = (a, b) if a <= b else (b, a)
        if pair not in known:
            known[pair] = held(pair, 0)
        return known[pair]

    return agrees


def _shuffle_top(cards: list[int], end: int, count: int, rand: Callable[[], float]) -> None:
    """Fills cards[end - count:end] with cards drawn at random from cards[:end] (the last
    `count` steps of a Fisher-Yates shuffle of cards[:end])."""
    for e in range(end - 1, end - 1 - count, -1):
        j = int(rand() * (e + 1))
        cards[j], cards[e] = cards[e], cards[j]


class _Dealer:
    """Deals worlds for `me`: the unseen cards, opponents' hands agreeing with their plays."""

    def __init__(self, state: State, me: int, rng: random.Random) -> None:
        self.me, self.rng = me, rng
        self.sizes = [len(h) for h in state.hands]
        # Cards a seat is known to hold (drawn from a public stock) are dealt to it first.
        self.shown = [[] if q == me else [_INDEX[c] for c in state.shown[q]] for q in range(state.players)]
        self.agrees = {q: _agreement(h) for q, h in _histories(state, me).items() if h and not self.shown[q]}
        left = Counter(unseen_cards(state, me))
        for q, cards in enumerate(state.shown):
            if q != me:
                left.subtract(cards)
        self.fixed: list[int] | None = None
        if state.stock_public:
            left.subtract(state.stock)
            self.fixed = [_INDEX[c] for c in state.stock]
        unseen = [_INDEX[c] for c, m in left.items() for _ in range(max(m, 0))]
        rng.shuffle(unseen)  # once; each world then reshuffles only the cards it deals and draws
        self.unseen = unseen

    def deal(self, count: int) -> list[World]:
        rand = self.rng.random
        worlds = []
        for _ in range(count):
            cards = list(self.unseen)
            end = len(cards)
            hands: list[list[int]] = []
            for q, size in enumerate(self.sizes):
                agrees = self.agrees.get(q)
                if q == self.me:
                    hands.append([])
                    continue
                known = self.shown[q]
                size -= len(known)
                if agrees is not None and size == 3 and end >= 3:
                    # The two cards they kept must agree with their plays (rejection sampling);
                    # the third, drawn since, is any card.
                    for _ in range(_REDEALS):
                        _shuffle_top(cards, end, 2, rand)
                        if agrees(cards[end - 1], cards[end - 2]):
                            break
                    _shuffle_top(cards, end - 2, 1, rand)
                else:
                    _shuffle_top(cards, end, size, rand)
                hands.append(known + cards[end - size:end][::-1])  # the card drawn last comes last
                end -= size
            if self.fixed is None:
                _shuffle_top(cards, end, min(_DRAWN, end), rand)
                stock = cards[:end]
            else:
                stock = list(self.fixed)
            worlds.append((hands, stock))
        return worlds


def choose_hard(state: State, rng: random.Random) -> Choice:
    other = non_play(state, rng)
    if other:
        return other
    me, n = state.current, state.players
    plays = state.legal_plays()
    if len(plays) == 1:
        return Choice(plays[0], "only_play")
    dealer = _Dealer(state, me, rng)
    mine = [_INDEX[c] for c in state.hands[me]]
    pile = [_INDEX[c] for c in state.pile]
    shuffle = rng if state.options.shuffle_recycle else None
    lost: list[list[bool]] = [[] for _ in plays]  # per play, per world: did `me` get stuck?
    alive = list(range(len(plays)))
    dealt = 0
    while len(alive) > 1 and dealt < MAX_WORLDS:
        worlds = dealer.deal(BATCH)
        dealt += BATCH
        for k in alive:
            card = _INDEX[plays[k].card]
            total = state.total + plays[k].value
            for dealt_hands, dealt_stock in worlds:
                hands = [list(h) for h in dealt_hands]
                hand = hands[me] = list(mine)
                hand.remove(card)
                stock, table = list(dealt_stock), pile + [card]
                if not stock:
                    stock, table = table[::-1], []
                    if shuffle is not None:
                        shuffle.shuffle(stock)
                hand.append(stock.pop())
                lost[k].append(_playout(hands, stock, table, total, (me + 1) % n, me, shuffle) == me)
        alive = _still_close(alive, plays, lost, state.total)
    best = min(alive, key=lambda k: _preference(plays[k], lost[k], state.total))
    risk = round(100 * sum(lost[best]) / len(lost[best]))
    return Choice(plays[best], "least_risk", {"percent": risk})


def _preference(play: Play, lost: list[bool], total: int) -> tuple[int, int]:
    """Fewer losses first; between equals, the play `hard` would make in its playouts."""
    return sum(lost), -_own_rank(_INDEX[play.card], play.value, total + play.value)


def _still_close(alive: list[int], plays: list[Play], lost: list[list[bool]], total: int) -> list[int]:
    """The plays not yet clearly worse than the best so far.

    Two plays were tried in the same worlds, so only the worlds where exactly one of them lost
    tell them apart: a play is dropped when it lost more of those than the leader did by over
    `_Z` standard deviations (a sign test).
    """
    lead = min(alive, key=lambda k: _preference(plays[k], lost[k], total))
    keep = []
    for k in alive:
        worse = sum(a and not b for a, b in zip(lost[k], lost[lead]))
        better = sum(b and not a for a, b in zip(lost[k], lost[lead]))
        if k == lead or worse - better <= _Z * (worse + better) ** 0.5:
            keep.append(k)
    return keep
