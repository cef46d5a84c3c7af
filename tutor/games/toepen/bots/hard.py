"""The hard Toepen bot: each decision by its chance of the last trick (TOE.4, TOE.5, TOE.7, TOE.8, TOE.11, TOE.12).

It plays the card with the best chance (`sampling.evaluate`, TOE.5), and knocks, stays or
folds by that chance against the stake, the points each way and the limit (TOE.7, TOE.8,
TOE.11, TOE.12). It bluffs: a knock on a weak hand (BLUFF_KNOCK of the chances it gets), a
weak hand thrown in as dirty laundry (BLUFF_THROW); it challenges when the chance that the
thrown hand holds a 7-10, by how often that player has thrown in this rubber, makes a
challenge pay (TOE.4). Each decision stays within a time budget (`sampling.BUDGET` seconds).
"""

from __future__ import annotations

import random

from tutor.games.toepen.bots.choice import Choice, pct
from tutor.games.toepen.bots.judgement import (
    answer_choice,
    challenge_choice,
    honest_hand,
    knock_gain,
)
from tutor.games.toepen.bots.sampling import (
    BUDGET,
    SAMPLES,
    evaluate,
    last_trick_chance,
)
from tutor.games.toepen.engine import Keep, Knock, Phase, Play, State, Throw, power

#: hard: rollouts when asked whether to knock out of turn (SAMPLES otherwise).
KNOCK_SAMPLES = 80
#: hard: how much a knock must be worth (expected, in penalty points) before it knocks on its chance.
KNOCK_MARGIN = 0.15
#: hard: how often it knocks on a weak hand when it may, and throws in a weak hand.
BLUFF_KNOCK = 0.10
BLUFF_THROW = 0.35

_cache: dict[tuple, float] = {}


def _cached_chance(state: State, seat: int, rng: random.Random, samples: int) -> float:
    """The chance at this very moment of the hand, computed once (knock offers repeat it)."""
    key = (id(state), state.hand_number, state.tricks_done, tuple(state.trick), state.stake,
           tuple(state.in_hand), seat, tuple(state.hands[seat]), len(state.log))
    value = _cache.get(key)
    if value is None:
        if len(_cache) > 256:
            _cache.clear()
        value = last_trick_chance(state, seat, rng, samples, BUDGET)
        _cache[key] = value
    return value


def _fold_equity(state: State, seat: int) -> float:
    """The share of the others still in that a knock may make fold: more when the stake is low."""
    return 0.3 if state.stake <= 2 else 0.2


def _hard_knock(state: State, rng: random.Random, seat: int, chance: float) -> Choice | None:
    if not state.may_knock(seat):
        return None
    gain = knock_gain(state, seat, chance, _fold_equity(state, seat))
    detail: dict[str, int | str] = {"chance": pct(chance), "stake": state.stake + 1}
    if gain > KNOCK_MARGIN:
        return Choice(Knock(seat), "knock_strong", detail)
    safe = state.points[seat] + state.stake + 2 < state.limit
    if safe and state.stake <= 2 and state.tricks_done <= 2 and chance < 0.3 and rng.random() < BLUFF_KNOCK:
        return Choice(Knock(seat), "bluff_knock", detail)
    return None


def _hard_laundry(state: State, rng: random.Random, p: int) -> Choice:
    hand = state.hands[p]
    if honest_hand(hand):
        return Choice(Throw(p), "honest_throw")
    best = max(power(c) for c in hand)
    safe = state.points[p] + 2 < state.limit
    if best <= 4 and safe and rng.random() < BLUFF_THROW:
        chance = last_trick_chance(state, p, rng, KNOCK_SAMPLES, BUDGET)
        return Choice(Throw(p), "bluff_throw", {"chance": pct(chance)})
    return Choice(Keep(p), "keep_hand")


def choose_hard(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        return _hard_laundry(state, rng, p)
    if phase is Phase.CHALLENGE:
        return challenge_choice(state, p, habits=True)
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        chance = last_trick_chance(state, p, rng, SAMPLES, BUDGET)
        return answer_choice(state, p, chance, "chance")
    options = state.playable(p)
    if len(options) == 1 and not state.may_knock(p):
        card = options[0]
        return Choice(Play(card, p), "only_card", {"card": card.code})
    chances = evaluate(state, p, rng, options, SAMPLES, BUDGET)
    best = max(range(len(options)), key=lambda k: (chances[k], -power(options[k])))
    knock = _hard_knock(state, rng, p, chances[best])
    if knock is not None:
        return knock
    card = options[best]
    if len(options) == 1:
        return Choice(Play(card, p), "only_card", {"card": card.code})
    return Choice(Play(card, p), "best_chance", {"card": card.code, "chance": pct(chances[best])})


def knock_hard(state: State, rng: random.Random, seat: int) -> Choice | None:
    chance = _cached_chance(state, seat, rng, KNOCK_SAMPLES)
    return _hard_knock(state, rng, seat, chance)
