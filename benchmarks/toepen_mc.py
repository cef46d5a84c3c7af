"""An independent Monte-Carlo Toepen player, for measuring the bots against (issue 16).

Written apart from the tutor's bots: nothing of `tutor.games.toepen.bots` is used. It deals the
cards it cannot see at random (a player who did not follow a suit gets none of it: deals that
break that are drawn again), plays each deal out with a plain rule (follow with the lowest card
that wins the trick, else the lowest; keep the highest card for the last trick) and counts how
often it takes the last trick. It plays the card with the best count, knocks at KNOCK or more,
stays when staying costs fewer points on average than folding, throws in only an honest hand
and never challenges.
"""

from __future__ import annotations

import random

from tutor.cards import SUITS
from tutor.games.toepen.engine import (
    DECK,
    Fold,
    Keep,
    Knock,
    Pass,
    Phase,
    Play,
    State,
    Stay,
    Throw,
    power,
)

DEALS = 60
KNOCK = 0.7


def _seen_and_voids(state: State, seat: int):
    """The cards `seat` has not seen, and the suits each player showed it lacks, from its view."""
    view = state.view(seat)
    seen = set(view.hand)
    for cards in view.thrown:
        seen |= set(cards or ())
    voids: dict[int, set[str]] = {s: set() for s in range(view.players)}
    for trick in (*view.tricks, view.trick):
        if trick:
            led = trick[0][1].suit
            seen |= {c for _, c in trick}
            voids.update({s: voids[s] | {led} for s, c in trick if c.suit != led})
    return [c for c in DECK if c not in seen], voids


def _deal(state: State, seat: int, unseen, voids, rng: random.Random):
    others = [s for s in range(state.players) if s != seat and state.in_hand[s]]
    for _ in range(50):
        cards = unseen[:]
        rng.shuffle(cards)
        hands, ok = {}, True
        for s in others:
            n = len(state.hands[s])
            hand = cards[:n]
            del cards[:n]
            if any(c.suit in voids[s] for c in hand):
                ok = False
                break
            hands[s] = hand
        if ok:
            return hands
    return None


def _rule(hand, trick, led):
    """Keep the highest card for last; follow with the lowest winner, else the lowest card."""
    if len(hand) == 1:
        return hand[0]
    keep = max(hand, key=power)
    rest = [c for c in hand if c != keep]
    if led is None:
        return min(rest, key=power)
    follow = [c for c in hand if c.suit == led]
    if not follow:
        return min(rest, key=power)
    top = max((power(c) for _, c in trick if c.suit == led), default=-1)
    winners = [c for c in follow if power(c) > top and c != keep]
    if winners:
        return min(winners, key=power)
    low = [c for c in follow if c != keep]
    return min(low or follow, key=power)


def _play_out(state: State, seat: int, hands, first=None) -> bool:
    """Plays the hand out on plain lists (no more knocks); does `seat` take the last trick?"""
    n = state.players
    held = {s: list(h) for s, h in hands.items()}
    held[seat] = list(state.hands[seat])
    in_hand = state.in_hand
    trick = list(state.trick)
    done = state.tricks_done
    leader = trick[0][0] if trick else state.leader
    if not trick and not in_hand[leader]:
        leader = next(s for s in state.seats_from(leader) if in_hand[s])
    while True:
        start = (trick[-1][0] + 1) % n if trick else leader
        played = {s for s, _ in trick}
        for i in range(n):
            s = (start + i) % n
            if not in_hand[s] or s in played:
                continue
            led = trick[0][1].suit if trick else None
            if s == seat and first is not None:
                card, first = first, None
            else:
                card = _rule(held[s], trick, led)
            held[s].remove(card)
            trick.append((s, card))
        led = trick[0][1].suit
        done += 1
        counted = [(s, c) for s, c in trick if done < 4 or in_hand[s]]
        follow = [(power(c), s) for s, c in counted if c.suit == led]
        if done == 4:
            winner = max(follow)[1] if follow else counted[0][0]
            return winner == seat
        winner = max(follow)[1]
        leader = winner if in_hand[winner] else next(
            (winner + i) % n for i in range(1, n + 1) if in_hand[(winner + i) % n])
        trick = []


def chances(state: State, seat: int, rng: random.Random, cards=None) -> dict:
    """{card: how often `seat` takes the last trick after it} (None: as things stand, by the rule)."""
    unseen, voids = _seen_and_voids(state, seat)
    options = cards if cards is not None else [None]
    wins = {c: 0 for c in options}
    count = 0
    for _ in range(DEALS):
        hands = _deal(state, seat, unseen, voids, rng)
        if hands is None:
            continue
        count += 1
        for c in options:
            wins[c] += _play_out(state, seat, hands, c)
    return {c: w / max(1, count) for c, w in wins.items()}


def choose(state: State, rng: random.Random):
    """(action, reason) for the player to act."""
    p = state.current
    if state.phase is Phase.LAUNDRY:
        honest = all(c.rank not in (7, 8, 9, 10) for c in state.hands[p])
        return (Throw(p) if honest else Keep(p)), "mc"
    if state.phase is Phase.CHALLENGE:
        return Pass(p), "mc"
    if state.phase in (Phase.ANSWER, Phase.POVERTY):
        chance = chances(state, p, rng)[None]
        stake = state.stake
        return (Stay(p) if (1 - chance) * stake < stake - 1 or stake == 1 else Fold(p)), "mc"
    options = state.playable(p)
    found = chances(state, p, rng, options)
    best = max(options, key=lambda c: (found[c], -power(c), -SUITS.index(c.suit)))
    if found[best] >= KNOCK and state.may_knock(p) and state.points[p] + state.stake + 1 < state.limit:
        return Knock(p), "mc_knock"
    return Play(best, p), "mc"


def knock(state: State, rng: random.Random, seat: int):
    """A knock out of turn, or None."""
    if not state.may_knock(seat) or state.points[seat] + state.stake + 1 >= state.limit:
        return None
    if chances(state, seat, rng)[None] >= KNOCK:
        return Knock(seat)
    return None
