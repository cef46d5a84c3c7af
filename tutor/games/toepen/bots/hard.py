"""The hard Toepen bot: each decision by its chance of the last trick (TOE.4, TOE.5, TOE.7, TOE.8, TOE.11, TOE.12).

It plays the card with the best chance (`sampling.estimate`, TOE.5), and knocks, stays or
folds by that chance against the stake, the points each way and the limit (TOE.7, TOE.8,
TOE.11, TOE.12). The estimate counts every deal of the unseen cards alike; once players
still in have knocked against it (or stayed in after its own knocks) they tend to hold more
than a random hand, so it calibrates the chance first (`calibrated`, fitted on its own games by
benchmarks/calibrate_toepen_hard.py): that is what keeps it out of knock wars it cannot win.
It bluffs: a knock on a weak hand (BLUFF_KNOCK of the chances it gets), a weak hand thrown in
as dirty laundry (BLUFF_THROW); it challenges when the chance that the thrown hand holds a
7-10, by how often that player has thrown in this rubber, makes a challenge pay (TOE.4).
Each decision plays out `sampling.BOT_SAMPLES` deals (well under 300 ms).
"""

from __future__ import annotations

import math
import random

from tutor.games.toepen.bots.choice import Choice, pct
from tutor.games.toepen.bots.judgement import (
    answer_choice,
    challenge_choice,
    honest_hand,
    knock_gain,
    would_stay,
)
from tutor.games.toepen.bots.sampling import BOT_SAMPLES, estimate
from tutor.games.toepen.engine import Keep, Knock, Phase, Play, State, Throw, power

#: hard: how much a knock must be worth (expected, in penalty points) before it knocks on its chance.
KNOCK_MARGIN = 0.15
#: hard: how often it knocks on a weak hand when it may, and throws in a weak hand.
BLUFF_KNOCK = 0.10
BLUFF_THROW = 0.35

#: hard: the calibration of its chance once others pressed it this hand, a logistic fit (see the
#: module's docstring): log odds won = A + B * log odds rated + K * knocks against + S * stays
#: against + T * tricks done. Fitted on 5,293 stay-or-fold decisions of 400 rubbers (seeds
#: 50000-50199, with hard opponents uncalibrated, then calibrated); Brier score 0.211 -> 0.186.
CALIBRATION = (-0.141, 0.740, -0.014, -0.283, -0.635)


def pressure(state: State, seat: int) -> tuple[int, int]:
    """(knocks this hand by players still in against `seat`, their stays after its own knocks)."""
    knocks = stays = 0
    knocker = None
    for e in state.log:
        kind = e["event"]
        if kind == "knock":
            knocker = e["player"]
            knocks += knocker != seat and state.in_hand[knocker]
        elif kind == "stay" and knocker == seat and not e.get("poverty") and state.in_hand[e["player"]]:
            stays += 1
    if knocker is None and state.knocks and state.last_knocker not in (None, seat) \
            and state.in_hand[state.last_knocker]:
        knocks = 1  # a built position: only who knocked last is known
    return knocks, stays


def calibrated(state: State, seat: int, chance: float, more: int = 0) -> float:
    """The chance the seat really wins when it stays in, from the one it rates, given this hand's knocks
    (and `more` knocks against it still to come)."""
    knocks, stays = pressure(state, seat)
    knocks += more
    if not (knocks or stays) or chance <= 0.0 or chance >= 1.0:
        return chance
    a, b, k, s, t = CALIBRATION
    p = min(max(chance, 0.01), 0.99)
    z = a + b * math.log(p / (1 - p)) + k * knocks + s * stays + t * state.tricks_done
    return 1 / (1 + math.exp(-z))


def _rated(state: State, seat: int) -> float:
    return estimate(state, seat, BOT_SAMPLES).value


def _chance(state: State, seat: int) -> float:
    return calibrated(state, seat, _rated(state, seat))


def _fold_equity(state: State, seat: int) -> float:
    """The share of the others still in that a knock may make fold: more when the stake is low."""
    return 0.3 if state.stake <= 2 else 0.2


def _hard_knock(state: State, rng: random.Random, seat: int, rated: float) -> Choice | None:
    """A knock on a good chance, one it could stand behind if someone knocked back; now and then a bluff."""
    if not state.may_knock(seat):
        return None
    chance = calibrated(state, seat, rated)
    gain = knock_gain(state, seat, chance, _fold_equity(state, seat))
    detail: dict[str, int | str] = {"chance": pct(chance), "stake": state.stake + 1}
    # Others may knock again: a knock it would have to fold to is not worth making.
    if gain > KNOCK_MARGIN and would_stay(state, seat, calibrated(state, seat, rated, more=1), state.stake + 2):
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
        chance = _chance(state, p)
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
        chance = _chance(state, p)
        return answer_choice(state, p, chance, "chance")
    options = state.playable(p)
    if len(options) == 1 and not state.may_knock(p):
        card = options[0]
        return Choice(Play(card, p), "only_card", {"card": card.code})
    found = estimate(state, p, BOT_SAMPLES)
    chance = calibrated(state, p, found.value)
    knock = _hard_knock(state, rng, p, found.value)
    if knock is not None:
        return knock
    card = found.best if found.best is not None else options[0]
    if len(options) == 1:
        return Choice(Play(card, p), "only_card", {"card": card.code})
    return Choice(Play(card, p), "best_chance", {"card": card.code, "chance": pct(chance)})


def knock_hard(state: State, rng: random.Random, seat: int) -> Choice | None:
    return _hard_knock(state, rng, seat, _rated(state, seat))
