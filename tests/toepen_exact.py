"""An exact reference for the Toepen coach's chance of the last trick, independent of its code.

Every deal of the cards the seat cannot see that fits what it saw (written here from the rules:
cards seen, and a player who did not follow a suit holds none of it) is played out on the
engine itself, everyone by the rollout rule the coach states, the seat's next card forced to
each card it holds. The chance is the seat's best continuation: at its next card, the best card
for what it saw of that trick (who led, the suit led, the highest card so far), each deal
counted once. Slow (pure Python on the engine): for positions with a few thousand deals.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import combinations

from tutor.cards import SUITS
from tutor.games.toepen.engine import DECK, Keep, Pass, Phase, Play, State, Stay, power


def strength(card):
    return power(card), SUITS.index(card.suit)


def unseen_and_voids(state: State, seat: int):
    seen = set(state.hands[seat]) | set(state.thrown[seat])
    voids = {s: set() for s in range(state.players)}
    for trick in [*state.tricks, state.trick]:
        for s, c in trick:
            seen.add(c)
            if c.suit != trick[0][1].suit:
                voids[s].add(trick[0][1].suit)
    for s in range(state.players):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    return [c for c in DECK if c not in seen], voids


def every_deal(state: State, seat: int):
    """Every deal of the unseen cards to the other players still in that fits their voids."""
    unseen, voids = unseen_and_voids(state, seat)
    others = [s for s in range(state.players) if s != seat and state.in_hand[s]]

    def deal(i, left):
        if i == len(others):
            yield {}
            return
        s = others[i]
        allowed = [c for c in left if c.suit not in voids[s]]
        for hand in combinations(allowed, len(state.hands[s])):
            rest = [c for c in left if c not in hand]
            for more in deal(i + 1, rest):
                yield {s: list(hand), **more}

    return list(deal(0, unseen))


def rule_card(state: State, seat: int):
    """The rollout rule: keep the strongest card for the last trick, win cheaply, throw low."""
    hand = sorted(state.hands[seat], key=strength, reverse=True)
    if len(hand) == 1:
        return hand[0]
    led = state.led_suit
    if led is None:
        if len(hand) == 2:
            return hand[1]
        return hand[1] if power(hand[1]) >= 6 else hand[-1]
    follow = [c for c in hand if c.suit == led]
    if not follow:
        return hand[-1]
    if len(follow) == 1:
        return follow[0]
    spare = [c for c in follow if c != hand[0]]
    top = top_power(state)
    beat = [c for c in spare if power(c) > top]
    return min(beat or spare, key=strength)


def top_power(state: State) -> int:
    """The highest power of the suit led in the trick so far (the fourth: among players still in)."""
    last = state.tricks_done == 3
    return max((power(c) for s, c in state.trick
                if c.suit == state.led_suit and (not last or state.in_hand[s])), default=-1)


def to_play(state: State) -> State:
    """Everyone stays, keeps and passes until a card is to be played."""
    while state.phase is not Phase.PLAY:
        if state.phase in (Phase.ANSWER, Phase.POVERTY):
            state.apply(Stay(state.current))
        elif state.phase is Phase.LAUNDRY:
            state.apply(Keep(state.current))
        else:
            state.apply(Pass(state.current))
    return state


def play_out(state: State, seat: int, forced):
    """(the seat took the last trick, what it saw at its next card, the forced card was legal)."""
    seen = None
    legal = True
    while True:
        p = state.current
        card = rule_card(state, p)
        if p == seat and seen is None:
            leader = state.trick[0][0] if state.trick else seat
            seen = (leader, state.led_suit, top_power(state) if state.trick else -1)
            legal = forced in state.playable(seat)
            if legal:
                card = forced
        for event in state.apply(Play(card, p)):
            if event["event"] == "hand_end":
                return event["winner"] == seat, seen, legal


def clone(state: State) -> State:
    """A copy to play on (its lists copied; the chance shared, used only after the hand)."""
    new = copy.copy(state)
    for name in ("hands", "tricks", "thrown"):
        setattr(new, name, [list(x) for x in getattr(state, name)])
    for name in ("trick", "trick_winners", "in_hand", "points", "hand_points", "_played", "pending", "laundry",
                 "active", "losers", "winners", "hand_winners", "stock", "shown", "dealt", "exchanges",
                 "bluffs_shown", "honest_shown"):
        setattr(new, name, list(getattr(state, name)))
    new.log = []
    return new


def exact(state: State, seat: int):
    """(the chance with the best continuation, {card: chance after it} when the seat is to play now,
    the best card then, the number of deals), as Fractions."""
    template = copy.deepcopy(state)
    template.log = []
    to_play(template)
    deals = every_deal(state, seat)
    now = template.current == seat
    options = template.playable(seat) if now else list(template.hands[seat])
    groups: dict = {}
    for deal in deals:
        for card in options:
            trial = clone(template)
            for s, hand in deal.items():
                trial.hands[s] = list(hand)
            won, seen, legal = play_out(trial, seat, card)
            group = groups.setdefault(seen, {})
            if legal:
                group[card] = group.get(card, 0) + won
    total = len(deals)
    value = Fraction(sum(max(g.values()) for g in groups.values()), total)
    if not now:
        return value, {}, None, total
    after = {c: Fraction(groups[next(iter(groups))][c], total) for c in options}
    best = max(options, key=lambda c: (after[c], -power(c), -SUITS.index(c.suit)))
    return value, after, best, total
