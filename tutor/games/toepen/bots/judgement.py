"""What the normal and hard Toepen bots reckon alike (TOE.2, TOE.4, TOE.5, TOE.8, TOE.10, TOE.11, TOE.13).

Points cost more near the limit (TOE.2), and reaching it most; from that: staying or folding
after a knock or a poverty (`answer_choice`, TOE.8, TOE.11, TOE.13), what a knock gains
(`knock_gain`), and the chance that a hand thrown in as dirty laundry holds a 7-10
(`bluff_chance`, TOE.4) with the challenge it makes worth it. Also the card kept for the
last trick and who is winning the trick so far (TOE.5, TOE.10).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from tutor.cards import Card
from tutor.games.toepen.bots.choice import Choice, pct
from tutor.games.toepen.engine import (
    DECK,
    Challenge,
    Fold,
    Pass,
    Phase,
    State,
    Stay,
    power,
)

#: How much another player's penalty point is worth to a bot, against one of its own (spread over them).
RIVALRY = 0.5
#: The cost of reaching the limit (losing the rubber), in penalty points, on top of the points,
#: and how much dearer a point grows near the limit (a point at p costs 1 + 2 * DANGER * p / limit).
CLIFF = 12.0
DANGER = 0.6


def strongest(hand: Sequence[Card]) -> Card:
    """The card kept for the last trick: the strongest."""
    return max(hand, key=power)


def lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=power)


def winning(state: State) -> tuple[int, Card] | None:
    """The (seat, card) winning the current trick so far (the fourth: among the players still in)."""
    led = state.led_suit
    best = None
    last = state.tricks_done == 3
    for seat, card in state.trick:
        if card.suit == led and (not last or state.in_hand[seat]):
            if best is None or power(card) > power(best[1]):
                best = (seat, card)
    if best is None and last:
        best = next(((s, c) for s, c in state.trick if state.in_hand[s]), None)
    return best


def to_play_after(state: State, seat: int) -> int:
    """How many players still in will play to the current trick after `seat`."""
    played = {s for s, _ in state.trick}
    return sum(1 for s in range(state.players) if state.in_hand[s] and s not in played and s != seat)


def _utility(points: int, limit: int) -> float:
    """The cost of standing at `points`: each point costs more near the limit, and reaching it most."""
    if points >= limit:
        return points + CLIFF + DANGER * limit
    return points + DANGER * points * points / limit


def _stay_value(state: State, seat: int, chance: float, stake: int | None = None) -> tuple[float, float]:
    """(staying, folding) in expected cost terms after a knock (or a poverty) to `stake` (default:
    the stake now); higher is better."""
    stake = state.stake if stake is None else stake
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    base = _utility(pts, limit)
    # Whether it folds or loses, the others still in play on and all but one of them pay the stake.
    others_pay = RIVALRY * stake * (rivals - 1) / others
    fold = -(_utility(pts + stake - 1, limit) - base) + others_pay
    lose = -(_utility(pts + stake, limit) - base) + others_pay
    win = RIVALRY * stake * rivals / others
    return chance * win + (1 - chance) * lose, fold


def would_stay(state: State, seat: int, chance: float, stake: int) -> bool:
    """Would `seat` stay in after a knock to `stake`, on this chance?"""
    stay, fold = _stay_value(state, seat, chance, stake)
    return stay >= fold


def knock_gain(state: State, seat: int, chance: float, fold_equity: float) -> float:
    """What knocking now is worth (expected, in cost terms) against not knocking."""
    stake = state.stake
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    extra_loss = _utility(pts + stake + 1, limit) - _utility(pts + stake, limit)
    gain = chance * RIVALRY * rivals / others
    gain -= (1 - chance) * (extra_loss - RIVALRY * (rivals - 1) / others)
    gain += fold_equity * RIVALRY * stake * rivals / others  # some fold and pay the stake now
    return gain


#: The bluff rates (share of hands with a 7-10 that a player throws in) a bot weighs, and its prior belief.
_RATES = [i / 40 for i in range(41)]
_PRIOR = [(1 - r) ** 8 for r in _RATES]  # about Beta(1, 9): most players bluff rarely
_ALL_FACES = comb(16, 4) / comb(32, 4)  # a dealt hand is A K Q J only this often (5%)


def bluff_chance(state: State, seat: int, thrower: int, habits: bool) -> float:
    """The chance that the hand `thrower` just threw in holds a 7, 8, 9 or 10, as `seat` sees it.

    A hand dealt from the cards `seat` cannot see is all A K Q J with chance h = C(F,4)/C(U,4)
    (F of the U unseen cards are faces). An honest hand is always thrown; a hand with a 7-10
    is thrown at the thrower's bluff rate b, so the chance is (1-h)b / ((1-h)b + h). Without
    `habits` b is 10%; with them, b is weighed over its possible values by how often the
    thrower threw in before in this rubber and what their shown hands held.
    """
    seen = set(state.hands[seat]) | set(state.thrown[seat])
    for s in range(state.players):
        if state.shown[s]:
            seen |= set(state.thrown[s])
    unseen = [c for c in DECK if c not in seen]
    faces = sum(1 for c in unseen if c.rank not in (7, 8, 9, 10))
    honest = comb(faces, 4) / comb(len(unseen), 4) if len(unseen) >= 4 else 0.0
    if honest >= 1:
        return 0.0
    if not habits:
        rate = 0.10
        return (1 - honest) * rate / ((1 - honest) * rate + honest)
    dealt = max(0, state.dealt[thrower] - 1)  # before this hand
    threw = max(0, state.exchanges[thrower] - 1)
    bluffs, honests = state.bluffs_shown[thrower], state.honest_shown[thrower]
    h0 = _ALL_FACES
    weights = []
    for rate, prior in zip(_RATES, _PRIOR):
        t = h0 + (1 - h0) * rate  # the chance of a throw in a hand
        q = (1 - h0) * rate / t  # the share of throws that are bluffs
        w = prior * t**threw * (1 - t) ** (dealt - threw) * q**bluffs * (1 - q) ** honests
        weights.append(w)
    total = sum(weights)
    if total <= 0:
        return 0.5
    return sum(w * (1 - honest) * r / ((1 - honest) * r + honest) for w, r in zip(weights, _RATES)) / total


def _challenge_value(state: State, seat: int, thrower: int, bluff: float) -> float:
    """What challenging is worth against passing, in cost terms."""
    pts = state.points[seat]
    limit = state.limit
    others = max(1, sum(state.active) - 1)
    loss = _utility(pts + 1, limit) - _utility(pts, limit)
    gain = RIVALRY / others
    if state.points[thrower] + 1 >= limit:
        gain += CLIFF / 2  # the thrower would lose the rubber, not us
    return bluff * gain - (1 - bluff) * loss


def challenge_choice(state: State, p: int, habits: bool) -> Choice:
    thrower = state.thrower
    assert thrower is not None
    bluff = bluff_chance(state, p, thrower, habits)
    if _challenge_value(state, p, thrower, bluff) > 0:
        return Choice(Challenge(p), "challenge_odds", {"chance": pct(bluff)})
    return Choice(Pass(p), "pass_odds", {"chance": pct(bluff)})


def honest_hand(hand: Sequence[Card]) -> bool:
    return all(c.rank not in (7, 8, 9, 10) for c in hand)


def answer_choice(state: State, p: int, chance: float, key: str) -> Choice:
    """Stay or fold after a knock (or a poverty), by the expected costs."""
    stay, fold = _stay_value(state, p, chance)
    detail: dict[str, int | str] = {key: pct(chance), "stake": state.stake, "points": state.points[p]}
    poverty = state.phase is Phase.POVERTY
    if stay >= fold:
        return Choice(Stay(p), "stay_poverty" if poverty else "stay_strong", detail)
    if poverty:
        return Choice(Fold(p), "fold_poverty", detail)
    danger = state.points[p] + state.stake >= state.limit
    return Choice(Fold(p), "fold_danger" if danger else "fold_weak", detail)
