"""The easy Toepen bot: legal but careless (TOE.4, TOE.5, TOE.7, TOE.8, TOE.11).

Random cards; throws in, challenges and knocks now and then at random; answers a knock (or a
poverty) by a coin toss.
"""

from __future__ import annotations

import random

from tutor.games.toepen.bots.choice import Choice
from tutor.games.toepen.engine import (
    Challenge,
    Fold,
    Keep,
    Knock,
    Pass,
    Phase,
    Play,
    State,
    Stay,
    Throw,
)


def choose_easy(state: State, rng: random.Random) -> Choice:
    p = state.current
    phase = state.phase
    if phase is Phase.LAUNDRY:
        if rng.random() < 0.15:
            return Choice(Throw(p), "random_throw")
        return Choice(Keep(p), "random_keep")
    if phase is Phase.CHALLENGE:
        if rng.random() < 0.15:
            return Choice(Challenge(p), "random_challenge")
        return Choice(Pass(p), "random_pass")
    if phase is Phase.ANSWER or phase is Phase.POVERTY:
        if rng.random() < 0.4:
            return Choice(Fold(p), "random_fold")
        return Choice(Stay(p), "random_stay")
    if state.may_knock(p) and rng.random() < 0.04:
        return Choice(Knock(p), "random_knock")
    card = rng.choice(state.playable(p))
    return Choice(Play(card, p), "random_card", {"card": card.code})


def knock_easy(state: State, rng: random.Random, seat: int) -> Choice | None:
    if rng.random() < 0.01:
        return Choice(Knock(seat), "random_knock")
    return None
