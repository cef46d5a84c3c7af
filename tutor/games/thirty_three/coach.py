"""The coach of 33: judges a play as right, legal but weaker, or illegal, and says why.

Every judgement is made from what the player can see (their hand, the total, the
discard pile, how many cards the others hold), never from hidden cards, so its advice
is advice a player could have followed. For each legal play it works out:

- `next_stuck`: the exact chance that the next player holds no card that keeps the
  total at 33 or under, if their three cards are any three of the cards unseen;
- `risk`: how often the player themself loses before their turn after next, over many
  deals of the unseen cards played on by sound (`normal`) players; the same deals serve
  every candidate, and the deals depend only on the position, so a verdict repeats.

The best play has the lowest risk; a play whose risk is more than `TOLERANCE` above it
is weaker, and the verdict says what the better play gains.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from math import comb

from tutor.games.base import IllegalAction
from tutor.games.thirty_three.bots.normal import normal_play, unseen_cards
from tutor.games.thirty_three.deck import LIMIT, LOWEST
from tutor.games.thirty_three.engine import Play, State

TOLERANCE = 0.04
WORLDS = 160


@dataclass(frozen=True)
class Assessment:
    play: Play
    total: int  # the total after the play
    next_stuck: float  # chance the next player has no safe card
    risk: float  # chance the player loses before their turn after next
    keeps_safe: bool  # a minus card, 0 or +-10 is still in hand afterwards


@dataclass(frozen=True)
class Verdict:
    kind: str  # "right", "weaker" or "illegal"
    play: Play
    clause: str | None = None
    message: str | None = None  # for "illegal": the engine's message id
    params: dict[str, object] = field(default_factory=dict)
    mine: Assessment | None = None
    best: Assessment | None = None
    hand: tuple[str, ...] = ()  # the player's hand before the play, for the reason in words
    total: int = 0  # the total before the play


def next_stuck_chance(unseen: list[str], total: int) -> float:
    """The chance that three cards drawn from `unseen` all go over 33 at `total`."""
    n = len(unseen)
    if n < 3:
        return 0.0
    bad = sum(1 for c in unseen if total + LOWEST[c] > LIMIT)
    return comb(bad, 3) / comb(n, 3)


def _position_seed(state: State) -> int:
    key = repr((state.current, state.total, sorted(state.hands[state.current]), state.pile, len(state.stock),
                [len(h) for h in state.hands]))
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


def _loses(hands: list[list[str]], stock: list[str], total: int, me: int, start: int, players: int,
           horizon: int) -> bool:
    """Plays a dealt world on with `normal` players: True if `me` is the one who gets stuck."""
    p = start
    for _ in range(horizon):
        hand = hands[p]
        if not any(total + LOWEST[c] <= LIMIT for c in hand):
            return p == me
        play, _ = normal_play(hand, total)
        hand.remove(play.card)
        total += play.value
        if stock:
            hand.append(stock.pop())
        p = (p + 1) % players
    return False


def assess(state: State, worlds: int = WORLDS) -> list[Assessment]:
    """Every legal play of the player to move, assessed from what they can see."""
    me, n = state.current, state.players
    unseen = unseen_cards(state, me)
    rng = random.Random(_position_seed(state))
    deals = []
    for _ in range(worlds):
        rng.shuffle(unseen)
        deals.append(list(unseen))
    sizes = [len(h) for h in state.hands]
    horizon = 2 * n + 1
    result = []
    for play in state.legal_plays():
        after = list(state.hands[me])
        after.remove(play.card)
        total = state.total + play.value
        losses = 0
        for deal in deals:
            cards = list(deal)
            hands = [list(after) if q == me else [cards.pop() for _ in range(sizes[q])] for q in range(n)]
            if cards:
                hands[me].append(cards.pop())
            losses += _loses(hands, cards, total, me, (me + 1) % n, n, horizon)
        result.append(Assessment(
            play=play, total=total, next_stuck=next_stuck_chance(unseen, total), risk=losses / worlds,
            keeps_safe=any(LOWEST[c] <= 0 for c in after),
        ))
    return result


def best_of(assessments: list[Assessment]) -> Assessment:
    return min(assessments, key=lambda a: (a.risk, -a.next_stuck, -a.total))


def judge(state: State, play: Play, expected: Play | None = None) -> Verdict:
    """Judges `play` for the player to move; `expected` (a lesson's answer) overrides the best."""
    hand = tuple(state.hands[state.current])
    try:
        state.verify(play)
    except IllegalAction as err:
        return Verdict("illegal", play, err.clause, err.message, dict(err.params), hand=hand, total=state.total)
    assessments = assess(state)
    mine = next(a for a in assessments if a.play == play)
    if expected is not None:
        best = next(a for a in assessments if a.play == expected)
        kind = "right" if play == expected else "weaker"
        return Verdict(kind, play, mine=mine, best=best, hand=hand, total=state.total)
    best = best_of(assessments)
    kind = "weaker" if mine.risk - best.risk > TOLERANCE else "right"
    return Verdict(kind, play, mine=mine, best=best, hand=hand, total=state.total)


def best_legal(state: State) -> Verdict | None:
    """The coach's best play for the player to move, judged as it stands (None with no legal play):
    what it names after a refused play."""
    if not state.legal_plays():
        return None
    best = best_of(assess(state))
    return Verdict("right", best.play, mine=best, best=best, hand=tuple(state.hands[state.current]),
                   total=state.total)
