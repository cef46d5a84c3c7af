"""The normal Toepen bot: a hand judged by the card it keeps for the last trick (TOE.4, TOE.5, TOE.7, TOE.8, TOE.12).

`hand_value` judges a hand by the rank of its best card, whether it leads and how many are
still in. The bot keeps that card to the end, leads a 9 or 10 it can spare (to keep the
lead), wins a trick cheaply when it can, otherwise plays or dumps its lowest card (TOE.5);
knocks on a strong value, never to where losing would reach the limit (TOE.7, TOE.12); stays
or folds by the value against the stake and its distance to the limit (TOE.8); throws in
only an honest hand and challenges only when the odds of a bluff are good against a
thrower's assumed habits (TOE.4).
"""

from __future__ import annotations

import random

from tutor.games.toepen.bots.choice import Choice, pct
from tutor.games.toepen.bots.judgement import (
    answer_choice,
    challenge_choice,
    honest_hand,
    lowest,
    strongest,
    to_play_after,
    winning,
)
from tutor.games.toepen.engine import Keep, Knock, Phase, Play, State, Throw, power

#: normal: the value of a hand by the strength (power) of the card kept for the last trick,
#: against one other player; J Q K A 7 8 9 10.
_VALUE = (0.04, 0.08, 0.14, 0.22, 0.32, 0.45, 0.6, 0.78)
_LEAD_VALUE = (0.12, 0.2, 0.3, 0.42, 0.55, 0.7, 0.85, 1.0)
NORMAL_KNOCK = 0.62
NORMAL_STAKE = 3  # normal knocks on a strong hand up to this stake, beyond only on a sure one


def hand_value(state: State, seat: int) -> float:
    """normal's heuristic chance of winning the hand: its best card, whether it leads, how many are in."""
    hand = state.hands[seat]
    rivals = sum(1 for s in range(state.players) if state.in_hand[s] and s != seat)
    if rivals == 0:
        return 1.0
    last = state.tricks_done == 3
    if last and state.trick:
        win = winning(state)
        mine = next((c for s, c in state.trick if s == seat), None)
        if mine is not None:  # already played its last card
            if win is None or win[0] != seat:
                return 0.0
            behind = to_play_after(state, seat)
            return _LEAD_VALUE[power(mine)] ** behind if behind else 1.0
        card = strongest(hand)
        if win is not None and (card.suit != state.led_suit or power(card) < power(win[1])):
            return 0.0
        behind = to_play_after(state, seat)
        return _LEAD_VALUE[power(card)] ** behind if behind else 1.0
    if not hand:
        return 0.0
    best = power(strongest(hand))
    leads = (state.phase is Phase.PLAY and not state.trick and state.current == seat) or (
        state.phase is not Phase.PLAY and state.leader == seat
    )
    if last:  # one card left, nothing played to the last trick yet
        value = _LEAD_VALUE[best] if leads else _VALUE[best] * 0.4  # it wins only if its suit is led
        return value ** (0.6 + 0.4 * rivals)
    value = _VALUE[best]
    strong = sorted((power(c) for c in hand), reverse=True)
    if len(strong) > 1 and strong[1] >= 5:
        value = min(1.0, value + 0.08)  # a second strong card may win the lead for the last trick
    return value ** (0.6 + 0.4 * rivals)


def _normal_knock(state: State, seat: int) -> Choice | None:
    if not state.may_knock(seat):
        return None
    value = hand_value(state, seat)
    stake = state.stake + 1
    if state.points[seat] + stake >= state.limit:
        return None
    if (value >= NORMAL_KNOCK and stake <= NORMAL_STAKE) or value >= 0.9:
        return Choice(Knock(seat), "knock_strong", {"value": pct(value), "stake": state.stake + 1})
    return None


def _normal_card(state: State, p: int) -> Choice:
    hand = state.hands[p]
    options = state.playable(p)
    if len(options) == 1:
        card = options[0]
        return Choice(Play(card, p), "only_card", {"card": card.code})
    keeper = strongest(hand)
    spare = [c for c in options if c != keeper] or options
    if not state.trick:
        high = strongest(spare)
        if power(high) >= 6:  # a 9 or 10 it can spare likely wins the trick and keeps the lead
            return Choice(Play(high, p), "lead_high", {"card": high.code})
        card = lowest(spare)
        return Choice(Play(card, p), "lead_low", {"card": card.code})
    led = state.led_suit
    if options[0].suit == led:
        win = winning(state)
        beat = [c for c in spare if win is None or power(c) > power(win[1])]
        if beat and to_play_after(state, p) == 0:
            card = lowest(beat)
            return Choice(Play(card, p), "win_cheap", {"card": card.code})
        card = lowest(spare)
        return Choice(Play(card, p), "follow_low" if keeper in options else "keep_winner", {"card": card.code})
    card = lowest(spare)
    return Choice(Play(card, p), "dump_low", {"card": card.code})


def choose_normal(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        if honest_hand(state.hands[p]):
            return Choice(Throw(p), "honest_throw")
        return Choice(Keep(p), "keep_hand")
    if phase is Phase.CHALLENGE:
        return challenge_choice(state, p, habits=False)
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        return answer_choice(state, p, hand_value(state, p), "value")
    knock = _normal_knock(state, p)
    if knock is not None:
        return knock
    return _normal_card(state, p)


def knock_normal(state: State, rng: random.Random, seat: int) -> Choice | None:
    return _normal_knock(state, seat)
